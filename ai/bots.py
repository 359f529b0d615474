"""The one bot interface, for every game and level.

A bot is built with its own seeded RNG and a level, and chooses an action from what its seat may
see: `observation(seat)` and the legal actions. It never receives the full state. (The one
exception is `ai.<game>.omniscient_bot`, the benchmark ceiling, which the sim runner hands the
real state; it is not a level of make_bot.) See docs/ai.md.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence

LEVELS = ("random", "easy", "normal", "hard")
#: levels a player may pick at the table (random is for tests, omniscient for benchmarks only)
TABLE_LEVELS = ("easy", "normal", "hard")
#: frozen baselines, for `sim` and the benchmarks only (never offered at the table): normal and
#: hard as they were when they were frozen, so that every later level is measured against a
#: fixed opponent (ai/baselines/)
BASELINE_LEVELS = ("normal-v1", "hard-v1")
DEFAULT_BUDGET_S = 1.0


class Bot(Protocol):
    level: str

    def choose(self, observation: Any, legal: Sequence[Any], budget_s: float) -> Any:
        """One of `legal`, decided within about `budget_s` seconds."""


class RandomBot:
    """Uniformly random legal moves: for tests and as the floor of every comparison."""

    level = "random"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, observation: Any, legal: Sequence[Any], budget_s: float) -> Any:
        return legal[self.rng.randrange(len(legal))]


#: (game, level) -> factory(seed) ; games register their bots here as they are written
_FACTORIES: dict[tuple[str, str], Callable[[int | str], Bot]] = {}


def register(game: str, level: str, factory: Callable[[int | str], Bot]) -> None:
    _FACTORIES[(game, level)] = factory


def make_bot(game: str, level: str, seed: int | str = 0) -> Bot:
    """A bot for `game` at `level`. Until a game has its own bots for a level, the closest
    lower level it has stands in (and at worst the random bot)."""
    _load_game_bots(game, level)
    wanted = LEVELS.index(level) if level in LEVELS else None
    if (game, level) in _FACTORIES:
        return _FACTORIES[(game, level)](seed)
    if wanted is None:
        raise ValueError(f"unknown bot level {level!r} "
                         f"(levels: {', '.join(LEVELS + BASELINE_LEVELS)})")
    for lower in reversed(LEVELS[:wanted]):
        if (game, lower) in _FACTORIES:
            return _FACTORIES[(game, lower)](seed)
    return RandomBot(seed)


def _load_game_bots(game: str, level: str) -> None:
    """A game's bots package (the registry names it) registers its factories when first
    imported, its frozen baselines (ai/baselines/<game>/) only when one of them is asked for; a
    game without a bots package plays with random bots."""
    import importlib

    from game.core.registry import game_ai

    package = game_ai(game)
    if not package:
        return
    importlib.import_module(package)
    if level in BASELINE_LEVELS:
        importlib.import_module(f"ai.baselines.{game}")
