"""The Tiến Lên table: the player's fan at the bottom, the other hands face down around the
table, the combination to beat in the centre, gold balances, chop announcements, and the dialogs
(hand-off, payment table, leaving, the end of the session). Its renderer (renderer.py) draws it."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.controller.pace import Moment
from game.controller.door import Phase
from game.core.errors import IllegalAction
from game.tienlen.actions import (PASS, CardsPlayed, Chopped, ChopSettled, CongPaid,
                                  GameStarted, InstantWin, Leave, Passed, PlayerLeft,
                                  PlayerOut, RoundEnded)
from game.tienlen.cards import describe, pretty

from ..dialogs import HandoffScene
from ..focus import Target
from ..i18n import number, t
from ..refusals import refusal_words
from ..scaling import px
from ..table_base import REFUSED, TableScene
from ..table_events import handles
from ..widgets import GOLD, set_enabled, set_label, set_visible
from .dialogs import LeaveGameScene, PaymentScene, SessionOverScene
from .hand import HandFan, follow_view
from .layout import TienLenLayout, side_of, tienlen_layout
from .renderer import GREY, TienLenLook, TienLenRenderer, banner_rect
from .words import instant_win_name, judge_selection, may_rechop

FLIGHT_S = 0.2
HANDOFF_LINGER_S = 4.0      # a hotseat table's banner stays up over the hand-off this long


class TienLenTableScene(TableScene):
    DIALOGS = {Phase.HANDOFF: HandoffScene, Phase.SUMMARY: PaymentScene,
               Phase.OVER: SessionOverScene}
    FINAL_DIALOG = SessionOverScene
    MESSAGES_KEPT = 4
    DEAL_END_MOMENT = Moment.GAME_END        # a deal of Tiến Lên is a game

    def __init__(self, app, controller):
        self.fan = HandFan()
        self.fan_owner: int | None = None
        self.session_over = False
        self.buttons_key = None
        self.judged = None                  # (selection, view, Verdict): the last judgement
        self.round_over = False             # the seats' marks go when the next round is led
        super().__init__(app, controller)
        self.sync_hand()

    def make_layout(self, size) -> TienLenLayout:
        return tienlen_layout(size, len(self.ctl.seats))

    def make_renderer(self) -> TienLenRenderer:
        return TienLenRenderer()

    def look(self) -> TienLenLook:
        acting = self.acting()
        return TienLenLook(**self.look_fields(), stake=self.ctl.options["stake"], fan=self.fan,
                           fan_owner=self.fan_owner, acting=acting,
                           verdict=self.verdict() if acting is not None else None,
                           open_hands=self.view.revealed)

    @property
    def players(self) -> int:
        return len(self.ctl.seats)

    def side_of(self, player: int) -> str:
        return side_of(player, self.view.seat, self.players)

    def hand_shown(self) -> bool:
        return self.fan_owner is not None

    # --- widgets ----------------------------------------------------------------------------------

    def move_log_buttons(self) -> tuple:
        """The log and the last round one above the other under the gold panel, at its left:
        side by side they hid the right seat's bubble, above Play its verdict."""
        score = self.layout.score
        log = pygame.Rect(score.x, score.bottom + px(6), (score.width - px(6)) // 2, px(32))
        return log, log.move(0, log.height + px(4))

    def keep_banner_clear(self) -> None:
        """A chop's banner is the moment: the move log's buttons that it reaches (beside the
        gold panel, on a small window) step aside while it is up."""
        if self.timeline.first("banner") is None:
            banner = None
        else:
            banner = banner_rect(self.layout, self.app.size[0])
        for button in (self.move_log.button, self.move_log.previous_button):
            if button is not None and button.alive():
                set_visible(button, banner is None or not banner.colliderect(button.rect))

    def move_log_bottom(self) -> int:
        return self.layout.hand.top - px(36)

    def build(self) -> None:
        super().build()
        manager = self.app.manager
        column = self.layout.buttons
        half = (column.width - px(8)) // 2
        x, y, width = column.x, column.y, column.width
        self.play_button = self.add(UIButton(pygame.Rect(x, y, width, px(46)),
                                             t("tienlen.play"), manager))
        pass_width = half if self.assists.undo_button is not None else width   # Undo beside it
        self.pass_button = self.add(UIButton(pygame.Rect(x, y + px(54), pass_width, px(42)),
                                             t("table.pass"), manager))
        self.sort_button = self.add(UIButton(pygame.Rect(x + half + px(8), y + px(104), half,
                                                         px(38)), "", manager))
        self.buttons_key = None
        self.sync_widgets()

    def assist_rects(self) -> tuple:
        """Hint left of the sort button, Undo right of Pass: in the column of buttons."""
        column = self.layout.buttons
        half = (column.width - px(8)) // 2
        return (pygame.Rect(column.x, column.y + px(104), half, px(38)),
                pygame.Rect(column.x + half + px(8), column.y + px(54), half, px(42)))

    def point_out(self, action) -> None:
        """The coach's cards are raised (Return on the fan plays them); for a pass its button
        is lit and ringed, so that Return passes."""
        if self.acting() is None:
            return
        if action is not PASS:
            self.fan.select_exactly(action.cards)
            self.sync_widgets()
        elif self.widgets:
            self.pass_button.select()
            self.app.focus.focus_on(self, self.pass_button)

    def forget_moves(self) -> None:
        self.fan.clear()
        self.judged = self.buttons_key = None

    def acting(self) -> int | None:
        """The human at the screen when it is their move and their fan is shown."""
        player = self.view.acting
        return player if player is not None and player == self.fan_owner else None

    def verdict(self):
        """What the Play button says about the selected cards, judged again only when the
        selection or the table changed (asking the engine copies the state)."""
        selection, view = self.fan.selection, self.view
        if self.judged is None or self.judged[0] != selection or self.judged[1] is not view:
            verdict = judge_selection(view.observation, list(view.legal), self.ctl.refusal,
                                      selection)
            self.judged = (selection, view, verdict)
        return self.judged[2]

    def sync_widgets(self) -> None:
        """Show, enable and label the buttons for the moment (set only what changed)."""
        self.sync_hand()
        if not self.widgets:
            return
        self.keep_banner_clear()
        player = self.acting()
        acting = player is not None
        if self.buttons_key and self.buttons_key[0] and not acting:
            self.fan.clear()           # the turn ended (played, or the clock ran out): a
            # selection left raised would be played by a late Enter on the next turn
        legal = self.view.legal if acting else ()
        verdict = self.verdict() if acting else None
        rechop = acting and may_rechop(self.view.observation, player)
        key = (acting, bool(verdict and verdict.play),
               PASS in legal, rechop, self.fan.by_suit, self.hand_shown())
        if key == self.buttons_key:
            return
        self.buttons_key = key
        for button in (self.play_button, self.pass_button):
            set_visible(button, acting)
        set_visible(self.sort_button, self.hand_shown())
        set_label(self.sort_button, t("tienlen.sort_by_rank") if self.fan.by_suit
                  else t("tienlen.sort_by_suit"))
        if not acting:
            return
        set_label(self.play_button, t("tienlen.play"))   # the selection is named above it
        set_enabled(self.play_button, verdict.play is not None)
        set_label(self.pass_button, t("tienlen.stay_passed") if rechop else t("table.pass"))
        set_enabled(self.pass_button, PASS in legal)

    def sync_hand(self) -> None:
        """The fan shows the hand of the player allowed to see it (none during a hand-off)."""
        self.fan_owner = follow_view(self.fan, self.fan_owner, self.view, self.layout)

    # --- input ------------------------------------------------------------------------------------

    def handle(self, event) -> None:
        if self.move_log.takes(event):
            return
        super().handle(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_selection()
        elif event.type == pygame.MOUSEMOTION and self.hand_shown():
            if self.fan.dragging and event.buttons[0]:
                self.fan.drag(event.pos)
            else:
                self.fan.point(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and self.hand_shown():
            if event.button == 1:
                self.fan.press(event.pos)
            elif event.button == 3:
                self.fan.clear()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.fan.release()

    def on_button(self, element) -> None:
        if element is self.play_button:
            self.play_selection()
        elif element is self.pass_button:
            self.attempt(PASS)
        elif element is self.sort_button:
            self.fan.toggle_sort()
        else:
            super().on_button(element)
        self.sync_widgets()

    def play_selection(self) -> None:
        if self.acting() is None:
            return
        verdict = self.verdict()
        if verdict.play is not None:
            self.attempt(verdict.play)
        elif verdict.reason:
            self.say(verdict.reason, REFUSED)

    def attempt(self, action):
        events = super().attempt(action)
        if events is not None:
            self.fan.clear()
        return events

    def open_pause(self) -> None:
        if self.app.stack.top is self:
            self.fan.release()
        super().open_pause()

    # --- the keyboard (focus.py): ← → a card, ↑ / Space raise, ↓ lower, Return plays --------

    def play_targets(self) -> list:
        if not self.hand_shown():
            return []
        return [Target(("card", card), self.fan.drawn_rect(index), self.play_selection, "hand",
                       keys={pygame.K_UP: lambda card=card: self.raise_card(card, True),
                             pygame.K_DOWN: lambda card=card: self.raise_card(card, False),
                             pygame.K_SPACE: lambda card=card: self.raise_card(card, None)})
                for index, card in enumerate(self.fan.cards)]

    def raise_card(self, card: int, up: bool | None) -> None:
        """Raise (True), lower (False) or turn over (None) a card of the selection."""
        if up is None:
            up = card not in self.fan.selected
        self.fan.selected = (self.fan.selected | {card}) if up else (self.fan.selected - {card})
        self.sync_widgets()

    def pass_by_key(self) -> None:
        if self.acting() is not None and PASS in self.view.legal:
            self.attempt(PASS)

    # --- leaving (T16) ----------------------------------------------------------------------------

    def leaver(self) -> int | None:
        """The human who opened the menu with their hand up, when they are in the game in
        progress and may leave it (at a hand-off nobody's hand is up: nobody may leave)."""
        view = self.view
        player = self.seat_at_screen
        if player is None or not self.ctl.seats[player].is_human or view.to_move is None:
            return None
        obs = view.observation
        return player if obs.at_table[player] and obs.hand_sizes[player] else None

    def leave_penalty(self, player: int) -> int:
        """The cards leaving would cost now (T16), asked of a copy of the table."""
        return next(e.penalty for e in self.ctl.preview(Leave(player))
                    if isinstance(e, PlayerLeft))

    def pause_actions(self) -> list:
        player = self.leaver()
        if player is None:
            return []
        return [(t("tienlen.leave_game"),
                 lambda: self.app.stack.push(LeaveGameScene(self.app, self, player)))]

    def leave_game(self, player: int) -> None:
        """Confirmed in the dialog: back to the table, and the player leaves the game."""
        while self.app.stack.top is not self:
            self.app.stack.pop()
        self.resume_from_pause()
        try:
            self.ctl.out_of_turn_action(Leave(player), self.app.now)
        except IllegalAction as refusal:
            self.say(t("table.refused", reason=refusal_words(refusal, self.names)), REFUSED)

    def end_session(self) -> None:
        """Leave the table between games: the session ends with the balances (no Continue), and
        goes to the history."""
        self.session_over = True
        self.ctl.finish()

    # --- the pipeline and the events --------------------------------------------------------------

    def update(self, now: float, dt: float) -> None:
        if self.session_over:
            self.sync_dialog(now)       # the table is closed: nothing moves on
        else:
            super().update(now, dt)

    def wanted_dialog(self) -> type | None:
        return SessionOverScene if self.session_over else super().wanted_dialog()

    @handles(CardsPlayed)
    def on_cards_played(self, event, now: float) -> None:
        """Each seat's play (or pass) stays marked at the seat until the round is over and
        the next one is led."""
        if self.round_over:
            self.marks.clear()
            self.round_over = False
        self.timeline.start("flight", now, FLIGHT_S, event.player, hold=True)
        if event.player != self.view.seat:        # the player at the screen sees their own
            self.marks.say_at(event.player, describe(event.cards))
        else:
            self.marks.unmark(event.player)

    @handles(Passed)
    def on_passed(self, event, now: float) -> None:
        self.say(t("tienlen.passes", name=self.names[event.player]), GREY)
        self.marks.say_at(event.player, t("tienlen.passed_tag"))

    def show_banner(self, now: float, title: str, detail: str) -> None:
        """A chop or an instant win, held while it shows (the pace's time for a chop); at a
        hotseat table it stays up a while longer, over the hand-off, for the next player."""
        until = self.tempo.show_moment(Moment.CHOP, now)
        linger = HANDOFF_LINGER_S if len(self.ctl.humans) > 1 else 0.0
        self.timeline.start("banner", now, 0, (title, detail), fixed=until - now + linger)

    @handles(Chopped)
    def on_chopped(self, event, now: float) -> None:
        names = self.names
        title = (t("tienlen.chop_chain_title") if event.chain > event.cards
                 else t("tienlen.chop_title"))
        detail = t("tienlen.chop_detail", chopper=names[event.chopper],
                   chopped=names[event.chopped], cards=event.chain,
                   gold=number(event.chain * self.ctl.options["stake"]))
        self.show_banner(now, title, detail)
        self.marks.say_at(event.chopper, title, GOLD)
        self.say(t("tienlen.chop_log", title=title, chopper=names[event.chopper],
                   chopped=names[event.chopped], cards=event.chain), GOLD)

    @handles(ChopSettled)
    def on_chop_settled(self, event, now: float) -> None:
        self.say(t("tienlen.chop_paid", payer=self.names[event.payer],
                   receiver=self.names[event.receiver], gold=number(event.gold)), GOLD)

    @handles(RoundEnded)
    def on_round_ended(self, event, now: float) -> None:
        self.round_over = True
        if event.leader is not None:
            self.say(t("tienlen.new_round", name=self.names[event.leader]), GREY)

    @handles(GameStarted)
    def on_game_started(self, event, now: float) -> None:
        self.fan.clear()
        self.marks.clear()
        self.round_over = False
        leader = self.names[event.leader]
        if event.must_include is not None:
            self.say(t("tienlen.game_leader_with", number=event.game, name=leader,
                       card=pretty(event.must_include)))
        else:
            self.say(t("tienlen.game_leader", number=event.game, name=leader))

    @handles(InstantWin)
    def on_instant_win(self, event, now: float) -> None:
        detail = t("tienlen.instant_detail", name=self.names[event.winner],
                   win=instant_win_name(event.win))
        self.show_banner(now, t("tienlen.instant_title"), detail)

    @handles(PlayerOut)
    def on_player_out(self, event, now: float) -> None:
        """V-T1: a player went out and took a place; the others play on."""
        self.say(t("tienlen.out", name=self.names[event.player], place=event.place), GOLD)

    @handles(CongPaid)
    def on_cong_paid(self, event, now: float) -> None:
        """V-T1.3: cóng at the first out, paid at once."""
        self.say(t("tienlen.cong_paid", payer=self.names[event.payer],
                   receiver=self.names[event.receiver], gold=number(event.gold)), REFUSED)

    @handles(PlayerLeft)
    def on_player_left(self, event, now: float) -> None:
        name = self.names[event.player]
        self.say(t("tienlen.left_game", name=name, cards=event.penalty) if event.penalty
                 else t("tienlen.left_table", name=name), REFUSED)

