"""The hosted tables' records on the host's disk, written on a thread of their own: each table's
latest position is written after its moves (atomically, as a window's autosave:
game/controller/autosave.py), so a host serving many tables never waits for a disk inside its
loop, and a killed host keeps each table as of its last write. A table's newer position
replaces one not yet written (only the latest matters)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from game.controller.autosave import write_save
from game.paths import WRITE_ERRORS


class RecordWriter:
    def __init__(self) -> None:
        self.pending: dict[Path, tuple] = {}
        self.lock = threading.Condition()
        self.writing: Path | None = None
        self.stopped = False
        self.thread = threading.Thread(target=self._run, daemon=True, name="host-records")
        self.thread.start()

    def put(self, path: Path, table: Any, seats: list, settings: dict) -> None:
        """The table as it stands now, to be written soon (its record copied: play goes on)."""
        record = {**table.record, "deals": list(table.record["deals"]),
                  "actions": list(table.record["actions"])}
        with self.lock:
            self.pending[path] = (record, list(seats), dict(settings))
            self.lock.notify()

    def write_now(self, path: Path, table: Any, seats: list, settings: dict) -> None:
        """Written before this returns (a game's end): a pending older write of it is dropped."""
        with self.lock:
            self.pending.pop(path, None)
            while self.writing == path:
                self.lock.wait(1.0)
        write_record(path, table, seats, settings)

    def _run(self) -> None:
        while True:
            with self.lock:
                while not self.pending and not self.stopped:
                    self.lock.wait()
                if not self.pending:
                    return
                path = next(iter(self.pending))
                record, seats, settings = self.pending.pop(path)
                self.writing = path
            write_record(path, SimpleNamespace(record=record), seats, settings)
            with self.lock:
                self.writing = None
                self.lock.notify_all()

    def close(self, timeout: float = 10.0) -> None:
        """Whatever is pending is written, then the thread ends."""
        with self.lock:
            self.stopped = True
            self.lock.notify_all()
        self.thread.join(timeout)


def write_record(path: Path, table: Any, seats: list, settings: dict) -> None:
    """The table's record with its seats (a save's shape, which `main.py replay` reads)."""
    try:
        write_save(path, table, seats, settings)
    except WRITE_ERRORS as error:
        print(f"tabletrio host: the record {path.name} could not be written: {error}",
              file=sys.stderr, flush=True)
