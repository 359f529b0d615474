"""Bad rows are skipped, not fatal: values the Statistics, History, Export and setup code cannot
read (changed by hand or by another program) are counted and skipped with a notice, and the
rest shows — in the figures, the finished games' list, the screens and `main.py stats`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.controller.seats import HUMAN, SeatConfig
from game.history import database
from game.history.rows import UnreadableRow, make_avatar, read_avatar, read_profile
from game.history.stats import finished_games, game_record, profile_figures
from game.history.store import History
from game.ui.i18n import t
from history_helpers import play_game
from ui_driver import UiDriver

ROOT = Path(__file__).resolve().parents[1]
#: the games Ana plays, by uid: (game, seed)
PLAYED = {"d1": ("domino", 5), "d2": ("domino", 6), "d3": ("domino", 7), "j1": ("joker", 8),
          "j2": ("joker", 9), "t1": ("tienlen", 5)}


@pytest.fixture(scope="module")
def spoiled(tmp_path_factory):
    """A history whose rows were changed by hand:

    d1  Ana's counts are not JSON            (her domino figures skip it; the list shows it)
    d2  Ana's total is text                   (figures and list skip it)
    d3  as it was
    j1  its game is named "../x"              (not a game: the list skips it)
    j2  its finished_at is text               (figures and list skip it)
    t1  its record is not zlib data           (listed; export and review say it is unreadable)
    a profile whose name holds a NUL (skipped), and Ana's avatar is not JSON (made again)."""
    data_dir = tmp_path_factory.mktemp("spoiled")
    history = History(data_dir)
    ana = history.create_profile("Ana")
    for uid, (game, seed) in PLAYED.items():
        ctl = play_game(game, seed, human=SeatConfig("Ana", HUMAN, profile=ana.id))
        history.record(ctl.table.record, ctl.seats, uid=uid)
    assert history.flush() and not history.failures
    history.close()
    connection = database.connect(data_dir / database.FILE_NAME)
    game_id = dict(connection.execute("SELECT uid, id FROM games"))
    for sql, values in (
            ("UPDATE seats SET counts = 'not json' WHERE game_id = ? AND seat = 0",
             (game_id["d1"],)),
            ("UPDATE seats SET total = 'abc' WHERE game_id = ? AND seat = 0", (game_id["d2"],)),
            ("UPDATE games SET game = '../x' WHERE id = ?", (game_id["j1"],)),
            ("UPDATE games SET finished_at = 'yesterday' WHERE id = ?", (game_id["j2"],)),
            ("UPDATE records SET record = X'00FF00' WHERE game_id = ?", (game_id["t1"],)),
            ("INSERT INTO profiles (id, name, created) VALUES ('bad', 'Bad' || char(0) || 'Name',"
             " 0)", ()),
            ("UPDATE profiles SET avatar = '{not json' WHERE id = ?", (ana.id,))):
        connection.execute(sql, values)
    connection.close()
    return data_dir, ana.id, game_id


def test_the_figures_skip_and_count_what_they_cannot_read(spoiled):
    data_dir, ana, _ = spoiled
    connection = database.open_reading(data_dir / database.FILE_NAME)
    domino = profile_figures(connection, ana, "domino")
    assert (domino.games, domino.skipped) == (1, 2)
    joker = profile_figures(connection, ana, "joker")
    assert (joker.games, joker.skipped) == (0, 1), "j1 is no joker game now, j2 is skipped"
    assert profile_figures(connection, ana, "tienlen").games == 1
    connection.close()


def test_the_list_skips_and_counts_what_it_cannot_read(spoiled):
    data_dir, _, game_id = spoiled
    connection = database.open_reading(data_dir / database.FILE_NAME)
    page = finished_games(connection)
    shown = {row.id for row in page.rows}
    assert shown == {game_id["d1"], game_id["d3"], game_id["t1"]}
    assert page.skipped == 3 and page.count == 4
    with pytest.raises(UnreadableRow):
        game_record(connection, game_id["t1"])
    assert game_record(connection, game_id["d3"])["table"]["uid"] == "d3"
    connection.close()


def test_the_profiles_skip_a_name_with_a_nul_and_remake_a_bad_avatar(spoiled):
    data_dir, ana, _ = spoiled
    history = History(data_dir)
    profiles = history.profiles()
    assert [(p.id, p.name) for p in profiles] == [(ana, "Ana")]
    assert profiles[0].avatar == make_avatar(ana, "Ana") and history.skipped_profiles == 1
    history.close()


@pytest.mark.parametrize("avatar", ['{"initials": 5, "colour": "#123456"}',
                                    '{"initials": "AB", "colour": "red"}', '[]', "null",
                                    "[" * 10_000 + "]" * 10_000, None])
def test_an_avatar_that_is_not_one_is_made_again(avatar):
    assert read_avatar(avatar, "p1", "Ana") == make_avatar("p1", "Ana")


@pytest.mark.parametrize("profile_id,name", [(None, "Ana"), ("p1", None), ("p1", "\ud800"),
                                             ("p1", "  "), ("p1", "A\nB"), ("p1", "x" * 41),
                                             (7, "Ana"), ("p1", b"Ana")])
def test_a_profile_row_that_cannot_be_read_is_skipped(profile_id, name):
    assert read_profile(profile_id, name, "{}") is None


def test_the_screens_show_the_rest_and_say_how_many_were_not_read(spoiled, tmp_path):
    data_dir, _, game_id = spoiled
    for path in data_dir.iterdir():
        if path.is_file():
            (tmp_path / path.name).write_bytes(path.read_bytes())
    ui = UiDriver(tmp_path)
    ui.app.show("statistics", "domino")
    ui.frames(2)
    scene = ui.top()
    assert scene.figures.games == 1
    assert scene.note == (t("history_safety.skipped_profiles_one") + " "
                          + t("history_safety.skipped_figures", count=2))
    ui.press(scene.history_button)
    ui.frames(2)
    history = ui.top()
    assert {row.id for row, _, _ in history.rows} == {game_id["d1"], game_id["d3"],
                                                     game_id["t1"]}
    assert history.note == t("history_safety.skipped_games", count=3)
    unreadable = next(b for b, row in history.exports.items() if row.id == game_id["t1"])
    ui.press(unreadable)
    assert history.message == t("history_safety.record_unreadable")
    review = next(b for b, row in history.reviews.items() if row.id == game_id["t1"])
    ui.press(review)
    assert ui.top() is history and history.message == t("history_safety.record_unreadable")
    ui.app.quit()


def test_stats_counts_what_it_skipped(spoiled):
    data_dir, _, _ = spoiled
    env = {**os.environ, "TABLE_GAMES_DATA_DIR": str(data_dir)}
    done = subprocess.run([sys.executable, "main.py", "stats", "--json"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed["skipped"] == 1 + 2 + 1           # the profile, d1 and d2, j2
    (ana,) = printed["profiles"]
    assert {one["game"]: one["games"] for one in ana["games"]} == {"domino": 1, "tienlen": 1}
    assert done.stderr.strip() == "4 rows of the history could not be read and are not counted."


def test_a_record_that_no_longer_replays_cannot_be_exported_or_reviewed(tmp_path):
    history = History(tmp_path)
    ctl = play_game("domino", 5)
    history.record(ctl.table.record, ctl.seats, uid="d1")
    assert history.flush() and history.recorded == ["d1"]
    record = game_record(history.read, 1)
    record["actions"][0] = {"type": "play", "tile": "6-6", "end": "L", "player": 2}
    history.close()
    connection = database.connect(tmp_path / database.FILE_NAME)
    connection.execute("UPDATE records SET record = ?", (database.pack_record(record),))
    connection.close()
    reading = database.open_reading(tmp_path / database.FILE_NAME)
    with pytest.raises(UnreadableRow):
        game_record(reading, 1)
    reading.close()
