"""How the domino table names tiles and line ends in sentences (through t())."""

from __future__ import annotations

from game.domino.tiles import tile_text

from ..i18n import t


def end_words(end: str) -> str:
    """"left" / "right" for the engine's "L" / "R"."""
    return t(f"domino.end.{end}")


def tiles_words(tiles) -> str:
    return ", ".join(tile_text(tile) for tile in tiles)


#: refusal parameters (game.domino.actions.REFUSAL_CODES) in words, by parameter name
REFUSAL_PARAM_WORDS = {"tile": tile_text, "tiles": tiles_words, "end": end_words}
