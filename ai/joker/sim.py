"""Joker's own figures in the `sim` table: how often each level makes its bid exactly, and how
often it bids and takes nothing (khishti, J14)."""

from __future__ import annotations

from game.joker.actions import DealResult
from game.joker.state import JokerState

from ..sim import Rate, SimReport


def bid_counts(state: JokerState) -> list[dict[str, int]]:
    """Per seat: deals scored, bids made exactly, khishti."""
    counts = [{"deals": 0, "exact": 0, "khishti": 0} for _ in range(state.num_players)]
    for line in state.sheet:
        if isinstance(line, DealResult):
            for p in range(state.num_players):
                counts[p]["deals"] += 1
                counts[p]["exact"] += line.bids[p] == line.tricks[p]
                counts[p]["khishti"] += line.bids[p] > 0 and line.tricks[p] == 0
    return counts


REPORT = SimReport(counts=bid_counts,
                   rates=(Rate("exact bid %", "exact_bid_rate", "exact", "deals"),
                          Rate("khishti %", "khishti_rate", "khishti", "deals")))
