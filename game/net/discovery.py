"""Finding tables nearby with mDNS / DNS-SD (zeroconf): a host advertises its tables
(adverts.py), the Join screen lists what it hears (`TableBrowser`, here).

Where it may send (`discovery_mode`): "off" (nothing is sent or heard), "loopback" (this
computer only: zeroconf is bound to 127.0.0.1, IPv4, and nothing can leave the machine) or
"network" (the local network, IPv4). The setting "discovery" chooses; the environment variable
TABLE_GAMES_DISCOVERY wins over it (the tests and CI set "loopback"); a host started with
--no-discovery is off whatever they say. An environment value that is none of the three is
"off", with a warning.

What a table says (its TXT record) and its checks are table_ad.py's; the adverts of a host's
tables are adverts.py's. Here: where discovery may send, and listening. What is heard is
untrusted: every field passes table_ad.read_txt, an entry that fails is dropped, and the list
holds at most MAX_TABLES tables. In loopback mode only loopback addresses are kept, so that no
join can ever go past this computer.

Everything here is bounded: a table is resolved within RESOLVE_MS, closing never waits for the
network, and trouble (no multicast, an OSError) is a status (`FAILED`), never an exception out
of here.
"""

from __future__ import annotations

import ipaddress
import os
import threading
from dataclasses import dataclass
from typing import Callable, Mapping

from game.core.untrusted import UntrustedInput

from .table_ad import INSTANCE, SERVICE_TYPE, TableAd, read_txt

OFF, LOOPBACK, NETWORK = "off", "loopback", "network"
MODES = (OFF, LOOPBACK, NETWORK)
#: the host binds to the local network by default, so it is found there too
DEFAULT_MODE = NETWORK
ENVIRONMENT = "TABLE_GAMES_DISCOVERY"
LOOPBACK_ADDRESS = "127.0.0.1"

MAX_TABLES = 50
#: how long a heard table may take to say what it is (milliseconds)
RESOLVE_MS = 1500

#: a browser's or an advert's status
STOPPED, RUNNING, FAILED = "stopped", "running", "failed"


# --- where discovery may send -----------------------------------------------------------------

@dataclass(frozen=True)
class ModeDecision:
    """The mode in use, and the environment's value when it was refused (then: off)."""
    mode: str
    refused: str | None = None
    by_environment: bool = False
    by_flag: bool = False

    def warning(self) -> str:
        """The warning in English (the command line); the window has its own words."""
        if self.refused is None:
            return ""
        return (f"{ENVIRONMENT}={self.refused} is not one of {', '.join(MODES)}: "
                f"tables nearby are not advertised or looked for")


def discovery_mode(setting=DEFAULT_MODE, *, no_discovery: bool = False,
                   environ: Mapping[str, str] | None = None) -> ModeDecision:
    """The mode from the host's --no-discovery flag (off), else the environment, else the
    setting (a bad setting is off: this decides what may be sent)."""
    if no_discovery:
        return ModeDecision(OFF, by_flag=True)
    environ = os.environ if environ is None else environ
    value = environ.get(ENVIRONMENT)
    if value is not None:
        wanted = value.strip().lower()
        if wanted in MODES:
            return ModeDecision(wanted, by_environment=True)
        shown = "".join(c if c.isprintable() else "?" for c in value)[:20]
        return ModeDecision(OFF, refused=shown, by_environment=True)
    return ModeDecision(setting if setting in MODES else OFF)


def open_zeroconf(mode: str):
    """A Zeroconf for `mode`: loopback is bound to 127.0.0.1 alone (IPv4), the network to
    every interface (IPv4). Off has none. Raises OSError when the system refuses."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    if mode == LOOPBACK:
        interfaces = [LOOPBACK_ADDRESS]
    elif mode == NETWORK:
        interfaces = InterfaceChoice.All
    else:
        raise ValueError(f"discovery is {mode!r}: no zeroconf is opened")
    # its own thread and loop, whoever calls: an asyncio host must not lend it its loop
    return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only, use_asyncio=False)


def _close_quietly(zeroconf) -> None:
    try:
        zeroconf.close()
    except Exception:     # closing is best effort: a socket already gone is no trouble
        pass


# --- what is heard -----------------------------------------------------------------------------

@dataclass(frozen=True)
class FoundTable:
    """A table heard nearby, checked: its advertisement and the address to join it at."""
    ad: TableAd
    address: str
    key: str              # the service's name (one table, however often it is heard)


def usable_address(text, mode: str) -> str | None:
    """An IPv4 address one may join at in `mode`: unicast, and loopback in loopback mode."""
    try:
        address = ipaddress.IPv4Address(text)
    except (ValueError, TypeError):
        return None
    if address.is_multicast or address.is_unspecified or address.is_reserved:
        return None
    if mode == LOOPBACK and not address.is_loopback:
        return None
    return str(address)


def found_table(info, mode: str) -> FoundTable | None:
    """The table a resolved ServiceInfo describes, or None when any part of it is refused."""
    if info is None or not INSTANCE.fullmatch(str(info.name)):
        return None
    try:
        ad = read_txt(info.properties)
    except UntrustedInput:
        return None
    if info.port != ad.port:        # the SRV record and the TXT record must agree
        return None
    addresses = [usable_address(text, mode) for text in info.parsed_addresses()[:8]]
    address = next((a for a in addresses if a is not None), None)
    return None if address is None else FoundTable(ad, address, str(info.name).lower())


# --- browsing ---------------------------------------------------------------------------------

class TableBrowser:
    """Listens for tables nearby while it runs; `tables()` is what was heard, checked, at most
    MAX_TABLES, by game, host and table. Off, it does nothing; trouble leaves it FAILED (the
    window says that tables nearby cannot be listed)."""

    def __init__(self, mode: str, *, opener: Callable[[str], object] = open_zeroconf,
                 limit: int = MAX_TABLES):
        self.mode = mode
        self.opener = opener
        self.limit = limit
        self.status = STOPPED
        self._zeroconf = None
        self._browser = None
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()

    def start(self) -> str:
        """Start listening (nothing when off); the status."""
        if self.mode not in (LOOPBACK, NETWORK) or self.status == RUNNING:
            return self.status
        from zeroconf import ServiceBrowser

        try:
            self._zeroconf = self.opener(self.mode)
            self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE,
                                           handlers=[self._on_change])
        except (OSError, RuntimeError, ValueError):
            self.close()
            self.status = FAILED
            return self.status
        self.status = RUNNING
        return self.status

    def _on_change(self, zeroconf, service_type, name, state_change) -> None:
        """On the browser's own thread: resolve a table (bounded), or forget it."""
        from zeroconf import ServiceStateChange

        key = str(name).lower()
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(key, None)
            return
        if not INSTANCE.fullmatch(str(name)):
            return
        with self._lock:
            if key not in self._found and len(self._found) >= self.limit:
                return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=RESOLVE_MS)
            table = found_table(info, self.mode)
        except Exception:     # a garbled record or a closing zeroconf: this one is not heard
            table = None
        with self._lock:
            if table is None:
                self._found.pop(key, None)
            elif key in self._found or len(self._found) < self.limit:
                self._found[key] = table

    def tables(self) -> list[FoundTable]:
        with self._lock:
            found = list(self._found.values())
        return sorted(found, key=lambda table: (table.ad.game, table.ad.host_name.casefold(),
                                                table.address, table.ad.port, table.ad.table))

    def close(self) -> None:
        browser, zeroconf = self._browser, self._zeroconf
        self._browser = self._zeroconf = None
        if browser is not None:
            try:
                browser.cancel()
            except Exception:    # best effort, as closing zeroconf
                pass
        if zeroconf is not None:
            _close_quietly(zeroconf)
        if self.status == RUNNING:
            self.status = STOPPED
