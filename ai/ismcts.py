"""Experiment: information-set MCTS over the seat's own later decisions, for any SearchGame.

PIMC (ai/search.py) plays the seat's own later moves in each world by the rollout policy. Here
those moves form a tree over the seat's information sets: a node is what the seat has seen
since the root (its own moves and the others' plays in between), the same whatever the hidden
hands, so a move chosen at a node is chosen once for every world that reaches it. Every root
candidate is walked in every sampled world (paired, as PIMC: the root decision is the game's
own rule, the best mean or the paired test); below the root, UCB1 over the game's candidates
(the rule-based move tried first), one node added a walk, the rollout policy after it."""

from __future__ import annotations

import math
import random
import time
from typing import Any, Sequence

from .search import best_action, deal_over, means_and_counts, surely_better

#: the exploration constant, in units of the spread of the values seen
UCB_C = 0.4
#: progressive widening: a node considers one more of its candidates every WIDEN visits, the
#: rule-based move alone at first, so that a node seen a few times plays as PIMC's rollouts do
WIDEN = 8


class Node:
    __slots__ = ("visits", "actions", "counts", "totals", "next")

    def __init__(self) -> None:
        self.visits = 0
        self.actions: list | None = None
        self.counts: dict = {}
        self.totals: dict = {}
        #: (own move, the others' plays after it) -> the seat's next node
        self.next: dict = {}

    def select(self, scale: float) -> Any:
        considered = self.actions[:1 + self.visits // WIDEN]
        for action in considered:                 # untried first, in the game's order
            if action not in self.counts:
                return action
        log_n = math.log(self.visits)
        return max(considered, key=lambda a: self.totals[a] / self.counts[a]
                   + scale * math.sqrt(log_n / self.counts[a]))


def _others(game: Any, state: Any, me: int, rng: random.Random) -> tuple:
    plays = []
    while not deal_over(state) and state.current_player() != me:
        play = game.rollout_action(state, rng)
        plays.append(play)
        state.apply(play)
    return tuple(plays)


def walk(game: Any, world: Any, me: int, root: Node, first: Any, rng: random.Random,
         scale: float) -> float:
    state = world.clone()
    state.apply(first)
    key = (first, _others(game, state, me, rng))
    node = root.next.get(key)
    expanded = node is None
    if expanded:
        node = root.next[key] = Node()
    path = []
    while not deal_over(state):
        if expanded:
            state.apply(game.rollout_action(state, rng))
            continue
        if node.actions is None:
            legal = state.legal_actions()
            node.actions = (list(legal) if len(legal) == 1
                            else game.candidates(state.observation(me), legal))
        if len(node.actions) == 1:
            action = node.actions[0]
        else:
            action = node.select(scale)
            path.append((node, action))
        state.apply(action)
        key = (action, _others(game, state, me, rng))
        child = node.next.get(key)
        if child is None:
            child = node.next[key] = Node()
            expanded = True
        node = child
    value = game.deal_value(world, state, me)
    for visited, action in path:
        visited.visits += 1
        visited.counts[action] = visited.counts.get(action, 0) + 1
        visited.totals[action] = visited.totals.get(action, 0.0) + value
    return value


def choose(game: Any, observation: Any, legal: Sequence, rng: random.Random, deadline: float,
           max_worlds: int | None, preferred: Any, confidence: float | None) -> Any:
    me = observation.player
    actions = game.candidates(observation, legal)
    if len(actions) == 1:
        return actions[0]
    root = Node()
    rows: list[list[float | None]] = []
    low, high = math.inf, -math.inf
    while max_worlds is None or len(rows) < max_worlds:
        world = game.determinize(observation, rng)
        seed = rng.getrandbits(32)
        row: list[float | None] = [None] * len(actions)
        rows.append(row)
        scale = UCB_C * (high - low) if high > low else 10.0
        for step in range(len(actions)):
            index = (len(rows) - 1 + step) % len(actions)
            value = walk(game, world, me, root, actions[index], random.Random(seed), scale)
            row[index] = value
            low, high = min(low, value), max(high, value)
            if max_worlds is None and time.perf_counter() > deadline:
                break
        if max_worlds is None and time.perf_counter() > deadline:
            break
    means, counts = means_and_counts(rows)
    if max(counts) == 0:
        return preferred
    if confidence is not None and preferred in actions:
        return surely_better(actions, rows, preferred, confidence)
    return best_action(actions, means, counts, preferred)
