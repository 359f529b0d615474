"""Points of a deal (J12–J14), the premium after a pulka (J15) and the ranking (J16)."""

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


def premium(pulka_scores: Sequence[Sequence[int]], pulka_made: Sequence[bool]
            ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """J15. `pulka_scores[p]` are player p's deal scores in the pulka, `pulka_made[p]` whether p
    made every bid. Returns (players on premium, adjustment by player)."""
    on_premium = tuple(p for p, made in enumerate(pulka_made) if made)
    if not on_premium:
        return (), tuple(0 for _ in pulka_made)
    adjust = []
    for player, scores in enumerate(pulka_scores):
        best = max(scores)
        if player in on_premium:
            adjust.append(best)           # the best deal counts twice
        else:
            adjust.append(-best if best > 0 else 0)  # erased, unless that would reward
    return on_premium, tuple(adjust)


def ranking(totals: Sequence[int]) -> tuple[int, ...]:
    """J16: player indices, highest total first (ties keep seat order)."""
    return tuple(sorted(range(len(totals)), key=lambda p: -totals[p]))
