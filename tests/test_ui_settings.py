"""Settings: stored, applied at once (language without restart, window, sound), first-start
language from the system locale, a damaged file falls back to defaults with a message; sound
never breaks a machine without audio."""

import json

import pygame
import pytest

from game.ui import config
from game.ui.i18n import language, set_language, t
from game.ui.menu import MenuScene
from game.ui.settings import SettingsScene
from game.ui.sound import SoundBoard

from ui_driver import UiDriver


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def open_settings(ui):
    ui.frames(2)
    ui.press(next(b for b, key in ui.top().buttons.items() if key == "settings"))
    scene = ui.top()
    assert isinstance(scene, SettingsScene)
    return scene


def button_for(scene, key):
    return next(b for b, k in scene.buttons.items() if k == key)


def test_language_switches_without_restart_and_is_remembered(tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    ui = UiDriver(tmp_path)
    scene = open_settings(ui)
    ui.press(button_for(scene, "language"))
    assert language() == "id"
    assert button_for(scene, "language").text.endswith("Bahasa Indonesia")
    stored = json.loads((tmp_path / "settings.json").read_text())
    assert stored["language"] == "id"
    ui.press(scene.back)
    assert isinstance(ui.top(), MenuScene)
    ui.app.quit()
    again = UiDriver(tmp_path)
    assert again.app.settings["language"] == "id" and language() == "id"
    again.app.quit()


def test_window_size_sound_and_defaults_apply_at_once(tmp_path):
    ui = UiDriver(tmp_path)
    scene = open_settings(ui)
    ui.press(button_for(scene, "window"))
    assert ui.app.screen.get_size() == (1600, 900)
    ui.press(button_for(scene, "sound"))
    assert ui.app.sound.enabled is False
    ui.press(button_for(scene, "ai_level"))
    assert ui.app.settings["ai_level"] == "hard"
    stored = json.loads((tmp_path / "settings.json").read_text())
    assert stored["window"] == [1600, 900] and stored["sound"] is False
    ui.app.quit()


@pytest.mark.parametrize("content, code", [
    (b"{broken", "not_json"), (b"\xff\xfe{\"language\": 1}", "not_utf8"),
    (b"[1, 2]", "wrong_type"), (b"[" * 100_000 + b"]" * 100_000, "too_deep"),
    (b'{"volume": NaN}', "not_finite"), (b'{"volume": 1' + b"0" * 5000 + b"}", "huge_number"),
    (b'{"language": "\\ud800"}', "bad_text")])
@pytest.mark.parametrize("system_language", ["en", "vi"])
def test_an_unreadable_settings_file_is_set_aside_with_a_message(tmp_path, monkeypatch, content,
                                                                 code, system_language):
    """The defaults are used (the language is the system's), the file is kept under a new name
    before anything could overwrite it, and the menu says so in the player's language, naming
    the file and why, without the reader's own error text ("'utf-8' codec can't decode byte
    0xff…")."""
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", f"{system_language}_XX.UTF-8")
    (tmp_path / "settings.json").write_bytes(content)
    ui = UiDriver(tmp_path)
    ui.frames(2)
    assert ui.app.settings["volume"] == 70 and ui.app.settings["window"] == [1280, 720]
    assert language() == system_language
    aside = list(tmp_path.glob("settings.damaged-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert not (tmp_path / "settings.json").exists()
    menu = ui.top()
    assert isinstance(menu, MenuScene)
    assert menu.message == " ".join((t("menu.settings_set_aside", file=aside[0].name),
                                     t(f"untrusted.{code}")))
    if system_language == "vi":
        assert menu.message.startswith("Không đọc được tệp cài đặt của bạn")
    for raw in ("codec", "0xff", "Expecting", "not an object", "Error"):
        assert raw not in menu.message
    ui.press(open_settings_button(ui))                  # a later save leaves it alone
    ui.press(button_for(ui.top(), "sound"))
    assert (tmp_path / "settings.json").exists() and aside[0].read_bytes() == content
    ui.app.quit()


def open_settings_button(ui):
    return next(b for b, key in ui.top().buttons.items() if key == "settings")


def test_bad_values_go_back_to_their_defaults_named_in_the_players_language(tmp_path):
    (tmp_path / "settings.json").write_text(
        json.dumps({"language": "xx", "volume": 900, "window": "big", "sound": False}))
    ui = UiDriver(tmp_path)
    ui.frames(2)
    assert ui.app.settings["volume"] == 70 and ui.app.settings["window"] == [1280, 720]
    assert ui.app.settings["sound"] is False                 # the good value is kept
    menu = ui.top()
    assert isinstance(menu, MenuScene)
    assert menu.message == t("menu.settings_reset", names=", ".join(
        t(f"settings.{name}") for name in ("language", "window", "volume")))
    assert "Window size" in menu.message
    ui.app.quit()


def test_a_value_of_the_wrong_kind_in_any_setting_is_only_a_bad_value(tmp_path):
    """`"felt": []` stopped the start (a list cannot be looked up among the felts): every
    setting now checks the kind of its value first."""
    wrong = {"language": ["en"], "window": {"w": 1}, "fullscreen": "yes", "animation": {},
             "sound": 1, "volume": 50.5, "ai_level": ["hard"], "timers": None, "felt": [],
             "card_back": {"a": 1}, "four_colour": [], "reduced_motion": 0, "last_setup": [],
             "guided_offered": "no", "discovery": True, "last_join": "127.0.0.1:8765"}
    assert set(wrong) == set(config.FIELDS), "every setting is tried"
    (tmp_path / "settings.json").write_text(json.dumps(wrong))
    ui = UiDriver(tmp_path)
    ui.frames(2)
    assert ui.app.settings == {**config.default_settings(), "language": language()}
    menu = ui.top()
    assert isinstance(menu, MenuScene)
    assert menu.message == t("menu.settings_reset", names=", ".join(
        t(f"settings.{name}") for name in config.FIELDS))
    assert "settings." not in menu.message, "every setting has its words"
    ui.app.quit()


def test_first_start_takes_the_language_of_the_system_locale(monkeypatch):
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "vi_VN.UTF-8")
    assert config.detect_language() == "vi"
    monkeypatch.setenv("LANG", "ka_GE.UTF-8")
    assert config.detect_language() == "ka"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setattr(config.locale, "getlocale", lambda: ("de_DE", "UTF-8"))
    assert config.detect_language() == "en"


def test_sound_without_an_audio_device_stays_silent(monkeypatch):
    def no_audio(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_audio)
    board = SoundBoard()
    assert not board.sounds
    board.play("tile")                      # nothing happens, nothing fails
    board.play_events("domino", [object()])


def test_every_game_event_sound_exists():
    from game.core.registry import game_names, get_game
    from game.ui.sound import EFFECTS
    from game.ui.resources import ASSETS

    for game in game_names():
        assert set(get_game(game).event_sounds.values()) <= set(EFFECTS)
    for effect in EFFECTS:
        assert (ASSETS / "sounds" / f"{effect}.wav").stat().st_size > 1000
    assert t("settings.volume") == "Volume"


def test_engine_events_play_the_effects_their_game_names(monkeypatch):
    from game.domino.actions import TilePlayed

    board = SoundBoard()
    played = []
    monkeypatch.setattr(board, "play", played.append)
    event = TilePlayed._make([None] * len(TilePlayed._fields))
    board.play_events("domino", [event, event, object()])
    assert played == ["tile"]                # once per batch; unknown events are silent
