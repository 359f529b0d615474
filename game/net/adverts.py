"""A host's tables advertised nearby (mDNS / DNS-SD, zeroconf), their free chairs following the
tables (docs/discovery.md).

`TableAdvert` is one table's advertisement: `start` (it blocks about 1.7 s while zeroconf
probes that the name is free), `update(free_chairs)` (quick: the new record goes out on
zeroconf's own thread), `close`. `HostAnnouncer` is a host's `discovery` hook (host.Host): an
advert for each of its first MAX_ADVERTS tables, started one by one on a thread of its own,
never on the host's loop; the host tells it how the chairs stand (`follow`, cheap, from the
host's thread) and that thread changes each advert when its free chairs changed, at most once
every UPDATE_EVERY_S seconds a table (a table whose chairs come and go quickly is not a storm
of packets).

Where an advert may send is the mode decided by discovery.py (off: nothing is opened).
Advertising is never fatal: trouble leaves an advert FAILED, its `problem` saying why (English,
for the log), and the table plays on.
"""

from __future__ import annotations

import asyncio
import ipaddress
import secrets
import threading
import time
from typing import Callable

from .discovery import (FAILED, LOOPBACK, LOOPBACK_ADDRESS, NETWORK, OFF, RUNNING, STOPPED,
                        open_zeroconf, usable_address)
from .table_ad import INSTANCE_PREFIX, MAX_CHAIRS, SERVICE_TYPE, TableAd, advertised_name, \
    txt_record

#: a lobby's tables advertised at most (each advert is a zeroconf of its own)
MAX_ADVERTS = 16
#: an advert changes at most this often (seconds), however often its table's chairs change
UPDATE_EVERY_S = 1.0


def local_addresses(mode: str) -> list[str]:
    """The addresses a table is advertised at: 127.0.0.1 in loopback mode, else this
    computer's IPv4 unicast addresses (read from its interfaces: nothing is sent)."""
    if mode == LOOPBACK:
        return [LOOPBACK_ADDRESS]
    import ifaddr     # zeroconf's own dependency

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            address = usable_address(ip.ip, NETWORK) if isinstance(ip.ip, str) else None
            if address and not ipaddress.IPv4Address(address).is_loopback:
                found.append(address)
    return found or [LOOPBACK_ADDRESS]


def _close_quietly(zeroconf) -> None:
    try:
        zeroconf.close()
    except Exception:     # closing is best effort: a socket already gone is no trouble
        pass


class TableAdvert:
    """A hosted table, advertised while it runs: `start`, `update(free_chairs)`, `close`.
    Off, it does nothing; trouble leaves it FAILED (`problem` says why, in English)."""

    def __init__(self, mode: str, ad: TableAd, *, addresses: list[str] | None = None,
                 opener: Callable[[str], object] = open_zeroconf):
        self.mode = mode
        self.ad = ad
        self.record = txt_record(ad)            # refused at once when the host's own is bad
        self.addresses = addresses
        self.opener = opener
        self.status = STOPPED
        self.problem = ""
        self._zeroconf = None
        self._info = None
        self.instance = f"{INSTANCE_PREFIX}{secrets.token_hex(6)}"

    def _service_info(self):
        from zeroconf import ServiceInfo

        addresses = self.addresses or local_addresses(self.mode)
        if self.mode == LOOPBACK:
            addresses = [a for a in addresses if usable_address(a, LOOPBACK)] or [
                LOOPBACK_ADDRESS]
        # the name registered (zeroconf may have changed it to one that was free)
        name = self._info.name if self._info is not None else \
            f"{self.instance}.{SERVICE_TYPE}"
        return ServiceInfo(SERVICE_TYPE, name, port=self.ad.port, properties=self.record,
                           server=f"{self.instance}.local.", parsed_addresses=addresses)

    def start(self) -> str:
        if self.mode not in (LOOPBACK, NETWORK) or self.status == RUNNING:
            return self.status
        try:
            self._zeroconf = self.opener(self.mode)
            self._info = self._service_info()
            self._zeroconf.register_service(self._info, allow_name_change=True)
        except Exception as error:    # zeroconf's own errors too: advertising is never fatal
            self.problem = f"{type(error).__name__}: {error}"[:200]
            self.close()
            self.status = FAILED
            return self.status
        self.status = RUNNING
        return self.status

    def update(self, free_chairs: int, held_chairs: int = 0) -> None:
        """Say how many chairs are free now (and kept for a friend away). Returns at once: the
        new record is announced on zeroconf's own thread (its three broadcasts take about half
        a second)."""
        ad = self.ad.changed(free_chairs, held_chairs)
        self.record = txt_record(ad)
        self.ad = ad
        zeroconf = self._zeroconf
        if self.status != RUNNING or zeroconf is None:
            return
        try:
            self._info = self._service_info()
            asyncio.run_coroutine_threadsafe(zeroconf.async_update_service(self._info),
                                             zeroconf.loop)
        except Exception as error:   # the table goes on; only its advert is stale
            self.problem = f"{type(error).__name__}: {error}"[:200]

    def close(self) -> None:
        zeroconf, info = self._zeroconf, self._info
        self._zeroconf = self._info = None
        if zeroconf is not None:
            if info is not None and self.status == RUNNING:
                try:
                    zeroconf.unregister_service(info)
                except Exception:   # best effort: the record expires anyway
                    pass
            _close_quietly(zeroconf)
        if self.status == RUNNING:
            self.status = STOPPED


def chair_counts(table: dict) -> tuple[int, int]:
    """(the chairs a newcomer may take, the chairs kept for a friend away) at a table as the
    host describes it (host.Host: its chairs with their state); (0, 0) once it played its
    games."""
    if table.get("done"):
        return 0, 0
    states = [chair.get("state") for chair in table.get("chairs", ())]
    return min(states.count("open"), MAX_CHAIRS), min(states.count("held"), MAX_CHAIRS)


class HostAnnouncer:
    """A host's `discovery` hook (host.Host): its tables advertised nearby while it serves
    them, each with its free chairs as they stand. `host_name`: the host player's name (the
    window's) or the computer's (a server); a name that cannot be advertised is left out.
    `clock`: seconds (the bound on how often an advert changes)."""

    def __init__(self, mode: str, host_name: str = "", *,
                 clock: Callable[[], float] = time.monotonic,
                 advert: Callable[..., TableAdvert] = TableAdvert):
        self.mode = mode
        self.host_name = advertised_name(host_name)
        self.clock = clock
        self.make_advert = advert
        self.adverts: dict[str, TableAdvert] = {}     # table id -> its advert
        self.closed = threading.Event()
        self.news = threading.Event()                 # `follow` heard something
        self.lock = threading.Lock()
        self.wanted: dict[str, tuple] = {}            # table id -> (free, kept) chairs now
        self.changed_at: dict[str, float] = {}        # table id -> when its advert changed
        self.thread: threading.Thread | None = None

    def announce(self, port: int, tables: list[dict]) -> None:
        """`tables`: each table as the host describes it (id, game, chairs with their state,
        done)."""
        if self.mode == OFF:
            return
        self.adverts = self.adverts_for(port, tables)
        self.thread = threading.Thread(target=self._run, daemon=True, name="table-adverts")
        self.thread.start()

    def adverts_for(self, port: int, tables: list[dict]) -> dict[str, TableAdvert]:
        """An advert for each table (not started), with the chairs free now."""
        from .protocol import VERSION

        adverts = {}
        for table in tables[:MAX_ADVERTS]:
            chairs = table.get("chairs", ())
            free, held = chair_counts(table)
            ad = TableAd(VERSION, table.get("game"), table.get("id"), self.host_name,
                         free, len(chairs), port, held_chairs=held)
            try:
                txt_record(ad)          # what a browser would drop is never advertised
            except (ValueError, TypeError, AttributeError):
                continue
            adverts[ad.table] = self.make_advert(self.mode, ad)
        return adverts

    def follow(self, tables: list[dict]) -> None:
        """How the tables' chairs stand now (the host's thread; returns at once): an advert
        whose free chairs changed is changed on the adverts' thread."""
        if self.mode == OFF:
            return
        with self.lock:
            for table in tables:
                if table.get("id") in self.adverts:
                    self.wanted[table["id"]] = chair_counts(table)
        self.news.set()

    def changes_due(self, now: float) -> tuple[list[tuple[TableAdvert, tuple]], float | None]:
        """The adverts to change now (each with its chairs free and kept), and the seconds
        until the next one may change (None: nothing waits)."""
        due, wait = [], None
        with self.lock:
            wanted = dict(self.wanted)
        for table_id, counts in wanted.items():
            advert = self.adverts[table_id]
            if (advert.ad.free_chairs, advert.ad.held_chairs) == counts:
                continue
            since = now - self.changed_at.get(table_id, -UPDATE_EVERY_S)
            if since >= UPDATE_EVERY_S:
                due.append((advert, counts))
                self.changed_at[table_id] = now
            else:
                left = UPDATE_EVERY_S - since
                wait = left if wait is None else min(wait, left)
        return due, wait

    def _run(self) -> None:
        """The adverts' thread: each advert started in turn, then changed as the chairs do."""
        for advert in list(self.adverts.values()):
            if self.closed.is_set():
                break
            advert.start()
        while not self.closed.is_set():
            self.news.clear()
            due, wait = self.changes_due(self.clock())
            for advert, counts in due:
                try:
                    advert.update(*counts)
                except ValueError:       # a count the record refuses (UntrustedInput): unsaid
                    continue
            if not due:
                self.news.wait(wait)
        for advert in self.adverts.values():     # one closed while it was starting
            advert.close()

    def close(self) -> None:
        self.closed.set()
        self.news.set()
        for advert in self.adverts.values():
            advert.close()
