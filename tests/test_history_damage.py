"""Damage, and only damage, sets the history aside, with its profiles recovered; reading
(`main.py stats`) never moves or changes the file; the inbox is read through the untrusted-input
door. (The lock and the full disk: tests/test_history_trouble.py.)"""

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
from game.history.stats import ImportRefused, import_game
from game.history.store import History, HistoryNotice
from game.ui.history_words import history_notice_words, history_problem_words
from game.ui.i18n import t
from history_helpers import play_game
from test_history_trouble import Holder
from ui_driver import UiDriver

ROOT = Path(__file__).resolve().parents[1]


def two_profiles_and_games(data_dir: Path) -> dict[str, str]:
    """Ana and Budi, each with a finished game; the file at rest (no write-ahead log)."""
    history = History(data_dir)
    ids = {}
    for name, seed in (("Ana", 5), ("Budi", 6)):
        profile = history.create_profile(name)
        ids[name] = profile.id
        play_game("domino", seed, history=history,
                  human=SeatConfig(name, HUMAN, profile=profile.id))
    assert history.flush() and not history.failures
    history.close()
    return ids


def spoil_page(path: Path, table_or_index: str) -> None:
    """Overwrite the first page of a table's or an index's b-tree with garbage."""
    connection = sqlite3.connect(path)
    size = connection.execute("PRAGMA page_size").fetchone()[0]
    (root,) = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                                 (table_or_index,)).fetchone()
    connection.close()
    with open(path, "r+b") as file:
        file.seek((root - 1) * size)
        file.write(b"\xff" * size)


@pytest.mark.parametrize("spoiled", ["games", "games_by_game"])
def test_a_damaged_history_is_set_aside_and_its_profiles_recovered(tmp_path, spoiled):
    """A table's page (found by the first read) or an index's (found only by SQLite's
    quick_check) is garbage: the file is set aside as it was, and Ana and Budi, with their
    ids, are in the new history; their games are in the file kept aside."""
    ids = two_profiles_and_games(tmp_path)
    path = tmp_path / database.FILE_NAME
    spoil_page(path, spoiled)
    damaged = path.read_bytes()
    ui = UiDriver(tmp_path)
    ui.frames(1)
    aside = list(tmp_path.glob("history.damaged-*.sqlite3"))
    assert len(aside) == 1 and aside[0].read_bytes() == damaged
    assert ui.top().message == (t("history_safety.set_aside", file=aside[0].name) + " "
                                + t("history_safety.profiles_recovered", count=2))
    assert {(p.name, p.id) for p in ui.app.history.profiles()} == set(ids.items())
    assert [p.name for p in ui.app.history.profiles()] == ["Ana", "Budi"], "oldest first"
    assert ui.app.history.read.execute("SELECT count(*) FROM games").fetchone()[0] == 0
    ui.app.quit()


def test_a_garbage_history_is_set_aside_and_a_default_profile_made(tmp_path):
    (tmp_path / database.FILE_NAME).write_bytes(os.urandom(8192))
    ui = UiDriver(tmp_path)
    ui.frames(1)
    (aside,) = tmp_path.glob("history.damaged-*.sqlite3")
    assert ui.top().message == t("history_safety.set_aside", file=aside.name)
    assert [p.name for p in ui.app.history.profiles()] == [t("profile.default")]
    ui.app.quit()


def test_a_damaged_history_that_cannot_be_moved_is_never_written_over(tmp_path, monkeypatch):
    """(A read-only folder.) The file stays as it was; the history says it cannot be used."""
    path = tmp_path / database.FILE_NAME
    path.write_bytes(b"not a database" * 100)
    monkeypatch.setattr(database, "set_aside", lambda path: None)
    history = History(tmp_path)
    assert (history.problem.kind, history.problem.reason) == ("unavailable", "damaged")
    ctl = play_game("domino", 5)
    history.record(ctl.table.record, ctl.seats)
    assert history.flush() and history.recorded == [] and len(history.waiting) == 1
    assert list(history.inbox.glob("*.json")), "the game is kept in the inbox"
    history.close()
    assert path.read_bytes() == b"not a database" * 100


def test_a_newer_history_is_named_on_the_menu_and_kept_as_it_is(tmp_path):
    path = tmp_path / database.FILE_NAME
    newer = sqlite3.connect(path)
    newer.execute("PRAGMA user_version = 7")
    newer.close()
    before = path.read_bytes()
    ui = UiDriver(tmp_path)
    ui.frames(1)
    assert ui.top().message == t("history_safety.newer", file=path.name,
                                 folder=str(ui.app.history.inbox))
    ui.app.show("statistics")
    ui.frames(2)
    assert t("history_safety.stand_in") in ui.top().note
    ui.app.quit()
    assert path.read_bytes() == before and not list(tmp_path.glob("*.damaged-*"))


# --- main.py stats only reads ---------------------------------------------------------------

def stats(data_dir: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TABLE_GAMES_DATA_DIR": str(data_dir)}
    return subprocess.run([sys.executable, "main.py", "stats", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_stats_never_moves_or_changes_the_history(tmp_path):
    two_profiles_and_games(tmp_path)
    path = tmp_path / database.FILE_NAME
    before = path.read_bytes()
    done = stats(tmp_path, "--json")
    assert done.returncode == 0 and done.stderr == ""
    assert [entry["profile"] for entry in json.loads(done.stdout)["profiles"]] == ["Ana", "Budi"]
    assert path.read_bytes() == before

    holder = Holder(path, readers_too=True)
    try:
        done = stats(tmp_path)
    finally:
        holder.stop()
    assert done.returncode == 3 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "locked" in done.stderr
    assert "Traceback" not in done.stderr

    for content, word in ((b"garbage " * 500, "damaged"), (None, "newer")):
        if content is None:
            for old in tmp_path.glob(f"{path.name}*"):
                old.unlink()
            newer = sqlite3.connect(path)
            newer.execute("PRAGMA user_version = 99")
            newer.close()
        else:
            path.write_bytes(content)
        before = path.read_bytes()
        done = stats(tmp_path, "--json")
        assert done.returncode == 3 and word in done.stderr
        assert json.loads(done.stdout)["error"]["reason"] == word
        assert path.read_bytes() == before and not list(tmp_path.glob("*.damaged-*"))


def test_stats_reads_an_older_schema_without_changing_it(tmp_path):
    path = tmp_path / database.FILE_NAME
    old = database.connect(path)
    old.execute("PRAGMA journal_mode = WAL")
    database.migrate(old, upto=1)
    old.execute("INSERT INTO profiles (id, name, created) VALUES ('p1', 'Ana', 1.0)")
    old.close()
    before = path.read_bytes()
    done = stats(tmp_path, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["profiles"][0]["profile"] == "Ana"
    assert path.read_bytes() == before


# --- the inbox and imports, through the untrusted-input door ---------------------------------

def deep_json(depth: int = 100_000) -> str:
    return "[" * depth + "]" * depth


def test_a_deep_inbox_file_is_set_aside_with_a_notice(tmp_path):
    inbox = tmp_path / "history-inbox"
    inbox.mkdir()
    (inbox / "domino-deep.json").write_text(deep_json())
    good = play_game("domino", 5)
    from game.core.scenario import dump_scenario
    from game.save_format import with_seats
    (inbox / "domino-good.json").write_text(dump_scenario(with_seats(good.table.record,
                                                                     good.seats)))
    ui = UiDriver(tmp_path)
    ui.frames(1)
    history = ui.app.history
    assert history.flush() and history.recorded == ["domino-good"]
    (aside,) = inbox.glob("domino-deep.damaged-*.json")
    assert aside.read_text() == deep_json()
    assert ui.app.notice == t("history_safety.inbox_set_aside", files=aside.name)
    ui.app.quit()


def test_an_import_too_deep_or_naming_a_path_is_refused_or_renamed(tmp_path):
    history = History(tmp_path)
    deep = tmp_path / "deep.json"
    deep.write_text(deep_json())
    with pytest.raises(ImportRefused) as refused:
        import_game(history, deep)
    assert refused.value.code == "unreadable"
    ctl = play_game("domino", 5)
    from game.core.scenario import dump_scenario
    from game.save_format import with_seats
    record = with_seats(ctl.table.record, ctl.seats)
    record["table"]["uid"] = "../../outside"
    sneaky = tmp_path / "sneaky.json"
    sneaky.write_text(dump_scenario(record))
    uid = import_game(history, sneaky)
    assert uid.startswith("import-") and history.flush() and history.recorded == [uid]
    history.close()


def test_the_end_of_a_match_with_a_file_for_an_inbox_keeps_the_game_in_saves(
        tmp_path, monkeypatch):
    """`history-inbox` is a file and the history is locked: the match ends without a crash,
    its save stays in saves/ and the window says so; once the lock goes, the next try writes
    the game and the save goes."""
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 0.3)
    (tmp_path / "history-inbox").write_text("a file, not a folder")
    ui = UiDriver(tmp_path)
    ui.app.settings["animation"] = "fast"
    scene = ui.open_game("domino", ["ai"] * 4, seed=5)
    save = scene.ctl.save_path
    holder = Holder(ui.app.history.path)
    try:
        while scene.ctl.phase.value != "over":
            ui.frames(1, 0.25)
        history = ui.app.history
        assert history.flush() and history.recorded == [] and save.exists()
        ui.frames(1)
        assert ui.app.notice == history_notice_words(
            HistoryNotice("unavailable", "busy", "saves"), history.inbox)
        assert t("history_safety.kept.saves") in ui.app.notice
    finally:
        holder.stop()
    history.retry()
    assert history.flush() and history.recorded == [save.stem] and not save.exists()
    assert (tmp_path / "history-inbox").read_text() == "a file, not a folder"
    ui.app.quit()


def test_the_problem_words_name_what_was_kept_where(tmp_path):
    from game.history.database import HistoryProblem
    aside = tmp_path / "history.damaged-20261201-100000.sqlite3"
    words = history_problem_words(HistoryProblem("set_aside", tmp_path / "h", "damaged", "",
                                                 aside, 1), tmp_path / "history-inbox")
    assert aside.name in words and t("history_safety.profiles_recovered_one") in words
