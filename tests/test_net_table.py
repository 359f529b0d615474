"""A hosted table without the network (game/net/table_host.py, chairs.py): joiners are fake
connections that keep their frames, time is a number. Remote seats need no hand-off, a dropped
joiner's turns are played by the chair's fallback (or wait), the chair is held for its joiner
for the hold time and then open to anyone."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from game.controller.bot_desk import InlineBotRunner
from game.controller.door import Phase
from game.net.chairs import BOT, REMOTE, WAIT, Chair
from game.net.protocol import Refused
from game.net.table_host import HostedTable, TableSpec


class FakeLink:
    def __init__(self):
        self.frames: list[dict] = []
        self.closed = False

    def send(self, text: str) -> None:
        self.frames.append(json.loads(text))

    def close_soon(self) -> None:
        self.closed = True

    def last(self, kind: str) -> dict | None:
        found = [frame for frame in self.frames if frame["type"] == kind]
        return found[-1] if found else None


def table(tmp_path, fallback: str = "random", hold_s: float = 60.0, deals: int = 1,
          remote: int = 2) -> HostedTable:
    chairs = [Chair(REMOTE, fallback) for _ in range(remote)] + \
             [Chair(BOT, "random") for _ in range(4 - remote)]
    spec = TableSpec("t1", "domino", chairs, seed=5, deals=deals, hold_s=hold_s)
    return HostedTable(spec, tmp_path, InlineBotRunner())


def play(hosted: HostedTable, links: dict, now: float, steps: int = 2000) -> float:
    """Ticks the table, each connected joiner playing its first legal move when asked."""
    for _ in range(steps):
        if hosted.done:
            break
        now += 0.01
        hosted.tick(now)
        for seat, link in links.items():
            view = link.last("view")
            if view and view["acting"] and hosted.chairs[seat].link is link \
                    and hosted.ctl is not None and list(hosted.ctl.position()) == view["position"]:
                hosted.act(seat, view["legal"][0], tuple(view["position"]), now)
    return now


def test_two_remote_seats_play_without_a_handoff_and_the_game_ends(tmp_path):
    hosted = table(tmp_path)
    a, b = FakeLink(), FakeLink()
    assert hosted.join("ana", None, a, 0) == 0 and hosted.join("budi", None, b, 0) == 1
    play(hosted, {0: a, 1: b}, 0)
    assert hosted.done
    assert all(frame["phase"] != Phase.HANDOFF.value for frame in a.frames
               if frame["type"] == "view")
    assert a.last("game_over")["result"]["deals"] == 1 and a.last("end")["reason"] == \
        "games_done"


def test_a_dropped_joiners_turns_are_played_by_the_fallback(tmp_path):
    hosted = table(tmp_path, fallback="random")
    a, b = FakeLink(), FakeLink()
    hosted.join("ana", None, a, 0)
    hosted.join("budi", None, b, 0)
    hosted.tick(0.01)
    hosted.left(1, b, 0.02)
    assert a.last("notice") == {"v": 1, "type": "notice", "kind": "dropped", "player": 1,
                                "data": {"fallback": "random", "grace_s": 15.0, "hold_s": 60.0}}
    play(hosted, {0: a}, 0.02, steps=4000)
    assert hosted.done                               # budi's turns were played for him


def test_with_the_wait_fallback_the_table_waits_for_the_seat_and_its_return(tmp_path):
    hosted = table(tmp_path, fallback=WAIT, remote=1)
    a = FakeLink()
    hosted.join("ana", None, a, 0)
    now = play(hosted, {0: a}, 0, steps=3)
    hosted.left(0, a, now)
    for _ in range(300):
        now += 0.01
        hosted.tick(now)
    position = hosted.ctl.position()
    assert hosted.ctl.to_move() == 0 and hosted.ctl.phase is Phase.HUMAN
    again = FakeLink()
    assert hosted.join("ANA", None, again, now + 1) == 0   # the name, in any letter case
    assert again.frames[0]["type"] == "welcome" and again.frames[0]["returned"] is True
    assert again.frames[1]["position"] == list(position) and again.frames[1]["acting"]
    play(hosted, {0: again}, now + 1)
    assert hosted.done


def test_a_held_chair_is_kept_for_its_joiner_then_open_to_anyone(tmp_path):
    hosted = table(tmp_path, fallback="random", hold_s=30, remote=1)
    a = FakeLink()
    hosted.join("ana", "profile-a", a, 0)
    hosted.tick(0.01)
    hosted.left(0, a, 1.0)
    with pytest.raises(Refused) as refused:
        hosted.join("eve", None, FakeLink(), 20.0)
    assert refused.value.code == "table_full"
    with pytest.raises(Refused) as refused:
        hosted.join("Random 2", None, FakeLink(), 20.0)    # a bot's name
    assert refused.value.code == "name_taken"
    eve = FakeLink()
    assert hosted.join("eve", None, eve, 31.5) == 0      # the hold time is over
    assert eve.frames[0]["returned"] is False
    assert hosted.chairs[0].name == "eve"


def test_a_second_connection_of_the_same_player_replaces_the_first(tmp_path):
    hosted = table(tmp_path, remote=1)
    first, second = FakeLink(), FakeLink()
    hosted.join("ana", "p1", first, 0)
    hosted.tick(0.01)
    hosted.join("someone", "p1", second, 0.5)            # the same profile
    assert first.closed and first.last("end")["reason"] == "replaced"
    assert hosted.chairs[0].link is second


def test_a_move_for_another_seat_or_out_of_turn_is_refused_and_changes_nothing(tmp_path):
    hosted = table(tmp_path)
    a, b = FakeLink(), FakeLink()
    hosted.join("ana", None, a, 0)
    hosted.join("budi", None, b, 0)
    hosted.tick(0.01)
    to_move = hosted.ctl.to_move()
    other = 1 - to_move if to_move in (0, 1) else 0
    legal = (a if to_move == 0 else b).last("view")["legal"]
    position = hosted.ctl.position()
    with pytest.raises(Refused) as refused:
        hosted.act(other, legal[0], None, 0.02)
    assert refused.value.code == "not_your_turn" and hosted.ctl.position() == position


def test_the_record_is_written_as_the_table_plays_and_replays(tmp_path):
    from game.core.replay import load_table
    from game.core.scenario import load_scenario
    from game.net.records import RecordWriter

    writer = RecordWriter()
    chairs = [Chair(REMOTE, "random")] + [Chair(BOT, "random") for _ in range(3)]
    hosted = HostedTable(TableSpec("t1", "joker", chairs, seed=3, deals=2), tmp_path,
                         InlineBotRunner(), writer=writer)
    link = FakeLink()
    hosted.join("ana", None, link, 0)
    now = play(hosted, {0: link}, 0, steps=4)
    hosted.tick(now + 0.01)                          # a move is written at the next tick
    writer.close()                                   # whatever was pending is written
    saved = load_scenario(hosted.record_path.read_text(encoding="utf-8"))
    assert 0 < len(saved["actions"]) and saved["table"]["seats"][0]["name"] == "ana"
    table = load_table(saved)                        # every move replays
    assert (len(table.record["deals"]), len(table.record["actions"])) == hosted.ctl.position()


def test_the_joiners_stay_seated_for_the_next_game(tmp_path):
    chairs = [Chair(REMOTE, "random")] + [Chair(BOT, "random") for _ in range(3)]
    hosted = HostedTable(TableSpec("t1", "tienlen", chairs, seed=9, games=2, deals=1),
                         tmp_path, InlineBotRunner())
    link = FakeLink()
    hosted.join("ana", None, link, 0)
    play(hosted, {0: link}, 0, steps=4000)
    assert hosted.done
    assert [frame["number"] for frame in link.frames if frame["type"] == "welcome"] == [1, 2]
    records = [frame["record"] for frame in link.frames if frame["type"] == "game_over"]
    assert len(records) == 2 and records[0] != records[1]
    assert link.frames[-1] == {"v": 1, "type": "end", "reason": "games_done"}


class FakeHistory:
    def __init__(self):
        self.games = []

    def record(self, record, seats, path):
        self.games.append((record, seats, path))


@pytest.mark.parametrize("game,deals,recorded", [
    ("tienlen", 1, 1),      # a session of one game is a finished game
    ("domino", 1, 0),       # a match cut after one deal is not
])
def test_a_finished_game_goes_to_the_hosts_history(tmp_path, game, deals, recorded):
    history = FakeHistory()
    chairs = [Chair(REMOTE, "random")] + [Chair(BOT, "random") for _ in range(3)]
    hosted = HostedTable(TableSpec("t1", game, chairs, seed=4, deals=deals), tmp_path,
                         InlineBotRunner(), history=history)
    link = FakeLink()
    hosted.join("ana", None, link, 0)
    play(hosted, {0: link}, 0, steps=4000)
    assert hosted.done and len(history.games) == recorded
    if recorded:
        record, seats, _ = history.games[0]
        assert [seat.name for seat in seats][0] == "ana" and record["deals"]


def test_each_seat_sees_every_deals_end_with_the_hands_revealed(tmp_path):
    hosted = table(tmp_path, deals=3)
    a, b = FakeLink(), FakeLink()
    hosted.join("ana", None, a, 0)
    hosted.join("budi", None, b, 0)
    play(hosted, {0: a, 1: b}, 0)
    ends = [frame for frame in a.frames if frame["type"] == "view" and frame["deal_over"]]
    assert len({tuple(frame["position"]) for frame in ends}) == 3
    assert all(frame["revealed"] is not None and len(frame["revealed"]) == 4 for frame in ends)


def timed_table(tmp_path) -> HostedTable:
    from game.controller.settings import ControllerSettings

    chairs = [Chair(REMOTE, "random")] + [Chair(BOT, "random") for _ in range(3)]
    settings = ControllerSettings(turn_seconds=10, tambah_seconds=30, bot_move_pause_s=0,
                                  human_move_pause_s=0, auto_summary_s=0, assists=False)
    return HostedTable(TableSpec("t1", "domino", chairs, seed=5, deals=1, settings=settings),
                       tmp_path, InlineBotRunner())


def until_acting(hosted: HostedTable, link: FakeLink, now: float) -> float:
    for _ in range(500):
        now += 0.01
        hosted.tick(now)
        view = link.last("view")
        if view and view["acting"]:
            return now
    raise AssertionError("the seat was never asked to move")


def test_tambah_gives_the_seat_more_time_and_every_seat_hears_it(tmp_path):
    hosted = timed_table(tmp_path)
    link = FakeLink()
    hosted.join("ana", None, link, 0)
    now = until_acting(hosted, link, 0)
    view = link.last("view")
    assert view["can_tambah"] and 9 < view["time_left"] <= 10
    hosted.tambah(0, now + 5)                        # D19: the move runs to 30 s
    hosted.tick(now + 5.01)
    assert link.last("notice")["kind"] == "tambah" and link.last("notice")["player"] == 0
    assert hosted.ctl.time_left(now + 5.01) > 20
    with pytest.raises(Refused):                     # once a deal
        hosted.tambah(0, now + 6)


def test_a_move_out_of_time_is_made_for_the_seat_and_told_to_it(tmp_path):
    hosted = timed_table(tmp_path)
    link = FakeLink()
    hosted.join("ana", None, link, 0)
    now = until_acting(hosted, link, 0)
    position = hosted.ctl.position()
    hosted.tick(now + 10.5)                          # D19: the time is up
    notice = link.last("notice")
    assert notice["kind"] == "timeout" and notice["player"] == 0 and "action" in notice["data"]
    assert hosted.ctl.position() > position


def test_the_next_deal_waits_for_every_joiner_to_read_the_summary(tmp_path):
    from game.controller.settings import ControllerSettings

    chairs = [Chair(REMOTE, "random"), Chair(REMOTE, "random")] + \
        [Chair(BOT, "random") for _ in range(2)]
    settings = ControllerSettings(bot_move_pause_s=0, human_move_pause_s=0, auto_summary_s=60,
                                  assists=False)
    hosted = HostedTable(TableSpec("t1", "joker", chairs, seed=2, deals=2, settings=settings),
                         tmp_path, InlineBotRunner())
    a, b = FakeLink(), FakeLink()
    hosted.join("ana", None, a, 0)
    hosted.join("budi", None, b, 0)
    now = 0.01
    hosted.tick(now)                                 # every chair taken: the game starts
    while hosted.ctl.phase is not Phase.SUMMARY:     # the first deal, played (one card each)
        now = play(hosted, {0: a, 1: b}, now, steps=1)
    hosted.mark_ready(0, now)
    for _ in range(10):
        now += 0.01
        hosted.tick(now)
    assert hosted.ctl.phase is Phase.SUMMARY         # budi is still reading
    hosted.mark_ready(1, now)
    hosted.tick(now + 0.01)
    assert hosted.ctl.deals_played == 2


def test_the_moves_come_with_their_events_and_a_returning_joiner_gets_the_deals_so_far(tmp_path):
    hosted = table(tmp_path, fallback=WAIT, remote=1)
    a = FakeLink()
    hosted.join("ana", None, a, 0)
    now = play(hosted, {0: a}, 0, steps=3) + 0.01
    hosted.tick(now)                                 # the last move is published
    moves = [move for frame in a.frames if frame["type"] == "events" for move in frame["moves"]]
    record = hosted.ctl.table.record
    assert moves == record["actions"] and all("player" in move for move in moves)
    hosted.left(0, a, now)
    again = FakeLink()
    hosted.join("ana", None, again, now + 1)
    assert again.frames[0]["moves"] == record["actions"][hosted.ctl.table.deal_began_at:]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["type", "tile", "end", "cards", "card",
                                                       "n", "suit", "joker", "player", "plays",
                                                       "x"]), inner, max_size=4),
                    max_leaves=12)
ACTION_TYPES = st.sampled_from(["play", "pass", "apollo", "leave", "bid", "trump", "x"])


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
@settings(max_examples=60, deadline=None)
@given(raw=JSON, kind=ACTION_TYPES)
def test_any_action_from_the_wire_is_played_or_refused_never_a_fault(tmp_path_factory, game,
                                                                     raw, kind):
    chairs = [Chair(REMOTE, "random")] + [Chair(BOT, "random") for _ in range(3)]
    hosted = HostedTable(TableSpec("t1", game, chairs, seed=1, deals=1),
                         tmp_path_factory.mktemp("fuzz"), InlineBotRunner())
    hosted.join("ana", None, FakeLink(), 0)
    hosted.tick(0.01)
    action = {**raw, "type": kind} if isinstance(raw, dict) else raw
    try:
        hosted.act(0, action, None, 0.02)
    except Refused:
        pass
