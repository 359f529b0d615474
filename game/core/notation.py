"""Text notation shared by the engines and the scenario/1 format.

Domino tiles are written "a-b" (smaller first on output); cards are rank then suit letter
("10H", "3S"); jokers are "X1" and "X2". Engines keep their own compact int encodings and use
these helpers only at the edges (replay, saves, UI labels).
"""

from __future__ import annotations

from .errors import ScenarioError

TILE_MAX_PIPS = 6

CARD_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: rank text -> natural value (2..14, ace high)
RANK_VALUE = {text: value for value, text in enumerate(CARD_RANKS, start=2)}
SUITS = ("S", "C", "D", "H")
SUIT_SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
JOKERS = ("X1", "X2")


def parse_tile(text: object) -> tuple[int, int]:
    """Parse "a-b" (either order) into (low, high)."""
    if not isinstance(text, str):
        raise ScenarioError(f"a tile must be written as text like \"3-5\", not {text!r}")
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ScenarioError(f"{text!r} is not a tile (expected \"a-b\" with pips 0 to 6)")
    a, b = int(parts[0]), int(parts[1])
    if not (0 <= a <= TILE_MAX_PIPS and 0 <= b <= TILE_MAX_PIPS):
        raise ScenarioError(f"{text!r} is not a tile (pips go from 0 to 6)")
    return (a, b) if a <= b else (b, a)


def format_tile(low: int, high: int) -> str:
    if low > high:
        low, high = high, low
    return f"{low}-{high}"


def parse_card(text: object) -> tuple[int, str] | str:
    """Parse "10H" into (10, "H"), "AS" into (14, "S"); a joker "X1"/"X2" is returned as is."""
    if not isinstance(text, str):
        raise ScenarioError(f"a card must be written as text like \"10H\", not {text!r}")
    card = text.strip().upper()
    if card in JOKERS:
        return card
    rank, suit = card[:-1], card[-1:]
    if suit not in SUITS or rank not in RANK_VALUE:
        raise ScenarioError(
            f"{text!r} is not a card (rank 2-10, J, Q, K, A then suit S, C, D or H; jokers X1, X2)")
    return RANK_VALUE[rank], suit

