"""The history as the program uses it: profiles, and finished games recorded off the render loop.

    history = History(data_dir)        # opens (or sets aside and restarts) the database
    history.record(record, seats, save_path)   # the frame goes on at once
    history.profiles(); history.create_profile(name)
    history.flush(); history.close()

A finished table is never lost between the game's end and the database's commit: `record`
moves the table's save (which already holds every action) into `history-inbox/` (a rename),
and the writer thread deletes it from there only once its game is committed; at the next start
the writer takes in whatever the inbox still holds. A game is known by its uid (the save's name),
so one taken in twice is stored once.
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from game.core.scenario import load_scenario
from game.core.untrusted import UntrustedInput, printable_name
from game.paths import set_aside

from .counts import game_facts
from .database import FILE_NAME, connect, open_history, pack_record

INBOX_FOLDER = "history-inbox"
#: avatar colours, picked from the profile's id
AVATAR_COLOURS = ("#c0392b", "#2e86c1", "#28b463", "#d68910", "#8e44ad", "#17a589", "#ca6f1e",
                  "#5d6d7e")


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    avatar: dict        # {"initials": "AB", "colour": "#rrggbb"} (pictures: a later issue)


def initials(name: str) -> str:
    """"Budi Santoso" → "BS", "Ani" → "AN", "ნინო" → "ნი" (Georgian keeps its letters: its
    capitals, Mtavruli, are not in the bundled font). The table's avatars use it too."""
    words = name.split()
    letters = words[0][0] + words[1][0] if len(words) >= 2 else name[:2]
    return "".join(c if "\u10a0" <= c <= "\u10ff" else c.upper() for c in letters) or "?"


def make_avatar(profile_id: str, name: str) -> dict:
    number = int(hashlib.sha1(profile_id.encode()).hexdigest(), 16)
    return {"initials": initials(name), "colour": AVATAR_COLOURS[number % len(AVATAR_COLOURS)]}


def opponents_level(seats: list, player: int) -> str:
    """The level of `player`'s AI opponents: one level, "mixed", or "humans" (no AI)."""
    levels = {seat.get("level") for index, seat in enumerate(seats)
              if index != player and seat.get("kind") == "ai"}
    if not levels:
        return "humans"
    return levels.pop() if len(levels) == 1 else "mixed"


def with_seats(record: dict, seats: list) -> dict:
    """The record with its seats in the table block (a save's shape: export and import)."""
    table = dict(record.get("table") or {})
    table["seats"] = [seat.to_json() if hasattr(seat, "to_json") else dict(seat)
                      for seat in seats]
    return {**record, "deals": list(record["deals"]), "actions": list(record["actions"]),
            "table": table}


class History:
    def __init__(self, data_dir: Path):
        self.path = Path(data_dir) / FILE_NAME
        self.inbox = Path(data_dir) / INBOX_FOLDER
        self.read, self.damaged = open_history(self.path)
        #: a history that could not be set aside lives in memory: one connection for both
        self.in_memory = self.damaged is not None and self.damaged.moved_to is None
        self.jobs: queue.Queue = queue.Queue()
        self.pending_profiles: dict[str, Profile] = {}
        self.failures: list[str] = []       # uids the writer could not store (kept in inbox)
        self.recorded: list[str] = []       # uids committed by this run's writer
        self.on_recorded = None             # called (on the writer thread) with each uid
        self.done = threading.Condition()
        self.submitted = self.finished = 0
        #: the writer runs while there is something to write, with its own connection, and
        #: stops when the queue is empty (an idle window holds no thread and no connection)
        self.writer: threading.Thread | None = None
        self.writer_lock = threading.Lock()
        self._take_in_inbox()

    # --- the render loop's side: quick, never waits on the database -----------------------

    def record(self, record: dict, seats: list, save_path: Path | None = None,
               uid: str | None = None) -> str:
        """A finished table: queued for the writer. Its save (if any) moves to the inbox at
        once, so that a kill before the commit loses nothing. Returns the game's uid."""
        uid = uid or (save_path.stem if save_path else f"{record['game']}-{uuid.uuid4().hex}")
        full = with_seats(record, seats)
        inbox_path = None
        if save_path is not None and save_path.exists():
            self.inbox.mkdir(parents=True, exist_ok=True)
            inbox_path = self.inbox / f"{uid}.json"
            os.replace(save_path, inbox_path)
        self._submit(("game", uid, full, inbox_path, time.time()))
        return uid

    def create_profile(self, name: str) -> Profile:
        profile_id = uuid.uuid4().hex[:12]
        profile = Profile(profile_id, name, make_avatar(profile_id, name))
        self.pending_profiles[profile_id] = profile
        self._submit(("profile", profile))
        return profile

    def profiles(self) -> list[Profile]:
        """Every profile, oldest first (the ones not yet written included)."""
        rows = self.read.execute("SELECT id, name, avatar FROM profiles ORDER BY created, id")
        known = [Profile(row[0], row[1], json.loads(row[2] or "{}")) for row in rows]
        ids = {profile.id for profile in known}
        return known + [p for i, p in self.pending_profiles.items() if i not in ids]

    def ensure_profile(self, default_name: str) -> Profile:
        """The first profile; one named `default_name` is made on the first start."""
        existing = self.profiles()
        return existing[0] if existing else self.create_profile(default_name)

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until everything submitted so far is written (tests, quitting)."""
        with self.done:
            wanted = self.submitted
            return self.done.wait_for(lambda: self.finished >= wanted, timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Let the writer finish what is queued (the inbox keeps the rest for the next start)."""
        self.flush(timeout)

    def _submit(self, job) -> None:
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
        """Finished games a kill left in the inbox: queued first."""
        if not self.inbox.is_dir():
            return
        for path in sorted(self.inbox.glob("*.json")):
            try:
                record = load_scenario(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, ValueError):
                self.failures.append(path.stem)
                set_aside(path)               # kept for the player, never deleted
                continue
            self._submit(("game", path.stem, record, path, path.stat().st_mtime))

    def _work(self) -> None:
        connection = self.read if self.in_memory else connect(self.path)
        try:
            while True:
                with self.writer_lock:
                    if self.jobs.empty():       # nothing left: the thread ends (a new job
                        self.writer = None      # starts another one)
                        return
                    job = self.jobs.get()
                try:
                    if job[0] == "profile":
                        self._write_profile(connection, job[1])
                    elif job[0] == "profile_change":
                        self._change_profile(connection, job[1], job[2])
                    else:
                        self._write_game(connection, *job[1:])
                except Exception as error:       # noqa: BLE001 - the writer must keep going
                    name = job[1] if job[0] == "game" else job[1].id
                    self.failures.append(f"{name}: {error}")
                finally:
                    with self.done:
                        self.finished += 1
                        self.done.notify_all()
        finally:
            if connection is not self.read:
                connection.close()

    def _write_profile(self, connection, profile: Profile) -> None:
        connection.execute("BEGIN IMMEDIATE")
        try:
            connection.execute(
                "INSERT OR IGNORE INTO profiles (id, name, created, avatar) VALUES (?, ?, ?, ?)",
                (profile.id, profile.name, time.time(), json.dumps(profile.avatar)))
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise

    def _write_game(self, connection, uid: str, record: dict, inbox_path: Path | None,
                    finished_at: float) -> None:
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
                (uid, facts.game, finished_at, json.dumps(record["options"], sort_keys=True),
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
            connection.execute("ROLLBACK")
            raise
        if inbox_path is not None:
            try:
                inbox_path.unlink()
            except FileNotFoundError:
                pass
        self.recorded.append(uid)
        if self.on_recorded:
            self.on_recorded(uid)

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
        profile = self._profile(profile_id)
        name = self.profile_name(name, profile_id)
        renamed = Profile(profile_id, name, make_avatar(profile_id, name))
        if profile_id in self.pending_profiles:        # not written yet: written renamed
            self.pending_profiles[profile_id] = renamed
        self._submit(("profile_change", renamed, "rename"))
        return renamed

    def delete_profile(self, profile_id: str) -> None:
        """The profile goes; its games stay, their seats kept as a guest's (no profile). The
        last profile stays: a human chair needs one (rename it instead)."""
        profile = self._profile(profile_id)
        if len(self.profiles()) <= 1:
            raise ProfileRefused("the last profile cannot be deleted", "last")
        self.pending_profiles.pop(profile_id, None)
        self._submit(("profile_change", profile, "delete"))

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
            connection.execute("ROLLBACK")
            raise


class ProfileRefused(ValueError):
    """A profile change refused, in English; `code` ("bad_name", "taken", "last", "unknown")
    finds its words in the player's language (`profiles.refused.<code>`)."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.code = code
