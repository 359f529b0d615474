"""The history inbox, `<data dir>/history-inbox/`: where a finished game waits, as a scenario/1
file, until the history has it. A finished table's save is renamed into it (so a kill before
the commit loses nothing), a game the history cannot write now stays in it, and at every start
the history takes in what it holds. Its files come from outside like any other: each is read
through the untrusted-input door (size, depth, numbers, text)."""

from __future__ import annotations

import os
import re
import uuid
from pathlib import Path

from game.core.errors import ScenarioError
from game.core.scenario import dump_scenario, load_scenario
from game.core.untrusted import read_text
from game.paths import set_aside

INBOX_FOLDER = "history-inbox"
#: a uid that may name a file in the inbox as it is; any other is replaced by a safe one
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,119}")


def inbox_name(uid: str) -> str:
    """The inbox file's name for a game: its uid when that is a plain file name."""
    if SAFE_NAME.fullmatch(uid) and ".." not in uid:
        return f"{uid}.json"
    return f"game-{uuid.uuid5(uuid.NAMESPACE_URL, uid).hex}.json"


def read_inbox(folder: Path) -> tuple[list[tuple[str, dict, Path, float]], list[str]]:
    """The games waiting in `folder` — (uid, record, path, when it was finished) — and the
    names of the files set aside because they are no game (never deleted). A file that cannot
    be read now is left for the next start."""
    waiting: list[tuple[str, dict, Path, float]] = []
    refused: list[str] = []
    if not folder.is_dir():
        return waiting, refused
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError:
        return waiting, refused
    for path in paths:
        try:
            record = load_scenario(read_text(path))
            finished_at = path.stat().st_mtime
        except OSError:
            continue
        except (ValueError, ScenarioError):         # UntrustedInput, a scenario refused
            moved = set_aside(path)
            refused.append((moved or path).name)
            continue
        waiting.append((path.stem, record, path, finished_at))
    return waiting, refused


def keep_in_inbox(folder: Path, uid: str, record: dict) -> Path | None:
    """Write a game that only this run holds (an import) into the inbox, so that quitting
    before the history can be written loses nothing. Returns its path; None when it cannot be
    written either."""
    path = folder / inbox_name(uid)
    temporary = path.with_suffix(".tmp")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(dump_scenario(record))
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except (OSError, ValueError):
        try:
            temporary.unlink()
        except OSError:
            pass
        return None
    return path
