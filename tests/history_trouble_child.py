"""The process tests/test_history_trouble.py runs on a full disk: a domino match is played (in
memory), its save written, then the file size limit is lowered (`ulimit -f`: Python ignores
SIGXFSZ, so every write past the limit fails with an error, as on a full disk) and the match
is handed to the history.

    python tests/history_trouble_child.py DATA_DIR WHEN LIMIT_BYTES

WHEN is "start" (the limit is set before the history is opened) or "end" (after, before the
finished match is recorded). Prints one JSON line: what the history said and did.
"""

from __future__ import annotations

import json
import resource
import sys
from pathlib import Path


from game.controller.saves import SAVES_FOLDER  # noqa: E402
from game.core.scenario import dump_scenario  # noqa: E402
from game.history.store import History  # noqa: E402
from game.save_format import with_seats  # noqa: E402
from history_helpers import play_game  # noqa: E402


def main(data_dir: Path, when: str, limit: int) -> None:
    ctl = play_game("domino", 5)
    save = data_dir / SAVES_FOLDER / "domino-20261201-100000-5.json"
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_text(dump_scenario(with_seats(ctl.table.record, ctl.seats)), encoding="utf-8")
    if when == "start":
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    history = History(data_dir)
    if when == "end":
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    problem = history.problem
    history.record(ctl.table.record, ctl.seats, save)
    flushed = history.flush(timeout=60)
    print(json.dumps({
        "problem": None if problem is None else [problem.kind, problem.reason],
        "flushed": flushed, "recorded": history.recorded, "failures": history.failures,
        "waiting": len(history.waiting), "trouble": history.trouble,
        "notices": [[notice.kind, notice.reason, notice.kept]
                    for notice in history.take_notices()],
        "profiles": [profile.name for profile in history.profiles()]}), flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]))
