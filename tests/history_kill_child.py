"""The process tests/test_history_kill.py kills: whole domino matches played headless through
the controller, each with its own save, recorded in the history when it ends.

    python tests/history_kill_child.py DATA_DIR FIRST_SEED

Reports on stdout, flushed:

    finished <uid>    the match is over and handed to the history (the player saw it end)
    recorded <uid>    the history's writer committed it
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path


from game.controller.saves import SAVES_FOLDER  # noqa: E402
from game.history import store  # noqa: E402
from game.history.store import History  # noqa: E402
from history_helpers import play_game  # noqa: E402


#: each write takes at least this long (a slow disk, a long game to replay), so that the kills
#: land inside writes as well as between them
WRITE_DELAY_S = 0.04


def slowly(count):
    def counted(record):
        time.sleep(WRITE_DELAY_S)
        return count(record)
    return counted


def main(data_dir: Path, seed: int) -> None:
    store.game_facts = slowly(store.game_facts)
    # a kill -9 leaves the page cache alone (fsync guards against power loss, not this): the
    # saves after every move need not wait for the disk here, so the test stays quick
    os.fsync = lambda descriptor: None
    history = History(data_dir)
    history.on_recorded = lambda uid: print("recorded", uid, flush=True)
    while True:
        save = data_dir / SAVES_FOLDER / f"domino-kill-{seed}.json"
        play_game("domino", seed, history=history, save_path=save)
        print("finished", save.stem, flush=True)
        seed += 1


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
