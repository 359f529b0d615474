"""A fourth game for tests only: proof that a game plugs in whole. Three cards each, two
players, the higher card takes the trick; two deals make a game. Its engine (engine.py) keeps
the engine contract, its window part (ui.py) is a GameUi with a table drawn as text, and
nothing in the shared code knows it: a test registers it through the registry's public
function (`game.core.registry.register_game`) and takes it away again."""

from __future__ import annotations

NAME = "toy"


def register() -> None:
    from game.core.registry import register_game

    register_game(NAME, "toygame.engine:TOY", "toygame.ui:TOY_UI")


def unregister() -> None:
    from game.core.registry import unregister_game

    unregister_game(NAME)
