"""The window joins a real headless host over loopback (`main.py host`) and plays its chair
through the game's own table scene to the end of a one-deal game, for each game: Joining…,
the table drawn from the remote door, moves by `scene.attempt`, the summary read, and back to
the menu once the table has played its games. Every frame the window's link received holds
only what its seat may see (the check of test_net_games.py, against the host's record)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from game.controller.door import Phase
from game.net import window_link
from game.net.address import JoinRequest
from game.net.codec import Codec
from game.ui import joining
from game.ui.menu import MenuScene

from net_helpers import LOOPBACK, positions, start_host
from test_net_games import check_frame

#: real host processes (make test-fast leaves them out)
pytestmark = pytest.mark.slow

#: real seconds a game may take at most (a hung link fails, it never hangs the suite)
GAME_DEADLINE_S = 40


@pytest.fixture
def frames(monkeypatch):
    """Every frame the window's link receives, as text."""
    kept: list[str] = []

    def open_link(*args, **kwargs):
        return window_link.open_link(*args, **kwargs, on_frame=kept.append)

    monkeypatch.setattr(joining, "open_link", open_link)
    return kept


def table_scene(ui):
    return next((scene for scene in ui.app.stack.scenes if hasattr(scene, "ctl")), None)


def frame(ui, dt: float = 0.05) -> None:
    ui.frames(1, dt)
    time.sleep(0.003)                     # the link's thread and the host get their turn


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_window_plays_a_remote_chair_to_the_end(ui, frames, tmp_path, game):
    # Tiến Lên: a table of two games (each a session of one game), each opened afresh
    games = 2 if game == "tienlen" else 1
    host, port = start_host(tmp_path / "host", game, "open,easy,easy,easy", "--deals", "1",
                            "--games", str(games), "--budget", "0.05")
    rng = random.Random(game)
    try:
        ui.app.join_table(JoinRequest(LOOPBACK, port, "sesame", None, "Ana"))
        assert isinstance(ui.top(), joining.JoiningScene)
        deadline = time.monotonic() + GAME_DEADLINE_S
        moves = summaries = 0
        seen_thinking = False
        doors = []
        while time.monotonic() < deadline:
            frame(ui)
            scene = table_scene(ui)
            if scene is None:
                if moves and isinstance(ui.top(), MenuScene):
                    break                 # the table played its game: back at the menu
                continue
            door, view = scene.ctl, scene.view
            doors += [door] if door not in doors else []
            if door.finished and door.phase is Phase.OVER and ui.top() is scene.dialog:
                ui.press(scene.dialog.menu)               # a session's balances: Menu
                continue
            seen_thinking = seen_thinking or (view.phase is Phase.BOT and view.to_move != 0)
            if view.acting == 0 and view.legal and not door.paused:
                assert scene.attempt(rng.choice(view.legal)) is not None
                moves += 1
            elif door.phase is Phase.SUMMARY and not scene.timeline.holding(ui.now):
                door.acknowledge_summary(ui.now)          # the summary's Next
                summaries += 1
        assert host.finish() == 0, host.stderr_so_far()
    finally:
        host.kill()
    assert isinstance(ui.top(), MenuScene), type(ui.top()).__name__
    assert moves > 0 and summaries >= games and seen_thinking
    assert [door.welcome["number"] for door in doors] == list(range(1, games + 1))
    line = host.json_lines()[-1]
    assert line["seats"][0]["name"] == "Ana" and line["result"]["deals"] == 1
    assert line["number"] == games
    if game == "tienlen":             # each session played out is the joiner's to keep
        assert ui.app.remote_watch.recorded == {1, 2}
        played = [line for line in host.json_lines() if "record" in line]
        for number in (1, 2):
            check_privacy(game, Path(played[number - 1]["record"]), frames_of(frames, number))
    else:
        check_privacy(game, Path(line["record"]), frames)


def frames_of(texts: list[str], number: int) -> list[str]:
    """The frames of the table's game `number` (from its welcome to the next one's)."""
    kept, current = [], 0
    for text in texts:
        message = json.loads(text)
        if message.get("type") == "welcome":
            current = message.get("number")
        if current == number:
            kept.append(text)
    return kept


def check_privacy(game: str, record: Path, texts: list[str]) -> None:
    states, codec = positions(record), Codec(game)
    received = [json.loads(text) for text in texts]
    seat = next(message["seat"] for message in received if message["type"] == "welcome")
    checked = 0
    for message in received:
        assert "hands" not in json.dumps({**message, "game_record": None}), message["type"]
        if message["type"] in ("view", "events"):
            check_frame(message, states[tuple(message["position"])], seat, codec)
            checked += 1
    assert checked > 5


def test_an_address_where_no_host_listens_goes_back_to_the_join_screen(ui):
    import socket
    with socket.socket() as probe:            # a port nobody listens on
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    ui.app.show("join")
    ui.app.join_table(JoinRequest(LOOPBACK, port, "sesame", None, "Ana"))
    deadline = time.monotonic() + 20
    while isinstance(ui.top(), joining.JoiningScene) and time.monotonic() < deadline:
        frame(ui)
    from game.ui.join import JoinScene
    from game.ui.i18n import t
    assert isinstance(ui.top(), JoinScene)
    assert ui.top().message == t("remote.unreachable")


def test_esc_gives_up_joining(ui, tmp_path):
    import pygame
    host, port = start_host(tmp_path / "host", "domino", "open,open,easy,easy")
    try:
        ui.app.show("join")
        ui.app.join_table(JoinRequest(LOOPBACK, port, "sesame", None, "Ana"))
        deadline = time.monotonic() + 10
        while not ui.top().seated and time.monotonic() < deadline:
            frame(ui)                         # seated: the other open chair is empty
        assert ui.top().seated
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="\x1b"))
        frame(ui)
        from game.ui.join import JoinScene
        assert isinstance(ui.top(), JoinScene)
    finally:
        host.kill()


def test_the_host_leaving_is_said_over_the_table_then_the_menu(ui, tmp_path):
    from game.ui.i18n import t
    host, port = start_host(tmp_path / "host", "joker", "open,easy,easy,easy", "--budget", "0.05")
    try:
        ui.app.join_table(JoinRequest(LOOPBACK, port, "sesame", None, "Ana"))
        deadline = time.monotonic() + 20
        while table_scene(ui) is None and time.monotonic() < deadline:
            frame(ui)
        scene = table_scene(ui)
        assert scene is not None
        host.process.terminate()                  # SIGTERM: the host closes its tables
        assert host.finish() == 0
        said = []
        while table_scene(ui) is not None and time.monotonic() < deadline + 20:
            frame(ui)
            said += [message.text for message in scene.log.shown()]
    finally:
        host.kill()
    assert t("remote.host_left") in said                # over the table
    assert ui.app.notice == t("remote.host_left")       # and still over the menu
    assert isinstance(ui.top(), MenuScene)


def test_a_wrong_code_is_said_on_the_join_screen(ui, tmp_path):
    from game.ui.i18n import t
    from game.ui.join import JoinScene
    host, port = start_host(tmp_path / "host", "domino", "open,easy,easy,easy")
    try:
        ui.app.show("join")
        ui.app.join_table(JoinRequest(LOOPBACK, port, "not-it", None, "Ana"))
        deadline = time.monotonic() + 20
        while isinstance(ui.top(), joining.JoiningScene) and time.monotonic() < deadline:
            frame(ui)
    finally:
        host.kill()
    assert isinstance(ui.top(), JoinScene)
    assert ui.top().message == t("net.error.wrong_code")


def test_a_killed_host_is_said_at_once_over_the_table_then_the_host_left_and_the_menu(
        ui, tmp_path, monkeypatch):
    """A host killed mid-deal: the joiner's table says at once that the connection is lost
    and being tried again (nothing offered to play, nobody "thinking"), then, the tries over,
    that the host has left, and the menu."""
    from game.net import joiner
    from game.ui import drawn
    from game.ui.i18n import t
    monkeypatch.setattr(joiner, "RECONNECT_TRIES", 3)     # a short retry (about 1.5 s)
    host, port = start_host(tmp_path / "host", "joker", "open,easy,easy,easy", "--budget",
                            "0.05")
    try:
        ui.app.join_table(JoinRequest(LOOPBACK, port, "sesame", None, "Ana"))
        deadline = time.monotonic() + 20
        while table_scene(ui) is None and time.monotonic() < deadline:
            frame(ui)
        scene = table_scene(ui)
        assert scene is not None
        host.process.kill()                               # SIGKILL: nothing said to anyone
        host.process.wait()
        lost_by = time.monotonic() + 3
        while not scene.ctl.reconnecting and time.monotonic() < lost_by:
            frame(ui)
        assert scene.ctl.reconnecting, "the lost connection was not said at once"
        assert scene.view.acting is None and scene.ctl.phase is not Phase.BOT
        with drawn.recording() as seen:
            scene.draw(ui.app.screen)
        assert t("drops.reconnecting") in [text for _, text in seen.texts]
        said = []
        while table_scene(ui) is not None and time.monotonic() < deadline + 20:
            frame(ui)
            said += [message.text for message in scene.log.shown()]
    finally:
        host.kill()
    assert t("remote.host_left") in said
    assert isinstance(ui.top(), MenuScene)
