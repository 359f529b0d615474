"""The domino bots at each level, and the game's side of the generic search."""

from __future__ import annotations

import random
from typing import Sequence

from game.domino.state import DominoObservation, DominoState

from .inference import ReadWorlds
from .play import DominoPolicy, candidates, easy_choice, partner_of, rollout_action


class EasyDominoBot:
    level = "easy"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, observation: DominoObservation, legal: Sequence, budget_s: float):
        return easy_choice(observation, legal, self.rng)


class NormalDominoBot:
    level = "normal"

    def __init__(self, seed: int | str = 0):
        self.policy = DominoPolicy(random.Random(seed))

    def choose(self, observation: DominoObservation, legal: Sequence, budget_s: float):
        if len(legal) == 1:
            return legal[0]
        return self.policy.choose(observation, legal)


class DominoSearchGame:
    """Domino for ai.search: worlds that respect the passes and lean towards hands that explain
    the others' plays (inference.py), rollouts by the quick policy, and the deal's points
    (D11–D16, misplays included) as the value: the team's in pairs (V-D3)."""

    def __init__(self, seed: int | str = 0):
        self.policy = DominoPolicy(random.Random(f"{seed}/policy"))
        self.worlds: ReadWorlds | None = None

    def determinize(self, observation: DominoObservation, rng: random.Random) -> DominoState:
        """The next world of this decision's chain (a new observation starts a new one)."""
        if self.worlds is None or self.worlds.observation is not observation:
            self.worlds = ReadWorlds(observation, rng)
        return self.worlds.world(rng)

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
