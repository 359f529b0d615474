"""The one judge of a position, shared by the coach (ai/coach.py: its move is the judge's
choice) and the review (ai/review.py: each move is measured against that choice), so that a move
the coach suggested is never marked down in the review of the same position.

A judgement of a position is a pure function of it: the hard search's candidates
(ai.search.SearchGame.candidates) are played out in the same worlds with the same rollout seeds
(ai/evaluate.py); the worlds are drawn from a random generator seeded by the position itself
(`position_key`: the seat's observation and its legal moves), and there are a fixed number of
them (the game's `JUDGE_WORLDS`, ai/<game>/coach.py), so the coach at the table, the Review
screen and `main.py review` on another day all see the same worlds and values. The choice is
made by the hard bot's own rule (ai.search.decide: the best mean, or the rule-based move unless
another is surely better) over those worlds: exactly what a hard bot holding that generator
would choose (tests/test_review.py), but that the judge stops once 32 worlds gave every
candidate the same value (ai.evaluate.SETTLED_WORLDS: the choice does not matter).

A move loses against the choice only when the loss is above zero at `CONFIDENCE` standard
errors of the paired (world by world) difference; within that noise it is as good as the
choice. A judgement cut short by the time cap is no longer reproducible, so the choices made are
kept (`KEPT`): the review of a position the coach judged in this session measures against the
coach's choice, whatever worlds it gets itself.
"""

from __future__ import annotations

import hashlib
import random
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Sequence

from .bots import make_bot
from .evaluate import SETTLED_WORLDS, Evaluation, evaluate, game_module
from .search import best_action, means_and_counts, surely_better

#: a loss is called (shown, and a mistake when big enough) only when it is above zero at this
#: many standard errors of the paired difference: the values of two moves differ by luck in a
#: finite sample of worlds, and the best of several noisy means wins by luck
CONFIDENCE = 2.0
#: seconds a judgement may take at most, a safety net for a slow or busy machine: the worlds
#: (JUDGE_WORLDS) take about half a second, and a judgement cut short here is no longer
#: reproducible (after at least `MIN_WORLDS` worlds)
TIME_CAP_S = 3.0
MIN_WORLDS = 4
#: choices kept, latest used last: a position judged again in this session (the review of a
#: deal the coach was asked in) gets the same choice even if a time cap cut either judgement
#: short (a choice is one move: a few hundred bytes)
KEPT = 4096


def position_key(observation: Any, legal: Sequence) -> str:
    """A digest of the position as the seat sees it. Observations are frozen dataclasses of
    numbers, tuples and enums: their text is the same in every process."""
    text = f"{observation!r}|{list(legal)!r}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def judge_seed(key: str) -> str:
    """The seed of the worlds of the position `key` (and of a hard bot that would see them)."""
    return f"judge/{key}"


@dataclass(frozen=True)
class Verdict:
    """One move against the judge's choice. `loss` is 0 unless `significant`; `best` is the
    choice when the loss is significant, else the move itself (as good as the choice)."""
    action: Any
    best: Any
    loss: float
    error: float
    significant: bool


@dataclass(frozen=True)
class Judgement:
    key: str
    actions: list              # the search's candidates, then any other move judged with them
    candidates: int            # how many of `actions` are the candidates
    choice: Any                # the judge's move (the coach's)
    evaluation: Evaluation     # every action's value in every world (none: one candidate)
    complete: bool             # every world asked for was played (not cut by the time cap)

    def verdict(self, action: Any) -> Verdict:
        if action == self.choice or not self.evaluation.worlds:
            return Verdict(action, action, 0.0, 0.0, False)
        evaluation = self.evaluation
        loss, error = evaluation.gain(evaluation.index(self.choice), evaluation.index(action))
        if loss > 0 and loss > CONFIDENCE * error:
            return Verdict(action, self.choice, loss, error, True)
        return Verdict(action, action, 0.0, error, False)


_kept: OrderedDict = OrderedDict()
_kept_lock = threading.Lock()


def _recall(name: tuple) -> Any:
    with _kept_lock:
        choice = _kept.get(name)
        if choice is not None:
            _kept.move_to_end(name)
        return choice


def _keep(name: tuple, choice: Any) -> None:
    with _kept_lock:
        _kept[name] = choice
        _kept.move_to_end(name)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def forget() -> None:
    """Drop the choices kept (tests: a judgement made afresh)."""
    with _kept_lock:
        _kept.clear()


def _choose(bot, actions: list, rows: list, preferred: Any) -> Any:
    """The hard bot's rule (ai.search.decide) over complete rows of the candidates' values."""
    confidence, thin = bot.confidence, bot.thin
    if thin is not None and len(rows) < thin[0] and preferred in actions:
        confidence = thin[1] if confidence is None else max(confidence, thin[1])
    if confidence is not None and preferred in actions:
        return surely_better(actions, rows, preferred, confidence)
    means, counts = means_and_counts(rows)
    return best_action(actions, means, counts, preferred)


def _cut(evaluation: Evaluation, count: int) -> bool:
    """Whether the time cap stopped the evaluation (not the candidates' settled values)."""
    if evaluation.worlds < SETTLED_WORLDS:
        return True
    return any(max(row[:count]) != min(row[:count]) for row in evaluation.values)


def judge(game: str, observation: Any, legal: Sequence, also: Any = None,
          worlds: int | None = None, budget_s: float | None = TIME_CAP_S) -> Judgement:
    """The judgement of the position (`observation` of the seat to move, its `legal` moves):
    the candidates in `worlds` worlds (the game's JUDGE_WORLDS when None), within `budget_s`
    seconds (None: no cap); `also`, a move played that the search would not consider, is
    played in the same worlds so that it can be judged too."""
    module = game_module(game)
    worlds = module.JUDGE_WORLDS if worlds is None else worlds
    key = position_key(observation, legal)
    name = (game, key, worlds)
    bot = make_bot(game, "hard", judge_seed(key))
    search, rng = bot.game, random.Random(judge_seed(key))
    legal = list(legal)
    preferred = search.fallback(observation, legal, rng) if len(legal) > 1 else legal[0]
    candidates = list(search.candidates(observation, legal)) if len(legal) > 1 else legal
    actions = candidates + ([also] if also is not None and also not in candidates else [])
    if len(actions) == 1:
        judgement = Judgement(key, actions, 1, actions[0], Evaluation(actions), True)
    else:
        evaluation = evaluate(search, module.facts, observation, actions, rng, worlds,
                              budget_s, MIN_WORLDS, settle=len(candidates))
        count = len(candidates)
        choice = _recall(name)
        if choice not in candidates:
            rows = [row[:count] for row in evaluation.values]
            choice = _choose(bot, candidates, rows, preferred) if count > 1 else candidates[0]
        complete = evaluation.worlds == worlds or not _cut(evaluation, count)
        judgement = Judgement(key, actions, count, choice, evaluation, complete)
    _keep(name, judgement.choice)
    return judgement
