"""Writes that cannot fail badly: the settings are written like saves (a temporary file, synced,
then renamed), and every failure (a read-only folder, a full disk, a folder where a file should
be, a name UTF-8 cannot hold) becomes a notice in the player's language while the game goes on;
the `.tmp` files a kill left are cleaned at start (ours only, never a save)."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from file_helpers import left_by_a_kill, make_read_only  # noqa: F401 (a fixture)
from game import paths
from game.controller.autosave import remove_save, write_save
from game.controller.saves import SAVES_FOLDER
from game.controller.seats import AI, SeatConfig
from game.controller.settings import ControllerSettings
from game.controller.table_controller import InlineBotRunner, TableController
from game.core.table import Table
from game.ui import config
from game.ui.app import App
from game.ui.i18n import set_language, t
from game.ui.settings import SettingsScene
from game.ui.setup import SetupScene

from ui_driver import DESKTOP, UiDriver


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def driver(settings_path: Path, data_dir: Path, offer_lessons: bool = False) -> UiDriver:
    """The window with its settings at `settings_path` (the config folder apart from the data)."""
    ui = UiDriver.__new__(UiDriver)
    ui.app = App((1280, 720), data_dir=data_dir, settings_path=settings_path,
                 bot_runner=InlineBotRunner, desktop=DESKTOP, offer_lessons=offer_lessons)
    ui.now = 0.0
    return ui


def not_saved(reason: str) -> str:
    return t("files.settings_not_saved", reason=t(f"table.write_failed.{reason}"))


def change_a_setting(ui) -> None:
    """Settings → Sound off, as a player does."""
    ui.frames(2)
    ui.press(next(b for b, key in ui.top().buttons.items() if key == "settings"))
    scene = ui.top()
    assert isinstance(scene, SettingsScene)
    ui.press(next(b for b, key in scene.buttons.items() if key == "sound"))


def resize_the_window(ui, size=(1000, 700)) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    ui.frames(2)


def start_a_table(ui) -> None:
    ui.app.show("setup", "domino", reset=True)
    setup = ui.top()
    assert isinstance(setup, SetupScene)
    ui.frames(2)
    ui.press(setup.start_button)
    assert ui.controller() is not None, "the table started"


# --- the settings' own writes ----------------------------------------------------------------


def test_a_failed_settings_write_leaves_the_old_file_and_no_tmp(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    config.save_settings(path, config.default_settings())
    before = path.read_bytes()

    def full(descriptor):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    settings = config.default_settings() | {"volume": 5}
    with pytest.raises(OSError):
        config.save_settings(path, settings)
    assert path.read_bytes() == before and not (tmp_path / "settings.tmp").exists()
    monkeypatch.undo()
    config.save_settings(path, settings)
    assert json.loads(path.read_text())["volume"] == 5


def test_a_full_disk_is_said_as_full_and_nothing_is_half_written(tmp_path):
    """A real limit on file size (`ulimit -f`) in a child process: the settings and a save are
    refused by the system (EFBIG), the old files stay whole and no `.tmp` is left."""
    script = textwrap.dedent(f"""
        import json, resource, sys
        from pathlib import Path
        from game.controller.autosave import remove_save, write_save
        from game.controller.seats import SeatConfig
        from game.core.table import Table
        from game.paths import WRITE_ERRORS, write_failure
        from game.ui import config
        folder = Path({str(tmp_path)!r})
        settings = config.default_settings()
        config.save_settings(folder / "settings.json", settings)
        table = Table("domino", ["A", "B", "C", "D"], seed=3)
        table.deal_if_needed()
        write_save(folder / "save.json", table, [SeatConfig(n) for n in "ABCD"], {{}})
        limit = (folder / "save.json").stat().st_size + 20     # both old files are smaller
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        settings["last_setup"] = {{"domino": {{"seats": [{{"name": "x" * 16}}] * 200}}}}
        for write in (lambda: config.save_settings(folder / "settings.json", settings),
                      lambda: write_save(folder / "save.json", table,
                                         [SeatConfig("B" * 40)] * 4, {{}})):
            try:
                write()
                print("written")
            except WRITE_ERRORS as error:
                print(write_failure(error))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.split() == ["full", "full"], done.stderr
    assert json.loads((tmp_path / "settings.json").read_text())["last_setup"] == {}
    assert json.loads((tmp_path / "save.json").read_text())["table"]["seats"][0]["name"] == "A"
    assert not list(tmp_path.glob("*.tmp"))


def test_a_read_only_config_folder_never_stops_the_game(tmp_path, make_read_only):
    """A settings change, a window resized and a table started each want to store the settings:
    the window says once that they could not be saved, and they stay in use."""
    config_folder = tmp_path / "config"
    config.save_settings(config_folder / "settings.json", config.default_settings())
    before = (config_folder / "settings.json").read_bytes()
    make_read_only(config_folder)
    ui = driver(config_folder / "settings.json", tmp_path / "data")
    change_a_setting(ui)
    assert ui.app.settings["sound"] is False and ui.app.sound.enabled is False
    assert ui.app.notice == not_saved("denied")
    ui.app.notice = ""
    resize_the_window(ui)
    start_a_table(ui)
    assert ui.app.notice == "", "said once, until a write works again"
    assert ui.app.settings["last_setup"]["domino"], "the setup is remembered in memory"
    assert (config_folder / "settings.json").read_bytes() == before
    assert sorted(config_folder.iterdir()) == [config_folder / "settings.json"]
    ui.frames(3)
    ui.app.quit()


@pytest.mark.parametrize("trouble", ["a file", "under a file", "read-only parent"])
def test_a_config_folder_that_cannot_be_made_still_starts_the_game(tmp_path, trouble,
                                                                   make_read_only):
    """The first start writes the settings (the guided game was offered): a config folder that
    is a file, or cannot be made, only earns a notice."""
    if trouble == "a file":
        (tmp_path / "config").write_text("a file where the folder should be")
        settings_path = tmp_path / "config" / "settings.json"
    elif trouble == "under a file":
        (tmp_path / "blocked").write_text("a file")
        settings_path = tmp_path / "blocked" / "config" / "settings.json"
    else:
        (tmp_path / "parent").mkdir()
        make_read_only(tmp_path / "parent")
        settings_path = tmp_path / "parent" / "config" / "settings.json"
    ui = driver(settings_path, tmp_path / "data", offer_lessons=True)
    ui.frames(2)
    assert ui.app.settings["guided_offered"] is True, "offered once, remembered in memory"
    assert ui.app.notice == not_saved("denied" if trouble == "read-only parent" else "other")
    ui.app.stack.pop()                   # no guided game now
    change_a_setting(ui)
    assert ui.app.settings["sound"] is False
    ui.app.quit()


def test_a_folder_named_like_the_settings_tmp_is_left_alone(tmp_path):
    (tmp_path / "settings.tmp").mkdir()
    (tmp_path / "settings.tmp" / "kept.txt").write_text("the player's own")
    (tmp_path / "settings.json").write_text('{"language": "vi"}')
    ui = UiDriver(tmp_path)
    change_a_setting(ui)
    assert ui.app.notice == not_saved("other")
    assert ui.app.notice.startswith("Không lưu được cài đặt")
    assert (tmp_path / "settings.tmp" / "kept.txt").read_text() == "the player's own"
    ui.frames(2)
    ui.app.quit()


def test_a_folder_where_the_settings_file_should_be_is_set_aside(tmp_path):
    (tmp_path / "settings.json").mkdir()
    ui = UiDriver(tmp_path)
    ui.frames(2)
    aside = list(tmp_path.glob("settings.damaged-*.json"))
    assert len(aside) == 1 and aside[0].is_dir(), "kept, never deleted"
    assert ui.top().message == " ".join((t("menu.settings_set_aside", file=aside[0].name),
                                         t("untrusted.unreadable")))
    change_a_setting(ui)
    assert json.loads((tmp_path / "settings.json").read_text())["sound"] is False
    assert ui.app.notice == ""
    ui.app.quit()


def test_the_notice_is_drawn_over_the_screen_for_a_while(tmp_path, make_read_only):
    from game.ui import drawn

    (tmp_path / "config").mkdir()
    make_read_only(tmp_path / "config")
    ui = driver(tmp_path / "config" / "settings.json", tmp_path / "data")
    change_a_setting(ui)
    words = not_saved("denied")

    def shown() -> bool:
        with drawn.recording() as record:
            ui.frames(1)
        lines = [text for _, text in record.texts]
        return any(line and line in words for line in lines) and "".join(
            line for line in lines if line in words).replace(" ", "") == words.replace(" ", "")

    assert shown()
    ui.frames(9 * 60)
    assert not shown()
    ui.app.quit()


# --- saves --------------------------------------------------------------------------------------


def domino_table() -> Table:
    table = Table("domino", ["Ana", "Budi", "Citra", "Dewi"], seed=2)
    table.deal_if_needed()
    return table


def test_a_name_utf8_cannot_hold_is_not_written_and_leaves_no_tmp(tmp_path):
    table = domino_table()
    path = tmp_path / "saves" / "domino-1.json"
    seats = [SeatConfig(name, AI, "random") for name in table.players]
    write_save(path, table, seats, {})
    before = path.read_bytes()
    with pytest.raises(UnicodeError):
        write_save(path, table, [SeatConfig("\ud800")] + seats[1:], {})
    assert path.read_bytes() == before and not list(path.parent.glob("*.tmp"))
    assert paths.write_failure(UnicodeEncodeError("utf-8", "\ud800", 0, 1, "no")) == "bad_text"


def test_the_first_autosave_with_such_a_name_is_a_notice_and_the_game_goes_on(tmp_path):
    table = Table("domino", ["\ud800", "Budi", "Citra", "Dewi"], seed=2)
    seats = [SeatConfig(name, AI, "random") for name in table.players]
    save = tmp_path / SAVES_FOLDER / "domino-20261129-203000-2.json"
    ctl = TableController(table, seats, ControllerSettings(bot_move_pause_s=0), save_path=save)
    for step in range(100):
        ctl.update(step * 0.1)
    assert len(table.record["actions"]) > 5, "the game went on"
    failures = [notice for notice in ctl.notices.kept if notice.kind == "save_failed"]
    assert len(failures) == 1 and failures[0].data["reason"] == "bad_text"
    assert not save.parent.exists() or not list(save.parent.iterdir()), "no .tmp, no half"


def test_a_read_only_saves_folder_is_a_notice_and_the_game_goes_on(tmp_path, make_read_only):
    folder = tmp_path / SAVES_FOLDER
    folder.mkdir()
    make_read_only(folder)
    table = Table("domino", ["Ana", "Budi", "Citra", "Dewi"], seed=2)
    seats = [SeatConfig(name, AI, "random") for name in table.players]
    ctl = TableController(table, seats, ControllerSettings(bot_move_pause_s=0),
                          save_path=folder / "domino-20261129-203000-2.json")
    for step in range(50):
        ctl.update(step * 0.1)
    assert len(table.record["actions"]) > 5, "the game went on"
    failures = [notice for notice in ctl.notices.kept if notice.kind == "save_failed"]
    assert len(failures) == 1 and failures[0].data["reason"] == "denied"
    assert not list(folder.iterdir())


def test_a_finished_tables_save_in_a_read_only_folder_is_left(tmp_path, make_read_only):
    table = domino_table()
    path = tmp_path / SAVES_FOLDER / "domino-1.json"
    write_save(path, table, [SeatConfig(name, AI, "random") for name in table.players], {})
    make_read_only(path.parent)
    remove_save(path)
    assert path.exists()


# --- what a kill left ---------------------------------------------------------------------------


def test_the_tmp_files_a_kill_left_are_cleaned_at_start_and_nothing_else(tmp_path):
    saves = tmp_path / SAVES_FOLDER
    (saves / "trash").mkdir(parents=True)
    table = domino_table()
    seats = [SeatConfig(name, AI, "random") for name in table.players]
    write_save(saves / "domino-20261129-203000-2.json", table, seats, {})
    stray = left_by_a_kill(saves / "domino-20261129-203000-2.tmp")
    first_write = left_by_a_kill(saves / "joker-20261129-203500-7.tmp")   # no .json yet
    settings_stray = left_by_a_kill(tmp_path / "settings.tmp")
    kept = [left_by_a_kill(tmp_path / "notes.tmp"),                  # not ours
            left_by_a_kill(saves / "trash" / "domino-1.tmp"),         # not in the folder
            saves / "tienlen-20261129-203900-1.tmp"]                  # a write in progress
    kept[2].write_text("{", encoding="utf-8")
    (saves / "folder.tmp").mkdir()
    kept.append(saves / "folder.tmp")
    ui = UiDriver(tmp_path)
    ui.frames(2)
    assert not stray.exists() and not first_write.exists() and not settings_stray.exists()
    assert all(path.exists() for path in kept)
    assert [path.name for path in ui.app.saves.files()] == ["domino-20261129-203000-2.json"]
    ui.app.quit()
