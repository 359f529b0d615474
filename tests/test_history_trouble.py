"""Trouble is not damage: a lock held by a real second process and a full disk (a real
`ulimit -f` in a child process), at the start and at the end of a game, leave the history file
byte for byte and its profiles row for row as they were, keep the finished game in the inbox,
say so in the player's words, and the game is added at a later start."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.controller.seats import HUMAN, SeatConfig
from game.history import database
from game.history.store import History
from game.ui.history_words import history_notice_words, trouble_words
from game.ui.i18n import t
from history_helpers import play_game
from ui_driver import UiDriver

CHILD = Path(__file__).with_name("history_trouble_child.py")
SAVE_NAME = "domino-20261201-100000-5"
#: `ulimit -f 2`: no file may grow past 2 KiB
FULL_DISK_LIMIT = 2048


@pytest.fixture
def short_waits(monkeypatch):
    """A lock is given up on quickly (the program waits 30 s for it)."""
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 0.3)
    monkeypatch.setattr(database, "OPEN_TIMEOUT_S", 0.3)


def a_history(data_dir: Path) -> None:
    """A history with Ana's profile and one finished game of hers."""
    history = History(data_dir)
    ana = history.create_profile("Ana")
    play_game("joker", 8, history=history, human=SeatConfig("Ana", HUMAN, profile=ana.id))
    assert history.flush() and not history.failures and len(history.recorded) == 1
    history.close()
    del history


def snapshot(data_dir: Path) -> tuple[bytes, list, list]:
    """The file's bytes, its profile rows and its games, read without changing it."""
    path = data_dir / database.FILE_NAME
    connection = database.connect_read_only(path)
    try:
        profiles = connection.execute("SELECT * FROM profiles ORDER BY id").fetchall()
        games = connection.execute("SELECT uid FROM games ORDER BY uid").fetchall()
    finally:
        connection.close()
    return path.read_bytes(), profiles, games


class Holder:
    """A second process that opens the history and holds `BEGIN EXCLUSIVE` until stopped;
    `readers_too` also keeps readers out (SQLite's exclusive locking mode)."""

    def __init__(self, path: Path, readers_too: bool = False):
        mode = 'c.execute("PRAGMA locking_mode = EXCLUSIVE")\n' if readers_too else ""
        code = (f"import sqlite3, sys\nc = sqlite3.connect({str(path)!r}, isolation_level=None)"
                f"\n{mode}c.execute('BEGIN EXCLUSIVE')\nprint('held', flush=True)\n"
                "sys.stdin.read()\n")
        self.process = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        assert self.process.stdout.readline().strip() == "held"

    def stop(self) -> None:
        self.process.stdin.close()
        self.process.wait(10)


def played_with_save(data_dir: Path):
    """A finished match whose save is in the saves folder (as the controller leaves it)."""
    from game.core.scenario import dump_scenario
    from game.save_format import with_seats

    ctl = play_game("domino", 5)
    save = data_dir / "saves" / f"{SAVE_NAME}.json"
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_text(dump_scenario(with_seats(ctl.table.record, ctl.seats)), encoding="utf-8")
    return ctl, save


def test_a_lock_at_the_end_of_a_game_keeps_it_in_the_inbox_and_the_file_as_it_was(
        tmp_path, short_waits):
    a_history(tmp_path)
    before = snapshot(tmp_path)
    holder = Holder(tmp_path / database.FILE_NAME)
    try:
        history = History(tmp_path)              # the start: readers are not kept out
        assert history.problem is None and history.live
        assert [p.name for p in history.profiles()] == ["Ana"]
        ctl, save = played_with_save(tmp_path)
        history.record(ctl.table.record, ctl.seats, save)
        assert history.flush() and history.recorded == [] and not history.failures
        assert history.trouble == "busy" and len(history.waiting) == 1
        (notice,) = history.take_notices()
        assert (notice.kind, notice.reason, notice.kept) == ("unavailable", "busy", "inbox")
        words = history_notice_words(notice, history.inbox)
        assert trouble_words("busy") in words and str(history.inbox) in words
        assert (history.inbox / f"{SAVE_NAME}.json").exists() and not save.exists()
        history.close()
        assert snapshot(tmp_path) == before, "the file and its profiles are as they were"
        assert not list(tmp_path.glob("*.damaged-*"))
    finally:
        holder.stop()
    again = History(tmp_path)                    # the next start takes the game in
    assert again.flush() and again.recorded == [SAVE_NAME]
    assert not list(again.inbox.glob("*.json"))
    assert snapshot(tmp_path)[1] == before[1], "the profiles, row for row"
    again.close()


def test_a_lock_at_the_start_that_keeps_readers_out_leaves_the_history_as_it_was(
        tmp_path, short_waits):
    """The window opens (the menu says the history cannot be used now), makes no new profile
    in the file, and a game finished meanwhile waits in the inbox; retried at the next game."""
    a_history(tmp_path)
    before = snapshot(tmp_path)
    holder = Holder(tmp_path / database.FILE_NAME, readers_too=True)
    try:
        ui = UiDriver(tmp_path)
        ui.frames(1)
        history = ui.app.history
        assert not history.live and history.problem is None      # shown once, on the menu
        assert ui.top().message == t("history_safety.unavailable", file=database.FILE_NAME,
                                     reason=trouble_words("busy"), folder=str(history.inbox))
        ctl, save = played_with_save(tmp_path)
        history.record(ctl.table.record, ctl.seats, save)
        assert history.flush() and history.recorded == [] and not history.failures
        ui.frames(1)
        assert trouble_words("busy") in ui.app.notice, "said over the scene"
        ui.app.quit()
    finally:
        holder.stop()
    assert snapshot(tmp_path) == before
    assert (tmp_path / "history-inbox" / f"{SAVE_NAME}.json").exists()
    assert not list(tmp_path.glob("*.damaged-*"))


def test_trouble_is_retried_at_the_next_finished_game_not_in_a_loop(tmp_path, short_waits):
    a_history(tmp_path)
    holder = Holder(tmp_path / database.FILE_NAME)
    history = History(tmp_path)
    try:
        ctl, save = played_with_save(tmp_path)
        history.record(ctl.table.record, ctl.seats, save)
        assert history.flush() and len(history.waiting) == 1
        submitted = history.submitted
        assert history.flush(timeout=0.5) and history.submitted == submitted, "no retry alone"
    finally:
        holder.stop()
    other = play_game("domino", 6)
    history.record(other.table.record, other.seats)            # the next game: both written
    assert history.flush() and history.recorded[0] == SAVE_NAME, "the held game first"
    assert len(history.recorded) == 2 and not history.waiting and history.trouble is None
    assert history.read.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    history.close()


def run_full_disk(data_dir: Path, when: str) -> dict:
    done = subprocess.run([sys.executable, str(CHILD), str(data_dir), when,
                           str(FULL_DISK_LIMIT)], capture_output=True, text=True, timeout=120,
                          env={**os.environ})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("when", ["start", "end"])
def test_a_full_disk_leaves_the_history_as_it_was_and_the_game_in_the_inbox(tmp_path, when):
    a_history(tmp_path)
    before = snapshot(tmp_path)
    report = run_full_disk(tmp_path, when)
    assert report["flushed"] and report["recorded"] == [] and report["failures"] == []
    assert report["trouble"] in ("full", "io") and report["waiting"] == 1
    assert report["notices"] == [["unavailable", report["trouble"], "inbox"]]
    if when == "start":
        assert report["problem"][0] == "unavailable"
    else:
        assert report["problem"] is None and report["profiles"] == ["Ana"]
    assert snapshot(tmp_path) == before, "the file and its profiles are as they were"
    assert (tmp_path / "history-inbox" / f"{SAVE_NAME}.json").exists()
    assert not list(tmp_path.glob("*.damaged-*"))
    again = History(tmp_path)                     # room again: the next start adds the game
    assert again.flush() and again.recorded == [SAVE_NAME] and not again.failures
    again.close()


def test_a_read_only_folder_is_trouble_not_damage(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    a_history(tmp_path)
    before = snapshot(tmp_path)
    tmp_path.chmod(0o555)
    try:
        history = History(tmp_path)
        ctl = play_game("domino", 5)
        history.record(ctl.table.record, ctl.seats)
        assert history.flush() and history.recorded == []
        assert not list(tmp_path.glob("*.damaged-*"))
    finally:
        tmp_path.chmod(0o755)
    assert snapshot(tmp_path) == before


def test_the_error_codes_tell_damage_from_trouble(tmp_path):
    """Real errors, as SQLite raises them."""
    path = tmp_path / "a.sqlite3"
    first = sqlite3.connect(path, isolation_level=None)
    first.execute("CREATE TABLE t (x)")
    first.execute("BEGIN EXCLUSIVE")
    second = sqlite3.connect(path, timeout=0, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError) as busy:
        second.execute("SELECT * FROM t")
    assert not database.is_damage(busy.value) and database.trouble_code(busy.value) == "busy"
    first.execute("ROLLBACK")
    garbage = tmp_path / "b.sqlite3"
    garbage.write_bytes(b"\x01" * 4096)
    with pytest.raises(sqlite3.DatabaseError) as not_a_database:
        sqlite3.connect(garbage).execute("SELECT * FROM sqlite_master")
    assert database.is_damage(not_a_database.value)
    assert database.trouble_code(OSError(28, "No space left on device")) == "full"
    assert database.trouble_code(PermissionError(13, "Permission denied")) == "denied"
    assert not database.is_damage(OSError(5, "Input/output error"))
    first.close()
    second.close()


def test_a_data_folder_that_is_a_file_is_trouble_and_every_game_is_kept_in_memory(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.write_text("a file where the data folder should be")
    history = History(data_dir)
    assert (history.problem.kind, history.problem.reason) == ("unavailable", "in_the_way")
    ctl = play_game("domino", 5)
    history.record(ctl.table.record, ctl.seats)
    assert history.flush() and history.recorded == [] and len(history.waiting) == 1
    (notice,) = history.take_notices()
    assert (notice.reason, notice.kept) == ("in_the_way", "memory")
    assert t("history_safety.kept.memory") in history_notice_words(notice, history.inbox)
    history.close()
    assert data_dir.read_text() == "a file where the data folder should be"


def test_a_history_unreadable_at_the_start_is_shown_once_it_can_be_written(tmp_path,
                                                                           short_waits):
    a_history(tmp_path)
    holder = Holder(tmp_path / database.FILE_NAME, readers_too=True)
    try:
        history = History(tmp_path)
        assert not history.live and history.problem.reason == "busy"
        assert history.read.execute("SELECT count(*) FROM games").fetchone()[0] == 0
    finally:
        holder.stop()
    ctl = play_game("domino", 5)
    history.record(ctl.table.record, ctl.seats)
    assert history.flush() and len(history.recorded) == 1
    assert history.read.execute("SELECT count(*) FROM games").fetchone()[0] == 2
    assert history.live and [p.name for p in history.profiles()] == ["Ana"]
    history.close()
