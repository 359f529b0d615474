"""The messages between a host and its joiners (docs/network.md): version, limits, and the
checks every message from the wire passes before anything reads it.

A frame is one JSON object in a text frame, `{"v": VERSION, "type": ..., ...}`. `read_message`
turns a frame into a checked dict or raises `Refused` with a code (and plain-data params) that
the other side says in its player's language (`net.error.<code>` in assets/locale/*/net.json).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from game.core.untrusted import UntrustedInput, check_text, finite_number, parse_json, \
    printable_name

VERSION = 1
#: the largest frame a joiner may send (websockets' max_size: larger closes the connection)
MAX_FRAME_BYTES = 64 * 1024
#: the largest frame the host sends (a long game's observation stays far below)
MAX_HOST_FRAME_BYTES = 1024 * 1024
#: a joiner's frame is shallow (an action, a name, a code)
MAX_DEPTH = 8
#: the host's frames carry coded observations, events and records: each level of a coded value
#: takes up to two levels of JSON ({"$": …, "f": {…}}, codec.py) under the frame's own few (a
#: Tiến Lên view holds its games' results, their chops: 9 levels already)
MAX_HOST_DEPTH = 32
MAX_NAME = 16
MAX_CODE = 32
MAX_PROFILE = 64
#: a connection's average rate and burst (a token bucket)
RATE_PER_S = 20.0
RATE_BURST = 40
#: bad messages before a connection is closed
MAX_BAD_MESSAGES = 10
#: wrong join codes before a connection is closed, and per address an hour
MAX_WRONG_CODES = 3
MAX_WRONG_CODES_PER_ADDRESS = 30
WRONG_CODE_WINDOW_S = 3600.0
#: a connection must say hello this soon
HELLO_TIMEOUT_S = 10.0
#: the close code of a connection closed for its messages (RFC 6455: policy violation)
CLOSE_POLICY = 1008

TABLE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,15}")

#: the protocol's own error codes (engine refusals come with their own codes)
ERROR_CODES = ("not_text", "not_json", "bad_message", "unknown_type", "version", "hello_first",
               "wrong_code", "no_such_table", "table_full", "name_taken", "not_your_turn",
               "stale", "bad_action", "rate_limited", "too_many_errors", "host_fault",
               "chair_given")

#: why a host ends a joiner's connection (`end`): every game played, the host stopping, the
#: chair taken from another connection of the same player, a fault of the host's program
END_REASONS = ("games_done", "host_closing", "replaced", "host_fault")
#: how a table starts, as `seated` says (its `starts`): once every chair is taken (a headless
#: host), or when the host's player starts it (a window hosting its table)
SEATED_STARTS = ("full", "host")
#: what a joiner hears of the other seats' connections (`notice`), and of a chair the host
#: gave to an AI while its friend was away
NET_NOTICES = ("dropped", "returned", "given_to_ai")

#: the joiner's message types
JOINER_TYPES = ("hello", "tables", "act", "tambah", "ready", "ping", "bye")


class Refused(Exception):
    """A message the host (or a joiner) will not take: `code` and plain-data `params`."""

    def __init__(self, code: str, /, **params: Any):
        super().__init__(code)
        self.code = code
        self.params = params


def frame(message_type: str, /, **fields: Any) -> str:
    """One message as the text of a frame."""
    return json.dumps({"v": VERSION, "type": message_type, **fields}, ensure_ascii=False,
                      allow_nan=False, separators=(",", ":"))


def error_frame(code: str, params: dict | None = None, about: str | None = None) -> str:
    return frame("error", code=code, params=params or {}, about=about)


def parse_frame(data: Any, max_bytes: int = MAX_FRAME_BYTES, max_depth: int = MAX_DEPTH
                ) -> dict:
    """A frame's text as a message object with a known version and a type (not yet its
    fields); raises Refused."""
    if not isinstance(data, str):
        raise Refused("not_text")
    try:
        message = parse_json(data, max_bytes, max_depth)
    except UntrustedInput as error:
        raise Refused("not_json", reason=error.code) from None
    if not isinstance(message, dict):
        raise Refused("bad_message", field="")
    if message.get("v") != VERSION:
        raise Refused("version", version=VERSION)
    kind = message.get("type")
    if not isinstance(kind, str):
        raise Refused("bad_message", field="type")
    return message


def parse_host_frame(data: Any) -> dict:
    """A frame of the host's, as a joiner reads it (larger and deeper than a joiner's own)."""
    return parse_frame(data, MAX_HOST_FRAME_BYTES, MAX_HOST_DEPTH)


def read_message(data: Any) -> dict:
    """A joiner's frame, checked field by field: the message with only its known fields."""
    message = parse_frame(data)
    kind = message["type"]
    if kind not in JOINER_TYPES:
        raise Refused("unknown_type", type=kind[:32])
    checked = {"type": kind}
    if kind in ("hello", "tables"):
        checked["code"] = _text(message, "code", MAX_CODE)
    if kind == "hello":
        checked["name"] = _name(message.get("name"))
        checked["profile"] = _optional_text(message, "profile", MAX_PROFILE)
        table = message.get("table")
        if table is not None and not (isinstance(table, str) and TABLE_ID.fullmatch(table)):
            raise Refused("bad_message", field="table")
        checked["table"] = table
    if kind == "act":
        if not isinstance(message.get("action"), dict):
            raise Refused("bad_message", field="action")
        checked["action"] = message["action"]
        checked["at"] = _position(message.get("at"))
    return checked


def _text(message: dict, field: str, limit: int) -> str:
    value = message.get(field)
    if not isinstance(value, str) or not 0 < len(value) <= limit:
        raise Refused("bad_message", field=field)
    try:
        return check_text(value)
    except UntrustedInput:
        raise Refused("bad_message", field=field) from None


def _optional_text(message: dict, field: str, limit: int) -> str | None:
    return None if message.get(field) is None else _text(message, field, limit)


def _name(value: Any) -> str:
    try:
        return printable_name(value, MAX_NAME).strip()
    except UntrustedInput:
        raise Refused("bad_message", field="name") from None


def _position(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise Refused("bad_message", field="at")
    try:
        return tuple(int(finite_number(part, 0, 10**9)) for part in value)   # type: ignore
    except UntrustedInput:
        raise Refused("bad_message", field="at") from None


class RateLimit:
    """A token bucket: `RATE_PER_S` messages a second on average, `RATE_BURST` at once."""

    def __init__(self, rate: float = RATE_PER_S, burst: int = RATE_BURST, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class WrongCodes:
    """Wrong join codes counted by address over a window of time."""

    def __init__(self, limit: int = MAX_WRONG_CODES_PER_ADDRESS,
                 window_s: float = WRONG_CODE_WINDOW_S, clock=time.monotonic):
        self.limit, self.window_s, self.clock = limit, window_s, clock
        self.tries: dict[str, list[float]] = {}

    def _recent(self, address: str) -> list[float]:
        since = self.clock() - self.window_s
        recent = [at for at in self.tries.get(address, []) if at > since]
        if recent:
            self.tries[address] = recent
        else:
            self.tries.pop(address, None)
        return recent

    def locked(self, address: str) -> bool:
        return len(self._recent(address)) >= self.limit

    def count(self, address: str) -> None:
        self.tries.setdefault(address, []).append(self.clock())
        if len(self.tries) > 10_000:            # bounded: the oldest addresses go
            for old in list(self.tries)[:1000]:
                del self.tries[old]
