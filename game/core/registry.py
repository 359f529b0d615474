"""Where the games are found by name: the one place that lists them.

Each game registers its parts here, by name so that nothing is imported before it is asked for
(`main.py replay` loads only the game it needs, and the engines never load pygame): its
GameDefinition (the rules, options, notation and the facts about the game that shared code
asks for), its GameUi (what the window needs: game/ui/games.py reads it) and its bots' package
(ai/<game>/: the bots it registers, its coach.py for the coach and the review, its sim.py).
Shared code looks a game up here and never names one (tests/test_no_game_names.py).

A test may add a game of its own for a while (`register_game`, then `unregister_game`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from .errors import ScenarioError
from .rules import GameDefinition


@dataclass(frozen=True)
class GameEntry:
    #: the GameDefinition instance, or its "module:attribute"
    definition: Any
    #: the window's GameUi instance, or its "module:attribute" ("" : no window for it)
    ui: Any = ""
    #: the package of its bots, coach and sim figures ("": random bots, no coach, no review)
    ai: str = ""


#: game name -> its parts; the order is the menu's
_GAMES: dict[str, GameEntry] = {
    "domino": GameEntry("game.domino.definition:DOMINO", "game.ui.domino.plugin:DOMINO_UI",
                        "ai.domino"),
    "tienlen": GameEntry("game.tienlen.definition:TIENLEN", "game.ui.tienlen.plugin:TIENLEN_UI",
                         "ai.tienlen"),
    "joker": GameEntry("game.joker.definition:JOKER", "game.ui.joker.plugin:JOKER_UI",
                       "ai.joker"),
}


def register_game(name: str, definition: Any, ui: Any = "", ai: str = "") -> None:
    """Add a game (or replace one of that name): its definition and its window part, each an
    object or a "module:attribute" imported when first asked for, and its bots' package."""
    _GAMES[name] = GameEntry(definition, ui, ai)


def unregister_game(name: str) -> None:
    _GAMES.pop(name, None)


def game_names() -> list[str]:
    return list(_GAMES)


def window_game_names() -> list[str]:
    """The games the window can open (those registered with a GameUi), in the menu's order."""
    return [name for name, entry in _GAMES.items() if entry.ui]


def is_game(name: object) -> bool:
    return isinstance(name, str) and name in _GAMES


def get_game(name: object) -> GameDefinition:
    if not is_game(name):
        raise ScenarioError(f"unknown game {name!r} (known games: {', '.join(_GAMES)})")
    return _load(_GAMES[name].definition)


def get_game_ui(name: str) -> Any:
    """The game's window part (a game/ui GameUi); KeyError for a game without one."""
    entry = _GAMES.get(name)
    if entry is None or not entry.ui:
        raise KeyError(name)
    return _load(entry.ui)


def game_ai(name: str) -> str:
    """The package of the game's bots ("" : none, or no such game)."""
    entry = _GAMES.get(name)
    return entry.ai if entry is not None else ""


def _load(target: Any) -> Any:
    if not isinstance(target, str):
        return target
    module_name, attribute = target.split(":")
    return getattr(importlib.import_module(module_name), attribute)
