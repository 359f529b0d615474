"""Actions a player takes, events the state reports, and what one seat may observe.

Cards are ints (see cards.py); the scenario notation lives in definition.py. All small frozen
dataclasses: they are shared between cloned states and never change.
"""

from __future__ import annotations

from dataclasses import dataclass


# --- actions ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Play:
    """Play a combination; `cards` sorted, lowest first."""
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass (T8); for a passed player offered a 4-pair chop (T9) it means "stay passed"."""


@dataclass(frozen=True, slots=True)
class Leave:
    """`player` leaves the table (T16); allowed at any time, not only on their turn."""
    player: int


PASS = Pass()


# --- the house rules (docs/rules/variants.md V-T1–V-T7) -----------------------------------------

@dataclass(frozen=True, slots=True)
class TienLenOptions:
    """The house rules in force at a table. The defaults are the base rules (T1–T20) exactly; the
    stake and the gold are kept apart (the observation does not show the stake)."""
    settlement: str = "count"           # V-T1: "count" (T10, T14) or "places" (Nhất–Nhì–Ba–Bét)
    place_unit: int = 10                # V-T1: cards of one place payment (u = unit × stake)
    no_finish_on_two: bool = False      # V-T2: a play that empties a hand may hold no 2
    three_spades_finish: bool = False   # V-T3: going out on the single 3♠ doubles the payments
    instant_wins: str = "standard"      # V-T4: "standard" (T17–T19), "off" or "extended"
    chop_settlement: str = "chain_last"  # V-T5: "chain_last" (T13) or "each"
    comeback: str = "four_pairs"        # V-T6: "four_pairs" (T9), "off" or "any_bomb"
    lead_rule: str = "winner"           # V-T7: "winner" (T7) or "three_spades"

    @property
    def places(self) -> bool:
        return self.settlement == "places"


#: the base rules
BASE_RULES = TienLenOptions()

#: the `code` of every IllegalAction the Tiến Lên engine raises (the window words each one)
REFUSAL_CODES = (
    # moves a player can make
    "cards_not_in_hand",        # cards that are not in the hand
    "not_a_combination",        # T3
    "must_include",             # T7: the first play of the first game holds 3♠ (or the lowest)
    "does_not_beat",            # T4, T5
    "passed_this_round",        # T8, T9: only four consecutive pairs bring a passed player back
    "passed_bomb_only",         # V-T6 any_bomb: only a bomb brings a passed player back
    "cannot_finish_on_two",     # V-T2: the play would empty the hand and holds a 2
    "already_out",              # VT-b: a player who went out (V-T1) may not leave mid-game
    "cannot_pass_leading",      # T8: the leader plays
    "already_left",             # T16
    "table_closed",             # fewer than two players are left (T16)
    "nobody_to_move",
    # what only a malformed scenario or a programming error sends
    "malformed_play",           # a play's cards are not a tuple
    "empty_play",
    "listed_twice",
    "no_such_player",
    # moments and malformed input several games refuse alike (worded once, in app.json)
    "game_over",                # a move between games
    "unknown_action",
    "not_a_card",
    "bad_deal",                 # a deal record that does not fit the table, or not due
)


# --- events (the public history) ----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class GameStarted:
    game: int               # 1 for the first game at the table
    leader: int
    must_include: int | None  # the card the first play must contain (T7), if any


@dataclass(frozen=True, slots=True)
class InstantWin:
    winner: int
    win: str                # a name from scoring.INSTANT_WIN_RULE


@dataclass(frozen=True, slots=True)
class CardsPlayed:
    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Passed:
    player: int


@dataclass(frozen=True, slots=True)
class Chopped:
    """T12–T13: `chopper` chopped `chopped`; `chain` is the value accumulated this round."""
    chopper: int
    chopped: int
    cards: int
    chain: int


@dataclass(frozen=True, slots=True)
class ChopSettled:
    """T13: the chain is paid, `cards` × stake = `gold`."""
    payer: int
    receiver: int
    cards: int
    gold: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    leader: int | None      # who leads the next round (None when the game ended with it)


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """V-T1 (places): `player` played their last card and took `place` (1 = first)."""
    player: int
    place: int


@dataclass(frozen=True, slots=True)
class CongPaid:
    """V-T1.3: at the first out `payer` had played no card (cóng): they pay `cards` (T15, doubled
    by V-T3) × stake = `gold` to the first player at once and stop playing."""
    payer: int
    receiver: int
    cards: int
    gold: int


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """T16: `penalty` cards, paid to the winner when the game ends (0 between games)."""
    player: int
    penalty: int


@dataclass(frozen=True, slots=True)
class GameOver:
    outcome: str            # "normal", "instant" or "cong_all"
    winner: int | None      # None: a V-T2 dead end without places (VT-f)
    gold: tuple[int, ...]


# --- results and observations -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChopPayment:
    payer: int
    receiver: int
    cards: int


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: the scenario output's per-deal entry."""
    outcome: str
    winner: int | None      # None: a V-T2 dead end without places (VT-f)
    gold: tuple[int, ...]
    chops: tuple[ChopPayment, ...]
    #: V-T1: player indices, first … last, then the cóng players, then the leavers (latest
    #: first); None when the game was not played out to places
    places: tuple[int, ...] | None = None
    #: V-T3: the winner went out on the single 3♠ and the payments were doubled
    three_spades_finish: bool = False


@dataclass(frozen=True, slots=True)
class TienLenObservation:
    """Everything `player` may know: their own hand and what the table has seen."""
    player: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    current_player: int | None
    game: int
    #: events of the game in progress (or the last one), public information only
    history: tuple
    table_cards: tuple[int, ...] | None
    table_player: int | None
    passed: tuple[int, ...]
    must_include: int | None
    at_table: tuple[bool, ...]
    gold: tuple[int, ...]
    results: tuple[GameResult, ...]
    #: the house rules are public, like the rules themselves (a bot needs them)
    options: TienLenOptions = BASE_RULES


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance record of one game: each player's 13 cards (empty for a player who left)."""
    hands: tuple[tuple[int, ...], ...]
