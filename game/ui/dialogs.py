"""Dialogs every table shares: the base panel over the table, the hot-seat hand-off and the pause
menu. A game's own dialogs (deal summary, match end…) derive from `Dialog`.

The table scene under a dialog offers `ctl` (its TableController), `resume_from_pause()` and,
optionally, `pause_actions()`: extra pause-menu entries as (label, callback) pairs.
"""

from __future__ import annotations

from game.controller.autosave import remove_save

import pygame
from pygame_gui.elements import UIButton

from .i18n import t
from .resources import draw_text
from .scene import Scene
from .widgets import GOLD, dim, draw_panel


class Dialog(Scene):
    opaque = False
    size = (560, 360)

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.table_scene = table_scene

    @property
    def ctl(self):
        return self.table_scene.ctl

    def panel(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(self.size[0], width - 40), min(self.size[1], height - 40))
        rect.center = (width // 2, height // 2)
        return rect

    def bottom_button(self, label: str, offset: int = 0, width: int = 220) -> UIButton:
        panel = self.panel()
        rect = pygame.Rect(0, 0, width, 46)
        rect.midbottom = (panel.centerx + offset, panel.bottom - 18)
        return self.add(UIButton(rect, label, self.app.manager))

    def to_menu(self) -> None:
        """Back to the menu (an unfinished table stays in its autosave for Continue)."""
        from .menu import MenuScene

        self.app.stack.reset(MenuScene(self.app))

    def draw(self, surface) -> None:
        dim(surface)
        draw_panel(surface, self.panel(), 235)


class HandoffScene(Dialog):
    """Every hand is hidden until the next human is at the screen."""
    opaque = True
    size = (520, 240)

    def build(self) -> None:
        self.ready = self.bottom_button(t("handoff.hint"))

    def on_button(self, element) -> None:
        if element is self.ready:
            self.ctl.confirm_handoff(self.app.now)

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.ctl.confirm_handoff(self.app.now)

    def draw(self, surface) -> None:
        surface.fill((10, 28, 18))
        draw_panel(surface, self.panel(), 235)
        player = self.ctl.to_move()
        name = self.ctl.seats[player].name if player is not None else ""
        panel = self.panel()
        draw_text(surface, t("handoff.title", name=name), (panel.centerx, panel.y + 50), 32,
                  GOLD, bold=True, anchor="midtop")


class PauseScene(Dialog):
    """Resume, the game's rules, the table's own entries, save and leave to the menu."""

    def entries(self) -> list:
        return ([(t("pause.resume"), self.resume), (t("pause.rules"), self.show_rules)]
                + list(self.table_scene.pause_actions()) + [(t("pause.quit"), self.to_menu)])

    def panel(self) -> pygame.Rect:
        self.size = (420, 116 + 60 * len(self.entries()))
        return super().panel()

    def build(self) -> None:
        panel = self.panel()
        self.buttons = []
        self.actions = {}
        for index, (label, action) in enumerate(self.entries()):
            rect = pygame.Rect(0, 0, 340, 46)
            rect.midtop = (panel.centerx, panel.y + 80 + index * 60)
            button = self.add(UIButton(rect, label, self.app.manager))
            self.buttons.append(button)
            self.actions[button] = action

    def on_button(self, element) -> None:
        action = self.actions.get(element)
        if action is not None:
            action()

    def resume(self) -> None:
        self.app.stack.pop()
        self.table_scene.resume_from_pause()

    def show_rules(self) -> None:
        from .rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.ctl.table.definition.name))

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()

    def draw(self, surface) -> None:
        super().draw(surface)
        panel = self.panel()
        draw_text(surface, t("pause.title"), (panel.centerx, panel.y + 22), 28, GOLD, bold=True,
                  anchor="midtop")


def switch_dialog(table_scene, wanted, final_dialog, ready: bool = True) -> None:
    """Keep the dialog over a table in step with its controller: take down the dialog that is
    no longer wanted and put up `wanted` (a Dialog class, or None). The game's `final_dialog`
    also removes the autosave, since the table is finished. With `ready` false (an animation is
    still running) the new dialog waits."""
    current = type(table_scene.dialog) if table_scene.dialog is not None else None
    if current is wanted:
        return
    app = table_scene.app
    if table_scene.dialog is not None and app.stack.top is table_scene.dialog:
        app.stack.pop()
    table_scene.dialog = None
    if wanted is None or not ready:
        return
    if wanted is final_dialog:
        remove_save(app.save_path)
    table_scene.dialog = wanted(app, table_scene)
    app.stack.push(table_scene.dialog)
