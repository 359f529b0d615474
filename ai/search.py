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
           next_decision_after: float | None = None) -> Any:
    """One search decision: the rule-based choice when there is nothing to search or no time.
    With `confidence`, the rule-based choice stands unless an action is `surely_better`;
    without, the best mean wins (ties to the rule-based choice). With `next_decision_after` (a
    perf_counter time before `deadline`; needs `confidence`) the seat's next decision is
    searched too (`two_step_rows`), the worlds being sampled until then."""
    if len(legal) == 1:
        return legal[0]
    preferred = game.fallback(observation, legal, rng)
    actions = game.candidates(observation, legal)
    if len(actions) == 1:
        return actions[0]
    if next_decision_after is not None and confidence is not None:
        rows = two_step_rows(game, sample_world, observation.player, actions, rng,
                             next_decision_after, deadline, max_worlds, confidence)
    else:
        rows = search(game, sample_world, observation.player, actions, rng, deadline,
                      max_worlds)
    means, counts = means_and_counts(rows)
    if max(counts) == 0:
        return preferred
    if confidence is not None and preferred in actions:
        return surely_better(actions, rows, preferred, confidence)
    return best_action(actions, means, counts, preferred)


# --- the seat's own next decision ---------------------------------------------------------------
# Plain PIMC plays every candidate out with the rollout policy for everyone, the seat included: it
# values a move as if the seat then played by the rules. Here the seat's *next* decision is
# searched too, without looking at the sampled hands: the worlds in which the others answered the
# move alike leave the seat in the same information set (the same public history since the move,
# the same hand), so one choice is made for all of them, by the paired test against the
# rule-based choice (`surely_better`). Worlds whose answer too few others share keep the rollout
# policy's continuation. (A two-level information-set search; used by Tiến Lên hard.)

#: worlds that must share an information set before the seat's next decision there is searched:
#: fewer cannot pass the paired test
MIN_GROUP = 8
#: the share of the budget spent on the first step (the rest searches the next decisions)
FIRST_STEP_SHARE = 0.5


def _until_my_turn(game: SearchGame, world: Any, action: Any, player: int, seed: int):
    """The state after `action` once the others have answered (the seat to move again, or the
    deal over), and the random source the rollout goes on with."""
    state = world.clone()
    state.apply(action)
    rng = random.Random(seed)
    policy = game.rollout_action
    while not deal_over(state) and state.current_player() != player:
        state.apply(policy(state, rng))
    return state, rng


def _finish(game, world, state, rng, player: int) -> float:
    """Play a clone of `state` to the end of the deal by the rollout policy; its value."""
    state = state.clone()
    policy = game.rollout_action
    while not deal_over(state):
        state.apply(policy(state, rng))
    return game.deal_value(world, state, player)


def two_step_rows(game: SearchGame, sample_world: Callable[[random.Random], Any], player: int,
                  actions: Sequence[Any], rng: random.Random, sampling_deadline: float,
                  deadline: float, max_worlds: int | None,
                  confidence: float) -> list[list[float]]:
    """The value of each action in each world (rows as `search` gives them): worlds sampled until
    `sampling_deadline` (or `max_worlds`), then the seat's next decision chosen once per
    information set that at least MIN_GROUP of them share, largest first, until `deadline`; with
    time left, more worlds, in which the seat's next move is the one chosen for its information
    set."""
    rows: list[list[float]] = []
    # (action index, public history since the move) -> [(row index, world, state, seed)]
    groups: dict[tuple, list] = {}
    decided: dict[tuple, Any] = {}   # the seat's next move, by information set

    def add_world() -> None:
        world = sample_world(rng)
        seed = rng.getrandbits(32)
        row = []
        for index, action in enumerate(actions):
            state, state_rng = _until_my_turn(game, world, action, player, seed)
            key = (index, tuple(state.history[len(world.history):]))
            if deal_over(state):
                row.append(game.deal_value(world, state, player))
            elif key in decided:
                row.append(_rollout_from(game, world, state, decided[key], player, seed))
            else:
                row.append(_finish(game, world, state, state_rng, player))
                groups.setdefault(key, []).append((len(rows), world, state, seed))
        rows.append(row)

    def out_of(limit: float) -> bool:
        return max_worlds is None and time.perf_counter() > limit

    while max_worlds is None or len(rows) < max_worlds:
        add_world()
        if out_of(sampling_deadline):
            break
    # the largest groups first: they decide most of the values
    for key, members in sorted(groups.items(), key=lambda item: -len(item[1])):
        if len(members) < MIN_GROUP or out_of(deadline):
            break
        state = members[0][2]
        observation = state.observation(player)
        legal = state.legal_actions()
        nexts = game.candidates(observation, legal) if len(legal) > 1 else legal
        if len(nexts) == 1:
            decided[key] = nexts[0]
            continue
        preferred = game.fallback(observation, legal, rng)
        values = []
        for _, world, state, seed in members:
            values.append([_rollout_from(game, world, state, move, player, seed)
                           for move in nexts])
            if out_of(deadline):
                return rows   # this group unfinished: its worlds keep the rollout policy's move
        chosen = nexts.index(surely_better(nexts, values, preferred, confidence))
        decided[key] = nexts[chosen]
        for (row_index, *_), value in zip(members, values):
            rows[row_index][key[0]] = value[chosen]
    while not out_of(deadline) and max_worlds is None:
        add_world()
    return rows


def _rollout_from(game, world, state, move, player: int, seed: int) -> float:
    """The value of the seat's `move` in `state` (the searched position being `world`)."""
    after = state.clone()
    after.apply(move)
    return _finish(game, world, after, random.Random(seed), player)


class SearchBot:
    """The hard level of any game: PIMC over worlds from the game's determinizer."""

    level = "hard"

    def __init__(self, game: SearchGame, seed: int | str = 0, max_worlds: int | None = None,
                 confidence: float | None = None, next_decision: bool = False):
        self.game = game
        self.rng = random.Random(seed)
        self.max_worlds = max_worlds
        self.confidence = confidence
        #: search the seat's next decision too (`two_step_rows`; needs `confidence`)
        self.next_decision = next_decision

    def choose(self, observation: Any, legal: Sequence[Any], budget_s: float) -> Any:
        started = time.perf_counter()
        deadline = started + budget_s * BUDGET_SHARE
        sampling = started + budget_s * BUDGET_SHARE * FIRST_STEP_SHARE
        game = self.game
        return decide(game, observation, legal, lambda rng: game.determinize(observation, rng),
                      self.rng, deadline, self.max_worlds, self.confidence,
                      sampling if self.next_decision else None)


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
