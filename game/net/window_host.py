"""A window hosting its own table: the host (host.py) on a thread of its own, serving the one
table whose controller is the window's (docs/network.md, "The window's side: hosting").

Threads. The window's thread owns the controller: its frame loop moves the table on, as for
any table. The host's asyncio loop runs on its own thread and owns the connections and the
chairs; it touches the controller only while holding the window's table lock (table_host.py's
`_locked`), which the window holds for the whole of each frame (App.frame). The window asks
the host for something (fill a chair, start, stop) by scheduling it on the host's loop
(`call_soon_threadsafe`), and reads what the host says (the port, the chairs) from plain
values the host's thread replaces whole.

No pygame here: the window's screens (game/ui/hosting.py) read this.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import secrets
import threading
from pathlib import Path
from typing import Any, Callable

from game.controller.seats import AI, SeatConfig
from game.core.untrusted import UntrustedInput, finite_number

from .address import parse_code
from .chairs import BOT, LOCAL, REMOTE, Chair
from .adverts import HostAnnouncer, local_addresses
from .discovery import LOOPBACK, NETWORK, OFF
from .presence import Away
from .hosted_game import HOSTING_KEY
from .table_host import TableSpec

#: the address the window's host binds: the local network, friends in the room join
DEFAULT_BIND = "0.0.0.0"
#: the environment variable that binds it elsewhere (tests: 127.0.0.1)
BIND_VARIABLE = "TABLE_GAMES_BIND"
#: a join code: short, random, and without the letters and digits read one for another
#: (0/O, 1/I/L, 5/S, 2/Z, 8/B)
CODE_LETTERS = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6
#: what the table's block in a save says of its hosting (the code and the port: Continue
#: serves it again where its joiners come back to)
SAVE_KEY = HOSTING_KEY
#: the table's id on the window's host
TABLE_ID = "t1"

# what the hosting's `status` may be
STARTING, LISTENING, FAILED, STOPPED = "starting", "listening", "failed", "stopped"


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def bind_address(environ=None) -> str:
    """Where the window's host listens: TABLE_GAMES_BIND when it is an IP address, else the
    local network. A value that is not an address binds to this computer only (the safe
    side: a typo never opens the table to the network)."""
    environ = os.environ if environ is None else environ
    value = environ.get(BIND_VARIABLE)
    if value is None or not value.strip():
        return DEFAULT_BIND
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        return "127.0.0.1"


def join_addresses(bind: str) -> list[str]:
    """The addresses a friend types: this computer's own (its interfaces, read: nothing is
    sent) when the host listens on every one, else the one it listens on."""
    if bind not in ("0.0.0.0", "::"):
        return [bind]
    return local_addresses(NETWORK)


def saved_hosting(table_block: Any) -> tuple[str, int] | None:
    """A save's `"hosting": {"code", "port"}` (untrusted: a file anyone may edit), or None."""
    hosting = table_block.get(SAVE_KEY) if isinstance(table_block, dict) else None
    if not isinstance(hosting, dict):
        return None
    try:
        code = parse_code(hosting.get("code"))
        port = hosting.get("port", 0)
        if isinstance(port, bool) or not isinstance(port, int):
            return None
        return code, int(finite_number(port, 0, 65535))
    except UntrustedInput:
        return None


def chairs_for(seats: list[SeatConfig], returning: bool, now: float) -> list[Chair]:
    """The host's chairs for the window's seats: a local human, an AI, or a remote chair (a
    reopened save's remote chair is held for the friend who sat there: they retake it by
    name; a new one is open)."""
    chairs = []
    for seat in seats:
        if seat.is_remote:
            chair = Chair(REMOTE, seat.level)
            if returning:
                chair.name, chair.dropped_at = seat.name, now
            chairs.append(chair)
        elif seat.is_human:
            chairs.append(Chair(LOCAL, seat.level, seat.name))
        else:
            chairs.append(Chair(BOT, seat.level, seat.name))
    return chairs


class WindowHosting:
    def __init__(self, game: str, seats: list[SeatConfig], *, code: str, lock: Any,
                 clock: Callable[[], float], hold_s: float, records: Path,
                 port: int = 0, returning: bool = False, discovery: str = OFF,
                 host_name: str = ""):
        """`seats`: the window's (REMOTE for each Open chair); `lock`: the window's table
        lock; `clock`: the window's time (the controller's, which the host's moves use);
        `discovery`: the mode decided (discovery.discovery_mode); `host_name`: the player at
        this screen, as the table is announced nearby ("": nobody plays here)."""
        self.game, self.code, self.lock, self.clock = game, code, lock, clock
        self.bind = bind_address()
        self.wanted_port = port
        self.spec = TableSpec(TABLE_ID, game, chairs_for(seats, returning, clock()),
                              hold_s=hold_s)
        # a table bound to this computer alone is advertised to it alone
        if discovery == NETWORK and ipaddress.ip_address(self.bind).is_loopback:
            discovery = LOOPBACK
        self.announcer = HostAnnouncer(discovery, host_name)
        self.records = records
        self.status = STARTING
        self.problem = ""                 # why it failed (English, for the log)
        self.port: int | None = None
        #: set once the host listens (its port known) or could not
        self.settled = threading.Event()
        self.host: Any = None
        self.ctl: Any = None              # the window's controller, once the table started
        self.loop: asyncio.AbstractEventLoop | None = None
        self.calls_lock = threading.Lock()
        self.pending: list[Callable] = []   # asked before the host's loop ran
        self.thread = threading.Thread(target=self._run, daemon=True, name="window-host")

    # --- the host's thread ------------------------------------------------------------------------

    def start(self) -> "WindowHosting":
        self.thread.start()
        return self

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except OSError as error:          # the port is taken, the address not this computer's
            self.problem = f"{error.strerror or error}"
            self.status = FAILED
            self.settled.set()
            return
        except Exception as error:        # noqa: BLE001 - the window goes on, saying so
            self.problem = f"{type(error).__name__}: {error}"
            self.status = FAILED
            self.settled.set()
            return
        self.status = STOPPED

    async def _serve(self) -> None:
        from .host import Host

        self.host = Host([self.spec], self.code, self.records, discovery=self.announcer,
                         clock=self.clock, window_lock=self.lock)
        with self.calls_lock:
            self.loop = asyncio.get_running_loop()
            for function in self.pending:
                self.loop.call_soon(function)
            self.pending = []

        def listening(port: int) -> None:
            self.port, self.status = port, LISTENING
            self.settled.set()

        try:
            await self.host.serve(self.bind, self.wanted_port, listening)
        except OSError:
            if self.wanted_port == 0:
                raise
            # the saved port is taken now: another one (the joiners are told the new address
            # by their host, who reads it on the screen)
            self.wanted_port = 0
            self.host = Host([self.spec], self.code, self.records, discovery=self.announcer,
                             clock=self.clock, window_lock=self.lock)
            await self.host.serve(self.bind, 0, listening)

    def _call(self, function: Callable[[], Any]) -> None:
        """`function()` on the host's thread (its loop), soon; the host looks at its table
        at once after it."""
        def call() -> None:
            function()
            self.host.wake.set()

        with self.calls_lock:
            if self.loop is None:
                self.pending.append(call)
                return
        try:
            self.loop.call_soon_threadsafe(call)
        except RuntimeError:              # the loop closed meanwhile: nothing to do there
            pass

    # --- what the window reads -----------------------------------------------------------------

    @property
    def table(self) -> Any:
        return self.host.tables[TABLE_ID] if self.host is not None else None

    def chairs(self) -> list[dict]:
        """Each chair as the host's thread last saw it: `name`, `state` (open, taken, held,
        bot, local)."""
        table = self.table
        return list(table.chairs_now) if table is not None and table.chairs_now else [
            {"name": chair.name, "state": "open" if chair.name is None else chair.kind}
            for chair in self.spec.chairs]

    def ready(self) -> bool:
        """Every chair taken or filled: the table may start."""
        return all(chair["state"] != "open" for chair in self.chairs())

    #: the host's window is the table: its connection is never lost (table_base.py asks)
    reconnecting = False

    def away_seats(self, now: float) -> dict[int, Away]:
        """The friends away from the table now (the marks at their seats), read under the
        window's table lock (the host's thread changes the chairs under it)."""
        table = self.table
        if table is None or table.ctl is None:
            return {}
        told = {seat: Away.told(seat, data, now) for seat, data in table.away(now).items()}
        return {seat: away for seat, away in told.items() if away is not None}

    def addresses(self) -> list[str]:
        return join_addresses(self.bind)

    def join_points(self) -> list[str]:
        """What a friend types as the address: each address with the port (an IPv6 one in
        brackets); none before the host listens."""
        if self.port is None:
            return []
        return [f"[{address}]:{self.port}" if ":" in address else f"{address}:{self.port}"
                for address in self.addresses()]

    def where(self) -> tuple[str, str] | None:
        """(the code spaced for reading, the first address:port) once the table is served."""
        if self.status != LISTENING:
            return None
        points = self.join_points()
        return " ".join(self.code), points[0] if points else str(self.port)

    def seats(self, seats: list[SeatConfig]) -> list[SeatConfig]:
        """The window's seats once the table starts: each Open chair as who took it (a
        REMOTE seat with its joiner's name) or the AI that fills it."""
        chairs = self.spec.chairs
        started = []
        for seat, chair in zip(seats, chairs):
            if seat.is_remote and chair.kind == BOT:
                started.append(SeatConfig(chair.name, AI, chair.level))
            elif seat.is_remote:
                started.append(SeatConfig(chair.name or seat.name, REMOTE, seat.level))
            else:
                started.append(seat)
        return started

    def mark(self, table: Any) -> None:
        """The table's saves say how it is hosted: its code and port (Continue serves it
        again there)."""
        table.record.setdefault("table", {})[SAVE_KEY] = {
            "code": self.code, "port": self.port or self.wanted_port}

    # --- what the window asks -------------------------------------------------------------------

    def fill_with_ai(self, seat: int, name: str, level: str) -> None:
        """An AI plays the chair (table_host.fill_with_bot: before the table starts, or, once
        it plays, a chair whose friend is away); the chairs say when it is done."""
        self._call(lambda: self.table.fill_with_bot(seat, name, level, self.clock()))

    def attach(self, ctl: Any) -> None:
        """The window's table starts: the joiners get its frames from now on."""
        self.ctl = ctl
        self._call(lambda: self.table.attach(ctl, self.clock()))

    def summary_waits_for(self) -> tuple[int, ...]:
        """The joiners the window's summary, read at this screen, waits for (the window's
        thread reads it inside its frame, holding the table's lock)."""
        return self.ctl.remote_seats.waiting_for() if self.ctl is not None else ()

    def stop(self, tell: bool = True) -> None:
        """The window leaves the table: its joiners are told (`end`, host_closing); without
        `tell`, the host goes as a killed one does (its joiners keep trying to come back)."""
        self._call(lambda: self.host.stop(tell))

    def wait_listening(self, timeout: float = 2.0) -> int | None:
        """The port once the host listens (waits at most `timeout`: the host binds in
        milliseconds), else None (it failed, or it is slow to)."""
        self.settled.wait(timeout)
        return self.port if self.status == LISTENING else None

    def wait_stopped(self, timeout: float = 5.0) -> None:
        """(Not while holding the window's lock: the host may be waiting for it.)"""
        self.thread.join(timeout)
