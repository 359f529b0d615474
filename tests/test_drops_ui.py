"""Drops as the windows show them (game/ui/drops.py), in the headless window with time as a
number and no network: at the host's screen, a friend who dropped is said in words, their seat
is marked "offline" (their avatar dimmed), and at their turn the table says when the AI plays
for them — and only then does it; their return is said and the mark goes. At a joiner's screen,
a lost connection to the host puts a banner over the table and takes the move away until the
host's welcome is back, which says what was played meanwhile."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.controller.bot_desk import InlineBotRunner
from game.controller.door import Phase
from game.controller.factory import open_controller
from game.controller.seats import AI, HUMAN, REMOTE, SeatConfig
from game.controller.settings import ControllerSettings
from game.core.table import Table
from game.net.chairs import RETURN_GRACE_S
from game.net.discovery import OFF
from game.net.remote_table import open_remote_table
from game.net.table_host import HostedTable
from game.net.window_host import TABLE_ID, WindowHosting
from game.net.window_link import LOST
from game.ui import drawn
from game.ui.games import GAMES
from game.ui.i18n import set_language, t

from remote_helpers import PretendLink
from test_net_drops import STEP, budi_drops_at_his_turn, ticks, two_friends, until_to_move
from test_net_table import FakeLink

DT = 0.05
FAST = dict(bot_move_pause_s=0, human_move_pause_s=0, auto_summary_s=0, assists=False)


def hosted_at_the_window(ui, tmp_path, game: str = "domino", seed: int = 5, **settings):
    """The window hosts a table: Ani here, Budi a friend (joined, fallback easy), two AI
    (`settings`: the table's, over FAST). The host's thread is played by the test: `tick()`
    after each frame."""
    names = ["Ani", "Budi", "Citra", "Dewi"]
    seats = [SeatConfig("Ani", HUMAN), SeatConfig("Budi", REMOTE, "random"),
             SeatConfig("Citra", AI, "random"), SeatConfig("Dewi", AI, "random")]
    table = Table.open(game, names, {}, seed=seed)
    ctl = open_controller(table, seats, ControllerSettings(**{**FAST, **settings}), save_path=None,
                          bot_runner=InlineBotRunner(), now=ui.now)
    scene = GAMES[game].scene_class()(ui.app, ctl)
    ui.app.stack.push(scene)
    hosting = WindowHosting(game, seats, code="ACD349", lock=ui.app.table_lock,
                            clock=lambda: ui.now, hold_s=60, records=tmp_path, discovery=OFF)
    hosted = HostedTable(hosting.spec, tmp_path, InlineBotRunner(),
                         window_lock=ui.app.table_lock)
    hosting.host = SimpleNamespace(tables={TABLE_ID: hosted})   # the host's thread's table
    link = FakeLink()
    hosted.join("Budi", None, link, ui.now)
    hosted.attach(ctl, ui.now)
    scene.marks.presence = hosting                    # as hosting.serve_table does
    return scene, hosted, link


def host_frame(ui, scene, hosted) -> None:
    """The window's frame (Ani plays her first legal move), then the host's tick."""
    if scene.view.acting == 0 and ui.app.stack.top is scene:
        scene.attempt(scene.view.legal[0])
    ui.frames(1, DT)
    hosted.tick(ui.now)


def said(scene) -> list[str]:
    return [message.text for message in scene.log.shown()]


def test_the_host_sees_a_friend_drop_wait_for_them_then_the_ai_play_and_their_return(
        ui, tmp_path):
    scene, hosted, link = hosted_at_the_window(ui, tmp_path)
    ui.frames(2, DT)
    hosted.left(1, link, ui.now)
    dropped_at = ui.now
    host_frame(ui, scene, hosted)
    assert t("net.notice.dropped", name="Budi") in said(scene)
    look = scene.look()
    assert look.marks[1][0] == t("drops.offline") or \
        look.marks[1][0].endswith(t("drops.offline"))            # after a last action
    ctl = scene.ctl
    while not (ctl.phase is Phase.HUMAN and ctl.to_move() == 1):
        assert ui.now < dropped_at + RETURN_GRACE_S - 2, "Budi's turn did not come in time"
        host_frame(ui, scene, hosted)
    position = ctl.position()
    left = int(dropped_at + RETURN_GRACE_S - ui.now + 0.999)
    cue = t("drops.cue.ai_in", name="Budi", seconds=left)
    assert scene.look().away[1] == cue
    with drawn.recording() as seen:
        scene.draw(ui.app.screen)
    assert cue in " ".join(text for _, text in seen.texts)     # in place of "is thinking"
    while ui.now < dropped_at + RETURN_GRACE_S - DT:
        host_frame(ui, scene, hosted)
        assert ctl.position() == position                       # the table waits for Budi
    for _ in range(10):
        host_frame(ui, scene, hosted)
    assert ctl.position() > position                           # then the AI played for him
    again = FakeLink()
    hosted.join("Budi", None, again, ui.now)
    assert again.frames[0]["away_moves"] >= 1
    host_frame(ui, scene, hosted)
    assert t("net.notice.returned", name="Budi") in said(scene)
    assert 1 not in scene.look().away and t("drops.offline") not in \
        (scene.look().marks.get(1) or ("",))[0]


@pytest.mark.parametrize("game", ["tienlen", "joker"])
def test_a_friend_away_is_said_at_their_turn_even_with_a_turn_timer(ui, tmp_path, game):
    """A seat's turn timer runs for a friend away too (Tiến Lên writes it where "… is
    thinking" goes, Joker beside the avatar): their cue says when the AI plays for them
    instead, one countdown and not two."""
    scene, hosted, link = hosted_at_the_window(ui, tmp_path, game=game, turn_seconds=30)
    hosted.left(1, link, ui.now)
    dropped_at, ctl = ui.now, scene.ctl
    while not (ctl.phase is Phase.HUMAN and ctl.to_move() == 1):
        assert ui.now < dropped_at + RETURN_GRACE_S - 2, "Budi's turn did not come in time"
        host_frame(ui, scene, hosted)
    cue = scene.look().away[1]
    assert scene.look().time_left is not None, "the turn timer runs for Budi's turn"
    with drawn.recording() as seen:
        scene.draw(ui.app.screen)
    texts = [text for _, text in seen.texts]
    assert cue in " ".join(texts)
    assert not {t("table.seconds", seconds=n) for n in range(1, 31)} & set(texts)


def joined_window(ui, tmp_path):
    """Ana's window joined to a table in this process (Budi the other friend)."""
    hosted = two_friends(tmp_path, game="tienlen")
    ana, budi = PretendLink(hosted, "Ana"), PretendLink(hosted, "Budi")
    ana.tick(0.01)
    door = open_remote_table(ana, ui.now, ana.poll())
    scene = GAMES["tienlen"].scene_class()(ui.app, door)
    scene.marks.presence = door                       # as joining.py does
    ui.app.stack.push(scene)
    return scene, hosted, ana, budi


def test_a_friend_away_is_marked_at_the_joiners_table_too(ui, tmp_path):
    scene, hosted, ana, budi = joined_window(ui, tmp_path)
    budi.now = ui.now
    budi.close()
    ana.tick(ui.now)
    ui.frames(1, DT)
    assert t("net.notice.dropped", name="Budi") in said(scene)
    assert scene.look().marks[1] == (t("drops.offline"), pytest.approx((215, 190, 160)))
    hosted.join("Budi", None, budi.host_end, ui.now)
    ui.frames(1, DT)
    assert 1 not in scene.look().marks and t("net.notice.returned", name="Budi") in said(scene)


def test_a_lost_host_is_said_over_the_joiners_table_until_it_is_back(ui, tmp_path):
    scene, hosted, ana, budi = joined_window(ui, tmp_path)
    for _ in range(400):                        # until Ana's move is awaited
        if scene.view.acting == 0:
            break
        ana.tick(ui.now + DT)
        budi.poll()
        if budi.seat.acting:
            budi.act(budi.seat.legal[0])
        ui.frames(1, DT)
    assert scene.view.acting == 0
    polled = ana.poll
    ana.poll = lambda: [dict(LOST)] + polled()  # the link lost the host
    hosted.left(0, ana.host_end, ui.now)
    ui.frames(1, DT)
    ana.poll = polled
    assert scene.view.acting is None and scene.view.legal == ()      # no move offered
    with drawn.recording() as seen:
        scene.draw(ui.app.screen)
    texts = [text for _, text in seen.texts]
    assert t("drops.reconnecting") in texts
    assert not any(text == t("table.thinking", name=name) for text in texts
                   for name in scene.names)  # nobody "is thinking" at a table out of reach
    hosted.join("Ana", None, ana.host_end, ui.now)           # back: the host's welcome
    ui.frames(2, DT)
    assert scene.view.acting == 0
    with drawn.recording() as seen:
        scene.draw(ui.app.screen)
    assert t("drops.reconnecting") not in [text for _, text in seen.texts]
    assert t("drops.back") in said(scene)


@pytest.mark.parametrize("moves,waits,key", [(1, False, "drops.back_ai_one"),
                                              (3, False, "drops.back_ai"),
                                              (2, True, "drops.back_timed"),
                                              (0, False, "drops.back")])
def test_what_was_played_for_a_returning_player_is_said_in_words(moves, waits, key):
    from game.ui.remote_words import back_words
    for language in ("en", "ka"):
        set_language(language)
        assert back_words(moves, waits) == t(key, count=moves)
        assert str(moves) in back_words(moves, waits) or moves <= 1


def test_a_window_opened_afresh_on_its_return_says_what_was_played_for_it(ui, tmp_path):
    """Budi's window was closed (a crash, a restart) and joins again: the new table scene says
    what the AI played for him meanwhile — the welcome came before the scene was there."""
    hosted, ana, _, now, _ = budi_drops_at_his_turn(tmp_path)
    before = len(hosted.ctl.table.record["actions"])
    now = until_to_move(hosted, 1, now + RETURN_GRACE_S, {0: ana})   # the AI plays for him
    ticks(hosted, now, now + 10 * STEP)
    made = sum(move["player"] == 1 for move in hosted.ctl.table.record["actions"][before:])
    assert made >= 1
    link = PretendLink(hosted, "Budi")                # the new window's link
    door = open_remote_table(link, ui.now, link.poll())
    scene = GAMES["domino"].scene_class()(ui.app, door)
    scene.marks.presence = door
    ui.app.stack.push(scene)
    ui.frames(2, DT)
    words = t("drops.back_ai_one") if made == 1 else t("drops.back_ai", count=made)
    assert words in said(scene)
