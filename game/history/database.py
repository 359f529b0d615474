"""The history database: `<data dir>/history.sqlite3` (the standard library's sqlite3, WAL).

Its schema version is SQLite's `user_version`; `MIGRATIONS[n]` takes a database from version n
to n + 1, so a database of any earlier version is brought up to date when opened (in one
transaction: a failed migration leaves it as it was). A file that is not a database, fails a
check or was made by a newer version is set aside (never deleted: `paths.set_aside`, with its
`-wal` and `-shm` files) and a new one is started; `open_history` says so (`DamagedHistory`).

    profiles  one row per player profile: a text id (made when the profile is created, also kept
              in the seats of a save), name, avatar (JSON: initials and colour)
    games     one row per finished game: its uid (the table's save name), game, when it ended,
              options, deals, and whether an undo or the coach was used (those games are
              counted apart)
    records   its scenario/1 record (zlib-compressed JSON), in a table of its own
    seats     one row per player of a game: name, profile id (humans) or AI level, total, won,
              the level of the AI opponents ("easy" … "hard", "mixed" or "humans"), and the
              game's own counts (JSON, game/history/counts.py)
"""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from dataclasses import dataclass
from pathlib import Path

from game.paths import set_aside

FILE_NAME = "history.sqlite3"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (   # 0 → 1: the first schema
        """CREATE TABLE profiles (id TEXT PRIMARY KEY, name TEXT NOT NULL,
                                  created REAL NOT NULL)""",
        """CREATE TABLE games (id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE,
                               game TEXT NOT NULL, finished_at REAL NOT NULL,
                               options TEXT NOT NULL, deals INTEGER NOT NULL)""",
        # apart from `games`, so that the figures' queries never page through records
        """CREATE TABLE records (game_id INTEGER PRIMARY KEY REFERENCES games(id)
                                 ON DELETE CASCADE, record BLOB NOT NULL)""",
        """CREATE TABLE seats (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                               seat INTEGER NOT NULL, name TEXT NOT NULL, profile TEXT,
                               level TEXT, total INTEGER NOT NULL, won INTEGER NOT NULL,
                               opponents TEXT NOT NULL, counts TEXT NOT NULL,
                               PRIMARY KEY (game_id, seat))""",
        "CREATE INDEX seats_by_profile ON seats (profile, game_id)",
        "CREATE INDEX games_by_game ON games (game, finished_at)",
    ),
    (   # 1 → 2: avatars; games played with an undo or the coach are counted apart
        "ALTER TABLE profiles ADD COLUMN avatar TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE games ADD COLUMN undo INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN coach INTEGER NOT NULL DEFAULT 0",
    ),
)
VERSION = len(MIGRATIONS)
TABLES = ("profiles", "games", "records", "seats")
#: how long a connection waits for another one's write before it gives up (seconds)
BUSY_TIMEOUT_S = 30.0


class HistoryError(Exception):
    """The database cannot be used (English words, for the log and tests)."""


@dataclass(frozen=True)
class DamagedHistory:
    """A history file that could not be used: where it was, and where it was set aside (None
    when it could not be moved: the history is then kept in memory for this run)."""
    path: Path
    moved_to: Path | None
    reason: str                      # English, never shown


def connect(path: Path | str, timeout: float = BUSY_TIMEOUT_S) -> sqlite3.Connection:
    connection = sqlite3.connect(str(path), timeout=timeout, check_same_thread=False,
                                 isolation_level=None)       # transactions said explicitly
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


def migrate(connection: sqlite3.Connection, upto: int = VERSION) -> int:
    """Bring the database to version `upto`, in one transaction. Returns the version found."""
    found = connection.execute("PRAGMA user_version").fetchone()[0]
    if found > VERSION:
        raise HistoryError(f"the history was written by a newer version (schema {found})")
    if found >= upto:
        return found
    connection.execute("BEGIN IMMEDIATE")
    try:
        for version in range(found, upto):
            for statement in MIGRATIONS[version]:
                connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {int(upto)}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    return found


def check(connection: sqlite3.Connection) -> None:
    """A cheap look at every table (a foreign or truncated file fails here)."""
    names = {row[0] for row in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = [name for name in TABLES if name not in names]
    if missing:
        raise HistoryError(f"the history lacks the tables {', '.join(missing)}")
    for name in TABLES:
        connection.execute(f"SELECT * FROM {name} LIMIT 1").fetchall()


def open_history(path: Path) -> tuple[sqlite3.Connection, DamagedHistory | None]:
    """The database at `path`, migrated to the current version; a damaged one is set aside and
    a new one started (the second value says so)."""
    damaged = None
    try:
        return _open(path), None
    except (sqlite3.DatabaseError, HistoryError, OSError) as error:
        damaged = DamagedHistory(path, _set_aside(path), str(error))
    if damaged.moved_to is None:        # it could not be moved: never write over it
        return _open(":memory:"), damaged
    return _open(path), damaged


#: the first bytes of every SQLite database file
HEADER = b"SQLite format 3\x00"


def _open(path: Path | str) -> sqlite3.Connection:
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        if Path(path).exists() and Path(path).stat().st_size:
            with open(path, "rb") as file:      # a foreign file: set aside before SQLite
                if file.read(len(HEADER)) != HEADER:   # touches it or its log
                    raise HistoryError("the history file is not an SQLite database")
    connection = connect(path)
    try:
        mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if path != ":memory:" and mode.lower() != "wal":
            raise HistoryError(f"the history cannot use a write-ahead log ({mode})")
        connection.execute("PRAGMA synchronous = NORMAL")   # WAL: a kill loses no commit
        migrate(connection)
        check(connection)
    except BaseException:
        connection.close()
        raise
    return connection


def _set_aside(path: Path) -> Path | None:
    """The database and its write-ahead log move together (a log left behind would be
    applied to the new database)."""
    moved = set_aside(path)
    if moved is not None:
        for suffix in ("-wal", "-shm"):
            side = Path(f"{path}{suffix}")
            if side.exists():
                try:
                    os.replace(side, f"{moved}{suffix}")
                except OSError:
                    pass
    return moved


def pack_record(record: dict) -> bytes:
    return zlib.compress(json.dumps(record, ensure_ascii=False, separators=(",", ":"))
                         .encode("utf-8"), 6)


def unpack_record(blob: bytes) -> dict:
    return json.loads(zlib.decompress(blob).decode("utf-8"))
