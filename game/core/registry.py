"""Where the games are found by name. Each engine registers its GameDefinition here (one line),
imported lazily so that `main.py replay` loads only the game it needs."""

from __future__ import annotations

import importlib

from .errors import ScenarioError
from .rules import GameDefinition

#: game name -> "module:attribute" of its GameDefinition instance
_GAMES = {
    "domino": "game.domino.definition:DOMINO",
    "tienlen": "game.tienlen.definition:TIENLEN",
    "joker": "game.joker.definition:JOKER",
}


def game_names() -> list[str]:
    return list(_GAMES)


def get_game(name: object) -> GameDefinition:
    if not isinstance(name, str) or name not in _GAMES:
        raise ScenarioError(f"unknown game {name!r} (known games: {', '.join(_GAMES)})")
    module_name, attribute = _GAMES[name].split(":")
    return getattr(importlib.import_module(module_name), attribute)
