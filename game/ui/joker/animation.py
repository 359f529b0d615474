"""The Joker table's animations: the ace cutting (J3), dealing card by card (J5), a card flying to
the trick, the trick gathered by its winner. Each is a tween on the table's timeline that holds
the game until it has been seen (a complete trick for the tempo model's time: the deal's last
trick is a key moment).

`JokerAnimations` is the part of the table scene that starts them on its timeline; the
`draw_…` functions draw them for the renderer (renderer.py), reading the frame's picture and
changing nothing."""

from __future__ import annotations

from dataclasses import dataclass

from game.controller.pace import Moment
from game.joker.actions import CardPlayed, DealStarted, TrickTaken
from game.joker.cards import JOKER_1, RANKS_PER_SUIT, card_text
from game.joker.dealing import ace_cutting
from game.joker.state import FULL_DEAL, NUM_PLAYERS, TRUMP_CHOICE_CARDS

from ..cards import card_back, card_image, card_size
from ..i18n import t
from ..resources import draw_text, wrap_text
from ..scaling import px
from ..rules_in_force import RULES_LINE_TOP
from ..timeline import blit_faded
from ..widgets import CREAM, GOLD, draw_banner
from .words import joker_words

# Animation times at "normal" speed (the timeline scales them by the animation setting).
CUT_CARD_S = 0.28          # one card of the ace cutting
CUT_RESULT_S = 1.8         # the first dealer is announced (real seconds)
DEAL_CARD_S = 0.05         # between two dealt cards
DEAL_FLIGHT_S = 0.28       # one dealt card in the air
PLAY_FLIGHT_S = 0.22       # a played card flies to the trick
PICKUP_S = 0.4             # the winner gathers it (once it was read: the pace's time)

#: hand order: suits alternate red and black (♥ ♣ ♦ ♠), low to high, the jokers at the right end
SUIT_ORDER = (0, 2, 1, 3)


def draw_joker_tag(surface, play, spot, card_width: int) -> None:
    """A joker in the trick says how it was played (J9, J10), under its card at `spot`."""
    if play.card < JOKER_1 or play.joker is None:
        return
    below = (spot[0], spot[1] + card_size(card_width)[1] // 2 - px(4))
    draw_banner(surface, joker_words(play), below, 14, anchor="midtop", padding=(16, 8))


def hand_order(card: int) -> tuple:
    if card >= JOKER_1:
        return (1, 0, card)
    return (0, SUIT_ORDER[card // RANKS_PER_SUIT], card)


def dealt_order(dealer: int) -> list[int]:
    """Seats in the order they receive cards: from the player after the dealer (J2, J5)."""
    return [(dealer + 1 + turn) % NUM_PLAYERS for turn in range(NUM_PLAYERS)]


@dataclass(frozen=True)
class DealShow:
    """Cards dealt one by one: `order` is the seat receiving each card, `base` what each seat
    held before; `step` and `flight` are already scaled to the animation speed."""
    started: float
    order: tuple
    base: tuple
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


@dataclass(frozen=True)
class Pickup:
    """A complete trick: readable for `show_s` (real seconds, from the pace), then gathered."""
    taken: TrickTaken
    show_s: float


@dataclass(frozen=True)
class Flight:
    """A card flying from a seat to its place in the trick."""
    seat: int
    card: str
    start: tuple
    end: tuple


class JokerAnimations:
    """The Joker table's animations, started on the table's timeline from its events."""

    def __init__(self, timeline) -> None:
        self.timeline = timeline

    def start_cut(self, opening, now: float) -> None:
        """On a table that has not started yet, replay its ace cutting on screen (`opening`:
        the controller's opening to show, (seed, what was decided), or None)."""
        if opening is None or "first_dealer" not in opening[1]:
            return
        seed, decided = opening
        dealer, shown = ace_cutting(seed)
        if dealer == decided["first_dealer"]:     # else a table made elsewhere: nothing to show
            # the cards turn at the table's speed; the first dealer's name is read for
            # CUT_RESULT_S at every speed (the fast speed once took it away within a second)
            self.timeline.start("cut", now, len(shown) * CUT_CARD_S, (dealer, shown),
                                hold=True, fixed=CUT_RESULT_S)

    def cutting(self):
        return self.timeline.first("cut")

    def skip_cut(self, now: float) -> None:
        if self.cutting() is not None:
            self.timeline.skip(now)

    def start_deal_show(self, event: DealStarted, now: float) -> None:
        """J5: 1–8 cards one at a time from the player after the dealer, then the next card is
        turned; 9 cards: three each first (the rest after trump is named)."""
        first = dealt_order(event.dealer)
        if event.cards == FULL_DEAL:
            order = [seat for seat in first for _ in range(TRUMP_CHOICE_CARDS)]
        else:
            order = first * event.cards
        self.timeline.stop("pickup")
        self.timeline.stop("flight")
        self.show_deal(now, order, (0,) * NUM_PLAYERS, turns_trump=event.cards != FULL_DEAL)

    def start_rest_of_deal(self, obs, now: float) -> None:
        """The chooser named trump: the other six cards of every hand are dealt (J5)."""
        if obs.cards_dealt != FULL_DEAL:
            return
        rest = FULL_DEAL - TRUMP_CHOICE_CARDS
        order = [seat for seat in dealt_order(obs.dealer) for _ in range(rest)]
        self.show_deal(now, order, (TRUMP_CHOICE_CARDS,) * NUM_PLAYERS, turns_trump=False)

    def show_deal(self, now: float, order: list, base: tuple, turns_trump: bool) -> None:
        timeline = self.timeline
        show = DealShow(now, tuple(order), base, timeline.seconds(DEAL_CARD_S),
                        timeline.seconds(DEAL_FLIGHT_S), turns_trump)
        timeline.start("deal", now, (show.end - now) / timeline.scale, show, hold=True)

    def fly_to_trick(self, event: CardPlayed, now: float, layout, side: str) -> None:
        """The card flies from its seat (`side` on screen) to its place in the trick."""
        start = (layout.center[0], layout.hand_top + px(40)) if side == "bottom" \
            else layout.seats[side]
        self.timeline.start("flight", now, PLAY_FLIGHT_S,
                            Flight(event.seat, card_text(event.card), start, layout.slots[side]),
                            replace=False, hold=True)

    def start_pickup(self, event: TrickTaken, now: float, moment: Moment,
                     show_s: float) -> None:
        """The full trick stays readable (`show_s`: the pace's time for its `moment`), then
        its winner gathers it; a click moves on. The deal's last trick is a key moment, and
        stays where it lies until the summary."""
        gather = PICKUP_S if moment is Moment.TRICK else 0.0
        self.timeline.start("pickup", now, gather, Pickup(event, show_s),
                            delay=PLAY_FLIGHT_S, hold=True, fixed=show_s)

    def hold_trick_midway(self, now: float) -> None:
        """Keep the complete trick halfway through its showing (its banner up)."""
        pickup = self.timeline.first("pickup")
        if pickup is not None:
            self.timeline.freeze_at("pickup", now, pickup.data.show_s / 2)


# --- what is shown meanwhile ----------------------------------------------------------------


def dealing(timeline) -> DealShow | None:
    tween = timeline.first("deal")
    return tween.data if tween is not None else None


def shown_count(timeline, now: float, seat: int, obs) -> int:
    """Cards a seat holds on screen: while dealing, only those that have landed."""
    held = obs.hand_sizes[seat]
    show = dealing(timeline)
    if show is not None and now < show.cards_end:
        return min(held, show.count(seat, now))
    return held


def trump_shown(timeline, now: float) -> bool:
    """The turned card shows once the dealing animation has turned it."""
    show = dealing(timeline)
    return show is None or now >= show.end


# --- drawing (for the renderer: `p` is the frame's JokerPicture) ------------------------------


def draw_cut(p, surface, cut) -> None:
    """J3 ატუზვა: cards face up one at a time around the table until the first ace."""
    dealer, shown = cut.data
    now = p.now
    width, height = surface.get_size()
    # under the house rules line when the table has one (it sits under the Menu button)
    top = px(RULES_LINE_TOP + 34) if p.look.rules_line else px(70)
    y = draw_text(surface, t("joker.cut.title"), (width // 2, top), 28, GOLD, bold=True,
                  anchor="midtop").bottom + px(6)
    for line in wrap_text(t("joker.cut.explain"), 17, width - px(60)):
        y = draw_text(surface, line, (width // 2, y), 17, CREAM, anchor="midtop").bottom + px(4)
    visible = min(len(shown), int((now - cut.start) / p.timeline.seconds(CUT_CARD_S)) + 1)
    card_w = max(px(44), p.layout.card_w - px(16))
    piles: dict[int, list[int]] = {seat: [] for seat in range(NUM_PLAYERS)}
    for seat, card in shown[:visible]:
        piles[seat].append(card)
    cx, cy = width // 2, height // 2 + px(30)
    # the top pile and its name below the explanation, however many lines it took
    top_y = max(cy - px(120), y + px(34) + card_size(card_w)[1] // 2)
    spots = {"bottom": (cx, cy + px(150)), "top": (cx, top_y),
             "left": (cx - px(330), cy + px(10)), "right": (cx + px(330), cy + px(10))}
    finished = visible == len(shown)
    for seat in range(NUM_PLAYERS):
        x, y = spots[p.side_of(seat)]
        chosen = finished and seat == dealer
        draw_text(surface, p.names[seat], (x, y - card_size(card_w)[1] // 2 - px(8)), 18,
                  GOLD if chosen else CREAM, bold=chosen, anchor="midbottom")
        pile = piles[seat]
        for index, card in enumerate(pile):
            image = card_image(card_text(card), card_w,
                               selected=chosen and index == len(pile) - 1)
            surface.blit(image, image.get_rect(center=(x + px(index * 18 - (len(pile) - 1) * 9),
                                                       y)))
    if finished:
        draw_text(surface, t("joker.cut.result", name=p.names[dealer]),
                  (cx, height - px(60)), 24, GOLD, bold=True, anchor="midbottom")
    draw_text(surface, t("joker.cut.skip"), (cx, height - px(24)), 14, (200, 220, 200),
              anchor="midbottom")


def draw_pickup(p, surface, pickup, flying: set) -> None:
    """The finished trick, readable, then gathered towards its winner."""
    layout, now = p.layout, p.now
    taken, show_s = pickup.data.taken, pickup.data.show_s
    shown_for = now - pickup.start
    progress = max(0.0, (shown_for - show_s) / p.timeline.seconds(PICKUP_S))
    target = layout.seats[p.side_of(taken.winner)]
    for play in taken.plays:
        if (play.seat, card_text(play.card)) in flying:
            continue
        start = layout.slots[p.side_of(play.seat)]
        image = card_image(card_text(play.card), layout.trick_w,
                           selected=play.seat == taken.winner)
        blit_faded(surface, image, *p.timeline.place(start, target, progress,
                                                     way="leave"))
    if progress == 0:                      # the tags over every card of the trick
        p.draw_joker_tags(surface, [play for play in taken.plays if (
            play.seat, card_text(play.card)) not in flying])
    if shown_for > 0 and progress == 0:
        under = layout.slots["bottom"][1] + card_size(layout.trick_w)[1] // 2 + px(14)
        if any(p.side_of(play.seat) == "bottom" and play.card >= JOKER_1
               and play.joker is not None for play in taken.plays):
            under += px(26)                 # below the bottom joker's tag, not over it
        draw_banner(surface, t("joker.table.takes_trick", name=p.names[taken.winner]),
                    (layout.center[0], under), 17, anchor="midtop")   # the trick in view


def draw_flights(p, surface) -> None:
    now = p.now
    for tween in p.timeline.running("flight"):
        flight = tween.data
        image = card_image(flight.card, p.layout.trick_w)
        blit_faded(surface, image, *p.timeline.place(flight.start, flight.end,
                                                     tween.progress(now)))


def draw_deal_flights(p, surface) -> None:
    show = dealing(p.timeline)
    now = p.now
    if show is None or now >= show.end:
        return
    layout = p.layout
    start = layout.seats[p.side_of(p.view.observation.dealer)]
    image = card_back(px(40))
    for index, seat in enumerate(show.order):
        began = show.started + index * show.step
        if began <= now < began + show.flight:
            side = p.side_of(seat)
            end = (layout.center[0], layout.hand_bottom - px(60)) if side == "bottom" \
                else (layout.seats[side][0], layout.seats[side][1] + px(70))
            blit_faded(surface, image, *p.timeline.place(start, end,
                                                         (now - began) / show.flight))
    if show.turns_trump and show.cards_end <= now < show.end:
        end = layout.trump.x + px(38), layout.trump.y + px(70)
        blit_faded(surface, image, *p.timeline.place(
            start, end, (now - show.cards_end) / show.flight))
