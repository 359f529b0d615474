"""Experiment: single-observer information-set MCTS for Joker's card play.

PIMC (ai/search.py) plays the seat's own later cards in each world by the rollout policy,
which reads that world's hands: the seat's continuation knows what it cannot know (strategy
fusion). Here the seat's own decisions form a tree over its information sets: a node is what
the seat has seen since the root (its own cards and the others' plays), the same whatever the
hidden hands, so a choice made at a node is made once for every world that reaches it. Each
iteration samples a world, walks the tree by UCB at the seat's nodes (the others play by the
rollout policy in that world), adds one node, and plays the deal out by the rollout policy."""

from __future__ import annotations

import math
import random
import time
from typing import Any, Sequence

from game.joker.cards import JOKER_1

#: the exploration constant, in units of the spread of the values seen at the root
UCB_C = 0.4


class _Node:
    __slots__ = ("visits", "counts", "totals", "next")

    def __init__(self) -> None:
        self.visits = 0
        self.counts: dict = {}
        self.totals: dict = {}
        #: (own action, the others' plays after it) -> the seat's next node
        self.next: dict = {}

    def select(self, actions: Sequence, scale: float, rng: random.Random, hint: Any = None):
        """UCB1; the untried actions first, `hint` (the rollout policy's) first of them."""
        untried = [a for a in actions if a not in self.counts]
        if untried:
            if hint in untried:
                return hint, True
            return untried[rng.randrange(len(untried))], True
        log_n = math.log(self.visits)
        return max(actions, key=lambda a: self.totals[a] / self.counts[a]
                   + scale * math.sqrt(log_n / self.counts[a])), False


def _distinct(legal: Sequence) -> list:
    """The two jokers are the same card: one of them."""
    jokers = {a.card for a in legal if getattr(a, "card", -1) >= JOKER_1}
    if len(jokers) < 2:
        return list(legal)
    dropped = max(jokers)
    return [a for a in legal if getattr(a, "card", -1) != dropped]


def _playout(game: Any, world: Any, me: int, root: _Node, root_actions: Sequence,
             first: Any, rng: random.Random, scale: float) -> float:
    """One walk from the root: `first` (None: chosen by UCB) at the root, the tree's choices
    at the seat's later nodes, one node added, the rollout policy after it; the statistics of
    the path updated. Returns the deal's value."""
    state = world.clone()
    node, path, expanded = root, [], False
    while not (state.needs_deal() or state.is_terminal()):
        if state.to_act != me or expanded:
            state.apply(game.rollout_action(state, rng))
            continue
        actions = root_actions if node is root else _distinct(state.legal_actions())
        if len(actions) == 1:
            state.apply(actions[0])
            continue
        if node is root and first is not None:
            action = first
        else:
            hint = game.rollout_action(state, rng) if len(node.counts) < len(actions) else None
            action, expanded = node.select(actions, scale, rng, hint)
        path.append((node, action))
        state.apply(action)
        others = []
        while not (state.needs_deal() or state.is_terminal()) and state.to_act != me:
            play = game.rollout_action(state, rng)
            others.append(play)
            state.apply(play)
        if not expanded:
            key = (action, tuple(others))
            child = node.next.get(key)
            if child is None:
                child = node.next[key] = _Node()
                expanded = True       # a new node: from here on the rollout policy
            node = child
    value = game.deal_value(world, state, me)
    for visited, action in path:
        visited.visits += 1
        visited.counts[action] = visited.counts.get(action, 0) + 1
        visited.totals[action] = visited.totals.get(action, 0.0) + value
    return value


#: every root action tried in every world (paired, as PIMC), the tree below it
PAIRED = True


def choose(game: Any, observation: Any, legal: Sequence, rng: random.Random, deadline: float,
           iterations: int | None = None, preferred: Any = None):
    """The seat's card or bid. Paired: the best mean over the worlds (ties to `preferred`);
    else the root action visited most (ties by mean)."""
    me = observation.player
    root_actions = game.candidates(observation, legal)
    if len(root_actions) == 1:
        return root_actions[0]
    root = _Node()
    low, high = math.inf, -math.inf
    done = 0
    while (iterations is None and time.perf_counter() < deadline) or \
            (iterations is not None and done < iterations):
        world = game.determinize(observation, rng)
        scale = UCB_C * (high - low) if high > low else 100.0
        firsts = root_actions if PAIRED else [None]
        offset = done
        for step in range(len(firsts)):
            first = firsts[(offset + step) % len(firsts)]
            value = _playout(game, world, me, root, root_actions, first, rng, scale)
            low, high = min(low, value), max(high, value)
            done += 1
            if iterations is None and time.perf_counter() > deadline:
                break
    if not root.counts:
        return None
    if PAIRED:
        most = max(root.counts.values())
        eligible = [a for a in root.counts if root.counts[a] >= most - 1]
        means = {a: root.totals[a] / root.counts[a] for a in eligible}
        best = max(eligible, key=lambda a: means[a])
        if preferred in means and means[preferred] >= means[best]:
            return preferred
        return best
    return max(root.counts, key=lambda a: (root.counts[a], root.totals[a] / root.counts[a]))
