"""The end of a lesson, and the choice of a lesson: from the menu's Learn to play, and offered
once at the first start (App, the setting "guided_offered")."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.lessons import lesson_games

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


#: design pixels of a line of wrapped text (TEXT_SIZE points and the gap under it)
LINE = 22
#: the lesson choice, in design pixels: its title's band, its words' size and line, the gap
#: between its parts and the step from one game's button to the next
TITLE_BAND = 64
OFFER_TEXT_SIZE = 16
OFFER_LINE = 20
GAP = 24
GAME_STEP = 58


def calm_setup(setup) -> None:
    """A newcomer's first real table, chosen on its setup: the calm preset (the GameUi's
    `lesson_preset`: the rules the lesson taught), no move timer
    (whatever Settings say: a first game is not played against the clock) and Hint and Undo
    at hand. The player may still change anything before Start."""
    spec = setup.spec
    setup.chosen.update(spec.preset_values(spec.lesson_preset))
    setup.chosen.update(timers=False, assists=True)
    setup.rebuild()


class LessonOverScene(Dialog):
    """The lesson's closing words: what was learnt, then a real game of it or the menu. The
    panel is as tall as its words: no empty band between them and the buttons."""
    size = (600, 250)

    def panel(self) -> pygame.Rect:
        width = min(px(600), self.app.size[0] - px(40))
        lines = len(wrap_text(t(f"{self.ctl.game}.lesson.done"), TEXT_SIZE, width - px(60)))
        # the title's band, the words, a gap, the buttons and the margin under them
        self.size = (600, 62 + lines * LINE + 26 + 46 + 18)
        return super().panel()

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
        self.draw_title(surface, t("guided.over_title"))
        body = pygame.Rect(panel.x + px(30), panel.y + px(62), panel.width - px(60),
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

    def text_lines(self, width: int) -> list[str]:
        return wrap_text(t("guided.offer_text"), OFFER_TEXT_SIZE, width - px(48))

    def panel(self) -> pygame.Rect:
        """As tall as what it holds: the title, the words, a button a game, then the way out
        (no empty band between them)."""
        width, height = self.app.size
        width = min(px(560), width - px(40))
        design = (TITLE_BAND + len(self.text_lines(width)) * OFFER_LINE + GAP
                  + (len(lesson_games()) - 1) * GAME_STEP + 46 + GAP + 42 + 16)
        rect = pygame.Rect(0, 0, width, min(px(design), height - px(40)))
        rect.center = (self.app.size[0] // 2, height // 2)
        return rect

    def build(self) -> None:
        panel = self.panel()
        self.games = {}
        top = panel.y + px(TITLE_BAND + len(self.text_lines(panel.width)) * OFFER_LINE + GAP)
        for index, game in enumerate(lesson_games()):
            rect = px_rect(0, 0, 340, 46)
            rect.midtop = (panel.centerx, top + px(index * GAME_STEP))
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
        draw_text_within(surface, title, (panel.centerx, panel.y + px(20)), 26,
                         panel.width - px(40), GOLD, bold=True, anchor="midtop")
        text = pygame.Rect(panel.x + px(24), panel.y + px(TITLE_BAND), panel.width - px(48), 0)
        draw_wrapped(surface, t("guided.offer_text"), text, OFFER_TEXT_SIZE)
