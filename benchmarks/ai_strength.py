"""AI strength and latency: the figures of docs/ai.md ("Figures"), each level against
the level below it and against the frozen baselines (normal-v1, hard-v1), in duplicate
(ai/sim.py). Figures, not pass/fail.

    python benchmarks/ai_strength.py [--mode full|quick] [--game domino|tienlen|joker]
                                     [--only TEXT] [--list]

`--mode full` (the default) plays every row exactly as docs/ai.md gives it: its games, seed and
budget (hours on two cores: pick a game, or one row with `--only`). `--mode quick` is CI-sized:
2 % of each row's games (at least one deal set) at 0.02 s a searched decision, minutes in all.
`--list` prints the rows' `main.py sim` commands without playing them. Every table is printed
with its exact command.
"""

from __future__ import annotations

import argparse
import sys
from typing import NamedTuple


from ai.sim import SimConfig, format_table, run, summarize  # noqa: E402


class Figure(NamedTuple):
    """One row of docs/ai.md's figures: what it measures and the sim that measures it."""
    measures: str
    game: str
    seats: str
    games: int
    seed: int
    budget_s: float = 1.0                 # seconds a searched decision (unused without hard)


FIGURES = [
    # domino
    Figure("domino ladder: random below easy", "domino", "random,easy,easy,easy", 400, 7),
    Figure("domino ladder: easy below normal", "domino", "easy,normal,normal,normal", 400, 7),
    Figure("domino ladder: hard above normal", "domino", "hard,normal,normal,normal", 128, 7,
           0.05),
    Figure("domino hard vs three normal-v1 (+1.5 points a deal)", "domino",
           "hard,normal-v1,normal-v1,normal-v1", 256, 1, 0.05),
    Figure("domino hard-v1 there, for comparison", "domino",
           "hard-v1,normal-v1,normal-v1,normal-v1", 256, 1, 0.05),
    *(Figure(f"domino hard vs three normal-v1 at the table's budget, seed {seed}", "domino",
             "hard,normal-v1,normal-v1,normal-v1", 40, seed, 1.0) for seed in (3, 4)),
    # Tiến Lên
    Figure("Tiến Lên ladder: random below easy", "tienlen", "random,easy,easy,easy", 400, 7),
    Figure("Tiến Lên ladder: easy below normal", "tienlen", "easy,normal,normal,normal", 2000, 7),
    # hard against three normal-v1 at 1 s: five seeds of 400 games (normal is normal-v1, so
    # these are also the ladder's hard-above-normal row)
    *(Figure(f"Tiến Lên hard vs three normal-v1 (45 % first out), seed {seed}", "tienlen",
             "hard,normal-v1,normal-v1,normal-v1", 400, seed, 1.0)
      for seed in (41, 43, 47, 53, 59)),
    # Joker
    Figure("Joker ladder: random below easy", "joker", "random,easy,easy,easy", 200, 7),
    Figure("Joker ladder: easy below normal", "joker", "easy,normal,normal,normal", 400, 7),
    Figure("Joker four normal: exact bids, khishti, latency", "joker",
           "normal,normal,normal,normal", 2000, 1),
    Figure("Joker four normal-v1, for comparison", "joker",
           "normal-v1,normal-v1,normal-v1,normal-v1", 2000, 1),
    Figure("Joker normal vs three normal-v1 (+600 a game)", "joker",
           "normal,normal-v1,normal-v1,normal-v1", 2000, 1),
    Figure("Joker ladder: hard above normal", "joker", "hard,normal,normal,normal", 80, 5, 0.05),
    Figure("Joker ladder: hard above normal at the table's budget", "joker",
           "hard,normal,normal,normal", 20, 5, 1.0),
    *(Figure(f"Joker hard vs three normal-v1 (+1,600 a game) at the table's budget, seed "
             f"{seed}", "joker", "hard,normal-v1,normal-v1,normal-v1", 20, seed, 1.0)
      for seed in (7, 8, 9, 10, 11)),
    *(Figure(f"Joker hard vs three normal-v1 at 0.05 s, seed {seed}", "joker",
             "hard,normal-v1,normal-v1,normal-v1", 80, seed, 0.05) for seed in (5, 6)),
    Figure("Joker hard-v1 there, for comparison", "joker",
           "hard-v1,normal-v1,normal-v1,normal-v1", 80, 5, 0.05),
    *(Figure(f"Joker hard vs three hard-v1 (+300 a game at equal budget), seed {seed}", "joker",
             "hard,hard-v1,hard-v1,hard-v1", 80, seed, 0.02) for seed in (5, 6, 7)),
    *(Figure(f"Joker hard vs three hard-v1 at 0.05 s, seed {seed}", "joker",
             "hard,hard-v1,hard-v1,hard-v1", 40, seed, 0.05) for seed in (5, 6)),
]
QUICK_SCALE, QUICK_BUDGET_S = 0.02, 0.02


def sim_config(figure: Figure, quick: bool) -> SimConfig:
    seats = tuple(figure.seats.split(","))
    games, budget = figure.games, figure.budget_s
    if quick:
        deal_sets = max(1, round(games * QUICK_SCALE / len(seats)))     # whole deal sets
        games, budget = deal_sets * len(seats), QUICK_BUDGET_S
    return SimConfig(figure.game, seats, games, figure.seed, budget)


def command(config: SimConfig) -> str:
    return (f"python main.py sim --game {config.game} --seats {','.join(config.seats)} "
            f"--games {config.games} --seed {config.seed} --budget {config.budget_s}"
            + (f" --game-type {config.game_type}" if config.game_type else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=("full", "quick"), default="full")
    parser.add_argument("--game", choices=("domino", "tienlen", "joker"))
    parser.add_argument("--only", help="the rows whose description contains this text")
    parser.add_argument("--list", action="store_true", help="print the commands only")
    args = parser.parse_args()
    for figure in FIGURES:
        if args.game and figure.game != args.game:
            continue
        if args.only and args.only.lower() not in figure.measures.lower():
            continue
        config = sim_config(figure, args.mode == "quick")
        print(f"# {figure.measures}\n{command(config)}", flush=True)
        if not args.list:
            print(format_table(summarize(config, run(config))), flush=True)
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
