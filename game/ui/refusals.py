"""A refused move in the player's language.

Engines refuse with IllegalAction: an English message (for logs and `main.py replay`), a `code`
and plain-data `params`. The code alone says where its words are: a code only one game's engine
lists is worded under `<game>.refusal.<code>` in that game's strings, and its parameters are put
in words by that game's words module (`REFUSAL_PARAM_WORDS`: a tile as "3-5", a Tiến Lên card as
3♠, a Joker suit as "♥ hearts" ...). A code several games share (`bad_deal`, `game_over` ...) or
the table's own (game.core.errors: replay, controller) means the same everywhere and is worded
once under `refusal.<code>`. A player index becomes the player's name.
"""

from __future__ import annotations

from typing import Sequence

from game.core.errors import IllegalAction
from game.core.registry import game_names, get_game

from .i18n import t


def refusal_game(code: str) -> str | None:
    """The one game whose engine refuses with `code`; None for a code shared by several games
    or the table's own."""
    games = [game for game in game_names() if code in get_game(game).refusal_codes]
    return games[0] if len(games) == 1 else None


def refusal_key(code: str) -> str:
    game = refusal_game(code)
    return f"{game}.refusal.{code}" if game else f"refusal.{code}"


def player_words(player: int, names: Sequence[str] = ()) -> str:
    if 0 <= player < len(names):
        return names[player]
    return t("refusal.player", number=player + 1)


def refusal_words(error: IllegalAction, names: Sequence[str] | None = None) -> str:
    """The sentence the table shows for `error`; `names` (by player index) name the players
    it mentions."""
    game = refusal_game(error.code)
    from .games import GAMES        # the games' words modules import this one
    param_words = GAMES[game].refusal_param_words if game else {}
    values = {}
    for name, value in error.params.items():
        if name == "player":
            values[name] = player_words(value, names or ())
        else:
            values[name] = param_words.get(name, str)(value)
    return t(refusal_key(error.code), **values)
