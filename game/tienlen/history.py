"""What the history counts of a finished Tiến Lên session, by player (game/history/counts.py
replays the record through the engine and calls `observe` with each move's events): games
played, first out, chops made and suffered, the gold paid for 2s left in hand (thúi heo: T12's
value of the 2s × the stake, doubled under V-T3)."""

from __future__ import annotations

from typing import Any, Callable

from .actions import Chopped, GameOver
from .scoring import twos_value

#: the counts, in the order the statistics show them
COUNT_NAMES = ("games", "first_out", "chops_made", "chops_suffered", "thui_heo")


def counter(players: int) -> tuple[list[dict], Callable]:
    counts = [dict.fromkeys(COUNT_NAMES, 0) for _ in range(players)]

    def observe(events: list, state: Any) -> None:
        for event in events:
            if isinstance(event, Chopped):
                counts[event.chopper]["chops_made"] += 1
                counts[event.chopped]["chops_suffered"] += 1
            elif isinstance(event, GameOver):
                for player in range(players):
                    counts[player]["games"] += 1
                if event.winner is not None:
                    counts[event.winner]["first_out"] += 1
                if event.outcome == "normal" and event.winner is not None:
                    double = 2 if state.doubled else 1
                    for player, hand in enumerate(state.hands):
                        if hand and player != event.winner:
                            counts[player]["thui_heo"] += twos_value(hand) * double * state.stake
    return counts, observe


def figures(c: dict, games: int) -> dict:
    """The figures shown, from the counts summed over a profile's sessions (+ "total")."""
    return {"games_played": c["games"], "first_out": c["first_out"],
            "chops_made": c["chops_made"], "chops_suffered": c["chops_suffered"],
            "thui_heo_paid": c["thui_heo"], "gold": c["total"]}
