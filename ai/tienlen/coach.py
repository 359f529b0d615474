"""Tiến Lên's side of the review (ai/review.py) and the coach (ai/coach.py): the facts kept from
each rollout, the mistake threshold, and the lines that say why (keys `tienlen.review.*` and
`tienlen.coach.*` in assets/locale/<language>/tienlen.json)."""

from __future__ import annotations

from game.tienlen.actions import Play
from game.tienlen.cards import RANK_TWO, describe, mask_of
from game.tienlen.combos import STRAIGHT, classify, is_chop

from .plan import split_hand
from .view import view_of_observation

#: a move that loses at least this much gold a game on average (and surely, ai/review.py) is a
#: mistake; the values count the gold of the game (T12–T15) and the next game's lead (10.4,
#: docs/ai.md), and swing by tens between worlds
THRESHOLD = 5.0
#: the worlds of a judgement (ai/judge.py: the coach's and the review's, the same for both):
#: a world costs 2–9 ms (up to ten candidates): 100 take under half a second at most
#: on an idle 2-core machine (and about twice that under load)
JUDGE_WORLDS = 100


def facts(before, after, player: int) -> tuple:
    """(the seat went out first,)"""
    return (after.last_winner == player,)


def words(action) -> str:
    """Language-neutral words for a move: "5♠ 5♥", "—" (pass)."""
    return describe(action.cards) if type(action) is Play else "—"


def _percent(rate: float) -> int:
    return round(100 * rate)


def _goes_out(observation, action) -> bool:
    return type(action) is Play and len(action.cards) == len(observation.hand)


def review_note(observation, played, best, evaluation, names) -> tuple[str, dict]:
    p, b = evaluation.index(played), evaluation.index(best)
    loss, _ = evaluation.gain(b, p)
    if _goes_out(observation, best):          # T10: the first out wins the game
        return "tienlen.review.missed_out", {"best": words(best)}
    if type(best) is not Play:
        return "tienlen.review.should_pass", {"played": words(played), "loss": round(loss, 1)}
    first_best, first_played = evaluation.rate(b), evaluation.rate(p)
    if first_best - first_played >= 0.15:
        return "tienlen.review.first_rate", {"best": words(best),
                                             "best_rate": _percent(first_best),
                                             "played_rate": _percent(first_played)}
    return "tienlen.review.gold", {"best": words(best), "loss": round(loss, 1),
                                   "worlds": evaluation.worlds}


def coach_reason(observation, legal, action, evaluation, names) -> tuple[str, dict]:
    rate = evaluation.rate(evaluation.index(action)) if evaluation.worlds else 0.0
    counted = {"rate": _percent(rate), "worlds": evaluation.worlds}
    if _goes_out(observation, action):
        return "tienlen.coach.go_out", {"cards": words(action)}
    view = view_of_observation(observation)
    if type(action) is not Play:
        if len(legal) == 1:
            return "tienlen.coach.must_pass", {}
        return "tienlen.coach.pass", counted
    played = mask_of(action.cards)
    combo = classify(action.cards)
    if view.table is not None and combo is not None and is_chop(combo, view.table):
        return "tienlen.coach.chop", {"cards": words(action)}
    rest = view.hand & ~played
    keeps_straight = any(c.kind == STRAIGHT for c in split_hand(rest)) if rest else False
    keeps_two = any(card >> 2 == RANK_TWO for card in observation.hand
                    if card not in action.cards)
    if keeps_straight and keeps_two:
        return "tienlen.coach.keeps_straight_two", {"cards": words(action)}
    if keeps_straight:
        return "tienlen.coach.keeps_straight", {"cards": words(action), **counted}
    if keeps_two:
        return "tienlen.coach.keeps_two", {"cards": words(action), **counted}
    return "tienlen.coach.play", {"cards": words(action), **counted}
