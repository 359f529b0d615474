"""The joiner: one chair at a hosted table, seen through the frames the host builds for it.

`RemoteSeat` keeps what the seat knows (the welcome, the latest view with its observation and
legal actions decoded, the events and notices as they come): the window's remote table door is
to read it. `Joiner` holds the connection: it says hello with the join code, reads every frame
through the same checks as the host (protocol.py), rebuilds the game's values only from the
game's allowlist (codec.py), and comes back after a drop (bounded tries). `play_bot` plays the
chair with a bot (ai/bots.py), for `main.py join --bot` and the tests.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ai.bots import make_bot
from game.controller.door import Phase

from . import protocol
from .address import LOOPBACK_ONLY_VARIABLE, is_loopback_host, loopback_only
from .codec import Codec
from .protocol import Refused, frame

#: a lost connection is tried again this many times, this long apart at first (doubling to 2 s)
RECONNECT_TRIES = 12
RECONNECT_FIRST_S = 0.1
#: and this many times in all (a host that keeps failing is given up)
RECONNECT_TOTAL = 50
#: a host never reached is tried this many times (a wrong address fails fast)
FIRST_TRIES = 3
#: no frame for this long: the host is gone
IDLE_TIMEOUT_S = 600.0
#: errors from the host that end the joining (no chair for us)
FATAL = ("wrong_code", "no_such_table", "table_full", "name_taken", "version", "hello_first",
         "too_many_errors", "chair_given")


class JoinFailed(Exception):
    """No chair: the host refused (`code`, `params`) or could not be reached (`code` None)."""

    def __init__(self, message: str, code: str | None = None, params: dict | None = None):
        super().__init__(message)
        self.code = code
        self.params = params or {}


@dataclass
class RemoteSeat:
    """What the joiner's seat knows of its table, from the host's frames."""
    seat: int | None = None
    table: str | None = None
    game: str | None = None
    welcome: dict | None = None
    view: dict | None = None          # the latest `view` message, as sent
    observation: Any = None           # its observation, decoded
    legal: tuple = ()                 # its legal actions, decoded (while `acting`)
    events: list = field(default_factory=list)     # decoded events, in order
    #: the moves made, in the scenario notation with their "player" (the move log's)
    moves: list = field(default_factory=list)
    notices: list = field(default_factory=list)
    codec: Codec | None = None

    def take(self, message: dict) -> None:
        kind = message["type"]
        if kind in ("seated", "welcome"):     # a game this program does not know: refused
            game = message.get("game")
            codec = self.codec if self.codec is not None and game == self.game else Codec(game)
            self.game, self.codec = game, codec
            self.seat, self.table = message.get("seat"), message.get("table")
        if kind == "welcome":
            self.welcome, self.events, self.notices = message, [], []
            self.moves = [move for move in message.get("moves", ()) if isinstance(move, dict)]
        elif kind == "view" and self.codec is not None:   # all read first: whole or not at all
            Phase(message.get("phase"))       # ValueError: not a phase of the table door
            observation = self.codec.decode(message.get("observation"))
            legal = tuple(self.codec.action_in(raw) for raw in message.get("legal", ()))
            self.view, self.observation, self.legal = message, observation, legal
        elif kind == "events" and self.codec is not None:
            events = [self.codec.decode(raw) for raw in message.get("events", ())]
            moves = [move for move in message.get("moves", ()) if isinstance(move, dict)]
            self.events.extend(events)
            self.moves.extend(moves)
        elif kind == "notice":
            self.notices.append(message)

    @property
    def acting(self) -> bool:
        return bool(self.view and self.view.get("acting"))

    @property
    def position(self) -> list | None:
        return self.view.get("position") if self.view else None


class Joiner:
    def __init__(self, url: str, code: str, name: str, profile: str | None = None,
                 table: str | None = None, on_frame: Callable[[str], None] | None = None):
        self.url, self.code, self.name, self.profile, self.wanted = url, code, name, profile, table
        self.seat = RemoteSeat()
        self.on_frame = on_frame or (lambda text: None)
        self.connection: ClientConnection | None = None
        self.ended: str | None = None     # the host's `end` reason
        #: called when a connection that was made ends and it is tried again (a window says
        #: so at once, while the tries go on)
        self.on_lost: Callable[[], None] = lambda: None

    async def send(self, kind: str, **fields: Any) -> None:
        if self.connection is not None:
            try:
                await self.connection.send(frame(kind, **fields))
            except ConnectionClosed:
                pass                      # read() notices and comes back

    async def leave(self) -> None:
        """The player leaves the table: the chair is held as for a drop; no coming back."""
        self.ended = "left"
        await self.send("bye")
        if self.connection is not None:
            await self.connection.close()

    async def act(self, action: Any) -> None:
        await self.send("act", action=self.seat.codec.action_out(action),
                        at=self.seat.position)

    async def messages(self):
        """Every message from the host, checked, across drops, until the host's `end`.
        Raises JoinFailed when no chair is ours."""
        tries = total = 0
        reached = False
        try:
            host = urlsplit(self.url).hostname or ""
        except ValueError:                # not an address: connect() says so below
            host = ""
        if loopback_only() and not is_loopback_host(host):
            raise JoinFailed(f"{host} is not this computer, and this machine talks to itself "
                             f"only ({LOOPBACK_ONLY_VARIABLE})", "loopback_only")
        while self.ended is None:
            connected = False
            try:
                async with connect(self.url, max_size=protocol.MAX_HOST_FRAME_BYTES,
                                   open_timeout=10, close_timeout=2) as connection:
                    self.connection, reached, connected = connection, True, True
                    await self.send("hello", code=self.code, name=self.name,
                                    profile=self.profile, table=self.wanted)
                    async for message in self._read(connection):
                        tries = 0
                        yield message
                    if self.ended is not None:
                        return
            except (OSError, InvalidHandshake, asyncio.TimeoutError, ConnectionClosed):
                pass
            except InvalidURI as error:
                raise JoinFailed(f"not a table's address: {error}") from None
            finally:
                self.connection = None
            if connected:
                self.on_lost()
            tries, total = tries + 1, total + 1
            if tries > (RECONNECT_TRIES if reached else FIRST_TRIES) or total > RECONNECT_TOTAL:
                raise JoinFailed(f"the host at {self.url} cannot be reached")
            await asyncio.sleep(min(2.0, RECONNECT_FIRST_S * 2 ** tries))

    async def _read(self, connection: ClientConnection):
        while True:
            try:
                text = await asyncio.wait_for(connection.recv(), IDLE_TIMEOUT_S)
            except ConnectionClosed:
                return
            self.on_frame(text if isinstance(text, str) else repr(text))
            try:
                message = protocol.parse_host_frame(text)
                self.seat.take(message)
            except Exception:             # noqa: BLE001 - the host's frames are untrusted too:
                continue                  # one that cannot be read is skipped, never a crash
            if message["type"] == "error" and message.get("code") in FATAL:
                raise JoinFailed(f"the host refused: {message.get('code')}",
                                 message.get("code"), message.get("params"))
            if message["type"] == "end":
                self.ended = str(message.get("reason"))
                yield message
                return
            yield message


async def play_bot(joiner: Joiner, level: str, budget_s: float,
                   on_game_over: Callable[[dict], None], stall_at: int | None = None) -> None:
    """Plays the joiner's chair with a bot until the host ends; `stall_at`: stop acting before
    that many actions (tests freeze a seat at its turn this way)."""
    bot, acted_on, actions, first_legal = None, None, 0, False
    read: tuple | None = None             # the summary read (a bot reads it at once)
    async for message in joiner.messages():
        kind, seat = message["type"], joiner.seat
        if kind == "welcome":
            bot = make_bot(seat.game, level, f"{joiner.name}/{message.get('number')}")
        elif kind == "game_over":
            on_game_over(message)
        elif kind == "view" and message.get("phase") == Phase.SUMMARY.value:
            summary = (seat.welcome or {}).get("number"), message.get("deals_played")
            if summary != read:
                read = summary
                await joiner.send("ready")
        elif kind == "error" and message.get("about") == "act" and \
                message.get("code") not in ("stale", "not_your_turn"):
            acted_on, first_legal = None, True    # the rules refused: the first legal move
        # each view is acted on once; a stale or early move waits for the next view
        if bot is None or not seat.acting or not seat.legal or seat.view is acted_on:
            continue
        if stall_at is not None and actions >= stall_at:
            continue
        legal = list(seat.legal)
        try:
            action = legal[0] if first_legal else await asyncio.to_thread(
                bot.choose, seat.observation, legal, budget_s)
        except Exception:                 # noqa: BLE001 - a bot's fault must not lose the seat
            action = legal[0]
        if action not in legal:
            action = legal[0]
        acted_on, first_legal = seat.view, False
        actions += 1
        await joiner.act(action)


def game_line(message: dict) -> str:
    """A finished game's line as the joiner prints it."""
    keep = ("table", "game", "number", "seats", "result", "record")
    return json.dumps({key: message.get(key) for key in keep}, ensure_ascii=False)
