"""Each finished game's own counts, by player, found by replaying its scenario/1 record through
the engine (so they always agree with the rules that scored the game).

    facts = game_facts(record)   # FinishedGame: totals, winners, deals, counts[player]

Each game says what it counts through its definition (`count_names`, `history_counter`:
game/<game>/history.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from game.core.registry import get_game
from game.core.replay import load_table
from game.core.rules import highest_totals

@dataclass(frozen=True)
class FinishedGame:
    game: str
    totals: tuple[int, ...]            # each player's points, gold or score at the end
    winners: tuple[int, ...]
    deals: int                         # deals dealt (Tiến Lên: games)
    counts: tuple[dict[str, int], ...]  # by player, the definition's count_names
    #: the game ended: a match played out, or an open-ended session (Tiến Lên) with at least
    #: one game finished and none in play
    finished: bool


def game_facts(record: dict) -> FinishedGame:
    """Replay `record` (raises ScenarioError when it does not replay) and count."""
    definition = get_game(record["game"])
    counts, observe = definition.history_counter(len(record["players"]))
    table = load_table(record, observe)
    state = table.state
    totals = tuple(state.returns())
    if definition.open_ended:
        # an open-ended session (Tiến Lên) is won by the highest balance when it ends, not by
        # the last game
        winners = highest_totals(totals)
    else:
        winners = definition.winners(state)
    finished = state.is_terminal() or bool(
        definition.open_ended and record["deals"] and state.needs_deal())
    return FinishedGame(definition.name, totals, tuple(winners), len(record["deals"]),
                        tuple(counts), finished)

