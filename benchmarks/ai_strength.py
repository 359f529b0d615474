"""AI strength and latency: each level against three of the level below it, hard and the
omniscient ceiling against three normal, in duplicate (ai/sim.py). Figures, not pass/fail.

    python benchmarks/ai_strength.py [--game domino|tienlen|joker] [--budget 0.1] [--scale 1.0]

`--scale` multiplies every game count (the defaults take a few minutes a game on two cores at
the default 0.1 s budget; the table's real budget is 1 s, which is ten times slower).
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ai.sim import SimConfig, format_table, run, summarize  # noqa: E402

#: (game, seats, games, game_type): games sized so the 95 % interval of the edge is clear
MATCHUPS = [
    ("domino", "random,easy,easy,easy", 400, None),
    ("domino", "easy,normal,normal,normal", 2000, None),
    ("domino", "hard,normal,normal,normal", 80, None),
    ("domino", "omniscient,normal,normal,normal", 40, None),
    ("tienlen", "random,easy,easy,easy", 400, None),
    ("tienlen", "easy,normal,normal,normal", 2000, None),
    ("tienlen", "hard,normal,normal,normal", 200, None),
    ("tienlen", "omniscient,normal,normal,normal", 200, None),
    ("joker", "random,easy,easy,easy", 200, None),
    ("joker", "easy,normal,normal,normal", 400, None),
    ("joker", "hard,normal,normal,normal", 24, None),
    ("joker", "omniscient,normal,normal,normal", 16, None),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=("domino", "tienlen", "joker"))
    parser.add_argument("--budget", type=float, default=0.1)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--seed", default="7")
    args = parser.parse_args()
    for game, seats, games, game_type in MATCHUPS:
        if args.game and game != args.game:
            continue
        config = SimConfig(game, tuple(seats.split(",")), max(4, round(games * args.scale)),
                           args.seed, args.budget, game_type)
        print(format_table(summarize(config, run(config))), flush=True)
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
