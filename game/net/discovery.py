"""Finding tables nearby with mDNS / DNS-SD (zeroconf): a host advertises its table
(`TableAdvert`), the Join screen lists what it hears (`TableBrowser`).

Where it may send (`discovery_mode`): "off" (nothing is sent or heard), "loopback" (this
computer only: zeroconf is bound to 127.0.0.1, IPv4, and nothing can leave the machine) or
"network" (the local network, IPv4). The setting "discovery" chooses; the environment variable
TABLE_GAMES_DISCOVERY wins over it (the tests and CI set "loopback"); a host started with
--no-discovery is off whatever they say. An environment value that is none of the three is
"off", with a warning.

An advertisement's TXT record says the protocol version, the game, the table's name, the host
player's name, the free chairs and the port: never the join code. What is heard is untrusted:
every field is checked by type, size and range (game/core/untrusted.py), an entry that fails
is dropped, and the list holds at most MAX_TABLES tables. In loopback mode only loopback
addresses are kept, so that no join can ever go past this computer.

Everything here is bounded: a table is resolved within RESOLVE_MS, closing never waits for the
network, and trouble (no multicast, an OSError) is a status (`FAILED`), never an exception out
of here. The calls block for a moment (zeroconf runs its own thread): an asyncio host calls
`start` and `close` through `asyncio.to_thread`.
"""

from __future__ import annotations

import ipaddress
import os
import re
import secrets
import threading
from dataclasses import dataclass
from typing import Callable, Mapping

from game.core.registry import game_names
from game.core.untrusted import UntrustedInput, check_text, decode, parse_int, printable_name

SERVICE_TYPE = "_tabletrio._tcp.local."
OFF, LOOPBACK, NETWORK = "off", "loopback", "network"
MODES = (OFF, LOOPBACK, NETWORK)
#: the host binds to the local network by default, so it is found there too
DEFAULT_MODE = NETWORK
ENVIRONMENT = "TABLE_GAMES_DISCOVERY"
LOOPBACK_ADDRESS = "127.0.0.1"

MAX_TABLES = 50
MAX_TABLE_NAME = 32
MAX_HOST_NAME = 32
#: every game of ours seats at most four
MAX_CHAIRS = 4
MAX_PROTOCOL = 9999
#: one TXT value, in bytes (DNS allows 255 for key=value)
MAX_TXT_VALUE = 200
MAX_TXT_KEYS = 16
#: how long a heard table may take to say what it is (milliseconds)
RESOLVE_MS = 1500
#: the instance label a host gives its table: anything else heard is not looked at
INSTANCE_PREFIX = "tabletrio-"
_INSTANCE = re.compile(re.escape(INSTANCE_PREFIX) + r"[0-9a-f]{12}\." + re.escape(SERVICE_TYPE),
                       re.IGNORECASE)
#: the TXT keys, and nothing else (a join code is never advertised)
TXT_KEYS = ("v", "g", "n", "h", "f", "p")

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


# --- what a table says about itself -------------------------------------------------------------

@dataclass(frozen=True)
class TableAd:
    """What a host says about its table (its TXT record)."""
    protocol: int
    game: str
    name: str
    host_name: str
    free_chairs: int
    port: int


@dataclass(frozen=True)
class FoundTable:
    """A table heard nearby, checked: its advertisement and the address to join it at."""
    ad: TableAd
    address: str
    key: str              # the service's name (one table, however often it is heard)


def txt_record(ad: TableAd) -> dict[str, str]:
    """The TXT record of `ad` (checked first: a host never advertises what a browser drops)."""
    record = {"v": str(ad.protocol), "g": ad.game, "n": ad.name, "h": ad.host_name,
              "f": str(ad.free_chairs), "p": str(ad.port)}
    read_txt({key.encode(): value.encode() for key, value in record.items()})
    return record


def _text(properties: dict, key: str, max_length: int) -> str:
    value = properties.get(key.encode())
    if not isinstance(value, bytes) or len(value) > MAX_TXT_VALUE:
        raise UntrustedInput(f"the TXT field {key} is missing or too long", code="wrong_type")
    text = check_text(decode(value))
    if len(text) > max_length:
        raise UntrustedInput(f"the TXT field {key} is too long", code="too_large")
    return text


def _number(properties: dict, key: str, low: int, high: int) -> int:
    text = _text(properties, key, 8)
    if not text.isdigit():           # no sign, no spaces: digits as a host writes them
        raise UntrustedInput(f"the TXT field {key} is not a number", code="not_a_number")
    return parse_int(text, low, high)


def read_txt(properties) -> TableAd:
    """A TableAd from a TXT record's properties (bytes → bytes), refused with UntrustedInput
    when anything is missing, of the wrong type, too long or out of range."""
    if not isinstance(properties, dict) or len(properties) > MAX_TXT_KEYS:
        raise UntrustedInput("the TXT record is not a small set of fields", code="wrong_type")
    game = _text(properties, "g", 20)
    if game not in game_names():
        raise UntrustedInput(f"{ascii(game)[:30]} is not a game of ours", code="unknown_value")
    return TableAd(
        protocol=_number(properties, "v", 1, MAX_PROTOCOL),
        game=game,
        name=printable_name(_text(properties, "n", MAX_TABLE_NAME), MAX_TABLE_NAME),
        host_name=printable_name(_text(properties, "h", MAX_HOST_NAME), MAX_HOST_NAME),
        free_chairs=_number(properties, "f", 0, MAX_CHAIRS),
        port=_number(properties, "p", 1, 65535))


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
    if info is None or not _INSTANCE.fullmatch(str(info.name)):
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
    MAX_TABLES, by table name. Off, it does nothing; trouble leaves it FAILED (the window says
    that tables nearby cannot be listed)."""

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
        if not _INSTANCE.fullmatch(str(name)):
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
        return sorted(found, key=lambda table: (table.ad.name.casefold(), table.key))

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


# --- advertising ------------------------------------------------------------------------------

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
        return ServiceInfo(SERVICE_TYPE, f"{self.instance}.{SERVICE_TYPE}", port=self.ad.port,
                           properties=self.record, server=f"{self.instance}.local.",
                           parsed_addresses=addresses)

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

    def update(self, free_chairs: int) -> None:
        """Say how many chairs are free now."""
        ad = TableAd(**{**self.ad.__dict__, "free_chairs": free_chairs})
        self.record = txt_record(ad)
        self.ad = ad
        if self.status != RUNNING:
            return
        try:
            self._info = self._service_info()
            self._zeroconf.update_service(self._info)
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


#: a lobby's tables advertised at most (each advert is a zeroconf of its own)
MAX_ADVERTS = 16


class HostAnnouncer:
    """A host's `discovery` hook (host.Host): its tables advertised nearby while it serves
    them, each with its free chairs. An advert's start blocks about 1.7 s (zeroconf probes its
    name): they start one by one on a thread of their own, never on the host's loop.
    `table_names`: a name to show for a table id (the window's table); else the id."""

    def __init__(self, mode: str, host_name: str, table_names: Mapping[str, str] | None = None):
        self.mode = mode
        self.host_name = host_name
        self.table_names = dict(table_names or {})
        self.adverts: list[TableAdvert] = []
        self.closed = threading.Event()

    def announce(self, port: int, tables: list[dict]) -> None:
        """`tables`: each table as the host describes it (id, game, chairs with their state)."""
        if self.mode == OFF:
            return
        self.adverts = self.adverts_for(port, tables)
        threading.Thread(target=self._start_each, daemon=True, name="table-adverts").start()

    def adverts_for(self, port: int, tables: list[dict]) -> list[TableAdvert]:
        """An advert for each table (not started), with the chairs still open."""
        from .protocol import VERSION

        adverts = []
        for table in tables[:MAX_ADVERTS]:
            free = sum(chair.get("state") == "open" for chair in table.get("chairs", ()))
            name = self.table_names.get(table.get("id"), str(table.get("id")))
            try:
                adverts.append(TableAdvert(self.mode, TableAd(
                    VERSION, table.get("game"), name[:MAX_TABLE_NAME],
                    self.host_name[:MAX_HOST_NAME], min(free, MAX_CHAIRS), port)))
            except (ValueError, UntrustedInput):    # a name that cannot be advertised
                continue
        return adverts

    def _start_each(self) -> None:
        for advert in list(self.adverts):
            if self.closed.is_set():
                return
            advert.start()

    def close(self) -> None:
        self.closed.set()
        for advert in self.adverts:
            advert.close()
