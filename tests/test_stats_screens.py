"""The Statistics and History screens: reachable from the menu, the figures of the
history under each filter, plots drawn, every text within its box in four languages from 800×600
to 2560×1440, export and import, and a damaged history named on the menu."""

from __future__ import annotations

import json
import sqlite3

import pytest

from game.controller.seats import HUMAN, SeatConfig
from game.history import database
from game.history.stats import profile_figures
from game.history.store import History
from game.ui.history import HistoryScene
from game.ui.i18n import t
from game.ui.stats import StatisticsScene
from history_helpers import play_game
from ui_driver import UiDriver


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A data directory with a profile, Ana, and a few finished games of each kind."""
    data_dir = tmp_path_factory.mktemp("history")
    history = History(data_dir)
    ana = history.create_profile("Ana")
    human = SeatConfig("Ana", HUMAN, profile=ana.id)
    for game, seed, level in (("domino", 5, "easy"), ("domino", 6, "hard"),
                              ("joker", 8, "normal"), ("tienlen", 5, "easy")):
        play_game(game, seed, history=history, human=human, levels=(None, level, level, level))
    assert history.flush()
    history.close()
    return data_dir, ana.id


def copy_of(played, tmp_path):
    data_dir, _ = played
    for path in data_dir.iterdir():
        if path.is_file():
            (tmp_path / path.name).write_bytes(path.read_bytes())
    return tmp_path


def menu_entry(ui, key):
    return next(b for b, entry in ui.top().buttons.items() if entry == key)


def test_statistics_from_the_menu_with_its_filters(played, tmp_path):
    ui = UiDriver(copy_of(played, tmp_path))
    ui.press(menu_entry(ui, "statistics"))
    scene = ui.top()
    assert isinstance(scene, StatisticsScene)
    assert scene.game == "tienlen"                       # the game played last
    while scene.game != "domino":
        ui.press(scene.filters[1])
    profile = next(i for i, p in enumerate(scene.profiles) if p.name == "Ana")
    while scene.profile_index != profile:
        ui.press(scene.filters[0])
    history = ui.app.history.read
    ana = scene.profile.id
    assert scene.figures == profile_figures(history, ana, "domino") and scene.figures.games == 2
    assert scene.values == [total for _, total in scene.figures.series]
    line, bars = scene.plot_surfaces()
    assert line.get_bounding_rect().height > 20 and bars.get_bounding_rect().height > 20
    ui.press(scene.filters[2])                           # against: easy
    assert scene.level == "easy" and scene.figures.games == 1
    ui.press(scene.filters[1])                           # Tiến Lên: the balance, session by session
    assert scene.game == "tienlen" and scene.figures.games == 1
    ui.press(scene.filters[3])                           # the past year: all of them
    assert scene.period == "year" and scene.figures.games == 1
    ui.press(scene.filters[2])                           # against: normal: none
    assert scene.figures.games == 0
    ui.frames(1)
    ui.press(scene.history_button)
    assert isinstance(ui.top(), HistoryScene)
    ui.app.quit()


def test_export_then_import_in_the_window(played, tmp_path):
    ui = UiDriver(copy_of(played, tmp_path))
    scene = ui.app.show("history")
    ui.frames(1)
    assert len(scene.rows) == 4 and scene.rows[0][0].game == "tienlen", "newest first"
    assert len(scene.reviews) == 4 and all(button.is_enabled for button in scene.reviews)
    joker = next(row for row, _, _ in scene.rows if row.game == "joker")
    ui.press(next(b for b, row in scene.exports.items() if row is joker))
    exported = list((tmp_path / "exports").glob("joker-*.json"))
    assert len(exported) == 1 and scene.message == t(
        "history.exported", file=exported[0].name, folder=str(tmp_path / "exports"))
    ui.app.quit()

    other = tmp_path / "other"
    other.mkdir()
    ui = UiDriver(other)
    scene = ui.app.show("history")
    ui.frames(1)
    assert scene.rows == []
    ui.press(scene.import_button)
    assert scene.message == t("history.import_none", folder=str(other / "imports"))
    data = json.loads(exported[0].read_text())
    (other / "imports" / "good.json").write_text(exported[0].read_text())
    (other / "imports" / "broken.json").write_bytes(b"\xff{not json")
    data["actions"] = data["actions"][:40]
    (other / "imports" / "half.json").write_text(json.dumps(data))
    ui.press(scene.import_button)
    assert t("history.import_refused", files="broken.json") in scene.message
    assert t("history.import_unfinished", files="half.json") in scene.message
    assert "codec" not in scene.message and "Expecting" not in scene.message
    assert ui.app.history.flush()
    ui.frames(2)                                      # the list follows the writer
    assert [row.game for row, _, _ in scene.rows] == ["joker"]
    assert (other / "imports" / "broken.json").exists(), "the player's files stay"
    ui.app.quit()


def test_a_damaged_history_is_set_aside_and_named_on_the_menu(tmp_path):
    (tmp_path / "history.sqlite3").write_bytes(b"\x00\xffnot a database" * 40)
    ui = UiDriver(tmp_path)
    ui.frames(1)
    aside = list(tmp_path.glob("history.damaged-*.sqlite3"))
    assert len(aside) == 1
    assert ui.top().message == t("history_safety.set_aside", file=aside[0].name)
    assert "database" not in ui.top().message
    assert [p.name for p in ui.app.history.profiles()] == [t("profile.default")]
    ui.app.quit()


def test_a_window_frame_never_waits_for_the_history(tmp_path, monkeypatch):
    """A table played to its end in the window is recorded, its save gone from the list; and
    while another program holds the database's write lock, the frames go on to the end of the
    game while the writer is still waiting, and the game is written once the lock is let go."""
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 600.0)     # the writer waits, not gives up
    ui = UiDriver(tmp_path)
    ui.app.settings["animation"] = "fast"
    scene = ui.open_game("domino", ["ai"] * 4, seed=5)
    save = scene.ctl.save_path
    blocker = sqlite3.connect(str(ui.app.history.path), timeout=0)
    blocker.execute("BEGIN EXCLUSIVE")
    while scene.ctl.phase.value != "over":
        ui.frames(1, 0.25)
    ui.frames(20, 0.25)
    history = ui.app.history
    assert history.recorded == [] and history.finished < history.submitted, \
        "the frames went on while the writer waited for the lock"
    blocker.execute("ROLLBACK")
    blocker.close()
    assert ui.app.history.flush() and not ui.app.history.failures
    assert ui.app.history.read.execute("SELECT uid, game FROM games").fetchall() == [
        (save.stem, "domino")]
    assert not save.exists() and not list(ui.app.history.inbox.glob("*.json"))
    ui.app.quit()


def test_a_tienlen_table_in_the_history_counts_games_not_deals():
    """Re-play-tested: the Finished games list said "3 deals" for a Tiến Lên table whose
    games the table calls Game 1, 2, 3."""
    from game.history.stats import FinishedRow
    from game.ui.history import game_line

    def row(game, deals):
        return FinishedRow(1, game, 0.0, ("Ana", "Budi"), (3, -3), ("Ana",), deals)

    assert game_line(row("tienlen", 3)).endswith("3 games")
    assert game_line(row("tienlen", 1)).endswith("1 game")
    assert game_line(row("domino", 12)).endswith("12 deals")
    assert game_line(row("joker", 24)).endswith("24 deals")
