"""A table hosted from a window that lasts more than one game, and its deal summaries read at
every screen (docs/network.md, "The window's side: hosting"), in this process: the window's
controller shared with its HostedTable under a lock, as window_host.py shares it, a joiner
through a pretend link seen through its RemoteTable door, time as a number
(remote_helpers.window_hosted)."""

from __future__ import annotations

from game.controller.door import Phase
from game.net.remote_table import RemoteTable
from game.net.table_host import JOINERS_READ_S

from remote_helpers import window_hosted

DT = 0.05


class Tables:
    """The host's window and the joiner's door, moved on frame by frame: the host's player
    and the joiner each play their first legal move, and read each summary when they are
    asked to (`host_reads`, `joiner_reads`)."""

    def __init__(self, tmp_path, game: str, seed: int = 3, **settings):
        self.hosted, self.ctl, self.link = window_hosted(tmp_path, game, seed, **settings)
        self.now = 0.0
        self.door = RemoteTable(self.link, 0.0, arrived=self.link.poll())
        self.host_reads = self.joiner_reads = True
        self.joiner_moves: list[tuple] = []    # (deals played, action) of the joiner's moves

    def frame(self) -> None:
        self.now += DT
        ctl, door, now = self.ctl, self.door, self.now
        with self.hosted.lock:                 # the window's frame
            ctl.update(now)
            view = ctl.view()
            if view.acting == 0:
                ctl.human_action(view.legal[0], now)
            elif ctl.phase is Phase.SUMMARY and self.host_reads:
                ctl.acknowledge_summary(now)
        self.link.tick(now)                    # the host's thread
        door.release(now)
        door.update(now)
        view = door.view()
        if view.acting is not None:
            door.human_action(view.legal[0], now)
            self.joiner_moves.append((door.deals_played, view.legal[0]))
        elif door.phase is Phase.SUMMARY and self.joiner_reads:
            door.acknowledge_summary(now)

    def until(self, predicate, frames: int = 40000) -> None:
        for _ in range(frames):
            if predicate():
                return
            self.frame()
        raise AssertionError("the tables did not get there")

    def received(self) -> list[str]:
        return [message["type"] for message in self.link.received]


def test_a_window_hosted_tienlen_session_plays_game_after_game_with_its_joiner_seated(tmp_path):
    tables = Tables(tmp_path, "tienlen")
    ctl, door = tables.ctl, tables.door
    # the second game, played at both screens (T1: a deal of Tiến Lên is a game)
    tables.until(lambda: ctl.deals_played == 2 and any(
        deals == 2 for deals, _ in tables.joiner_moves))
    assert door.deals_played == 2 and door.phase in (Phase.HUMAN, Phase.BOT, Phase.SHOWING)
    assert "game_over" not in tables.received() and "end" not in tables.received()
    assert not tables.hosted.done and tables.link.ended is None
    # the host's player ends the session at the second game's payment table (Leave the
    # table: the session goes to the history, its save is forgotten); the joiner hears the
    # session's end, then the table's
    tables.host_reads = False
    tables.until(lambda: ctl.phase is Phase.SUMMARY and ctl.deals_played == 2)
    with tables.hosted.lock:
        ctl.finish()
    tables.until(lambda: door.ended is not None)
    assert tables.received()[-2:] == ["game_over", "end"]
    result = door.game_over_message["result"]
    assert result["deals"] == 2 and result["finished"]
    assert door.finished and door.left_reason is None
    assert door.final_record is not None          # replayed to the host's totals: kept
    tables.until(lambda: door.phase is Phase.OVER)   # its payment table read: the balances
    assert tables.hosted.done


def test_the_host_closing_a_session_under_a_joiner_who_read_its_summary_ends_it_there(tmp_path):
    tables = Tables(tmp_path, "tienlen")
    ctl, door = tables.ctl, tables.door
    tables.host_reads = False
    tables.until(lambda: ctl.phase is Phase.SUMMARY and door.phase is Phase.SHOWING)
    assert ("ready", {}) in tables.link.sent         # read: the joiner waits for the host
    with tables.hosted.lock:
        ctl.finish()                                 # the host's player ends the session
    for _ in range(3):
        tables.frame()
    assert door.finished and door.phase is Phase.OVER     # never a table where nothing moves


def test_the_hosts_summary_waits_for_its_joiner_to_read_it(tmp_path):
    tables = Tables(tmp_path, "joker")                   # J2: the first deal is one card each
    ctl, door = tables.ctl, tables.door
    tables.joiner_reads = False
    tables.until(lambda: ctl.remote_seats.waiting_for() != ())
    assert ctl.remote_seats.waiting_for() == (1,) and ctl.phase is Phase.SUMMARY
    for _ in range(40):                                  # two seconds: still waiting for Lan
        tables.frame()
    assert ctl.phase is Phase.SUMMARY and ctl.deals_played == 1
    door.acknowledge_summary(tables.now)                 # Lan has read it: `ready`
    tables.frame()
    assert ctl.deals_played == 2 and ctl.remote_seats.waiting_for() == ()


def test_a_joiner_who_read_first_lets_the_hosts_click_deal_at_once(tmp_path):
    tables = Tables(tmp_path, "joker")
    ctl, door = tables.ctl, tables.door
    tables.host_reads = tables.joiner_reads = False
    tables.until(lambda: door.phase is Phase.SUMMARY)
    door.acknowledge_summary(tables.now)
    tables.frame()
    assert ctl.phase is Phase.SUMMARY                    # the host's player has not read it
    with tables.hosted.lock:
        ctl.acknowledge_summary(tables.now)
    assert ctl.deals_played == 2 and ctl.remote_seats.waiting_for() == ()


def test_a_joiner_who_dropped_is_not_waited_for(tmp_path):
    tables = Tables(tmp_path, "joker")
    ctl = tables.ctl
    tables.joiner_reads = False
    tables.until(lambda: ctl.remote_seats.waiting_for() == (1,))
    tables.link.close()                                  # Lan's connection ends
    assert ctl.deals_played == 2 and ctl.remote_seats.waiting_for() == ()


def test_a_joiner_back_during_the_summary_is_waited_for_again(tmp_path):
    """Lan's window comes back while the summary is up (a drop, a host reopened from
    Continue): her screen shows it again, and the host's click waits for her reading it."""
    tables = Tables(tmp_path, "joker")
    ctl = tables.ctl
    tables.host_reads = tables.joiner_reads = False
    tables.until(lambda: ctl.phase is Phase.SUMMARY)
    with tables.hosted.lock:
        ctl.remote_seats.has_read(1, tables.now)         # she had read it, then dropped
        ctl.remote_seats.seat_present(1, False, tables.now)
        ctl.remote_seats.seat_present(1, True, tables.now)   # and is back
        ctl.acknowledge_summary(tables.now)
    assert ctl.phase is Phase.SUMMARY and ctl.remote_seats.waiting_for() == (1,)


def test_a_joiner_holds_the_summary_for_a_bounded_time_only(tmp_path):
    tables = Tables(tmp_path, "joker")
    ctl = tables.ctl
    tables.joiner_reads = False
    tables.until(lambda: ctl.phase is Phase.SUMMARY)
    ended_at = tables.now
    tables.until(lambda: ctl.remote_seats.waiting_for() == (1,))
    tables.until(lambda: tables.now >= ended_at + JOINERS_READ_S - 1)
    assert ctl.phase is Phase.SUMMARY and ctl.deals_played == 1
    tables.until(lambda: ctl.deals_played == 2, frames=int(2 / DT))
    assert tables.now <= ended_at + JOINERS_READ_S + 2 * DT


def test_a_summary_waits_for_nobody_when_no_joiner_is_connected(tmp_path):
    tables = Tables(tmp_path, "joker")
    ctl = tables.ctl
    tables.host_reads = False
    tables.link.close()
    tables.until(lambda: ctl.phase is Phase.SUMMARY)
    with tables.hosted.lock:
        ctl.acknowledge_summary(tables.now)
    assert ctl.deals_played == 2
