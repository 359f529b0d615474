"""FROZEN: Tiến Lên's `normal-v1` and `hard-v1`, the normal and hard levels as they stood when
they were frozen, kept for `sim` and the benchmarks only (never offered at the table: not in
ai.bots.TABLE_LEVELS) so that every later level is measured against a fixed opponent.

Everything they decide by is copied here or in play_v1.py, plan_v1.py and determinize_v1.py (the
normal play and its hand plan, the rollout policy, the candidates, the determinizer with its
StayedIn facts, the deal value with the next game's lead, the paired confidence test's setting),
so changing the live levels leaves them as they were; only the engine, the seat's view
(view.py) and the generic search (ai/search.py) are shared. tests/test_ai_baselines.py pins
their choices on seeded positions. Do not change this file."""

from __future__ import annotations

import random
from typing import Sequence

from ai.search import SearchBot
from ai.tienlen.view import view_of_observation, view_of_state
from game.tienlen.actions import PASS, TienLenObservation
from game.tienlen.combos import is_chop
from game.tienlen.state import TienLenState

from .determinize_v1 import TienLenKnowledge, determinize, read_knowledge
from .plan_v1 import plan_cost, split_hand
from .play_v1 import normal_choice, play_of, plays_with_combos

SEARCHED_PLAYS = 3
CONFIDENCE = 1.5
NEXT_LEAD_VALUE = 10.4


class NormalTienLenBotV1:
    level = "normal-v1"

    def __init__(self, seed: int | str = 0):
        pass  # deterministic: the rule-based play needs no randomness

    def choose(self, observation: TienLenObservation, legal: Sequence, budget_s: float):
        if len(legal) == 1:
            return legal[0]
        return normal_choice(view_of_observation(observation), legal)


def rollout_action(state: TienLenState, rng: random.Random):
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return normal_choice(view_of_state(state), legal)


def candidates(observation: TienLenObservation, legal: Sequence) -> list:
    view = view_of_observation(observation)
    chosen = normal_choice(view, legal)
    found: list = [chosen]
    plays = plays_with_combos(legal)
    if PASS in legal:
        found.append(PASS)
    if view.table is not None:
        found += [action for combo, action in plays if is_chop(combo, view.table)]
    for combo in split_hand(view.hand):
        action = play_of(combo)
        if action in legal:
            found.append(action)
    by_shape: dict = {}
    for combo, action in plays:
        key = (combo.kind, combo.size, combo.top >> 2)
        if key not in by_shape or combo.top < by_shape[key][0].top:
            by_shape[key] = (combo, action)
    ranked = sorted(by_shape.values(),
                    key=lambda ca: (plan_cost(view.hand ^ ca[0].mask), ca[0].top))
    found += [action for _, action in ranked[:SEARCHED_PLAYS]]
    return list(dict.fromkeys(found))


class TienLenSearchGameV1:
    """hard-v1's side of the generic search: worlds from the determinizer, rollouts by the normal
    rules, the game's gold plus the next game's lead for going out first."""

    def __init__(self) -> None:
        self._last: tuple[TienLenObservation, TienLenKnowledge] | None = None

    def determinize(self, observation: TienLenObservation, rng: random.Random) -> TienLenState:
        if self._last is None or self._last[0] is not observation:
            self._last = (observation, read_knowledge(observation))
        return determinize(observation, rng, self._last[1])

    rollout_action = staticmethod(rollout_action)

    @staticmethod
    def deal_value(before: TienLenState, after: TienLenState, player: int) -> float:
        leads = after.last_winner == player and after.options.lead_rule == "winner"
        next_lead = NEXT_LEAD_VALUE if leads else 0.0
        return after.gold[player] - before.gold[player] + next_lead

    @staticmethod
    def candidates(observation: TienLenObservation, legal: Sequence) -> list:
        return candidates(observation, legal)

    @staticmethod
    def fallback(observation: TienLenObservation, legal: Sequence, rng: random.Random):
        return normal_choice(view_of_observation(observation), legal)


class HardTienLenBotV1(SearchBot):
    level = "hard-v1"

    def __init__(self, seed: int | str = 0, max_worlds: int | None = None):
        super().__init__(TienLenSearchGameV1(), seed, max_worlds, CONFIDENCE)
