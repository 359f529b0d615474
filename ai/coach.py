"""The coach (the window's part is not here): the judge's move for a seat, and one short line
why, built from what the judge saw.

`advise(game, observation, legal)` asks the one judge of the position (ai/judge.py), which the
review asks too: the move is the judge's choice (the hard bot's rule over the position's own
worlds), so the review of the same position never marks it down. The judge's worlds say how the
deal ends after that move (the game's `facts`), and the game's `coach_reason`
(ai/<game>/coach.py) says why as a translation key and its parameters: Tiến Lên "keeps your
straight; the 2 is your way back to the lead", domino "leaves a 4 open: Budi passed on 4", Joker
"Bid 2: A♠ X1". Like every bot it sees only the observation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from .bots import make_bot
from .evaluate import evaluate, game_module, search_game
from .judge import TIME_CAP_S, judge
from .words import say

#: worlds sampled to explain a move the judge did not need to search (one candidate)
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


def hard_bot(game: str, seed: int | str = 0, max_worlds: int | None = None):
    """The table's hard bot, with a fixed number of worlds when given (reproducible)."""
    bot = make_bot(game, "hard", seed)
    bot.max_worlds = max_worlds
    return bot


def advise(game: str, observation: Any, legal: Sequence, budget_s: float | None = TIME_CAP_S,
           worlds: int | None = None, names: Sequence[str] | None = None) -> Advice:
    """The judge's move for the seat of `observation`, and why: over the game's JUDGE_WORLDS
    worlds (or `worlds`), within `budget_s` seconds. `names` are the players' names (a reason
    may name one: "Budi passed on 4"); "1", "2", … when not given."""
    judgement = judge(game, observation, legal, worlds=worlds, budget_s=budget_s)
    action, evaluation = judgement.choice, judgement.evaluation
    module = game_module(game)
    if not evaluation.worlds:       # a forced move: a few worlds say how the deal goes on
        rng = random.Random(f"coach/{judgement.key}")
        evaluation = evaluate(search_game(game), module.facts, observation, [action], rng,
                              EXPLAIN_WORLDS, budget_s)
    names = list(names) if names else [str(p + 1) for p in range(len(observation.hand_sizes))]
    key, params = module.coach_reason(observation, legal, action, evaluation, names)
    return Advice(action, key, params, evaluation.worlds)


@dataclass(frozen=True)
class Coach:
    """The coach as a table asks it: like a bot (`choose`), so the table's bot runner thinks
    on its worker thread while the window goes on; the answer is an Advice, not a move. Its
    budget caps the judge's time (TIME_CAP_S at the table)."""
    game: str
    names: tuple = ()

    def choose(self, observation: Any, legal: Sequence, budget_s: float) -> Advice:
        return advise(self.game, observation, legal, budget_s, names=self.names)
