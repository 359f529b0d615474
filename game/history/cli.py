"""`python main.py stats [--profile NAME] [--game G] [--json]`: the figures the Statistics
screen shows, printed headless (English; no pygame)."""

from __future__ import annotations

import json
import sys

from game import paths

from .database import FILE_NAME, open_history
from .stats import all_figures

GAME_NAMES = {"domino": "Domino", "tienlen": "Tiến Lên", "joker": "Joker"}


def print_stats(profile: str | None, game: str | None, as_json: bool,
                data_dir=None) -> int:
    path = (data_dir or paths.data_dir()) / FILE_NAME
    if path.exists():
        connection, damaged = open_history(path)
        if damaged is not None:
            print(f"The history {path} could not be read ({damaged.reason}); it was set aside "
                  f"as {damaged.moved_to} and a new one started.", file=sys.stderr)
        figures = all_figures(connection, profile, game)
        connection.close()
    else:
        figures = []
    if profile is not None and not figures:
        print(f"No profile named {profile!r}.", file=sys.stderr)
        if not as_json:
            return 1
    if as_json:
        print(json.dumps({"profiles": figures}, ensure_ascii=False))
        return 0
    if not figures:
        print("No history yet: finish a game to see figures.")
    for entry in figures:
        print(f"{entry['profile']}")
        if not entry["games"]:
            print("  no finished games")
        for one in entry["games"]:
            print(f"  {GAME_NAMES[one['game']]}: {one['games']} games, {one['wins']} won "
                  f"({one['win_percent']} %), streak {one['current_streak']} "
                  f"(best {one['best_streak']})"
                  + (f", {one['assisted_games']} with undo or coach (apart)"
                     if one["assisted_games"] else ""))
            skip = {"game", "games", "wins", "win_percent", "current_streak", "best_streak",
                    "assisted_games", "by_opponent_level"}
            print("    " + ", ".join(f"{key.replace('_', ' ')} {value}"
                                     for key, value in one.items() if key not in skip))
            for level, split in one["by_opponent_level"].items():
                print(f"    against {level}: {split['games']} games, {split['wins']} won "
                      f"({split['win_percent']} %)")
    return 0
