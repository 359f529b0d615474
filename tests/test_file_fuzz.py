"""The file fuzz: every kind of file the game reads outside its history database (the settings,
the saves on the Continue list and opened, the files History → Import reads) gets the attacker's
vocabulary in every field, and the files themselves are put where they do not belong.

The vocabulary: deep nesting, huge integers, lone surrogates, unicode digits, NaN and ±Infinity,
values of every wrong type (lists, objects, text, booleans, null, numbers) in every field, over-
long and control-character text; folders where files belong and read-only folders.

What must hold for each: no exception but the reader's own refusal, nothing deleted (a refused
file is set aside with the same bytes, or left where it is), and what is accepted is in range.
Table-driven, so it finds the same things on every run; the whole file runs in seconds.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from file_helpers import make_read_only  # noqa: F401 (a fixture)
from game.controller.autosave import DamagedSave, read_save
from game.controller.saves import SAVES_FOLDER, SaveFolder
from game.controller.settings import ControllerSettings
from game.core.untrusted import UntrustedInput, parse_json, printable_name
from game.save_format import LIMITS, MAX_SEED, ON_OFF
from game.ui import config
from game.ui.file_words import shown_name
from game.ui.games import GAMES
from game.ui.i18n import set_language
from game.ui.saves import SavesScene, damaged_words
from game.ui.setup import SetupScene

from test_save_validation import played_save
from ui_driver import UiDriver

#: a raw JSON value for each word of the vocabulary (put in place of a field's value)
TOKENS = {
    "deep list": "[" * 100_000 + "]" * 100_000,
    "deep object": '{"a": ' * 50_000 + "1" + "}" * 50_000,
    "5,000-digit integer": "1" + "0" * 5000,
    "31-digit integer": "-1" + "0" * 30,
    "lone surrogate": '"\\ud800"',
    "lone surrogate key": '{"\\udfff": 1}',
    "superscript two": '"\u00b2"',
    "arabic-indic digits": '"\u0663\u0664"',
    "NaN": "NaN",
    "Infinity": "Infinity",
    "-Infinity": "-Infinity",
    "1e999": "1e999",
    "1e308": "1e308",
    "-1": "-1",
    "1.5": "1.5",
    "0": "0",
    "list": "[]",
    "list of lists": "[[1], [2]]",
    "object": "{}",
    "text": '"x"',
    "empty text": '""',
    "bell and NUL": '"a\\u0007\\u0000"',
    "long text": '"' + "x" * 20_000 + '"',
    "true": "true",
    "false": "false",
    "null": "null",
}
#: whole files in place of a file
WHOLE_FILES = {
    "empty": b"",
    "not JSON": b"{broken",
    "binary": b"\xff\xfe\x00\x01" * 100,
    "a JSON list": b"[1, 2]",
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "too large": b'{"x": "' + b"y" * (40 * 1024 * 1024) + b'"}',
}
HOLE = "\"@@hole@@\""


@pytest.fixture(autouse=True)
def no_sync(monkeypatch):
    """The disk's sync is not what is fuzzed here (tests/test_file_writes.py: the writes), and
    a thousand of them would take most of the run."""
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)


def with_token(data: dict, where: tuple, token: str) -> str:
    """`data` as JSON text with the raw `token` in place of the value at `where` (a path of
    keys and indexes; the last one may name a key that is not there yet)."""
    data = json.loads(json.dumps(data))
    inner = data
    for step in where[:-1]:
        inner = inner[step]
    inner[where[-1]] = "@@hole@@"
    return json.dumps(data, ensure_ascii=False).replace(HOLE, token, 1)


# --- settings ----------------------------------------------------------------------------------

GOOD_SETUP = {"seats": [{"name": "Ana", "kind": "human", "level": "normal"},
                        {"name": "Budi", "kind": "ai", "level": "hard"},
                        {"name": "Citra", "kind": "ai", "level": "easy"},
                        {"name": "Dewi", "kind": "ai", "level": "normal"}],
              "options": {"timers": False, "misplay_penalty": True}}
GOOD_SETTINGS = {**config.default_settings(), "last_setup": {"domino": GOOD_SETUP}}
SETTINGS_PLACES = [(name,) for name in config.FIELDS] + [
    ("window", 0), ("last_setup", "domino"), ("last_setup", "domino", "seats"),
    ("last_setup", "domino", "seats", 0), ("last_setup", "domino", "seats", 0, "name"),
    ("last_setup", "domino", "seats", 1, "kind"), ("last_setup", "domino", "seats", 1, "level"),
    ("last_setup", "domino", "seats", 0, "profile"), ("last_setup", "domino", "options"),
    ("last_setup", "domino", "options", "timers"),
    ("last_setup", "domino", "options", "target_points"), ("last_setup", "domino", "options", "x")]


def check_loaded(path: Path, content: bytes):
    """Load the settings: whatever is used passes its check; a refused file is kept aside."""
    settings, problem = config.load_settings(path)
    for name, (_, check) in config.FIELDS.items():
        assert check(settings[name]), (name, settings[name])
    if problem is not None and problem.set_aside_as is not None:
        assert problem.set_aside_as.read_bytes() == content and not path.exists()
        problem.set_aside_as.unlink()
    elif problem is not None and problem.code is not None:
        assert path.read_bytes() == content, "left where it was"
    return settings, problem


def test_settings_every_field_and_the_whole_file(tmp_path):
    path = tmp_path / "settings.json"
    accepted = 0
    for where in SETTINGS_PLACES:
        for word, token in TOKENS.items():
            content = with_token(GOOD_SETTINGS, where, token).encode("utf-8", "surrogatepass")
            path.write_bytes(content)
            settings, problem = check_loaded(path, content)
            accepted += problem is None
            config.save_settings(path, settings)         # what is kept can be written back
            assert config.load_settings(path)[1] is None, (where, word)
    assert accepted, "some values (text in last_setup) are only left for the setup to judge"
    for word, content in WHOLE_FILES.items():
        path.write_bytes(content)
        settings, problem = check_loaded(path, content)
        assert problem is not None and problem.set_aside_as is not None, word


def test_the_setup_reads_any_remembered_setup_and_starts(tmp_path):
    """The remembered setup (kept with the settings) is judged by the setup: whatever is odd is
    left at its default, and the table starts."""
    ui = UiDriver(tmp_path)
    ui.frames(2)
    allowed = GAMES["domino"].allowed_values()
    setup_places = [where[2:] for where in SETTINGS_PLACES if where[:2] == ("last_setup", "domino")]
    for where in setup_places:
        for word, token in TOKENS.items():
            try:
                remembered = parse_json(with_token({"domino": GOOD_SETUP}, ("domino",) + where,
                                                   token))
            except UntrustedInput:
                continue                          # the whole settings file is refused (above)
            ui.app.settings["last_setup"] = remembered
            setup = SetupScene(ui.app, "domino")       # it reads the remembered setup here
            for seat in setup.seats:
                printable_name(seat.name, 16)
            for key, value in setup.chosen.items():
                assert any(type(value) is type(good) and value == good
                           for good in allowed.get(key, (value,))), (where, word, key, value)
    ui.app.settings["last_setup"] = {"domino": {**GOOD_SETUP, "options": {"timers": 1}}}
    setup = ui.app.show("setup", "domino", reset=True)
    ui.frames(2)
    ui.press(setup.start_button)
    assert ui.controller() is not None, "the table started"
    ui.app.quit()


def test_a_refused_settings_file_in_a_read_only_folder_stays_and_is_named(tmp_path,
                                                                          make_read_only):
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir()
    path.write_bytes(b'{"felt": NaN}')
    make_read_only(path.parent)
    settings, problem = check_loaded(path, b'{"felt": NaN}')
    assert problem.set_aside_as is None and problem.code == "not_finite"
    assert settings["felt"] == "green"


# --- saves: the Continue list, opening, importing -----------------------------------------------

SAVE_PLACES = [
    ("format",), ("game",), ("players",), ("players", 0), ("options",), ("deals",), ("deals", 0),
    ("actions",), ("actions", 0), ("actions", 0, "type"), ("actions", 0, "player"), ("table",),
    ("table", "seed"), ("table", "seats"), ("table", "seats", 0), ("table", "seats", 0, "name"),
    ("table", "seats", 1, "kind"), ("table", "seats", 1, "level"),
    ("table", "seats", 0, "profile"), ("table", "settings"), ("table", "uid"), ("extra",),
] + [("table", "settings", key) for key in ControllerSettings.__dataclass_fields__]


def option_places(game: str) -> list[tuple]:
    return [("options", next(iter(GAMES[game].table_options(GAMES[game].defaults())[0])))]


def check_accepted_save(path: Path) -> None:
    """A save that opens is in range: its settings, seed and names."""
    table, seats, settings = read_save(path)
    for key, value in settings.to_json().items():
        if key in ON_OFF:
            assert isinstance(value, bool)
        else:
            low, high = LIMITS[key]
            assert math.isfinite(value) and low <= value <= high, (key, value)
    seed = table.seed
    assert (isinstance(seed, str) and seed.isprintable()) or 0 <= seed <= MAX_SEED
    for name in table.players + [seat.name for seat in seats]:
        printable_name(name)


def listed_or_set_aside(folder: SaveFolder, path: Path, content: bytes) -> bool:
    """List the folder: the save is on the list (True), or set aside whole and named."""
    listing = folder.listing()
    if listing.tables:
        assert [saved.path for saved in listing.tables] == [path]
        return True
    [damaged] = listing.damaged
    assert damaged.moved_to.read_bytes() == content and not path.exists()
    assert shown_name(damaged.moved_to) in damaged_words(damaged)
    damaged.moved_to.unlink()
    return False


@pytest.mark.parametrize("game", list(GAMES))
def test_saves_every_field_on_the_list_and_opened(tmp_path, game):
    source, _ = played_save(tmp_path / "source", game, actions=6)
    good = json.loads(source.read_text(encoding="utf-8"))
    folder = SaveFolder(tmp_path / SAVES_FOLDER)
    path = folder.directory / source.name
    folder.directory.mkdir()
    opened = 0
    for where in SAVE_PLACES + option_places(game):
        for word, token in TOKENS.items():
            content = with_token(good, where, token).encode("utf-8", "surrogatepass")
            path.write_bytes(content)
            if not listed_or_set_aside(folder, path, content):
                continue
            try:
                check_accepted_save(path)
                opened += 1
            except DamagedSave as damaged:
                assert damaged.moved_to.read_bytes() == content and not path.exists(), word
                damaged.moved_to.unlink()
    assert opened, "harmless values (an extra field, a null profile) still open"
    for word, content in WHOLE_FILES.items():
        path.write_bytes(content)
        assert not listed_or_set_aside(folder, path, content), word


def test_the_continue_screen_with_every_kind_of_damage_at_once(tmp_path):
    """The window lists a folder of refused saves (one for each word of the vocabulary, in
    the table's seed and in a seat's name, and one with a name that is not UTF-8): each is set
    aside and named; nothing is drawn that the font cannot draw."""
    source, _ = played_save(tmp_path / "source", "joker", actions=4)
    good = json.loads(source.read_text(encoding="utf-8"))
    folder = tmp_path / "data" / SAVES_FOLDER
    folder.mkdir(parents=True)
    written = []
    for number, (word, token) in enumerate(TOKENS.items()):
        for place, where in enumerate((("table", "seed"), ("table", "seats", 0, "name"))):
            path = folder / f"joker-20261203-1000{number:02d}-{place}.json"
            path.write_bytes(with_token(good, where, token).encode("utf-8", "surrogatepass"))
            written.append(path)
    odd_name = Path(folder / bytes.decode(b"joker-\xff\x07.json", "utf-8", "surrogateescape"))
    odd_name.write_bytes(b"[")
    ui = UiDriver(tmp_path / "data")
    set_language("ka")
    try:
        ui.frames(2)
        ui.press(next(b for b, key in ui.top().buttons.items() if key == "continue"))
        scene = ui.top()
        assert isinstance(scene, SavesScene)
        ui.frames(2)
        aside = list(folder.glob("*.damaged-*"))
        assert len(aside) + len(scene.tables) == len(written) + 1
        assert "\ufffd" in scene.message and "\udcff" not in scene.message
        for saved in scene.tables:                  # harmless ones open
            check_accepted_save(saved.path)
    finally:
        set_language("en")
        ui.app.quit()


def test_a_refused_save_in_a_read_only_folder_stays_where_it_is(tmp_path, make_read_only):
    folder = SaveFolder(tmp_path / SAVES_FOLDER)
    folder.directory.mkdir()
    path = folder.directory / "domino-20261203-100000-1.json"
    path.write_bytes(b'{"format": "scenario/1", "game": "domino", "players": NaN}')
    make_read_only(folder.directory)
    [damaged] = folder.listing().damaged
    assert damaged.moved_to is None and damaged.code == "not_finite" and path.exists()
    assert path.name in damaged_words(damaged)


def test_folders_where_saves_belong(tmp_path):
    folder = SaveFolder(tmp_path / SAVES_FOLDER)
    (folder.directory / "domino-20261203-100000-1.json").mkdir(parents=True)
    assert folder.listing().tables == [] and folder.count() == 0
    blocked = SaveFolder(tmp_path / "a-file")
    blocked.directory.write_text("a file where the saves folder should be")
    assert blocked.listing().tables == [] and blocked.count() == 0
    assert blocked.remove_stray_temporaries() == []


def test_imports_refuse_every_damage_in_words_and_leave_the_file(tmp_path):
    """History → Import reads files from `imports/` (game/history/stats.py): each mutated save is
    refused with ImportRefused (the window's words) and left where it is."""
    from game.history.stats import ImportRefused, import_game
    from game.history.store import History

    source, _ = played_save(tmp_path / "source", "domino", actions=6)
    good = json.loads(source.read_text(encoding="utf-8"))
    history = History(tmp_path / "data")
    path = tmp_path / "imports" / "game.json"
    path.parent.mkdir()
    problems = []
    try:
        for where in SAVE_PLACES:
            for word, token in TOKENS.items():
                content = with_token(good, where, token).encode("utf-8", "surrogatepass")
                path.write_bytes(content)
                try:
                    import_game(history, path)
                    problems.append(f"{where} = {word}: an unfinished game was imported")
                except ImportRefused:
                    pass
                except Exception as error:        # noqa: BLE001 (what the fuzz reports)
                    problems.append(f"{where} = {word}: {type(error).__name__}: {error}"[:200])
                assert path.read_bytes() == content, "left where it is"
        for word, content in WHOLE_FILES.items():
            path.write_bytes(content)
            try:
                import_game(history, path)
            except ImportRefused:
                pass
            except Exception as error:            # noqa: BLE001
                problems.append(f"whole file {word}: {type(error).__name__}")
    finally:
        history.close()
    assert not problems, "\n".join(problems)
