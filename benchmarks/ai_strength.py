"""AI strength and latency: each level against three of the level below it, the issue-22
figures against the frozen baselines (normal-v1, hard-v1), hard and the omniscient ceiling
against three normal, in duplicate (ai/sim.py). Figures, not pass/fail.

    python benchmarks/ai_strength.py [--mode quick|full] [--game domino|tienlen|joker]
                                     [--budget S] [--scale X] [--seed S]

`--mode full` (the default) plays each matchup's full game count at the table's real budget,
1 s a searched decision: the figures of docs/ai.md (hours on two cores: pick a game, or a
`--scale` below 1). `--mode quick` is CI-sized: 2 % of the games (at least one deal set) at
0.02 s a decision, minutes in all. `--budget` and `--scale` override the mode's. Every table
is printed with its exact `main.py sim` command.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ai.sim import SimConfig, format_table, run, summarize  # noqa: E402

#: (game, seats, games in full mode, game_type): games sized so the 95 % interval of the edge is
#: clear (the searching matchups as many as hours allow)
MATCHUPS = [
    ("domino", "random,easy,easy,easy", 400, None),
    ("domino", "easy,normal,normal,normal", 2000, None),
    ("domino", "hard,normal,normal,normal", 80, None),
    ("domino", "hard,normal-v1,normal-v1,normal-v1", 200, None),
    ("domino", "hard-v1,normal-v1,normal-v1,normal-v1", 200, None),
    ("domino", "omniscient,normal,normal,normal", 40, None),
    ("tienlen", "random,easy,easy,easy", 400, None),
    ("tienlen", "easy,normal,normal,normal", 2000, None),
    ("tienlen", "hard,normal,normal,normal", 200, None),
    ("tienlen", "hard,normal-v1,normal-v1,normal-v1", 2000, None),
    ("tienlen", "omniscient,normal,normal,normal", 200, None),
    ("joker", "random,easy,easy,easy", 200, None),
    ("joker", "easy,normal,normal,normal", 400, None),
    ("joker", "normal,normal,normal,normal", 2000, None),
    ("joker", "normal,normal-v1,normal-v1,normal-v1", 2000, None),
    ("joker", "hard,normal,normal,normal", 24, None),
    ("joker", "hard,normal-v1,normal-v1,normal-v1", 40, None),
    ("joker", "hard,hard-v1,hard-v1,hard-v1", 40, None),
    ("joker", "omniscient,normal,normal,normal", 16, None),
]
MODES = {"full": (1.0, 1.0), "quick": (0.02, 0.02)}   # (scale, budget)


def command(config: SimConfig) -> str:
    return (f"python main.py sim --game {config.game} --seats {','.join(config.seats)} "
            f"--games {config.games} --seed {config.seed} --budget {config.budget_s}"
            + (f" --game-type {config.game_type}" if config.game_type else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=tuple(MODES), default="full")
    parser.add_argument("--game", choices=("domino", "tienlen", "joker"))
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--scale", type=float, default=None)
    parser.add_argument("--seed", default="7")
    args = parser.parse_args()
    scale, budget = MODES[args.mode]
    scale = scale if args.scale is None else args.scale
    budget = budget if args.budget is None else args.budget
    for game, seats, games, game_type in MATCHUPS:
        if args.game and game != args.game:
            continue
        config = SimConfig(game, tuple(seats.split(",")), max(4, round(games * scale)),
                           args.seed, budget, game_type)
        print(command(config), flush=True)
        print(format_table(summarize(config, run(config))), flush=True)
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
