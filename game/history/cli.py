"""`python main.py stats [--profile NAME] [--game G] [--json]`: the figures the Statistics
screen shows, printed headless (English; no pygame).

It only reads: the history is opened read-only (never moved, changed or set aside, whatever
its state). Exit codes:

    0  the figures (or "No history yet" when there is no history file)
    1  no profile has the name given with --profile
    3  the history cannot be read now: locked by another program, damaged, made by a newer
       version, or not readable (one line on standard error says which; with --json, standard
       output holds {"error": {"code": "history_unavailable", "reason": ..., "message": ...}})

Rows that cannot be read are skipped and counted: a line on standard error, and "skipped" in
the JSON object.
"""

from __future__ import annotations

import json
import sqlite3
import sys

from game import paths
from game.command_line import EXIT_HISTORY_UNAVAILABLE, EXIT_NOT_FOUND
from game.core.registry import get_game

from .database import FILE_NAME, HistoryError, NewerSchema, is_damage, open_reading
from .stats import all_figures

def games_words(count: int) -> str:
    return "1 game" if count == 1 else f"{count} games"




def unavailable_words(path, error: BaseException) -> tuple[str, str]:
    """(reason, English line) for a history that cannot be read."""
    if isinstance(error, NewerSchema):
        return "newer", (f"The history {path} was made by a newer version of the game; it is "
                         "kept as it is and not read by this version.")
    if is_damage(error):
        return "damaged", (f"The history {path} is damaged; it is kept as it is (the game "
                           "window sets it aside and keeps its profiles).")
    code = getattr(error, "sqlite_errorname", "")
    if code in ("SQLITE_BUSY", "SQLITE_LOCKED"):
        return "busy", (f"The history {path} is locked by another program; try again when it "
                        "has finished.")
    return "unreadable", f"The history {path} cannot be read now ({error})."


def print_stats(profile: str | None, game: str | None, as_json: bool,
                data_dir=None) -> int:
    path = (data_dir or paths.data_dir()) / FILE_NAME
    figures, skipped = [], 0
    if path.exists():
        try:
            connection = open_reading(path)
            try:
                figures, skipped = all_figures(connection, profile, game)
            finally:
                connection.close()
        except (sqlite3.Error, OSError, HistoryError) as error:
            reason, line = unavailable_words(path, error)
            print(line, file=sys.stderr)
            if as_json:
                print(json.dumps({"error": {"code": "history_unavailable", "reason": reason,
                                            "message": line}}, ensure_ascii=False))
            return EXIT_HISTORY_UNAVAILABLE
    if skipped:
        print(f"{skipped} rows of the history could not be read and are not counted.",
              file=sys.stderr)
    if profile is not None and not figures:
        print(f"No profile named {profile!r}.", file=sys.stderr)
        if not as_json:
            return EXIT_NOT_FOUND
    if as_json:
        print(json.dumps({"profiles": figures, "skipped": skipped}, ensure_ascii=False))
        return 0
    if not figures:
        print("No history yet: finish a game to see figures.")
    for entry in figures:
        print(f"{entry['profile']}")
        if not entry["games"]:
            print("  no finished games")
        for one in entry["games"]:
            title = get_game(one["game"]).title
            print(f"  {title}: {games_words(one['games'])}, {one['wins']} won "
                  f"({one['win_percent']} %), streak {one['current_streak']} "
                  f"(best {one['best_streak']})"
                  + (f", {one['assisted_games']} with undo or coach (apart)"
                     if one["assisted_games"] else ""))
            skip = {"game", "games", "wins", "win_percent", "current_streak", "best_streak",
                    "assisted_games", "by_opponent_level"}
            print("    " + ", ".join(f"{key.replace('_', ' ')} {value}"
                                     for key, value in one.items() if key not in skip))
            for level, split in one["by_opponent_level"].items():
                print(f"    against {level}: {games_words(split['games'])}, {split['wins']} won "
                      f"({split['win_percent']} %)")
    return 0
