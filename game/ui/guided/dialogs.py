"""The end of a lesson, and the choice of a lesson: from the menu's Learn to play, and offered
once at the first start (App, the setting "guided_offered")."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.lessons import LESSON_GAMES

from ..dialogs import Dialog
from ..i18n import t
from ..resources import draw_text, draw_text_within, wrap_text
from ..scaling import px, px_rect
from ..scene import Scene
from ..widgets import CREAM, GOLD, dim, draw_panel

TEXT_SIZE = 17


def draw_wrapped(surface, text: str, rect: pygame.Rect, size: int = TEXT_SIZE) -> int:
    """`text` wrapped in `rect` from its top, centred; returns the bottom of the last line."""
    y = rect.y
    for line in wrap_text(text, size, rect.width):
        y = draw_text(surface, line, (rect.centerx, y), size, CREAM, anchor="midtop").bottom
    return y


#: the preset a first real game opens with after a lesson: the rules the lesson taught (Tiến
#: Lên's and Joker's base rules), or domino's casual table (no misplay cost); see calm_setup
AFTER_LESSON_PRESET = {"domino": "casual", "tienlen": "online_room", "joker": "tbilisi"}


def calm_setup(setup) -> None:
    """A newcomer's first real table, chosen on its setup: the calm preset, no move timer
    (whatever Settings say: a first game is not played against the clock) and Hint and Undo
    at hand. The player may still change anything before Start."""
    spec = setup.spec
    setup.chosen.update(spec.preset_values(AFTER_LESSON_PRESET[spec.game]))
    setup.chosen.update(timers=False, assists=True)
    setup.rebuild()


class LessonOverScene(Dialog):
    """The lesson's closing words: what was learnt, then a real game of it or the menu."""
    size = (600, 250)

    def build(self) -> None:
        self.real_game = self.bottom_button(t("guided.real_game"), -150, 270)
        self.menu = self.bottom_button(t("over.menu"), 150, 270)

    def on_button(self, element) -> None:
        if element is self.real_game:
            game = self.ctl.game
            self.to_menu()
            calm_setup(self.app.show("setup", game))
        elif element is self.menu:
            self.to_menu()

    def draw(self, surface) -> None:
        super().draw(surface)
        panel = self.panel()
        title = self.draw_title(surface, t("guided.over_title"))
        body = pygame.Rect(panel.x + px(30), title.bottom + px(18), panel.width - px(60),
                           panel.height)
        draw_wrapped(surface, t(f"{self.ctl.game}.lesson.done"), body)


class LessonChoiceScene(Scene):
    """Learn to play: a guided first game of each game. At the first start it is offered with
    a question and "No thanks"; from the menu, with Back."""
    opaque = False
    back_on_escape = True

    def __init__(self, app, first_start: bool = False):
        super().__init__(app)
        self.first_start = first_start
        self.games: dict = {}

    def panel(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(px(560), width - px(40)), min(px(430), height - px(40)))
        rect.center = (width // 2, height // 2)
        return rect

    def build(self) -> None:
        panel = self.panel()
        self.games = {}
        for index, game in enumerate(LESSON_GAMES):
            rect = px_rect(0, 0, 340, 46)
            rect.midtop = (panel.centerx, panel.y + px(150 + index * 58))
            self.games[self.add(UIButton(rect, t(f"menu.{game}"), self.app.manager))] = game
        rect = px_rect(0, 0, 220, 42)
        rect.midbottom = (panel.centerx, panel.bottom - px(16))
        self.close = self.add(UIButton(rect, t("guided.no_thanks") if self.first_start
                                       else t("guided.back"), self.app.manager))

    def on_button(self, element) -> None:
        game = self.games.get(element)
        if game is not None:
            self.app.show("menu", reset=True)
            self.app.show("lesson", game)
        elif element is self.close:
            self.go_back()

    def draw(self, surface) -> None:
        dim(surface)
        panel = self.panel()
        draw_panel(surface, panel, 255)
        title = t("guided.offer_title") if self.first_start else t("guided.choice_title")
        top = draw_text_within(surface, title, (panel.centerx, panel.y + px(20)), 26,
                               panel.width - px(40), GOLD, bold=True, anchor="midtop")
        text = pygame.Rect(panel.x + px(24), top.bottom + px(12), panel.width - px(48), 0)
        draw_wrapped(surface, t("guided.offer_text"), text, 16)
