"""Each finished game's own counts, by player, found by replaying its scenario/1 record through
the engine (so they always agree with the rules that scored the game).

    facts = game_facts(record)   # FinishedGame: totals, winners, deals, counts[player]

Domino: deals won by Apollo, Ceki (habis or biasa), Kandang, Tangkap Kandang; misplays; the
points of the match and the deals played (points a deal = points / deals).
Tiến Lên: games played, first out, chops made and suffered, the gold paid for 2s left in hand
(thúi heo: T12's value of the 2s × the stake, doubled under V-T3).
Joker: bids made, exact bids, khishti (a bid of one or more, no trick taken), pulkas on premium.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.core.registry import get_game
from game.core.replay import load_table
from game.core.rules import highest_totals

#: each game's counts, in the order the statistics show them
COUNT_NAMES: dict[str, tuple[str, ...]] = {
    "domino": ("deals", "apollo", "ceki", "kandang", "tangkap_kandang", "misplays"),
    "tienlen": ("games", "first_out", "chops_made", "chops_suffered", "thui_heo"),
    "joker": ("bids", "exact", "khishti", "premiums"),
}


@dataclass(frozen=True)
class FinishedGame:
    game: str
    totals: tuple[int, ...]            # each player's points, gold or score at the end
    winners: tuple[int, ...]
    deals: int                         # deals dealt (Tiến Lên: games)
    counts: tuple[dict[str, int], ...]  # by player, COUNT_NAMES[game]
    #: the game ended: a match played out, or an open-ended session (Tiến Lên) with at least
    #: one game finished and none in play
    finished: bool


def _domino(players: int) -> tuple[list[dict], Callable]:
    from game.domino import scoring
    from game.domino.actions import DealEnded, Misplayed

    counts = [dict.fromkeys(COUNT_NAMES["domino"], 0) for _ in range(players)]
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


def _tienlen(players: int) -> tuple[list[dict], Callable]:
    from game.tienlen.actions import Chopped, GameOver
    from game.tienlen.scoring import twos_value

    counts = [dict.fromkeys(COUNT_NAMES["tienlen"], 0) for _ in range(players)]

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


def _joker(players: int) -> tuple[list[dict], Callable]:
    from game.joker.actions import DealResult, PulkaResult

    counts = [dict.fromkeys(COUNT_NAMES["joker"], 0) for _ in range(players)]

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


COUNTERS = {"domino": _domino, "tienlen": _tienlen, "joker": _joker}


def game_facts(record: dict) -> FinishedGame:
    """Replay `record` (raises ScenarioError when it does not replay) and count."""
    definition = get_game(record["game"])
    counts, observe = COUNTERS[definition.name](len(record["players"]))
    table = load_table(record, observe)
    state = table.state
    totals = tuple(state.returns())
    if definition.open_ended:
        # a Tiến Lên session is won by the highest balance when it ends, not by the last game
        winners = highest_totals(totals)
    else:
        winners = definition.winners(state)
    finished = state.is_terminal() or bool(
        definition.open_ended and record["deals"] and state.needs_deal())
    return FinishedGame(definition.name, totals, tuple(winners), len(record["deals"]),
                        tuple(counts), finished)

