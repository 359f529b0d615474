"""Main menu: the three games, Continue (when there is an autosave), Rules, Settings, Quit."""

from __future__ import annotations

import pygame

from game.controller.autosave import DamagedSave, read_save

from .games import GAMES
from .i18n import t
from .resources import draw_text
from .scene import Scene
from .widgets import GOLD, CREAM, button_column, draw_felt

GAME_KEYS = ("domino", "tienlen", "joker")


class MenuScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.message = ""
        if app.settings_problem:          # shown once, on the first menu
            self.message = t("menu.settings_reset", problem=app.settings_problem)
            app.settings_problem = None
        self.buttons: dict = {}

    def build(self) -> None:
        width, height = self.app.size
        entries = []
        if self.app.save_path.exists():
            entries.append(("continue", t("menu.continue")))
        for game in GAME_KEYS:
            label = t(f"menu.{game}")
            entries.append((game, label if game in GAMES else t("menu.coming", game=label)))
        entries += [("rules", t("menu.rules")), ("settings", t("menu.settings")),
                    ("quit", t("menu.quit"))]
        top = max(170, height // 2 - len(entries) * 30)
        made = button_column(self.app.manager, [label for _, label in entries], width // 2, top)
        self.buttons = {}
        for (key, _), button in zip(entries, made):
            self.add(button)
            self.buttons[button] = key
            if key in GAME_KEYS and key not in GAMES:
                button.disable()

    def on_button(self, element) -> None:
        key = self.buttons.get(element)
        if key == "continue":
            self.continue_saved()
        elif key in GAMES:
            from .setup import SetupScene

            self.app.stack.push(SetupScene(self.app, key))
        elif key == "rules":
            from .rules import RulesScene

            self.app.stack.push(RulesScene(self.app))
        elif key == "settings":
            from .settings import SettingsScene

            self.app.stack.push(SettingsScene(self.app))
        elif key == "quit":
            self.app.quit()

    def continue_saved(self) -> None:
        try:
            table, seats, settings = read_save(self.app.save_path)
        except DamagedSave as error:
            self.message = t("menu.save_damaged", message=str(error),
                             path=error.moved_to.name if error.moved_to else "?")
            self.rebuild()
            return
        from .games import open_table

        open_table(self.app, table, seats, settings)

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        width, height = surface.get_size()
        draw_text(surface, t("app.title"), (width // 2, 60), 44, GOLD, bold=True, anchor="midtop")
        draw_text(surface, t("menu.subtitle"), (width // 2, 118), 22, CREAM, anchor="midtop")
        if self.message:
            draw_text(surface, self.message, (width // 2, height - 40), 16, (255, 190, 160),
                      anchor="midbottom")
