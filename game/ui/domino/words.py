"""How the domino table names tiles and line ends in sentences (through t())."""

from __future__ import annotations

from game.domino.tiles import tile_text

from ..i18n import t


def end_words(end: str) -> str:
    """"left" / "right" for the engine's "L" / "R"."""
    return t(f"domino.end.{end}")


def play_words(play) -> str:
    """"6-4 on the left"."""
    return t("domino.play_at", tile=tile_text(play.tile), end=end_words(play.end))


def apollo_words(apollo) -> str:
    """"6-4 on the left, then 4-4 on the right": one way to make an Apollo (D11)."""
    return t("domino.apollo.option", first=play_words(apollo.first),
             second=play_words(apollo.second))


def tiles_words(tiles) -> str:
    return ", ".join(tile_text(tile) for tile in tiles)


#: refusal parameters (game.domino.actions.REFUSAL_CODES) in words, by parameter name
REFUSAL_PARAM_WORDS = {"tile": tile_text, "tiles": tiles_words, "end": end_words}
