"""Drops and returns as a player feels them (docs/network.md, "Drops and returns"), without the
network (time as a number): a dropped friend's turn waits the grace time before the chair's
fallback plays it (a blink costs no move); after the grace, and once the hold is over, the
fallback plays at once; every other seat is told who is away and when the AI plays for them,
a welcome says who is away now, and a friend back in their chair is told how many moves were
made for them meanwhile. The joiner's door follows it all (who is away, a lost connection)."""

from __future__ import annotations

from game.controller.bot_desk import InlineBotRunner
from game.controller.door import Phase
from game.net.chairs import BOT, REMOTE, RETURN_GRACE_S, WAIT, Chair
from game.net.presence import Away, AwaySeats
from game.net.remote_table import RemoteTable
from game.net.table_host import HostedTable, TableSpec
from game.net.window_link import LOST

from remote_helpers import PretendLink
from test_net_table import FakeLink

STEP = 0.05


def two_friends(tmp_path, fallback: str = "random", hold_s: float = 60.0,
                game: str = "domino") -> HostedTable:
    """Seats 0 and 1 wait for joiners (their fallback `fallback`), 2 and 3 are bots."""
    chairs = [Chair(REMOTE, fallback), Chair(REMOTE, fallback), Chair(BOT, "random"),
              Chair(BOT, "random")]
    return HostedTable(TableSpec("t1", game, chairs, seed=5, deals=1, hold_s=hold_s),
                       tmp_path, InlineBotRunner())


def until_to_move(hosted: HostedTable, seat: int, now: float, links: dict) -> float:
    """Tick (the seats in `links` playing their first legal move) until `seat` is asked."""
    for _ in range(2000):
        now += STEP
        hosted.tick(now)
        if hosted.ctl.phase is Phase.HUMAN and hosted.ctl.to_move() == seat:
            return now
        for other, link in links.items():
            view = link.last("view")
            if other != seat and view and view["acting"] and \
                    list(hosted.ctl.position()) == view["position"]:
                hosted.act(other, view["legal"][0], tuple(view["position"]), now)
    raise AssertionError(f"seat {seat} was never asked to move")


def ticks(hosted: HostedTable, start: float, end: float) -> None:
    now = start
    while now < end:
        now = min(end, now + STEP)
        hosted.tick(now)


def budi_drops_at_his_turn(tmp_path, **friends) -> tuple:
    """Ana and Budi joined (seats 0 and 1); Budi's connection ends as his turn comes:
    (the table, Ana's link, Budi's, the time, the position of Budi's turn)."""
    hosted = two_friends(tmp_path, **friends)
    a, b = FakeLink(), FakeLink()
    hosted.join("ana", None, a, 0)
    hosted.join("budi", None, b, 0)
    now = until_to_move(hosted, 1, 0, {0: a, 1: b})
    position = hosted.ctl.position()
    hosted.left(1, b, now)
    return hosted, a, b, now, position


def test_a_dropped_seats_turn_waits_the_grace_time_then_the_fallback_plays(tmp_path):
    hosted, a, b, now, position = budi_drops_at_his_turn(tmp_path)
    ticks(hosted, now, now + RETURN_GRACE_S - 0.1)
    assert hosted.ctl.position() == position and hosted.ctl.to_move() == 1   # no move yet
    ticks(hosted, now + RETURN_GRACE_S - 0.1, now + RETURN_GRACE_S + 0.2)
    assert hosted.ctl.position() > position           # the fallback played budi's turn
    assert hosted.chairs[1].moves_away >= 1


def test_a_friend_back_within_the_grace_time_plays_their_own_move(tmp_path):
    hosted, a, b, now, position = budi_drops_at_his_turn(tmp_path)
    ticks(hosted, now, now + 5)                        # a blink of five seconds
    again = FakeLink()
    assert hosted.join("budi", None, again, now + 5) == 1
    welcome, view = again.frames[0], again.frames[1]
    assert welcome["returned"] is True and welcome["away_moves"] == 0
    assert view["acting"] and view["position"] == list(position)     # still their move
    assert a.last("notice")["kind"] == "returned" and a.last("notice")["player"] == 1
    hosted.act(1, view["legal"][0], tuple(view["position"]), now + 5.1)
    assert hosted.ctl.position() > position


def test_the_grace_is_never_longer_than_the_hold_and_after_the_hold_the_fallback_plays_at_once(
        tmp_path):
    hosted = two_friends(tmp_path, hold_s=4.0)
    assert hosted.chairs.grace_s == 4.0
    a, b = FakeLink(), FakeLink()
    hosted.join("ana", None, a, 0)
    hosted.join("budi", None, b, 0)
    hosted.tick(0.01)
    hosted.left(1, b, 0.02)
    assert a.last("notice")["data"] == {"fallback": "random", "grace_s": 4.0, "hold_s": 4.0}
    now = until_to_move(hosted, 1, 4.1, {0: a})        # the hold is over
    position = hosted.ctl.position()
    hosted.tick(now + STEP)
    assert hosted.ctl.position() > position            # at once: no grace any more


def test_with_the_wait_fallback_the_table_waits_past_the_grace(tmp_path):
    hosted, a, b, now, position = budi_drops_at_his_turn(tmp_path, fallback=WAIT)
    ticks(hosted, now, now + RETURN_GRACE_S + 5)
    assert hosted.ctl.position() == position and hosted.ctl.to_move() == 1


def test_a_friend_back_is_told_how_many_moves_were_made_for_them(tmp_path):
    hosted, a, b, now, _ = budi_drops_at_his_turn(tmp_path)
    before = len(hosted.ctl.table.record["actions"])
    now += RETURN_GRACE_S
    for _ in range(3):                                 # the fallback plays budi's turns
        now = until_to_move(hosted, 1, now, {0: a})
    ticks(hosted, now, now + 0.5)
    made = [move for move in hosted.ctl.table.record["actions"][before:]
            if move["player"] == 1]
    assert len(made) >= 2
    again = FakeLink()
    hosted.join("budi", None, again, now + 1)
    assert again.frames[0]["away_moves"] == len(made)


def test_the_welcome_says_who_is_away_and_the_hosts_own_notices_say_the_drop(tmp_path):
    hosted = two_friends(tmp_path)
    a, b = FakeLink(), FakeLink()
    hosted.join("ana", None, a, 0)
    hosted.join("budi", None, b, 0)
    hosted.tick(0.01)
    hosted.left(1, b, 1.0)
    second = FakeLink()
    hosted.join("ana", None, second, 6.0)              # ana's window came back
    assert second.frames[0]["away"] == [{"player": 1, "fallback": "random", "grace_s": 10.0,
                                         "hold_s": 55.0}]
    assert hosted.away(6.0) == {1: {"fallback": "random", "grace_s": 10.0, "hold_s": 55.0}}
    hosted.join("budi", None, FakeLink(), 7.0)
    assert hosted.away(7.0) == {}
    # a window hosting the table shows the table's notices; they never leave the host
    kinds = [(notice.kind, notice.player) for notice in hosted.ctl.notices.since(0)]
    assert ("dropped", 1) in kinds and ("returned", 1) in kinds
    assert all(frame.get("kind") != "dropped" for frame in b.frames)


def test_what_the_host_tells_of_a_seat_away_is_checked():
    assert Away.told(1, {"fallback": "easy", "grace_s": 12, "hold_s": 100}, 10.0) == \
        Away(1, "easy", 22.0, 110.0)
    for player, data in ((1, {"grace_s": -1}), (1, {"hold_s": float("inf")}),
                         (1, {"grace_s": True}), (1, {"fallback": 3}),
                         (1, {"fallback": "x" * 40}), (9, {}), (True, {}), ("1", {}),
                         (1, "not data"), (None, {})):
        assert Away.told(player, data, 0.0) is None, (player, data)
    away = AwaySeats()
    away.take({"type": "welcome", "seat": 0, "away": "nonsense"}, 0.0)
    away.take({"type": "welcome", "seat": 0, "away": 5}, 0.0)
    away.take({"type": "notice", "kind": "dropped", "player": 7, "data": None}, 0.0)
    assert away.seats == {}
    away.take({"type": "welcome", "seat": 0, "away": [{"player": 0}, {"player": 2}, 3]}, 0.0)
    assert list(away.seats) == [2]                     # never our own seat


# --- the joiner's door ------------------------------------------------------------------------


def joined(tmp_path, fallback: str = "random"):
    """Ana (seat 0) and Budi (seat 1) joined through pretend links; Ana's door."""
    hosted = two_friends(tmp_path, fallback)
    ana, budi = PretendLink(hosted, "Ana"), PretendLink(hosted, "Budi")
    ana.tick(0.01)
    budi.poll()
    return hosted, ana, budi, RemoteTable(ana, 0.01, ana.poll())


def test_the_joiners_door_knows_who_is_away_and_when_the_ai_plays_for_them(tmp_path):
    hosted, ana, budi, door = joined(tmp_path)
    budi.now = 2.0
    budi.close()                                       # budi's connection ends
    door.update(2.0)
    away = door.away_seats(2.0)
    assert list(away) == [1] and away[1].fallback_in(2.0) == RETURN_GRACE_S
    assert away[1].fallback_in(2.0 + RETURN_GRACE_S + 1) == 0
    assert [n.kind for n in door.notices.since(0)][-1] == "dropped"
    hosted.join("Budi", None, budi.host_end, 5.0)      # budi is back
    door.update(5.0)
    assert door.away_seats(5.0) == {}


def test_a_lost_connection_stops_the_table_until_the_host_welcomes_us_back(tmp_path):
    hosted, ana, budi, door = joined(tmp_path)
    now = 0.01
    while not door.acting:                             # ana's move is awaited
        now += STEP
        ana.tick(now)
        budi.poll()
        door.update(now)
        if hosted.ctl.to_move() == 1 and hosted.ctl.phase is Phase.HUMAN:
            view = budi.seat
            budi.act(view.legal[0])
    assert door.phase is Phase.HUMAN
    polled = ana.poll
    ana.poll = lambda: [dict(LOST)] + polled()         # the link lost the host
    hosted.left(0, ana.host_end, now)
    door.update(now + 0.1)
    ana.poll = polled
    assert door.reconnecting and not door.acting and door.view().acting is None
    assert door.phase is Phase.SHOWING and door.time_left(now + 0.1) is None
    hosted.join("Ana", None, ana.host_end, now + 3)    # the link is back: a welcome
    door.update(now + 3)
    assert not door.reconnecting and door.acting and door.phase is Phase.HUMAN
    back = [n for n in door.notices.since(0) if n.kind == "back"]
    assert back and back[-1].data == {"moves": 0, "waits": False}


def test_a_chair_given_to_an_ai_is_no_longer_marked_away():
    """The host gave an away friend's chair to an AI (notice given_to_ai): its seat is an AI's
    now, no longer a friend who may come back."""
    seats = AwaySeats()
    seats.take({"type": "notice", "kind": "dropped", "player": 2,
                "data": {"fallback": "easy", "grace_s": 15, "hold_s": 120}}, 1.0)
    assert list(seats.seats) == [2]
    seats.take({"type": "notice", "kind": "given_to_ai", "player": 2, "data": {}}, 3.0)
    assert seats.seats == {}
