"""What the host sends a window's remote table, taken in at the window's pace (remote_table.py
answers the table door from it).

The link's messages wait in `pending`, and an `events` message (a move) is taken only while
the window does not hold (a move animating), so what is shown never runs ahead of the
animation; the `view`, notices and so on that follow a move come with it. What is shown is a
RemoteSeat of its own (`shown`), fed the messages one by one, while the link's seat is already
at the newest. Taking a message in also fills the window's feeds, follows who is away
(presence.py) and the move log's story, and keeps the finished game's record; the door hears
each message once it is shown (`on_shown`), for what it had asked of the host.

The notices the window words (game/ui/notices.py): the host's `timeout`, `tambah`, `dropped` /
`returned` / `given_to_ai` (player), `refused` (a host's error: data code, params, about),
`back` (we retook our chair: data `moves`, the moves made for us meanwhile, and `waits`).

A welcome of another game number is the host's next game at this table (`--games N`): it
stays pending for the next game's door (remote_table.next_table).
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable

from game.controller.door import Notice
from game.controller.feed import Feed
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.settings import ControllerSettings
from game.core.registry import get_game, is_game

from .host_frames import plausible
from .joiner import RemoteSeat
from .presence import AwaySeats, moves_for_us
from .remote_record import replayed_record
from .seat_judge import ToldMoves

#: the notices of the host a window shows (the others are the host's own)
SHOWN_NOTICES = ("timeout", "tambah", "dropped", "returned", "given_to_ai")


class HostStream:
    def __init__(self, link: Any, now: float, on_shown: Callable[[dict], None]):
        """`link`: a WindowLink (poll, `seat`, `ended`); `on_shown(message)`: called once a
        message is shown."""
        self.link = link
        self.on_shown = on_shown
        self.shown = RemoteSeat()
        #: (message, when it arrived) not yet shown
        self.pending: deque = deque()
        self.held = False                 # the window holds (a move animating)
        #: the connection to the host was lost and the link tries again (until a welcome)
        self.lost = False
        self.events, self.notices = Feed(), Feed()
        self.events_deal: int | None = None    # the deal the feed's events are of
        self.view_at = now                # when the shown view was taken (its time runs since)
        self.story = ToldMoves()          # the moves with their events, for the move log
        self.away = AwaySeats()           # the friends away now
        self.game_over_message: dict | None = None
        self.final_record: dict | None = None   # the finished game's, checked (game_over)
        self.ended: str | None = None     # the link's end, once shown
        self.said_at_first: list = []     # the first messages' notices, said on the first update

    # --- what the host told, as shown ------------------------------------------------------------

    @property
    def welcome(self) -> dict:
        return self.shown.welcome or {}

    @property
    def view(self) -> dict:
        return self.shown.view or {}

    @property
    def game(self) -> str:
        return str(self.shown.game or self.link.seat.game or "")

    @property
    def seat(self) -> int:
        return self.shown.seat or 0

    @property
    def names(self) -> list[str]:
        return [str(name) for name in self.welcome.get("names", ())]

    @property
    def seats(self) -> list[SeatConfig]:
        """Every chair as the host describes it: bots with their level, the others humans."""
        chairs = [chair if isinstance(chair, dict) else {}
                  for chair in self.welcome.get("chairs") or []]
        chairs += [{}] * (len(self.names) - len(chairs))
        return [SeatConfig(name, AI, str(chair.get("level") or "normal"))
                if chair.get("kind") == "bot" else SeatConfig(name, HUMAN)
                for name, chair in zip(self.names, chairs)]

    @property
    def options(self) -> dict:
        return dict(self.welcome.get("options") or {})

    @property
    def settings(self) -> ControllerSettings:
        given = self.welcome.get("settings") or {}
        return ControllerSettings(turn_seconds=_seconds(given.get("turn_seconds")),
                                  tambah_seconds=_seconds(given.get("tambah_seconds")),
                                  assists=False)

    @property
    def deals_in_match(self) -> int | None:
        deals = self.welcome.get("deals_in_match")
        return deals if isinstance(deals, int) else None

    @property
    def open_ended(self) -> bool:
        """A session of games (Tiến Lên) rather than a match."""
        return is_game(self.game) and get_game(self.game).open_ended

    @property
    def deals_played(self) -> int:
        played = self.view.get("deals_played")
        return played if isinstance(played, int) else 0

    @property
    def finished(self) -> bool:
        """The table played its games (its last one over, then `end`: games_done)."""
        return self.ended == "games_done" and self.game_over_message is not None

    def review_record(self) -> dict:
        """The moves the host told (the welcome's moves of the deal under way, then each
        move) with their public events (`told`), and the seats: the move log tells its lines
        from them (story.py). The deals themselves (every hand) are the host's until the
        game is over: then its whole record (the Review replays it)."""
        if self.final_record is not None:
            table = {**(self.final_record.get("table") or {}), "across_machines": True}
            return {**self.final_record, "table": table}
        return {"game": self.game, "players": self.names, "options": self.options,
                "deals": [], "actions": list(self.shown.moves), "told": list(self.story.told),
                "table": {"seats": [seat.to_json() for seat in self.seats],
                          "across_machines": True}}

    # --- taking in what arrived --------------------------------------------------------------

    def opened(self, arrived: list, now: float) -> None:
        """The messages that came before the table was opened (its welcome and first view),
        shown at once. The table scene reads the notices from its first frame on: what these
        said (a return's "while you were away …") is said on the first update, not before."""
        self.pending.extend((message, now) for message in arrived)
        self.take(now, everything=True)
        self.said_at_first, self.notices = self.notices.since(0), Feed()

    def update(self, now: float) -> None:
        """What the link received since, then shown as far as the window's pace lets."""
        if self.said_at_first:
            self.notices.extend(self.said_at_first)
            self.said_at_first = []
        for message in self.link.poll():
            if message.get("type") == "link":     # the link's own word, said at once
                self.lost = not message.get("connected")
            else:
                self.pending.append((message, now))
        if self.ended is None and self.link.ended is not None and not self.pending:
            self.pending.append(({"type": "failed", "code": self.link.ended}, now))
        self.take(now)

    def take(self, now: float, everything: bool = False) -> None:
        """Show what arrived, up to the next move while the window holds (or after one move)."""
        moved = False
        while self.pending:
            message, arrived_at = self.pending[0]
            if message.get("type") == "events" and not everything and (self.held or moved):
                return
            if self._next_game(message):
                return                    # the next game is drawn by a door of its own
            self.pending.popleft()
            moved = moved or message.get("type") == "events"
            self._show(message, arrived_at)

    def _show(self, message: dict, now: float) -> None:
        """Take one message into what is shown (`now`: when it arrived)."""
        kind = message.get("type")
        before = len(self.shown.events)
        if not plausible(message):
            return                        # a frame with a field of the wrong type: skipped
        try:
            self.shown.take(message)
        except Exception:                 # noqa: BLE001 - a frame that cannot be read is
            return                        # skipped (the link skipped it too)
        if kind in ("welcome", "notice"):
            self.away.take(message, now)
        if kind == "welcome":
            self.events.new_deal()
            self.story.sat_down(self.shown.moves)
            self.lost = False
            if message.get("returned"):
                self.notices.extend([Notice("back", self.seat, "",
                                            moves_for_us(message, self.seat))])
        elif kind == "events":
            deals = (message.get("position") or [None])[0]
            if deals != self.events_deal:         # the feed keeps one deal's events
                self.events_deal = deals
                self.events.new_deal()
            self.events.extend(self.shown.events[before:])
            self.story.moved(self.shown.events[before:], message.get("moves") or [],
                             self.game, self.deals_played)
            del self.shown.events[:]              # the feed holds them now
        elif kind == "view":
            self.view_at = now
        elif kind == "notice" and message.get("kind") in SHOWN_NOTICES:
            self.notices.extend([Notice(message["kind"], message.get("player"), "",
                                        dict(message.get("data") or {}))])
        elif kind == "error":
            self.notices.extend([Notice("refused", None, "", {
                "code": str(message.get("code")), "params": dict(message.get("params") or {}),
                "about": message.get("about")})])
        elif kind == "game_over":
            self.game_over_message = message
            self.final_record = replayed_record(message, self.names)
        elif kind in ("end", "failed"):
            reason = message.get("reason") if kind == "end" else message.get("code")
            self.ended = str(reason or "unreachable")
        self.on_shown(message)

    # --- the host's next game ------------------------------------------------------------------

    def _next_game(self, message: dict) -> bool:
        """`message` is the welcome of the host's next game at this table (`--games N`)."""
        return (message.get("type") == "welcome" and self.shown.welcome is not None
                and message.get("number") != self.welcome.get("number"))

    @property
    def next_game_waiting(self) -> bool:
        """The host's next game has begun: its frames wait for the next game's door."""
        return bool(self.pending) and self._next_game(self.pending[0][0])

    def hand_on(self) -> deque:
        """What arrived since this game ended, for the next game's stream (this one keeps
        nothing)."""
        pending, self.pending = self.pending, deque()
        return pending


def _seconds(value: Any) -> float:
    """A timer's seconds from the host (0: no timer)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value < 10**6:
        return float(value)
    return 0.0
