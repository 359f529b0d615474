"""The remote table door (game/net/remote_table.py) over a hosted table in this process
(remote_helpers.py): the host's real frames, a pretend link, time as a number. What arrived is
shown at the window's pace (hold keeps a move back), moves are judged at once and sent,
the host's refusals and its end become notices, a summary read sends `ready`."""

from __future__ import annotations

import pytest

from game.controller.door import Phase, TableDoor, TableView
from game.core.errors import IllegalAction
from game.net.remote_table import RemoteTable
from game.tienlen.actions import Play

from remote_helpers import PretendLink, host_settings, hosted_table


def joined(tmp_path, game: str = "domino", **spec) -> tuple[RemoteTable, PretendLink]:
    link = PretendLink(hosted_table(tmp_path, game, **spec))
    link.tick(0.01)                                  # every chair taken: the game starts
    table = RemoteTable(link, 0.01, arrived=link.poll())
    return table, link


def step(table: RemoteTable, link: PretendLink, now: float) -> float:
    now += 0.05
    link.tick(now)
    table.release(now)
    table.update(now)
    return now


def play_to_the_end(table: RemoteTable, link: PretendLink, steps: int = 4000) -> float:
    """The joiner's seat plays its first legal move, reads each summary; the host's bots play."""
    now = 0.01
    for _ in range(steps):
        if table.ended is not None:
            break
        now = step(table, link, now)
        view = table.view()
        if view.acting is not None:
            # one's own legal moves are legal on the world the door judges them on
            assert all(table.refusal(action) is None for action in view.legal[:6])
            table.human_action(view.legal[0], now)
        elif table.phase is Phase.SUMMARY:
            table.acknowledge_summary(now)
    return now


def test_the_welcome_and_first_view_are_shown_at_once(tmp_path):
    table, _ = joined(tmp_path)
    assert isinstance(table, TableDoor)
    view = table.view()
    assert isinstance(view, TableView) and view.seat == 0 and view.hand_shown
    assert view.observation.player == 0 and len(view.observation.hand) > 0
    assert table.names[0] == "Ana" and table.game == "domino"
    assert [seat.kind for seat in table.seats] == ["human", "ai", "ai", "ai"]
    assert table.humans == [0] and table.save_path is None


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_whole_game_is_played_through_the_door(tmp_path, game):
    table, link = joined(tmp_path, game)
    play_to_the_end(table, link)
    assert table.ended == "games_done"
    assert table.game_over_message is not None
    assert table.game_over_message["seats"][0]["name"] == "Ana"
    assert table.deal_over and table.phase in (Phase.OVER, Phase.SUMMARY)
    assert any(kind == "act" for kind, _ in link.sent)
    assert link.hosted.done


def test_while_the_window_holds_no_move_is_taken_into_the_view(tmp_path):
    table, link = joined(tmp_path, "joker")
    now = 0.01
    while table.view().acting is None:
        now = step(table, link, now)
    seen, position = table.events.end, table.position()
    table.hold(now)                                   # the window animates something
    table.human_action(table.view().legal[0], now)
    for _ in range(20):                               # the host takes it, its bots play on
        now += 0.05
        link.tick(now)
        table.update(now)
    assert "events" in [message["type"] for message, _ in table.pending]
    assert table.events.end == seen and table.position() == position
    table.release(now)
    table.update(now)                                 # one move at a time
    assert table.events.end > seen and table.position() != position
    assert not table.pending or table.pending[0][0]["type"] == "events"


def test_a_move_not_among_the_legal_ones_is_refused_at_once_and_not_sent(tmp_path):
    table, link = joined(tmp_path, "tienlen")
    now = 0.01
    while table.view().acting is None:
        now = step(table, link, now)
    hand = table.view().observation.hand
    stranger = Play((next(card for card in range(52) if card not in hand),))
    with pytest.raises(IllegalAction) as refused:
        table.human_action(stranger, now)
    assert refused.value.code == "cards_not_in_hand"            # T2: one's own cards only
    assert table.refusal(stranger).code == "cards_not_in_hand"
    assert not any(kind == "act" for kind, _ in link.sent)
    legal = table.view().legal[0]
    assert table.refusal(legal) is None and isinstance(table.preview(legal), list)


def test_a_refusal_of_the_host_is_a_notice_and_the_turn_comes_back(tmp_path):
    table, link = joined(tmp_path, "domino")
    now = 0.01
    while table.view().acting is None:
        now = step(table, link, now)
    seen = table.notices.end
    link.send("act", action={"type": "pass"}, at=[0, 0])          # an old position: stale
    table.update(now)
    notices = table.notices.since(seen)
    assert [notice.kind for notice in notices] == ["refused"]
    assert notices[0].data["code"] == "stale"
    assert table.view().acting == 0


def test_a_sent_move_is_not_offered_again_before_the_host_answers(tmp_path):
    table, link = joined(tmp_path, "domino")
    now = 0.01
    while table.view().acting is None:
        now = step(table, link, now)
    link.hosted.tick = lambda now: None               # the host does not answer yet
    link.host_end.texts.clear()
    table.human_action(table.view().legal[0], now)
    link.host_end.texts.clear()                       # its frames not yet arrived
    assert table.view().acting is None and table.phase is Phase.SHOWING
    with pytest.raises(IllegalAction):
        table.human_action(table.view().legal[0] if table.view().legal else None, now)


def until_summary(table, link) -> float:
    """The first deal played (the seat's first legal move each turn) to its summary."""
    now = 0.01
    for _ in range(3000):
        now = step(table, link, now)
        view = table.view()
        if view.acting is not None:
            table.human_action(view.legal[0], now)
        if table.phase is Phase.SUMMARY:
            return now
    raise AssertionError("the deal's summary never came")


def test_a_summary_read_sends_ready_and_waits_for_the_next_deal(tmp_path):
    table, link = joined(tmp_path, "joker", deals=2,
                         settings=host_settings(auto_summary_s=1000))
    now = until_summary(table, link)
    assert table.deal_over
    table.acknowledge_summary(now)
    assert ("ready", {}) in link.sent
    assert table.phase is Phase.SHOWING              # read: until the host deals again
    for _ in range(50):
        now = step(table, link, now)
    assert table.deals_played == 2 and not table.deal_over


def test_a_summary_not_yet_read_when_the_host_is_lost_offers_no_next_deal(tmp_path):
    """The host is gone while the player has not read the summary: the summary with its
    Next deal does not come back under "The host has left" (there is no next deal)."""
    table, link = joined(tmp_path, "joker", deals=2,
                         settings=host_settings(auto_summary_s=1000))
    now = until_summary(table, link)
    link.ended = "unreachable"                       # the link's tries are over
    table.update(now + 1)
    assert table.left_reason == "unreachable" and table.phase is Phase.SHOWING


def test_the_host_leaving_is_a_notice_and_the_table_ends(tmp_path):
    table, link = joined(tmp_path, "domino")
    seen = table.notices.end
    link.hosted.stop("host_closing")
    table.update(1.0)
    notices = table.notices.since(seen)
    assert [(notice.kind, notice.data) for notice in notices] == [
        ("link_ended", {"reason": "host_closing"})]
    assert table.ended == "host_closing" and table.view().acting is None


def test_a_link_that_fails_is_a_notice_too(tmp_path):
    table, link = joined(tmp_path, "domino")
    link.ended = "unreachable"
    table.update(1.0)
    assert [notice.data for notice in table.notices.since(0)
            if notice.kind == "link_ended"] == [{"reason": "unreachable"}]


def test_no_coach_no_undo_and_the_window_pauses_alone(tmp_path):
    table, link = joined(tmp_path, "domino")
    assert not table.coach_allowed and not table.ask_coach() and table.undo_point() is None
    assert not table.undo(0.5)
    table.pause(0.5)
    assert table.paused
    table.resume(0.6)
    assert not table.paused
    table.close()
    assert link.sent[-1][0] == "bye"


def test_our_turn_held_by_the_host_is_nobody_thinking(tmp_path):
    """Our move is awaited but the host holds its table (its player paused it): this window
    offers no move and says nobody "is thinking" (not even ourselves)."""
    table, link = joined(tmp_path, "domino")
    now = 0.01
    for _ in range(400):
        if table.view().acting is not None:
            break
        now = step(table, link, now)
    assert table.phase is Phase.HUMAN
    link.hosted.ctl.pause(now)                       # the host's window paused
    for _ in range(3):
        now = step(table, link, now)
    assert table.view().to_move == table.seat and table.view().acting is None
    assert table.phase is Phase.SHOWING


def test_the_clock_runs_from_the_view_and_tambah_is_sent(tmp_path):
    table, link = joined(tmp_path, "domino",
                         settings=host_settings(turn_seconds=30, tambah_seconds=60))
    now = 0.01
    while table.view().acting is None:
        now = step(table, link, now)
    arrived = table.view_at
    left = table.time_left(arrived)
    assert 0 < left <= 30
    assert table.time_left(arrived + 10) == pytest.approx(left - 10)
    assert 0 < table.time_share(arrived + 10) < 1
    assert table.can_tambah()                                     # D19: once a deal
    assert table.tambah(now) and ("tambah", {}) in link.sent
    assert not table.can_tambah()
    # D19: the move is now tambah_seconds long from its start
    assert table.time_left(arrived + 10) == pytest.approx(left + 30 - 10)
    assert table.time_share(arrived + 10) == pytest.approx((left + 20) / 60)


def test_the_move_log_has_the_moves_the_host_told(tmp_path):
    table, link = joined(tmp_path, "domino")
    now = 0.01
    for _ in range(60):
        now = step(table, link, now)
        view = table.view()
        if view.acting is not None:
            table.human_action(view.legal[0], now)
    record = table.review_record()
    assert record["actions"] and all("player" in move for move in record["actions"])
    assert record["table"]["across_machines"] is True


def test_the_finished_games_record_comes_with_game_over_and_is_checked(tmp_path):
    from game.net.remote_record import checked_record
    table, link = joined(tmp_path, "tienlen")        # one game: a finished session
    play_to_the_end(table, link)
    message = table.game_over_message
    record = checked_record(message, table.names)
    assert record is not None and record["players"] == table.names
    assert record["table"]["seats"][0]["name"] == "Ana"
    cheated = {**message, "result": {**message["result"],
                                     "totals": [t + 1 for t in message["result"]["totals"]]}}
    assert checked_record(cheated, table.names) is None             # not the game played
    cut = {**message, "result": {**message["result"], "finished": False}}
    assert checked_record(cut, table.names) is None                 # a game cut short
    kept = []

    class History:
        def record(self, record, seats):
            kept.append((record, seats))

    from game.net.remote_record import keep_finished_game
    assert keep_finished_game(History(), message, table.seats, table.seat, "p-ana")
    record, seats = kept[0]
    assert record["table"]["across_machines"] is True
    assert seats[0].profile == "p-ana" and seats[0].is_human
    assert [seat.kind for seat in seats[1:]] == ["ai"] * 3
    assert not keep_finished_game(History(), cut, table.seats, table.seat, "p-ana")


def test_leaving_a_tienlen_table_is_sent_and_another_seats_leave_refused(tmp_path):
    from game.tienlen.actions import Leave
    table, link = joined(tmp_path, "tienlen")
    now = step(table, link, 0.01)
    with pytest.raises(IllegalAction):                 # T16: one leaves for oneself only
        table.out_of_turn_action(Leave(1), now)
    assert table.refusal(Leave(0)) is None and table.preview(Leave(0))
    table.out_of_turn_action(Leave(0), now)            # at any moment, not only one's turn
    for _ in range(40):
        now = step(table, link, now)
    assert any(type(event).__name__ == "PlayerLeft" and event.player == 0
               for event in table.events.since(0))


def test_a_domino_misplay_is_sent_and_costs_its_point_at_the_host(tmp_path):
    """D8: a tile that fits no open end is taken by the rules (a point lost, the tile kept):
    the remote table sends it, as a local table applies it."""
    from game.domino.actions import PLAY_AT, LEFT
    from game.domino.tiles import TILE_ENDS
    table, link = joined(tmp_path, "domino")
    now = 0.01
    for _ in range(3000):
        now = step(table, link, now)
        view = table.view()
        if view.acting is None:
            continue
        obs = view.observation
        misfits = [tile for tile in obs.hand if obs.line and not (
            set(TILE_ENDS[tile]) & {obs.left, obs.right})]
        if misfits:
            break
        table.human_action(view.legal[0], now)
    else:
        pytest.fail("no misfit tile came")
    seen = table.events.end
    table.human_action(PLAY_AT[misfits[0]][LEFT], now)
    for _ in range(20):
        now = step(table, link, now)
    assert [type(event).__name__ for event in table.events.since(seen)][:1] == ["Misplayed"]


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_move_log_tells_what_the_hosts_own_story_tells(tmp_path, game):
    """The story of a remote table (its moves and their public events as told) has the
    lines of the host's story (its record replayed), in order."""
    from game.controller.story import Story
    table, link = joined(tmp_path, game, deals=2)
    ours = Story()
    now = 0.01
    for _ in range(4000):
        if table.ended is not None:
            break
        now = step(table, link, now)
        ours.follow(table.review_record())           # as the open log follows each frame
        view = table.view()
        if view.acting is not None:
            table.human_action(view.legal[0], now)
        elif table.phase is Phase.SUMMARY:
            table.acknowledge_summary(now)
    hosts = Story()
    hosts.follow(table.game_over_message["game_record"])
    told = [(line.deal, line.kind, line.player, line.action, line.shown) for line in ours.lines]
    real = [(line.deal, line.kind, line.player, line.action, line.shown) for line in hosts.lines]
    assert len(real) > 10 and told == real


BAD_VALUES = ("x", -1, 10**30, [], {}, None, True, [[1, "a"]], 1.5)


def door_answers(table: RemoteTable) -> None:
    """Every value the window reads of the door can be read."""
    view = table.view()
    assert isinstance(view, TableView)
    table.names, table.seats, table.options, table.settings, table.phase
    table.time_left(5.0), table.time_share(5.0), table.can_tambah()
    table.deals_played, table.deals_in_match, table.deal_over, table.position()
    table.review_record()


@pytest.mark.parametrize("kind", ["welcome", "view", "events", "notice", "error"])
def test_a_host_frame_with_a_field_of_the_wrong_type_is_skipped(tmp_path, kind):
    """The host's frames are untrusted: a field of the wrong type never reaches what the
    window draws (the frame is skipped whole), and nothing breaks."""
    table, link = joined(tmp_path, "domino")
    now = step(table, link, 0.01)
    sample = {"welcome": link.seat.welcome, "view": link.seat.view,
              "events": {"type": "events", "position": [1, 1], "moves": [], "events": []},
              "notice": {"type": "notice", "kind": "dropped", "player": 1, "data": {}},
              "error": {"type": "error", "code": "stale", "params": {}, "about": "act"}}[kind]
    shown = table.view()
    for field in [key for key in sample if key not in ("type", "v")]:
        for bad in BAD_VALUES:
            link.host_end.texts.append(frame_text({**sample, field: bad}))
            table.update(now)
            door_answers(table)
    if kind in ("welcome", "view"):
        assert table.view().observation == shown.observation
        assert table.names == ["Ana", *table.names[1:]] and len(table.names) == 4


def frame_text(message: dict) -> str:
    import json
    return json.dumps({**message, "v": 1})


def test_a_finished_game_goes_into_a_real_history_with_the_joiners_profile(tmp_path):
    from game.history.store import History
    from game.net.remote_record import keep_finished_game
    table, link = joined(tmp_path / "host", "tienlen")
    play_to_the_end(table, link)
    history = History(tmp_path / "mine")
    try:
        profile = history.create_profile("Ana")
        assert keep_finished_game(history, table.game_over_message, table.seats, table.seat,
                                  profile.id)
        assert history.flush()
        assert history.games_of_profile(profile.id) == 1
        record = history.read.execute("SELECT record FROM records").fetchone()[0]
    finally:
        history.close()
    from game.history.rows import read_record
    assert read_record(record)["table"]["across_machines"] is True


def test_a_cut_games_summary_read_before_the_tables_end_leaves_the_table(tmp_path):
    """A match cut short by the host's `--deals` (no end dialog to show): its summary read
    as its `end` comes leaves the table, whichever arrives first."""
    import json
    table, link = joined(tmp_path, "domino")
    held: list[str] = []
    send = link.host_end.send
    link.host_end.send = lambda text: (held if json.loads(text)["type"] == "end"
                                       else link.host_end.texts).append(text)
    now = 0.01
    while table.game_over_message is None:
        now = step(table, link, now)
        if table.view().acting is not None:
            table.human_action(table.view().legal[0], now)
    assert held and table.ended is None and table.phase is Phase.SUMMARY
    table.acknowledge_summary(now)                   # read: the game is over at the host
    assert table.phase is Phase.SHOWING and table.left_reason is None
    link.host_end.send = send
    link.host_end.texts += held                      # the table's end arrives
    step(table, link, now)
    assert table.left_reason == "games_done"         # the menu (joining.RemoteWatch)
