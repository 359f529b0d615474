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
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from pathlib import Path
from typing import Any, Callable

from ai.bots import make_bot
from game.controller.door import Notice, Phase
from game.controller.factory import open_controller
from game.controller.seat_change import remote_to_ai
from game.controller.seats import AI, REMOTE, SeatConfig
from game.controller.settings import ControllerSettings
from game.core.errors import IllegalAction
from game.core.table import Table
from game.save_format import with_seats

from .chairs import BOT, REMOTE, RETURN_GRACE_S, WAIT, Chairs
from .records import write_record
from .codec import Codec
from .protocol import Refused, frame
from .seat_view import acting_seat, public_events, public_notice, seat_view

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


#: what a save's table block says of its hosting (its join code and port: window_host.py)
HOSTING_KEY = "hosting"


def without_hosting(record: dict) -> dict:
    """A record to give away: its table block without the hosting (the join code stays on the
    host)."""
    table = {key: value for key, value in record.get("table", {}).items() if key != HOSTING_KEY}
    return {**record, "table": table}

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
        self.records = records
        self.runner = runner
        self.history = history
        self.on_game_over = on_game_over or (lambda line: None)
        self.number = 0                  # the game in play at this table (from 1)
        self.ctl: Any = None
        self.chairs_now: list[dict] = []   # a window's table: its chairs as last seen
        self.done = False                # every game played
        self.events_seen = self.notices_seen = self.moves_seen = 0
        self.shown: dict[int, tuple] = {}      # seat -> the key of the last view it was sent
        self.ready: set[int] = set()
        self.summary_since: float | None = None
        self.summary_of: int | None = None     # a window's table: the deal its summary is of
        self.ticked_at = 0.0
        self.fallback: dict[int, Any] = {}     # seat -> (position, Future) of a fallback bot
        self.fallback_bots = {seat: make_bot(spec.game, chair.level, f"{spec.seed}/fb/{seat}")
                              for seat, chair in enumerate(spec.chairs)
                              if chair.kind == REMOTE and chair.level != WAIT}
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
                self._notify("returned", seat)
            if self.window:               # whose reading a summary waits for
                self.ctl.remote_seats.seat_present(seat, True, now)
        return seat

    @_locked
    def left(self, seat: int, link: Any, now: float) -> None:
        if self.chairs.drop(seat, link, now) and self.ctl is not None and not self.done:
            self._notify("dropped", seat, self.chairs.away_now(seat, now))
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
                    self.shown.pop(seat, None)    # its view again, as the table is now
                    raise Refused("not_your_turn")
                ctl.remote_seats.action(seat, action, now)
        except IllegalAction as refused:
            raise Refused(refused.code, **refused.params) from None
        self.fallback.pop(seat, None)

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
            self._publish(now)
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
            return self._fallback(now) if ctl.phase is Phase.HUMAN else None
        if ctl.phase is Phase.SUMMARY:
            return self._summary(now)
        if ctl.phase is Phase.HUMAN:
            self._fallback(now)
        ctl.update(now)

    def _cut(self) -> bool:
        return self.spec.deals is not None and self.ctl.deals_played >= self.spec.deals

    def _summary(self, now: float) -> None:
        """The next deal starts once every connected joiner read the summary, or after the
        table's auto_summary_s."""
        if self.summary_since is None:
            self.summary_since, self.ready = now, set()
            self._publish(now)            # every seat sees the deal's end and its hands (D4)
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

    def _fallback(self, now: float) -> None:
        """A dropped joiner's turn, once they have been away the grace time: its chair's
        fallback bot moves (on the bot runner)."""
        seat = acting_seat(self.ctl)
        if seat is None or seat not in self.fallback_bots or \
                not self.chairs.fallback_may_play(seat, now):
            return
        position = self.ctl.position()
        asked = self.fallback.get(seat)
        if asked is None or asked[0] != position:
            state = self.ctl.state
            self.fallback[seat] = (position, self.runner.submit(
                self.fallback_bots[seat], state.observation(seat), state.legal_actions(),
                self.spec.settings.bot_budget_s))
        elif asked[1].done():
            del self.fallback[seat]
            try:
                action = asked[1].result()
            except Exception:             # noqa: BLE001 - a bot's fault: the first legal move
                action = self.ctl.state.legal_actions()[0]
            try:
                self.ctl.remote_seats.action(seat, action, now)
            except IllegalAction:
                pass                      # asked again next tick

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
        self.events_seen, self.notices_seen = ctl.events.end, ctl.notices.end
        self.moves_seen = len(ctl.table.record["actions"])
        self.shown, self.fallback, self.summary_since, self.summary_of = {}, {}, None, None
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
        self.fallback.pop(seat, None)
        self.fallback_bots.pop(seat, None)
        remote_to_ai(self.ctl, seat, level, now)
        self.chairs_now = self.chairs.describe(now)
        self._notify("given_to_ai", seat)
        return True

    def _start_game(self, now: float) -> None:
        self.number += 1
        spec = self.spec
        # a joiner's profile id names them at this table only: it is never one of the host's
        # history profiles (a joiner could claim any id)
        seats = [SeatConfig(chair.name, AI, chair.level) if chair.kind == BOT
                 else SeatConfig(chair.name, REMOTE, chair.level) for chair in self.chairs]
        table = Table.open(spec.game, [seat.name for seat in seats], spec.options,
                           seed=spec.seed + self.number - 1)
        self.records.mkdir(parents=True, exist_ok=True)
        self.record_path = self.records / f"{spec.id}-{self.number}-{table.seed}.json"
        # a match cut short is no finished game; a Tiến Lên-like session of N games is
        history = self.history if spec.deals is None or table.definition.open_ended else None
        # the record is written by the host's writer thread, not inside the loop (records.py)
        self.ctl = open_controller(table, seats, dataclasses.replace(spec.settings),
                                   save_path=None, bot_runner=self.runner, now=now,
                                   history=history)
        self.saved_at = None
        self.events_seen = self.notices_seen = self.moves_seen = 0
        self.shown, self.fallback, self.summary_since = {}, {}, None
        for seat, link in self.chairs.links():
            self._welcome(seat, link, False, now)

    def _welcome(self, seat: int, link: Any, returning: bool, now: float) -> None:
        ctl = self.ctl
        link.send(frame(
            "welcome", table=self.spec.id, seat=seat, game=self.spec.game, names=ctl.names,
            options=ctl.options, chairs=[chair.describe() for chair in self.chairs],
            settings={"turn_seconds": ctl.settings.turn_seconds,
                      "tambah_seconds": ctl.settings.tambah_seconds},
            deals_in_match=ctl.deals_in_match, number=self.number, returned=returning,
            moves=ctl.table.record["actions"][ctl.table.deal_began_at:],
            # who is away now, and (back in one's chair) the moves made for one meanwhile
            away=[{"player": other, **told} for other, told in self.away(now).items()
                  if other != seat],
            away_moves=self.chairs[seat].moves_away if returning else 0))
        self._send_view(seat, link, now)

    def _end_game(self, now: float) -> None:
        ctl, state = self.ctl, self.ctl.state
        self._publish(now)
        table = ctl.table
        definition = table.definition
        if not self.window:               # (a window finishes and saves its own table)
            if ctl.phase is Phase.OVER or definition.open_ended:
                ctl.finish()              # to the history, when the host keeps one
            save = self.writer.write_now if self.writer is not None else write_record
            save(self.record_path, table, ctl.seats, ctl.settings.to_json())
        finished = state.is_terminal() or (definition.open_ended and state.needs_deal())
        line = {"table": self.spec.id, "game": self.spec.game, "number": self.number,
                "seats": [chair.describe() for chair in self.chairs],
                "result": {"totals": list(state.returns()),
                           "winners": list(definition.winners(state)),
                           "deals": ctl.deals_played, "finished": finished},
                "record": str(self.record_path)}
        # the game is over: every hand was shown at its deal's end, so the record is public
        # (each joiner's own history keeps it); the join code stays on the host
        public = {**line, "record": self.record_path.name,
                  "game_record": without_hosting(with_seats(table.record, ctl.seats))}
        if not self.window:
            ctl.close()
        self.ctl = None
        self.on_game_over(line)
        for _, link in self.chairs.links():
            link.send(frame("game_over", **public))
        if self.number < self.spec.games and not self.window:
            self._start_game(now)
        else:
            self.done = True
            for _, link in self.chairs.links():
                link.send(frame("end", reason="games_done"))

    # --- frames ------------------------------------------------------------------------------------

    def _publish(self, now: float) -> None:
        ctl = self.ctl
        events = ctl.events.since(self.events_seen)
        self.events_seen = ctl.events.end
        notices = [n for n in map(public_notice, ctl.notices.since(self.notices_seen)) if n]
        self.notices_seen = ctl.notices.end
        # the moves themselves (scenario notation, with the player): every move of the three
        # games is made in the open, and a joiner's move log is told from them
        moves = ctl.table.record["actions"][self.moves_seen:]
        self.moves_seen += len(moves)
        self.chairs.count_moves_away(moves)
        links = self.chairs.links()
        if events or moves:
            text = frame("events", position=list(ctl.position()), moves=moves,
                         events=public_events(self.codec, events))
            for _, link in links:
                link.send(text)
        for notice in notices:
            for _, link in links:
                link.send(frame("notice", **notice))
        for seat, link in links:
            self._send_view(seat, link, now, only_if_changed=True)

    def _send_view(self, seat: int, link: Any, now: float, only_if_changed: bool = False) -> None:
        ctl = self.ctl
        key = (ctl.position(), ctl.phase, acting_seat(ctl), ctl.deal_over)
        if only_if_changed and self.shown.get(seat) == key:
            return
        self.shown[seat] = key
        link.send(frame("view", **seat_view(ctl, self.codec, seat, now)))

    def _notify(self, kind: str, seat: int, data: dict | None = None) -> None:
        """A joiner dropped or came back: every other seat hears it, and the table's own
        notices say it (a window hosting the table shows them; they never leave the host)."""
        text = frame("notice", kind=kind, player=seat, data=data or {})
        for other, link in self.chairs.links():
            if other != seat:
                link.send(text)
        self.ctl.notices.extend([Notice(kind, seat, "", dict(data or {}))])

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
            for _, link in self.chairs.links():
                link.send(frame("end", reason=reason))
        self.close()

    def close(self) -> None:
        """(The window's controller is the window's to close.)"""
        if self.ctl is not None and not self.window:
            self.ctl.close()
        self.ctl = None
