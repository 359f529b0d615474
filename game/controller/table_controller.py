"""The live table behind the door (door.py): TableController answers what the window may ask of
a table in play and hands each command to the phase machine (phase_machine.py), which moves the
table on. Both are built from the table's parts, each with one job (docs/architecture.md, "The
table layer"). Time comes in as an argument (`now`): tests drive it with a fake clock."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ai.evaluate import has_coach
from game.core.errors import IllegalAction, refusal_of
from game.core.table import Table
from game.save_format import with_seats

from .assists import Assists
from .bot_desk import BotDesk, InlineBotRunner, ThreadBotRunner  # noqa: F401 (the runners)
from .clock import TableClock
from .door import Phase, TableView
from .feed import Feed
from .hand_privacy import HandPrivacy
from .phase_machine import PhaseMachine, TableParts
from .recorder import Recorder
from .remote_seats import RemoteSeats
from .seats import SeatConfig
from .settings import ControllerSettings


class TableController:
    def __init__(self, table: Table, seats: list[SeatConfig],
                 settings: ControllerSettings | None = None, save_path: Path | None = None,
                 bot_runner=None, now: float = 0.0, history=None, clock: dict | None = None):
        """`history` records the game once finished; `clock`: a reopened save's (timers.py)."""
        self.seats = seats
        self.settings = settings = settings or ControllerSettings()
        game = table.definition.name
        # who may see which hand, the hand-off (D18), the view
        self.privacy = HandPrivacy(self.humans, [i for i, s in enumerate(seats) if s.is_remote])
        # the move timer and tambah (D19), pause and hold, the time given back
        self.clock = TableClock(settings.turn_seconds, settings.tambah_seconds, now, clock)
        # the bots, their runner, the answer awaited, the pause after it
        self.desk = BotDesk(game, seats, table.seed, settings, bot_runner)
        self.assists = Assists(settings, self.humans, has_coach(game))   # the coach, Undo
        self.recorder = Recorder(save_path, history, settings)  # the autosave, the history
        self._view: tuple | None = None   # (key, TableView): the view until something changes
        self.machine = PhaseMachine(table, seats, settings, TableParts(
            self.privacy, self.clock, self.desk, self.assists, self.recorder), now)
        self.remote_seats = RemoteSeats(self.machine, self.privacy.remote)   # (game/net)

    # --- the table's public facts (door.py says what each one is) ------------------------------

    @property
    def table(self) -> Table:
        """The table in play: for tests, `sim` and saving. The window reads `view()`."""
        return self.machine.table

    @property
    def state(self):
        return self.machine.table.state

    @property
    def game(self) -> str:
        return self.table.definition.name

    @property
    def options(self) -> dict:
        return self.table.options

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    @property
    def bots(self) -> dict:
        return self.desk.bots

    @property
    def deals_in_match(self) -> int | None:
        return self.table.definition.deals_in_match(self.options)

    @property
    def deals_played(self) -> int:
        return len(self.table.record["deals"])

    def position(self) -> tuple:
        """(deals dealt, actions applied)."""
        return len(self.table.record["deals"]), len(self.table.record["actions"])

    def to_move(self) -> int | None:
        return self.state.current_player()

    def review_record(self) -> dict:
        """A copy of the record with the seats, as a save holds it: the table plays on."""
        return with_seats(self.table.record, self.seats)

    def opening_to_show(self) -> tuple[Any, dict] | None:
        return self.table.opening()

    def preview(self, action: Any) -> list:
        return self.state.clone().apply(action)

    def refusal(self, action: Any) -> IllegalAction | None:
        return refusal_of(lambda: self.preview(action))

    # --- where the table is, and what the seat on screen sees ------------------------------

    @property
    def phase(self) -> Phase:
        return self.machine.phase

    @property
    def events(self) -> Feed:
        return self.machine.events

    @property
    def notices(self) -> Feed:
        return self.machine.notices

    @property
    def deal_over(self) -> bool:
        return self.machine.deal_over

    def hand_visible_to(self) -> int | None:
        return self.privacy.visible_to(self.phase, self.clock.paused)

    def human_to_act(self) -> int | None:
        """The human at this screen whose move is awaited (remote_seats: the others')."""
        return self.privacy.at_screen(self.machine.human_to_act())

    def view(self) -> TableView:
        """Made again only when something changed."""
        acting = self.human_to_act()
        key = (*self.position(), self.phase, self.privacy.viewer, self.hand_visible_to(), acting)
        if self._view is None or self._view[0] != key:
            view = self.privacy.view(self.state, self.phase, self.clock.paused, acting)
            self._view = (key, view)
        return self._view[1]

    # --- the input ----------------------------------------------------------------------------

    def human_action(self, action: Any, now: float) -> list:
        """IllegalAction (with its reason) changes nothing; a remote seat's turn refuses."""
        self.remote_seats.refuse_awaited()
        return self.machine.human_action(action, now)

    def out_of_turn_action(self, action: Any, now: float) -> list:
        return self.machine.out_of_turn_action(action, now)

    def confirm_handoff(self, now: float) -> None:
        self.machine.confirm_handoff(now)

    def acknowledge_summary(self, now: float) -> None:
        self.remote_seats.read_summary(now)     # the next deal, once other screens read it too

    def keep_summary(self) -> None:
        self.machine.keep_summary()

    # --- the clock ------------------------------------------------------------------------------

    def update(self, now: float) -> None:
        self.machine.update(now)

    @property
    def paused(self) -> bool:
        return self.clock.paused

    def pause(self, now: float) -> None:
        self.machine.pause(self.time_left(now), now)

    def resume(self, now: float) -> None:
        self.machine.resume(now)

    def hold(self, now: float) -> None:
        self.machine.hold(now)

    def release(self, now: float) -> None:
        self.machine.release(now)

    def time_left(self, now: float) -> float | None:
        return self.clock.time_left(now) if self.phase is Phase.HUMAN else None

    def time_share(self, now: float) -> float | None:
        return self.clock.time_share(now) if self.phase is Phase.HUMAN else None

    def can_tambah(self) -> bool:
        player = self.human_to_act()
        return player is not None and self.clock.can_tambah(player)

    def tambah(self, now: float) -> bool:
        return self.human_to_act() is not None and self.machine.tambah(now)

    def follow_pace(self, pace) -> None:
        """The pauses after a move and before an all-AI table's next deal (pace.py)."""
        self.desk.follow_pace(pace)

    # --- the assists ------------------------------------------------------------------------------

    @property
    def coach_allowed(self) -> bool:
        return self.assists.coach_allowed(self.human_to_act())

    def ask_coach(self) -> bool:
        asked = self.assists.ask_coach(self.desk, self.table, self.names, self.position(),
                                       self.human_to_act())
        if asked:
            self.machine.save()           # the coach's mark is kept even if nothing else is
        return asked

    def coach_advice(self) -> Any:
        return self.assists.advice(self.position(), self.human_to_act())

    def coach_thinking(self) -> bool:
        return self.assists.thinking(self.position(), self.human_to_act())

    def undo_point(self) -> int | None:
        return self.assists.undo_point(self.table, self.deal_over)

    def can_undo(self) -> bool:
        return not self.paused and self.undo_point() is not None

    def undo(self, now: float) -> bool:
        """Back to before the human's last move; the screen starts afresh."""
        if not self.can_undo():
            return False
        self.machine.take_back(self.undo_point(), now)
        self._view = None
        return True

    # --- the end ------------------------------------------------------------------------------

    @property
    def save_path(self) -> Path | None:
        return self.recorder.save_path

    def finish(self) -> None:
        self.recorder.finish(self.table, self.seats)

    def forget_save(self) -> None:
        self.recorder.forget_save()

    def close(self) -> None:
        self.desk.close()
