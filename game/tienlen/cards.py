"""Cards as ints and hands as 52-bit masks (T1, T2).

card = rank_index * 4 + suit_index, with rank order 3 4 … K A 2 and suit order ♠ ♣ ♦ ♥, so a
higher int is a higher card and comparing cards is comparing ints. A hand is the bitmask with bit
`card` set for each card it holds; the four cards of one rank are four adjacent bits.
"""

from __future__ import annotations

from typing import Iterable

from game.core.errors import ScenarioError
from game.core.notation import SUIT_SYMBOL, parse_card

RANK_TEXT = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUIT_TEXT = ("S", "C", "D", "H")
NUM_RANKS = 13
DECK_SIZE = 52
HAND_SIZE = 13
FULL_DECK = (1 << DECK_SIZE) - 1

RANK_TWO = 12
RANK_ACE = 11
THREE_OF_SPADES = 0
SPADES, CLUBS, DIAMONDS, HEARTS = range(4)

#: popcount of a 4-bit nibble
NIBBLE_COUNT = tuple(n.bit_count() for n in range(16))

#: bit 4r for each rank r, the lowest bit of each rank's four
ONE_BIT_PER_RANK = sum(1 << (4 * r) for r in range(NUM_RANKS))
#: the same for the ranks 3..A, those that straights and pair runs may use
ONE_BIT_PER_RUN_RANK = ONE_BIT_PER_RANK & ((1 << (4 * RANK_ACE + 4)) - 1)
_FIVES = 0x5 * ONE_BIT_PER_RANK   # 0101 in every rank
_THREES = 0x3 * ONE_BIT_PER_RANK  # 0011 in every rank

#: natural rank value of the core notation (2..14) -> our rank index
_INDEX_OF_VALUE = {value: (value - 3 if value >= 3 else RANK_TWO) for value in range(2, 15)}


def is_red(card: int) -> bool:
    return card & 3 >= DIAMONDS


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a mask, lowest first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cards)


def rank_counts(mask: int) -> list[int]:
    """How many cards of each rank index the hand holds."""
    return [NIBBLE_COUNT[(mask >> (4 * r)) & 0xF] for r in range(NUM_RANKS)]


def rank_count_nibbles(mask: int) -> int:
    """Each rank's 4 bits replaced by the number of cards of that rank (0 to 4), all at once."""
    pairs = mask - ((mask >> 1) & _FIVES)
    return (pairs & _THREES) + ((pairs >> 2) & _THREES)


def ranks_held(mask: int, at_least: int) -> int:
    """Bit 4r set for each rank r with at least `at_least` (1 to 4) cards in the mask."""
    counts = rank_count_nibbles(mask)
    if at_least == 1:
        found = counts | counts >> 1 | counts >> 2
    elif at_least == 2:
        found = counts >> 1 | counts >> 2
    elif at_least == 3:
        found = counts >> 2 | (counts >> 1 & counts)
    else:
        found = counts >> 2
    return found & ONE_BIT_PER_RANK


def parse(text: object) -> int:
    """"10H" -> its card int; raises ScenarioError for anything that is not one of the 52 cards."""
    parsed = parse_card(text)
    if isinstance(parsed, str):
        raise ScenarioError(f"{text!r}: Tiến Lên is played without jokers")
    value, suit = parsed
    return _INDEX_OF_VALUE[value] * 4 + SUIT_TEXT.index(suit)


CARD_NAMES = tuple(RANK_TEXT[card >> 2] + SUIT_TEXT[card & 3] for card in range(DECK_SIZE))


def name(card: int) -> str:
    """Scenario notation: "10H" (one shared string per card: a long session's record holds
    thousands of them)."""
    return CARD_NAMES[card]


def pretty(card: int) -> str:
    """Words for messages and the UI: "10♥"."""
    return RANK_TEXT[card >> 2] + SUIT_SYMBOL[SUIT_TEXT[card & 3]]


def describe(cards: Iterable[int]) -> str:
    """"5♠ 6♥" for a set of cards, lowest first."""
    return " ".join(pretty(card) for card in sorted(cards))
