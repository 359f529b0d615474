"""The saved tables: one file per unfinished table in `<data dir>/saves/`, so starting a table
never replaces another.

A table's file name is its id, made once when it opens (game, time, seed); the controller
writes it after every move (autosave.write_save) and removes it when the table is finished.
The list the Continue screen shows is read from the files' envelopes and table blocks only:
no game is replayed until it is opened (autosave.read_save checks everything then). The menu's
Continue count makes the same check, so it never counts a damaged save.
Nothing is ever deleted here: Delete moves a save to `saves/trash/`, a damaged one is set
aside next to where it was, and the single `autosave.json` of earlier versions is taken in.
Only the `.tmp` files a killed write left behind are removed (at start).
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from game.core.options import resolve_options
from game.core.registry import get_game
from game.core.table import Table
from game.paths import is_set_aside, remove_stray_temporaries

from game.save_format import READ_ERRORS, check_table_block

from .autosave import DamagedSave, damaged_save_is_set_aside, read_save_data
from .seats import SeatConfig

SAVES_FOLDER = "saves"
TRASH_FOLDER = "trash"
#: the one save of earlier versions, in the data directory itself
OLD_AUTOSAVE = "autosave.json"


@dataclass(frozen=True)
class SavedTable:
    """What the Continue list shows of a save, read without replaying it."""
    path: Path
    game: str
    seats: tuple[SeatConfig, ...]
    deals: int                     # deals dealt: the one in play, or the last one played
    deals_in_match: int | None     # by the table's rules; None for an open-ended table
    saved_at: float                # when it was last written (the file's time, epoch seconds)


@dataclass(frozen=True)
class SaveListing:
    tables: list[SavedTable]       # newest first
    damaged: list[DamagedSave]     # the files set aside while listing


def read_saved_table(path: Path) -> SavedTable:
    """The list's facts of one save: its envelope and table block are checked, its deals only
    counted. A file that fails is set aside (DamagedSave)."""
    with damaged_save_is_set_aside(path):
        return _list_facts(path)


def _list_facts(path: Path) -> SavedTable:
    """`read_saved_table` without the setting aside: any of READ_ERRORS when the file fails."""
    saved_at = path.stat().st_mtime
    data = read_save_data(path)
    seats, _ = check_table_block(data)
    definition = get_game(data["game"])
    options = resolve_options(definition.options, data["options"])
    return SavedTable(path, definition.name, tuple(SeatConfig.from_json(seat) for seat in seats),
                      len(data["deals"]),
                      definition.deals_in_match(options), saved_at)


class SaveFolder:
    """`<data dir>/saves/`: a file per unfinished table, and `trash/` for the deleted ones."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.trash_directory = directory / TRASH_FOLDER
        #: whether each save can be opened, kept while its file is unchanged (its time and
        #: size): the menu counts at every build and reads no unchanged file twice
        self._openable: dict[Path, tuple[tuple[int, int], bool]] = {}

    def files(self) -> list[Path]:
        """The saves (not the ones set aside, half-written `.tmp` files or the trash)."""
        if not self.directory.is_dir():
            return []
        return sorted(path for path in self.directory.glob("*.json")
                      if path.is_file() and not is_set_aside(path))

    def remove_stray_temporaries(self) -> list[Path]:
        """The half-written `<save>.tmp` files a kill left (at start: no table is open yet).
        A `.tmp` is never a save: a save counts once it is renamed to `.json`."""
        return remove_stray_temporaries(self.directory)

    def count(self) -> int:
        """How many saves can be opened: each checked as the Continue list checks it (its
        envelope and table block, no game replayed), without setting a damaged one aside
        (the list does that, and names it). A file is read once while it is unchanged."""
        return sum(self._can_open(path) for path in self.files())

    def _can_open(self, path: Path) -> bool:
        try:
            stat = path.stat()
        except OSError:
            return False
        version = (stat.st_mtime_ns, stat.st_size)
        known = self._openable.get(path)
        if known is None or known[0] != version:
            try:
                _list_facts(path)
                known = (version, True)
            except READ_ERRORS:
                known = (version, False)
            self._openable[path] = known
        return known[1]

    def listing(self) -> SaveListing:
        tables, damaged = [], []
        for path in self.files():
            try:
                tables.append(read_saved_table(path))
            except DamagedSave as error:
                damaged.append(error)
        tables.sort(key=lambda saved: (saved.saved_at, saved.path.name), reverse=True)
        return SaveListing(tables, damaged)

    def new_path(self, table: Table) -> Path:
        """A new table's own file: `<game>-<date>-<time>-<seed>.json`, never an existing one."""
        seed = re.sub(r"[^0-9A-Za-z]+", "", str(table.seed))[:20] or "0"
        stem = f"{table.definition.name}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}"
        return self._free_name(self.directory, stem)

    def trash(self, path: Path) -> Path:
        """Delete, undoably: the save moves to the trash folder (kept, never emptied here)."""
        self.trash_directory.mkdir(parents=True, exist_ok=True)
        target = self._free_name(self.trash_directory, path.stem)
        os.replace(path, target)
        return target

    def take_in_old_autosave(self, data_directory: Path) -> Path | None:
        """Earlier versions kept one table in `<data dir>/autosave.json`: it joins the list
        (moved, with its time kept, so it sorts where it belongs). None when there is none or
        it cannot be moved now (it stays, and is taken in at a later start)."""
        old = data_directory / OLD_AUTOSAVE
        if not old.is_file():
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(old.stat().st_mtime))
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            target = self._free_name(self.directory, f"autosave-{stamp}")
            os.replace(old, target)
        except OSError:
            return None
        return target

    @staticmethod
    def _free_name(directory: Path, stem: str) -> Path:
        target, number = directory / f"{stem}.json", 1
        while target.exists() or target.with_suffix(".tmp").exists():
            number += 1
            target = directory / f"{stem}-{number}.json"
        return target
