"""The Tiến Lên table: the player's fan at the bottom, the other hands face down around the
table, the combination to beat in the centre, gold balances, chop announcements, and the dialogs
(hand-off, payment table, leaving, the end of the session)."""

from __future__ import annotations

from functools import lru_cache

import pygame
from pygame_gui.elements import UIButton

from game.controller.autosave import remove_save
from game.controller.table_controller import Phase, TableController
from game.core.errors import IllegalAction
from game.tienlen.actions import (PASS, CardsPlayed, Chopped, ChopSettled, GameStarted,
                                  InstantWin, Leave, Passed, PlayerLeft, RoundEnded)
from game.tienlen.cards import cards_of, name, pretty
from game.tienlen.combos import classify, is_bomb

from ..cards import card_back, card_image, card_size
from ..dialogs import HandoffScene, switch_dialog
from ..i18n import t
from ..refusals import refusal_words
from ..resources import draw_text
from ..table_base import TableScene
from ..widgets import CREAM, GOLD, draw_felt, draw_panel
from .dialogs import LeaveGameScene, PaymentScene, SessionOverScene
from .hand import HandFan
from .words import combo_name, instant_win_name, judge_selection, may_rechop

#: where each player sits on screen, from the one whose hand is shown, in turn order (T6:
#: counter-clockwise, so the next player sits on the right)
SIDES = {2: ("bottom", "top"), 3: ("bottom", "right", "left"),
         4: ("bottom", "right", "top", "left")}
FLIGHT_S = 0.2
MESSAGE_S = 3.0
BANNER_S = 2.6
GREY = (150, 160, 150)
WARN = (255, 170, 150)
CHOP_RED = (230, 70, 60)


@lru_cache(maxsize=4)
def _ring(size: tuple) -> pygame.Surface:
    ring = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(ring, (255, 255, 255, 10), ring.get_rect())
    pygame.draw.ellipse(ring, (240, 212, 140, 50), ring.get_rect(), 2)
    return ring


@lru_cache(maxsize=16)
def _back(width: int, sideways: bool, dimmed: bool) -> pygame.Surface:
    """A card back, lying sideways for the players on the left and right, darker for a player
    who passed this round or left the table."""
    image = card_back(width).copy()
    if dimmed:
        image.fill((120, 120, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return pygame.transform.rotate(image, 90) if sideways else image


class TienLenTableScene(TableScene):
    def __init__(self, app, controller: TableController):
        super().__init__(app, controller)
        self.fan = HandFan()
        self.fan_owner: int | None = None
        self.messages: list = []            # (text, until, colour)
        self.banner: tuple | None = None    # (title, detail, until) of a chop or an instant win
        self.flight: tuple | None = None    # (player, started) of the play flying to the centre
        self.hints: list = []
        self.hint_index = 0
        self.session_over = False
        self.buttons_key = None

    # --- widgets ----------------------------------------------------------------------------------

    def build(self) -> None:
        manager = self.app.manager
        geo = self.geometry()
        self.menu_button = self.add(UIButton(pygame.Rect(12, 12, 100, 38), t("table.menu"),
                                             manager))
        column = geo["buttons"]
        half = (column.width - 8) // 2
        self.play_button = self.add(UIButton(pygame.Rect(column.x, column.y, column.width, 46),
                                             t("tienlen.play"), manager))
        self.pass_button = self.add(UIButton(pygame.Rect(column.x, column.y + 54, column.width,
                                                         42), t("table.pass"), manager))
        self.hint_button = self.add(UIButton(pygame.Rect(column.x, column.y + 104, half, 38),
                                             t("tienlen.hint"), manager))
        self.sort_button = self.add(UIButton(pygame.Rect(column.x + half + 8, column.y + 104,
                                                         half, 38), "", manager))
        self.buttons_key = None
        self.sync_buttons()

    def sync_buttons(self) -> None:
        """Show, enable and label the buttons for the moment (set only what changed)."""
        if not self.widgets:
            return
        player = self.ctl.human_to_act()
        state = self.ctl.state
        acting = player is not None and player == self.fan_owner
        legal = state.legal_actions() if acting else []
        verdict = judge_selection(state.observation(player), legal, self.ctl.refusal,
                                  self.fan.selection) if acting else None
        key = (acting, verdict.label if verdict else None, bool(verdict and verdict.play),
               PASS in legal, may_rechop(state, player) if acting else False,
               self.fan.by_suit, self.hand_shown())
        if key == self.buttons_key:
            return
        self.buttons_key = key
        for button in (self.play_button, self.pass_button, self.hint_button):
            set_visible(button, acting)
        set_visible(self.sort_button, self.hand_shown())
        self.sort_button.set_text(t("tienlen.sort_by_rank") if self.fan.by_suit
                                  else t("tienlen.sort_by_suit"))
        if not acting:
            return
        self.play_button.set_text(verdict.label)
        set_enabled(self.play_button, verdict.play is not None)
        self.pass_button.set_text(t("tienlen.stay_passed") if may_rechop(state, player)
                                  else t("table.pass"))
        set_enabled(self.pass_button, PASS in legal)

    # --- geometry ---------------------------------------------------------------------------------

    def geometry(self) -> dict:
        width, height = self.app.size
        card_width = max(52, min(150, height * 13 // 100, width // 12))
        column_width = max(180, min(270, width // 5))
        buttons = pygame.Rect(width - column_width - 18, height - 168, column_width, 150)
        hand = pygame.Rect(24, 0, buttons.left - 48, card_size(card_width)[1])
        hand.bottom = height - 14
        side_room = max(110, width // 9)
        middle_top = 130
        middle_bottom = hand.top - round(hand.height * 0.2) - 70
        center = (width // 2, (middle_top + middle_bottom) // 2)
        back_width = max(24, min(56, height // 22))
        ring = pygame.Rect(0, 0, width - 2 * side_room - 40, middle_bottom - middle_top + 60)
        ring.center = center
        return {
            "ring": ring,
            "card_width": card_width, "hand": hand, "buttons": buttons, "center": center,
            "table_card_width": max(44, min(card_width * 17 // 20,
                                            (middle_bottom - middle_top) * 10 // 24)),
            "back_width": back_width,
            "score": pygame.Rect(width - self.px(262), 10, self.px(250),
                                 self.px(40 + 26 * self.ctl.state.num_players)),
            "plates": {"bottom": (hand.centerx, hand.top - round(hand.height * 0.2) - 8),
                       "right": (width - side_room // 2, height * 2 // 5),
                       "top": (width // 2, 16),
                       "left": (side_room // 2, height * 2 // 5)},
        }

    def anchor(self) -> int:
        """The player drawn at the bottom: the one whose hand is on screen, else the first
        human (or player 0 at an all-AI table)."""
        if self.ctl.viewer is not None:
            return self.ctl.viewer
        return self.ctl.humans[0] if self.ctl.humans else 0

    def side_of(self, player: int) -> str:
        n = self.ctl.state.num_players
        return SIDES[n][(player - self.anchor()) % n]

    def hand_shown(self) -> bool:
        return self.fan_owner is not None

    # --- input ------------------------------------------------------------------------------------

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
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
        if element is self.menu_button:
            self.open_pause()
        elif element is self.play_button:
            self.play_selection()
        elif element is self.pass_button:
            self.attempt(PASS)
        elif element is self.hint_button:
            self.next_hint()
        elif element is self.sort_button:
            self.fan.toggle_sort()
        self.sync_buttons()

    def play_selection(self) -> None:
        player = self.ctl.human_to_act()
        if player is None or player != self.fan_owner:
            return
        verdict = judge_selection(self.ctl.state.observation(player),
                                  self.ctl.state.legal_actions(), self.ctl.refusal,
                                  self.fan.selection)
        if verdict.play is not None:
            self.attempt(verdict.play)
        elif verdict.reason:
            self.say(verdict.reason, WARN)

    def next_hint(self) -> None:
        """Select a legal play: the lowest first, then the next one at each click."""
        if not self.hints:
            plays = [a for a in self.ctl.state.legal_actions() if a is not PASS]
            self.hints = sorted(plays, key=hint_order)
            self.hint_index = 0
        if not self.hints:
            self.say(t("tienlen.hint_none"))
            return
        self.fan.select_exactly(self.hints[self.hint_index % len(self.hints)].cards)
        self.hint_index += 1

    def attempt(self, action) -> None:
        try:
            self.ctl.human_action(action, self.app.now)
        except IllegalAction as refusal:
            self.say(t("table.refused", reason=refusal_words(refusal, self.names())), WARN)
            return
        self.fan.clear()
        self.hints = []

    def say(self, text: str, colour=CREAM) -> None:
        self.messages.append((text, self.app.now + MESSAGE_S, colour))
        self.messages = self.messages[-4:]

    # --- leaving (T16) ----------------------------------------------------------------------------

    def leaver(self) -> int | None:
        """The human at the screen, when they are in the game in progress and may leave it."""
        state = self.ctl.state
        player = self.ctl.viewer
        if player is None or not self.ctl.seats[player].is_human or not state.in_game:
            return None
        return player if state.at_table[player] and state.hands[player] else None

    def leave_penalty(self, player: int) -> int:
        """The cards leaving would cost now: asked of a copy of the state (T16)."""
        trial = self.ctl.state.clone()
        return next(e.penalty for e in trial.apply(Leave(player)) if isinstance(e, PlayerLeft))

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
            self.say(t("table.refused", reason=refusal_words(refusal, self.names())), WARN)

    def end_session(self) -> None:
        """Leave the table between games: the session ends with the balances (no Continue)."""
        self.session_over = True
        remove_save(self.app.save_path)

    # --- the clock --------------------------------------------------------------------------------

    def update(self, now: float, dt: float) -> None:
        if self.paused_at is not None:
            return
        if not self.session_over:
            self.ctl.update(now)
        self.read_events(now)
        self.sync_hand()
        self.sync_dialog(now)
        self.sync_buttons()

    def sync_hand(self) -> None:
        """The fan shows the hand of the player allowed to see it (none during a hand-off)."""
        owner = self.ctl.hand_visible_to()
        if owner is not None and not self.ctl.state.at_table[owner]:
            owner = None
        if owner != self.fan_owner:
            self.fan_owner = owner
            self.fan.clear()
            self.hints = []
        if owner is not None:
            self.fan.set_hand(cards_of(self.ctl.state.hands[owner]))

    def read_events(self, now: float) -> None:
        names = self.names()
        stake = self.ctl.state.stake
        new_events = self.ctl.events.since(self.seen_events)
        if new_events:
            self.hints = []                 # the table changed: hints are proposed afresh
        self.app.sound.play_events(self.ctl.table.definition.name, new_events)
        for event in new_events:
            kind = type(event)
            if kind is CardsPlayed:
                self.flight = (event.player, now)
            elif kind is Passed:
                self.say(t("tienlen.passes", name=names[event.player]), GREY)
            elif kind is Chopped:
                chained = event.chain > event.cards
                title = t("tienlen.chop_chain_title") if chained else t("tienlen.chop_title")
                detail = t("tienlen.chop_detail", chopper=names[event.chopper],
                           chopped=names[event.chopped], cards=event.chain,
                           gold=event.chain * stake)
                self.banner = (title, detail, now + BANNER_S)
                self.say(t("tienlen.chop_log", title=title, chopper=names[event.chopper],
                           chopped=names[event.chopped], cards=event.chain), GOLD)
            elif kind is ChopSettled:
                self.say(t("tienlen.chop_paid", payer=names[event.payer],
                           receiver=names[event.receiver], gold=event.gold), GOLD)
            elif kind is RoundEnded and event.leader is not None:
                self.say(t("tienlen.new_round", name=names[event.leader]), GREY)
            elif kind is GameStarted:
                self.fan.clear()
                self.hints = []
                if event.must_include is not None:
                    self.say(t("tienlen.game_leader_with", number=event.game,
                               name=names[event.leader], card=pretty(event.must_include)))
                else:
                    self.say(t("tienlen.game_leader", number=event.game,
                               name=names[event.leader]))
            elif kind is InstantWin:
                self.banner = (t("tienlen.instant_title"),
                               t("tienlen.instant_detail", name=names[event.winner],
                                 win=instant_win_name(event.win)), now + BANNER_S)
            elif kind is PlayerLeft:
                self.say(t("tienlen.left_game", name=names[event.player], cards=event.penalty)
                         if event.penalty else t("tienlen.left_table", name=names[event.player]),
                         WARN)
        self.seen_events = self.ctl.events.end
        self.announce_notices(names)

    def sync_dialog(self, now: float) -> None:
        phase = self.ctl.phase
        wanted = None
        if self.session_over or phase is Phase.OVER:
            wanted = SessionOverScene
        elif phase is Phase.HANDOFF:
            wanted = HandoffScene
        elif phase is Phase.SUMMARY and now >= self.ctl.resume_at:
            wanted = PaymentScene
        switch_dialog(self, wanted, final_dialog=SessionOverScene)

    def open_pause(self) -> None:
        if self.app.stack.top is self:
            self.fan.release()
        super().open_pause()


    def names(self) -> list[str]:
        return [seat.name for seat in self.ctl.seats]

    def px(self, size: int) -> int:
        """A text size for this window: larger windows get larger text."""
        width, height = self.app.size
        return round(size * max(0.9, min(1.5, width / 1280, height / 720)))

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        geo = self.geometry()
        self.draw_table_ring(surface, geo)
        self.draw_header(surface)
        for player in range(self.ctl.state.num_players):
            self.draw_seat(surface, geo, player)
        self.draw_centre(surface, geo)          # after the seats: a play flies over them
        self.draw_scoreboard(surface, geo["score"])
        self.draw_messages(surface)
        self.draw_instruction(surface, geo)
        self.draw_banner(surface, geo)

    def draw_table_ring(self, surface, geo) -> None:
        """A faint ring on the felt where the cards are played."""
        surface.blit(_ring(tuple(geo["ring"].size)), geo["ring"])

    def draw_header(self, surface) -> None:
        state = self.ctl.state
        if state.games_started:
            text = t("tienlen.header", number=state.games_started, stake=state.stake)
            draw_text(surface, text, (126, 22), self.px(20), GOLD, bold=True)

    def round_plays(self) -> list:
        """The plays of the round in progress, oldest first (the centre shows the last two)."""
        plays = []
        for event in reversed(self.ctl.state.history):
            if isinstance(event, (RoundEnded, GameStarted)):
                break
            if isinstance(event, CardsPlayed):
                plays.append(event)
        return plays[::-1]

    def draw_centre(self, surface, geo) -> None:
        """The combination to beat and who played it; the one it beat, dimmed, behind it."""
        state = self.ctl.state
        names = self.names()
        cx, cy = geo["center"]
        width = geo["table_card_width"]
        height = card_size(width)[1]
        plays = self.round_plays() if state.table is not None else []
        if len(plays) >= 2:
            self.draw_combo(surface, plays[-2].cards, (cx - width // 3, cy - height // 4), width,
                            dimmed=True)
        if plays:
            last = plays[-1]
            at = (cx, cy)
            progress = self.flight_progress()
            if progress is not None and self.flight[0] == last.player:
                start = geo["plates"][self.side_of(last.player)]
                eased = 1 - (1 - progress) ** 3
                at = (round(start[0] + (cx - start[0]) * eased),
                      round(start[1] + (cy - start[1]) * eased))
            self.draw_combo(surface, last.cards, at, width)
            label = t("tienlen.centre_play", what=combo_name(state.table),
                      name=names[last.player])
            draw_text(surface, label, (cx, cy + height // 2 + 10), self.px(19), CREAM,
                      bold=True, anchor="midtop")
        elif state.in_game and state.current_player() is not None:
            leader = state.current_player()
            text = (t("tienlen.centre_first", name=names[leader],
                      card=pretty(cards_of(state.must_include)[0]))
                    if state.must_include else t("tienlen.centre_lead", name=names[leader]))
            draw_text(surface, text, (cx, cy), self.px(20), (205, 225, 205), anchor="center")

    def draw_combo(self, surface, cards, center, width: int, dimmed: bool = False) -> None:
        w, h = card_size(width)
        step = max(w * 2 // 5, min(w * 3 // 5, (surface.get_width() // 2 - w) //
                                   max(1, len(cards) - 1)))
        total = w + step * (len(cards) - 1)
        x = center[0] - total // 2
        for index, card in enumerate(cards):
            surface.blit(card_image(name(card), width, dimmed=dimmed),
                         (x + index * step, center[1] - h // 2))

    def flight_progress(self) -> float | None:
        if self.flight is None:
            return None
        progress = (self.app.now - self.flight[1]) / FLIGHT_S
        if progress >= 1:
            self.flight = None
            return None
        return max(0.0, progress)

    def draw_seat(self, surface, geo, player: int) -> None:
        """Name, cards left and what the player is doing; their hand (the fan at the bottom,
        face down elsewhere). Passed players and those who left are greyed."""
        state = self.ctl.state
        side = self.side_of(player)
        x, y = geo["plates"][side]
        seated = state.at_table[player]
        acting = (state.current_player() == player and seated
                  and self.ctl.phase in (Phase.HUMAN, Phase.BOT))
        passed = bool(state.passed >> player & 1)
        colour = GOLD if acting else GREY if passed or not seated else CREAM
        count = state.hands[player].bit_count()
        label = self.ctl.seats[player].name
        status = self.seat_status(player, count)
        doing = self.seat_doing(player, acting, passed)
        if side == "bottom":
            if self.fan_owner == player:
                self.fan.layout(geo["hand"], geo["card_width"])
                self.fan.draw(surface)
            elif count:
                self.draw_hidden_fan(surface, geo, count)
            rect = draw_text(surface, label, (x, y), self.px(20), colour, bold=acting,
                             anchor="midbottom")
            draw_text(surface, status, (rect.right + 14, rect.bottom - 2), self.px(15), colour,
                      anchor="bottomleft")
            instructed = self.fan_owner == player and self.ctl.human_to_act() == player
            if doing and not (instructed and may_rechop(state, player)):  # said above the fan
                draw_text(surface, doing[0], (rect.left - 14, rect.bottom - 1), self.px(16),
                          doing[1], bold=True, anchor="bottomright")
            return
        rect = draw_text(surface, label, (x, y), self.px(18), colour, bold=acting,
                         anchor="midtop")
        y = rect.bottom + 6
        y += self.draw_backs(surface, geo, side, (x, y), count, dim=passed or not seated) + 6
        y = draw_text(surface, status, (x, y), self.px(14), colour, anchor="midtop").bottom + 4
        if doing:
            draw_text(surface, doing[0], (x, y), self.px(15), doing[1], bold=True,
                      anchor="midtop")

    def seat_status(self, player: int, count: int) -> str:
        if not self.ctl.state.at_table[player]:
            return t("tienlen.seat_left")
        return t("tienlen.cards_one") if count == 1 else t("tienlen.cards_count", count=count)

    def seat_doing(self, player: int, acting: bool, passed: bool) -> tuple | None:
        """(text, colour): the timer, "thinking…", T9's second chance, or "passed"."""
        state = self.ctl.state
        left = self.ctl.time_left(self.app.now)
        if acting and left is not None:
            return (t("table.seconds", seconds=int(left + 0.999)),
                    (255, 120, 100) if left < 5 else GOLD)
        if acting and may_rechop(state, player):
            return t("tienlen.may_rechop_seat"), GOLD
        if acting and self.ctl.phase is Phase.BOT:
            return t("table.thinking", name=self.ctl.seats[player].name), (200, 230, 200)
        if passed and state.table is not None:
            return t("tienlen.passed_tag"), GREY
        return None

    def draw_hidden_fan(self, surface, geo, count: int) -> None:
        """Hot-seat hand-off or an all-AI table: the bottom hand stays face down."""
        width = geo["card_width"] * 2 // 3
        w, h = card_size(width)
        step = w // 3
        left = geo["hand"].centerx - (w + step * (count - 1)) // 2
        for index in range(count):
            surface.blit(card_back(width), (left + index * step, geo["hand"].bottom - h))

    def draw_backs(self, surface, geo, side: str, midtop, count: int, dim: bool) -> int:
        """The hand of another player, face down under their name; returns its height."""
        width = geo["back_width"]
        w, h = card_size(width)
        top = midtop[1]
        image = _back(width, side != "top", dim)
        if side == "top":
            step = max(6, w // 3)
            left = midtop[0] - (w + step * (count - 1)) // 2
            for index in range(count):
                surface.blit(image, (left + index * step, top))
            return h if count else 0
        step = max(5, w // 4)
        for index in range(count):
            surface.blit(image, (midtop[0] - h // 2, top + index * step))
        return w + step * (count - 1) if count else 0

    def draw_scoreboard(self, surface, rect: pygame.Rect) -> None:
        """Gold balances, and each player's gain or loss since the table opened."""
        state = self.ctl.state
        draw_panel(surface, rect, 190)
        size = self.px(16)
        draw_text(surface, t("tienlen.balances"), (rect.x + 12, rect.y + 8), size, GOLD,
                  bold=True)
        returns = state.returns()
        for player in range(state.num_players):
            y = rect.y + self.px(36 + 26 * player)
            colour = CREAM if state.at_table[player] else GREY
            draw_text(surface, self.ctl.seats[player].name, (rect.x + 12, y), size, colour)
            draw_text(surface, f"{state.gold[player]:,}", (rect.right - rect.width * 3 // 10, y),
                      size, colour, anchor="topright")
            change = returns[player]
            draw_text(surface, f"{change:+,}", (rect.right - 12, y), self.px(15),
                      WARN if change < 0 else (170, 230, 170) if change > 0 else GREY,
                      anchor="topright")

    def draw_messages(self, surface) -> None:
        now = self.app.now
        self.messages = [m for m in self.messages if m[1] > now]
        y = 58
        for text, _, colour in self.messages:
            rect = draw_text(surface, text, (20, y), self.px(16), colour)
            y = rect.bottom + 5

    def draw_instruction(self, surface, geo) -> None:
        """What the player at the screen may do now, above the fan, and why the selection
        cannot be played."""
        player = self.ctl.human_to_act()
        if player is None or player != self.fan_owner:
            return
        state = self.ctl.state
        names = self.names()
        if may_rechop(state, player):
            text = t("tienlen.do.rechop")
        elif state.table is None:
            text = (t("tienlen.do.first", card=pretty(cards_of(state.must_include)[0]))
                    if state.must_include else t("tienlen.do.lead"))
        else:
            text = t("tienlen.do.beat", what=combo_name(state.table),
                     name=names[state.table_player])
        verdict = judge_selection(state.observation(player), state.legal_actions(),
                                  self.ctl.refusal, self.fan.selection)
        hand = geo["hand"]
        top = geo["plates"]["bottom"][1] - self.px(28)
        rect = draw_text(surface, text, (hand.centerx, top), self.px(16), (215, 235, 215),
                         anchor="midbottom")
        if verdict.reason:
            draw_text(surface, verdict.reason, (hand.centerx, rect.top - 4), self.px(15), WARN,
                      anchor="midbottom")

    def draw_banner(self, surface, geo) -> None:
        """Chặt / chặt chồng / tới trắng, above the combination so both stay readable."""
        if self.banner is None:
            return
        title, detail, until = self.banner
        if self.app.now >= until:
            self.banner = None
            return
        cx, cy = geo["center"]
        height = self.px(104)
        rect = pygame.Rect(0, 0, min(surface.get_width() - 80, self.px(620)), height)
        rect.midbottom = (cx, max(height + 8, cy - card_size(geo["table_card_width"])[1] // 2
                                  - 6))
        draw_panel(surface, rect, 235)
        draw_text(surface, title, (cx, rect.y + self.px(8)), self.px(38), CHOP_RED, bold=True,
                  anchor="midtop")
        draw_text(surface, detail, (cx, rect.bottom - self.px(12)), self.px(17), CREAM,
                  anchor="midbottom")


def set_visible(button, visible: bool) -> None:
    if visible:
        button.show()
    else:
        button.hide()


def set_enabled(button, enabled: bool) -> None:
    if enabled:
        button.enable()
    else:
        button.disable()


def hint_order(play) -> tuple:
    """Hints from the cheapest: bombs last, low cards first, longer combinations first."""
    combo = classify(play.cards)
    return (is_bomb(combo), combo.top >> 2, -combo.size, combo.top)
