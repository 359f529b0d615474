"""Domino's side of the review (ai/review.py) and the coach (ai/coach.py): the facts kept from
each rollout, the mistake threshold, and the lines that say why (keys `domino.review.*` and
`domino.coach.*` in assets/locale/<language>/domino.json)."""

from __future__ import annotations

from game.domino.actions import Apollo, Pass, Play
from game.domino.tiles import IS_DOUBLE, PIPS, TILE_ENDS, tile_text

from .knowledge import passes_by_player
from .play import ends_after, partner_of

#: a move that loses at least this many points a deal on average (and surely, ai/review.py) is a
#: mistake; a deal is worth −4 … +6 (D11–D16)
THRESHOLD = 1.0
#: the worlds of a judgement (ai/judge.py: the coach's and the review's, the same for both):
#: a world costs about 1 ms (up to six candidates): 400 take under half a second
#: on an idle 2-core machine (and about twice that under load)
JUDGE_WORLDS = 400


def facts(before, after, player: int) -> tuple:
    """(the seat or its partner won the deal,)"""
    result = after.results[-1]
    winners = set(result.winners)
    if after.options.partnership:
        return (bool(winners & {player, partner_of(player)}),)
    return (player in winners,)


def words(action) -> str:
    """Language-neutral words for a move: "3-5", "1-2 + 2-2" (Apollo), "—" (pass)."""
    if type(action) is Apollo:
        return f"{tile_text(action.first.tile)} + {tile_text(action.second.tile)}"
    if type(action) is Play:
        return tile_text(action.tile)
    return "—"


def _percent(rate: float) -> int:
    return round(100 * rate)


def review_note(observation, played, best, evaluation, names) -> tuple[str, dict]:
    p, b = evaluation.index(played), evaluation.index(best)
    loss, _ = evaluation.gain(b, p)
    if type(best) is Apollo:      # D11: +6, the deal's best outcome, there for the taking
        return "domino.review.missed_apollo", {"tiles": words(best)}
    won_best, won_played = evaluation.rate(b), evaluation.rate(p)
    if won_best - won_played >= 0.15:
        return "domino.review.win_rate", {"best": words(best), "best_rate": _percent(won_best),
                                          "played_rate": _percent(won_played)}
    return "domino.review.points", {"best": words(best), "loss": round(loss, 1),
                                    "worlds": evaluation.worlds}


def coach_reason(observation, legal, action, evaluation, names) -> tuple[str, dict]:
    if type(action) is Apollo:
        return "domino.coach.apollo", {"tiles": words(action)}
    if type(action) is Pass:
        return "domino.coach.pass", {}
    if len(observation.hand) == 1:
        return "domino.coach.last_tile", {"tile": words(action)}
    # an end the next player has passed on (D6: they hold none of that number)
    order = observation.play_order
    me = observation.player
    later = order[(order.index(me) + 1) % len(order)] if me in order else None
    if later is not None and observation.line:
        passed = passes_by_player(observation)[later]
        shown = set(ends_after(observation.left, observation.right, action))
        blocked = sorted(shown & passed)
        if blocked:
            return "domino.coach.blocks", {"tile": words(action), "number": blocked[0],
                                           "player": names[later]}
    rate = evaluation.rate(evaluation.index(action)) if evaluation.worlds else 0.0
    figures = {"tile": words(action), "rate": _percent(rate), "worlds": evaluation.worlds}
    others = [a.tile for a in legal if type(a) is Play and a.tile != action.tile]
    rest = [tile for tile in observation.hand if tile != action.tile]
    if IS_DOUBLE[action.tile] and others:     # a double fits one number only: hard to place
        return "domino.coach.double", figures
    if observation.line:
        # an end showing a number the seat holds more of: it can answer there, others may not
        held = {n: sum(n in TILE_ENDS[t] for t in rest) for n in range(7)}
        number = max(ends_after(observation.left, observation.right, action),
                     key=lambda n: held[n])
        if held[number] >= 2:
            return "domino.coach.keeps_number", {**figures, "number": number,
                                                 "count": held[number]}
    if others and PIPS[action.tile] > max(PIPS[t] for t in others):
        # D15/D16: a blocked game goes to the fewest pips in hand
        return "domino.coach.heaviest", figures
    return "domino.coach.play", figures
