"""The coach (issue 20, item 1; the window's part is not here): the hard bot's move for a seat,
and one short line why, built from what the search saw.

`advise(game, observation, legal, seed, budget_s, max_worlds)` asks the hard bot of `game` built
with `seed` (ai.bots.make_bot), so its move is exactly the hard bot's choice for the same seed
and number of worlds (tests/test_review.py checks it). The bot's search game is wrapped so that
the worlds it samples are kept (the first `KEPT_WORLDS`); the chosen move is then played out
again in those worlds to read how the deal ends (ai/evaluate.py, the game's `facts`), and the
game's `coach_reason` (ai/<game>/coach.py) says why as a translation key and its parameters:
Tiến Lên "keeps your straight; the 2 is your way back to the lead", domino "leaves a 4 open:
Budi passed on 4", Joker "Bid 2: A♠ X1". Like every bot it sees only the observation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from .bots import DEFAULT_BUDGET_S, make_bot
from .evaluate import evaluate, game_module
from .words import say

#: worlds of the search kept to explain its choice (more cost memory and time, say no more)
KEPT_WORLDS = 100
#: worlds sampled to explain a move the search did not need to search (one candidate)
EXPLAIN_WORLDS = 30


@dataclass(frozen=True)
class Advice:
    action: Any
    reason_key: str
    params: dict = field(default_factory=dict)
    #: worlds the reason's figures come from
    worlds: int = 0

    def text(self, language: str = "en") -> str:
        return say(self.reason_key, self.params, language)


class _KeepWorlds:
    """A search game that hands out the inner game's worlds and keeps the first ones. It only
    delegates, so the search decides exactly as it would without it."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.worlds: list = []

    def determinize(self, observation: Any, rng: random.Random) -> Any:
        world = self.inner.determinize(observation, rng)
        if len(self.worlds) < KEPT_WORLDS:
            self.worlds.append(world)
        return world

    def rollout_action(self, state: Any, rng: random.Random) -> Any:
        return self.inner.rollout_action(state, rng)

    def deal_value(self, before: Any, after: Any, player: int) -> float:
        return self.inner.deal_value(before, after, player)

    def candidates(self, observation: Any, legal: Sequence) -> list:
        return self.inner.candidates(observation, legal)

    def fallback(self, observation: Any, legal: Sequence, rng: random.Random) -> Any:
        return self.inner.fallback(observation, legal, rng)


def hard_bot(game: str, seed: int | str = 0, max_worlds: int | None = None):
    """The table's hard bot, with a fixed number of worlds when given (reproducible)."""
    bot = make_bot(game, "hard", seed)
    bot.max_worlds = max_worlds
    return bot


def advise(game: str, observation: Any, legal: Sequence, seed: int | str = 0,
           budget_s: float = DEFAULT_BUDGET_S, max_worlds: int | None = None,
           names: Sequence[str] | None = None) -> Advice:
    """The hard bot's move for the seat of `observation`, and why. `names` are the players'
    names (a reason may name one: "Budi passed on 4"); "1", "2", … when not given."""
    bot = hard_bot(game, seed, max_worlds)
    inner = bot.game
    kept = _KeepWorlds(inner)
    bot.game = kept
    try:
        action = bot.choose(observation, legal, budget_s)
    finally:
        bot.game = inner
    module = game_module(game)
    rng = random.Random(f"coach/{seed}")
    if kept.worlds:
        evaluation = evaluate(inner, module.facts, observation, [action], rng, sample=kept.worlds)
    else:
        evaluation = evaluate(inner, module.facts, observation, [action], rng,
                              worlds=EXPLAIN_WORLDS)
    names = list(names) if names else [str(p + 1) for p in range(len(observation.hand_sizes))]
    key, params = module.coach_reason(observation, legal, action, evaluation, names)
    return Advice(action, key, params, evaluation.worlds)


@dataclass(frozen=True)
class Coach:
    """The coach as a table asks it: like a bot (`choose`), so the table's bot runner thinks
    on its worker thread while the window goes on; the answer is an Advice, not a move."""
    game: str
    seed: int | str
    names: tuple = ()

    def choose(self, observation: Any, legal: Sequence, budget_s: float) -> Advice:
        return advise(self.game, observation, legal, self.seed, budget_s, names=self.names)
