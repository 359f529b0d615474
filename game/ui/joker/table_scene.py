"""The Joker table: the ace cutting, animated dealing, the trump indicator, bidding and trump
panels, the player's hand as a card fan, the trick in the middle, and the dialogs (hand-off,
joker lead, score sheet, last trick, match end, pause).

The scene draws from the viewer's observation (their own hand only) and the public state. Its
animations (cut, deal, trick pick-up) *hold* the controller: while one runs, `ctl.update` is not
called, and the held time is handed to `ctl.pause_for` afterwards, so no bot or timer moves on
behind an animation.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIButton

from game.controller.table_controller import Phase, TableController
from game.core.errors import IllegalAction
from game.joker.actions import (BID_ACTIONS, JOKER_FOLLOWS, PLAIN_PLAYS, TRUMP_ACTIONS, CardPlayed,
                                DealStarted, Phase as JokerPhase, PulkaResult,
                                TrickTaken, TrumpChosen)
from game.joker.cards import JOKER_1, RANKS_PER_SUIT, card_text
from game.joker.state import FULL_DEAL, NUM_PLAYERS, TRUMP_CHOICE_CARDS

from ..cards import card_at, card_back, card_image, card_size, fan_rects
from ..dialogs import switch_dialog
from ..i18n import t
from ..refusals import refusal_words
from ..resources import draw_text
from ..table_base import TableScene
from ..settings import MOVE_PAUSE
from ..widgets import CREAM, GOLD, draw_banner, draw_felt, draw_panel
from .cutting import ace_cutting
from .dialogs import (JokerHandoffScene, JokerLeadScene, LastTrickScene, MatchOverScene,
                      ScoreSheetScene, SummaryScene)
from .words import is_red, joker_words, suit_symbol, trump_words

SIDES = ("bottom", "left", "top", "right")   # J2: play goes clockwise, so the next is on the left
#: hand order: suits alternate red and black (♥ ♣ ♦ ♠), low to high, the jokers at the right end
SUIT_ORDER = (0, 2, 1, 3)
RED_TEXT = (255, 170, 150)
OK_TEXT = (170, 235, 170)
MESSAGE_S = 3.0

# Animation times at "normal" speed (scaled by the animation setting).
CUT_CARD_S = 0.28          # one card of the ace cutting
CUT_RESULT_S = 1.8         # the first dealer is announced
DEAL_CARD_S = 0.05         # between two dealt cards
DEAL_FLIGHT_S = 0.28       # one dealt card in the air
TRUMP_TURN_S = 0.45        # the turned card lands on the indicator
PLAY_FLIGHT_S = 0.22       # a played card flies to the trick
TRICK_SHOW_S = 0.8         # the full trick stays readable
PICKUP_S = 0.4             # the winner gathers it


def hand_order(card: int) -> tuple:
    if card >= JOKER_1:
        return (1, 0, card)
    return (0, SUIT_ORDER[card // RANKS_PER_SUIT], card)


def dealt_order(dealer: int) -> list[int]:
    """Seats in the order they receive cards: from the player after the dealer (J2, J5)."""
    return [(dealer + 1 + turn) % NUM_PLAYERS for turn in range(NUM_PLAYERS)]


def lerp(a, b, progress: float) -> tuple:
    return (round(a[0] + (b[0] - a[0]) * progress), round(a[1] + (b[1] - a[1]) * progress))


def ease_out(progress: float) -> float:
    return 1 - (1 - min(1.0, max(0.0, progress))) ** 3


@dataclass
class Flight:
    """A card moving over the table: face up (`card` text) or a back (`card` None)."""
    card: str | None
    start: tuple
    end: tuple
    started: float
    duration: float
    seat: int = -1


@dataclass
class DealShow:
    """Cards dealt one by one: `order` is the seat receiving each card, `base` what each seat
    held before."""
    started: float
    order: list
    base: list
    step: float
    flight: float
    turns_trump: bool

    def landed(self, now: float) -> int:
        if now < self.started + self.flight:
            return 0
        return min(len(self.order), int((now - self.started - self.flight) / self.step) + 1)

    def count(self, seat: int, now: float) -> int:
        return self.base[seat] + self.order[:self.landed(now)].count(seat)

    @property
    def cards_end(self) -> float:
        return self.started + self.step * (len(self.order) - 1) + self.flight

    @property
    def end(self) -> float:
        return self.cards_end + (self.flight if self.turns_trump else 0)


class JokerTableScene(TableScene):
    def __init__(self, app, controller: TableController):
        super().__init__(app, controller)
        self.messages: list = []             # (text, until, colour)
        self.hold_until = 0.0                # animations hold the controller until then
        self.held_since: float | None = None
        self.flights: list[Flight] = []
        self.deal_show: DealShow | None = None
        self.pickup: tuple | None = None     # (TrickTaken, started)
        self.hand_rects: list = []           # (card, rect) of the viewer's fan, left to right
        self.joker_chips: list = []          # (rect, action): the touchpad way to play a joker
        self.mouse = (0, 0)
        self.panel_key = None
        self.panel_widgets: list = []
        self.panel_buttons: dict = {}        # button -> action
        self.cut = self.start_cut()

    # --- the ace cutting (J3) ----------------------------------------------------------------

    def start_cut(self):
        """On a table that has not started yet, replay its ace cutting on screen."""
        record = self.ctl.table.record
        if record["actions"] or len(record["deals"]) > 1 or "first_dealer" not in record:
            return None
        dealer, shown = ace_cutting(self.ctl.table.seed)
        if dealer != record["first_dealer"]:
            return None                      # a table made elsewhere: nothing to replay
        self.hold(len(shown) * CUT_CARD_S * self.speed + CUT_RESULT_S * self.speed)
        return dealer, shown, self.app.now

    def skip_cut(self) -> None:
        if self.cut is not None:
            self.cut = None
            self.hold_until = self.app.now

    # --- timing --------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        """Animation times scale like the bots' move pause (Settings → animation speed)."""
        speed = self.app.settings.get("animation", "normal")
        return MOVE_PAUSE.get(speed, MOVE_PAUSE["normal"]) / MOVE_PAUSE["normal"]

    def hold(self, seconds: float) -> None:
        now = self.app.now
        if self.held_since is None:
            self.held_since = now
        self.hold_until = max(self.hold_until, now + seconds)

    def busy(self) -> bool:
        return self.app.now < self.hold_until

    # --- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        manager = self.app.manager
        self.menu_button = self.add(UIButton(pygame.Rect(12, 12, 100, 38), t("table.menu"),
                                             manager))
        self.sheet_button = self.add(UIButton(pygame.Rect(118, 12, 160, 38),
                                              t("joker.table.sheet"), manager))
        self.last_trick_button = self.add(UIButton(pygame.Rect(284, 12, 150, 38),
                                                   t("joker.table.last_trick"), manager))
        self.panel_key = None
        self.sync_widgets()

    def clear(self) -> None:
        super().clear()
        self.panel_widgets, self.panel_buttons, self.panel_key = [], {}, None

    def sync_widgets(self) -> None:
        if not self.widgets:
            return
        if self.last_trick(self.observation()) is None:
            self.last_trick_button.disable()
        else:
            self.last_trick_button.enable()
        key = self.wanted_panel()
        if key == self.panel_key:
            return
        for widget in self.panel_widgets:
            widget.kill()
            self.widgets.remove(widget)
        self.panel_widgets, self.panel_buttons, self.panel_key = [], {}, key
        if key is not None:
            (self.build_bid_panel if key[0] == "bid" else self.build_trump_panel)()

    def wanted_panel(self):
        player = self.ctl.human_to_act()
        if player is None or self.busy() or self.cut is not None:
            return None
        state = self.ctl.state
        if state.phase is JokerPhase.BIDDING:
            return ("bid", state.deal_index, player, tuple(state.legal_actions()))
        if state.phase is JokerPhase.TRUMP_CHOICE:
            return ("trump", state.deal_index, player)
        return None

    def panel_button(self, rect, label, action, tip: str | None = None) -> UIButton:
        button = self.add(UIButton(rect, label, self.app.manager, tool_tip_text=tip))
        self.panel_widgets.append(button)
        self.panel_buttons[button] = action
        return button

    def build_bid_panel(self) -> None:
        """0 … n; the dealer's forbidden bid is there, disabled, with the reason (J6)."""
        geo = self.geometry()
        cards = self.ctl.state.cards
        legal = set(self.ctl.state.legal_actions())
        size = 52 if cards < 9 else 48
        left = geo["center"][0] - ((cards + 1) * (size + 6) - 6) // 2
        for n in range(cards + 1):
            rect = pygame.Rect(left + n * (size + 6), geo["panel_y"], size, 44)
            forbidden = BID_ACTIONS[n] not in legal
            button = self.panel_button(rect, str(n), BID_ACTIONS[n],
                                       self.forbidden_reason(n) if forbidden else None)
            if forbidden:
                button.disable()

    def build_trump_panel(self) -> None:
        geo = self.geometry()
        labels = [trump_words(suit) for suit in range(4)]
        labels.append(t("joker.trump.bezi_button"))
        widths = [130] * 4 + [190]
        left = geo["center"][0] - (sum(widths) + 6 * 4) // 2
        for action, label, width in zip(TRUMP_ACTIONS, labels, widths):
            self.panel_button(pygame.Rect(left, geo["panel_y"], width, 44), label, action)
            left += width + 6

    def forbidden_reason(self, n: int) -> str:
        return t("joker.bid.forbidden", n=n, cards=self.ctl.state.cards)

    # --- geometry --------------------------------------------------------------------------------

    def geometry(self) -> dict:
        width, height = self.app.size
        card_w = max(54, min(130, height // 8, width // 12))
        card_h = card_size(card_w)[1]
        hand_bottom = height - 16
        hand_top = hand_bottom - card_h
        panel_y = hand_top - 80                # the bid / trump buttons above the hand
        top_band = 150
        center = (width // 2, (top_band + panel_y) // 2 + 6)
        trick_w = max(44, round(card_w * 0.85))
        trick_h = card_size(trick_w)[1]
        dx, dy = round(trick_w * 0.78), round(trick_h * 0.5)
        slots = {"bottom": (center[0], center[1] + dy), "top": (center[0], center[1] - dy),
                 "left": (center[0] - dx - trick_w // 2, center[1]),
                 "right": (center[0] + dx + trick_w // 2, center[1])}
        side_x = max(110, width // 9)
        return {"card_w": card_w, "hand_bottom": hand_bottom, "hand_top": hand_top,
                "hand_width": min(width - 2 * 190, 11 * card_w), "panel_y": panel_y,
                "center": center, "trick_w": trick_w, "slots": slots,
                "trump": pygame.Rect(width - 238, 10, 226, 176),
                "seats": {"bottom": (width // 2, hand_top - 12),
                          "left": (side_x, height // 2 - 20),
                          "top": (width // 2, 58),
                          "right": (width - side_x, height // 2 - 20)}}

    def bottom_seat(self) -> int:
        viewer = self.ctl.viewer
        return viewer if viewer is not None else 0

    def side_of(self, seat: int) -> str:
        return SIDES[(seat - self.bottom_seat()) % NUM_PLAYERS]

    def observation(self):
        return self.ctl.state.observation(self.bottom_seat())

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.cut is not None:
                self.skip_cut()
            else:
                self.open_pause()
        elif event.type == pygame.KEYDOWN and self.panel_key and self.panel_key[0] == "bid":
            typed = getattr(event, "unicode", "")
            if typed in "0123456789" and typed:
                self.attempt(BID_ACTIONS[int(typed)])          # the keyboard way to bid
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse = event.pos
            if self.cut is not None:
                self.skip_cut()
            else:
                self.on_click(event.pos, event.button)

    def on_button(self, element) -> None:
        if element is self.menu_button:
            self.open_pause()
        elif element is self.sheet_button:
            self.open_viewer(ScoreSheetScene)
        elif element is self.last_trick_button:
            self.open_viewer(LastTrickScene)
        elif element in self.panel_buttons:
            self.attempt(self.panel_buttons[element])

    def on_click(self, pos, button: int) -> None:
        """Left click plays a card (a joker that follows: high); right click plays a following
        joker under (J10). A led joker opens the high/takes dialog (J9)."""
        if self.ctl.human_to_act() is None or self.busy():
            return
        if self.ctl.state.phase is not JokerPhase.PLAYING:
            return
        for rect, action in self.joker_chips:
            if rect.collidepoint(pos):
                self.attempt(action)
                return
        index = card_at([rect for _, rect in self.hand_rects], pos)
        if index is None:
            return
        card = self.hand_rects[index][0]
        if card < JOKER_1:
            self.attempt(PLAIN_PLAYS[card])
        elif not self.ctl.state.trick:
            self.open_joker_lead(card)
        else:
            high, under = JOKER_FOLLOWS[card]
            self.attempt(under if button == 3 else high)

    def open_joker_lead(self, joker: int) -> None:
        if self.app.stack.top is self:
            self.dialog = JokerLeadScene(self.app, self, joker)
            self.app.stack.push(self.dialog)

    def attempt(self, action) -> bool:
        try:
            self.ctl.human_action(action, self.app.now)
        except IllegalAction as refusal:
            self.say(t("table.refused", reason=refusal_words(refusal)), RED_TEXT)
            return False
        self.sync_widgets()
        return True

    def say(self, text: str, colour=CREAM) -> None:
        self.messages.append((text, self.app.now + MESSAGE_S, colour))
        self.messages = self.messages[-3:]

    # --- dialogs and pausing ----------------------------------------------------------------

    def resume_from_pause(self) -> float:
        elapsed = super().resume_from_pause()
        if self.held_since is not None:     # that time is already handed to the controller
            self.held_since += elapsed
        return elapsed

    def pause_actions(self) -> list:
        return [(t("joker.table.sheet"), lambda: self.app.stack.push(
            ScoreSheetScene(self.app, self, resume_on_close=False)))]


    # --- the clock -------------------------------------------------------------------------------

    def update(self, now: float, dt: float) -> None:
        if self.paused_at is not None:
            return
        if now < self.hold_until:
            self.sync_widgets()
            return
        if self.cut is not None:
            self.cut = None
        if self.held_since is not None:
            self.ctl.pause_for(now - self.held_since)
            self.held_since = None
        self.ctl.update(now)
        self.read_events(now)
        self.sync_dialog(now)
        self.sync_widgets()

    def read_events(self, now: float) -> None:
        names = [seat.name for seat in self.ctl.seats]
        geo = self.geometry()
        new_events = self.ctl.events.since(self.seen_events)
        self.app.sound.play_events(self.ctl.table.definition.name, new_events)
        for event in new_events:
            kind = type(event)
            if kind is DealStarted:
                self.start_deal_show(event, now)
            elif kind is TrumpChosen:
                self.say(t("joker.table.trump_named", name=names[event.seat],
                           trump=trump_words(event.suit)), GOLD)
                self.start_rest_of_deal(now)
            elif kind is CardPlayed:
                self.fly_to_trick(event, geo, now)
                if event.card >= JOKER_1:
                    self.say(t("joker.table.joker_played", name=names[event.seat],
                               how=joker_words(event)), GOLD)
            elif kind is TrickTaken:
                self.pickup = (event, now)
                self.hold((PLAY_FLIGHT_S + TRICK_SHOW_S + PICKUP_S) * self.speed)
            elif kind is PulkaResult and event.premium:
                self.say(t("joker.table.premium", pulka=event.pulka,
                           names=", ".join(names[p] for p in event.premium)), GOLD)
        self.seen_events = self.ctl.events.end
        self.announce_notices(names)

    def start_deal_show(self, event: DealStarted, now: float) -> None:
        """J5: 1–8 cards one at a time from the player after the dealer, then the next card is
        turned; 9 cards: three each first (the rest after trump is named)."""
        first = dealt_order(event.dealer)
        if event.cards == FULL_DEAL:
            order = [seat for seat in first for _ in range(TRUMP_CHOICE_CARDS)]
        else:
            order = first * event.cards
        self.pickup = None
        self.flights = []
        self.deal_show = DealShow(now, order, [0] * NUM_PLAYERS, DEAL_CARD_S * self.speed,
                                  DEAL_FLIGHT_S * self.speed, event.cards != FULL_DEAL)
        self.hold(self.deal_show.end - now)

    def start_rest_of_deal(self, now: float) -> None:
        """The chooser named trump: the other six cards of every hand are dealt (J5)."""
        if self.ctl.state.cards != FULL_DEAL:
            return
        first = dealt_order(self.ctl.state.dealer)
        rest = FULL_DEAL - TRUMP_CHOICE_CARDS
        self.deal_show = DealShow(now, [seat for seat in first for _ in range(rest)],
                                  [TRUMP_CHOICE_CARDS] * NUM_PLAYERS, DEAL_CARD_S * self.speed,
                                  DEAL_FLIGHT_S * self.speed, False)
        self.hold(self.deal_show.end - now)

    def fly_to_trick(self, event: CardPlayed, geo, now: float) -> None:
        side = self.side_of(event.seat)
        start = (geo["center"][0], geo["hand_top"] + 40) if side == "bottom" \
            else geo["seats"][side]
        self.flights.append(Flight(card_text(event.card), start, geo["slots"][side], now,
                                   PLAY_FLIGHT_S * self.speed, event.seat))

    def sync_dialog(self, now: float) -> None:
        phase = self.ctl.phase
        if isinstance(self.dialog, JokerLeadScene):
            if self.ctl.human_to_act() is not None and self.app.stack.top is self.dialog:
                return
            if self.app.stack.top is self.dialog:
                self.app.stack.pop()
            self.dialog = None
        wanted = None
        if phase is Phase.HANDOFF:
            wanted = JokerHandoffScene
        elif phase is Phase.SUMMARY and now >= self.ctl.resume_at:
            wanted = SummaryScene
        elif phase is Phase.OVER:
            wanted = MatchOverScene
        # A new dialog waits for the running animation to end.
        switch_dialog(self, wanted, final_dialog=MatchOverScene, ready=not self.busy())

    # --- what is shown -------------------------------------------------------------------------

    def shown_count(self, seat: int, obs) -> int:
        """Cards a seat holds on screen: while dealing, only those that have landed."""
        held = obs.hand_sizes[seat]
        if self.deal_show is not None and self.app.now < self.deal_show.cards_end:
            return min(held, self.deal_show.count(seat, self.app.now))
        return held

    def own_cards(self, obs) -> list[int]:
        """The viewer's cards in hand order; while dealing, only those that have landed."""
        cards = list(obs.hand)
        count = self.shown_count(obs.player, obs)
        if count < len(cards) and self.ctl.state.deal is not None:
            arrived = set(self.ctl.state.deal.hands[obs.player][:count])
            cards = [card for card in cards if card in arrived]
        return sorted(cards, key=hand_order)

    def trump_shown(self) -> bool:
        """The turned card shows once the dealing animation has turned it."""
        return self.deal_show is None or self.app.now >= self.deal_show.end

    @staticmethod
    def last_trick(obs):
        """The last complete trick of this deal and its winner, from the public history: the
        winner of a trick is whoever leads the next one."""
        done = len(obs.plays) - len(obs.current_trick)
        if done < NUM_PLAYERS:
            return None
        plays = obs.plays[done - NUM_PLAYERS:done]
        winner = obs.current_trick[0].seat if obs.current_trick else obs.to_act
        if winner is None:            # the deal is over: nobody leads
            return None
        return plays, winner

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        geo = self.geometry()
        obs = self.observation()
        if self.cut is not None:
            self.draw_cut(surface, geo)
            return
        self.draw_trump_panel(surface, geo, obs)
        for seat in range(NUM_PLAYERS):
            self.draw_seat(surface, geo, obs, seat)
        self.draw_trick(surface, geo, obs)
        self.draw_deal_flights(surface, geo)
        self.draw_hand(surface, geo, obs)
        self.draw_prompt(surface, geo, obs)
        self.draw_messages(surface)

    def draw_cut(self, surface, geo) -> None:
        """J3 ატუზვა: cards face up one at a time around the table until the first ace."""
        dealer, shown, started = self.cut
        now = self.app.now
        names = [seat.name for seat in self.ctl.seats]
        width, height = surface.get_size()
        draw_text(surface, t("joker.cut.title"), (width // 2, 70), 28, GOLD, bold=True,
                  anchor="midtop")
        draw_text(surface, t("joker.cut.explain"), (width // 2, 110), 17, CREAM, anchor="midtop")
        visible = min(len(shown), int((now - started) / (CUT_CARD_S * self.speed)) + 1)
        card_w = max(44, geo["card_w"] - 16)
        piles: dict[int, list[int]] = {seat: [] for seat in range(NUM_PLAYERS)}
        for seat, card in shown[:visible]:
            piles[seat].append(card)
        cx, cy = width // 2, height // 2 + 30
        spots = {"bottom": (cx, cy + 150), "top": (cx, cy - 120), "left": (cx - 330, cy + 10),
                 "right": (cx + 330, cy + 10)}
        finished = visible == len(shown)
        for seat in range(NUM_PLAYERS):
            x, y = spots[self.side_of(seat)]
            colour = GOLD if finished and seat == dealer else CREAM
            draw_text(surface, names[seat], (x, y - card_size(card_w)[1] // 2 - 8), 18, colour,
                      bold=finished and seat == dealer, anchor="midbottom")
            pile = piles[seat]
            for index, card in enumerate(pile):
                image = card_image(card_text(card), card_w,
                                   selected=finished and index == len(pile) - 1
                                   and seat == dealer)
                rect = image.get_rect(center=(x - (len(pile) - 1) * 9 + index * 18, y))
                surface.blit(image, rect)
        if finished:
            draw_text(surface, t("joker.cut.result", name=names[dealer]), (cx, height - 60), 24,
                      GOLD, bold=True, anchor="midbottom")
        draw_text(surface, t("joker.cut.skip"), (cx, height - 24), 14, (200, 220, 200),
                  anchor="midbottom")

    def draw_trump_panel(self, surface, geo, obs) -> None:
        """Always visible: the turned card, or the named suit, or ბეზი; the deal; the bids."""
        rect = geo["trump"]
        draw_panel(surface, rect, 200)
        x = rect.x + 12
        draw_text(surface, t("joker.trump.title"), (x, rect.y + 8), 16, GOLD, bold=True)
        if obs.deal_number:
            card_w = 52
            card_rect = pygame.Rect(x, rect.y + 34, *card_size(card_w))
            text_x = card_rect.right + 12
            if obs.trump_card is not None:
                if self.trump_shown():
                    surface.blit(card_image(card_text(obs.trump_card), card_w), card_rect)
                else:
                    surface.blit(card_back(card_w), card_rect)
            else:
                pygame.draw.rect(surface, (12, 40, 26), card_rect, border_radius=6)
                pygame.draw.rect(surface, GOLD, card_rect, 1, border_radius=6)
                if obs.phase is JokerPhase.TRUMP_CHOICE:
                    symbol, colour = "?", CREAM
                elif obs.bezi:
                    symbol, colour = "∅", GOLD
                else:
                    symbol = suit_symbol(obs.trump_suit)
                    colour = (230, 70, 70) if is_red(obs.trump_suit) else (235, 235, 235)
                draw_text(surface, symbol, card_rect.center, 40, colour, bold=True,
                          anchor="center")
            if obs.phase is JokerPhase.TRUMP_CHOICE:
                name = self.ctl.seats[obs.to_act].name
                lines = [t("joker.trump.choosing"), name]
            elif not self.trump_shown():
                lines = [t("joker.trump.dealing")]
            elif obs.bezi:
                lines = [t("joker.trump.bezi"), t("joker.trump.no_trump")]
            else:
                lines = [trump_words(obs.trump_suit)]
                if obs.trump_card is not None:
                    lines.append(t("joker.trump.turned"))
            for row, line in enumerate(lines):
                draw_text(surface, line, (text_x, card_rect.y + 4 + row * 22), 16 if row else 18,
                          GOLD if row == 0 else CREAM, bold=row == 0)
            total = len(self.ctl.state.schedule)
            info = t("joker.table.deal", number=obs.deal_number, total=total, cards=obs.cards_dealt)
            draw_text(surface, info, (x, card_rect.bottom + 8), 15, CREAM)
            draw_text(surface, t("joker.table.pulka", pulka=obs.pulka),
                      (x, card_rect.bottom + 28), 15, CREAM)
            bids_line, colour = self.bids_line(obs)
            draw_text(surface, bids_line, (x, card_rect.bottom + 48), 15, colour, bold=True)

    def bids_line(self, obs) -> tuple[str, tuple]:
        """The sum of bids against the cards dealt: over, under (or even)."""
        made = [bid for bid in obs.bids if bid is not None]
        total, cards = sum(made), obs.cards_dealt
        if len(made) < NUM_PLAYERS:
            return t("joker.bids.so_far", total=total, cards=cards), CREAM
        if total > cards:
            return t("joker.bids.over", total=total, cards=cards, by=total - cards), RED_TEXT
        if total < cards:
            return t("joker.bids.under", total=total, cards=cards, by=cards - total), OK_TEXT
        return t("joker.bids.even", total=total, cards=cards), GOLD

    def draw_seat(self, surface, geo, obs, seat: int) -> None:
        side = self.side_of(seat)
        x, y = geo["seats"][side]
        name = self.ctl.seats[seat].name
        acting = obs.to_act == seat and self.ctl.phase in (Phase.HUMAN, Phase.BOT) \
            and not self.busy()
        colour = GOLD if acting else CREAM
        dealer = obs.deal_number and obs.dealer == seat
        bid = obs.bids[seat]
        taken = obs.tricks_taken[seat]
        if bid is None:
            record = t("joker.seat.no_bid")
            record_colour = (200, 210, 200)
        else:
            record = t("joker.seat.record", bid=bid, taken=taken)
            record_colour = OK_TEXT if taken == bid else RED_TEXT if taken > bid else CREAM
        total = t("joker.seat.total", total=obs.totals[seat])
        count = self.shown_count(seat, obs)
        if side == "bottom":
            lines_at = (24, geo["hand_bottom"] - 70)
            anchor = "topleft"
        else:
            back_w = 36
            for rect in fan_rects(count, x, y + (100 if side == "top" else 84), back_w, 180):
                surface.blit(card_back(back_w), rect)
            lines_at = (x, y) if side == "top" else (x, y - 30)
            anchor = "midtop"
        label = f"{name}" + (f"  ·  {t('joker.seat.dealer')}" if dealer else "")
        lx, ly = lines_at
        r = draw_text(surface, label, (lx, ly), 18, colour, bold=acting, anchor=anchor)
        if side == "top":
            draw_text(surface, f"{record}   {total}", (lx, r.bottom + 2), 15, record_colour,
                      anchor=anchor)
        else:
            r2 = draw_text(surface, record, (lx, r.bottom + 2), 15, record_colour, anchor=anchor)
            draw_text(surface, total, (lx, r2.bottom + 2), 15, CREAM, anchor=anchor)
        if acting and self.ctl.phase is Phase.BOT:
            # under the top seat's cards (the buttons are above it), above the other names
            where, cue_anchor = {"top": ((x, y + 104), "midtop"),
                                 "bottom": ((lx, ly - 4), "bottomleft")}.get(
                side, ((lx, ly - 4), "midbottom"))
            draw_text(surface, t("table.thinking", name=name), where, 14, (200, 230, 200),
                      anchor=cue_anchor)

    def draw_trick(self, surface, geo, obs) -> None:
        now = self.app.now
        self.flights = [f for f in self.flights if now < f.started + f.duration]
        flying = {(f.seat, f.card) for f in self.flights}
        trick_w = geo["trick_w"]
        if self.pickup is not None:
            taken, started = self.pickup
            shown_for = now - started - PLAY_FLIGHT_S * self.speed
            if shown_for >= (TRICK_SHOW_S + PICKUP_S) * self.speed:
                self.pickup = None
            else:
                progress = ease_out((shown_for - TRICK_SHOW_S * self.speed)
                                    / (PICKUP_S * self.speed))
                target = geo["seats"][self.side_of(taken.winner)]
                for play in taken.plays:
                    if (play.seat, card_text(play.card)) in flying:
                        continue
                    start = geo["slots"][self.side_of(play.seat)]
                    image = card_image(card_text(play.card), trick_w,
                                       selected=play.seat == taken.winner)
                    surface.blit(image, image.get_rect(center=lerp(start, target, progress)))
                    if progress == 0:
                        self.draw_joker_tag(surface, play, start, trick_w)
                if shown_for > 0 and progress == 0:
                    name = self.ctl.seats[taken.winner].name
                    draw_banner(surface, t("joker.table.takes_trick", name=name),
                                geo["center"], 17)
        if self.pickup is None:
            for play in obs.current_trick:
                if (play.seat, card_text(play.card)) in flying:
                    continue
                spot = geo["slots"][self.side_of(play.seat)]
                image = card_image(card_text(play.card), trick_w)
                surface.blit(image, image.get_rect(center=spot))
                self.draw_joker_tag(surface, play, spot, trick_w)
        for flight in self.flights:
            progress = ease_out((now - flight.started) / flight.duration)
            image = card_image(flight.card, trick_w)
            surface.blit(image, image.get_rect(center=lerp(flight.start, flight.end, progress)))

    def draw_joker_tag(self, surface, play, spot, trick_w) -> None:
        """A joker on the table says how it was played (J9, J10)."""
        if play.card < JOKER_1 or play.joker is None:
            return
        below = (spot[0], spot[1] + card_size(trick_w)[1] // 2 - 4)
        draw_banner(surface, joker_words(play), below, 14, anchor="midtop", padding=(16, 8))

    def draw_deal_flights(self, surface, geo) -> None:
        show = self.deal_show
        now = self.app.now
        if show is None or now >= show.end:
            return
        dealer_side = self.side_of(self.ctl.state.dealer)
        start = geo["seats"][dealer_side]
        for index, seat in enumerate(show.order):
            began = show.started + index * show.step
            if began <= now < began + show.flight:
                side = self.side_of(seat)
                end = (geo["center"][0], geo["hand_bottom"] - 60) if side == "bottom" \
                    else (geo["seats"][side][0], geo["seats"][side][1] + 70)
                progress = ease_out((now - began) / show.flight)
                image = card_back(40)
                surface.blit(image, image.get_rect(center=lerp(start, end, progress)))
        if show.turns_trump and show.cards_end <= now < show.end:
            progress = ease_out((now - show.cards_end) / show.flight)
            end = geo["trump"].x + 38, geo["trump"].y + 70
            image = card_back(40)
            surface.blit(image, image.get_rect(center=lerp(start, end, progress)))

    def draw_hand(self, surface, geo, obs) -> None:
        """The viewer's fan: playable cards bright (raised under the mouse), others dimmed;
        a following joker carries its two ways to play (the touchpad alternative to right
        click)."""
        self.hand_rects, self.joker_chips = [], []
        seat = obs.player
        shown = self.ctl.hand_visible_to() == seat
        count = self.shown_count(seat, obs)
        if not shown or len(obs.hand) < count:       # hidden, or not dealt to this seat yet
            for rect in fan_rects(count, geo["center"][0], geo["hand_bottom"], geo["card_w"],
                                  geo["hand_width"]):
                surface.blit(card_back(geo["card_w"]), rect)
            return
        cards = self.own_cards(obs)
        rects = fan_rects(len(cards), geo["center"][0], geo["hand_bottom"], geo["card_w"],
                          geo["hand_width"])
        playable = self.playable_cards()
        hovered = card_at(rects, self.mouse) if playable else None
        following = bool(self.ctl.state.trick)
        for index, (card, rect) in enumerate(zip(cards, rects)):
            lit = playable is not None and card in playable
            if lit and index == hovered:
                rect = rect.move(0, -14)
            dimmed = playable is not None and not lit
            surface.blit(card_image(card_text(card), geo["card_w"], selected=lit and
                                    index == hovered, dimmed=dimmed), rect)
            self.hand_rects.append((card, rect))
            if lit and card >= JOKER_1 and following:
                self.draw_joker_chips(surface, card, rect)

    def playable_cards(self) -> set | None:
        """The cards the human to act may play now (None: not their card play)."""
        if self.ctl.human_to_act() is None or self.busy():
            return None
        if self.ctl.state.phase is not JokerPhase.PLAYING:
            return None
        return {action.card for action in self.ctl.state.legal_actions()}

    def draw_joker_chips(self, surface, joker: int, rect) -> None:
        high, under = JOKER_FOLLOWS[joker]
        width = max(64, min(rect.width, 96))
        for row, (action, key) in enumerate(((high, "joker.play.high_chip"),
                                             (under, "joker.play.under_chip"))):
            chip = pygame.Rect(0, 0, width, 24)
            chip.midbottom = (rect.centerx, rect.top - 6 - row * 28)
            hover = chip.collidepoint(self.mouse)
            pygame.draw.rect(surface, (70, 100, 60) if hover else (28, 52, 36), chip,
                             border_radius=8)
            pygame.draw.rect(surface, GOLD, chip, 1, border_radius=8)
            draw_text(surface, t(key), chip.center, 13, GOLD if hover else CREAM, bold=True,
                      anchor="center")
            self.joker_chips.append((chip, action))

    def draw_prompt(self, surface, geo, obs) -> None:
        """What the human to act is asked to do, above the panel or the hand."""
        player = self.ctl.human_to_act()
        if player is None or self.busy():
            return
        name = self.ctl.seats[player].name
        state = self.ctl.state
        x, y = geo["center"][0], geo["panel_y"] - 6
        if state.phase is JokerPhase.BIDDING:
            draw_text(surface, t("joker.bid.prompt", name=name, cards=state.cards), (x, y), 17,
                      GOLD, bold=True, anchor="midbottom")
            forbidden = [n for n in range(state.cards + 1)
                         if BID_ACTIONS[n] not in state.legal_actions()]
            if forbidden:
                draw_text(surface, self.forbidden_reason(forbidden[0]), (x, geo["panel_y"] + 50),
                          14, RED_TEXT, anchor="midtop")
        elif state.phase is JokerPhase.TRUMP_CHOICE:
            draw_text(surface, t("joker.trump.prompt", name=name), (x, y), 17, GOLD, bold=True,
                      anchor="midbottom")
        elif state.phase is JokerPhase.PLAYING:
            key = "joker.play.lead" if not state.trick else "joker.play.follow"
            draw_text(surface, t(key, name=name), (x, geo["panel_y"] - 20), 15,
                      (210, 230, 210), anchor="midbottom")
            if any(card >= JOKER_1 for card in obs.hand):
                hint = "joker.play.joker_lead_hint" if not state.trick \
                    else "joker.play.joker_follow_hint"
                draw_text(surface, t(hint), (x, geo["panel_y"] - 2), 13, (200, 215, 200),
                          anchor="midbottom")

    def draw_messages(self, surface) -> None:
        now = self.app.now
        self.messages = [m for m in self.messages if m[1] > now]
        y = 64
        for text, _, colour in self.messages:   # on a plate: a long one crosses the top seat's name
            rect = draw_banner(surface, text, (28, y), 16, colour, anchor="topleft",
                               padding=(16, 8))
            y = rect.bottom + 4

