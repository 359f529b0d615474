"""Paired evaluation of one seat's moves, for the one judge of a position (ai/judge.py) that
the post-game review (ai/review.py) and the coach (ai/coach.py) share: the hard search's
machinery (ai/search.py) with every candidate played in the SAME sampled worlds and with the
same rollout seed, keeping each rollout's value and a few facts of how the deal ended (`facts`
of the game's ai/<game>/coach.py: went out first, won the deal, made the bid), so that a move
can be compared with another world by world and explained.

Worlds come from the game's determinizer and see only `observation(seat)`, as a bot does.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from game.core.registry import game_ai

from .bots import make_bot
from .search import play_out


@dataclass
class Evaluation:
    """The value of each action in each world (complete rows only: every action was played in
    every world kept), and the facts of each rollout's end."""
    actions: list
    values: list[list[float]] = field(default_factory=list)    # [world][action]
    facts: list[list[tuple]] = field(default_factory=list)     # [world][action]

    @property
    def worlds(self) -> int:
        return len(self.values)

    def index(self, action: Any) -> int:
        return self.actions.index(action)

    def mean(self, i: int) -> float:
        return sum(row[i] for row in self.values) / self.worlds if self.worlds else 0.0

    def gain(self, i: int, j: int) -> tuple[float, float]:
        """Mean and standard error of action i's value minus action j's, world by world."""
        n = self.worlds
        if n == 0:
            return 0.0, 0.0
        gains = [row[i] - row[j] for row in self.values]
        mean = sum(gains) / n
        if n < 2:
            return mean, math.inf
        variance = sum((g - mean) ** 2 for g in gains) / (n - 1)
        return mean, math.sqrt(variance / n)

    def rate(self, i: int, fact: int = 0) -> float:
        """The share of worlds (0–1) in which fact number `fact` held at the end after action i."""
        if not self.worlds:
            return 0.0
        return sum(1 for row in self.facts if row[i][fact]) / self.worlds

    def best(self) -> int:
        """The action with the best mean (the first on a tie)."""
        means = [self.mean(i) for i in range(len(self.actions))]
        return max(range(len(means)), key=lambda i: (means[i], -i))


#: stop once this many worlds gave every candidate the same value: the choice does not matter
#: (the last tricks of a Joker deal, a forced finish)
SETTLED_WORLDS = 32


def game_module(game: str):
    """ai/<game>/coach.py: the game's facts, thresholds and words for the review and coach
    (LookupError: the game has none)."""
    if not has_coach(game):
        raise LookupError(f"{game} has no coach")
    return importlib.import_module(f"{game_ai(game)}.coach")


def has_coach(game: str) -> bool:
    """The game's bots package has a coach (ai/<game>/coach.py): the coach and the review
    can judge its moves."""
    package = game_ai(game)
    return bool(package) and importlib.util.find_spec(f"{package}.coach") is not None


def search_game(game: str, seed: int | str = 0):
    """The game's side of the hard search (ai.search.SearchGame), as the hard bot holds it."""
    return make_bot(game, "hard", seed).game


def evaluate(game: Any, facts: Callable[[Any, Any, int], tuple], observation: Any,
             actions: Sequence[Any], rng: random.Random, worlds: int,
             budget_s: float | None = None, min_worlds: int = 4,
             settle: int | None = None) -> Evaluation:
    """Play every action in each of `worlds` sampled worlds to the end of the deal; with
    `budget_s`, stop sooner once that many seconds are spent (after at least `min_worlds`);
    with `settle`, stop after SETTLED_WORLDS worlds if the first `settle` actions had the same
    value in every one of them (that depends on the values only: it is reproducible).
    Worlds and rollout seeds are drawn from `rng` in the hard search's order (ai.search.search:
    a world, then its seed), so the same `rng` gives the same worlds as a hard bot holding it."""
    player = observation.player
    result = Evaluation(list(actions))
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    differ = False
    while result.worlds < worlds:
        if settle and not differ and result.worlds >= SETTLED_WORLDS:
            break
        if deadline is not None and result.worlds >= min_worlds \
                and time.perf_counter() > deadline:
            break
        world = game.determinize(observation, rng)
        seed = rng.getrandbits(32)
        values, ends = [], []
        for action in actions:
            end = play_out(game, world, action, seed)
            values.append(game.deal_value(world, end, player))
            ends.append(facts(world, end, player))
        result.values.append(values)
        result.facts.append(ends)
        differ = differ or max(values[:settle or 1]) != min(values[:settle or 1])
    return result
