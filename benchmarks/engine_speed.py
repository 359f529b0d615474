"""Engine throughput: random playouts through the public Rules API, per game.

    python benchmarks/engine_speed.py [--seconds S] [--json] [--game NAME]

Each game's figures come from `benchmarks/speed_<game>.py`, which defines
`measure(seconds) -> dict` (at least "per_s"). With --json one object is printed, one key per game.
"""

from __future__ import annotations

import argparse
import importlib
import json


GAMES = ["domino", "tienlen", "joker"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", choices=GAMES, action="append", help="only these games")
    args = parser.parse_args()
    figures = {}
    for game in args.game or GAMES:
        figures[game] = importlib.import_module(f"speed_{game}").measure(args.seconds)
        if not args.json:
            print(game, ", ".join(f"{key} {value}" for key, value in figures[game].items()))
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
