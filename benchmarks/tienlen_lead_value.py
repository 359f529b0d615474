"""What leading a Tiến Lên game is worth: the winner of a game leads the next one with any
combination (T7), a gold value the game's own payments do not show. Figures, not pass/fail.

    python benchmarks/tienlen_lead_value.py [--tables 1000] [--games 11] [--level normal]

Tables of four bots of one level play `--games` games in a row; every game after the first is
led by the previous winner. The figures are the leader's gold in those games, what each other
player loses on average, and the difference, which is what going out first is worth on top of
its payments (the hard search's `NEXT_LEAD_VALUE`).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import sys


from ai.bots import make_bot  # noqa: E402
from game.core.table import Table  # noqa: E402


def later_games(task: tuple[int, int, str]) -> list[tuple[float, float, bool]]:
    """(leader's gold, the others' mean gold, whether the leader won) for each game after the
    first at one table."""
    table_number, games, level = task
    table = Table("tienlen", [f"P{p}" for p in range(4)], {}, seed=f"lead/{table_number}")
    bots = [make_bot("tienlen", level, f"lead/{table_number}/{p}") for p in range(4)]
    state = table.state
    found = []
    for game in range(games):
        before = list(state.gold)
        table.deal_if_needed()
        leader = state.history[0].leader  # GameStarted: also there when an instant win ends it
        while not state.needs_deal() and not state.is_terminal():
            player = state.current_player()
            action = bots[player].choose(state.observation(player), state.legal_actions(), 1.0)
            table.apply(action)
        gained = [after - was for after, was in zip(state.gold, before)]
        if game > 0:  # the first game's leader is whoever holds 3♠ (T7), not a winner
            others = statistics.fmean(g for p, g in enumerate(gained) if p != leader)
            found.append((gained[leader], others, state.last_winner == leader))
    return found


def mean_and_interval(values: list[float]) -> str:
    interval = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{statistics.fmean(values):+.2f} ± {interval:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--games", type=int, default=11, help="games in a row at each table")
    parser.add_argument("--level", default="normal", choices=("random", "easy", "normal"))
    args = parser.parse_args()
    tasks = [(number, args.games, args.level) for number in range(args.tables)]
    with multiprocessing.Pool(os.cpu_count()) as pool:
        rows = [row for table in pool.map(later_games, tasks) for row in table]
    leader = [row[0] for row in rows]
    others = [row[1] for row in rows]
    worth = [row[0] - row[1] for row in rows]
    print(f"{len(rows)} games led by the previous winner, four {args.level} bots")
    print(f"the leader's gold in the game:      {mean_and_interval(leader)}")
    print(f"each other player's gold (mean):    {mean_and_interval(others)}")
    print(f"the lead is worth (leader − other): {mean_and_interval(worth)}")
    print(f"the leader wins {100 * statistics.fmean(row[2] for row in rows):.1f} % "
          f"of these games (parity 25 %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
