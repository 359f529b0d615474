"""What the history counts of a finished domino match, by player (game/history/counts.py
replays the record through the engine and calls `observe` with each move's events): deals won
by Apollo, Ceki (habis or biasa), Kandang, Tangkap Kandang; misplays; the deals played (points
a deal = points / deals)."""

from __future__ import annotations

from typing import Any, Callable

from . import scoring
from .actions import DealEnded, Misplayed

#: the counts, in the order the statistics show them
COUNT_NAMES = ("deals", "apollo", "ceki", "kandang", "tangkap_kandang", "misplays")


def counter(players: int) -> tuple[list[dict], Callable]:
    counts = [dict.fromkeys(COUNT_NAMES, 0) for _ in range(players)]
    by_outcome = {scoring.APOLLO: "apollo", scoring.CEKI_HABIS: "ceki",
                  scoring.CEKI_BIASA: "ceki", scoring.KANDANG: "kandang",
                  scoring.TANGKAP_KANDANG: "tangkap_kandang"}

    def observe(events: list, state: Any) -> None:
        for event in events:
            if isinstance(event, Misplayed):
                counts[event.player]["misplays"] += 1
            elif isinstance(event, DealEnded) and not event.result.void:
                for player in range(players):
                    counts[player]["deals"] += 1
                name = by_outcome.get(event.result.outcome)
                if name:
                    for winner in event.result.winners:
                        counts[winner][name] += 1
    return counts, observe


def figures(c: dict, games: int) -> dict:
    """The figures shown, from the counts summed over a profile's games (+ "total")."""
    return {"apollo": c["apollo"], "ceki": c["ceki"], "kandang": c["kandang"],
            "tangkap_kandang": c["tangkap_kandang"], "misplays": c["misplays"],
            "points_per_deal": round(c["total"] / max(1, c["deals"]), 2)}
