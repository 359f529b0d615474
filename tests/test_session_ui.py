"""A hosted table's sessions in the headless window, the host in the test's process
(remote_helpers.py: no network, time as a number). The host's side: its summary, read, says
whom the next deal waits for. The joiner's side: a table of several games opens the game's
table scene again on each new game, its own move log and review, and each finished game goes
into the joiner's history."""

from __future__ import annotations

import pygame
import pytest

from game.controller.door import Phase
from game.controller.story import Story
from game.net.remote_table import RemoteTable, open_remote_table
from game.ui.games import GAMES
from game.ui.i18n import set_language, t
from game.ui.joining import RemoteWatch
from game.ui.move_words import line_words

from remote_helpers import PretendLink, hosted_table, window_hosted

DT = 0.05


class InProcessHosting:
    """What the window asks of the table it hosts (window_host.WindowHosting), of the table
    hosted in this process: whom its summary waits for, and to stop (its joiners told)."""

    def __init__(self, ui, hosted):
        self.ui, self.hosted, self.ctl = ui, hosted, hosted.ctl

    def attach(self, ctl) -> None:
        """(window_hosted attached it already)"""

    def summary_waits_for(self) -> tuple:
        return self.ctl.remote_seats.waiting_for()

    def where(self) -> None:
        """No code nor address to show: nothing listens here."""
        return None

    reconnecting = False                  # the host's own window never loses its host

    def away_seats(self, now: float) -> dict:
        return {}

    def stop(self, tell: bool = True) -> None:
        self.hosted.stop("host_closing")


def host_window(ui, tmp_path, game: str):
    """The host's window on a table hosted from it (its player in seat 0) and the joiner's
    door (seat 1), who plays its first legal move and reads no summary unless told."""
    hosted, ctl, link = window_hosted(tmp_path, game)
    ui.app.show("menu", reset=True)
    scene = GAMES[game].scene_class()(ui.app, ctl)
    ui.app.stack.push(scene)
    ui.app.hosting = InProcessHosting(ui, hosted)
    door = RemoteTable(link, ui.now, arrived=link.poll())
    return scene, door, link


def host_frame(ui, scene, door, link) -> None:
    ui.frames(1, DT)
    link.tick(ui.now)
    door.release(ui.now)
    door.update(ui.now)
    view = door.view()
    if view.acting is not None:
        door.human_action(view.legal[0], ui.now)
    view = scene.view
    if view.acting is not None and ui.app.stack.top is scene:
        scene.attempt(view.legal[0])


def summary_read_at_the_host(ui, scene, door, link):
    """Up to the host's first summary, read there (its Next pressed); the joiner still reads."""
    for _ in range(6000):
        host_frame(ui, scene, door, link)
        dialog = scene.dialog
        if dialog is not None and ui.app.stack.top is dialog and scene.ctl.phase is Phase.SUMMARY:
            ui.press(dialog.next)
            ui.frames(2, DT)
            return dialog
    raise AssertionError("no summary at the host")


def test_the_hosts_summary_says_whom_the_next_deal_waits_for(ui, tmp_path):
    scene, door, link = host_window(ui, tmp_path, "joker")
    dialog = summary_read_at_the_host(ui, scene, door, link)
    assert scene.ctl.remote_seats.waiting_for() == (1,)
    assert dialog.next.text == t("session.waiting_for", names="Lan")
    assert not dialog.next.is_enabled and scene.ctl.phase is Phase.SUMMARY
    ui.screenshot("session-host-waiting-en-1280")
    assert ui.app.focus.focused(dialog).key is dialog.next, "the ring stays on the way on"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    ui.frames(2)                                          # a second Return reaches nothing
    assert ui.top() is dialog and scene.ctl.phase is Phase.SUMMARY
    door.acknowledge_summary(ui.now)                      # Lan has read it: `ready`
    for _ in range(10):
        host_frame(ui, scene, door, link)
    assert scene.ctl.deals_played == 2 and scene.dialog is not dialog


def test_the_waiting_words_fit_a_small_window_in_georgian(ui, tmp_path):
    ui.app.resize((800, 600))
    set_language("ka")
    scene, door, link = host_window(ui, tmp_path, "tienlen")
    dialog = summary_read_at_the_host(ui, scene, door, link)
    whole = t("session.waiting_for", names="Lan")
    assert dialog.next.text == whole                      # not cut short
    assert dialog.next.font.size(whole)[0] <= dialog.next.rect.width
    ui.screenshot("session-host-waiting-ka-800")


def joined(ui, tmp_path, game: str, **spec):
    """The joiner's window at a table of the host in this process, `spec` its games."""
    profile = ui.app.history.create_profile("Ana")
    link = PretendLink(hosted_table(tmp_path, game, **spec))
    link.tick(0.01)
    watch = RemoteWatch(ui.app, profile.id)
    watch.sit_at(open_remote_table(link, ui.now, link.poll(), watch.game_over))
    return watch, link, profile


def table_scene(ui):
    return next((scene for scene in ui.app.stack.scenes if hasattr(scene, "ctl")), None)


def joiner_plays_until(ui, link, until, frames: int = 8000, next_game: bool = True) -> None:
    """The joiner's seat plays its first legal move and presses the way on of every summary
    and end (Next deal; Next game, unless told not to) until `until()`."""
    for _ in range(frames):
        if until():
            return
        link.tick(ui.now + DT)
        ui.frames(1, DT)
        scene = table_scene(ui)
        if scene is None:
            continue
        top, view = ui.app.stack.top, scene.view
        if view.acting is not None and top is scene:
            scene.attempt(view.legal[0])
        elif top is scene.dialog and top is not None and not scene.timeline.holding(ui.now):
            button = (getattr(top, "next_game", None) if next_game else None) or \
                getattr(top, "next", None)
            if button is not None and button.is_enabled:
                ui.press(button)
    raise AssertionError("the joiner's window did not get there")


def test_a_joined_table_of_several_games_opens_each_game_afresh(ui, tmp_path):
    watch, link, profile = joined(ui, tmp_path, "tienlen", deals=1, games=2)
    first = watch.door
    joiner_plays_until(ui, link, lambda: first.game_over_message is not None)
    assert first.welcome["number"] == 1
    # the game's end offers the next game, which the host has begun meanwhile
    joiner_plays_until(ui, link, lambda: watch.door is not first)
    second = watch.door
    scene = table_scene(ui)
    assert scene.ctl is second and second.welcome["number"] == 2
    assert any(kind == "act" for kind, _ in link.sent) and ("bye", {}) not in link.sent
    # the new game's own move log: its moves only, as the host's record of game 2 tells them
    joiner_plays_until(ui, link, lambda: sum(
        1 for move in second.review_record()["actions"] if move.get("player") == 0) >= 2)
    ui.screenshot("session-joiner-second-game")
    story = Story()
    story.follow(second.review_record())
    ui.press(scene.move_log.button)
    assert scene.move_log.texts() == [line_words("tienlen", line, second.names)
                                      for line in story.lines]
    told = second.review_record()["actions"]
    assert told and link.hosted.ctl.table.record["actions"][:len(told)] == told
    # the second game played out: its own record for the Review; both games in the history
    joiner_plays_until(ui, link, lambda: second.finished and second.phase is Phase.OVER)
    assert second.review_record()["actions"] == second.final_record["actions"]
    assert second.final_record != first.final_record
    assert watch.recorded == {1, 2}
    assert ui.app.history.flush()
    assert ui.app.history.games_of_profile(profile.id) == 2
    assert ui.app.notice == t("net.end.games_done")


def test_a_payment_table_open_when_the_table_closes_says_so_and_leads_to_the_balances(
        ui, tmp_path):
    """The host's session ends (its games played) while the joiner still reads the payment
    table: its way on says the table is closed (no Next game), and leads to the balances."""
    from game.ui.tienlen.dialogs import PaymentScene

    watch, link, profile = joined(ui, tmp_path, "tienlen", deals=1)
    door = watch.door
    scene = table_scene(ui)
    for _ in range(8000):                                 # the joiner plays; nothing read
        if isinstance(ui.app.stack.top, PaymentScene) and door.finished:
            break
        link.tick(ui.now + DT)
        ui.frames(1, DT)
        if scene.view.acting is not None and ui.app.stack.top is scene:
            scene.attempt(scene.view.legal[0])
    ui.frames(2, DT)
    payment = ui.app.stack.top
    assert isinstance(payment, PaymentScene) and door.finished
    assert payment.next.text == t("session.table_done") and payment.leave is None
    ui.press(payment.next)
    ui.frames(2, DT)
    assert door.phase is Phase.OVER                       # the session's balances


def joiner_after_the_host(ui, door, link, frames: int = 20) -> None:
    for _ in range(frames):
        ui.now += DT
        link.tick(ui.now)
        door.update(ui.now)
        if door.phase is Phase.SUMMARY:
            door.acknowledge_summary(ui.now)


@pytest.mark.parametrize("moment", ["mid_deal", "payment_table", "session_ended"])
def test_the_host_leaving_at_any_moment_is_told_to_its_joiner(ui, tmp_path, moment):
    from game.ui.hosting import serve_table
    from game.ui.remote_words import remote_notice_words
    from game.ui.tienlen.dialogs import PaymentScene, SessionOverScene

    scene, door, link = host_window(ui, tmp_path, "tienlen")
    serve_table(ui.app, scene, None, ui.app.hosting)
    if moment == "mid_deal":
        for _ in range(40):
            host_frame(ui, scene, door, link)
        assert not scene.ctl.deal_over
        ui.app.quit()                                     # the host's window closes
    else:
        for _ in range(6000):
            host_frame(ui, scene, door, link)
            if isinstance(ui.top(), PaymentScene):
                break
        payment = ui.top()
        if moment == "payment_table":                     # Esc, then the pause menu's leave
            scene.open_pause()
            ui.top().to_menu()
        else:                                             # Leave the table: the balances
            ui.press(payment.leave)
            assert isinstance(ui.top(), SessionOverScene)
            joiner_after_the_host(ui, door, link)
            assert door.finished and door.phase is Phase.OVER    # the joiner's balances too
            ui.press(ui.top().menu)
    joiner_after_the_host(ui, door, link)
    if moment == "session_ended":
        assert door.left_reason is None and link.received[-1]["type"] == "end"
        return
    assert door.left_reason == "host_closing"            # told, then the menu (RemoteWatch)
    words = [remote_notice_words(notice, door.names) for notice in door.notices.since(0)]
    assert words[-1][0] == t("remote.host_left")


def test_a_matchs_end_offers_the_hosts_next_game(ui, tmp_path):
    from game.ui.domino.dialogs import MatchOverScene
    # V-D5: a match to 1 point is over after its first deal (a whole match, short)
    watch, link, _ = joined(ui, tmp_path, "domino", deals=None, games=2,
                            options={"target_points": 1})
    first = watch.door
    joiner_plays_until(ui, link, lambda: isinstance(ui.top(), MatchOverScene)
                       and ui.top().next_game is not None, next_game=False)
    end = ui.top()
    assert first.phase is Phase.OVER and first.next_game_waiting
    assert end.next_game.text == t("session.next_game") and end.menu.is_enabled
    ui.screenshot("session-joiner-match-over-next-game")
    ui.press(end.next_game)
    ui.frames(1, DT)
    assert watch.door is not first and watch.door.welcome["number"] == 2
    assert table_scene(ui).ctl is watch.door and ("bye", {}) not in link.sent
