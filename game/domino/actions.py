"""Domino actions and events: small immutable values.

Actions use the scenario/1 notation (see definition.py); the Play values are interned so that
legal-move generation in search and playouts never allocates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .tiles import ALL_TILES, TILE_ENDS, tile_text

LEFT, RIGHT = "L", "R"
ENDS = (LEFT, RIGHT)


@dataclass(frozen=True, slots=True)
class Play:
    tile: int
    #: "L" or "R"; None for the first tile of a deal (it has no end yet)
    end: str | None

    def __str__(self) -> str:
        where = {None: "", LEFT: " on the left", RIGHT: " on the right"}[self.end]
        return f"{tile_text(self.tile)}{where}"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Apollo:
    """D11: the last two tiles laid in one turn, the non-double first, the double second."""
    first: Play
    second: Play

    def __str__(self) -> str:
        return f"Apollo {self.first} then {self.second}"


PASS = Pass()

#: the `code` of every IllegalAction the domino engine raises (the window words each one)
REFUSAL_CODES = (
    # moves a player can make
    "tile_not_in_hand",         # a tile that is not in the hand
    "must_open_with",           # D5: the deal opens with 6-6 (in a tie-break deal, the highest)
    "tile_does_not_fit",        # D8: matches neither end (misplay_penalty off; on: a Misplayed)
    "wrong_end",                # D7/D8: fits only the other end
    "end_not_chosen",           # D7: a tile after the first one needs an end
    "cannot_pass_must_open",    # D5: the opening tile must be played
    "cannot_pass_tile_fits",    # D6: pass only when nothing fits
    "apollo_before_opening",    # D11: the deal has not been opened
    "apollo_needs_two_tiles",   # D11
    "apollo_not_your_tiles",    # D11: Apollo lays the two tiles of the hand
    "apollo_double_last",       # D11: the non-double first, the double second
    "apollo_does_not_fit",      # D11: not both legal on the line as it stands
    "must_open_with_double",    # V-D1 "lampung": the opener lays a double of their choice
    "cannot_pass_you_open",     # V-D1 "winner" / "lampung": the opener lays a tile
    "match_over",               # a move after the last deal
    # moments and malformed input several games refuse alike (worded once, in app.json)
    "no_deal_yet",              # a move between deals
    "no_deal_in_progress",      # a determinization asked for outside a deal
    "unknown_action",
    "bad_deal",                 # a deal record that does not fit the table, or given mid-deal
)

#: interned plays: PLAY_AT[tile][end] and OPENING_PLAY[tile]
PLAY_AT = tuple({LEFT: Play(t, LEFT), RIGHT: Play(t, RIGHT)} for t in ALL_TILES)
OPENING_PLAY = tuple(Play(t, None) for t in ALL_TILES)
#: PLAY_ON[end][number][tile]: the play of `tile` on that end when it shows `number`, else None
PLAY_ON = {end: tuple(tuple(PLAY_AT[t][end] if number in TILE_ENDS[t] else None
                            for t in ALL_TILES) for number in range(7))
           for end in ENDS}


# --- events (what `apply` and `start_deal` report, for the UI and the log;
# NamedTuples: immutable and cheap to build in playouts) ---

class DealStarted(NamedTuple):
    number: int                    # 1..12, then 13, 14, ... for tie-break deals
    chairs: tuple                  # chairs[c] = player sitting in chair A+c (None: empty chair)
    tiebreak: bool


class SeatsChanged(NamedTuple):
    """D3: before deals 5 and 9 two players swap chairs."""
    before_deal: int
    swapped: tuple                 # the two players who swapped
    chairs: tuple


class TilePlayed(NamedTuple):
    player: int
    tile: int
    end: str | None
    left: int                      # open ends after the tile was laid
    right: int


class Passed(NamedTuple):
    player: int
    left: int
    right: int


class Misplayed(NamedTuple):
    """D8: a tile that matches neither end was refused; the player loses a point."""
    player: int
    tile: int
    penalty: int


class DealEnded(NamedTuple):
    result: object                 # scoring.DealResult


class TiebreakNeeded(NamedTuple):
    """D17: these players are tied on points and play an extra deal among themselves."""
    players: tuple


class MatchEnded(NamedTuple):
    ranking: tuple
