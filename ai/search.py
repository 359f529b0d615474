"""The hard level, written once for every game: determinized search over the Rules protocol.

Perfect-information Monte Carlo (PIMC): sample a full state that agrees with everything the seat
can know (a *world*, from the game's determinizer), try every candidate action in it, play each
out to the end of the current deal with the game's rollout policy, and score the deal for the
seat. Every action is tried in the same worlds with the same rollout seed (common random
numbers), so the comparison between actions is not drowned by the luck of the sample. The action
with the best mean wins.

A game plugs in through `SearchGame`; the search never looks inside a state.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Protocol, Sequence

#: stop sampling new rollouts once this share of the budget is spent (the rest is slack for the
#: last rollout and the caller's overhead: hard's latency target is budget + 10 %)
BUDGET_SHARE = 0.85


class SearchGame(Protocol):
    """What the generic search needs from one game."""

    def determinize(self, observation: Any, rng: random.Random) -> Any:
        """A full state that agrees with `observation`, the unknown cards/tiles sampled."""

    def rollout_action(self, state: Any, rng: random.Random) -> Any:
        """A quick, reasonable move for whoever is to act in a (full-information) state."""

    def deal_value(self, before: Any, after: Any, player: int) -> float:
        """What the current deal was worth to `player`, `before` being the searched position and
        `after` the state once the deal is over."""

    def candidates(self, observation: Any, legal: Sequence[Any]) -> list:
        """The legal actions worth searching (equivalent ones dropped); at least one."""

    def fallback(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The rule-based choice, used when there is no time to search at all."""


def deal_over(state: Any) -> bool:
    return state.needs_deal() or state.is_terminal()


def play_out(game: SearchGame, world: Any, action: Any, seed: int) -> Any:
    """The state at the end of the deal when `action` is played in `world` (a clone), then the
    rollout policy."""
    state = world.clone()
    state.apply(action)
    rng = random.Random(seed)
    policy = game.rollout_action
    while not deal_over(state):
        state.apply(policy(state, rng))
    return state


def rollout(game: SearchGame, world: Any, action: Any, player: int, seed: int) -> float:
    """The deal value for `player` of playing `action` in `world`, then the rollout policy."""
    return game.deal_value(world, play_out(game, world, action, seed), player)


def search(game: SearchGame, sample_world: Callable[[random.Random], Any], player: int,
           actions: Sequence[Any], rng: random.Random, deadline: float,
           max_worlds: int | None = None) -> list[list[float | None]]:
    """The deal value of each action in each world (one row per world; None where the deadline
    came first), over as many worlds as there is time for until `deadline` (a perf_counter
    time), or exactly `max_worlds` (reproducible, for tests). Actions are visited in a rotating
    order so that a world cut short by the deadline does not always favour the first ones."""
    rows: list[list[float | None]] = []
    while max_worlds is None or len(rows) < max_worlds:
        world = sample_world(rng)
        seed = rng.getrandbits(32)
        row: list[float | None] = [None] * len(actions)
        rows.append(row)
        for step in range(len(actions)):
            index = (len(rows) - 1 + step) % len(actions)
            row[index] = rollout(game, world, actions[index], player, seed)
            if max_worlds is None and time.perf_counter() > deadline:
                return rows
    return rows


def means_and_counts(rows: list[list[float | None]]) -> tuple[list[float], list[int]]:
    """Mean value and number of samples of each action (-inf for an action never sampled)."""
    width = len(rows[0]) if rows else 0
    totals, counts = [0.0] * width, [0] * width
    for row in rows:
        for index, value in enumerate(row):
            if value is not None:
                totals[index] += value
                counts[index] += 1
    means = [total / count if count else float("-inf") for total, count in zip(totals, counts)]
    return means, counts


def best_action(actions: Sequence[Any], means: Sequence[float], counts: Sequence[int],
                preferred: Any = None) -> Any:
    """The action with the best mean among those sampled as often as the most sampled minus one
    (a world cut short leaves some one sample behind). `preferred` (the rule-based choice) keeps
    the decision on an exact tie."""
    most = max(counts)
    eligible = [i for i, count in enumerate(counts) if count >= most - 1 and count > 0]
    best = max(eligible, key=lambda i: means[i])
    if preferred is not None and preferred in actions:
        kept = actions.index(preferred)
        if kept in eligible and means[kept] >= means[best]:
            return actions[kept]
    return actions[best]


def surely_better(actions: Sequence[Any], rows: list[list[float | None]], preferred: Any,
                  confidence: float) -> Any:
    """The action whose gain over `preferred` (the rule-based choice) is largest at its lower
    confidence bound, mean − `confidence` × standard error, measured pairwise in the same
    worlds; `preferred` unless some action's bound is above zero. The paired difference cancels
    most of the luck of the world, so the search overrules sound play only when the evidence
    says so, and more often the more worlds there was time for."""
    base = actions.index(preferred)
    chosen, chosen_bound = base, 0.0
    for index in range(len(actions)):
        if index == base:
            continue
        gains = [row[index] - row[base] for row in rows
                 if row[index] is not None and row[base] is not None]
        n = len(gains)
        if n < 2:
            continue
        mean = sum(gains) / n
        variance = sum((gain - mean) ** 2 for gain in gains) / (n - 1)
        bound = mean - confidence * math.sqrt(variance / n)
        if bound > chosen_bound:
            chosen, chosen_bound = index, bound
    return actions[chosen]


def decide(game: SearchGame, observation: Any, legal: Sequence[Any],
           sample_world: Callable[[random.Random], Any], rng: random.Random, deadline: float,
           max_worlds: int | None = None, confidence: float | None = None,
           thin: tuple[int, float] | None = None) -> Any:
    """One search decision: the rule-based choice when there is nothing to search or no time.
    With `confidence`, the rule-based choice stands unless an action is `surely_better`;
    without, the best mean wins (ties to the rule-based choice). `thin` (worlds, z): when
    the time left fewer worlds than that, the paired test at z decides even without
    `confidence` (a best mean over a handful of worlds is mostly the luck of the sample)."""
    if len(legal) == 1:
        return legal[0]
    preferred = game.fallback(observation, legal, rng)
    actions = game.candidates(observation, legal)
    if len(actions) == 1:
        return actions[0]
    rows = search(game, sample_world, observation.player, actions, rng, deadline, max_worlds)
    means, counts = means_and_counts(rows)
    if max(counts) == 0:
        return preferred
    if thin is not None and len(rows) < thin[0] and preferred in actions:
        confidence = thin[1] if confidence is None else max(confidence, thin[1])
    if confidence is not None and preferred in actions:
        return surely_better(actions, rows, preferred, confidence)
    return best_action(actions, means, counts, preferred)


class SearchBot:
    """The hard level of any game: PIMC over worlds from the game's determinizer."""

    level = "hard"

    def __init__(self, game: SearchGame, seed: int | str = 0, max_worlds: int | None = None,
                 confidence: float | None = None, thin: tuple[int, float] | None = None):
        self.game = game
        self.rng = random.Random(seed)
        self.max_worlds = max_worlds
        self.confidence = confidence
        self.thin = thin

    def choose(self, observation: Any, legal: Sequence[Any], budget_s: float) -> Any:
        deadline = time.perf_counter() + budget_s * BUDGET_SHARE
        game = self.game
        return decide(game, observation, legal, lambda rng: game.determinize(observation, rng),
                      self.rng, deadline, self.max_worlds, self.confidence, self.thin)


class OmniscientBot:
    """The same search in the one true world: it sees every hand. The ceiling that hard is
    measured against, for benchmarks only (never offered at the table, not in make_bot): the
    sim runner hands it the real state."""

    level = "omniscient"

    def __init__(self, game: SearchGame, seed: int | str = 0, max_worlds: int | None = None):
        self.game = game
        self.rng = random.Random(seed)
        self.max_worlds = max_worlds

    def choose_with_state(self, state: Any, legal: Sequence[Any], budget_s: float) -> Any:
        deadline = time.perf_counter() + budget_s * BUDGET_SHARE
        observation = state.observation(state.current_player())
        return decide(self.game, observation, legal, lambda rng: state.clone(), self.rng,
                      deadline, self.max_worlds)
