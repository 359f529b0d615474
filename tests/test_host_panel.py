"""The host's "Table & friends" panel during play (game/ui/host_panel.py): from the pause menu of
a table this window hosts (which also says the join code and address), by the keyboard alone, a
friend's chair left while they are away is given to an AI of the level chosen; the table plays
on with it, and the friend coming back is told, in words, that the chair is no longer theirs.
Everything on 127.0.0.1 (TABLE_GAMES_BIND); the friend is the window's own link, in-process."""

from __future__ import annotations

import time

import pygame
import pytest
from net_helpers import LOOPBACK
from test_keyboard import focused, press, tab_to

from game.controller.door import Phase
from game.controller.seats import AI, HUMAN, REMOTE, SeatConfig
from game.controller.settings import ControllerSettings
from game.net.window_host import LISTENING
from game.net.window_link import WindowLink
from game.ui.dialogs import PauseScene
from game.ui.focus import step_drop_down
from game.ui.games import GAMES, open_table
from game.ui.host_panel import FriendsScene
from game.ui.hosting import HostingScene
from game.ui.i18n import set_language, t
from game.ui.remote_words import joining_failed_words, seated_words

DT = 0.1
FAST = dict(bot_move_pause_s=0.1, human_move_pause_s=0.1, auto_summary_s=0.5, assists=False)


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    monkeypatch.setenv("TABLE_GAMES_BIND", LOOPBACK)
    monkeypatch.setenv("TABLE_GAMES_DISCOVERY", "off")


def wait_real(ui, predicate, timeout=30):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "the hosted table did not get there in time"
        ui.frames(1, DT)
        time.sleep(0.005)


def friend_link(hosting, name: str = "Minh") -> WindowLink:
    link = WindowLink(f"ws://{LOOPBACK}:{hosting.port}", hosting.code, name)
    link.start()
    return link


def hosted_table(ui, game: str = "tienlen"):
    """A started table: a human here, the friend Minh (joined, then away), two AI."""
    spec = GAMES[game]
    names = list(spec.default_names)
    seats = [SeatConfig(names[0], HUMAN, "easy"), SeatConfig(names[1], REMOTE, "wait"),
             SeatConfig(names[2], AI, "easy"), SeatConfig(names[3], AI, "easy")]
    options = spec.table_options(spec.defaults())[0]
    waiting = HostingScene(ui.app, game, seats, options, ControllerSettings(**FAST), 5,
                           open_table)
    ui.app.stack.push(waiting)
    hosting = waiting.hosting
    wait_real(ui, lambda: hosting.status == LISTENING)
    link = friend_link(hosting)
    wait_real(ui, lambda: hosting.chairs()[1]["state"] == "taken")
    ui.frames(2)
    ui.press(waiting.start_button)
    link.close()                                         # Minh leaves: the chair is held
    wait_real(ui, lambda: hosting.chairs()[1]["state"] == "held")
    return ui.top(), hosting


def open_friends_by_keyboard(ui) -> FriendsScene:
    if not isinstance(ui.top(), PauseScene):
        press(ui, pygame.K_ESCAPE)
    pause = ui.top()
    assert isinstance(pause, PauseScene)
    entry = next(b for b, label in zip(pause.buttons, pause.entries())
                 if label[0] == t("hostplay.entry"))
    tab_to(ui, entry)
    press(ui, pygame.K_RETURN)
    assert isinstance(ui.top(), FriendsScene)
    return ui.top()


def test_an_away_friends_chair_is_given_to_an_ai_from_the_pause_menu_by_keyboard(ui):
    ui.app.settings["ai_level"] = "easy"
    scene, hosting = hosted_table(ui)
    try:
        press(ui, pygame.K_ESCAPE)
        pause = ui.top()
        # the pause menu says where a late friend joins
        assert pause.join_line == t("hostplay.pause_line", code=" ".join(hosting.code),
                                    address=f"{LOOPBACK}:{hosting.port}")
        press(ui, pygame.K_ESCAPE)                         # back to the table
        panel = open_friends_by_keyboard(ui)
        assert list(panel.fill_buttons.values()) == [1]   # only the away friend's chair
        assert focused(ui).key in panel.fill_buttons       # the ring starts on Fill with AI
        # the level: "easy" (the player's usual one: the chair's fallback was to wait) → normal
        menu = panel.level_menus[1]
        step_drop_down(panel, menu, 1)
        assert panel.levels[1] == "normal"
        tab_to(ui, next(iter(panel.fill_buttons)))
        press(ui, pygame.K_RETURN)
        wait_real(ui, lambda: hosting.chairs()[1]["state"] == "bot")
        ui.frames(2)
        ctl = scene.ctl
        assert ctl.seats[1] == SeatConfig("Minh", AI, "normal")
        assert ui.app.notice == t("hostplay.filled", name="Minh", level=t("setup.level.normal"))
        assert not ui.top().fill_buttons                  # nothing left to fill
        # Minh comes back: the chair is not his any more, and he reads why
        again = friend_link(hosting)
        wait_real(ui, lambda: (again.poll() or True) and again.ended is not None)
        assert again.ended == "chair_given"
        assert joining_failed_words("chair_given") == t("net.error.chair_given")
        # Esc: the pause menu; Esc: the table, which plays on with the AI in Minh's chair
        press(ui, pygame.K_ESCAPE)
        assert isinstance(ui.top(), PauseScene)
        press(ui, pygame.K_ESCAPE)
        moves_before = sum(1 for a in ctl.table.record["actions"] if a.get("player") == 1)
        deadline = time.monotonic() + 300
        while not (ctl.deal_over and ctl.deals_played >= 1):
            assert time.monotonic() < deadline
            view = scene.view
            if ui.top() is scene and view.acting is not None:
                with ui.app.table_lock:
                    scene.attempt(view.legal[0])
            elif ui.top() is not scene and hasattr(ui.top(), "next"):
                ui.press(ui.top().next)
            assert not (ctl.phase is Phase.HUMAN and ctl.to_move() == 1)
            ui.frames(1, DT)
        assert sum(1 for a in ctl.table.record["actions"] if a.get("player") == 1) \
            > moves_before
    finally:
        while ui.app.stack.top is not None and hasattr(ui.top(), "ctl"):
            ui.app.stack.pop()
        hosting.stop()
        hosting.wait_stopped()


def test_a_table_not_hosted_has_no_friends_entry_nor_join_line(ui):
    ui.open_game("domino", ["human", "ai", "ai", "ai"], seed=3)
    press(ui, pygame.K_ESCAPE)
    pause = ui.top()
    assert isinstance(pause, PauseScene)
    assert pause.join_line is None
    assert t("hostplay.entry") not in [label for label, _ in pause.entries()]


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "ka"])
def test_the_panel_and_the_pause_menu_fit_the_window(tmp_path, size, language):
    """Screenshots (screenshots/host_panel_*.png) and the panel's widgets inside it."""
    from ui_driver import UiDriver

    ui = UiDriver(tmp_path, size)
    ui.app.settings["animation"] = "fast"
    set_language(language)
    scene, hosting = hosted_table(ui)
    try:
        press(ui, pygame.K_ESCAPE)
        ui.frames(2)
        pause = ui.top()
        ui.screenshot(f"host_pause_{language}_{size[0]}")
        assert all(pause.panel().contains(button.rect) for button in pause.buttons)
        panel = open_friends_by_keyboard(ui)
        ui.frames(2)
        ui.screenshot(f"host_panel_{language}_{size[0]}")
        box = panel.panel()
        assert box.width <= ui.app.size[0] and box.height <= ui.app.size[1]
        for widget in [*panel.fill_buttons, *panel.level_menus.values(), panel.back]:
            assert box.contains(widget.rect), widget
        menu, button = panel.level_menus[1], next(iter(panel.fill_buttons))
        assert not menu.rect.colliderect(button.rect)
    finally:
        while ui.app.stack.top is not None and hasattr(ui.top(), "ctl"):
            ui.app.stack.pop()
        hosting.stop()
        hosting.wait_stopped()
        ui.app.quit()


def test_a_friend_seated_at_a_window_hosted_table_reads_that_the_host_starts_it(ui):
    spec = GAMES["domino"]
    names = list(spec.default_names)
    seats = [SeatConfig(names[0], HUMAN, "easy"), SeatConfig(names[1], REMOTE, "easy"),
             SeatConfig(names[2], AI, "easy"), SeatConfig(names[3], REMOTE, "easy")]
    waiting = HostingScene(ui.app, "domino", seats, spec.table_options(spec.defaults())[0],
                           ControllerSettings(**FAST), 5, open_table)
    ui.app.stack.push(waiting)
    hosting = waiting.hosting
    try:
        wait_real(ui, lambda: hosting.status == LISTENING)
        link = friend_link(hosting)
        arrived: list = []
        wait_real(ui, lambda: arrived.extend(link.poll()) or any(
            m.get("type") == "seated" for m in arrived))
        seated = next(m for m in arrived if m.get("type") == "seated")
        assert seated["starts"] == "host"
        assert seated_words(seated) == t("hostplay.seated_host") != t("remote.seated")
        link.close()
    finally:
        ui.app.stack.pop()
        hosting.wait_stopped()
