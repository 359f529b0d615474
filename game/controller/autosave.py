"""Autosave: the table's scenario/1 record plus its seats, written atomically after every action.

A save that cannot be read back is moved aside (never deleted) and reported in words. Where each
table's file lives, and the list of them: saves.py.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from game.core.replay import load_table
from game.core.scenario import ItemEncoder, load_scenario, scenario_pieces
from game.core.table import Table
from game.core.untrusted import UntrustedInput, read_text
from game.paths import set_aside, write_atomically
from game.save_format import READ_ERRORS, check_table_block, with_seats

from .seats import SeatConfig
from .settings import ControllerSettings
from .timers import check_clock


def write_save(path: Path, table: Table, seats: list[SeatConfig], settings: dict,
               encoder: ItemEncoder | None = None, clock: dict | None = None) -> None:
    """`encoder`: the table's own ItemEncoder, so a long session is not re-encoded each time.
    `clock`: the move timer's snapshot (timers.py), written when the table is paused, so a
    table left mid-turn reopens with the time that turn had left; it is the save's alone (the
    table's record, and so the history, never carries it).
    Atomic (a kill leaves the old save or the new one, never half); a failure raises one of
    paths.WRITE_ERRORS and leaves no `.tmp` behind."""
    record = dict(table.record)
    record["table"] = {**record.get("table", {}), "seats": [s.to_json() for s in seats],
                       "settings": settings}
    if clock is not None:
        record["table"]["clock"] = {"deals": len(table.record["deals"]),
                                    "actions": len(table.record["actions"]), **clock}
    write_atomically(path, scenario_pieces(record, encoder))


class DamagedSave(Exception):
    """The save at `path` could not be restored; `moved_to` is where it was set aside (None
    when it could not be moved). The message says what is wrong, in English words (for the
    log and the tests: the window says it in the player's language); `code` is the
    untrusted-input door's code when it refused the file (game/core/untrusted.py), else None."""

    def __init__(self, message: str, path: Path, moved_to: Path | None,
                 code: str | None = None):
        super().__init__(message)
        self.path = path
        self.moved_to = moved_to
        self.code = code


@contextmanager
def damaged_save_is_set_aside(path: Path):
    """Any read error inside becomes DamagedSave, after the file is set aside."""
    try:
        yield
    except READ_ERRORS as error:
        moved = set_aside(path)
        raise DamagedSave(f"The saved game could not be restored: {error}.", path, moved,
                          getattr(error, "code", None)) from None


#: no save comes near this: a long Tiến Lên session is a few MB
MAX_SAVE_BYTES = 32 * 1024 * 1024


def read_save_data(path: Path) -> dict[str, Any]:
    """The save's scenario through the untrusted-input door (size, depth, numbers, text), its
    envelope checked; the caller turns any error into DamagedSave."""
    return load_scenario(read_text(path, MAX_SAVE_BYTES))


class OpenedSave(NamedTuple):
    """Everything a saved table reopens with: `clock` is the move timer's snapshot when the
    table was left mid-turn at the position it is at (None otherwise)."""
    table: Table
    seats: list[SeatConfig]
    settings: ControllerSettings
    clock: dict | None


def read_save(path: Path) -> tuple[Table, list[SeatConfig], ControllerSettings]:
    """Rebuild the table: the envelope (format, game, options, players), the seats and
    settings (game/save_format.py), then every deal and action replayed through the engine. A
    file that fails any check is moved aside and DamagedSave says what is wrong, in words."""
    return open_save(path)[:3]


def open_save(path: Path) -> OpenedSave:
    """`read_save`, and the clock of a turn left under way (see `resumed_clock`)."""
    with damaged_save_is_set_aside(path):
        data = read_save_data(path)
        seats, settings = check_table_block(data)
        table = load_table(data)
        return OpenedSave(table, [SeatConfig.from_json(seat) for seat in seats],
                          ControllerSettings.from_json(settings), resumed_clock(data, table))


def resumed_clock(data: dict, table: Table) -> dict | None:
    """The save's clock snapshot, if it is sound and was taken at the position the table is
    at; otherwise None (a hand-edited or stale clock only costs the turn its time left)."""
    try:
        clock = check_clock(data["table"].get("clock"))
    except UntrustedInput:
        return None
    taken_at = (clock["deals"], clock["actions"])
    return clock if taken_at == (len(table.record["deals"]),
                                 len(table.record["actions"])) else None


def remove_save(path: Path) -> None:
    """A finished table's save goes; in a folder that may not be changed it stays (and the
    game ends as it should: the file is harmless, and the player's to remove)."""
    try:
        path.unlink()
    except OSError:
        pass


def read_saved_record(path: Path) -> dict:
    """The save's deals and moves with its seats, as the Review replays them; raises
    DamagedSave as `read_save` does (the file is then set aside)."""
    table, seats, _ = read_save(path)
    return with_seats(table.record, seats)
