"""FROZEN: domino's `normal-v1` and `hard-v1`, the normal and hard levels as they stood when
they were frozen, kept for `sim` and the benchmarks only (never offered at the table: not in
ai.bots.TABLE_LEVELS) so that every later level is measured against a fixed opponent.

Everything they decide by is copied here or in play_v1.py (the normal move scoring, the rollout
policy, the candidates, the pass-aware determinizer, the deal value), so changing the live levels
leaves them as they were; only the engine, the knowledge reader, the tile dealer (ai/assign.py)
and the generic search (ai/search.py) are shared. tests/test_ai_baselines.py pins their choices
on seeded positions. Do not change this file."""

from __future__ import annotations

import random
from typing import Sequence

from ai.search import SearchBot
from game.domino.state import DominoObservation, DominoState

from .play_v1 import DominoPolicy, candidates, determinize, partner_of, rollout_action


class NormalDominoBotV1:
    level = "normal-v1"

    def __init__(self, seed: int | str = 0):
        self.policy = DominoPolicy(random.Random(seed))

    def choose(self, observation: DominoObservation, legal: Sequence, budget_s: float):
        if len(legal) == 1:
            return legal[0]
        return self.policy.choose(observation, legal)


class DominoSearchGameV1:
    """hard-v1's side of the generic search: worlds from the pass-aware determinizer, rollouts
    by the quick policy, the deal's points (misplays included; the team's in pairs)."""

    def __init__(self, seed: int | str = 0):
        self.policy = DominoPolicy(random.Random(f"{seed}/policy"))

    determinize = staticmethod(determinize)
    rollout_action = staticmethod(rollout_action)

    @staticmethod
    def deal_value(before: DominoState, after: DominoState, player: int) -> float:
        result = after.results[-1]
        value = result.points[player] + result.penalties[player]
        if after.options.partnership:
            partner = partner_of(player)
            value += result.points[partner] + result.penalties[partner]
        return value

    @staticmethod
    def candidates(observation: DominoObservation, legal: Sequence) -> list:
        return candidates(observation, legal)

    def fallback(self, observation: DominoObservation, legal: Sequence, rng: random.Random):
        return self.policy.choose(observation, legal)


def hard_v1(seed: int | str = 0, max_worlds: int | None = None) -> SearchBot:
    bot = SearchBot(DominoSearchGameV1(seed), seed, max_worlds)
    bot.level = "hard-v1"
    return bot
