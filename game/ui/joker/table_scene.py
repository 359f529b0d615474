"""The Joker table: the ace cutting, animated dealing, the trump indicator, bidding and trump
panels, the player's hand as a card fan, the trick in the middle, and the dialogs (hand-off,
joker lead, score sheet, last trick, match end, pause).

This module wires input, events and dialogs, and composes the table's parts: layout.py places
things, animation.py runs the cut, the dealing and the trick (each animation holds the game
until it has been seen), panels.py puts up the bid and trump buttons, and the renderer
(renderer.py, with indicator.py) draws it all.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.controller.door import Phase
from game.controller.pace import Moment
from game.joker.actions import (BID_ACTIONS, JOKER_FOLLOWS, PLAIN_PLAYS, BidMade, CardPlayed,
                                DealStarted, Play, PulkaResult, TrickTaken, TrumpChosen)
from game.joker.cards import JOKER_1
from game.joker.state import NUM_PLAYERS

from ..cards import card_at
from ..focus import Target, widget_targets
from ..i18n import t
from ..scaling import px, px_rect
from ..table_base import TableScene
from ..table_events import handles
from ..widgets import GOLD, set_enabled
from .animation import JokerAnimations
from .dialogs import (JokerHandoffScene, JokerLeadScene, LastTrickScene, MatchOverScene,
                      ScoreSheetScene, SummaryScene)
from .layout import JokerLayout, joker_layout, side_of
from .panels import JokerPanels
from .renderer import JokerLook, JokerRenderer, place_hand, playable_cards
from .words import joker_words, trump_words


class JokerTableScene(TableScene):
    DIALOGS = {Phase.HANDOFF: JokerHandoffScene, Phase.SUMMARY: SummaryScene,
               Phase.OVER: MatchOverScene}
    FINAL_DIALOG = MatchOverScene
    DEAL_END_MOMENT = None          # the deal's last trick is held as its key moment

    def __init__(self, app, controller):
        self.hand_rects: list = []           # (card, rect) of the viewer's fan, left to right
        self.joker_chips: list = []          # (rect, action, label): a following joker's chips
        self.mouse = (0, 0)
        self.panels = JokerPanels(self)      # the bid or trump buttons of the moment
        self.last_taken = None               # the last TrickTaken seen (the deal's last trick)
        super().__init__(app, controller)
        self.animations = JokerAnimations(self.timeline)
        self.start_cut(app.now)

    def make_layout(self, size) -> JokerLayout:
        return joker_layout(size)

    def make_renderer(self) -> JokerRenderer:
        return JokerRenderer()

    def look(self) -> JokerLook:
        return JokerLook(**self.look_fields(), hand_rects=tuple(self.hand_rects),
                         joker_chips=tuple(self.joker_chips), mouse=self.mouse,
                         last_taken=self.last_taken,
                         last_trick_gathered=self.last_trick_gathered(),
                         total_deals=self.total_deals())

    def last_trick_gathered(self) -> bool:
        """The deal's last trick lies on the table until the next deal (a lesson gathers it
        at its end)."""
        return False

    def start_cut(self, now: float) -> None:
        """On a table that has not started yet, replay its ace cutting on screen."""
        self.animations.start_cut(self.ctl.opening_to_show(), now)

    def cutting(self):
        return self.animations.cutting()

    def skip_cut(self) -> None:
        self.animations.skip_cut(self.app.now)

    def playable_cards(self) -> set | None:
        """The cards the human to act may play now (None: not their card play)."""
        return playable_cards(self.view)

    def place_hand(self) -> tuple[list, list]:
        return place_hand(self.view, self.layout, self.timeline, self.app.now)

    def side_of(self, seat: int) -> str:
        return side_of(seat, self.view.seat)

    def busy(self) -> bool:
        """An animation is still running: the game waits for it."""
        return self.timeline.holding(self.app.now)

    def total_deals(self) -> int:
        return self.ctl.deals_in_match

    # --- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        super().build()
        manager = self.app.manager
        self.sheet_button = self.add(UIButton(px_rect(118, 12, 160, 38),
                                              t("joker.table.sheet"), manager))
        self.last_trick_button = self.add(UIButton(px_rect(284, 12, 150, 38),
                                                   t("joker.table.last_trick"), manager))
        self.panels.key = None
        self.sync_widgets()

    def move_log_buttons(self) -> tuple:
        """The log beside Last trick (the game's own look at the trick before this one)."""
        return px_rect(440, 12, 110, 38), None

    def move_log_bottom(self) -> int:
        return self.layout.panel_y - px(8)

    def show_previous(self) -> None:
        """Key B: the last trick, as its button shows it."""
        if self.last_trick(self.view.observation) is not None:
            self.open_viewer(LastTrickScene)

    def clear(self) -> None:
        super().clear()
        self.panels.forget()

    def sync_widgets(self) -> None:
        self.hand_rects, self.joker_chips = self.place_hand()
        if not self.widgets:
            return
        set_enabled(self.last_trick_button, self.last_trick(self.view.observation) is not None)
        self.panels.sync()

    def point_out(self, action) -> None:
        """The coach's bid or trump: its button is lit; its card: ringed in the fan. The
        keyboard's ring goes there too, so that Return takes the advice."""
        for button, offered in self.panels.buttons.items():
            if offered == action:
                button.select()
                self.app.focus.focus_on(self, button)
        if isinstance(action, Play):
            self.app.focus.focus_on(self, ("card", action.card))

    def forget_moves(self) -> None:
        self.panels.drop()             # a later deal's bid buttons go with its moves
        self.last_taken = None

    # --- input ---------------------------------------------------------------------------------

    def on_escape(self) -> None:
        if self.cutting() is not None:
            self.skip_cut()
        else:
            self.open_pause()

    def handle(self, event) -> None:
        if self.move_log.takes(event):
            return
        super().handle(event)
        if event.type == pygame.KEYDOWN and self.owns_key(event):
            self.move_on_by_key()
        elif event.type == pygame.KEYDOWN and self.panels.key and self.panels.key[0] == "bid":
            typed = getattr(event, "unicode", "")
            if typed and typed in "0123456789":
                self.attempt(BID_ACTIONS[int(typed)])          # the keyboard way to bid
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse = event.pos
            if self.cutting() is not None:
                self.skip_cut()
            else:                                     # (a click on a held trick: the tempo)
                self.on_click(event.pos, event.button)

    def on_button(self, element) -> None:
        if element is self.sheet_button:
            self.open_viewer(ScoreSheetScene)
        elif element is self.last_trick_button:
            self.open_viewer(LastTrickScene)
        elif element in self.panels.buttons:
            self.attempt(self.panels.buttons[element])
        else:
            super().on_button(element)

    def on_click(self, pos, button: int) -> None:
        """Left click plays a card (a joker that follows: high); right click plays a following
        joker under (J10). A led joker opens the high/takes dialog (J9)."""
        if self.playable_cards() is None:
            return
        for rect, action, _ in self.joker_chips:
            if rect.collidepoint(pos):
                self.attempt(action)
                return
        index = card_at([rect for _, rect in self.hand_rects], pos)
        if index is None:
            return
        card = self.hand_rects[index][0]
        if card < JOKER_1:
            self.attempt(PLAIN_PLAYS[card])
        elif not self.view.observation.current_trick:
            self.open_joker_lead(card)
        else:
            high, under = JOKER_FOLLOWS[card]
            self.attempt(under if button == 3 else high)

    # --- the keyboard (focus.py): ← → the bids, the trumps or a card, Return chooses ----------

    def play_targets(self) -> list:
        """The bid or trump buttons (one group), or the cards that may be played (the
        ring never stands on a card J8 forbids now): a following joker's ▲ high and
        ▼ under chips come right after it (J10)."""
        panel = widget_targets(self, self.panels.widgets, group="panel")
        playable = self.playable_cards()
        if panel or playable is None:
            return panel
        # ▲ high first, then ▼ under (the chips are listed nearest the card first)
        chips = [Target(("chip", index), rect, lambda action=action: self.attempt(action),
                        "hand")
                 for index, (rect, action, _) in reversed(list(enumerate(self.joker_chips)))]
        targets = []
        for card, rect in self.hand_rects:
            if card not in playable:
                continue
            targets.append(Target(("card", card), rect,
                                  lambda card=card: self.play_by_key(card), "hand"))
            if chips and chips[0].rect.centerx == rect.centerx:
                targets, chips = targets + chips, []
        return targets

    def play_by_key(self, card: int) -> None:
        """Return on a card: played; a led joker asks how (J9), a following one plays high
        (its ▲ high and ▼ under chips are the next stops to the right)."""
        if card < JOKER_1:
            self.attempt(PLAIN_PLAYS[card])
        elif not self.view.observation.current_trick:
            self.open_joker_lead(card)
        else:
            self.attempt(JOKER_FOLLOWS[card][0])

    def owns_key(self, event) -> bool:
        """While the cut or a taken trick is shown, Return and Space move on (as a click)."""
        return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and (
            self.cutting() is not None or self.timeline.first("pickup") is not None)

    def move_on_by_key(self) -> None:
        if self.cutting() is not None:
            self.skip_cut()
        else:
            self.timeline.skip(self.app.now)

    def open_joker_lead(self, joker: int) -> None:
        if self.app.stack.top is self:
            self.dialog = JokerLeadScene(self.app, self, joker)
            self.app.stack.push(self.dialog)

    def pause_actions(self) -> list:
        return [(t("joker.table.sheet"), lambda: self.app.stack.push(
            ScoreSheetScene(self.app, self, resume_on_close=False)))]

    # --- the pipeline ----------------------------------------------------------------------------

    def wanted_dialog(self) -> type | None:
        if isinstance(self.dialog, JokerLeadScene):
            if self.view.acting is not None and self.app.stack.top is self.dialog:
                return JokerLeadScene              # the player is choosing how to lead it
        return super().wanted_dialog()

    @handles(DealStarted)
    def on_deal_started(self, event, now: float) -> None:
        self.marks.clear()
        self.animations.start_deal_show(event, now)

    @handles(BidMade)
    def on_bid_made(self, event, now: float) -> None:
        """Each bid stays marked at its seat until the first card is played."""
        self.marks.say_at(event.seat, t("joker.seat.bid_bubble", n=event.n))

    @handles(TrumpChosen)
    def on_trump_chosen(self, event, now: float) -> None:
        self.say(t("joker.table.trump_named", name=self.names[event.seat],
                   trump=trump_words(event.suit)), GOLD)
        self.animations.start_rest_of_deal(self.view.observation, now)

    @handles(CardPlayed)
    def on_card_played(self, event, now: float) -> None:
        self.marks.clear()                 # the bidding is over: the cards speak now
        self.animations.fly_to_trick(event, now, self.layout, self.side_of(event.seat))
        if event.card >= JOKER_1:
            self.say(t("joker.table.joker_played", name=self.names[event.seat],
                       how=joker_words(event)), GOLD)

    @handles(TrickTaken)
    def on_trick_taken(self, event, now: float) -> None:
        self.last_taken = event
        moment = (Moment.TRICK if not self.ctl.deal_over else
                  Moment.GAME_END if self.view.game_over else Moment.LAST_TRICK)
        self.animations.start_pickup(event, now, moment, self.tempo.pace.visible_s(moment))

    @handles(PulkaResult)
    def on_pulka_result(self, event, now: float) -> None:
        if event.premium:
            self.say(t("joker.table.premium", pulka=event.pulka,
                       names=", ".join(self.names[p] for p in event.premium)), GOLD)

    def last_trick(self, obs):
        """The last complete trick of this deal and its winner, from the public history: the
        winner of a trick is whoever leads the next one; the deal's last trick, nobody leads:
        its winner is the one the table saw take it."""
        done = len(obs.plays) - len(obs.current_trick)
        if done < NUM_PLAYERS:
            return None
        plays = obs.plays[done - NUM_PLAYERS:done]
        winner = obs.current_trick[0].seat if obs.current_trick else obs.to_act
        if winner is None and self.last_taken is not None \
                and tuple(self.last_taken.plays) == tuple(plays):
            winner = self.last_taken.winner
        return (plays, winner) if winner is not None else None
