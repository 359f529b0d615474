"""A table across machines behind the window's table door (game/controller/door.py).

`RemoteTable` stands where the live table stands, over a joiner's link (window_link.py): each
game's table scene draws it as it draws a local table. The host is the table: the engine, the
clock and the record are the host's; this door shows what the host sends for the joiner's
seat, and sends the seat's moves.

What arrives is shown at the window's pace (host_stream.py); this door answers from what is
shown, and keeps what the player asked of the host until it answers (asked_of_host.py).

No coach and no Undo at a remote table (the host's table is shared); `pause` pauses only this
window (the host's clock goes on). What the host tells becomes `Notice`s the window words
(host_stream.py); the table left is one more: `link_ended` (data: reason).

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
from game.controller.seats import SeatConfig
from game.controller.settings import ControllerSettings
from game.core.errors import IllegalAction, refusal_of

from .asked_of_host import AskedOfHost
from .host_stream import HostStream
from .presence import Away
from .seat_judge import SeatJudge


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
        self.on_game_over = on_game_over or (lambda message, table: None)
        #: what the host sent, shown at the window's pace
        self.stream = HostStream(link, now, self._on_shown)
        self.asked = AskedOfHost()        # a move, a tambah, a summary read: not yet answered
        self._paused = False
        self.going_on = False             # the player asked for the host's next game
        self.handed_on = False            # the link is the next game's door's now
        #: why the player must leave the table (the `link_ended` notice given), else None
        self.left_reason: str | None = None
        self.judge = SeatJudge(lambda: self.game)   # moves judged on the seat's own view
        self.stream.opened(arrived or [], now)

    def _on_shown(self, message: dict) -> None:
        """A message of the host is shown: what it answers of what the player asked, the
        game's end (the history's hook), the table's."""
        kind = message.get("type")
        self.asked.heard(message)
        if kind == "game_over":
            self.on_game_over(message, self)
        elif kind in ("end", "failed"):
            # a table that played its games ends on its last game's end; a match cut short
            # whose summary was read already has no more to show: the player leaves
            if self.ended != "games_done" or self.game_over_message is None or (
                    self.going_on and not self.open_ended):
                self._leave()

    # --- the host's next game, the end -----------------------------------------------------------

    @property
    def next_game_waiting(self) -> bool:
        """The host's next game has begun: its frames wait for the door `next_table` makes."""
        return self.stream.next_game_waiting

    @property
    def finished(self) -> bool:
        """The table played its games (its last one over, then `end`: games_done)."""
        return self.stream.finished

    def next_table(self, now: float) -> "RemoteTable":
        """The door of the host's next game at this table, over the same link (the game's
        table scene opens again on it: its own feeds, move log and review); fed what arrived
        since this game ended. This door is left without a `bye`."""
        door = RemoteTable(self.link, now, None, self.on_game_over)
        door.stream.pending = self.stream.hand_on()
        door.stream.take(now)
        self.handed_on = True
        return door

    def _leave(self) -> None:
        if self.left_reason is None:
            self.left_reason = self.ended
            self.notices.extend([Notice("link_ended", None, "", {"reason": self.ended})])

    # --- what the host told (host_stream.py) ---------------------------------------------------

    @property
    def pending(self) -> deque:
        return self.stream.pending

    @property
    def view_at(self) -> float:
        return self.stream.view_at

    @property
    def game_over_message(self) -> dict | None:
        return self.stream.game_over_message

    @property
    def final_record(self) -> dict | None:
        return self.stream.final_record

    @property
    def ended(self) -> str | None:
        return self.stream.ended

    # --- who sits there (public) -----------------------------------------------------------------

    @property
    def welcome(self) -> dict:
        return self.stream.welcome

    @property
    def game(self) -> str:
        return self.stream.game

    @property
    def seat(self) -> int:
        return self.stream.seat

    @property
    def names(self) -> list[str]:
        return self.stream.names

    @property
    def seats(self) -> list[SeatConfig]:
        return self.stream.seats

    @property
    def humans(self) -> list[int]:
        """The humans at this screen: the joiner's own seat only."""
        return [self.seat]

    @property
    def options(self) -> dict:
        return self.stream.options

    @property
    def settings(self) -> ControllerSettings:
        return self.stream.settings

    @property
    def save_path(self) -> Path | None:
        return None                       # the table is saved on the host's machine

    # --- what the window draws from ----------------------------------------------------------------

    @property
    def message(self) -> dict:
        return self.stream.view

    @property
    def awaiting_host(self) -> bool:
        """Our move is sent and the host has not moved on yet."""
        return self.asked.awaiting_move(self.stream.shown.position)

    @property
    def acting(self) -> bool:
        return self.stream.shown.acting and not self.awaiting_host and self.ended is None \
            and not self.reconnecting

    @property
    def reconnecting(self) -> bool:
        """The connection to the host is lost and being tried again (the table is still)."""
        return self.stream.lost and self.ended is None

    def away_seats(self, now: float) -> dict[int, Away]:
        """The friends away from the table now (their seats' marks)."""
        return dict(self.stream.away.seats)

    @property
    def phase(self) -> Phase:
        try:
            phase = Phase(self.message.get("phase", Phase.SHOWING.value))
        except ValueError:
            return Phase.SHOWING
        if phase is Phase.SUMMARY and self.asked.summary_read == self.deals_played:
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
        if self.awaiting_host or self.message.get("to_move") == self.seat:
            # our move sent; or ours to make, but the host holds the table (its player paused,
            # a move shown there): nobody is thinking
            return Phase.SHOWING
        # another player's move is awaited (a bot, a friend, a hand-off at the host's screen):
        # to this window, someone else is thinking
        return Phase.BOT

    @property
    def events(self) -> Feed:
        return self.stream.events

    @property
    def notices(self) -> Feed:
        return self.stream.notices

    def view(self) -> TableView:
        message, shown = self.message, self.stream.shown
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
        return tuple(self.stream.shown.position or (0, 0))

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def deal_over(self) -> bool:
        return bool(self.message.get("deal_over"))

    @property
    def deals_played(self) -> int:
        return self.stream.deals_played

    @property
    def deals_in_match(self) -> int | None:
        return self.stream.deals_in_match

    @property
    def open_ended(self) -> bool:
        """A session of games (Tiến Lên) rather than a match."""
        return self.stream.open_ended

    def review_record(self) -> dict:
        """What the host told of the game: its moves, then its whole record once over."""
        return self.stream.review_record()

    def opening_to_show(self) -> tuple[Any, dict] | None:
        return None                       # the seed is the host's

    def preview(self, action: Any) -> list:
        shown = self.stream.shown
        return self.judge.preview(shown.observation, self.position(), shown.legal, action)

    def refusal(self, action: Any) -> IllegalAction | None:
        return refusal_of(lambda: self.preview(action))

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
        self.asked.move_at = self.stream.shown.position
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
            self.asked.summary_read = self.deals_played
            return
        if self.ended is not None:        # the table ended under the player: they leave it
            self._leave()
            return
        if self.stream.shown.view and Phase(self.message.get("phase")) is Phase.SUMMARY:
            self.asked.summary_read = self.deals_played
            self.link.send("ready")
            # the table stands still until every screen has read it: say why
            self.stream.notices.extend([Notice("others_reading", self.seat, "", {})])

    def keep_summary(self) -> None:
        """The host keeps its summary until every joiner is ready (or its own time)."""

    # --- the clock -------------------------------------------------------------------------------------

    def update(self, now: float) -> None:
        self.stream.update(now)

    def pause(self, now: float) -> None:
        """Only this window pauses: the host's clock goes on (the pause menu says so)."""
        self._paused = True

    def resume(self, now: float) -> None:
        self._paused = False

    def hold(self, now: float) -> None:
        self.stream.held = True           # moves wait (an animation runs)

    def release(self, now: float) -> None:
        self.stream.held = False

    def time_left(self, now: float) -> float | None:
        left = self.message.get("time_left")
        if not self.acting or not isinstance(left, (int, float)):
            return None
        settings = self.settings
        # D19: a tambah makes the whole move tambah_seconds long, counted from its start
        extra = (settings.tambah_seconds - settings.turn_seconds
                 if self.asked.tambah_at is not None else 0.0)
        return max(0.0, float(left) + extra - (now - self.view_at))

    def time_share(self, now: float) -> float | None:
        left, settings = self.time_left(now), self.settings
        whole = settings.tambah_seconds if self.asked.tambah_at is not None \
            else settings.turn_seconds
        if left is None or not whole:
            return None
        return max(0.0, min(1.0, left / whole))

    def can_tambah(self) -> bool:
        return self.acting and bool(self.message.get("can_tambah")) \
            and self.asked.tambah_at is None

    def tambah(self, now: float) -> bool:
        if not self.can_tambah():
            return False
        self.asked.tambah_at = self.stream.shown.position
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

