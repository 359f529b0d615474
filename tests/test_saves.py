"""Nothing is ever lost: every unfinished table keeps its own save in
<data dir>/saves/, Continue lists them all (game, players, where each stopped, when it was last
played, newest first), opens the one clicked exactly as it was, deletes only after asking (to
the trash folder), sets a damaged save aside with a message in the player's language, and takes
in the single autosave.json of earlier versions. The list reads the files without replaying a
game, so it opens quickly with 50 saves."""

from __future__ import annotations

import os
import shutil
import time

import pytest

from ai.bots import make_bot
from game.controller import autosave
from game.controller.autosave import write_save
from game.controller.saves import OLD_AUTOSAVE, SavedTable, SaveFolder
from game.controller.seats import AI, HUMAN, REMOTE, SeatConfig
from game.controller.table_controller import Phase
from game.core.registry import get_game
from game.core.replay import load_table
from game.core.table import Table
from game.ui.confirm import ConfirmScene
from game.ui.games import GAMES
from game.ui.i18n import set_language, t
from game.ui.menu import MenuScene
from game.ui.saves import SavesScene, place_words, players_words
from game.ui.setup import SetupScene

from ui_driver import UiDriver


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def played(game: str, until, seed: int = 4) -> Table:
    """A table of `game` played by random bots until `until(table)` holds."""
    spec = GAMES[game]
    table = Table.open(game, list(spec.default_names), spec.table_options(spec.defaults())[0],
                       seed=seed)
    bot = make_bot(game, "random", seed)
    while not until(table):
        table.deal_if_needed()
        assert not table.state.is_terminal(), "the game ended before the wanted moment"
        player = table.state.current_player()
        table.apply(bot.choose(table.state.observation(player), table.state.legal_actions(), 0))
    return table


def seats_for(table: Table, level: str = "hard") -> list[SeatConfig]:
    return [SeatConfig(table.players[0], HUMAN)] + [SeatConfig(name, AI, level)
                                                    for name in table.players[1:]]


def save(folder: SaveFolder, table: Table, seats=None):
    path = folder.new_path(table)
    write_save(path, table, seats or seats_for(table), {})
    return path


def joker_at_deal_10(seed: int = 4) -> Table:
    """A Joker game at deal 10 of 24, a few moves into it."""
    return played("joker", lambda table: len(table.record["deals"]) == 10
                  and len(table.record["actions"]) > 0
                  and table.record["actions"][-1].get("type") == "play", seed)


def press_continue(ui) -> SavesScene:
    """Continue on a menu that is shown now (as at start-up: the saves are already there)."""
    menu = ui.app.show("menu", reset=True)
    ui.frames(2)
    ui.press(next(b for b, key in menu.buttons.items() if key == "continue"))
    scene = ui.top()
    assert isinstance(scene, SavesScene)
    return scene


def row_of(scene: SavesScene, path):
    return next((saved, lines) for saved, _, lines in scene.rows if saved.path == path)


def start_domino_from_setup(ui, seed: str = "5"):
    """A new domino table started as a player does (menu → setup → Start), left at the
    human's turn through the pause menu's "save and leave"."""
    ui.frames(2)
    ui.press(next(b for b, key in ui.top().buttons.items() if key == "domino"))
    setup = ui.top()
    assert isinstance(setup, SetupScene)
    setup.seed_text = seed
    setup.rebuild()
    ui.press(setup.start_button)
    table = ui.app.stack.scenes[1]
    ui.run_until(lambda: table.ctl.phase is Phase.HUMAN and ui.top() is table, dt=0.2)
    return table


def leave_to_menu(ui, table) -> None:
    table.open_pause()
    ui.frames(2)
    ui.press(ui.top().buttons[-1])                      # save and leave to the menu
    assert isinstance(ui.top(), MenuScene)


def moved_on(ui, scene, actions: int) -> bool:
    """Whether the table has moved past `actions` moves; the human's turn is played."""
    ctl = scene.ctl
    if ctl.phase is Phase.HUMAN and ui.top() is scene and not getattr(scene, "busy", bool)():
        scene.attempt(ctl.view().legal[0])
    return len(ctl.table.record["actions"]) > actions


def assert_same_table(restored: Table, original: Table) -> None:
    strip = lambda record: {k: v for k, v in record.items() if k != "table"}  # noqa: E731
    assert strip(restored.record) == strip(original.record)
    assert restored.seed == original.seed
    a, b = restored.state, original.state
    assert (a.current_player(), a.needs_deal(), list(a.returns())) == \
        (b.current_player(), b.needs_deal(), list(b.returns()))
    for player in range(len(original.players)):
        assert a.observation(player) == b.observation(player)
    assert list(a.legal_actions()) == list(b.legal_actions())


# --- one save per table -------------------------------------------------------------------


def test_a_new_table_keeps_the_saved_one_and_continue_lists_both(ui):
    joker = joker_at_deal_10()
    joker_path = save(ui.app.saves, joker)
    old = time.time() - 3600
    os.utime(joker_path, (old, old))                    # played an hour ago
    joker_bytes = joker_path.read_bytes()
    table = start_domino_from_setup(ui)
    domino_path = table.ctl.save_path
    assert domino_path.parent == ui.app.saves.directory and domino_path != joker_path
    assert domino_path.name.startswith("domino-") and domino_path.stem.endswith("-5")
    leave_to_menu(ui, table)
    assert joker_path.read_bytes() == joker_bytes, "the Joker game at deal 10 is untouched"
    menu = ui.top()
    label = next(b.text for b, key in menu.buttons.items() if key == "continue")
    assert label == t("menu.continue", count=2) == "Continue (2)"

    scene = press_continue(ui)
    assert [saved.path for saved in scene.tables] == [domino_path, joker_path], "newest first"
    domino_saved, (domino_title, domino_players, domino_played) = row_of(scene, domino_path)
    joker_saved, (joker_title, joker_players, joker_played) = row_of(scene, joker_path)
    assert joker_title == "Joker (ჯოკერი) · Deal 10 of 24"
    assert domino_title == "Domino (gaple) · Deal 1 of 12"
    assert joker_players == "Nino, Giorgi (AI, hard), Tamar (AI, hard), Levan (AI, hard)"
    # the human chair plays as the profile made on the first start
    assert domino_players == "Player, Budi (AI, normal), Citra (AI, normal), Dewi (AI, normal)"
    assert joker_played == "Last played " + time.strftime("%Y-%m-%d %H:%M",
                                                          time.localtime(old))
    assert domino_saved.deals == 1 and joker_saved.deals == 10


def test_where_a_table_stopped_in_each_game():
    assert [get_game(game).deals_in_match(Table(game, ["A", "B", "C", "D"]).options)
            for game in ("domino", "tienlen", "joker")] == [12, None, 24]
    nines = Table("joker", ["A", "B", "C", "D"], {"game_type": "nines"})
    assert get_game("joker").deals_in_match(nines.options) == 16
    seats = (SeatConfig("An"), SeatConfig("Bình", AI, "easy"))
    words = {deals: place_words(SavedTable(None, "domino", seats, deals, 12, 0))
             for deals in (4, 12, 13)}
    assert words == {4: "Deal 4 of 12", 12: "Deal 12 of 12", 13: "Tie-break deal 1"}
    tienlen = SavedTable(None, "tienlen", seats, 3, None, 0)
    assert place_words(tienlen) == "Game 3"
    assert players_words(tienlen) == "An, Bình (AI, easy)"
    set_language("vi")
    assert place_words(tienlen) == "Ván 3" and players_words(tienlen) == "An, Bình (máy, dễ)"
    hosted = SavedTable(None, "tienlen", seats + (SeatConfig("Lan", REMOTE, "easy"),), 3, None, 0)
    assert players_words(hosted) == "An, Bình (máy, dễ), Lan (bạn)"    # a friend who joins


def test_opening_a_saved_table_restores_it_exactly(ui):
    joker = joker_at_deal_10(seed=8)
    joker_path = save(ui.app.saves, joker)
    other = save(ui.app.saves, played("tienlen", lambda table: len(table.record["actions"]) > 9))
    os.utime(other, (time.time() + 60,) * 2)            # the newest: the Joker one is second
    scene = press_continue(ui)
    assert scene.tables[1].path == joker_path
    # the Open button's own handler, with no frame after it: no bot has moved yet
    scene.open(next(saved for saved in scene.open_buttons.values() if saved.path == joker_path))
    resumed = ui.app.stack.scenes[1]
    assert type(resumed).__name__ == "JokerTableScene"
    assert resumed.ctl.save_path == joker_path, "it goes on saving to its own file"
    assert resumed.ctl.seats == seats_for(joker)
    assert_same_table(resumed.ctl.table, joker)
    ui.run_until(lambda: moved_on(ui, resumed, len(joker.record["actions"])), dt=0.2)
    assert sorted(p.name for p in ui.app.saves.files()) == sorted([joker_path.name, other.name])
    restored, _, _ = autosave.read_save(joker_path)
    assert restored.record["actions"] == resumed.ctl.table.record["actions"]


def test_a_click_on_the_row_opens_the_table_too(ui):
    table = played("domino", lambda table: len(table.record["actions"]) > 6)
    path = save(ui.app.saves, table)
    scene = press_continue(ui)
    _, row, _ = scene.rows[0]
    ui.click((row.x + 40, row.centery))
    resumed = ui.app.stack.scenes[1]
    assert type(resumed).__name__ == "DominoTableScene" and resumed.ctl.save_path == path
    played_on = resumed.ctl.table.record["actions"]      # the bots may have moved since
    assert played_on[:len(table.record["actions"])] == table.record["actions"]


# --- delete -------------------------------------------------------------------------------


def test_delete_asks_first_and_moves_only_that_table_to_the_trash(ui):
    keep = save(ui.app.saves, played("domino", lambda table: len(table.record["actions"]) > 3))
    gone = save(ui.app.saves, played("tienlen", lambda table: len(table.record["actions"]) > 3))
    os.utime(gone, (time.time() + 60,) * 2)
    kept_bytes, gone_bytes = keep.read_bytes(), gone.read_bytes()
    scene = press_continue(ui)
    delete = next(b for b, saved in scene.delete_buttons.items() if saved.path == gone)

    ui.press(delete)
    question = ui.top()
    assert isinstance(question, ConfirmScene) and gone.exists(), "nothing happens before asked"
    assert "Tiến Lên Miền Nam" in question.question and "Game 1" in question.question
    ui.press(question.cancel_button)
    assert ui.top() is scene and gone.exists() and len(scene.tables) == 2

    ui.press(next(b for b, saved in scene.delete_buttons.items() if saved.path == gone))
    ui.press(ui.top().do_button)
    assert ui.top() is scene
    assert not gone.exists() and keep.read_bytes() == kept_bytes
    trashed = ui.app.saves.trash_directory / gone.name
    assert trashed.read_bytes() == gone_bytes, "moved to the trash folder, not destroyed"
    assert [saved.path for saved in scene.tables] == [keep]
    assert scene.message == t("saves.deleted", file=gone.name)
    ui.press(scene.back)
    label = next(b.text for b, key in ui.top().buttons.items() if key == "continue")
    assert label == "Continue (1)"


def test_the_menu_offers_no_continue_without_saves(ui):
    ui.frames(2)
    assert "continue" not in ui.top().buttons.values()


# --- damaged saves ------------------------------------------------------------------------


@pytest.mark.parametrize("language, start", [
    ("en", "The saved table "), ("vi", "Không đọc được bàn đã lưu ")])
def test_a_damaged_save_found_when_listing_is_set_aside_with_a_message(ui, language, start):
    good = save(ui.app.saves, played("domino", lambda table: len(table.record["actions"]) > 3))
    broken = ui.app.saves.directory / "joker-20261129-203000-4.json"
    joker = joker_at_deal_10()
    write_save(broken, joker, seats_for(joker), {})
    text = broken.read_text(encoding="utf-8")
    broken.write_text(text[: len(text) // 2], encoding="utf-8")     # cut short by a crash
    set_language(language)
    scene = press_continue(ui)
    aside = list(ui.app.saves.directory.glob("joker-*.damaged-*.json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == text[: len(text) // 2]
    assert not broken.exists(), "set aside, never deleted"
    assert [saved.path for saved in scene.tables] == [good]
    assert scene.message == " ".join((t("saves.damaged", file=broken.name, aside=aside[0].name),
                                      t("untrusted.not_json")))      # and why, in words
    assert scene.message.startswith(start) and aside[0].name in scene.message
    for raw in ("JSON", "Expecting", "line 1", "Error", "could not be restored"):
        assert raw not in scene.message, "no reader's error text on screen"


def test_a_damaged_save_found_when_opening_is_set_aside_with_a_message(ui):
    """Its envelope is sound (so it is listed) but a move in it was hand-edited: the replay
    refuses it when it is opened."""
    table = played("domino", lambda table: len(table.record["actions"]) > 8)
    path = save(ui.app.saves, table)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"tile": "', '"tile": "9', 1), encoding="utf-8")
    set_language("vi")
    scene = press_continue(ui)
    assert [saved.path for saved in scene.tables] == [path]
    ui.press(next(iter(scene.open_buttons)))
    assert ui.top() is scene and scene.tables == [], "still on the list screen, table gone"
    aside = list(ui.app.saves.directory.glob("*.damaged-*.json"))
    assert len(aside) == 1 and not path.exists()
    assert scene.message == t("saves.damaged", file=path.name, aside=aside[0].name)
    assert scene.message.startswith("Không đọc được bàn đã lưu")
    assert "action" not in scene.message, "no replay error text on screen"


# --- the old autosave.json ----------------------------------------------------------------


def test_the_old_autosave_is_taken_into_the_list(tmp_path):
    table = joker_at_deal_10(seed=6)
    old = tmp_path / OLD_AUTOSAVE
    write_save(old, table, seats_for(table), {})
    earlier = time.time() - 86400
    os.utime(old, (earlier, earlier))
    ui = UiDriver(tmp_path)
    try:
        assert not old.exists()
        [moved] = ui.app.saves.files()
        assert moved.name.startswith("autosave-") and moved.stat().st_mtime == earlier
        scene = press_continue(ui)
        assert row_of(scene, moved)[1][0] == "Joker (ჯოკერი) · Deal 10 of 24"
        scene.open(scene.tables[0])
        resumed = ui.app.stack.scenes[1]
        assert resumed.ctl.save_path == moved
        assert_same_table(resumed.ctl.table, table)
    finally:
        ui.app.quit()


def test_taking_in_never_overwrites_a_save(tmp_path):
    folder = SaveFolder(tmp_path / "saves")
    for number in range(2):                             # the same time stamp twice
        (tmp_path / OLD_AUTOSAVE).write_text(f"old {number}")
        os.utime(tmp_path / OLD_AUTOSAVE, (1_000_000_000,) * 2)
        assert folder.take_in_old_autosave(tmp_path) is not None
    assert sorted(path.read_text() for path in folder.files()) == ["old 0", "old 1"]
    assert folder.take_in_old_autosave(tmp_path) is None


# --- a finished table ---------------------------------------------------------------------


def test_a_finished_table_removes_only_its_own_save(ui):
    """An all-AI domino match one move from its end is opened from the list and plays its
    last move: the end-of-match dialog takes its save away, the other table's stays."""
    finished = played("domino", lambda table: table.state.is_terminal(), seed=3)
    record = dict(finished.record)
    almost = load_table({**record, "actions": record["actions"][:-1]})
    path = save(ui.app.saves, almost, [SeatConfig(n, AI, "easy") for n in almost.players])
    other = save(ui.app.saves, played("tienlen", lambda table: len(table.record["actions"]) > 3))
    os.utime(path, (time.time() + 60,) * 2)
    scene = press_continue(ui)
    assert scene.tables[0].path == path
    ui.press(next(b for b, saved in scene.open_buttons.items() if saved.path == path))
    table = ui.app.stack.scenes[1]
    ui.run_until(lambda: type(ui.top()).__name__ == "MatchOverScene", dt=0.3)
    assert table.ctl.state.is_terminal() and not path.exists()
    assert ui.app.saves.files() == [other]


# --- speed --------------------------------------------------------------------------------


def test_the_list_reads_50_saves_without_replaying_a_game(tmp_path, monkeypatch):
    """Long games (a whole domino match, a Joker game at its last deal, forty Tiến Lên
    games), copied to make 50 saves: the list reads each file once and never replays a game
    (how long that takes is measured in benchmarks/saves_list.py, not asserted here)."""
    from game.controller import saves as saves_module

    folder = SaveFolder(tmp_path / "saves")
    long_games = [
        played("domino", lambda table: len(table.record["deals"]) == 12, seed=2),
        played("joker", lambda table: len(table.record["deals"]) == 24, seed=2),
        played("tienlen", lambda table: len(table.record["deals"]) == 40, seed=2)]
    originals = [save(folder, table) for table in long_games]
    for number in range(50 - len(originals)):
        source = originals[number % len(originals)]
        shutil.copy(source, source.with_name(f"{source.stem}-copy{number}.json"))

    def no_replay(*args, **kwargs):
        raise AssertionError("the list replayed a game")

    reads = []
    real_read = saves_module.read_save_data

    def counted_read(path):
        reads.append(path)
        return real_read(path)

    monkeypatch.setattr(autosave, "load_table", no_replay)
    monkeypatch.setattr(saves_module, "read_save_data", counted_read)
    listing = folder.listing()
    assert len(listing.tables) == 50 and not listing.damaged
    assert {saved.deals for saved in listing.tables} == {12, 24, 40}
    assert sorted(reads) == folder.files(), "each file read once"


# --- the seed typed in the setup ---------------------------------------------------------------


@pytest.mark.parametrize("typed", ["\u00b2", "\u0663", "1" * 5000, "-3", "1e3", "12 34",
                                   "1" * 19])
def test_a_seed_that_is_not_a_plain_number_is_refused_in_words(ui, typed):
    """Only the digits 0–9, at most 18 of them: "²" passed str.isdigit() and crashed int()."""
    ui.frames(2)
    ui.press(next(b for b, key in ui.top().buttons.items() if key == "domino"))
    setup = ui.top()
    setup.seed_entry.set_text(typed)
    ui.press(setup.start_button)
    assert ui.top() is setup and ui.controller() is None, "the table waits"
    assert ui.app.notice == t("files.seed_refused", digits=18)
    assert not ui.app.saves.files()


def test_a_seed_of_plain_digits_starts_that_table(ui):
    table = start_domino_from_setup(ui, seed=" 123456789012345678 ")
    assert table.ctl.table.seed == 123456789012345678 and ui.app.notice == ""
