"""How the Joker table writes suits, trump and joker plays (through t(), with the Georgian
terms next to the English)."""

from __future__ import annotations

from game.joker.cards import SUIT_LETTERS

from ..cards import SUIT_SYMBOL
from ..i18n import t

MODE_KEYS = ("high", "takes", "under")   # JokerMode order


def suit_symbol(suit: int) -> str:
    return SUIT_SYMBOL[SUIT_LETTERS[suit]]


def is_red(suit: int) -> bool:
    return SUIT_LETTERS[suit] in "HD"


def trump_words(suit: int | None) -> str:
    """"♥ hearts", or "ბეზი (no trump)"."""
    if suit is None:
        return t("joker.trump.bezi_words")
    return f"{suit_symbol(suit)} {t(f'joker.suit.{suit}')}"


def joker_words(play) -> str:
    """"high ♥", "takes ♠", "high", "under" (J9, J10)."""
    word = t(f"joker.mode.{MODE_KEYS[play.joker]}")
    if play.suit is not None:
        return f"{word} {suit_symbol(play.suit)}"
    return word
