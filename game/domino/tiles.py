"""The double-six set (D1) as ints: tile id 0..27 for (low, high) with low <= high."""

from __future__ import annotations

from game.core.notation import format_tile, parse_tile

PIP_VALUES = range(7)
#: tile id -> (low, high), in the order 0-0, 0-1, ..., 0-6, 1-1, ..., 6-6
TILE_ENDS: tuple[tuple[int, int], ...] = tuple((a, b) for a in PIP_VALUES for b in PIP_VALUES
                                               if a <= b)
ALL_TILES = tuple(range(len(TILE_ENDS)))
TILE_ID = {ends: tile for tile, ends in enumerate(TILE_ENDS)}
LOW = tuple(a for a, _ in TILE_ENDS)
HIGH = tuple(b for _, b in TILE_ENDS)
PIPS = tuple(a + b for a, b in TILE_ENDS)
IS_DOUBLE = tuple(a == b for a, b in TILE_ENDS)
DOUBLES = frozenset(t for t in ALL_TILES if IS_DOUBLE[t])
#: number -> the seven tiles that show it
TILES_WITH = tuple(tuple(t for t in ALL_TILES if n in TILE_ENDS[t]) for n in PIP_VALUES)
DOUBLE_OF = {n: TILE_ID[(n, n)] for n in PIP_VALUES}
DOUBLE_SIX = DOUBLE_OF[6]
TILES_PER_HAND = 7


def fits(tile: int, number: int) -> bool:
    return LOW[tile] == number or HIGH[tile] == number


def other_end(tile: int, number: int) -> int:
    """The number a tile shows outward once laid against `number`."""
    return HIGH[tile] if LOW[tile] == number else LOW[tile]


def tile_text(tile: int) -> str:
    return format_tile(*TILE_ENDS[tile])


def tile_from_text(text: object) -> int:
    return TILE_ID[parse_tile(text)]


def hand_pips(hand) -> int:
    total = 0
    for tile in hand:       # a plain loop: cheaper than sum() over a generator or a map
        total += PIPS[tile]
    return total
