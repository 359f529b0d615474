"""How long the coach takes to answer at a table (goal: "within about a second").

    nice -n 10 python benchmarks/coach_speed.py [--games domino,tienlen,joker] [--positions N]
        [--budget S]

For each game, N positions are reached by random play from seeded tables (new deals as
needed), and the coach is asked for the move of the player to act exactly as the table asks it
(`ai.coach.Coach` capped at the table's COACH_BUDGET_S unless `--budget` says otherwise): the
judge of the position (ai/judge.py: the game's JUDGE_WORLDS worlds, the hard bot's rule). Prints
per game the seconds an answer took (p50, p95, max), the CPU seconds (p50, max: what a busy
machine does not change) and how many positions had one legal move only (answered without a
search). Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import time


from ai.coach import Coach  # noqa: E402
from game.controller.assists import COACH_BUDGET_S  # noqa: E402
from game.controller.random_play import random_position  # noqa: E402

GAMES = ("domino", "tienlen", "joker")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--budget", type=float, default=COACH_BUDGET_S)
    args = parser.parse_args()
    print(f"coach answers at {args.budget} s of search, {args.positions} positions a game")
    print(f"{'game':<9} {'p50 s':>6} {'p95 s':>6} {'max s':>6} {'cpu p50':>8} {'cpu max':>8} "
          f"{'forced':>7}")
    for game in args.games.split(","):
        times, cpu, forced = [], [], 0
        for index in range(args.positions):
            state = random_position(game, index, 4 + 3 * index)
            player = state.current_player()
            legal = state.legal_actions()
            forced += len(legal) == 1
            coach = Coach(game, ("Ani", "Budi", "Citra", "Dewi"))
            started, started_cpu = time.perf_counter(), time.process_time()
            coach.choose(state.observation(player), legal, args.budget)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
        print(f"{game:<9} {statistics.median(times):6.2f} {percentile(times, 0.95):6.2f} "
              f"{max(times):6.2f} {statistics.median(cpu):8.2f} {max(cpu):8.2f} "
              f"{forced:>4}/{args.positions}")


if __name__ == "__main__":
    main()
