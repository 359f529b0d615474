"""Finding tables nearby (game/net/discovery.py): where discovery may send (off, this computer,
the network) from the setting, the environment and the host's flag; zeroconf in loopback mode
bound to 127.0.0.1 alone; every TXT field heard checked and bad entries dropped; a real
advertisement heard on 127.0.0.1; trouble as a state. Nothing here sends past loopback: the
conftest sets TABLE_GAMES_DISCOVERY=loopback for every test, and no test opens the network
mode."""

from __future__ import annotations

import socket
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.untrusted import UntrustedInput
from game.net import adverts, discovery, table_ad
from game.net.adverts import TableAdvert
from game.net.discovery import (
    ENVIRONMENT, FAILED, LOOPBACK, NETWORK, OFF, RUNNING, FoundTable, TableBrowser,
    discovery_mode, found_table, open_zeroconf)
from game.net.table_ad import (
    MAX_CHAIRS, MAX_HOST_NAME, SERVICE_TYPE, TXT_KEYS, TableAd, read_txt, txt_record)

#: how long a test waits for what zeroconf hears on loopback (a bound, not a speed check)
HEAR_WITHIN_S = 10.0
GOOD = TableAd(protocol=1, game="joker", table="t1", host_name="Nino", free_chairs=2, chairs=4,
               port=8765)
NAME = f"tabletrio-0123456789ab.{SERVICE_TYPE}"


def properties(**changes) -> dict:
    record = {key.encode(): value.encode() for key, value in txt_record(GOOD).items()}
    for key, value in changes.items():
        if value is None:
            record.pop(key.encode(), None)
        else:
            record[key.encode()] = value
    return record


class Info:
    """What zeroconf resolves a service to (the parts discovery reads)."""

    def __init__(self, name=NAME, props=None, port=8765, addresses=("127.0.0.1",)):
        self.name, self.port = name, port
        self.properties = properties() if props is None else props
        self.addresses = list(addresses)

    def parsed_addresses(self):
        return self.addresses


def wait_for(predicate) -> bool:
    deadline = time.monotonic() + HEAR_WITHIN_S
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


# --- the mode: setting, environment, flag -------------------------------------------------------

def test_the_tests_themselves_run_with_discovery_on_loopback():
    """The conftest's guarantee: whatever the setting says, a test is on loopback."""
    import os

    assert os.environ[ENVIRONMENT] == LOOPBACK
    assert discovery_mode(NETWORK).mode == LOOPBACK


def test_the_host_is_found_on_the_local_network_by_default():
    from game.ui.config import FIELDS, default_settings

    assert default_settings()["discovery"] == NETWORK
    assert discovery_mode(default_settings()["discovery"], environ={}).mode == NETWORK
    check = FIELDS["discovery"][1]
    assert [check(v) for v in (OFF, LOOPBACK, NETWORK, "Network", True, None, [])] == [
        True, True, True, False, False, False, False]


@pytest.mark.parametrize("setting", [OFF, LOOPBACK, NETWORK])
def test_the_setting_decides_when_the_environment_is_silent(setting):
    decision = discovery_mode(setting, environ={})
    assert (decision.mode, decision.refused, decision.by_environment) == (setting, None, False)


@pytest.mark.parametrize("setting", [OFF, LOOPBACK, NETWORK])
@pytest.mark.parametrize("value, mode", [("off", OFF), ("loopback", LOOPBACK),
                                         (" LoopBack\n", LOOPBACK), ("network", NETWORK)])
def test_the_environment_wins_over_the_setting(setting, value, mode):
    decision = discovery_mode(setting, environ={ENVIRONMENT: value})
    assert (decision.mode, decision.by_environment, decision.warning()) == (mode, True, "")


@pytest.mark.parametrize("value", ["", "on", "yes", "1", "lo", "network2", "netwоrk",
                                   "loopback;network", "\x1b[31m", "x" * 500])
def test_an_environment_value_that_is_no_mode_is_off_with_a_warning(value):
    decision = discovery_mode(NETWORK, environ={ENVIRONMENT: value})
    assert decision.mode == OFF
    assert decision.refused is not None and len(decision.refused) <= 20
    assert decision.refused.isprintable()
    assert ENVIRONMENT in decision.warning() and "not" in decision.warning()


@pytest.mark.parametrize("environ", [{}, {ENVIRONMENT: "network"}, {ENVIRONMENT: "loopback"}])
def test_the_hosts_no_discovery_flag_is_off_whatever_else_says(environ):
    decision = discovery_mode(NETWORK, no_discovery=True, environ=environ)
    assert (decision.mode, decision.by_flag) == (OFF, True)


@pytest.mark.parametrize("setting", ["everywhere", None, 1, ["network"]])
def test_a_bad_setting_is_off(setting):
    assert discovery_mode(setting, environ={}).mode == OFF


# --- zeroconf on loopback only ------------------------------------------------------------------

def test_loopback_zeroconf_sends_from_127_0_0_1_alone():
    """Every socket zeroconf sends from is bound to 127.0.0.1 and multicasts through it: a
    packet with that source never leaves the machine."""
    zeroconf = open_zeroconf(LOOPBACK)
    try:
        senders = [wrapped.sock for wrapped in zeroconf.engine.senders]
        assert senders
        for sock in senders:
            assert sock.family == socket.AF_INET
            assert sock.getsockname()[0] == "127.0.0.1"
            interface = sock.getsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, 4)
            assert socket.inet_ntoa(interface) == "127.0.0.1"
    finally:
        zeroconf.close()


def test_off_opens_no_zeroconf_and_starts_nothing():
    with pytest.raises(ValueError):
        open_zeroconf(OFF)

    def never(mode):
        raise AssertionError("discovery is off: nothing may be opened")

    browser = TableBrowser(OFF, opener=never)
    assert browser.start() != RUNNING and browser.tables() == []
    browser.close()
    advert = TableAdvert(OFF, GOOD, opener=never)
    assert advert.start() != RUNNING
    advert.close()


def test_a_browser_opens_zeroconf_for_its_own_mode():
    opened = []

    def recording(mode):
        opened.append(mode)
        return open_zeroconf(mode)

    browser = TableBrowser(discovery_mode(NETWORK).mode, opener=recording)   # the tests' env
    try:
        assert browser.start() == RUNNING
    finally:
        browser.close()
    assert opened == [LOOPBACK]


def test_an_advertisement_on_127_0_0_1_is_heard_on_127_0_0_1():
    advert = TableAdvert(LOOPBACK, GOOD)
    browser = TableBrowser(LOOPBACK)
    try:
        assert advert.start() == RUNNING, advert.problem
        assert browser.start() == RUNNING
        # other tables on this computer (another test's host, a play-test) may be heard too
        def ours():
            return [t for t in browser.tables() if t.ad.port == GOOD.port]
        assert wait_for(ours), "the table was not heard on loopback"
        [table] = ours()
        assert (table.ad, table.address) == (GOOD, "127.0.0.1")
        advert.update(free_chairs=1)
        assert wait_for(lambda: [t.ad.free_chairs for t in ours()] == [1])
        advert.update(free_chairs=2)       # back to what it was a moment ago: heard too
        assert wait_for(lambda: [t.ad.free_chairs for t in ours()] == [2])
        assert ours()[0].ad.serial == 2
        advert.close()
        assert wait_for(lambda: ours() == []), "a closed table stayed listed"
    finally:
        advert.close()
        browser.close()
    assert browser.status != RUNNING and advert.status != RUNNING


def test_a_loopback_advert_gives_loopback_addresses_only():
    advert = TableAdvert(LOOPBACK, GOOD, addresses=["192.0.2.2", "10.0.0.1"])
    assert advert._service_info().parsed_addresses() == ["127.0.0.1"]
    assert adverts.local_addresses(LOOPBACK) == ["127.0.0.1"]


# --- trouble is a state ---------------------------------------------------------------------------

@pytest.mark.parametrize("error", [OSError(99, "no multicast"), RuntimeError("no loop")])
def test_a_zeroconf_that_cannot_open_leaves_the_browser_failed(error):
    def refusing(mode):
        raise error

    browser = TableBrowser(LOOPBACK, opener=refusing)
    assert browser.start() == FAILED
    assert browser.tables() == []
    browser.close()
    assert browser.status == FAILED
    advert = TableAdvert(LOOPBACK, GOOD, opener=refusing)
    assert advert.start() == FAILED and advert.problem
    advert.update(free_chairs=0)             # a failed advert takes news quietly
    advert.close()


# --- what is heard: the TXT record and the service --------------------------------------------

def test_the_txt_record_holds_its_fields_and_never_a_join_code():
    kept = TableAd(**{**GOOD.__dict__, "free_chairs": 0, "held_chairs": 1})
    record = txt_record(kept)                        # a chair kept for a friend away: "k"
    assert tuple(record) == TXT_KEYS
    assert read_txt({k.encode(): v.encode() for k, v in record.items()}) == kept
    record = txt_record(GOOD)                        # none kept: no "k"
    assert tuple(record) == tuple(key for key in TXT_KEYS if key != "k")
    assert read_txt({k.encode(): v.encode() for k, v in record.items()}) == GOOD
    assert not {"code", "c", "join_code"} & set(record)
    assert "code" not in TableAd.__dataclass_fields__


def test_the_record_says_facts_and_no_words_of_the_hosts_language():
    """A Georgian host's record reaches an English joiner: the game's id, the table's id,
    digits and the player's own name; no sentence (the joiner words the line)."""
    ad = TableAd(1, "joker", "t1", "ნინო", 1, 4, 8765)
    record = txt_record(ad)
    assert {key: value for key, value in record.items() if key != "h"} == {
        "v": "1", "g": "joker", "t": "t1", "f": "1", "s": "4", "p": "8765", "u": "0"}
    assert "n" not in record                          # the worded table name is gone


def test_a_record_without_a_host_name_is_a_table_without_one():
    nobody = TableAd(1, "tienlen", "t3", "", 2, 3, 8765)
    record = txt_record(nobody)
    assert "h" not in record
    assert read_txt({k.encode(): v.encode() for k, v in record.items()}) == nobody


def test_a_host_never_advertises_what_a_browser_would_drop():
    with pytest.raises(UntrustedInput):
        TableAdvert(LOOPBACK, TableAd(1, "joker", "t1", "\x07bell", 2, 4, 8765))
    with pytest.raises(UntrustedInput):
        TableAdvert(LOOPBACK, TableAd(1, "joker", "t1", "Nino", MAX_CHAIRS + 1, 4, 8765))
    with pytest.raises(UntrustedInput):
        TableAdvert(LOOPBACK, TableAd(1, "joker", "T 1", "Nino", 2, 4, 8765))


@pytest.mark.parametrize("name, advertised", [
    ("Nino", "Nino"), ("  ნინო ", "ნინო"), ("x" * 40, "x" * MAX_HOST_NAME), ("", ""),
    ("\x1b[31m", ""), ("a\x00b", ""), ("\ud800", ""), (None, ""), (["Nino"], "")])
def test_a_name_that_cannot_be_advertised_is_left_out(name, advertised):
    assert table_ad.advertised_name(name) == advertised


@pytest.mark.parametrize("changes", [
    {"v": None}, {"g": None}, {"t": None}, {"f": None}, {"s": None}, {"p": None},
    {"v": b"0"}, {"v": b"10000"}, {"v": b"-1"}, {"v": b"+1"}, {"v": b" 1"}, {"v": b"1.0"},
    {"v": "²".encode()}, {"v": "١".encode()}, {"v": b"1e3"}, {"v": b""},
    {"g": b"chess"}, {"g": b"JOKER"}, {"g": b""},
    {"t": b""}, {"t": b"T1"}, {"t": b"t 1"}, {"t": b"-t1"}, {"t": b"t" * 17}, {"t": b"../x"},
    {"h": b""}, {"h": b"   "}, {"h": b"x" * (MAX_HOST_NAME + 1)}, {"h": b"\x1b[31mred"},
    {"h": b"a\x00b"}, {"h": b"\xff\xfe"}, {"h": b"\xed\xa0\x80"}, {"h": "a\u2028b".encode()},
    {"h": b"\n"}, {"h": b"y" * 500},
    {"f": b"5"}, {"f": b"-0"}, {"f": b"1_0"},
    {"g": b"tienlen", "s": b"2", "f": b"3"},       # more chairs free than the table has
    {"g": b"tienlen", "s": b"1"}, {"s": b"3"}, {"s": b"5"}, {"s": b"0"},   # its game's seats
    {"u": None}, {"u": b"10000"}, {"u": b"-1"}, {"u": b"x"},
    {"k": b"3"}, {"k": b"-1"}, {"k": b""}, {"k": b"x"},     # GOOD: 2 of 4 free, so 2 kept at most
    {"p": b"0"}, {"p": b"65536"}, {"p": b"99999999999999999999999999999999999"},
])
def test_a_bad_field_drops_the_entry(changes):
    props = properties(**changes)
    with pytest.raises(UntrustedInput):
        read_txt(props)
    assert found_table(Info(props=props), LOOPBACK) is None


def test_a_field_without_a_value_or_too_many_fields_drops_the_entry():
    with pytest.raises(UntrustedInput):
        read_txt({**properties(), b"h": None})
    with pytest.raises(UntrustedInput):
        read_txt({**properties(), **{f"x{i}".encode(): b"1" for i in range(20)}})
    for not_a_record in (None, [], b"v=1", "v=1"):
        with pytest.raises(UntrustedInput):
            read_txt(not_a_record)


@pytest.mark.parametrize("info", [
    Info(name="Evil table._tabletrio._tcp.local."),            # not a table's own name
    Info(name=NAME.replace("._tabletrio", "._other")),
    Info(port=9999),                                           # SRV and TXT disagree
    Info(addresses=()),
    Info(addresses=("224.0.0.251",)), Info(addresses=("0.0.0.0",)),
    Info(addresses=("255.255.255.255",)), Info(addresses=("not an address",)),
    Info(addresses=("192.0.2.2",)),               # past loopback: never joined in loopback mode
    None,
])
def test_a_bad_service_is_dropped_in_loopback_mode(info):
    assert found_table(info, LOOPBACK) is None


def test_a_good_service_is_kept_with_its_first_usable_address():
    found = found_table(Info(addresses=("224.0.0.251", "127.0.0.2")), LOOPBACK)
    assert found == FoundTable(GOOD, "127.0.0.2", NAME.lower())
    # on the network (decided here, nothing is sent) a LAN address is a table's address
    assert found_table(Info(addresses=("192.168.1.20",)), NETWORK).address == "192.168.1.20"


@given(st.dictionaries(st.binary(max_size=12), st.one_of(st.none(), st.binary(max_size=300)),
                       max_size=20))
def test_fuzzed_records_are_refused_at_the_door_or_are_in_range(props):
    try:
        ad = read_txt(props)
    except UntrustedInput:
        return
    assert 1 <= ad.protocol <= table_ad.MAX_PROTOCOL
    assert 0 <= ad.free_chairs <= ad.chairs <= MAX_CHAIRS
    assert 1 <= ad.port <= 65535 and ad.table.isascii() and ad.host_name.isprintable()


@given(st.sampled_from(TXT_KEYS), st.binary(max_size=40))
def test_one_fuzzed_field_in_a_good_record_is_checked(key, value):
    try:
        ad = read_txt(properties(**{key: value}))
    except UntrustedInput:
        return
    assert txt_record(ad)[key].encode() == value        # kept only when it reads back as sent


# --- the list: bounded, and tables come and go ------------------------------------------------

class FakeZeroconf:
    def __init__(self, infos):
        self.infos = infos

    def get_service_info(self, service_type, name, timeout):
        assert timeout <= discovery.RESOLVE_MS
        return self.infos.get(name)


def test_the_list_is_capped_and_forgets_removed_tables():
    from zeroconf import ServiceStateChange

    names = [f"tabletrio-{i:012x}.{SERVICE_TYPE}" for i in range(6)]
    infos = {name: Info(name=name, props=properties(h=f"Host {i}".encode()))
             for i, name in enumerate(names)}
    browser = TableBrowser(LOOPBACK, limit=3)
    zeroconf = FakeZeroconf(infos)
    for name in names:
        browser._on_change(zeroconf, SERVICE_TYPE, name, ServiceStateChange.Added)
    assert [t.ad.host_name for t in browser.tables()] == ["Host 0", "Host 1", "Host 2"]
    browser._on_change(zeroconf, SERVICE_TYPE, names[1], ServiceStateChange.Removed)
    browser._on_change(zeroconf, SERVICE_TYPE, names[5], ServiceStateChange.Added)
    assert [t.ad.host_name for t in browser.tables()] == ["Host 0", "Host 2", "Host 5"]
    # an update that no longer passes the door takes the table off the list
    infos[names[0]] = Info(name=names[0], props=properties(p=b"0"))
    browser._on_change(zeroconf, SERVICE_TYPE, names[0], ServiceStateChange.Updated)
    assert [t.ad.host_name for t in browser.tables()] == ["Host 2", "Host 5"]


def test_a_name_that_is_not_a_tables_is_never_resolved():
    from zeroconf import ServiceStateChange

    class Untouchable:
        def get_service_info(self, *args, **kwargs):
            raise AssertionError("a stranger's service was resolved")

    browser = TableBrowser(LOOPBACK)
    for name in ("printer._tabletrio._tcp.local.", "x" * 300 + "._tabletrio._tcp.local."):
        browser._on_change(Untouchable(), SERVICE_TYPE, name, ServiceStateChange.Added)
    assert browser.tables() == []


def test_a_resolve_that_fails_is_only_a_table_not_heard():
    from zeroconf import ServiceStateChange

    class Broken:
        def get_service_info(self, *args, **kwargs):
            raise OSError("gone")

    browser = TableBrowser(LOOPBACK)
    browser._on_change(Broken(), SERVICE_TYPE, NAME, ServiceStateChange.Added)
    assert browser.tables() == []


# --- the headless host announces its tables --------------------------------------------------------

def test_the_headless_hosts_announcer_follows_the_flag_the_environment_and_the_bind(monkeypatch):
    """--no-discovery: nothing; else the environment's mode, narrowed to this computer when the
    host is bound to it (a table only this computer can join is never shown to the network)."""
    from argparse import Namespace

    from game.net.adverts import HostAnnouncer
    from game.net.cli import host_announcer

    monkeypatch.setenv(discovery.ENVIRONMENT, NETWORK)
    assert host_announcer(Namespace(no_discovery=True, bind="0.0.0.0")) is None
    loopback_only = host_announcer(Namespace(no_discovery=False, bind="127.0.0.1"))
    assert isinstance(loopback_only, HostAnnouncer) and loopback_only.mode == LOOPBACK
    monkeypatch.setenv(discovery.ENVIRONMENT, "off")
    assert host_announcer(Namespace(no_discovery=False, bind="127.0.0.1")) is None


@pytest.mark.slow
def test_a_headless_host_is_heard_on_loopback_with_its_free_chairs(tmp_path):
    """`main.py host` (a real process; the tests' environment says loopback) advertises its
    table: a browser on 127.0.0.1 hears the game, the port and the one open chair."""
    from net_helpers import Process

    host = Process(["host", "--game", "tienlen", "--seats", "open,easy,easy,easy", "--port", "0",
                    "--code", "sesame", "--bind", "127.0.0.1"], tmp_path)
    browser = TableBrowser(LOOPBACK)
    try:
        port = host.wait_for_lines(1, 30)[0]["listening"]["port"]
        assert browser.start() == RUNNING
        assert wait_for(lambda: any(t.ad.port == port for t in browser.tables())), \
            "the host's table was not heard on loopback"
        [table] = [t for t in browser.tables() if t.ad.port == port]
        assert (table.ad.game, table.ad.free_chairs, table.address) == ("tienlen", 1, "127.0.0.1")
    finally:
        host.kill()
        browser.close()
