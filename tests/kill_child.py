"""The game process that tests/test_kill_safety.py kills: the real window (headless), an all-AI
table of GAME played as fast as the frame loop allows, autosaving after every deal and action.

    python tests/kill_child.py GAME DATA_DIR SEED

With a saved table in DATA_DIR it presses Continue on the menu and opens it instead of starting
a new table.
Every autosave is reported on stdout, flushed, around the atomic write:

    writing <deals> <actions> <last action as JSON>   (before the write starts)
    saved <deals> <actions>                           (after os.replace returned)
    restored <deals> <actions> <all actions as JSON>  (after Continue)
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from ai.bots import make_bot  # noqa: E402
from game.controller import recorder  # noqa: E402
from game.controller.seats import AI, SeatConfig  # noqa: E402
from game.core.table import Table  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.games import GAMES, open_table  # noqa: E402


def report(*words) -> None:
    print(*words, flush=True)


def counted(table) -> tuple[int, int]:
    return len(table.record["deals"]), len(table.record["actions"])


def reporting_write_save(real_write_save):
    def write_save(path, table, *rest):
        actions = table.record["actions"]
        report("writing", *counted(table), json.dumps(actions[-1] if actions else None))
        real_write_save(path, table, *rest)
        report("saved", *counted(table))
    return write_save


def main(game: str, data_dir: Path, seed: int) -> None:
    recorder.write_save = reporting_write_save(recorder.write_save)
    app = App((800, 600), data_dir=data_dir)
    app.settings["animation"] = "fast"
    app.frame(0.0, 0.0)
    menu = app.stack.top
    if app.saves.count():
        continue_button = next(b for b, key in menu.buttons.items() if key == "continue")
        menu.on_button(continue_button)
        saves = app.stack.top                       # the list of saved tables: the only one
        saves.open(saves.tables[0])
        ctl = app.stack.top.ctl
        report("restored", *counted(ctl.table), json.dumps(ctl.table.record["actions"]))
    else:
        spec = GAMES[game]
        names = list(spec.default_names)
        table = Table.open(game, names, spec.table_options(spec.defaults())[0], seed=seed)
        open_table(app, table, [SeatConfig(name, AI, "easy") for name in names])
        ctl = app.stack.top.ctl
    for player in ctl.bots:                         # fast bots: many actions per second
        ctl.bots[player] = make_bot(game, "random", f"{seed}/{player}")
    now = 0.0
    while app.running and not ctl.state.is_terminal():
        now += 0.25
        app.frame(now, 0.25)
    report("over")


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]))
