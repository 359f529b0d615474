"""The game's own table scene over the remote table door, in the headless window, joined to a
host in the test's process (remote_helpers.py: no network, time as a number): its move log
tells the host's moves, a refusal of the host is said in the player's language, the summary's
button sends `ready`, the game's end opens its Review on the host's record, and the host
leaving is said over the table before the menu."""

from __future__ import annotations

import pytest

from game.controller.door import Phase
from game.controller.story import Story
from game.ui.games import GAMES
from game.ui.i18n import t
from game.ui.joining import RemoteWatch
from game.ui.menu import MenuScene
from game.ui.move_words import line_words
from game.net.remote_table import open_remote_table

from remote_helpers import PretendLink, host_settings, hosted_table


def open_remote(ui, tmp_path, game: str, **spec):
    link = PretendLink(hosted_table(tmp_path, game, **spec))
    link.tick(0.01)
    watch = RemoteWatch(ui.app, "profile-ana")
    door = open_remote_table(link, ui.now, link.poll(), watch.game_over)
    ui.app.remote_watch = watch.following(door)
    ui.app.show("menu", reset=True)
    scene = GAMES[game].scene_class()(ui.app, door)
    ui.app.stack.push(scene)
    return scene, link


def frame(ui, link, dt: float = 0.05) -> None:
    link.tick(ui.now + dt)
    ui.frames(1, dt)


def play(ui, scene, link, moves: int) -> None:
    """The window's seat plays its first legal move through the scene, `moves` times."""
    for _ in range(4000):
        if moves <= 0 or scene.ctl.ended is not None:
            return
        frame(ui, link)
        view = scene.view
        if view.acting is not None and ui.app.stack.top is scene:
            scene.attempt(view.legal[0])
            moves -= 1


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_move_log_tells_the_hosts_moves(ui, tmp_path, game):
    scene, link = open_remote(ui, tmp_path, game, deals=2)
    play(ui, scene, link, 4)
    ui.press(scene.move_log.button)
    assert scene.move_log.shown
    story = Story()
    story.follow(scene.ctl.review_record())
    names = scene.ctl.names
    assert scene.move_log.texts() == [line_words(game, line, names) for line in story.lines]
    assert len(scene.move_log.texts()) >= 5
    assert any(line.player == 0 for line in story.lines)     # our own moves are told too


def test_a_refusal_of_the_host_is_said_in_the_players_language(ui, tmp_path):
    scene, link = open_remote(ui, tmp_path, "domino")
    while scene.view.acting is None:
        frame(ui, link)
    link.send("act", action={"type": "pass"}, at=[0, 0])      # stale: the table moved on
    frame(ui, link)
    said = [message.text for message in scene.log.shown()]
    assert t("table.refused", reason=t("net.error.stale")) in said


def test_the_summary_button_sends_ready_and_the_end_opens_the_review(ui, tmp_path):
    from game.ui.review_screen import ReviewScene
    scene, link = open_remote(ui, tmp_path, "joker", deals=2,
                              settings=host_settings(auto_summary_s=1000))
    summaries = 0
    for _ in range(6000):
        frame(ui, link)
        view, top = scene.view, ui.app.stack.top
        if view.acting is not None and top is scene:
            scene.attempt(view.legal[0])
        elif scene.dialog is not None and top is scene.dialog \
                and scene.ctl.phase is Phase.SUMMARY and scene.ctl.ended is None:
            ui.press(scene.dialog.next)                       # the summary's Next
            summaries += 1
            assert ("ready", {}) in link.sent
            ui.frames(1)
            assert t("session.others_reading") in [m.text for m in scene.log.shown()], \
                "the table says why it stands still"
        if scene.ctl.final_record is not None and scene.dialog is not None \
                and top is scene.dialog:
            break
    assert summaries == 1 and scene.ctl.final_record is not None  # the host's whole record
    record = scene.ctl.review_record()
    assert len(record["deals"]) == 2 and record["table"]["across_machines"]
    ui.press(scene.dialog.review)                              # Review, from the last summary
    assert isinstance(ui.top(), ReviewScene) and ui.top().reviewed.deals


def test_the_host_leaving_is_said_and_the_window_goes_to_the_menu(ui, tmp_path):
    scene, link = open_remote(ui, tmp_path, "tienlen")
    play(ui, scene, link, 2)
    link.hosted.stop("host_closing")
    said = []
    for _ in range(200):
        frame(ui, link)
        said += [message.text for message in scene.log.shown()]
        if isinstance(ui.top(), MenuScene):
            break
        assert ui.app.notice != t("remote.host_left"), "said once over the table, not twice"
    assert t("remote.host_left") in said
    assert isinstance(ui.top(), MenuScene) and ui.app.notice == t("remote.host_left")


def test_the_pause_menu_says_only_this_screen_pauses(ui, tmp_path):
    from game.ui.dialogs import PauseScene
    scene, link = open_remote(ui, tmp_path, "domino")
    frame(ui, link)
    scene.open_pause()
    pause = ui.top()
    assert isinstance(pause, PauseScene) and pause.across_machines and scene.ctl.paused
    ui.frames(2)
    pause.resume()
    assert not scene.ctl.paused


@pytest.mark.parametrize("code, words", [
    ("unreachable", "remote.unreachable"), ("wrong_code", "net.error.wrong_code"),
    ("table_full", "net.error.table_full"), ("host_closing", "remote.host_left"),
    ("games_done", "net.end.games_done")])
def test_a_joining_that_found_no_chair_is_said_in_words(code, words):
    from game.ui.remote_words import joining_failed_words
    assert joining_failed_words(code) == t(words)
