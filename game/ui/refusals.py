"""A refused move in the player's language.

Engines refuse with IllegalAction: an English message (for logs and `main.py replay`), a `code`
and plain-data `params`. The window says it through t(): the key is `<game>.refusal.<code>` (or
`refusal.<code>` for the codes of the replay driver and the controller, game.core.errors), and
each parameter is put in words by the game's words module (`REFUSAL_PARAM_WORDS`: a tile as
"3-5", a Tiến Lên card as 3♠, a Joker suit as "♥ hearts" ...). A player index becomes their name.
"""

from __future__ import annotations

import importlib
from typing import Sequence

from game.core.errors import REFUSAL_CODES as TABLE_REFUSAL_CODES
from game.core.errors import IllegalAction

from .i18n import t


def refusal_key(game: str, code: str) -> str:
    """The translation key of a refusal code raised while playing `game`."""
    return f"refusal.{code}" if code in TABLE_REFUSAL_CODES else f"{game}.refusal.{code}"


def player_words(player: int, names: Sequence[str] = ()) -> str:
    if 0 <= player < len(names):
        return names[player]
    return t("refusal.player", number=player + 1)


def refusal_words(error: IllegalAction, game: str, names: Sequence[str] = ()) -> str:
    """The sentence the table shows for `error`, refused in `game` ("domino", "tienlen",
    "joker"); `names` (by player index) name the players it mentions."""
    # the game's words module, imported by name as the registry does (the Tiến Lên one imports
    # this module for its judge)
    param_words = importlib.import_module(f"game.ui.{game}.words").REFUSAL_PARAM_WORDS
    values = {}
    for name, value in error.params.items():
        if name == "player":
            values[name] = player_words(value, names)
        else:
            values[name] = param_words.get(name, str)(value)
    return t(refusal_key(game, error.code), **values)
