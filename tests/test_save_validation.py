"""Saves are validated on load: the envelope (format version, game, options,
players), the table block (seed, seats, settings) and every deal and action replayed through the
engine. A hand-edited or foreign file is refused with a message naming what is wrong and set
aside; it never crashes and is never misread."""

from __future__ import annotations

import errno
import json
import random

import pytest

from ai.bots import make_bot
from game.controller.autosave import DamagedSave, read_save, write_save
from game.controller.saves import SAVES_FOLDER, SaveFolder
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.settings import ControllerSettings
from game.core.table import Table
from game.ui.games import GAMES


def played_save(tmp_path, game: str, actions: int = 12, seed: int = 4):
    """A save of `game` a few actions in, as the window writes it."""
    spec = GAMES[game]
    players = list(spec.default_names)
    table = Table.open(game, players, spec.table_options(spec.defaults())[0], seed=seed)
    bot = make_bot(game, "random", seed)
    for _ in range(actions):
        table.deal_if_needed()
        if table.state.is_terminal():
            break
        player = table.state.current_player()
        table.apply(bot.choose(table.state.observation(player), table.state.legal_actions(), 0))
    seats = [SeatConfig(players[0], HUMAN)] + [SeatConfig(n, AI, "easy") for n in players[1:]]
    path = SaveFolder(tmp_path / SAVES_FOLDER).new_path(table)     # where the window saves it
    write_save(path, table, seats, ControllerSettings().to_json())
    return path, table


def refused(path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DamagedSave) as error:
        read_save(path)
    assert not path.exists() and error.value.moved_to.exists(), "set aside, never deleted"
    assert error.value.path == path and error.value.moved_to.parent == path.parent
    return str(error.value)


def edited(path, change) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data)


def test_a_good_save_replays_to_the_same_table(tmp_path):
    for game in GAMES:
        path, table = played_save(tmp_path, game)
        restored, seats, settings = read_save(path)
        assert restored.record["actions"] == table.record["actions"]
        assert restored.state.observation(0) == table.state.observation(0)
        assert seats[0].is_human and settings == ControllerSettings()


def set_action(index: int, action: dict):
    return lambda data: data["actions"].__setitem__(index, action)


@pytest.mark.parametrize("game, change, words", [
    ("domino", lambda d: d.update(format="scenario/0"), "older format 'scenario/0'"),
    ("joker", lambda d: d.update(format="scenario/2"), "newer version"),
    ("tienlen", lambda d: d.pop("format"), "not a scenario or saved game"),
    ("domino", lambda d: d.update(game="chess"), "unknown game 'chess'"),
    ("domino", lambda d: d["options"].update(jokers=True), "unknown option 'jokers'"),
    ("tienlen", lambda d: d["options"].update(stake="lots"), "option 'stake'"),
    ("joker", lambda d: d.update(players=d["players"][:3]), "players"),
    ("domino", set_action(3, {"type": "play", "tile": "9-9", "end": "L"}), "action 3"),
    ("tienlen", set_action(2, {"type": "fly"}), "action 2"),
    ("joker", set_action(1, "bid 3"), "action 1: an action must be a JSON object"),
    ("domino", lambda d: d["actions"][4].update(player=(d["actions"][4]["player"] + 1) % 4),
     "action 4"),
    ("domino", lambda d: d["deals"][0]["hands"][0].__setitem__(0, "9-9"), "deal 1"),
    ("joker", lambda d: d.update(table="mine"), "\"table\" object"),
    ("domino", lambda d: d["table"].update(seats=d["table"]["seats"][:2]), "one seat per player"),
    ("tienlen", lambda d: d["table"]["seats"][1].update(kind="robot"), "seat 2 (Bình): \"kind\""),
    ("joker", lambda d: d["table"]["seats"][2].update(level="god"), "seat 3 (Tamar): \"level\""),
    ("domino", lambda d: d["table"].update(seed=[1, 2]), "\"seed\""),
    ("domino", lambda d: d["table"]["settings"].update(turn_seconds="35"), "'turn_seconds'"),
    # a value in its type but out of its range would freeze the table: the bots never answer
    ("joker", lambda d: d["table"]["settings"].update(bot_budget_s=1e308), "'bot_budget_s'"),
    ("joker", lambda d: d["table"]["settings"].update(bot_budget_s=10.5), "from 0 to 10"),
    ("domino", lambda d: d["table"]["settings"].update(bot_move_pause_s=61), "'bot_move_pause_s'"),
    ("domino", lambda d: d["table"]["settings"].update(turn_seconds=601), "'turn_seconds'"),
    ("tienlen", lambda d: d["table"]["settings"].update(auto_summary_s=-1), "'auto_summary_s'"),
    ("tienlen", lambda d: d["table"]["settings"].update(assists=1), "true or false"),
    ("domino", lambda d: d["table"].update(seed=10**18), "seed"),
    ("domino", lambda d: d["table"].update(seed=-4), "seed"),
    ("domino", lambda d: d["table"].update(seed="x" * 65), "seed"),
    ("joker", lambda d: d["table"]["seats"][1].update(name="Bo\nb"), "name"),
    ("joker", lambda d: d["table"]["seats"][1].update(name=" "), "name"),
    ("tienlen", lambda d: d["players"].__setitem__(0, "A\u0007"), "name"),
    ("tienlen", lambda d: d["table"]["settings"].update(warp=1), "unknown table setting 'warp'"),
])
def test_a_hand_edited_save_is_refused_naming_what_is_wrong(tmp_path, game, change, words):
    path, _ = played_save(tmp_path, game)
    message = refused(path, edited(path, change))
    assert message.startswith("The saved game could not be restored: ")
    assert words in message


@pytest.mark.parametrize("text, words", [
    (json.dumps({"name": "my-app", "version": "1.2.0", "dependencies": {}}),
     "not a scenario or saved game"),                                  # another program's JSON
    ("[1, 2, 3]", "must be a JSON object"),
    ("", "not valid JSON"),
    ("\x00\x01garbage", "not valid JSON"),
])
def test_a_foreign_file_is_refused(tmp_path, text, words):
    assert words in refused(tmp_path / "foreign.json", text)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("text, code", [
    ('"bot_budget_s": NaN', "not_finite"), ('"bot_budget_s": Infinity', "not_finite"),
    ('"bot_budget_s": 1e999', "not_finite"), ('"bot_budget_s": 1' + "0" * 5000, "huge_number"),
    ('"bot_budget_s": 1e308', "out_of_range")])
def test_a_budget_that_would_freeze_the_table_is_refused(tmp_path, game, text, code):
    """Written by hand into the file's text (JSON's own NaN and huge numbers, not Python's)."""
    path, _ = played_save(tmp_path, game)
    original = path.read_text(encoding="utf-8")
    edited_text = original.replace('"bot_budget_s": 1.0', text)
    assert edited_text != original
    path.write_text(edited_text, encoding="utf-8")
    with pytest.raises(DamagedSave) as refusal:
        read_save(path)
    assert refusal.value.code == code and refusal.value.moved_to.read_text() == edited_text


@pytest.mark.parametrize("where", ["players", "seat"])
def test_a_lone_surrogate_in_a_name_is_refused_on_the_list_and_when_opened(tmp_path, where):
    path, _ = played_save(tmp_path, "domino")
    data = json.loads(path.read_text(encoding="utf-8"))
    if where == "players":
        data["players"][1] = "@@"
    else:
        data["table"]["seats"][1]["name"] = "@@"
    text = json.dumps(data).replace('"@@"', '"B\\ud800"')
    path.write_text(text, encoding="utf-8")
    listing = SaveFolder(path.parent).listing()
    assert listing.tables == [] and listing.damaged[0].code == "bad_text"
    assert listing.damaged[0].moved_to.read_text(encoding="utf-8") == text
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DamagedSave) as refusal:
        read_save(path)
    assert refusal.value.code == "bad_text"


def test_deep_nesting_is_refused_on_the_list_and_when_opened(tmp_path):
    path = tmp_path / SAVES_FOLDER / "domino-20261203-100000-1.json"
    path.parent.mkdir()
    text = '{"format": "scenario/1", "game": "domino", "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    path.write_text(text, encoding="utf-8")
    listing = SaveFolder(path.parent).listing()
    assert listing.tables == [] and listing.damaged[0].code == "too_deep"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DamagedSave) as refusal:
        read_save(path)
    assert refusal.value.code == "too_deep"


def test_a_truncated_save_is_refused(tmp_path):
    path, _ = played_save(tmp_path, "joker")
    text = path.read_text(encoding="utf-8")
    assert "not valid JSON" in refused(path, text[: len(text) * 2 // 3])


def mutate(value, rng: random.Random):
    """One random hand edit somewhere inside a JSON value."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        if rng.random() < 0.15:
            return {k: v for k, v in value.items() if k != key}
        return {**value, key: mutate(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        index = rng.randrange(len(value))
        if rng.random() < 0.15:
            return value[:index] + value[index + 1:]
        return value[:index] + [mutate(value[index], rng)] + value[index + 1:]
    return rng.choice([None, True, 0, -1, 7, 10**9, 2.5, "", "X1", "6-6", "10H", [], {},
                       "scenario/1", "human", "ai"])


@pytest.mark.parametrize("game", list(GAMES))
def test_random_hand_edits_never_crash_the_loader(tmp_path, game):
    path, _ = played_save(tmp_path, game, actions=20)
    original = json.loads(path.read_text(encoding="utf-8"))
    rng = random.Random(game)
    for _ in range(150):
        path.write_text(json.dumps(mutate(original, rng)), encoding="utf-8")
        try:
            read_save(path)                       # some edits are harmless
        except DamagedSave as error:
            assert str(error).startswith("The saved game could not be restored: ")
        for aside in path.parent.glob("*.damaged-*"):
            aside.unlink()


def test_saves_set_aside_in_the_same_second_are_all_kept(tmp_path):
    path = tmp_path / "domino-20261129-203000-4.json"
    for number in range(3):
        refused(path, f"broken {number}")
    assert len(list(tmp_path.glob("domino-20261129-203000-4.damaged-*"))) == 3


def test_a_save_that_cannot_be_written_is_announced_and_the_game_goes_on(tmp_path):
    from game.controller.table_controller import TableController

    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the data directory should be")
    table = Table("domino", list(GAMES["domino"].default_names), seed=2)
    seats = [SeatConfig(name, AI, "random") for name in table.players]
    ctl = TableController(table, seats, ControllerSettings(bot_move_pause_s=0),
                          save_path=blocked / SAVES_FOLDER / "domino-20261129-203000-2.json")
    for step in range(200):
        ctl.update(step * 0.1)
    assert len(table.record["actions"]) > 10, "the game went on"
    failures = [notice for notice in ctl.notices.kept if notice.kind == "save_failed"]
    assert len(failures) == 1 and "could not be saved" in failures[0].text


def test_the_incremental_encoder_writes_the_same_file_as_a_full_dump():
    from game.core.scenario import ItemEncoder, dump_scenario

    table = Table("tienlen", ["A", "B", "C", "D"], seed=3)
    bot, encoder = make_bot("tienlen", "random", 3), ItemEncoder()
    for step in range(2 * ItemEncoder.CHUNK + 50):                    # over two full chunks
        table.deal_if_needed()
        if table.state.is_terminal():
            break
        player = table.state.current_player()
        table.apply(bot.choose(table.state.observation(player), table.state.legal_actions(), 0))
        if step % 7 == 0:
            assert dump_scenario(dict(table.record), encoder) == dump_scenario(dict(table.record))
    assert len(encoder.chunks["actions"]) == 2
    for replaced in (ItemEncoder.CHUNK + 5, 5):              # a replaced item is re-encoded
        table.record["actions"][replaced] = {"type": "pass", "player": 0}
        assert dump_scenario(dict(table.record), encoder) == dump_scenario(dict(table.record))


@pytest.mark.parametrize("number, reason", [(errno.ENOSPC, "full"), (errno.EACCES, "denied"),
                                            (errno.EROFS, "denied"), (errno.ENOTDIR, "other")])
def test_a_failed_save_is_worded_without_the_systems_error_text(number, reason):
    """The table says why in the player's language; the OS message (English, with the path)
    never reaches the screen."""
    from game.controller.door import Notice
    from game.paths import write_failure
    from game.ui.i18n import set_language, t
    from game.ui.notices import notice_message

    error = OSError(number, "No such luck", "/home/x/saves/domino.json")
    assert write_failure(error) == reason
    notice = Notice("save_failed", None, f"The game could not be saved: {error}",
                    {"error": str(error), "reason": reason})
    try:
        for language in ("en", "vi"):
            set_language(language)
            text, _ = notice_message(notice, ["A", "B", "C", "D"])
            assert t(f"table.write_failed.{reason}") in text
            assert "No such luck" not in text and "domino.json" not in text
    finally:
        set_language("en")
