"""Autosave: the table's scenario/1 record plus its seats, written atomically after every action.

A save that cannot be read back is moved aside (never deleted) and reported in words. Where each
table's file lives, and the list of them: saves.py.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError
from game.core.replay import load_table
from game.core.scenario import ItemEncoder, load_scenario, scenario_pieces
from game.core.table import Table
from game.paths import set_aside

from .seats import SeatConfig
from .settings import ControllerSettings


def write_save(path: Path, table: Table, seats: list[SeatConfig], settings: dict,
               encoder: ItemEncoder | None = None) -> None:
    """`encoder`: the table's own ItemEncoder, so a long session is not re-encoded each time."""
    record = dict(table.record)
    record["table"] = {**record.get("table", {}), "seats": [s.to_json() for s in seats],
                       "settings": settings}
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    with open(temporary, "w", encoding="utf-8") as file:
        for piece in scenario_pieces(record, encoder):   # never the whole text at once
            file.write(piece)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)  # atomic: a kill leaves the old save or the new one, never half


class DamagedSave(Exception):
    """The save at `path` could not be restored; `moved_to` is where it was set aside (None
    when it could not be moved). The message says what is wrong, in English words (for the
    log and the tests: the window says it in the player's language)."""

    def __init__(self, message: str, path: Path, moved_to: Path | None):
        super().__init__(message)
        self.path = path
        self.moved_to = moved_to


#: what reading a damaged or foreign file can raise
READ_ERRORS = (OSError, UnicodeDecodeError, ScenarioError, ValueError, KeyError, TypeError)


@contextmanager
def damaged_save_is_set_aside(path: Path):
    """Any read error inside becomes DamagedSave, after the file is set aside."""
    try:
        yield
    except READ_ERRORS as error:
        moved = set_aside(path)
        raise DamagedSave(f"The saved game could not be restored: {error}.", path,
                          moved) from None


def read_save(path: Path) -> tuple[Table, list[SeatConfig], dict[str, Any]]:
    """Rebuild the table: the envelope (format, game, options, players), the seats and
    settings, then every deal and action replayed through the engine. A file that fails any
    check is moved aside and DamagedSave says what is wrong, in words."""
    with damaged_save_is_set_aside(path):
        data = load_scenario(path.read_text(encoding="utf-8"))
        seats, settings = check_table_block(data)
        table = load_table(data)
        return table, seats, settings


#: the table settings that are on or off (every other one is a number of seconds)
ON_OFF_SETTINGS = ("assists",)


def check_table_block(data: dict) -> tuple[list[SeatConfig], dict[str, Any]]:
    """The save's own part of the scenario: `"table": {"seed", "seats", "settings"}`."""
    meta = data.get("table")
    if not isinstance(meta, dict):
        raise ScenarioError("a saved game needs a \"table\" object with its seats")
    if not isinstance(meta.get("seed", 0), (int, str)) or isinstance(meta.get("seed"), bool):
        raise ScenarioError(f"the table's \"seed\" must be a number or text, "
                            f"not {meta.get('seed')!r}")
    raw_seats = meta.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != len(data["players"]):
        raise ScenarioError(f"the table needs one seat per player ({len(data['players'])})")
    seats = []
    for number, (raw, name) in enumerate(zip(raw_seats, data["players"]), start=1):
        try:
            seats.append(SeatConfig.from_json(raw))
        except ValueError as error:
            raise ScenarioError(f"seat {number} ({name}): {error}") from None
    settings = meta.get("settings", {})
    if not isinstance(settings, dict):
        raise ScenarioError("the table's \"settings\" must be an object")
    known = ControllerSettings.__dataclass_fields__
    for key, value in settings.items():
        if key not in known:
            raise ScenarioError(f"unknown table setting {key!r} (known: {', '.join(known)})")
        if key in ON_OFF_SETTINGS:
            if not isinstance(value, bool):
                raise ScenarioError(f"the table setting {key!r} must be true or false, "
                                    f"not {value!r}")
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise ScenarioError(f"the table setting {key!r} must be a number of seconds, "
                                f"not {value!r}")
    return seats, dict(settings)


def remove_save(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
