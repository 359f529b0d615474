"""One hosted table: its chairs, the live TableController that plays it (with the engine, the
clock, the bots and the save on the host), and the frames each joiner gets for its seat.

The controller sees a remote chair as a REMOTE seat (a human at another screen) whose input
comes from the wire (`remote_seats`); the hand-off (D18) is for humans sharing the host's screen
alone. A dropped joiner's turns are played by the chair's fallback bot once they have been away
the grace time, or wait (chairs.py).
`tick(now)` moves the table on; nothing here waits.

A window hosting its own table (window_host.py) hands its controller in (`attach`): the
window's frame loop moves it on, and this table only carries its remote seats' moves (and
their fallback) and sends the frames. The controller is then shared by two threads: every
method here that touches it holds the window's lock (`window_lock`), as the window's frame does.

Its parts: the chairs (chairs.py), the frames each seat is sent (table_frames.py), the bots
standing in for dropped joiners (fallbacks.py), each game's opening and end (hosted_game.py).
The parts never lock: the table calls them under its lock.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from pathlib import Path
from typing import Any, Callable

from game.controller.door import Phase
from game.controller.seat_change import remote_to_ai
from game.controller.settings import ControllerSettings
from game.core.errors import IllegalAction

from .chairs import BOT, RETURN_GRACE_S, Chairs
from .codec import Codec
from .fallbacks import Fallbacks
from .hosted_game import game_over, open_game
from .protocol import Refused, frame
from .records import write_record
from .seat_view import acting_seat
from .table_frames import TableFrames

#: steps of the controller in one tick at most (a move, its showing, the next turn ...)
MAX_STEPS = 64
#: a window's table: how long its deal summary waits at most for the joiners to read it (from
#: the deal's end; the table's own summary time when longer): the window's summary time is an
#: all-AI table's few seconds, too short for a person, and a joiner never holds the table for ever
JOINERS_READ_S = 20.0


@dataclasses.dataclass
class TableSpec:
    """What a hosted table plays: the game, its chairs and how many games of how many deals."""
    id: str
    game: str
    chairs: list                        # chairs.Chair, one per seat
    options: dict = dataclasses.field(default_factory=dict)
    seed: int = 0
    games: int = 1
    deals: int | None = None            # end each game after this many deals (None: the rules)
    hold_s: float = 120.0
    settings: ControllerSettings = dataclasses.field(default_factory=lambda: ControllerSettings(
        bot_move_pause_s=0, human_move_pause_s=0, auto_summary_s=0, assists=False))
    grace_s: float = RETURN_GRACE_S     # a dropped seat's fallback waits this long first


def _locked(method):
    """The method holds the table's lock (the window's, when the controller is the window's)."""
    @functools.wraps(method)
    def locked(self, *args, **kwargs):
        with self.lock:
            return method(self, *args, **kwargs)
    return locked


class HostedTable:
    def __init__(self, spec: TableSpec, records: Path, runner: Any, history: Any = None,
                 on_game_over: Callable[[dict], None] | None = None, writer: Any = None,
                 window_lock: Any = None):
        """`writer` (records.RecordWriter) writes the table's record as it goes; None: only
        at each game's end. `window_lock`: the table is a window's own (it waits for
        `attach`); the lock its frame loop holds."""
        self.spec = spec
        self.window = window_lock is not None
        self.lock = window_lock if self.window else contextlib.nullcontext()
        self.writer = writer
        self.saved_at: tuple | None = None
        self.codec = Codec(spec.game)
        self.chairs = Chairs(spec.chairs, spec.hold_s, spec.grace_s)
        self.frames = TableFrames(spec.id, spec.game, self.codec, self.chairs)
        self.records = records
        self.runner = runner
        self.history = history
        self.on_game_over = on_game_over or (lambda line: None)
        self.number = 0                  # the game in play at this table (from 1)
        self.ctl: Any = None
        self.chairs_now: list[dict] = []   # a window's table: its chairs as last seen
        self.done = False                # every game played
        self.ready: set[int] = set()
        self.summary_since: float | None = None
        self.summary_of: int | None = None     # a window's table: the deal its summary is of
        self.ticked_at = 0.0
        self.fallbacks = Fallbacks(spec.game, spec.seed, self.chairs, runner, spec.settings)
        for seat, chair in enumerate(spec.chairs):
            if chair.kind == BOT and chair.name is None:
                chair.name = f"{chair.level.capitalize()} {seat + 1}"

    # --- joiners -------------------------------------------------------------------------------

    @_locked
    def join(self, name: str, profile: str | None, link: Any, now: float) -> int:
        """Seat a joiner (Refused when no chair is theirs); they get their frames at once."""
        if self.done:
            raise Refused("table_full")
        seat, returning = self.chairs.choose(name, profile, now)
        replaced = self.chairs.sit(seat, name, profile, link, returning)
        if replaced is not None and replaced is not link:
            replaced.send(frame("end", reason="replaced"))
            replaced.close_soon()
        if self.ctl is None:
            link.send(frame("seated", table=self.spec.id, seat=seat, game=self.spec.game,
                            starts="host" if self.window else "full"))
        else:
            self._welcome(seat, link, returning, now)
            if returning:
                self.frames.notify(self.ctl, "returned", seat)
            if self.window:               # whose reading a summary waits for
                self.ctl.remote_seats.seat_present(seat, True, now)
        return seat

    @_locked
    def left(self, seat: int, link: Any, now: float) -> None:
        if self.chairs.drop(seat, link, now) and self.ctl is not None and not self.done:
            self.frames.notify(self.ctl, "dropped", seat, self.chairs.away_now(seat, now))
            if self.window:               # a summary waits for no one who left
                self.ctl.remote_seats.seat_present(seat, False, now)

    @_locked
    def act(self, seat: int, raw: Any, at: tuple | None, now: float) -> None:
        """A joiner's action: checked like any other (Refused carries the rules' code)."""
        ctl = self.ctl
        if ctl is None or self.done or ctl.state.is_terminal():
            raise Refused("not_your_turn")
        if at is not None and tuple(at) != ctl.position():
            raise Refused("stale", position=list(ctl.position()))
        action = self.codec.action_in(raw)
        out_of_turn = getattr(action, "player", None)
        try:
            if out_of_turn is not None:       # allowed at any moment (Tiến Lên's leave, T16)
                if out_of_turn != seat or ctl.deal_over:
                    raise Refused("not_your_turn")
                ctl.out_of_turn_action(action, now)
            else:
                if acting_seat(ctl) != seat:
                    self.frames.view_again(seat)  # its view again, as the table is now
                    raise Refused("not_your_turn")
                ctl.remote_seats.action(seat, action, now)
        except IllegalAction as refused:
            raise Refused(refused.code, **refused.params) from None
        self.fallbacks.forget(seat)

    @_locked
    def tambah(self, seat: int, now: float) -> None:
        if self.ctl is None or acting_seat(self.ctl) != seat or \
                not self.ctl.remote_seats.tambah(seat, now):
            raise Refused("not_your_turn")

    @_locked
    def mark_ready(self, seat: int, now: float) -> None:
        """The joiner has read the deal's summary."""
        self.ready.add(seat)
        if self.window and self.ctl is not None and not self.done:
            self.ctl.remote_seats.has_read(seat, now)

    # --- the table moving on -----------------------------------------------------------------

    @_locked
    def due(self, now: float, idle_s: float) -> bool:
        """Should the table be moved on now: something runs there (a bot, a move in view, a
        summary, a dropped seat's fallback, a game to start), or it waited `idle_s`."""
        if self.done:
            return False
        if self.window:
            return True                   # its chairs are shown, its frames follow the window
        ctl = self.ctl
        if ctl is None:
            return self.chairs.all_taken()
        if ctl.phase is not Phase.HUMAN:
            return True
        acting = acting_seat(ctl)
        if acting is not None and self.chairs.fallback_may_play(acting, now):
            return True
        return now - self.ticked_at >= idle_s

    @_locked
    def tick(self, now: float) -> None:
        self.ticked_at = now
        if self.window:                   # what the window's waiting panel shows
            self.chairs_now = self.chairs.describe(now)
        if self.ctl is None and not self.done and not self.window and self.chairs.all_taken():
            self._start_game(now)         # every chair taken (or a table of bots alone)
        if self.ctl is None or self.done:
            return
        for _ in range(MAX_STEPS):
            before = (self.ctl.position(), self.ctl.phase)
            self._step(now)
            if self.ctl is None or self.done or (self.ctl.position(), self.ctl.phase) == before:
                break
        if self.ctl is not None and not self.done:
            self.frames.publish(self.ctl, now)
            if self.writer is not None and not self.window and \
                    self.ctl.position() != self.saved_at:
                self.saved_at = self.ctl.position()
                self.writer.put(self.record_path, self.ctl.table, self.ctl.seats,
                                self.ctl.settings.to_json())

    def _step(self, now: float) -> None:
        ctl = self.ctl
        if ctl.phase is Phase.OVER or (ctl.phase is Phase.SUMMARY and self._cut()) or (
                self.window and self.saved and ctl.save_path is None):
            return self._end_game(now)
        if self.window:                   # the window's frame loop moves its table on
            if ctl.phase is Phase.SUMMARY:
                return self._window_summary(now)
            return self.fallbacks.play(ctl, now) if ctl.phase is Phase.HUMAN else None
        if ctl.phase is Phase.SUMMARY:
            return self._summary(now)
        if ctl.phase is Phase.HUMAN:
            self.fallbacks.play(ctl, now)
        ctl.update(now)

    def _cut(self) -> bool:
        return self.spec.deals is not None and self.ctl.deals_played >= self.spec.deals

    def _summary(self, now: float) -> None:
        """The next deal starts once every connected joiner read the summary, or after the
        table's auto_summary_s."""
        if self.summary_since is None:
            self.summary_since, self.ready = now, set()
            self.frames.publish(self.ctl, now)    # every seat sees the deal's end, its hands (D4)
        waiting = {seat for seat, _ in self.chairs.links()} - self.ready
        if not waiting or now - self.summary_since >= self.spec.settings.auto_summary_s:
            self.summary_since = None
            self.ctl.acknowledge_summary(now)

    def _window_summary(self, now: float) -> None:
        """A window's table: its player's click deals the next deal once every connected
        joiner has read the summary (`ready`), or JOINERS_READ_S after the deal's end
        (remote_seats.py keeps who reads; the window's summary says whom it waits for)."""
        readers = self.ctl.remote_seats
        if self.summary_of != self.ctl.deals_played:
            self.summary_of, self.summary_since = self.ctl.deals_played, now
        elif readers.still_reading() and now - self.summary_since >= max(
                JOINERS_READ_S, self.ctl.settings.auto_summary_s):
            readers.stop_waiting(now)

    # --- games -----------------------------------------------------------------------------------

    @_locked
    def attach(self, ctl: Any, now: float) -> None:
        """The window's table starts: its controller is this table's; every joiner seated is
        welcomed (what happened before, they get in the welcome and the view)."""
        self.number, self.ctl = 1, ctl
        self.record_path = Path(ctl.save_path) if ctl.save_path is not None else Path("-")
        # the window's table is over once it is no longer saved: its final dialog forgets its
        # save (a match played out, a Tiến Lên session its player ended between games)
        self.saved = ctl.save_path is not None
        self.frames.follow(ctl, from_now=True)
        self.fallbacks.new_game()
        self.summary_since, self.summary_of = None, None
        for seat, link in self.chairs.links():
            self._welcome(seat, link, False, now)
            ctl.remote_seats.seat_present(seat, True, now)

    @_locked
    def fill_with_bot(self, seat: int, name: str, level: str, now: float = 0.0) -> bool:
        """The window's host fills a remote chair with AI: before the table starts, one nobody
        took (`name` is the AI's); once it plays, one whose joiner is away (held, or its hold
        over): the controller's seat is an AI's from now on, to the game's end, under the
        seat's own name (seat_change.py). False when the chair is not one of those (its
        joiner came back)."""
        if self.done:
            return False
        if self.ctl is None:
            return self.chairs.fill_with_bot(seat, name, level)
        if not self.ctl.seats[seat].is_remote or \
                not self.chairs.give_to_bot(seat, self.ctl.seats[seat].name, level):
            return False
        self.fallbacks.retire(seat)
        remote_to_ai(self.ctl, seat, level, now)
        self.chairs_now = self.chairs.describe(now)
        self.frames.notify(self.ctl, "given_to_ai", seat)
        return True

    def _start_game(self, now: float) -> None:
        self.number += 1
        self.ctl, self.record_path = open_game(self.spec, self.chairs, self.number, self.records,
                                               self.runner, self.history, now)
        self.saved_at = None
        self.frames.follow(self.ctl)
        self.fallbacks.new_game()
        self.summary_since = None
        for seat, link in self.chairs.links():
            self._welcome(seat, link, False, now)

    def _welcome(self, seat: int, link: Any, returning: bool, now: float) -> None:
        self.frames.welcome(self.ctl, self.number, seat, link, returning, self.away(now), now)

    def _end_game(self, now: float) -> None:
        ctl = self.ctl
        self.frames.publish(ctl, now)
        if not self.window:               # (a window finishes and saves its own table)
            if ctl.phase is Phase.OVER or ctl.table.definition.open_ended:
                ctl.finish()              # to the history, when the host keeps one
            save = self.writer.write_now if self.writer is not None else write_record
            save(self.record_path, ctl.table, ctl.seats, ctl.settings.to_json())
        line, public = game_over(self.spec, self.number, self.chairs, ctl, self.record_path)
        if not self.window:
            ctl.close()
        self.ctl = None
        self.on_game_over(line)
        self.frames.to_every_seat(frame("game_over", **public))
        if self.number < self.spec.games and not self.window:
            self._start_game(now)
        else:
            self.done = True
            self.frames.to_every_seat(frame("end", reason="games_done"))

    # --- what the table tells ----------------------------------------------------------------

    @_locked
    def away(self, now: float) -> dict[int, dict]:
        """The seats whose joiner is away now: seat -> what a `dropped` notice tells of it."""
        return {seat: self.chairs.away_now(seat, now) for seat in range(len(self.spec.chairs))
                if self.chairs.away(seat)}

    @_locked
    def describe(self, now: float) -> dict:
        return {"id": self.spec.id, "game": self.spec.game, "number": self.number,
                "chairs": self.chairs.describe(now), "done": self.done}

    def stop(self, reason: str) -> None:
        """The table ends before its games are played (protocol.END_REASONS: the host stops,
        or a fault of the program at this table alone): its joiners are told."""
        if not self.done:
            self.done = True
            self.frames.to_every_seat(frame("end", reason=reason))
        self.close()

    def close(self) -> None:
        """(The window's controller is the window's to close.)"""
        if self.ctl is not None and not self.window:
            self.ctl.close()
        self.ctl = None
