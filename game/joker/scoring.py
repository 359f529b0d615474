"""Points of a deal (J12–J14), the premium after a pulka (J15, V-J3) and the ranking (J16,
V-J4)."""

from __future__ import annotations

from typing import Sequence

SPECIAL_KHISHTI = "special"


def khishti_value(khishti: int | str, cards: int) -> int:
    """J14: a fixed negative value, or "special": −100 × cards dealt."""
    return -100 * cards if khishti == SPECIAL_KHISHTI else khishti


def deal_score(bid: int, taken: int, cards: int, khishti: int | str) -> int:
    if taken == bid:                      # J12: made exactly
        if bid == cards:
            return 100 * cards            # took all that was dealt
        return 50 + 50 * bid              # includes bid 0 → 50
    if taken == 0:                        # J13: bid ≥ 1, took nothing
        return khishti_value(khishti, cards)
    return 10 * taken                     # J13: missed


#: V-J3 `premium`: how the pulka premium is paid ("standard" is J15)
STANDARD_PREMIUM = "standard"
PREMIUM_MODES = (STANDARD_PREMIUM, "off", "no_erase", "single_erases", "next_seat")
#: V-J3 "next_seat": only deal scores of at least this much count
NEXT_SEAT_ELIGIBLE = 150
#: V-J4: the team of each seat (partners sit opposite: seats 0 and 2, seats 1 and 3)
TEAM_OF = (0, 1, 0, 1)


def premium(pulka_scores: Sequence[Sequence[int]], pulka_made: Sequence[bool],
            mode: str = STANDARD_PREMIUM, partnership: bool = False
            ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """J15, or the V-J3 `mode`. `pulka_scores[p]` are player p's deal scores in the pulka, in
    order, `pulka_made[p]` whether p made every bid. Returns (players on premium, adjustment by
    player). With `partnership` (V-J4) only opponents of a premium player are erased."""
    zeros = tuple(0 for _ in pulka_made)
    if mode == "off":
        return (), zeros
    on_premium = tuple(p for p, made in enumerate(pulka_made) if made)
    if not on_premium:
        return (), zeros
    if mode == "next_seat":
        return on_premium, _next_seat(pulka_scores, pulka_made)
    if mode == "single_erases" and len(on_premium) >= 3:
        return on_premium, zeros          # VJ-a: listed, nothing adjusted
    erases = mode == STANDARD_PREMIUM or (mode == "single_erases" and len(on_premium) == 1)
    adjust = []
    for player, scores in enumerate(pulka_scores):
        best = max(scores)
        if pulka_made[player]:
            adjust.append(best)           # the best deal counts twice
        elif erases and best > 0 and (not partnership or any(
                TEAM_OF[other] != TEAM_OF[player] for other in on_premium)):
            adjust.append(-best)          # erased, unless that would reward (or a partner's)
        else:
            adjust.append(0)
    return on_premium, tuple(adjust)


def _next_seat(pulka_scores: Sequence[Sequence[int]], pulka_made: Sequence[bool]
               ) -> tuple[int, ...]:
    """V-J3 "next_seat": the deals before the pulka's last, scores of 150 or more; each run of
    consecutive premium seats (clockwise, wrapping round, VJ-b) gives its first seat with such a
    score that score again and erases the best such score of the seat after the run."""
    seats = len(pulka_made)
    best = []
    for scores in pulka_scores:
        eligible = [score for score in scores[:-1] if score >= NEXT_SEAT_ELIGIBLE]
        best.append(max(eligible) if eligible else None)
    if all(pulka_made):                   # the four on premium: each adds, nobody loses
        return tuple(score or 0 for score in best)
    adjust = [0] * seats
    for start in range(seats):
        if not pulka_made[start] or pulka_made[start - 1]:
            continue                      # not the first seat of a run
        run, seat = [], start
        while pulka_made[seat]:
            run.append(seat)
            seat = (seat + 1) % seats
        giver = next((s for s in run if best[s] is not None), None)
        if giver is None:
            continue
        adjust[giver] += best[giver]
        if best[seat] is not None:        # the first seat after the run
            adjust[seat] -= best[seat]
    return tuple(adjust)


def team_totals(totals: Sequence[int]) -> tuple[int, int]:
    """V-J4: [seats 0 + 2, seats 1 + 3]."""
    return totals[0] + totals[2], totals[1] + totals[3]


def ranking(totals: Sequence[int], partnership: bool = False) -> tuple[int, ...]:
    """J16: player indices, highest total first (ties keep seat order). V-J4: the team with the
    higher sum first (a tie: seats 0 and 2 first, VJ-c), each team's players by total."""
    if not partnership:
        return tuple(sorted(range(len(totals)), key=lambda p: -totals[p]))
    teams = team_totals(totals)
    first = 0 if teams[0] >= teams[1] else 1
    order: list[int] = []
    for team in (first, 1 - first):
        order += sorted((team, team + 2), key=lambda p: (-totals[p], p))
    return tuple(order)
