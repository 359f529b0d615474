"""A joiner for a window, whose frame loop must never wait: the connection runs on its own
thread (its own asyncio loop), and the window takes what arrived each frame (`poll`), sends
with `send`, and draws from `view()`, a TableView as the window's table door gives one.

    link = WindowLink("ws://…:8765", code, name, profile)
    link.start()
    each frame:  for message in link.poll(): …      (the seat is up to date after it;
                                                     LOST: the connection is being tried again)
                 view = link.view()                 (None until the first view arrives)
    a move:      link.act(action)                   (a refusal arrives as an `error` message)
    at the end:  link.close()

The window's table door over it: remote_table.py.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any, Callable

from game.controller.door import Phase, TableView

from .joiner import Joiner, JoinFailed, RemoteSeat

#: messages kept for the window between two polls at most (a window that stopped polling)
MAX_WAITING = 10_000
#: the link's own message (never the host's): the connection to the host was lost and is being
#: tried again; the host's `welcome` says it is back
LOST = {"type": "link", "connected": False}


class WindowLink:
    def __init__(self, url: str, code: str, name: str, profile: str | None = None,
                 table: str | None = None, on_frame: Callable[[str], None] | None = None):
        """`on_frame`: each frame's text as it arrives, on the link's thread (tests keep them)."""
        self.seat = RemoteSeat()          # the window's own copy, updated by `poll`
        self.joiner = Joiner(url, code, name, profile, table, on_frame)
        self.joiner.on_lost = lambda: self._put(dict(LOST))
        self.arrived: queue.Queue = queue.Queue(MAX_WAITING)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, daemon=True, name="joiner")
        #: why the link ended, once `poll` took its last message: None while it runs, "end"
        #: (the host's `end` message: its `reason` says why) or a JoinFailed's code
        #: ("wrong_code", …; "unreachable" when the host was not reached)
        self.ended: str | None = None

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        try:
            self.loop.run_until_complete(self._read())
        finally:
            self.loop.close()

    async def _read(self) -> None:
        try:
            async for message in self.joiner.messages():
                self._put(message)
        except JoinFailed as failed:
            self._put({"type": "failed", "code": failed.code or "unreachable",
                       "params": failed.params})

    def _put(self, message: dict) -> None:
        try:
            self.arrived.put_nowait(message)
        except queue.Full:
            pass                          # the window stopped polling: it rejoins afresh

    # --- the window's side ----------------------------------------------------------------------

    def poll(self) -> list[dict]:
        """The messages that arrived since the last poll, each already taken into `seat`."""
        messages = []
        while True:
            try:
                message = self.arrived.get_nowait()
            except queue.Empty:
                return messages
            if message["type"] == "end":
                self.ended = "end"
            elif message["type"] == "failed":
                self.ended = message["code"]
            else:
                try:
                    self.seat.take(message)
                except Exception:             # noqa: BLE001 - a frame that cannot be read
                    continue                  # is skipped (the host's frames are untrusted)
            messages.append(message)

    def send(self, kind: str, **fields: Any) -> None:
        if self.loop is not None and self.loop.is_running():
            asyncio.run_coroutine_threadsafe(self.joiner.send(kind, **fields), self.loop)

    def act(self, action: Any) -> None:
        if self.seat.codec is not None:
            self.send("act", action=self.seat.codec.action_out(action), at=self.seat.position)

    def view(self) -> TableView | None:
        return remote_view(self.seat)

    def close(self) -> None:
        """The player leaves: the host holds the chair as for a drop; the thread ends."""
        if self.loop is not None and self.loop.is_running():
            asyncio.run_coroutine_threadsafe(self.joiner.leave(), self.loop)


def remote_view(seat: RemoteSeat) -> TableView | None:
    """The seat's latest view as the window's TableView (game/controller/door.py)."""
    view = seat.view
    if view is None or seat.seat is None:
        return None
    revealed = view.get("revealed")
    return TableView(
        seat=seat.seat, observation=seat.observation, hand_shown=True,
        phase=Phase(view["phase"]), to_move=view.get("to_move"),
        acting=seat.seat if view.get("acting") else None, legal=seat.legal,
        returns=tuple(view.get("returns") or ()),
        revealed=tuple(tuple(hand) for hand in revealed) if revealed is not None else None,
        game_over=bool(view.get("game_over")))


def open_link(address: str, port: int, code: str, name: str, profile: str | None = None,
              on_frame: Callable[[str], None] | None = None,
              table: str | None = None) -> WindowLink:
    """The window's link to a host (started: the connection runs on its own thread); `table`:
    the table asked for (None: the first with a free chair)."""
    host = f"[{address}]" if ":" in address else address      # an IPv6 address
    link = WindowLink(f"ws://{host}:{port}", code, name, profile=profile, table=table,
                      on_frame=on_frame)
    link.start()
    return link


def ready_to_open(arrived: list) -> bool:
    """The welcome and a view after it have arrived: the table can be drawn."""
    kinds = [message.get("type") for message in arrived]
    return "welcome" in kinds and "view" in kinds[kinds.index("welcome"):]
