"""The history database: `<data dir>/history.sqlite3` (the standard library's sqlite3, WAL).

Its schema version is SQLite's `user_version`; `MIGRATIONS[n]` takes a database from version n
to n + 1, so a database of any earlier version is brought up to date when opened (in one
transaction: a failed migration leaves it as it was).

Damage and trouble are told apart (`HistoryProblem`):

- damage: the file is not an SQLite database, fails SQLite's `quick_check` or lacks a table.
  Only then is it set aside (never deleted: `paths.set_aside`, with its `-wal` and `-shm`
  files), the profiles that can still be read from it are copied into the new one, and the
  problem says where the old file went;
- a newer schema: made by a newer version of the program. Kept exactly as it is, neither read
  for figures nor written (see docs/history.md);
- trouble: a lock held by another program, a full disk, a read-only file or folder, any other
  I/O error. The file stays where it is, untouched; the caller keeps the finished games in the
  inbox and tries again later.

Reading (`open_reading`: `main.py stats`, the Statistics and History screens) uses a read-only
connection and never moves or changes the file.

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

import errno
import json
import os
import sqlite3
import zlib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

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
#: how long the writer waits for another program's write before it gives up (seconds)
BUSY_TIMEOUT_S = 30.0
#: how long opening and reading wait for a lock: the start and the screens never hang on it
OPEN_TIMEOUT_S = 2.0
#: the first bytes of every SQLite database file
HEADER = b"SQLite format 3\x00"
#: the largest record a history holds, unpacked (a long Tiến Lên session is a few MB)
MAX_RECORD_BYTES = 32 * 1024 * 1024

#: SQLite's primary result codes that mean the file itself is damaged
DAMAGE_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
#: the others, as the trouble the player is told about
TROUBLE_CODES = {sqlite3.SQLITE_BUSY: "busy", sqlite3.SQLITE_LOCKED: "busy",
                 sqlite3.SQLITE_FULL: "full", sqlite3.SQLITE_IOERR: "io",
                 sqlite3.SQLITE_READONLY: "denied", sqlite3.SQLITE_PERM: "denied",
                 sqlite3.SQLITE_CANTOPEN: "denied", sqlite3.SQLITE_AUTH: "denied"}
#: what a trouble can be, for the player's words (`history_safety.trouble.<code>`)
TROUBLES = ("busy", "full", "io", "denied", "in_the_way", "damaged", "newer", "other")


class HistoryError(Exception):
    """The database cannot be used (English words, for the log and tests)."""


class DamagedFile(HistoryError):
    """The file is damaged: not a database, a failed check, a missing table."""


class NewerSchema(HistoryError):
    """The file was written by a newer version of the program: kept as it is."""

    def __init__(self, found: int):
        super().__init__(f"the history was written by a newer version (schema {found})")
        self.found = found


def is_damage(error: BaseException) -> bool:
    """Real damage (the file may be set aside), as opposed to trouble that passes."""
    if isinstance(error, DamagedFile):
        return True
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.DatabaseError) and code is not None and (
        code & 0xFF) in DAMAGE_CODES


def trouble_code(error: BaseException) -> str:
    """The kind of trouble, one of TROUBLES (the player's words are chosen by it)."""
    if isinstance(error, NewerSchema):
        return "newer"
    if is_damage(error):
        return "damaged"
    if isinstance(error, OSError):
        if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            return "full"
        if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return "denied"
        if error.errno in (errno.ENOTDIR, errno.EISDIR, errno.EEXIST):
            return "in_the_way"             # a file where a folder should be, or the reverse
        return "io" if error.errno == errno.EIO else "other"
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return TROUBLE_CODES.get(code & 0xFF, "other")
    return "other"


@dataclass(frozen=True)
class HistoryProblem:
    """Why the history is not (or not all) as it was: `kind` is "set_aside" (damaged; moved to
    `moved_to`, `profiles` of its profiles recovered), "newer" (kept as it is) or "unavailable"
    (trouble: `reason`, one of TROUBLES; the file is where it was)."""
    kind: str
    path: Path
    reason: str
    detail: str                      # English, never shown
    moved_to: Path | None = None
    profiles: int = 0


def connect(path: Path | str, timeout: float | None = None) -> sqlite3.Connection:
    connection = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S if timeout is None
                                 else timeout, check_same_thread=False,
                                 isolation_level=None)       # transactions said explicitly
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


def connect_read_only(path: Path, timeout: float | None = None) -> sqlite3.Connection:
    """A connection that cannot write: SQLite refuses any change through it."""
    uri = f"file:{quote(str(Path(path).absolute()))}?mode=ro"
    return sqlite3.connect(uri, uri=True, timeout=OPEN_TIMEOUT_S if timeout is None else timeout,
                           check_same_thread=False, isolation_level=None)


def migrate(connection: sqlite3.Connection, upto: int = VERSION) -> int:
    """Bring the database to version `upto`, in one transaction. Returns the version found."""
    found = connection.execute("PRAGMA user_version").fetchone()[0]
    if found > VERSION:
        raise NewerSchema(found)
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


def check(connection: sqlite3.Connection, thorough: bool = False) -> None:
    """Every table is there and readable; `thorough` adds SQLite's own `quick_check` of every
    page (at the start of the window: a damaged page is found before anything is written)."""
    names = {row[0] for row in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = [name for name in TABLES if name not in names]
    if missing:
        raise DamagedFile(f"the history lacks the tables {', '.join(missing)}")
    for name in TABLES:
        connection.execute(f"SELECT * FROM {name} LIMIT 1").fetchall()
    if thorough:
        verdict = [row[0] for row in connection.execute("PRAGMA quick_check")]
        if verdict != ["ok"]:
            raise DamagedFile(f"the history fails SQLite's check: {verdict[0]}"[:200])


def check_header(path: Path) -> None:
    """A foreign file is found before SQLite touches it or its log.

    Only while this process has no connection to the file: closing any other descriptor of a
    file drops every POSIX lock the process holds on it (SQLite's among them), and another
    program could then delete the write-ahead log under an open connection."""
    if path.exists() and path.stat().st_size:
        with open(path, "rb") as file:
            if file.read(len(HEADER)) != HEADER:
                raise DamagedFile("the history file is not an SQLite database")


def open_for_writing(path: Path, thorough: bool = False,
                     first: bool = True) -> sqlite3.Connection:
    """The database at `path` (made when missing), in WAL mode, migrated and checked. Raises
    DamagedFile, NewerSchema, sqlite3.Error or OSError. `first`: no other connection of this
    process is open (see check_header)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if first:
        check_header(path)
    connection = connect(path, OPEN_TIMEOUT_S)
    try:
        found = connection.execute("PRAGMA user_version").fetchone()[0]
        if found > VERSION:             # before anything changes it, even its journal mode
            raise NewerSchema(found)
        mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise HistoryError(f"the history cannot use a write-ahead log ({mode})")
        connection.execute("PRAGMA synchronous = NORMAL")   # WAL: a kill loses no commit
        migrate(connection)
        check(connection, thorough)
        connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    except BaseException:
        connection.close()
        raise
    return connection


def open_reading(path: Path, first: bool = True) -> sqlite3.Connection:
    """A read-only connection to the history, for figures and lists. An older schema is read
    from a copy in memory, brought up to date there; a newer one raises NewerSchema; the file
    is never moved or changed. `first`: as for open_for_writing."""
    if first:
        check_header(path)
    connection = connect_read_only(path)
    try:
        found = connection.execute("PRAGMA user_version").fetchone()[0]
        if found > VERSION:
            raise NewerSchema(found)
        if found < VERSION:
            copy = connect(":memory:")
            connection.backup(copy)
            connection.close()
            connection = copy
            migrate(connection)
        check(connection)
    except BaseException:
        connection.close()
        raise
    return connection


def checkpoint(path: Path) -> bool:
    """Copy the write-ahead log into the file (quitting: the file then holds everything by
    itself). Trouble (a lock, a full disk) leaves both as they are, for the next time."""
    try:
        connection = connect(path, timeout=0)
    except sqlite3.Error:
        return False
    try:
        busy = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        return not busy
    except sqlite3.Error:
        return False
    finally:
        connection.close()


def new_in_memory(profiles: list[tuple] = ()) -> sqlite3.Connection:
    """An empty history in memory (with `profiles`: rows of id, name, created, avatar), which
    stands in while the file cannot be used."""
    connection = connect(":memory:")
    migrate(connection)
    insert_profiles(connection, profiles)
    return connection


def insert_profiles(connection: sqlite3.Connection, profiles) -> None:
    connection.execute("BEGIN IMMEDIATE")
    connection.executemany("INSERT OR IGNORE INTO profiles (id, name, created, avatar) "
                           "VALUES (?, ?, ?, ?)", profiles)
    connection.execute("COMMIT")


def recover_profiles(path: Path, first: bool = True) -> list[tuple]:
    """The profile rows (id, name, created, avatar) that can still be read from the file at
    `path`, read-only; what cannot be read is left (rows are checked again when shown). Only
    while no other connection of this process is open (see check_header)."""
    found: list[tuple] = []
    try:
        if first:
            check_header(path)
        connection = connect_read_only(path, timeout=0)
    except (sqlite3.Error, OSError, HistoryError):
        return found
    try:
        columns = {row[1] for row in connection.execute("PRAGMA table_info(profiles)")}
        avatar = "avatar" if "avatar" in columns else "'{}'"
        for row in connection.execute(f"SELECT id, name, created, {avatar} FROM profiles"):
            found.append(row)
    except sqlite3.Error:
        pass                            # a damaged page: the rows before it are kept
    finally:
        connection.close()
    return found


def open_history(path: Path) -> tuple[sqlite3.Connection | None, HistoryProblem | None]:
    """The database at `path`, migrated and checked, for writing (the window's start). Damage
    sets it aside and starts a new one with the profiles recovered; a newer schema or trouble
    gives no connection, and the file stays as it was. The second value says what happened."""
    try:
        return open_for_writing(path, thorough=True), None
    except NewerSchema as error:
        return None, HistoryProblem("newer", path, "newer", str(error))
    except (sqlite3.Error, OSError, HistoryError) as error:
        if not is_damage(error):
            return None, HistoryProblem("unavailable", path, trouble_code(error), str(error))
        damage = error
    profiles = recover_profiles(path)
    moved = _set_aside(path)
    if moved is None:                   # it cannot be moved: never write over it
        return None, HistoryProblem("unavailable", path, "damaged", str(damage))
    try:
        connection = open_for_writing(path)
        insert_profiles(connection, profiles)
    except (sqlite3.Error, OSError, HistoryError) as error:
        return None, HistoryProblem("unavailable", path, trouble_code(error), str(error),
                                    moved_to=moved)
    return connection, HistoryProblem("set_aside", path, "damaged", str(damage), moved,
                                      len(profiles))


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


def unpack_record(blob) -> str:
    """A stored record's JSON text; a blob that is not zlib, or unpacks to more than
    MAX_RECORD_BYTES, raises HistoryError (the text is checked by whoever reads it)."""
    if not isinstance(blob, bytes):
        raise HistoryError("a stored record is not a blob")
    unpacker = zlib.decompressobj()
    try:
        data = unpacker.decompress(blob, MAX_RECORD_BYTES + 1)
    except zlib.error as error:
        raise HistoryError(f"a stored record is not zlib data: {error}") from None
    if len(data) > MAX_RECORD_BYTES or not unpacker.eof:
        raise HistoryError("a stored record is too large or cut short")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise HistoryError("a stored record is not UTF-8 text") from None
