"""Dialogs over the domino table: hand-off (D18), deal summary, match end, pause."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.domino.scoring import KANDANG, TANGKAP_KANDANG
from game.domino.tiles import TILE_ENDS

from ..i18n import t
from ..resources import draw_text
from ..scene import Scene
from ..widgets import CREAM, GOLD, dim, draw_panel
from .tiles import tile_image


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


class SummaryScene(Dialog):
    size = (640, 560)

    def build(self) -> None:
        over = self.ctl.state.is_terminal()
        self.next = self.bottom_button(t("summary.to_result") if over else t("summary.next"))

    def on_button(self, element) -> None:
        if element is self.next:
            self.ctl.acknowledge_summary(self.app.now)

    def draw(self, surface) -> None:
        super().draw(surface)
        state = self.ctl.state
        if not state.results:
            return
        result = state.results[-1]
        names = [seat.name for seat in self.ctl.seats]
        panel = self.panel()
        title = t("summary.title", number=result.number,
                  outcome=t(f"domino.outcome.{result.outcome}"))
        if result.tiebreak:
            title = f"{t('domino.table.tiebreak_deal')}: {t(f'domino.outcome.{result.outcome}')}"
        draw_text(surface, title, (panel.centerx, panel.y + 18), 26, GOLD, bold=True,
                  anchor="midtop")
        winners = ", ".join(names[p] for p in result.winners)
        draw_text(surface, t("summary.winner", names=winners), (panel.centerx, panel.y + 58), 18,
                  CREAM, anchor="midtop")
        payers = [p for p, points in enumerate(result.points) if points < 0]
        if payers:
            draw_text(surface, t("domino.summary.paid", name=names[payers[0]]),
                      (panel.centerx, panel.y + 84), 16, (230, 200, 190), anchor="midtop")
        blocked = result.outcome in (KANDANG, TANGKAP_KANDANG)
        columns = [("summary.points", result.points), ("domino.summary.penalties", result.penalties)]
        if blocked:
            columns.append(("domino.summary.pips", result.pips))
        columns.append(("summary.total", state.totals))
        x0, y = panel.x + 30, panel.y + 124
        widths = (170,) + (100,) * len(columns)
        draw_row(surface, [""] + [t(key) for key, _ in columns], x0, y, widths, GOLD)
        for player in state.chairs:
            y += 30
            cells = [names[player]] + [
                f"{values[player]:+d}" if key in ("summary.points", "summary.total")
                else str(values[player]) for key, values in columns]
            draw_row(surface, cells, x0, y, widths, CREAM)
        # D4: hands are opened when the deal is complete.
        y += 40
        draw_text(surface, t("domino.summary.hands"), (x0, y), 15, GOLD)
        for player in state.chairs:
            y += 26
            draw_text(surface, names[player], (x0, y + 3), 15, CREAM)
            x = x0 + 120
            for tile in sorted(state.hands[player]):
                a, b = TILE_ENDS[tile]
                surface.blit(tile_image(a, b, 14), (x, y + 2))
                x += 34


def draw_row(surface, cells, x, y, widths, colour) -> None:
    for cell, width in zip(cells, widths):
        draw_text(surface, cell, (x, y), 17, colour)
        x += width


class MatchOverScene(Dialog):
    size = (600, 430)

    def build(self) -> None:
        self.menu = self.bottom_button(t("over.menu"))

    def on_button(self, element) -> None:
        if element is self.menu:
            from ..menu import MenuScene

            self.app.stack.reset(MenuScene(self.app))

    def draw(self, surface) -> None:
        super().draw(surface)
        state = self.ctl.state
        names = [seat.name for seat in self.ctl.seats]
        panel = self.panel()
        draw_text(surface, t("over.title"), (panel.centerx, panel.y + 18), 30, GOLD, bold=True,
                  anchor="midtop")
        ranking = state.ranking or ()
        if len(ranking) >= 2:
            draw_text(surface, t("domino.over.champion", name=names[ranking[0]]),
                      (panel.centerx, panel.y + 66), 22, GOLD, anchor="midtop")
            draw_text(surface, t("domino.over.runner_up", name=names[ranking[1]]),
                      (panel.centerx, panel.y + 96), 18, CREAM, anchor="midtop")
        y = panel.y + 140
        for place, player in enumerate(ranking, start=1):
            draw_row(surface, [f"{place}.", names[player], f"{state.totals[player]:+d}"],
                     panel.x + 120, y, (50, 220, 100), CREAM)
            y += 32
        if any(result.tiebreak for result in state.results):
            draw_text(surface, t("domino.over.tiebreak"), (panel.centerx, y + 6), 15, CREAM,
                      anchor="midtop")


class PauseScene(Dialog):
    size = (420, 320)

    def build(self) -> None:
        panel = self.panel()
        labels = [t("pause.resume"), t("pause.rules"), t("pause.quit")]
        self.buttons = []
        for index, label in enumerate(labels):
            rect = pygame.Rect(0, 0, 320, 46)
            rect.midtop = (panel.centerx, panel.y + 80 + index * 60)
            self.buttons.append(self.add(UIButton(rect, label, self.app.manager)))

    def on_button(self, element) -> None:
        if element is self.buttons[0]:
            self.app.stack.pop()
            self.table_scene.resume_from_pause()
        elif element is self.buttons[1]:
            from ..rules import RulesScene

            self.app.stack.push(RulesScene(self.app, "domino"))
        elif element is self.buttons[2]:
            from ..menu import MenuScene

            self.app.stack.reset(MenuScene(self.app))   # the autosave keeps the table

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            self.table_scene.resume_from_pause()

    def draw(self, surface) -> None:
        super().draw(surface)
        panel = self.panel()
        draw_text(surface, t("pause.title"), (panel.centerx, panel.y + 22), 28, GOLD, bold=True,
                  anchor="midtop")
