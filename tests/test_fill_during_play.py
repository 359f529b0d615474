"""A remote chair given to an AI during play (TableController.remote_to_ai, HostedTable.
fill_with_bot): the seat is an AI's to the game's end — its bot moves, the remote door refuses it,
the hand privacy and the save say so — and the friend who comes back finds it taken, in words."""

from __future__ import annotations

import json

import pytest

from game.controller.autosave import read_save_data
from game.controller.bot_desk import InlineBotRunner
from game.controller.door import Phase
from game.controller.seat_change import remote_to_ai
from game.controller.seats import AI, HUMAN, REMOTE, SeatConfig
from game.controller.settings import ControllerSettings
from game.controller.table_controller import TableController
from game.core.errors import IllegalAction
from game.core.table import Table
from game.net.chairs import BOT, WAIT, Chair
from game.net.chairs import REMOTE as REMOTE_CHAIR
from game.net.protocol import ERROR_CODES, Refused
from game.net.table_host import HostedTable, TableSpec
from game.ui.i18n import strings

FAST = dict(bot_move_pause_s=0, human_move_pause_s=0, auto_summary_s=0, bot_budget_s=0.01)
OPTIONS = {"domino": {}, "tienlen": {}, "joker": {"game_type": "nines"}}
FRIEND = 1


def controller(game: str, tmp_path, fallback: str = WAIT) -> TableController:
    names = ["Ani", "Budi", "Citra", "Dewi"]
    seats = [SeatConfig("Ani", HUMAN, "easy"), SeatConfig("Budi", REMOTE, fallback),
             SeatConfig("Citra", AI, "easy"), SeatConfig("Dewi", AI, "easy")]
    table = Table.open(game, names, OPTIONS[game], seed=7)
    return TableController(table, seats, ControllerSettings(**FAST), bot_runner=InlineBotRunner(),
                           save_path=tmp_path / "save.json")


def until_friend_awaited(ctl: TableController, now: float) -> float:
    """The table played on (the human at the screen moving first legal) until it waits for the
    remote seat's move."""
    for _ in range(5000):
        if ctl.phase is Phase.HUMAN and ctl.to_move() == FRIEND:
            return now
        now += 0.01
        if ctl.phase is Phase.HUMAN:
            ctl.human_action(ctl.view().legal[0], now)
        elif ctl.phase is Phase.SUMMARY:
            ctl.acknowledge_summary(now)
        ctl.update(now)
    raise AssertionError("the remote seat never came to move")


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_remote_seat_awaited_becomes_an_ai_that_moves_and_the_save_says_so(game, tmp_path):
    ctl = controller(game, tmp_path)
    now = until_friend_awaited(ctl, 0.0)
    position = ctl.position()
    remote_to_ai(ctl, FRIEND, "hard", now)
    # one place changed every part: the seats, who moves, the privacy, the remote door
    assert ctl.seats[FRIEND] == SeatConfig("Budi", AI, "hard")
    assert ctl.names[FRIEND] == "Budi" and ctl.humans == [0]
    assert ctl.phase is not Phase.HUMAN and FRIEND in ctl.bots
    assert ctl.view().acting is None
    assert FRIEND not in ctl.privacy.remote and FRIEND not in ctl.remote_seats.seats
    with pytest.raises(IllegalAction):
        ctl.remote_seats.action(FRIEND, ctl.state.legal_actions()[0], now)
    # the save has the AI in the chair at once (Continue opens it so, not hosted for it)
    saved = read_save_data(tmp_path / "save.json")["table"]["seats"][FRIEND]
    assert saved == {"name": "Budi", "kind": "ai", "level": "hard"}
    ctl.update(now + 0.01)
    assert ctl.phase is Phase.BOT
    ctl.update(now + 0.02)
    assert ctl.position() > position              # the AI moved for the seat
    # and the table plays on to the deal's end without waiting for the friend
    for _ in range(5000):
        if ctl.deals_played >= 2 or ctl.phase is Phase.OVER:
            break
        now += 0.01
        assert not (ctl.phase is Phase.HUMAN and ctl.to_move() == FRIEND)
        if ctl.phase is Phase.HUMAN:
            ctl.human_action(ctl.view().legal[0], now)
        elif ctl.phase is Phase.SUMMARY:
            ctl.acknowledge_summary(now)
        ctl.update(now)
    assert ctl.deals_played >= 2 or ctl.phase is Phase.OVER


def test_a_paused_table_filled_moves_on_only_once_resumed_and_keeps_its_clock(tmp_path):
    ctl = controller("domino", tmp_path)
    now = until_friend_awaited(ctl, 0.0)
    ctl.pause(now)
    position = ctl.position()
    remote_to_ai(ctl, FRIEND, "easy", now)
    ctl.update(now + 1)
    assert ctl.position() == position and ctl.phase is not Phase.HUMAN   # the pause holds it
    assert "clock" in read_save_data(tmp_path / "save.json")["table"]
    ctl.resume(now + 2)
    ctl.update(now + 2)
    ctl.update(now + 2.01)
    assert ctl.position() > position


def test_only_a_remote_seat_is_given_to_an_ai(tmp_path):
    ctl = controller("domino", tmp_path)
    with pytest.raises(ValueError):
        remote_to_ai(ctl, 0, "easy", 0.0)          # the human at this screen


class FakeLink:
    def __init__(self):
        self.frames: list[dict] = []

    def send(self, text: str) -> None:
        self.frames.append(json.loads(text))

    def close_soon(self) -> None:
        pass

    def last(self, kind: str) -> dict | None:
        found = [frame for frame in self.frames if frame["type"] == kind]
        return found[-1] if found else None


def hosted_table(tmp_path, hold_s: float = 60.0) -> HostedTable:
    chairs = [Chair(REMOTE_CHAIR, WAIT), Chair(REMOTE_CHAIR, WAIT), Chair(BOT, "random"),
              Chair(BOT, "random")]
    spec = TableSpec("t1", "domino", chairs, seed=5, deals=1, hold_s=hold_s)
    return HostedTable(spec, tmp_path, InlineBotRunner())


def test_an_away_friends_chair_filled_with_ai_is_not_theirs_again(tmp_path):
    hosted = hosted_table(tmp_path)
    ana, budi = FakeLink(), FakeLink()
    hosted.join("Ana", "profile-a", ana, 0)
    hosted.join("Budi", None, budi, 0)
    hosted.tick(0.01)
    assert not hosted.fill_with_bot(1, "x", "easy", 0.02)    # Budi is connected: refused
    hosted.left(1, budi, 0.03)
    assert hosted.fill_with_bot(1, "x", "hard", 0.04)         # away (held): given
    assert hosted.chairs.describe(0.05)[1] == {"name": "Budi", "state": "bot"}
    # Ana hears it (her screen no longer waits for Budi to come back)
    assert ana.last("notice") == {"v": 1, "type": "notice", "kind": "given_to_ai",
                                  "player": 1, "data": {}}
    assert hosted.ctl.seats[1] == SeatConfig("Budi", AI, "hard")
    assert not hosted.fill_with_bot(1, "x", "easy", 0.05)    # an AI's already
    for name, profile in (("budi", None), ("Budi", None)):
        with pytest.raises(Refused) as refused:
            hosted.join(name, profile, FakeLink(), 1.0)
        assert refused.value.code == "chair_given"
    with pytest.raises(Refused) as refused:                   # nobody else gets it either
        hosted.join("Eve", None, FakeLink(), 1.0)
    assert refused.value.code == "table_full"
    # the table plays on: Ana plays, the AI plays Budi's turns, the game ends
    now = 1.0
    for _ in range(3000):
        if hosted.done:
            break
        now += 0.01
        hosted.tick(now)
        view = ana.last("view")
        if view and view["acting"] and list(hosted.ctl.position()) == view["position"]:
            hosted.act(0, view["legal"][0], tuple(view["position"]), now)
    assert hosted.done
    assert ana.last("game_over")["seats"][1] == {"name": "Budi", "kind": "bot",
                                                  "level": "hard"}


def test_a_friend_whose_chair_was_given_reads_it_in_every_language():
    assert "chair_given" in ERROR_CODES
    for language in ("en", "id", "vi", "ka"):
        assert strings(language)["net.error.chair_given"] != strings("en")[
            "net.error.table_full"]


def test_seated_says_a_headless_table_starts_when_full(tmp_path):
    from game.ui.i18n import t
    from game.ui.remote_words import seated_words

    hosted = hosted_table(tmp_path)
    link = FakeLink()
    hosted.join("Ana", None, link, 0)
    seated = link.frames[0]
    assert seated["type"] == "seated" and seated["starts"] == "full"
    assert seated_words(seated) == t("remote.seated")
    # an older host says nothing of it, a bad one anything: the words stay true to the default
    for other in ({"type": "seated"}, {"type": "seated", "starts": ["host"]},
                  {"type": "seated", "starts": "soon"}):
        assert seated_words(other) == t("remote.seated")
    assert seated_words({"type": "seated", "starts": "host"}) == t("hostplay.seated_host")


def test_a_joiner_reads_the_given_chair_in_words():
    from game.controller.door import Notice
    from game.ui.i18n import t
    from game.ui.notices import notice_message

    text, _ = notice_message(Notice("given_to_ai", 1, "", {}), ["Ana", "Budi", "C", "D"])
    assert text == t("net.notice.given_to_ai", name="Budi") and "Budi" in text
