"""The Join a table screen (game/ui/join.py), headless: the tables heard nearby (a fake browser
put in through `join.open_browser`) listed in the joiner's words and refreshed, a lobby's
tables told apart, an address and a join code typed and refused in the player's words when bad,
a good one ending in the App's `join_table` with a JoinRequest; the last join remembered (and
a damaged memory ignored); where tables are looked for said in plain words; the keyboard's way
from the menu to Join; Esc back, the browser closed."""

from __future__ import annotations

import pygame
import pytest

from game.net.address import JoinRequest
from game.net.discovery import FAILED, LOOPBACK, NETWORK, RUNNING, FoundTable
from game.net.table_ad import TableAd
from game.ui import join
from game.ui.i18n import set_language, t
from game.ui.menu import MenuScene
from game.ui.nearby import table_words


def found(number: int, game: str = "joker", free: int = 2, table: str = "t1",
          host: str | None = None, port: int | None = None, held: int = 0) -> FoundTable:
    return FoundTable(TableAd(1, game, table, f"Host {number}" if host is None else host, free,
                              4, port or 8000 + number, held_chairs=held),
                      f"127.0.0.{number + 1}",
                      f"tabletrio-{number:06x}{table.encode().hex():0>6}._tabletrio._tcp.local.")


class FakeBrowser:
    """What the screen asks of a TableBrowser; the test says what is heard."""

    def __init__(self, mode):
        self.mode, self.status, self.heard, self.closed = mode, "stopped", [], 0

    def start(self):
        self.status = RUNNING
        return self.status

    def tables(self):
        return list(self.heard)

    def close(self):
        self.closed += 1
        self.status = "stopped"


@pytest.fixture
def browsers(monkeypatch):
    made = []

    def fake(mode):
        made.append(FakeBrowser(mode))
        return made[-1]

    monkeypatch.setattr(join, "open_browser", fake)
    return made


@pytest.fixture
def requests(ui, monkeypatch):
    made = []
    monkeypatch.setattr(ui.app, "join_table", made.append)
    return made


def press(ui, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text,
                                         scancode=0))
    ui.frames(1)


def type_text(ui, text: str) -> None:
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        ui.frames(1)


def open_join(ui):
    ui.press(next(b for b, key in ui.top().buttons.items() if key == "join"))
    ui.frames(2)
    scene = ui.top()
    assert isinstance(scene, join.JoinScene)
    return scene


def row_texts(scene) -> list[str]:
    return [(button.tool_tip_text or button.text) for button in scene.table_buttons]


def test_the_menu_has_join_a_table(ui, browsers):
    assert "join" in ui.top().buttons.values()
    open_join(ui)
    assert len(browsers) == 1 and browsers[0].status == RUNNING


def test_the_screen_browses_on_loopback_in_tests_whatever_the_setting(ui):
    ui.app.settings["discovery"] = NETWORK
    scene = open_join(ui)
    try:
        assert scene.browser.mode == LOOPBACK           # the environment decides (conftest)
        assert scene.browser.status == RUNNING
        assert not scene.mode_button.is_enabled           # and the screen says so in words
        assert t("nearby.status.loopback_here") in scene.status_words()
        assert "TABLE_GAMES" not in scene.status_words()
    finally:
        ui.app.stack.pop()
    assert scene.browser.status != RUNNING


def test_heard_tables_are_listed_and_the_list_follows_what_is_heard(ui, browsers):
    scene = open_join(ui)
    assert scene.table_buttons == {} and scene.status_words().startswith(
        t("join.status.looking"))
    browsers[0].heard = [found(1), found(2, "tienlen", free=1)]
    ui.frames(40)                                          # the list looks twice a second
    assert row_texts(scene) == [table_words(found(1)), table_words(found(2, "tienlen", 1))]
    words = row_texts(scene)[1]
    assert words == " · ".join((t("menu.tienlen.short"), "Host 2",
                                t("nearby.free", free=1, chairs=4), "127.0.0.3"))
    assert scene.status_words().startswith(t("join.status.found", count=2))
    browsers[0].heard = [found(2, "tienlen", free=1)]
    ui.frames(40)
    assert row_texts(scene) == [table_words(found(2, "tienlen", 1))]


def test_many_tables_are_paged(ui, browsers):
    scene = open_join(ui)
    browsers[0].heard = [found(n) for n in range(30)]
    ui.frames(40)
    per_page = scene.per_page()
    assert len(scene.table_buttons) == per_page < 30
    assert scene.next is not None and scene.next.is_enabled
    ui.press(scene.next)
    assert [f.ad.host_name for f in scene.table_buttons.values()] == [
        f"Host {n}" for n in range(per_page, min(30, 2 * per_page))]


def test_a_picked_table_fills_the_address_and_a_code_makes_the_request(ui, browsers, requests):
    scene = open_join(ui)
    browsers[0].heard = [found(4)]
    ui.frames(40)
    ui.press(next(iter(scene.table_buttons)))
    assert scene.entries["address"].get_text() == "127.0.0.5:8004"
    assert ui.app.focus.focused(scene).key is scene.entries["code"]
    assert scene.message == t("nearby.picked", table=scene.picked_label)     # type the code
    type_text(ui, "K7Q-22")
    assert scene.message == t("nearby.picked_coded", table=scene.picked_label), \
        "once typed, the code is no longer asked for"
    ui.press(scene.join_button)
    player = ui.app.history.ensure_profile(t("profile.default"))
    assert requests == [JoinRequest("127.0.0.5", 8004, "K7Q-22", player.id, player.name,
                                    table="t1")]
    assert scene.message == ""


@pytest.mark.parametrize("language", ["en", "ka"])
@pytest.mark.parametrize("address, code, refusal", [
    ("", "ABC", "empty_address"),
    ("192.168.1.20", "ABC", "no_port"),
    ("192.168.1.20:0", "ABC", "bad_port"),
    ("192.168.1.20:70000", "ABC", "bad_port"),
    ("http://example.org:80", "ABC", "bad_scheme"),
    ("exa mple:80", "ABC", "bad_host"),
    ("::1:8765", "ABC", "bad_host"),
    ("localhost:8765", "", "empty_code"),
    ("localhost:8765", "A B", "bad_code"),
    ("localhost:8765", "ჯოკერი", "bad_code"),
    ("localhost:8765", "X" * 33, "code_too_long"),
])
def test_a_bad_address_or_code_is_refused_in_the_players_words(ui, browsers, requests, language,
                                                               address, code, refusal):
    set_language(language)
    try:
        scene = open_join(ui)
        scene.entries["address"].set_text(address)
        scene.entries["code"].set_text(code)
        ui.press(scene.join_button)
        assert scene.message == t(f"join.refused.{refusal}", length=join.NAME_LENGTH)
        assert requests == []
        ui.frames(2)                                       # and it is drawn without trouble
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "id", "vi", "ka"])
def test_a_heard_table_is_worded_in_the_joiner_s_language(ui, browsers, language):
    """The record says facts (game id, a name, digits): a Georgian host's table reads in the
    joiner's own words, the host's name as it is."""
    set_language(language)
    scene = open_join(ui)
    georgian = found(1, "joker", free=1, host="ნინო")
    browsers[0].heard = [georgian, found(2, "tienlen", host=""),
                         found(3, "domino", free=0, host="Ani", held=1)]
    ui.frames(40)
    first, second, third = row_texts(scene)
    assert first == " · ".join((t("menu.joker.short"), "ნინო",
                                t("nearby.free", free=1, chairs=4), "127.0.0.2"))
    # a host with nobody at its screen (a server) gives no name: no empty slot in the line
    assert second == " · ".join((t("menu.tienlen.short"), t("nearby.free", free=2, chairs=4),
                                 "127.0.0.3"))
    # no chair free, one kept for a friend away: that friend sees their chair waits for them
    assert third == " · ".join((t("menu.domino"), "Ani", t("nearby.free", free=0, chairs=4),
                                t("nearby.kept", held=1), "127.0.0.4"))
    for words in (first, second, third):
        assert "{" not in words and "nearby." not in words and "menu." not in words


def test_a_lobby_s_tables_say_which_and_a_pick_asks_for_that_table(ui, browsers, requests):
    """Several tables of one host (a lobby): each line says its table, and Join asks the
    host for the table picked (not the first with a free chair)."""
    scene = open_join(ui)
    lobby = [found(3, "tienlen", table=f"t{n}", port=9000) for n in (1, 2)]
    browsers[0].heard = lobby + [found(5)]
    ui.frames(40)
    texts = row_texts(scene)
    assert [t("nearby.table", table="t1") in words for words in texts] == [True, False, False]
    assert t("nearby.table", table="t2") in texts[1]
    ui.press(next(b for b, f in scene.table_buttons.items() if f.ad.table == "t2"))
    assert t("nearby.table", table="t2") in scene.message
    type_text(ui, "ACD349")
    ui.press(scene.join_button)
    assert [(r.address, r.port, r.table) for r in requests] == [("127.0.0.4", 9000, "t2")]
    # an address typed over the picked one asks for no particular table
    scene.entries["address"].set_text("127.0.0.4:9001")
    ui.press(scene.join_button)
    assert requests[-1].table is None


def test_the_last_join_comes_back_after_the_window_is_closed(tmp_path, browsers):
    """A friend coming back types nothing again: the address, the code and the profile that
    sat down are there when the Join screen opens in a new window."""
    from ui_driver import UiDriver

    first = UiDriver(tmp_path)
    try:
        first.app.history.create_profile("Tamar")
        first.frames(2)
        scene = open_join(first)
        scene.entries["address"].set_text(" 127.0.0.1:8765 ")
        scene.entries["code"].set_text("ACD349")
        scene.entries["name"].set_text("Tamar")
        first.app.join_table = lambda request: None
        first.press(scene.join_button)
        first.app.history.flush()
    finally:
        first.app.quit()
    again = UiDriver(tmp_path)
    try:
        scene = open_join(again)
        assert scene.entries["address"].get_text() == "127.0.0.1:8765"
        assert scene.entries["code"].get_text() == "ACD349"
        assert scene.entries["name"].get_text() == "Tamar"
        assert scene.profile_menu.selected_option[0] == "Tamar"
    finally:
        again.app.quit()


@pytest.mark.parametrize("kept", [
    "127.0.0.1:8765", [], None, 7,
    {"address": "x" * 5000, "code": "A B", "profile": ["x"]},
    {"address": "http://evil:80", "code": "\u0000", "profile": "no-such-profile"},
    {"address": 8765, "code": 12, "profile": 3},
    {"address": "127.0.0.1:99999", "code": "X" * 33, "profile": None},
])
def test_a_damaged_or_hand_edited_last_join_is_ignored(tmp_path, browsers, kept):
    """The settings file is untrusted: a last join that does not pass the door it was typed
    through is ignored, part by part (never a traceback); the screen starts empty, on the
    first profile."""
    import json

    from ui_driver import UiDriver

    (tmp_path / "settings.json").write_text(json.dumps({"last_join": kept}))
    ui = UiDriver(tmp_path)
    try:
        scene = open_join(ui)
        ui.frames(5)
        assert scene.entries["address"].get_text() == ""
        assert scene.entries["code"].get_text() == ""
        first = ui.app.history.ensure_profile(t("profile.default"))
        assert scene.entries["name"].get_text() == first.name
    finally:
        ui.app.quit()


def test_a_good_part_of_a_damaged_last_join_is_kept(tmp_path, browsers):
    import json

    from ui_driver import UiDriver

    (tmp_path / "settings.json").write_text(json.dumps(
        {"last_join": {"address": "[::1]:8765", "code": "two words", "profile": "gone"}}))
    ui = UiDriver(tmp_path)
    try:
        scene = open_join(ui)
        assert (scene.entries["address"].get_text(), scene.entries["code"].get_text()) == (
            "[::1]:8765", "")
    finally:
        ui.app.quit()


def test_picking_another_table_drops_the_code_remembered_for_the_last_one(ui, browsers):
    ui.app.settings["last_join"] = {"address": "127.0.0.9:7000", "code": "OLD777"}
    scene = open_join(ui)
    assert scene.entries["code"].get_text() == "OLD777"
    browsers[0].heard = [found(4)]
    ui.frames(40)
    ui.press(next(iter(scene.table_buttons)))
    assert scene.entries["code"].get_text() == ""


def test_a_bad_name_is_refused_and_a_new_name_makes_a_profile(ui, browsers, requests):
    scene = open_join(ui)
    scene.entries["address"].set_text("ws://[::1]:8765/")
    scene.entries["code"].set_text("abc")
    scene.entries["name"].set_text("\x1b[31m")
    ui.press(scene.join_button)
    assert scene.message == t("join.refused.bad_name", length=join.NAME_LENGTH) and not requests
    scene.entries["name"].set_text("Tamar")
    ui.press(scene.join_button)
    tamar = next(p for p in ui.app.history.profiles() if p.name == "Tamar")
    assert requests == [JoinRequest("::1", 8765, "abc", tamar.id, "Tamar")]


def test_what_is_typed_survives_a_resize_and_a_new_list(ui, browsers):
    scene = open_join(ui)
    scene.entries["address"].set_text("host.example:9000")
    ui.app.resize((800, 600))
    ui.frames(2)
    browsers[0].heard = [found(1)]
    ui.frames(40)
    assert scene.entries["address"].get_text() == "host.example:9000"
    assert len(scene.table_buttons) == 1


def test_refresh_listens_anew(ui, browsers):
    scene = open_join(ui)
    browsers[0].heard = [found(1)]
    ui.frames(40)
    ui.press(scene.refresh_button)
    assert browsers[0].closed == 1 and browsers[0].status == RUNNING
    ui.frames(40)
    assert len(scene.table_buttons) == 1


def test_a_browser_that_failed_is_said_in_words(ui, monkeypatch):
    class Failing(FakeBrowser):
        def start(self):
            self.status = FAILED
            return self.status

    monkeypatch.setattr(join, "open_browser", Failing)
    scene = open_join(ui)
    ui.frames(5)
    assert scene.status_words().startswith(t("join.status.failed"))
    assert scene.table_buttons == {}


def test_an_environment_value_that_is_no_mode_is_off_in_plain_words(ui, monkeypatch, browsers):
    monkeypatch.setenv("TABLE_GAMES_DISCOVERY", "everywhere")
    scene = open_join(ui)
    assert browsers[0].mode == "off"
    assert scene.status_words() == t("nearby.status.off_here")
    assert not scene.mode_button.is_enabled


@pytest.mark.parametrize("language", ["en", "id", "vi", "ka"])
@pytest.mark.parametrize("value, words", [
    ("off", "nearby.status.off_here"), ("everywhere", "nearby.status.off_here"),
    ("loopback", "nearby.status.loopback_here"), ("network", "nearby.status.network_here")])
def test_the_environment_s_variable_is_never_shown_to_players(ui, monkeypatch, browsers,
                                                             language, value, words):
    """Where the computer decides (an environment variable, docs/discovery.md), the player
    reads what it means, never the variable nor its value."""
    monkeypatch.setenv("TABLE_GAMES_DISCOVERY", value)
    set_language(language)
    scene = open_join(ui)
    for heard in ([], [found(1)]):
        browsers[-1].heard = heard
        ui.frames(40)
        status = scene.status_words()
        assert t(words) in status
        assert "TABLE_GAMES" not in status and "=" not in status
        assert value not in status or value in t(words)


def test_the_mode_button_changes_the_setting_when_the_environment_is_silent(
        ui, browsers, monkeypatch):
    monkeypatch.delenv("TABLE_GAMES_DISCOVERY")
    ui.app.settings["discovery"] = "off"
    scene = open_join(ui)
    assert browsers[-1].mode == "off" and scene.mode_button.is_enabled
    ui.press(scene.mode_button)
    assert ui.app.settings["discovery"] == LOOPBACK and browsers[-1].mode == LOOPBACK
    assert browsers[0].closed == 1
    # the next press would choose the network: this test stops before (nothing is sent
    # anyway, the browsers here are fakes), and the setting is stored
    assert '"discovery": "loopback"' in ui.app.settings_path.read_text()


def test_the_keyboard_goes_from_the_menu_to_the_request_and_esc_back(ui, browsers, requests):
    menu = ui.top()
    ui.frames(2)
    for _ in range(30):                                     # the arrows to the menu's entry
        if ui.app.focus.focused(menu).key is next(
                b for b, key in menu.buttons.items() if key == "join"):
            break
        press(ui, pygame.K_DOWN)
    press(ui, pygame.K_RETURN)
    scene = ui.top()
    assert isinstance(scene, join.JoinScene)
    ui.frames(20)
    assert ui.app.focus.focused(scene).key is scene.entries["address"]
    type_text(ui, "127.0.0.1:8765")
    press(ui, pygame.K_RETURN)                              # Return: on to the code
    assert ui.app.focus.focused(scene).key is scene.entries["code"]
    type_text(ui, "SEVEN7")
    for _ in range(20):
        if ui.app.focus.focused(scene).key is scene.join_button:
            break
        press(ui, pygame.K_TAB)
    ui.frames(20)
    press(ui, pygame.K_RETURN)
    assert [(r.address, r.port, r.code) for r in requests] == [("127.0.0.1", 8765, "SEVEN7")]
    press(ui, pygame.K_ESCAPE)
    assert isinstance(ui.top(), MenuScene)
    assert browsers[0].closed >= 1


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "ka"])
@pytest.mark.parametrize("heard", ["tables", "off"])
def test_the_screen_fits_the_window(tmp_path, browsers, monkeypatch, size, language, heard):
    from ui_driver import UiDriver

    if heard == "off":
        monkeypatch.setenv("TABLE_GAMES_DISCOVERY", "off")
    ui = UiDriver(tmp_path, size=size)
    set_language(language)
    try:
        ui.app.lay_out_again()
        scene = open_join(ui)
        if heard == "tables":
            # a lobby of three tables (their lines say which), and tables of their own
            browsers[0].heard = [found(n // 3 if n < 3 else n, "tienlen" if n % 2 else "joker",
                                       free=n % 4, table=f"t{n % 3 + 1}" if n < 3 else "t1",
                                       host="ნინო მაისურაძე" if n % 2 else f"Host {n}")
                                 for n in range(12)]
        ui.frames(40)
        scene.message = t("join.refused.bad_host")
        ui.frames(2)
        ui.screenshot(f"join_{size[0]}_{language}_{heard}")
        for button in scene.table_buttons:                 # each line whole, none cut short
            assert not button.text.endswith("…"), button.text
        screen = ui.app.screen.get_rect()
        widgets = [w for w in scene.widgets if w.visible]
        for widget in widgets:
            assert screen.contains(widget.rect), widget
        for index, one in enumerate(widgets):
            for other in widgets[index + 1:]:
                assert not one.rect.colliderect(other.rect), (one, other)
    finally:
        set_language("en")
        ui.app.quit()


def test_random_input_on_the_screen_never_breaks_it(ui, browsers, requests):
    """Clicks, keys and text at random while tables come and go: nothing raises, and every
    request that comes out passed the door."""
    import random

    from pygame_gui.elements import UIButton

    from game.net.address import parse_address, parse_code

    rng = random.Random("join-monkey")
    scene = open_join(ui)
    keys = (pygame.K_TAB, pygame.K_RETURN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
            pygame.K_DOWN, pygame.K_BACKSPACE, pygame.K_SPACE)
    texts = ("1", "2", ":", ".", "[", "]", "ws://", "localhost:8765", "ჯ", " ", "x" * 40)
    for step in range(400):
        if ui.top() is not scene:
            scene = open_join(ui)
        if step % 50 == 0:
            browsers[-1].heard = [found(n) for n in rng.sample(range(20), rng.randint(0, 12))]
        roll = rng.random()
        if roll < 0.35:
            buttons = [w for w in scene.widgets if isinstance(w, UIButton) and w.visible
                       and w.is_enabled and w.alive()]
            if buttons:
                ui.click(rng.choice(buttons).rect.center)
        elif roll < 0.7:
            press(ui, rng.choice(keys))
        elif roll < 0.95:
            type_text(ui, rng.choice(texts))
        else:
            press(ui, pygame.K_ESCAPE)
        ui.frames(rng.choice((1, 20)))
    for request in requests:
        assert parse_address(f"[{request.address}]:{request.port}" if ":" in request.address
                             else f"{request.address}:{request.port}") == (request.address,
                                                                           request.port)
        assert parse_code(request.code) == request.code


def test_the_remembered_profile_is_found_by_its_id_after_a_rename(ui, browsers):
    tamar = ui.app.history.create_profile("Tamar")
    ui.app.settings["last_join"] = {"address": "127.0.0.1:8765", "code": "ACD349",
                                    "profile": tamar.id}
    ui.app.history.flush()
    ui.app.history.rename_profile(tamar.id, "Tamuna")
    ui.app.history.flush()
    scene = open_join(ui)
    assert scene.entries["name"].get_text() == "Tamuna"
    assert scene.profile_menu.selected_option[0] == "Tamuna"
