"""What the history counts of a finished Joker game, by player (game/history/counts.py
replays the record through the engine and calls `observe` with each move's events): bids made,
exact bids, khishti (a bid of one or more, no trick taken), pulkas on premium."""

from __future__ import annotations

from typing import Any, Callable

from .actions import DealResult, PulkaResult

#: the counts, in the order the statistics show them
COUNT_NAMES = ("bids", "exact", "khishti", "premiums")


def counter(players: int) -> tuple[list[dict], Callable]:
    counts = [dict.fromkeys(COUNT_NAMES, 0) for _ in range(players)]

    def observe(events: list, state: Any) -> None:
        for event in events:
            if isinstance(event, DealResult):
                for player, (bid, took) in enumerate(zip(event.bids, event.tricks)):
                    counts[player]["bids"] += 1
                    counts[player]["exact"] += bid == took
                    counts[player]["khishti"] += bid >= 1 and took == 0
            elif isinstance(event, PulkaResult):
                for player in event.premium:
                    counts[player]["premiums"] += 1
    return counts, observe


def figures(c: dict, games: int) -> dict:
    """The figures shown, from the counts summed over a profile's games (+ "total")."""
    return {"exact_bids": c["exact"], "bids": c["bids"],
            "exact_percent": round(100.0 * c["exact"] / max(1, c["bids"]), 1),
            "khishti": c["khishti"], "premiums": c["premiums"],
            "score_per_game": round(c["total"] / max(1, games), 1)}
