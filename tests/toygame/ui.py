"""The toy in the window: a GameUi and a table drawn as text (card labels), a summary after
each deal and the end of the game. Everything else (setup, saves, Continue, history, review,
the move log) is the shared code's."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIButton

from game.controller.door import Phase
from game.ui.dialogs import Dialog, FinalDialog, HandoffScene
from game.ui.games import ASSISTS, ON_OFF, GameUi, SetupOption
from game.ui.i18n import t
from game.ui.move_log import small_card
from game.ui.move_words import GameWords, game_over_words
from game.ui.resources import draw_text
from game.ui.review_board import StillBoard
from game.ui.scaling import px
from game.ui.table_base import TableScene
from game.ui.table_events import handles
from game.ui.table_renderer import TableLook, TablePicture, TableRenderer
from game.ui.widgets import CREAM, GOLD, draw_felt

from .engine import TOY, CardPlayed, Play, TrickWon


@dataclass(frozen=True)
class ToyLayout:
    size: tuple
    hand: pygame.Rect           # the human's cards, as buttons
    trick: pygame.Rect          # the cards on the table
    top: pygame.Rect            # the other player's name and cards left


def toy_layout(size) -> ToyLayout:
    width, height = size
    return ToyLayout(size, hand=pygame.Rect(width // 2 - 180, height - 120, 360, 70),
                     trick=pygame.Rect(width // 2 - 150, height // 2 - 50, 300, 100),
                     top=pygame.Rect(width // 2 - 180, 70, 360, 60))


class ToySummary(Dialog):
    size = (420, 240)

    def build(self) -> None:
        self.next = self.bottom_button(self.way_on(t("summary.next")))
        self.view_table_button()
        self.review_button()

    def on_button(self, element) -> None:
        if element is self.next:
            self.ctl.acknowledge_summary(self.app.now)

    def draw(self, surface) -> None:
        super().draw(surface)
        panel = self.panel()
        for row, (name, total) in enumerate(zip(self.ctl.names, self.view.returns)):
            draw_text(surface, f"{name}: {total}", (panel.x + px(30), panel.y + px(40 + 30 * row)),
                      20, CREAM)


class ToyOver(FinalDialog):
    size = (420, 240)

    def draw(self, surface) -> None:
        super().draw(surface)
        self.draw_title(surface, t("over.title"))


class ToyPicture(TablePicture):
    """The table as text (the move log draws over it)."""

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        obs, layout, names = self.view.observation, self.layout, self.names
        other = 1 - obs.seat
        draw_text(surface, f"{names[other]} · {obs.hand_sizes[other]}", layout.top.topleft, 22,
                  CREAM)
        played = "  ".join(f"{names[player]} {card}" for player, card in obs.trick)
        draw_text(surface, played or "·", layout.trick.topleft, 26, GOLD)
        draw_text(surface, f"{names[obs.seat]} · {' '.join(map(str, obs.hand))}",
                  (layout.hand.x, layout.hand.y - px(34)), 22, CREAM)
        for row, (name, total) in enumerate(zip(names, self.view.returns)):
            draw_text(surface, f"{name} {total}", (surface.get_width() - px(200),
                                                   px(20 + 28 * row)), 20, CREAM)
        for message in self.look.messages:
            draw_text(surface, message.text, (px(20), px(70)), 18, message.colour)


class ToyRenderer(TableRenderer):
    PICTURE = ToyPicture


class ToyReviewBoard(StillBoard):
    """A still position of the toy, drawn by its renderer."""

    def make_renderer(self) -> ToyRenderer:
        return ToyRenderer()

    def make_layout(self, size) -> ToyLayout:
        return toy_layout(size)

    def look(self) -> TableLook:
        return TableLook(**self.look_fields())


class ToyTableScene(TableScene):
    DIALOGS = {Phase.HANDOFF: HandoffScene, Phase.SUMMARY: ToySummary, Phase.OVER: ToyOver}
    FINAL_DIALOG = ToyOver

    def __init__(self, app, controller):
        self.card_buttons: dict = {}           # UIButton -> card
        self.last_trick: tuple = ()
        super().__init__(app, controller)

    def make_layout(self, size) -> ToyLayout:
        return toy_layout(size)

    def make_renderer(self) -> ToyRenderer:
        return ToyRenderer()

    def build(self) -> None:
        super().build()
        self.card_buttons = {}
        self.sync_widgets()

    def sync_widgets(self) -> None:
        if not self.widgets:
            return
        legal = [action.card for action in self.view.legal if isinstance(action, Play)]
        shown = set(self.card_buttons.values())
        if shown != set(legal):
            for button in self.card_buttons:
                button.kill()
                self.widgets.remove(button)
            self.card_buttons = {}
            hand = self.layout.hand
            for index, card in enumerate(legal):
                rect = pygame.Rect(hand.x + index * px(120), hand.y, px(110), hand.height)
                self.card_buttons[self.add(UIButton(rect, str(card), self.app.manager))] = card

    def on_button(self, element) -> None:
        if element in self.card_buttons:
            self.attempt(Play(self.card_buttons[element]))
            return
        super().on_button(element)

    @handles(CardPlayed)
    def on_card_played(self, event, now: float) -> None:
        self.marks.say_at(event.player, str(event.card))

    @handles(TrickWon)
    def on_trick_won(self, event, now: float) -> None:
        self.last_trick = event.cards
        self.say(f"{self.names[event.winner]}: {'-'.join(map(str, event.cards))}")


def table_options(chosen: dict) -> tuple[dict, dict]:
    return {}, {"turn_seconds": TOY.timer_default_s if chosen["timers"] else 0}


WORDS = GameWords(
    move=lambda action: str(action.card),
    events={"trick": lambda event, names: f"{names[event.winner]} ↑",
            "deal_end": lambda event, names: f"{event.number}: {event.tricks}",
            "game_over": game_over_words})


TOY_UI = GameUi(
    game=TOY.name,
    table_scene="toygame.ui:ToyTableScene",
    review_board="toygame.ui:ToyReviewBoard",
    default_names=("Uma", "Vic"),
    options=(SetupOption("timers", "toy.setup.timer", ON_OFF), ASSISTS),
    min_seats=2,
    max_seats=2,
    split_options=table_options,
    words=WORDS,
    log_picture=lambda card: small_card(f"{card}S"))
