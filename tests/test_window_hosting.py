"""A table hosted from the window (docs/network.md, "The window's side: hosting"): the setup's
Open chair, the waiting panel (the code, the address, Fill with AI, Start), a real bot joiner
PROCESS in the Open chair while a human plays at the window and two AI fill the rest — every
game to its end —, and a hosted table closed as a kill would, reopened from Continue, its joiner
coming back to its chair. Everything on 127.0.0.1 (TABLE_GAMES_BIND)."""

from __future__ import annotations

import time

import pytest
from net_helpers import LOOPBACK, Process

from game.controller.door import Phase
from game.controller.seats import AI, HUMAN, REMOTE, SeatConfig
from game.controller.settings import ControllerSettings
from game.net.window_host import CODE_LENGTH, CODE_LETTERS, LISTENING
from game.ui.games import GAMES, open_table
from game.ui.hosting import HostingScene
from game.ui.setup import SetupScene

DT = 0.1
#: real seconds a joiner process may take to sit down (the machine is shared)
SIT_TIMEOUT_S = 60
OPTIONS = {"domino": {}, "tienlen": {}, "joker": {"game_type": "nines"}}
FAST = dict(bot_move_pause_s=0.1, human_move_pause_s=0.1, auto_summary_s=0.5, assists=False)


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    monkeypatch.setenv("TABLE_GAMES_BIND", LOOPBACK)
    monkeypatch.setenv("TABLE_GAMES_DISCOVERY", "off")


def wait_real(ui, predicate, timeout=SIT_TIMEOUT_S):
    """Frames (simulated time) until `predicate()`, bounded in real time: the host's thread
    and the joiner's process run in real time."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "the hosted table did not get there in time"
        ui.frames(1, DT)
        time.sleep(0.005)


def joiner(tmp_path, port: int, code: str, name: str = "Minh", *extra: str) -> Process:
    return Process(["join", f"ws://{LOOPBACK}:{port}", "--code", code, "--bot", "easy",
                    "--name", name, "--budget", "0.05", *extra], tmp_path / name)


def host_scene(ui, game: str, seed: int = 3) -> HostingScene:
    """The waiting panel of a table: a human at this screen, an Open chair, two AI."""
    spec = GAMES[game]
    names = list(spec.default_names)
    seats = [SeatConfig(names[0], HUMAN, "easy"), SeatConfig(names[1], REMOTE, "easy"),
             SeatConfig(names[2], AI, "easy"), SeatConfig(names[3], AI, "easy")]
    options = spec.table_options({**spec.defaults(), **OPTIONS[game]})[0]
    scene = HostingScene(ui.app, game, seats, options, ControllerSettings(**FAST), seed,
                         open_table)
    ui.app.stack.push(scene)
    wait_real(ui, lambda: scene.hosting.status == LISTENING, 20)
    return scene


def test_the_setup_s_open_chair_hosts_the_table_and_fill_with_ai_lets_it_start(ui):
    ui.app.show("setup", "tienlen")
    setup = ui.top()
    assert isinstance(setup, SetupScene)
    setup.seats[1] = SeatConfig("Bình", REMOTE, "wait")
    setup.rebuild()
    ui.frames(2)
    assert setup.hold_button is not None                 # "If a friend drops: …"
    ui.press(setup.hold_button)
    assert setup.hold_s == 300
    ui.press(setup.start_button)
    waiting = ui.top()
    assert isinstance(waiting, HostingScene)
    wait_real(ui, lambda: waiting.hosting.status == LISTENING, 20)
    hosting = waiting.hosting
    assert hosting.bind == LOOPBACK and hosting.addresses() == [LOOPBACK]
    assert len(hosting.code) == CODE_LENGTH and set(hosting.code) <= set(CODE_LETTERS)
    assert hosting.spec.hold_s == 300
    assert not waiting.start_button.is_enabled            # the Open chair waits
    assert [chair["state"] for chair in hosting.chairs()] == ["local", "open", "bot", "bot"]
    ui.frames(2)
    (fill,) = waiting.fill_buttons
    ui.press(fill)
    wait_real(ui, lambda: waiting.hosting.ready(), 10)
    ui.frames(2)
    assert waiting.start_button.is_enabled
    ui.press(waiting.start_button)
    table = ui.top()
    assert table.ctl.seats[1].kind == AI and table.ctl.seats[1].level == ui.app.settings["ai_level"]
    ui.app.stack.pop()                                   # the host stops with its table
    hosting.wait_stopped()
    assert not hosting.thread.is_alive()


def play_hosted(ui, scene, joiner_process, until) -> dict:
    """Play at the window (the local human: its first legal move) until `until(ctl)`;
    returns what was seen: the remote seat's moves, and whether its hand was ever shown."""
    seen = {"remote_moves": 0, "frames": 0}
    ctl = scene.ctl
    remote = next(i for i, seat in enumerate(ctl.seats) if seat.is_remote)
    deadline = time.monotonic() + 600
    while not until(ctl):
        assert time.monotonic() < deadline, "the game did not end in time"
        assert joiner_process.process.poll() is None or until(ctl), \
            joiner_process.stderr_so_far()
        view = scene.view
        assert view.seat != remote and view.acting != remote     # never the friend's hand
        with ui.app.table_lock:
            if ctl.phase is Phase.HUMAN and ctl.to_move() == remote:
                # this screen waits for the friend as for a bot ("… is thinking")
                now = ctl.view()
                assert now.phase is Phase.BOT and now.acting is None and now.legal == ()
                seen["waited"] = seen.get("waited", 0) + 1
        top = ui.top()
        if top is scene and view.acting is not None:
            with ui.app.table_lock:       # as the window's input is: inside its frame
                scene.attempt(view.legal[0])
        elif top is not scene and hasattr(top, "next") and ctl.phase is Phase.SUMMARY:
            ui.press(top.next)
        ui.frames(1, DT)
        seen["frames"] += 1
        time.sleep(0.002)
    with ui.app.table_lock:
        seen["remote_moves"] = sum(1 for action in ctl.table.record["actions"]
                                   if action.get("player") == remote)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("game", ["tienlen", "domino", "joker"])
def test_a_local_human_a_remote_joiner_and_two_ai_play_a_whole_game(ui, tmp_path, game):
    ui.app.settings["animation"] = "fast"
    waiting = host_scene(ui, game)
    hosting = waiting.hosting
    friend = joiner(tmp_path, hosting.port, hosting.code)
    try:
        wait_real(ui, hosting.ready)
        assert hosting.chairs()[1] == {"name": "Minh", "state": "taken"}
        ui.frames(2)
        ui.press(waiting.start_button)
        scene = ui.top()
        assert scene.ctl.seats[1] == SeatConfig("Minh", REMOTE, "easy")
        # Tiến Lên is a session of games: two games, the friend seated for both, then its
        # player ends the session; a whole Joker game (16 or 24 deals) is played by the
        # headless tests: two deals here
        over = {"tienlen": lambda ctl: ctl.phase is Phase.SUMMARY and ctl.deals_played >= 2,
                "joker": lambda ctl: ctl.deal_over and ctl.deals_played >= 2}.get(
            game, lambda ctl: ctl.phase is Phase.OVER)
        seen = play_hosted(ui, scene, friend, over)
        assert seen["remote_moves"] > 0 and seen["waited"] > 0
        if game == "tienlen":           # at the second game's payment table: Leave the table
            wait_real(ui, lambda: ui.top() is scene.dialog and scene.dialog.leave is not None)
            ui.press(scene.dialog.leave)
            assert scene.session_over
        if game in ("domino", "tienlen"):    # the joiner hears the end and exits 0
            wait_real(ui, lambda: friend.process.poll() is not None)
            assert friend.finish() == 0, friend.stderr_so_far()
            line = friend.json_lines()[-1]
            assert line["result"]["finished"] and line["game"] == game
            assert line["result"]["deals"] == (2 if game == "tienlen" else line["result"]["deals"])
    finally:
        ui.app.stack.pop()
        hosting.wait_stopped()
        friend.kill()


@pytest.mark.slow
def test_a_hosted_table_closed_as_by_a_kill_reopens_from_continue_and_its_joiner_returns(
        ui, tmp_path):
    game = "tienlen"
    waiting = host_scene(ui, game, seed=11)
    hosting = waiting.hosting
    code, port = hosting.code, hosting.port
    friend = joiner(tmp_path, port, code)
    try:
        wait_real(ui, hosting.ready)
        ui.frames(2)
        ui.press(waiting.start_button)
        scene = ui.top()
        seen = play_hosted(ui, scene, friend, lambda ctl: sum(
            1 for a in ctl.table.record["actions"] if a.get("player") == 1) >= 2)
        assert seen["remote_moves"] >= 2
        # the window goes as a killed one does: the host says nothing, the save stays
        scene.when_closed.remove(hosting.stop)
        hosting.stop(tell=False)
        hosting.wait_stopped()
        ui.app.show("menu", reset=True)
        ui.open_saved(0)
        reopened = ui.top()
        assert reopened.ctl.seats[1] == SeatConfig("Minh", REMOTE, "easy")
        again = ui.app.hosting
        assert again is not hosting and again.code == code
        wait_real(ui, lambda: again.status == LISTENING, 20)
        assert again.port == port                         # where its joiner comes back to
        # the notice says all a friend needs to join again
        assert code in ui.app.notice and f"{LOOPBACK}:{port}" in ui.app.notice
        wait_real(ui, lambda: again.chairs()[1]["state"] == "taken")   # Minh is back
        seen = play_hosted(ui, reopened, friend,
                           lambda ctl: ctl.deal_over and ctl.deals_played >= 1)
        assert seen["remote_moves"] > 2                   # its moves before and after
    finally:
        ui.app.stack.pop()
        friend.kill()


def test_the_bind_address_is_the_local_network_unless_the_environment_says_otherwise():
    from game.net.window_host import bind_address

    assert bind_address({}) == "0.0.0.0"
    assert bind_address({"TABLE_GAMES_BIND": " 127.0.0.1 "}) == "127.0.0.1"
    assert bind_address({"TABLE_GAMES_BIND": "::1"}) == "::1"
    # a value that is not an address never opens the table wider than this computer
    assert bind_address({"TABLE_GAMES_BIND": "everywhere"}) == "127.0.0.1"


def test_a_saves_hosting_block_is_checked_as_any_input():
    from game.net.window_host import saved_hosting

    assert saved_hosting({"hosting": {"code": "ACD349", "port": 45000}}) == ("ACD349", 45000)
    for bad in ({"hosting": {"code": "two words", "port": 1}},
                {"hosting": {"code": "A" * 40, "port": 1}},
                {"hosting": {"code": "ACD349", "port": 70000}},
                {"hosting": {"code": "ACD349", "port": True}},
                {"hosting": {"code": 12, "port": 1}}, {"hosting": []}, {}, None):
        assert saved_hosting(bad) is None, bad


def test_a_table_bound_to_this_computer_is_advertised_to_it_alone(ui):
    from game.net.discovery import LOOPBACK as LOOPBACK_MODE, NETWORK
    from game.net.window_host import WindowHosting

    seats = [SeatConfig("Ani", HUMAN), SeatConfig("Budi", REMOTE, "easy")]
    hosting = WindowHosting("tienlen", seats, code="ACD349", lock=ui.app.table_lock,
                            clock=lambda: 0.0, hold_s=60, records=ui.app.data_dir,
                            discovery=NETWORK)
    assert hosting.bind == LOOPBACK and hosting.announcer.mode == LOOPBACK_MODE
    chairs = [{"state": "local"}, {"state": "open"}]
    ads = [advert.ad for advert in hosting.announcer.adverts_for(
        5000, [{"id": "t1", "game": "tienlen", "chairs": chairs}]).values()]
    assert [(ad.game, ad.free_chairs, ad.chairs, ad.port) for ad in ads] == [
        ("tienlen", 1, 2, 5000)]


def test_continue_says_the_code_and_each_address_with_its_port(ui):
    """A table hosted again from Continue: the notice says all a friend needs to join again,
    the code and the address:port (the port may not be the saved one: it is the host's own,
    once it listens)."""
    from game.net.window_host import WindowHosting
    from game.ui.hosting import hosted_again_words
    from game.ui.i18n import set_language, t

    seats = [SeatConfig("Ani", HUMAN), SeatConfig("Budi", REMOTE, "easy")]
    hosting = WindowHosting("tienlen", seats, code="ACD349", lock=ui.app.table_lock,
                            clock=lambda: 0.0, hold_s=60, records=ui.app.data_dir,
                            returning=True).start()
    try:
        words = hosted_again_words(hosting)
        assert hosting.port is not None
        assert words == t("nearby.hosted_again", code="ACD349",
                          address=f"{LOOPBACK}:{hosting.port}")
        set_language("ka")
        assert f"{LOOPBACK}:{hosting.port}" in hosted_again_words(hosting)
    finally:
        hosting.stop()
        hosting.wait_stopped()
    # a host that could not listen (the port taken by another program, say): the code alone
    failed = WindowHosting("tienlen", seats, code="ACD349", lock=ui.app.table_lock,
                           clock=lambda: 0.0, hold_s=60, records=ui.app.data_dir)
    failed.status, failed.port = "failed", None
    failed.settled.set()
    assert hosted_again_words(failed) == t("hosting.again", code="ACD349")


def test_an_ipv6_address_to_join_at_is_written_in_brackets(ui):
    from game.net.window_host import WindowHosting

    hosting = WindowHosting("tienlen", [SeatConfig("Ani", HUMAN), SeatConfig("B", REMOTE)],
                            code="ACD349", lock=ui.app.table_lock, clock=lambda: 0.0,
                            hold_s=60, records=ui.app.data_dir)
    assert hosting.join_points() == []                     # not listening yet
    hosting.bind, hosting.port = "::1", 45123
    assert hosting.join_points() == ["[::1]:45123"]
    hosting.bind = "127.0.0.1"
    assert hosting.join_points() == ["127.0.0.1:45123"]
