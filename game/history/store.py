"""The history as the program uses it: profiles, and finished games recorded off the render loop.

    history = History(data_dir)        # opens (or, when damaged, sets aside) the database
    history.record(record, seats, save_path)   # the frame goes on at once
    history.profiles(); history.create_profile(name)
    history.take_notices()             # what the window should say (trouble, files set aside)
    history.flush(); history.close()

A finished table is never lost between the game's end and the database's commit: `record`
moves the table's save (which already holds every action) into `history-inbox/` (a rename; when
the inbox cannot be made, the save stays in `saves/`), and the writer thread deletes it only
once its game is committed; at the next start the writer takes in whatever the inbox still
holds. A game is known by its uid (the save's name), so one taken in twice is stored once.

Trouble (a lock held by another program, a full disk, a read-only folder, an I/O error) never
moves the database: the writer stops, keeps what it could not write (`waiting`; the games stay
in the inbox), says so once (`take_notices`), and tries again at the next finished game, the
next new profile and the next start; it never loops on its own.
"""

from __future__ import annotations

import json
import os
import queue
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from game.core.untrusted import UntrustedInput, printable_name
from game.paths import set_aside
from game.save_format import with_seats

from .counts import game_facts
from .database import (FILE_NAME, HistoryError, HistoryProblem, checkpoint, new_in_memory,
                       open_for_writing, open_history, open_reading, pack_record,
                       recover_profiles, trouble_code)
from .inbox import INBOX_FOLDER, inbox_name, keep_in_inbox, read_inbox
from .rows import Profile, initials, make_avatar, read_profiles  # noqa: F401 (shared names)

#: what the writer treats as trouble (kept for later), not as a game that cannot be stored
TROUBLE = (sqlite3.Error, OSError, HistoryError)


@dataclass(frozen=True)
class HistoryNotice:
    """Something the window should say: `kind` "unavailable" (the history cannot be written
    now: `reason`, one of database.TROUBLES; the game is kept in `kept`: "inbox", "saves" or
    "memory"), "inbox_set_aside" (inbox files that cannot be read, set aside: `files`) or
    "not_recorded" (a game that does not replay: its file set aside, `files`)."""
    kind: str
    reason: str = ""
    kept: str = ""
    files: tuple[str, ...] = ()


@dataclass
class Job:
    kind: str                           # "game", "profile" or "profile_change"
    uid: str = ""
    record: dict = field(default_factory=dict, repr=False)
    source: Path | None = None          # the file that holds the game until it is committed
    finished_at: float = 0.0
    profile: Profile | None = None
    change: str = ""                    # a profile_change: "rename" or "delete"


def opponents_level(seats: list, player: int) -> str:
    """The level of `player`'s AI opponents: one level, "mixed", or "humans" (no AI)."""
    levels = {seat.get("level") for index, seat in enumerate(seats)
              if index != player and seat.get("kind") == "ai"}
    if not levels:
        return "humans"
    return levels.pop() if len(levels) == 1 else "mixed"


class History:
    def __init__(self, data_dir: Path):
        self.path = Path(data_dir) / FILE_NAME
        self.inbox = Path(data_dir) / INBOX_FOLDER
        connection, self.problem = open_history(self.path)
        if connection is not None:           # set up (migrated, checked): reading from now on
            connection.close()
        #: a history made by a newer version is kept as it is: never written by this one
        self.newer = self.problem is not None and self.problem.kind == "newer"
        self._read: sqlite3.Connection | None = None
        self.live = False                   # `read` is the file itself (not a stand-in)
        self._reopen = False
        self._open_reader()
        self.jobs: queue.Queue = queue.Queue()
        self.pending_profiles: dict[str, Profile] = {}
        self.failures: list[str] = []       # uids the writer could not store (set aside)
        self.recorded: list[str] = []       # uids committed by this run's writer
        self.waiting: list[Job] = []        # held by trouble: tried again later
        self.trouble: str | None = None     # the last trouble (database.TROUBLES), None: none
        self.skipped_profiles = 0           # profile rows that could not be read
        self.on_recorded = None             # called (on the writer thread) with each uid
        self.notices: list[HistoryNotice] = []
        self.done = threading.Condition()
        self.submitted = self.finished = 0
        #: the writer runs while there is something to write, with its own connection, and
        #: stops when the queue is empty (an idle window holds no thread and no connection)
        self.writer: threading.Thread | None = None
        self.writer_lock = threading.Lock()
        self._take_in_inbox()

    # --- reading ------------------------------------------------------------------------------

    def _open_reader(self) -> None:
        """The file itself, read-only; while it cannot be read (or is a newer version's), a
        stand-in in memory with the profiles that can be read from it (at the start: later
        the writer may have a connection open, see database.check_header)."""
        old = self._read
        try:
            if self.newer:
                raise HistoryError("a newer version's history is not read")
            self._read, self.live = open_reading(self.path, first=False), True
        except TROUBLE as error:
            if old is not None:             # keep what was shown
                return
            if self.problem is None:
                self.problem = HistoryProblem("unavailable", self.path, trouble_code(error),
                                              str(error))
            self._read = new_in_memory(recover_profiles(self.path, first=False)
                                       if self.path.is_file() else [])
            self.live = False
        if old is not None:
            old.close()

    @property
    def read(self) -> sqlite3.Connection:
        """The connection the figures and lists read (never written through). A stand-in is
        replaced by the file once the writer could write to it again."""
        if self._reopen or self._read is None:
            self._reopen = False
            self._open_reader()
        return self._read

    def profiles(self) -> list[Profile]:
        """Every readable profile, oldest first (the ones not yet written included)."""
        known, self.skipped_profiles = read_profiles(self.read)
        ids = {profile.id for profile in known}
        return known + [p for i, p in self.pending_profiles.items() if i not in ids]

    def ensure_profile(self, default_name: str) -> Profile:
        """The first profile; one named `default_name` is made on the first start."""
        existing = self.profiles()
        return existing[0] if existing else self.create_profile(default_name)

    def take_notices(self) -> list[HistoryNotice]:
        """What the window should say since it last asked (each said once)."""
        with self.writer_lock:
            taken, self.notices = self.notices, []
        return taken

    # --- the render loop's side: quick, never waits on the database -----------------------

    def record(self, record: dict, seats: list, save_path: Path | None = None,
               uid: str | None = None) -> str:
        """A finished table: queued for the writer. Its save (if any) moves to the inbox at
        once, so that a kill before the commit loses nothing; when the inbox cannot be used,
        the save stays where it is until the game is written. Returns the game's uid."""
        uid = uid or (save_path.stem if save_path else f"{record['game']}-{uuid.uuid4().hex}")
        full = with_seats(record, seats)
        source = None
        if save_path is not None and save_path.exists():
            source = save_path
            try:
                self.inbox.mkdir(parents=True, exist_ok=True)
                inbox_path = self.inbox / inbox_name(uid)
                os.replace(save_path, inbox_path)
                source = inbox_path
            except OSError:                 # a file where the folder should be, no permission
                pass
        self.retry()
        self._submit(Job("game", uid, full, source, time.time()))
        return uid

    def create_profile(self, name: str) -> Profile:
        profile_id = uuid.uuid4().hex[:12]
        profile = Profile(profile_id, name, make_avatar(profile_id, name))
        self.pending_profiles[profile_id] = profile
        self.retry()
        self._submit(Job("profile", profile=profile))
        return profile

    def retry(self) -> None:
        """What trouble held back is queued again (the next game, profile or start)."""
        with self.writer_lock:
            held, self.waiting = self.waiting, []
        for job in held:
            self._submit(job)

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until everything submitted so far is written or held (tests, quitting)."""
        with self.done:
            wanted = self.submitted
            return self.done.wait_for(lambda: self.finished >= wanted, timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Let the writer finish what is queued (the inbox keeps the rest for the next start)
        and let go of the file (read again, it is opened again)."""
        self.flush(timeout)
        if self._read is not None:
            self._read.close()
            self._read = None
        if not self.newer and self.path.is_file():
            checkpoint(self.path)

    def _submit(self, job: Job) -> None:
        with self.done:
            self.submitted += 1
        with self.writer_lock:
            self.jobs.put(job)
            if self.writer is None:
                self.writer = threading.Thread(target=self._work, name="history-writer",
                                               daemon=True)
                self.writer.start()

    # --- the writer thread ------------------------------------------------------------------

    def _take_in_inbox(self) -> None:
        """Finished games a kill or trouble left in the inbox: queued first. A file that
        cannot be read as a game is set aside (never deleted) and named in a notice."""
        waiting, refused = read_inbox(self.inbox)
        for uid, record, path, finished_at in waiting:
            self._submit(Job("game", uid, record, path, finished_at))
        self.failures += refused
        if refused:
            self._notify(HistoryNotice("inbox_set_aside", files=tuple(refused)))

    def _notify(self, notice: HistoryNotice) -> None:
        with self.writer_lock:
            if notice not in self.notices:
                self.notices.append(notice)

    def _work(self) -> None:
        connection = None
        try:
            while True:
                with self.writer_lock:
                    if self.jobs.empty():       # nothing left: the thread ends (a new job
                        self.writer = None      # starts another one)
                        return
                    job = self.jobs.get()
                try:
                    if self.newer:
                        raise HistoryError("the history was written by a newer version")
                    if connection is None:
                        connection = open_for_writing(self.path, first=False)
                    if job.kind == "profile":
                        self._write_profile(connection, job.profile)
                    elif job.kind == "profile_change":
                        self._change_profile(connection, job.profile, job.change)
                    else:
                        self._write_game(connection, job)
                    if not self.live:           # the file can be read again
                        self._reopen = True
                    self.trouble = None
                except TROUBLE as error:        # the file stays as it is: kept for later
                    if connection is not None:
                        connection.close()
                        connection = None
                    self._hold(job, error)
                except Exception as error:       # noqa: BLE001 - a game that does not replay
                    self._refuse(job, error)
                finally:
                    with self.done:
                        self.finished += 1
                        self.done.notify_all()
        finally:
            if connection is not None:
                connection.close()

    def _hold(self, job: Job, error: BaseException) -> None:
        """Trouble: this job and every queued one wait for the next retry (no busy loop). Damage
        found now counts as trouble: the file is set aside at the next start, after its check."""
        reason = "newer" if self.newer else trouble_code(error)
        held = [job]
        with self.writer_lock:
            while not self.jobs.empty():
                held.append(self.jobs.get())
        for one in held:
            if one.kind == "game" and one.source is None:
                one.source = keep_in_inbox(self.inbox, one.uid, one.record)
        with self.writer_lock:
            self.waiting.extend(held)
        self.trouble = reason
        games = [one for one in held if one.kind == "game"]
        if games:
            kept = ("memory" if any(one.source is None for one in games) else
                    "saves" if any(one.source.parent != self.inbox for one in games) else
                    "inbox")
            self._notify(HistoryNotice("unavailable", reason, kept))
        with self.done:                     # the current job is counted by the writer's loop
            self.finished += len(held) - 1
            self.done.notify_all()

    def _refuse(self, job: Job, error: Exception) -> None:
        name = job.uid if job.kind == "game" else job.profile.id
        self.failures.append(f"{name}: {error}")
        if job.kind == "game" and job.source is not None and job.source.parent == self.inbox:
            moved = set_aside(job.source)   # kept for the player, never taken in again
            self._notify(HistoryNotice("not_recorded", files=((moved or job.source).name,)))

    def _write_profile(self, connection, profile: Profile) -> None:
        connection.execute("BEGIN IMMEDIATE")
        try:
            connection.execute(
                "INSERT OR IGNORE INTO profiles (id, name, created, avatar) VALUES (?, ?, ?, ?)",
                (profile.id, profile.name, time.time(), json.dumps(profile.avatar)))
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise

    def _write_game(self, connection, job: Job) -> None:
        record, finished_at = job.record, job.finished_at
        facts = game_facts(record)          # the engine replays it: counts and result
        table = record.get("table") or {}
        seats = table.get("seats") or [{"name": name, "kind": "human"}
                                       for name in record["players"]]
        assists = table.get("assists") or {}
        connection.execute("BEGIN IMMEDIATE")
        try:
            for seat in seats:
                if seat.get("profile"):
                    connection.execute(
                        "INSERT OR IGNORE INTO profiles (id, name, created, avatar) "
                        "VALUES (?, ?, ?, ?)",
                        (seat["profile"], seat["name"], finished_at,
                         json.dumps(make_avatar(seat["profile"], seat["name"]))))
            cursor = connection.execute(
                "INSERT OR IGNORE INTO games (uid, game, finished_at, options, deals, undo, "
                "coach) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (job.uid, facts.game, finished_at, json.dumps(record["options"], sort_keys=True),
                 facts.deals, int(bool(assists.get("undo"))), int(bool(assists.get("coach")))))
            if cursor.rowcount:
                game_id = cursor.lastrowid
                connection.execute("INSERT INTO records (game_id, record) VALUES (?, ?)",
                                   (game_id, pack_record(record)))
                connection.executemany(
                    "INSERT INTO seats (game_id, seat, name, profile, level, total, won, "
                    "opponents, counts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(game_id, index, seat.get("name", ""), seat.get("profile"),
                      seat.get("level") if seat.get("kind") == "ai" else None,
                      facts.totals[index], int(index in facts.winners),
                      opponents_level(seats, index), json.dumps(facts.counts[index]))
                     for index, seat in enumerate(seats)])
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        if job.source is not None:
            try:
                job.source.unlink()
            except OSError:                 # taken in again at the next start: stored once
                pass
        self.recorded.append(job.uid)
        if self.on_recorded:
            self.on_recorded(job.uid)

    # --- renaming and deleting a profile: queued for the writer, as create_profile ----------

    #: a profile's name, at most this many characters (the setup's name field keeps as many)
    NAME_MAX = 16

    def profile_name(self, name, profile_id: str | None = None) -> str:
        """`name` as a profile's name (spaces at its ends dropped): printable, not blank, at
        most NAME_MAX characters, and no other profile's (letter case aside: the setup knows a
        profile by its name). Raises ProfileRefused with a code the window words."""
        try:
            name = printable_name(name.strip() if isinstance(name, str) else name,
                                  self.NAME_MAX)
        except UntrustedInput as refusal:
            raise ProfileRefused(str(refusal), "bad_name") from None
        if any(other.name.casefold() == name.casefold() and other.id != profile_id
               for other in self.profiles()):
            raise ProfileRefused(f"another profile is named {name!r}", "taken")
        return name

    def rename_profile(self, profile_id: str, name: str) -> Profile:
        """The profile keeps its id (so its games and figures stay its own) under a checked
        new name; the seats of games already played keep the name they were played under, as
        their records do (docs/architecture.md, "Profiles")."""
        self._profile(profile_id)                  # an unknown id is refused
        name = self.profile_name(name, profile_id)
        renamed = Profile(profile_id, name, make_avatar(profile_id, name))
        if profile_id in self.pending_profiles:        # not written yet: written renamed
            self.pending_profiles[profile_id] = renamed
        self._submit(Job("profile_change", profile=renamed, change="rename"))
        return renamed

    def delete_profile(self, profile_id: str) -> None:
        """The profile goes; its games stay, their seats kept as a guest's (no profile). The
        last profile stays: a human chair needs one (rename it instead)."""
        profile = self._profile(profile_id)
        if len(self.profiles()) <= 1:
            raise ProfileRefused("the last profile cannot be deleted", "last")
        self.pending_profiles.pop(profile_id, None)
        self._submit(Job("profile_change", profile=profile, change="delete"))

    def games_of_profile(self, profile_id: str) -> int:
        """How many finished games the profile played (a quick count on the reading side)."""
        return self.read.execute("SELECT count(*) FROM seats WHERE profile = ?",
                                 (profile_id,)).fetchone()[0]

    def _profile(self, profile_id: str) -> Profile:
        found = next((p for p in self.profiles() if p.id == profile_id), None)
        if found is None:
            raise ProfileRefused(f"no profile {profile_id!r}", "unknown")
        return found

    def _change_profile(self, connection, profile: Profile, change: str) -> None:
        connection.execute("BEGIN IMMEDIATE")
        try:
            if change == "rename":
                connection.execute("UPDATE profiles SET name = ?, avatar = ? WHERE id = ?",
                                   (profile.name, json.dumps(profile.avatar), profile.id))
            else:
                connection.execute("UPDATE seats SET profile = NULL WHERE profile = ?",
                                   (profile.id,))
                connection.execute("DELETE FROM profiles WHERE id = ?", (profile.id,))
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise


class ProfileRefused(ValueError):
    """A profile change refused, in English; `code` ("bad_name", "taken", "last", "unknown")
    finds its words in the player's language (`profiles.refused.<code>`)."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.code = code
