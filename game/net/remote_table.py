"""A table across machines behind the window's table door (game/controller/door.py).

`RemoteTable` stands where the live table stands, over a joiner's link (window_link.py): each
game's table scene draws it as it draws a local table. The host is the table: the engine, the
clock and the record are the host's; this door shows what the host sends for the joiner's
seat, and sends the seat's moves.

What arrives is shown at the window's pace: the link's messages wait in `pending`, and an
`events` message (a move) is taken only while the window does not hold (a move animating), so
the view never runs ahead of the animation; the `view`, notices and so on that follow a move
come with it. What the window shows is a RemoteSeat of its own (`shown`), fed the messages one
by one, while the link's seat is already at the newest.

No coach and no Undo at a remote table (the host's table is shared); `pause` pauses only this
window (the host's clock goes on). Refusals, drops and the host leaving become `Notice`s the
window words (game/ui/notices.py): `refused` (data: code, params), `dropped` / `returned`
(player), `back` (we retook our chair: data `moves`, the moves made for us meanwhile, and
`waits`), `link_ended` (data: reason; the table is left).

Drops: who is away is followed (`away_seats`, presence.py) for the marks at their seats; while
the link tries again after losing the host (`reconnecting`), nothing is offered to play and
the window says so over the table, until the host's welcome is back.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any, Callable

from game.controller.door import Notice, Phase, TableView
from game.controller.feed import Feed
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.settings import ControllerSettings
from game.core.errors import IllegalAction
from game.core.registry import get_game, is_game

from .host_frames import plausible
from .joiner import RemoteSeat
from .presence import Away, AwaySeats, moves_for_us
from .remote_record import replayed_record
from .seat_judge import SeatJudge, ToldMoves

#: the notices of the host a window shows (the others are the host's own)
SHOWN_NOTICES = ("timeout", "tambah", "dropped", "returned", "given_to_ai")


def open_remote_table(link: Any, now: float, arrived: list,
                      on_game_over: Callable[[dict, "RemoteTable"], None] | None = None) -> Any:
    """The table door over `link`, once its welcome and first view `arrived` (factory.py's
    counterpart for a table across machines: the window names no table class)."""
    return RemoteTable(link, now, arrived, on_game_over)


class RemoteTable:
    def __init__(self, link: Any, now: float = 0.0, arrived: list | None = None,
                 on_game_over: Callable[[dict, "RemoteTable"], None] | None = None):
        """`link`: a WindowLink (start/poll/act/send/close, `ended`); `arrived`: the messages
        it gave before the table was opened (the welcome and the first view), shown at once.
        `on_game_over(message, table)`: the host's `game_over` message (the history's hook)."""
        self.link = link
        self.shown = RemoteSeat()
        #: (message, when it arrived) not yet shown
        self.pending: deque = deque()
        self._events, self._notices = Feed(), Feed()
        self.on_game_over = on_game_over or (lambda message, table: None)
        self.held = self._paused = False
        self.view_at = now                # when the shown view was taken (its time runs since)
        self.sent_at: list | None = None  # the position our move was sent at (awaiting the host)
        self.tambah_asked_at: list | None = None
        self.acknowledged: int | None = None   # the deal whose summary the player has read
        self.game_over_message: dict | None = None
        self.final_record: dict | None = None   # the finished game's, checked (game_over)
        self.ended: str | None = None     # the link's end, once shown
        self.going_on = False             # the player asked for the host's next game
        self.handed_on = False            # the link is the next game's door's now
        #: why the player must leave the table (the `link_ended` notice given), else None
        self.left_reason: str | None = None
        self.judge = SeatJudge(lambda: self.game)   # moves judged on the seat's own view
        self.story = ToldMoves()          # the moves with their events, for the move log
        self.events_deal: int | None = None    # the deal the feed's events are of
        self.away = AwaySeats()           # the friends away now
        #: the connection to the host was lost and the link tries again (until a welcome)
        self.lost = False
        self.pending.extend((message, now) for message in arrived or ())
        self._take(now, everything=True)
        # the table scene reads the notices from its first frame on: what the first messages
        # said (a return's "while you were away …") is said then, not before the scene is there
        self.said_at_first, self._notices = self._notices.since(0), Feed()

    # --- taking in what arrived ------------------------------------------------------------------

    def _take(self, now: float, everything: bool = False) -> None:
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
            self._events.new_deal()
            self.story.sat_down(self.shown.moves)
            self.lost = False
            if message.get("returned"):   # a summary still up is read again (a `ready`
                self.acknowledged = None      # sent while the link was down was lost)
                self._notices.extend([Notice("back", self.seat, "",
                                             moves_for_us(message, self.seat))])
        elif kind == "events":
            deals = (message.get("position") or [None])[0]
            if deals != self.events_deal:         # the feed keeps one deal's events
                self.events_deal = deals
                self._events.new_deal()
            self._events.extend(self.shown.events[before:])
            self.story.moved(self.shown.events[before:], message.get("moves") or [],
                             self.game, self.deals_played)
            del self.shown.events[:]              # the feed holds them now
        elif kind == "view":
            self.view_at, self.sent_at = now, None
            if message.get("position") != self.tambah_asked_at:
                self.tambah_asked_at = None
        elif kind == "notice" and message.get("kind") in SHOWN_NOTICES:
            self._notices.extend([Notice(message["kind"], message.get("player"), "",
                                         dict(message.get("data") or {}))])
        elif kind == "error":
            if message.get("about") == "tambah":
                self.tambah_asked_at = None
            self.sent_at = None           # our move was refused: the turn is ours again
            self._notices.extend([Notice("refused", None, "", {
                "code": str(message.get("code")), "params": dict(message.get("params") or {}),
                "about": message.get("about")})])
        elif kind == "game_over":
            self.game_over_message = message
            self.final_record = replayed_record(message, self.names)
            self.on_game_over(message, self)
        elif kind in ("end", "failed"):
            reason = message.get("reason") if kind == "end" else message.get("code")
            self.ended = str(reason or "unreachable")
            # a table that played its games ends on its last game's end; a match cut short
            # whose summary was read already has no more to show: the player leaves
            if self.ended != "games_done" or self.game_over_message is None or (
                    self.going_on and not self.open_ended):
                self._leave()

    def _next_game(self, message: dict) -> bool:
        """`message` is the welcome of the host's next game at this table (`--games N`)."""
        return (message.get("type") == "welcome" and self.shown.welcome is not None
                and message.get("number") != self.welcome.get("number"))

    @property
    def next_game_waiting(self) -> bool:
        """The host's next game has begun: its frames wait for the door `next_table` makes."""
        return bool(self.pending) and self._next_game(self.pending[0][0])

    @property
    def finished(self) -> bool:
        """The table played its games (its last one over, then `end`: games_done)."""
        return self.ended == "games_done" and self.game_over_message is not None

    def next_table(self, now: float) -> "RemoteTable":
        """The door of the host's next game at this table, over the same link (the game's
        table scene opens again on it: its own feeds, move log and review); fed what arrived
        since this game ended. This door is left without a `bye`."""
        door = RemoteTable(self.link, now, None, self.on_game_over)
        door.pending, self.pending = self.pending, deque()
        door._take(now)
        self.handed_on = True
        return door

    def _leave(self) -> None:
        if self.left_reason is None:
            self.left_reason = self.ended
            self._notices.extend([Notice("link_ended", None, "", {"reason": self.ended})])

    # --- who sits there (public) -----------------------------------------------------------------

    @property
    def welcome(self) -> dict:
        return self.shown.welcome or {}

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
    def humans(self) -> list[int]:
        """The humans at this screen: the joiner's own seat only."""
        return [self.seat]

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
    def save_path(self) -> Path | None:
        return None                       # the table is saved on the host's machine

    # --- what the window draws from ----------------------------------------------------------------

    @property
    def message(self) -> dict:
        return self.shown.view or {}

    @property
    def awaiting_host(self) -> bool:
        """Our move is sent and the host has not moved on yet."""
        return self.sent_at is not None and self.sent_at == self.shown.position

    @property
    def acting(self) -> bool:
        return self.shown.acting and not self.awaiting_host and self.ended is None \
            and not self.reconnecting

    @property
    def reconnecting(self) -> bool:
        """The connection to the host is lost and being tried again (the table is still)."""
        return self.lost and self.ended is None

    def away_seats(self, now: float) -> dict[int, Away]:
        """The friends away from the table now (their seats' marks)."""
        return dict(self.away.seats)

    @property
    def phase(self) -> Phase:
        try:
            phase = Phase(self.message.get("phase", Phase.SHOWING.value))
        except ValueError:
            return Phase.SHOWING
        if phase is Phase.SUMMARY and self.acknowledged == self.deals_played:
            # read: the next deal comes when every seat has; a Tiến Lên session that ended
            # shows its balances
            return Phase.OVER if self.finished and self.open_ended else Phase.SHOWING
        if self.reconnecting and phase is not Phase.OVER:
            return Phase.SHOWING          # the host is out of reach: no move is awaited
        if phase is Phase.SUMMARY and self.left_reason not in (None, "games_done"):
            return Phase.SHOWING          # the host has left: no next deal to ask for
        if phase in (Phase.SUMMARY, Phase.OVER, Phase.SHOWING):
            return phase
        if self.acting:
            return Phase.HUMAN
        # another player's move is awaited (a bot, a friend, a hand-off at the host's screen):
        # to this window, someone else is thinking
        return Phase.SHOWING if self.awaiting_host else Phase.BOT

    @property
    def events(self) -> Feed:
        return self._events

    @property
    def notices(self) -> Feed:
        return self._notices

    def view(self) -> TableView:
        message, shown = self.message, self.shown
        revealed = message.get("revealed")
        acting = self.acting
        return TableView(
            seat=self.seat, observation=shown.observation, hand_shown=True, phase=self.phase,
            to_move=message.get("to_move"), acting=self.seat if acting else None,
            legal=tuple(shown.legal) if acting else (),
            returns=tuple(message.get("returns") or ()),
            revealed=tuple(tuple(hand) for hand in revealed) if revealed is not None else None,
            game_over=bool(message.get("game_over")))

    def position(self) -> tuple:
        position = self.shown.position or (0, 0)
        return tuple(position)

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def deal_over(self) -> bool:
        return bool(self.message.get("deal_over"))

    @property
    def deals_played(self) -> int:
        played = self.message.get("deals_played")
        return played if isinstance(played, int) else 0

    @property
    def deals_in_match(self) -> int | None:
        deals = self.welcome.get("deals_in_match")
        return deals if isinstance(deals, int) else None

    @property
    def open_ended(self) -> bool:
        """A session of games (Tiến Lên) rather than a match."""
        return is_game(self.game) and get_game(self.game).open_ended

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

    def opening_to_show(self) -> tuple[Any, dict] | None:
        return None                       # the seed is the host's

    def preview(self, action: Any) -> list:
        return self.judge.preview(self.shown.observation, self.position(), self.shown.legal,
                                  action)

    def refusal(self, action: Any) -> IllegalAction | None:
        try:
            self.preview(action)
        except IllegalAction as refused:
            return refused
        return None

    # --- the player's input -------------------------------------------------------------------------

    def human_action(self, action: Any, now: float) -> list:
        """Sent to the host when the rules take it; else refused at once with the rules'
        reason. The move's events come back from the host (none returned here)."""
        if not self.acting or self._paused:
            raise IllegalAction("it is not this seat's move", code="not_your_turn")
        # judged as the host will judge it: a move the rules take though it is no legal move
        # (domino's misplay, D8: it costs a point) is sent, as a local table applies it
        refused = self.refusal(action)
        if refused is not None:
            raise refused
        self.sent_at = self.shown.position
        self.link.act(action)
        return []

    def out_of_turn_action(self, action: Any, now: float) -> list:
        """Tiến Lên's leave (T16): the seat's own, at any moment; the host judges it."""
        if getattr(action, "player", None) != self.seat or self.ended is not None:
            raise IllegalAction("a seat acts for itself only", code="not_your_turn")
        refused = self.refusal(action)
        if refused is not None:
            raise refused
        if self.link.seat.codec is not None:
            self.link.send("act", action=self.link.seat.codec.action_out(action))
        return []

    def confirm_handoff(self, now: float) -> None:
        """No hand-off at a joiner's screen: one seat, one player."""

    def acknowledge_summary(self, now: float) -> None:
        """The summary read: `ready` to the host. Once the game is over at the host, the
        player goes on to the host's next game (`going_on`: joining.RemoteWatch opens it), or
        to the end of the table (a Tiến Lên session's balances; a match cut short by the
        host's `--deals`: the menu)."""
        if self.game_over_message is not None and (self.ended is None or self.open_ended):
            self.going_on = True
            self.acknowledged = self.deals_played
            return
        if self.ended is not None:        # the table ended under the player: they leave it
            self._leave()
            return
        if self.shown.view and Phase(self.message.get("phase")) is Phase.SUMMARY:
            self.acknowledged = self.deals_played
            self.link.send("ready")
            # the table stands still until every screen has read it: say why
            self._notices.extend([Notice("others_reading", self.seat, "", {})])

    def keep_summary(self) -> None:
        """The host keeps its summary until every joiner is ready (or its own time)."""

    # --- the clock -------------------------------------------------------------------------------------

    def update(self, now: float) -> None:
        if self.said_at_first:
            self._notices.extend(self.said_at_first)
            self.said_at_first = []
        for message in self.link.poll():
            if message.get("type") == "link":     # the link's own word, said at once
                self.lost = not message.get("connected")
            else:
                self.pending.append((message, now))
        if self.ended is None and self.link.ended is not None and not self.pending:
            self.pending.append(({"type": "failed", "code": self.link.ended}, now))
        self._take(now)

    def pause(self, now: float) -> None:
        """Only this window pauses: the host's clock goes on (the pause menu says so)."""
        self._paused = True

    def resume(self, now: float) -> None:
        self._paused = False

    def hold(self, now: float) -> None:
        self.held = True

    def release(self, now: float) -> None:
        self.held = False

    def time_left(self, now: float) -> float | None:
        left = self.message.get("time_left")
        if not self.acting or not isinstance(left, (int, float)):
            return None
        settings = self.settings
        # D19: a tambah makes the whole move tambah_seconds long, counted from its start
        extra = (settings.tambah_seconds - settings.turn_seconds
                 if self.tambah_asked_at is not None else 0.0)
        return max(0.0, float(left) + extra - (now - self.view_at))

    def time_share(self, now: float) -> float | None:
        left, settings = self.time_left(now), self.settings
        whole = settings.tambah_seconds if self.tambah_asked_at is not None \
            else settings.turn_seconds
        if left is None or not whole:
            return None
        return max(0.0, min(1.0, left / whole))

    def can_tambah(self) -> bool:
        return self.acting and bool(self.message.get("can_tambah")) \
            and self.tambah_asked_at is None

    def tambah(self, now: float) -> bool:
        if not self.can_tambah():
            return False
        self.tambah_asked_at = self.shown.position
        self.link.send("tambah")
        return True

    def follow_pace(self, pace: Any) -> None:
        """The pauses after a move are the host's."""

    # --- no assists at a shared table ----------------------------------------------------------------

    @property
    def coach_allowed(self) -> bool:
        return False

    def ask_coach(self) -> bool:
        return False

    def coach_advice(self) -> Any:
        return None

    def coach_thinking(self) -> bool:
        return False

    def undo_point(self) -> int | None:
        return None

    def undo(self, now: float) -> bool:
        return False

    # --- the end -------------------------------------------------------------------------------------

    def finish(self) -> None:
        """The history is written when the host's `game_over` arrives (`on_game_over`)."""

    def forget_save(self) -> None:
        """Nothing is saved on the joiner's side."""

    def close(self) -> None:
        """The player leaves (or the window closes): the host holds the chair as for a drop."""
        if not self.handed_on:
            self.link.close()


def _seconds(value: Any) -> float:
    """A timer's seconds from the host (0: no timer)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value < 10**6:
        return float(value)
    return 0.0
