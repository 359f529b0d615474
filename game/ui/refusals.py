"""A refused move in words (placeholder until the refusal codes land)."""

from __future__ import annotations

from game.core.errors import IllegalAction


def refusal_words(error: IllegalAction, names=None) -> str:
    return str(error)
