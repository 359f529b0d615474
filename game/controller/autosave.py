"""Autosave: the table's scenario/1 record plus its seats, written atomically after every action.

A save that cannot be read back is moved aside (never deleted) and reported in words.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError
from game.core.replay import load_table
from game.core.scenario import dump_scenario, load_scenario
from game.core.table import Table

from .seats import SeatConfig

APP_DIR_NAME = "three-table-games"


def data_dir() -> Path:
    """The user's data directory (XDG on Linux, the usual places elsewhere)."""
    override = os.environ.get("TABLE_GAMES_DATA_DIR")
    if override:
        return Path(override)
    if os.name == "nt":
        base = Path(os.environ.get("APPDATA", Path.home()))
    elif os.uname().sysname == "Darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / APP_DIR_NAME


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def write_save(path: Path, table: Table, seats: list[SeatConfig], settings: dict) -> None:
    record = dict(table.record)
    record["table"] = {**record.get("table", {}), "seats": [s.to_json() for s in seats],
                       "settings": settings}
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(dump_scenario(record))
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)  # atomic: a kill leaves the old save or the new one, never half


class DamagedSave(Exception):
    """The save could not be restored; `moved_to` is where it was set aside."""

    def __init__(self, message: str, moved_to: Path | None):
        super().__init__(message)
        self.moved_to = moved_to


def read_save(path: Path) -> tuple[Table, list[SeatConfig], dict[str, Any]]:
    """Rebuild the table. A damaged file is moved aside and DamagedSave says why."""
    try:
        data = load_scenario(path.read_text(encoding="utf-8"))
        meta = data.get("table") or {}
        seats = [SeatConfig.from_json(raw) for raw in meta.get("seats", [])]
        if len(seats) != len(data["players"]):
            raise ScenarioError("the seats do not match the players")
        table = load_table(data)
        return table, seats, dict(meta.get("settings") or {})
    except (OSError, UnicodeDecodeError, ScenarioError, ValueError, KeyError, TypeError) as error:
        moved = set_aside(path)
        raise DamagedSave(f"The saved game could not be restored ({error}).", moved) from None


def set_aside(path: Path) -> Path | None:
    if not path.exists():
        return None
    target = path.with_name(f"{path.stem}.damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
    os.replace(path, target)
    return target


def remove_save(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
