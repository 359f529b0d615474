"""What a player can do (actions) and what the table sees happen (events).

Actions carry no player: the state knows whose turn it is. Every distinct legal action exists once
as a prebuilt object (see the tables at the bottom), so generating legal moves allocates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from .cards import JOKERS, PACK, SUIT_LETTERS


class JokerMode(IntEnum):
    """How a joker is played (J9, J10)."""
    HIGH = 0    # led: everyone plays their highest card of the named suit; not led: მოჯოკვრა
    TAKES = 1   # led only: the named suit is led, the joker is its lowest card (წაიღოს)
    UNDER = 2   # not led only: thrown away, never takes the trick (ქვევიდან)


JOKER_MODE_WORDS = ("high", "takes", "under")


class Phase(Enum):
    AWAITING_DEAL = "awaiting deal"
    TRUMP_CHOICE = "trump choice"   # 9-card deals (J5)
    BIDDING = "bidding"
    PLAYING = "playing"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Bid:
    n: int


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    suit: int | None  # None = bezi (no trump)


@dataclass(frozen=True, slots=True)
class Play:
    card: int
    joker: JokerMode | None = None
    suit: int | None = None  # the suit named when a joker leads


#: the `code` of every IllegalAction the Joker engine raises (the window words each one)
REFUSAL_CODES = (
    # moves a player can make
    "card_not_in_hand",             # a card that is not in the hand
    "must_follow_suit",             # J8
    "must_trump",                   # J8: void in the led suit, holding a trump
    "must_play_highest",            # J9: a joker led "high" asks for the highest of its suit
    "mode_on_plain_card",           # J9, J10: only a joker is played high, takes or under
    "joker_lead_under",             # J9: a led joker is high or takes
    "joker_lead_needs_suit",        # J9: a led joker names its mode and a suit
    "joker_takes_only_when_led",    # J10: a joker that does not lead is high or under
    "joker_needs_mode",             # J10
    "joker_suit_only_when_led",     # J10
    "bid_out_of_range",             # J6: 0 to the cards dealt
    "dealer_bid_forbidden",         # J6: the dealer may not make the bids add up
    "bad_trump",                    # J5: a suit or bezi
    "time_to_name_trump",           # J5: an action the phase does not take
    "time_to_bid",                  # J6
    "time_to_play",                 # J7
    # moments and malformed input several games refuse alike (worded once, in app.json)
    "no_deal_yet",                  # a move between deals
    "game_over",
    "no_deal_in_progress",          # a determinization asked for outside a deal
    "unknown_action",
    "not_a_card",
    "bad_deal",                     # a deal record that does not fit the deal, or not due
)


# --- events -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DealStarted:
    deal_number: int           # from 1
    cards: int
    dealer: int
    trump_card: int | None     # 1–8 card deals only


@dataclass(frozen=True, slots=True)
class TrumpChosen:
    seat: int
    suit: int | None           # None = bezi


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """One card on the table; also the entry of the public play history."""
    seat: int
    card: int
    joker: JokerMode | None = None
    suit: int | None = None


@dataclass(frozen=True, slots=True)
class TrickTaken:
    winner: int
    plays: tuple[CardPlayed, ...]


@dataclass(frozen=True, slots=True)
class DealResult:
    """One line of the score sheet; also the event sent when a deal is scored."""
    deal_number: int
    pulka: int                 # from 1
    cards: int
    dealer: int
    trump: int | None          # None = bezi
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PulkaResult:
    """The premium line under a pulka (J15); also the event sent when it is settled."""
    pulka: int
    premium: tuple[int, ...]   # players on premium
    adjust: tuple[int, ...]    # by player


@dataclass(frozen=True, slots=True)
class GameOver:
    totals: tuple[int, ...]
    ranking: tuple[int, ...]   # best first (J16)


# --- the prebuilt actions -------------------------------------------------------------------

MAX_CARDS = 9
BID_ACTIONS = tuple(Bid(n) for n in range(MAX_CARDS + 1))
TRUMP_ACTIONS = tuple(ChooseTrump(s) for s in range(len(SUIT_LETTERS))) + (ChooseTrump(None),)
#: card -> Play for plain cards (None for jokers)
PLAIN_PLAYS = tuple(Play(c) if c in PACK and c not in JOKERS else None for c in range(38))
#: joker -> its forms when it leads: high/takes × each suit
JOKER_LEADS = {j: tuple(Play(j, mode, s) for mode in (JokerMode.HIGH, JokerMode.TAKES)
                        for s in range(4)) for j in JOKERS}
#: joker -> its forms when it does not lead
JOKER_FOLLOWS = {j: (Play(j, JokerMode.HIGH), Play(j, JokerMode.UNDER)) for j in JOKERS}
#: suit -> 9-bit chunk of a hand mask -> the plain plays of those cards (legal moves without a
#: loop over bits)
SUIT_CHUNK_PLAYS = tuple(
    tuple(tuple(PLAIN_PLAYS[suit * 9 + r] for r in range(9)
                if chunk >> r & 1 and PLAIN_PLAYS[suit * 9 + r] is not None)
          for chunk in range(1 << 9))
    for suit in range(4))

# The events of the prebuilt actions, by seat, keyed by the action's id: building a frozen
# dataclass costs more than the rest of a move, and these singletons live as long as the module.
PLAYED_BY_SEAT = {
    id(play): tuple(CardPlayed(seat, play.card, play.joker, play.suit) for seat in range(4))
    for play in [p for p in PLAIN_PLAYS if p is not None]
    + [p for forms in (JOKER_LEADS, JOKER_FOLLOWS) for j in JOKERS for p in forms[j]]}
BID_MADE_BY_SEAT = {id(bid): tuple(BidMade(seat, bid.n) for seat in range(4))
                    for bid in BID_ACTIONS}
