"""The Joker pack (J1) as small ints, and hands as bitmasks.

A card is `suit * 9 + rank_index` (rank_index 0..8 for 6 7 8 9 10 J Q K A), so within one suit a
higher int is a higher card, and a hand is an int with one bit per card. The sixes of clubs and
spades do not exist; the two jokers are 36 ("X1") and 37 ("X2"). Suit index 4 stands for "no
trump" (bezi): its mask is empty, so `hand & SUIT_MASKS[trump]` is simply 0 then.
"""

from __future__ import annotations

from typing import Iterable

from ..core.errors import ScenarioError
from ..core.notation import parse_card

#: suit letters in the order of the Georgian sheet: გული, აგური, ჯვარი, ყვავი
SUIT_LETTERS = ("H", "D", "C", "S")
SUIT_NAMES = ("hearts", "diamonds", "clubs", "spades")
SUIT_SINGULAR = ("heart", "diamond", "club", "spade")
HEARTS, DIAMONDS, CLUBS, SPADES = range(4)
NO_TRUMP = 4
RANK_TEXT = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS_PER_SUIT = 9

JOKER_1, JOKER_2 = 36, 37
JOKERS = (JOKER_1, JOKER_2)
JOKER_MASK = (1 << JOKER_1) | (1 << JOKER_2)
#: index 4 (no trump) is the empty mask on purpose
SUIT_MASKS = tuple(((1 << RANKS_PER_SUIT) - 1) << (RANKS_PER_SUIT * s) for s in range(4)) + (0,)

_MISSING_SIXES = (CLUBS * RANKS_PER_SUIT, SPADES * RANKS_PER_SUIT)  # replaced by the jokers
PACK = tuple(c for c in range(4 * RANKS_PER_SUIT) if c not in _MISSING_SIXES) + JOKERS
PACK_MASK = sum(1 << c for c in PACK)

CARD_TEXT = tuple(
    ("X1", "X2")[c - JOKER_1] if c >= JOKER_1
    else RANK_TEXT[c % RANKS_PER_SUIT] + SUIT_LETTERS[c // RANKS_PER_SUIT]
    for c in range(JOKER_2 + 1))
_CARD_BY_TEXT = {CARD_TEXT[c]: c for c in PACK}


def suit_of(card: int) -> int:
    """The suit index of a plain card (jokers have none: do not call it for them)."""
    return card // RANKS_PER_SUIT


def is_joker(card: int) -> bool:
    return card >= JOKER_1


def is_card(card: object) -> bool:
    return type(card) is int and 0 <= card <= JOKER_2 and bool(PACK_MASK >> card & 1)


def card_text(card: int) -> str:
    return CARD_TEXT[card]


def parse_card_text(text: object) -> int:
    """"10H" -> its int; raises ScenarioError for bad notation or a card not in the Joker pack."""
    parsed = parse_card(text)  # checks the notation, upper-cases
    canonical = parsed if isinstance(parsed, str) else str(text).strip().upper()
    card = _CARD_BY_TEXT.get(canonical)
    if card is None:
        raise ScenarioError(f"{text!r} is not in the Joker pack (6 to A in each suit, without "
                            f"the sixes of clubs and spades, and the jokers X1 and X2)")
    return card


def parse_suit_letter(text: object) -> int:
    letter = text.strip().upper() if isinstance(text, str) else text
    if letter not in SUIT_LETTERS:
        raise ScenarioError(f"a suit is one of H, D, C, S, not {text!r}")
    return SUIT_LETTERS.index(letter)


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest int first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def highest_card(mask: int) -> int:
    """The highest card of a non-empty one-suit mask."""
    return mask.bit_length() - 1
