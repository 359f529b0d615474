"""A host's tables announced nearby follow their chairs (game/net/adverts.py, host.Host's
`follow_discovery`): a chair taken, a drop whose hold ran out, a chair filled with AI and a
table reopened from Continue change the free chairs a joiner hears, heard on 127.0.0.1 with a
real advert; however often the chairs change, an advert changes at most once every
UPDATE_EVERY_S a table. Nothing here sends past loopback (the conftest's environment)."""

from __future__ import annotations

import secrets
import threading

import pytest

from game.controller.seats import AI, HUMAN, REMOTE, SeatConfig
from game.net.adverts import MAX_ADVERTS, UPDATE_EVERY_S, HostAnnouncer, chair_counts
from game.net.chairs import REMOTE as REMOTE_CHAIR, Chair
from game.net.discovery import LOOPBACK, OFF, RUNNING, TableBrowser
from game.net.host import DISCOVERY_FOLLOW_S, Host
from game.net.table_host import TableSpec

from test_discovery import wait_for     # what zeroconf hears on loopback, in a bound


def table(table_id: str, *states: str, game: str = "tienlen", done: bool = False) -> dict:
    """A table as host.Host describes it."""
    return {"id": table_id, "game": game, "number": 0, "done": done,
            "chairs": [{"name": None, "state": state} for state in states]}


class FakeAdvert:
    """A TableAdvert that keeps what it was told (no zeroconf)."""

    def __init__(self, mode, ad):
        self.mode, self.ad, self.updates, self.started = mode, ad, [], False

    def start(self):
        self.started = True
        return RUNNING

    def update(self, free, held=0):
        self.updates.append(free)
        self.ad = self.ad.changed(free, held)

    def close(self):
        pass


def heard(browser, port):
    return {found.ad.table: found.ad.free_chairs for found in browser.tables()
            if found.ad.port == port}


# --- how often an advert changes ----------------------------------------------------------------

def test_an_advert_changes_at_most_once_a_second_however_often_the_chairs_change():
    now = [0.0]
    announcer = HostAnnouncer(LOOPBACK, "Nino", clock=lambda: now[0], advert=FakeAdvert)
    announcer.adverts = announcer.adverts_for(8765, [table("t1", "open", "open", "bot"),
                                                     table("t2", "open", "bot")])
    t1, t2 = announcer.adverts["t1"], announcer.adverts["t2"]
    assert (t1.ad.free_chairs, t1.ad.chairs, t2.ad.free_chairs) == (2, 3, 1)
    applied = []

    def step(seconds, *tables):
        now[0] += seconds
        announcer.follow(list(tables))
        due, wait = announcer.changes_due(now[0])
        for advert, (free, held) in due:
            advert.update(free, held)
            applied.append((advert.ad.table, free, now[0]))
        return wait

    step(0.0, table("t1", "taken", "open", "bot"))                  # a chair taken: said
    wait = step(0.1, table("t1", "taken", "taken", "bot"))          # too soon: later
    assert wait == pytest.approx(UPDATE_EVERY_S - 0.1)
    for _ in range(8):                                               # a storm of changes
        step(0.1, table("t1", "taken", "open", "bot"), table("t1", "taken", "taken", "bot"))
    step(0.2, table("t1", "taken", "taken", "bot"))                  # a second since: said
    step(0.1, table("t2", "taken", "bot"))                           # another table: at once
    assert [(t, free) for t, free, _ in applied] == [("t1", 1), ("t1", 0), ("t2", 0)]
    t1_times = [at for t, _, at in applied if t == "t1"]
    assert t1_times[1] - t1_times[0] >= UPDATE_EVERY_S
    assert t1.updates == [1, 0] and t2.updates == [0]
    # the same count again changes nothing
    step(5.0, table("t1", "taken", "taken", "bot"), table("t2", "taken", "bot"))
    assert len(applied) == 3


def test_the_free_chairs_are_the_open_ones_the_kept_ones_held_and_none_at_a_table_over():
    assert chair_counts(table("t1", "open", "held", "taken", "bot")) == (1, 1)
    assert chair_counts(table("t1", "open", "local")) == (1, 0)
    assert chair_counts(table("t1", "open", "held", done=True)) == (0, 0)
    assert chair_counts({"id": "t1"}) == (0, 0)


def test_a_lobby_announces_its_first_sixteen_tables_and_follows_those_only():
    announcer = HostAnnouncer(LOOPBACK, "server", advert=FakeAdvert)
    tables = [table(f"t{n}", "open", "bot") for n in range(1, 21)]
    announcer.adverts = announcer.adverts_for(8765, tables)
    assert list(announcer.adverts) == [f"t{n}" for n in range(1, MAX_ADVERTS + 1)]
    announcer.follow([table(f"t{n}", "taken", "bot") for n in range(1, 21)])
    due, _ = announcer.changes_due(100.0)
    assert sorted(advert.ad.table for advert, _ in due) == sorted(announcer.adverts)


def test_a_table_that_cannot_be_advertised_is_left_out_and_off_announces_nothing():
    announcer = HostAnnouncer(LOOPBACK, "\x1b[31m", advert=FakeAdvert)
    adverts = announcer.adverts_for(8765, [table("t1", "open", "bot"),
                                           table("../x", "open", "bot"),
                                           table("t3", "open", "bot", game="chess"),
                                           {"id": "t4"}])
    assert list(adverts) == ["t1"] and adverts["t1"].ad.host_name == ""
    off = HostAnnouncer(OFF, "Nino", advert=FakeAdvert)
    off.announce(8765, [table("t1", "open", "bot")])
    off.follow([table("t1", "taken", "bot")])
    assert off.adverts == {} and off.thread is None


def test_the_host_tells_its_announcer_how_the_chairs_stand(tmp_path):
    """Host.follow_discovery: every DISCOVERY_FOLLOW_S real seconds (whatever the tables'
    clock does), each table as it stands (a chair filled with AI here)."""
    told = []

    class Recorder:
        def follow(self, tables):
            told.append([(t["id"], chair_counts(t)[0]) for t in tables])

    real = [100.0]
    spec = TableSpec("t1", "tienlen", [Chair(REMOTE_CHAIR, "easy"), Chair(REMOTE_CHAIR, "easy")])
    host = Host([spec], "sesame", tmp_path, discovery=Recorder(), clock=lambda: 0.0)
    host.discovery_clock = lambda: real[0]
    host.follow_discovery(0.0)
    real[0] += DISCOVERY_FOLLOW_S / 2
    host.follow_discovery(0.0)                                       # not yet
    host.tables["t1"].fill_with_bot(0, "Easy 1", "easy")
    real[0] += DISCOVERY_FOLLOW_S / 2
    host.follow_discovery(0.0)
    assert told == [[("t1", 2)], [("t1", 1)]]
    host.runner.stop()
    host.writer.close()


# --- heard on loopback --------------------------------------------------------------------------

def test_announced_tables_follow_their_chairs_heard_on_loopback():
    """A real announcer on 127.0.0.1: a browser hears each table's free chairs, then the
    changes the host tells it, then nothing once it closed."""
    port = 40000 + secrets.randbelow(20000)      # the record's port only: nothing listens
    announcer = HostAnnouncer(LOOPBACK, "Nino")
    browser = TableBrowser(LOOPBACK)
    try:
        assert browser.start() == RUNNING
        announcer.announce(port, [table("t1", "open", "open", "bot"),
                                  table("t2", "open", "bot", "bot", "bot")])
        assert wait_for(lambda: heard(browser, port) == {"t1": 2, "t2": 1}), heard(browser, port)
        [found] = [f for f in browser.tables() if f.ad.port == port and f.ad.table == "t1"]
        assert (found.ad.host_name, found.ad.chairs, found.address) == ("Nino", 3, "127.0.0.1")
        announcer.follow([table("t1", "taken", "open", "bot"),
                          table("t2", "bot", "bot", "bot", "bot")])
        assert wait_for(lambda: heard(browser, port) == {"t1": 1, "t2": 0}), heard(browser, port)
        announcer.follow([table("t1", "held", "open", "bot")])      # a drop: still kept
        announcer.follow([table("t1", "open", "open", "bot")])      # its hold ran out
        assert wait_for(lambda: heard(browser, port).get("t1") == 2), heard(browser, port)
        announcer.close()
        assert wait_for(lambda: heard(browser, port) == {}), "closed tables stayed listed"
    finally:
        announcer.close()
        browser.close()


def test_a_window_hosted_table_is_heard_with_its_player_and_follows_fill_with_ai(tmp_path):
    """The window's host (game/net/window_host.py) announces its table under the player at
    its screen; filling the open chair with AI is heard as no chair free."""
    from game.net.window_host import LISTENING, WindowHosting

    now = [0.0]
    seats = [SeatConfig("ნინო", HUMAN), SeatConfig("Budi", REMOTE, "easy"),
             SeatConfig("Ani", AI, "easy")]
    hosting = WindowHosting("tienlen", seats, code="ACD349", lock=threading.RLock(),
                            clock=lambda: now[0], hold_s=60, records=tmp_path,
                            discovery=LOOPBACK, host_name="ნინო").start()
    browser = TableBrowser(LOOPBACK)
    try:
        assert hosting.wait_listening(20) is not None and hosting.status == LISTENING
        assert browser.start() == RUNNING
        assert wait_for(lambda: heard(browser, hosting.port) == {"t1": 1})
        [found] = [f for f in browser.tables() if f.ad.port == hosting.port]
        assert (found.ad.game, found.ad.host_name, found.ad.chairs) == ("tienlen", "ნინო", 3)
        hosting.fill_with_ai(1, "Budi", "easy")
        assert wait_for(lambda: heard(browser, hosting.port) == {"t1": 0}), \
            heard(browser, hosting.port)
    finally:
        hosting.stop()
        hosting.wait_stopped()
        browser.close()


def test_a_table_reopened_from_continue_frees_a_chair_when_its_hold_runs_out(tmp_path):
    """Continue holds each remote chair for the friend who sat there (not free), until the
    table's hold time is over: then a newcomer may take it, and the advert says so."""
    from game.net.window_host import WindowHosting

    now = [0.0]
    seats = [SeatConfig("Ani", HUMAN), SeatConfig("Budi", REMOTE, "easy")]
    hosting = WindowHosting("tienlen", seats, code="ACD349", lock=threading.RLock(),
                            clock=lambda: now[0], hold_s=30, records=tmp_path,
                            returning=True, discovery=LOOPBACK, host_name="Ani").start()
    browser = TableBrowser(LOOPBACK)
    try:
        assert hosting.wait_listening(20) is not None
        assert browser.start() == RUNNING
        assert wait_for(lambda: heard(browser, hosting.port) == {"t1": 0})
        assert hosting.chairs()[1]["state"] == "held"
        now[0] = 31.0                                      # the window's clock: hold over
        assert wait_for(lambda: heard(browser, hosting.port) == {"t1": 1}), \
            heard(browser, hosting.port)
    finally:
        hosting.stop()
        hosting.wait_stopped()
        browser.close()


@pytest.mark.slow
def test_a_headless_lobby_s_free_chairs_follow_a_joiner_sitting_down(tmp_path):
    """`main.py host` (a real process, loopback): two open chairs are heard free; a bot
    joiner sits in one, and one is heard free."""
    from net_helpers import Process

    host = Process(["host", "--game", "tienlen", "--seats", "open,open,easy", "--port", "0",
                    "--code", "sesame", "--bind", "127.0.0.1", "--hold", "600"], tmp_path)
    browser = TableBrowser(LOOPBACK)
    friend = None
    try:
        port = host.wait_for_lines(1, 30)[0]["listening"]["port"]
        assert browser.start() == RUNNING
        assert wait_for(lambda: heard(browser, port) == {"t1": 2}), heard(browser, port)
        friend = Process(["join", f"ws://127.0.0.1:{port}", "--code", "sesame", "--bot",
                          "easy", "--name", "Minh", "--table", "t1"], tmp_path / "friend")
        assert wait_for(lambda: heard(browser, port) == {"t1": 1}), heard(browser, port)
    finally:
        if friend is not None:
            friend.kill()
        host.kill()
        browser.close()
