"""The Tiến Lên bots at each level, and the game's side of the generic search (ai/search.py)."""

from __future__ import annotations

import random
from typing import Sequence

from game.tienlen.actions import PASS, TienLenObservation
from game.tienlen.combos import is_chop
from game.tienlen.state import TienLenState

from ..search import SearchBot
from .determinize import TienLenKnowledge, determinize, read_knowledge
from .play import easy_choice, normal_choice, play_of, plays_with_combos
from .plan import plan_cost, split_hand
from .view import view_of_observation, view_of_state

#: plays searched besides the rule-based choice, pass, the chops and the plan's combinations:
#: fewer candidates leave more worlds to each (3 measured at least as good as 7 at 0.2 s)
SEARCHED_PLAYS = 3


class EasyTienLenBot:
    level = "easy"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, observation: TienLenObservation, legal: Sequence, budget_s: float):
        if len(legal) == 1:
            return legal[0]
        return easy_choice(view_of_observation(observation), legal, self.rng)


class NormalTienLenBot:
    level = "normal"

    def __init__(self, seed: int | str = 0):
        pass  # deterministic: the rule-based play needs no randomness

    def choose(self, observation: TienLenObservation, legal: Sequence, budget_s: float):
        if len(legal) == 1:
            return legal[0]
        return normal_choice(view_of_observation(observation), legal)


def rollout_action(state: TienLenState, rng: random.Random):
    """Every seat of a sampled world plays the normal rules from its own hand."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return normal_choice(view_of_state(state), legal)


def candidates(observation: TienLenObservation, legal: Sequence) -> list:
    """The plays worth searching: the rule-based choice, pass, every chop, the combinations of
    the hand plan, and the cheapest of the other plays (one per kind, size and top rank: the
    suit of the top card rarely changes a plan)."""
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
    # the plays that cost the plan least come first
    ranked = sorted(by_shape.values(),
                    key=lambda ca: (plan_cost(view.hand ^ ca[0].mask), ca[0].top))
    found += [action for _, action in ranked[:SEARCHED_PLAYS]]
    return list(dict.fromkeys(found))  # without repeats, the rule-based choice first


#: the search overrules the rule-based play only when a play's gain, paired world by world,
#: is above zero at this many standard errors (ai.search.surely_better). A game's gold swings
#: by tens between worlds, so the best of several noisy means often wins by luck. Measured at
#: 0.2 s (200 games against three normal, seed 7): z 1.0 33.5 % wins, 1.5 34.0 %, 2.0 31.0 %,
#: plain best mean 28.0 %.
CONFIDENCE = 1.5


class HardTienLenBot(SearchBot):
    """The generic search (ai/search.py) with Tiến Lên's game and the paired confidence test."""

    def __init__(self, seed: int | str = 0, max_worlds: int | None = None):
        super().__init__(TienLenSearchGame(), seed, max_worlds, CONFIDENCE)


#: the winner leads the next game (T7), and that lead is worth gold the game's payments do not
#: show: among four normal bots the leader of a later game gains 7.8 gold in it and every other
#: player loses 2.6 (`python benchmarks/tienlen_lead_value.py`, 10,000 games). So going out
#: first is worth this much more than its payments: the search counts the next game's lead.
NEXT_LEAD_VALUE = 10.4


class TienLenSearchGame:
    """Tiến Lên for ai.search: worlds from the determinizer, rollouts by the normal rules, and
    the gold the game brings the seat (chops, thúi heo and cóng included) plus the value of
    leading the next game as the value. The worlds carry the table's house rules, so the gold
    is the engine's own scoring under them (V-T1's places, V-T3's doubling, V-T5's chops)."""

    def __init__(self) -> None:
        self._last: tuple[TienLenObservation, TienLenKnowledge] | None = None

    def determinize(self, observation: TienLenObservation, rng: random.Random) -> TienLenState:
        # the search samples many worlds from one observation: read it once
        if self._last is None or self._last[0] is not observation:
            self._last = (observation, read_knowledge(observation))
        return determinize(observation, rng, self._last[1])

    rollout_action = staticmethod(rollout_action)

    @staticmethod
    def deal_value(before: TienLenState, after: TienLenState, player: int) -> float:
        # V-T7 "three_spades": the 3♠ leads every game, winning it is worth no lead
        leads = after.last_winner == player and after.options.lead_rule == "winner"
        next_lead = NEXT_LEAD_VALUE if leads else 0.0
        return after.gold[player] - before.gold[player] + next_lead

    @staticmethod
    def candidates(observation: TienLenObservation, legal: Sequence) -> list:
        return candidates(observation, legal)

    @staticmethod
    def fallback(observation: TienLenObservation, legal: Sequence, rng: random.Random):
        return normal_choice(view_of_observation(observation), legal)
