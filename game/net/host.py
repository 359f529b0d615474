"""The host: a websockets server holding a lobby of tables, each addressed by its id.

Every connection is untrusted (docs/network.md, "Limits"): text frames of at most 64 KiB, each
message checked (protocol.py), a token-bucket rate, bad messages answered with an error and
counted (too many: the connection is closed), the join code required and compared in constant
time, wrong codes counted per connection and per address. One loop drives every table
(`HostedTable.tick`); the bots think on one worker thread, so the server never freezes.
"""

from __future__ import annotations

import asyncio
import hmac
import signal
import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from . import protocol
from .protocol import Refused, error_frame, frame
from .records import RecordWriter
from .table_host import HostedTable, TableSpec

#: how often a table moves on by itself while something runs there (a bot's answer, a move in
#: view); a table waiting for a joiner's move is looked at less often (its move timer, a
#: dropped chair's hold), and at once when a message for it arrives
TICK_S = 0.01
IDLE_TICK_S = 0.1
#: how often the tables' chairs are told to the discovery hook (its adverts follow them)
DISCOVERY_FOLLOW_S = 0.5
#: frames waiting for a slow joiner before its connection is closed (it rejoins afresh)
MAX_QUEUED_FRAMES = 512


class SharedBotRunner:
    """One worker thread for every table's bots (the controller's runner interface); a table
    that closes does not stop it."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="host-bots")

    def submit(self, bot: Any, observation: Any, legal: list, budget_s: float) -> Future:
        return self.pool.submit(bot.choose, observation, legal, budget_s)

    def shutdown(self) -> None:
        pass

    def stop(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


class Link:
    """One joiner's connection: its outgoing frames, its rate and its bad messages."""

    def __init__(self, connection: ServerConnection):
        self.connection = connection
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.rate = protocol.RateLimit()
        self.bad = 0
        self.wrong_codes = 0
        self.table: HostedTable | None = None
        self.seat: int | None = None
        self.closing = False

    @property
    def address(self) -> str:
        remote = self.connection.remote_address
        return str(remote[0]) if remote else "?"

    def send(self, text: str) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= MAX_QUEUED_FRAMES:
            self.close_soon()
            return
        self.queue.put_nowait(text)

    def close_soon(self) -> None:
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(None)

    async def write(self) -> None:
        """Sends the queued frames in order; None closes the connection."""
        while True:
            text = await self.queue.get()
            if text is None:
                await self.connection.close(protocol.CLOSE_POLICY)
                return
            await self.connection.send(text)


class Host:
    def __init__(self, specs: list[TableSpec], code: str, records: Path,
                 history: Any = None, discovery: Any = None,
                 on_game_over: Callable[[dict], None] | None = None, clock=time.monotonic,
                 window_lock: Any = None):
        """`discovery`: announces the tables on the local network (game/net/discovery.py),
        or None. `on_game_over(line)`: each finished game's line (the command prints it).
        `window_lock`: the tables are a window's own (table_host.py, window_host.py)."""
        self.code = code
        self.clock = clock
        self.runner = SharedBotRunner()
        self.writer = RecordWriter()
        self.tables = {spec.id: HostedTable(spec, records, self.runner, history, on_game_over,
                                            self.writer, window_lock)
                       for spec in specs}
        self.discovery = discovery
        #: the discovery hook is told the chairs in real time (a window's clock may stand)
        self.discovery_clock: Callable[[], float] = time.monotonic
        self.discovery_due = 0.0
        self.wrong_codes = protocol.WrongCodes()
        self.wake = asyncio.Event()
        self.port: int | None = None
        self.stopping = False
        self.tell_joiners = True

    @property
    def done(self) -> bool:
        return all(table.done for table in self.tables.values())

    async def serve(self, bind: str, port: int, on_listening: Callable[[int], None]) -> None:
        """Serve until every table played its games."""
        async with serve(self.connection, bind, port, max_size=protocol.MAX_FRAME_BYTES,
                         max_queue=4, open_timeout=protocol.HELLO_TIMEOUT_S,
                         close_timeout=2) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            on_listening(self.port)
            if self.discovery is not None:
                self.discovery.announce(self.port, [table.describe(self.clock())
                                                    for table in self.tables.values()])
            try:
                # SIGTERM (a service manager stopping the server): the joiners are told
                asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self.stop)
            except (NotImplementedError, RuntimeError, ValueError):
                pass                               # not on this platform, or not the main thread
            try:
                await self.run_tables()
            finally:
                if self.discovery is not None:
                    self.discovery.close()
                for table in self.tables.values():
                    if self.tell_joiners:
                        table.stop("host_closing")  # nothing if it played its games
                    else:
                        table.close()
                await asyncio.sleep(0.2)            # the last frames leave
                self.runner.stop()
                self.writer.close()

    def stop(self, tell: bool = True) -> None:
        """Every table ends now (its joiners get `end`, reason host_closing). Without `tell`
        the host goes as a killed one does: its joiners keep trying to come back."""
        self.stopping, self.tell_joiners = True, tell
        self.wake.set()

    async def run_tables(self) -> None:
        while not self.done and not self.stopping:
            now = self.clock()
            for table in self.tables.values():
                if table.due(now, IDLE_TICK_S):
                    self.tick(table, now)
            self.follow_discovery(now)
            try:
                await asyncio.wait_for(self.wake.wait(), TICK_S)
            except asyncio.TimeoutError:
                pass
            self.wake.clear()

    def follow_discovery(self, now: float) -> None:
        """The announced free chairs follow the chairs (a drop, a chair taken, filled with AI,
        a hold over), as they stand at `now` (the tables' clock): told every
        DISCOVERY_FOLLOW_S real seconds; the hook bounds how often it says so."""
        if self.discovery is None or self.discovery_clock() < self.discovery_due:
            return
        self.discovery_due = self.discovery_clock() + DISCOVERY_FOLLOW_S
        self.discovery.follow([table.describe(now) for table in self.tables.values()])

    def tick(self, table: HostedTable, now: float) -> None:
        try:
            table.tick(now)
        except Exception as error:              # noqa: BLE001 - one table's fault ends it alone
            fault(f"table {table.spec.id}", error)
            table.stop("host_fault")

    # --- one connection ----------------------------------------------------------------------

    async def connection(self, connection: ServerConnection) -> None:
        link = Link(connection)
        writer = asyncio.create_task(link.write())
        try:
            await self.read(link)
        except ConnectionClosed:
            pass
        finally:
            if link.table is not None and link.seat is not None:
                link.table.left(link.seat, link, self.clock())
            link.close_soon()
            try:
                await asyncio.wait_for(writer, 2.0)
            except (asyncio.TimeoutError, ConnectionClosed):
                writer.cancel()

    async def read(self, link: Link) -> None:
        """Each message in turn; a connection not seated must speak within the hello timeout.
        Once closing, what still arrives is read and dropped, so the closing handshake ends."""
        while True:
            try:
                timeout = protocol.HELLO_TIMEOUT_S if link.seat is None else None
                data = await asyncio.wait_for(link.connection.recv(), timeout)
            except asyncio.TimeoutError:
                link.send(error_frame("hello_first"))
                link.close_soon()
                return
            if link.closing:
                continue
            about = None
            try:
                if not link.rate.take():
                    raise Refused("rate_limited")
                message = protocol.read_message(data)
                about = message["type"]
                self.handle(link, message)
                if link.table is not None:
                    self.tick(link.table, self.clock())     # its answer goes out at once
            except Refused as refused:
                self.refuse(link, refused, about)
            except Exception as error:          # noqa: BLE001 - never a dead connection handler
                fault(f"a {about} message", error)
                self.refuse(link, Refused("host_fault"), about)   # counted: not repeated for ever

    def refuse(self, link: Link, refused: Refused, about: str | None) -> None:
        link.send(error_frame(refused.code, _plain(refused.params), about))
        if refused.code == "wrong_code":
            if link.wrong_codes >= protocol.MAX_WRONG_CODES or refused.params.get("locked"):
                link.close_soon()
            return
        if refused.code in ("not_your_turn", "stale") or \
                refused.code not in protocol.ERROR_CODES:
            return                         # a move refused by the rules is not misbehaviour
        link.bad += 1
        if link.bad >= protocol.MAX_BAD_MESSAGES:
            link.send(error_frame("too_many_errors"))
            link.close_soon()

    def handle(self, link: Link, message: dict) -> None:
        kind, now = message["type"], self.clock()
        if kind == "ping":
            return link.send(frame("pong"))
        if kind in ("hello", "tables"):
            self.check_code(link, message["code"])
            if kind == "tables":
                return link.send(frame("tables", tables=[
                    table.describe(now) for table in self.tables.values()]))
            return self.hello(link, message, now)
        if link.table is None or link.seat is None:
            raise Refused("hello_first")
        if kind == "act":
            link.table.act(link.seat, message["action"], message["at"], now)
        elif kind == "tambah":
            link.table.tambah(link.seat, now)
        elif kind == "ready":
            link.table.mark_ready(link.seat, now)
        elif kind == "bye":
            link.table.left(link.seat, link, now)
            link.table = link.seat = None
            link.close_soon()

    def check_code(self, link: Link, code: str) -> None:
        if self.wrong_codes.locked(link.address):
            raise Refused("wrong_code", locked=True)
        if hmac.compare_digest(code.encode("utf-8"), self.code.encode("utf-8")):
            return
        self.wrong_codes.count(link.address)
        link.wrong_codes += 1
        raise Refused("wrong_code")

    def hello(self, link: Link, message: dict, now: float) -> None:
        if link.seat is not None:
            raise Refused("bad_message", field="type")      # already seated
        wanted = message["table"]
        if wanted is not None and wanted not in self.tables:
            raise Refused("no_such_table", table=wanted)
        candidates = [self.tables[wanted]] if wanted else list(self.tables.values())
        refusal = Refused("table_full")
        for table in candidates:
            try:
                link.seat = table.join(message["name"], message["profile"], link, now)
            except Refused as refused:
                refusal = refused
                continue
            link.table = table
            return
        raise refusal


def fault(where: str, error: Exception) -> None:
    """A fault of the program itself: one line on standard error, and the host goes on."""
    print(f"tabletrio host: {where} failed ({type(error).__name__}: {error}); please report it",
          file=sys.stderr, flush=True)


def _plain(params: dict) -> dict:
    """An engine refusal's params as JSON (tuples as lists; they are ints and text)."""
    return {key: list(value) if isinstance(value, tuple) else value
            for key, value in params.items()}
