"""A live table's parts, and the members of the table door (door.py) that they serve by
themselves: the table's public facts, what the seat on screen may see (privacy), the time left
(clock), what the assists offer, the save and the runner. The phase machine that composes the
parts and moves the table on is table_controller.py (TableController, built on this class): it
sets every attribute declared below, and here nothing changes the phase.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import IllegalAction
from game.core.table import Table
from game.save_format import with_seats

from .assists import Assists
from .bot_desk import BotDesk
from .clock import TableClock
from .door import Phase, TableView
from .hand_privacy import HandPrivacy
from .recorder import Recorder
from .seats import SeatConfig


class TableParts:
    table: Table
    seats: list[SeatConfig]
    phase: Phase
    summary_due: bool             # a deal ended: its summary follows the last move
    privacy: HandPrivacy
    clock: TableClock
    desk: BotDesk
    assists: Assists
    recorder: Recorder
    _view: tuple | None           # (key, TableView): the view until something changes

    # --- the table's public facts (door.py says what each one is) ------------------------------

    @property
    def state(self):
        """The engine state: for tests, `sim` and saving. The window reads `view()`."""
        return self.table.state

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
    def deals_in_match(self) -> int | None:
        return self.table.definition.deals_in_match(self.options)

    @property
    def deals_played(self) -> int:
        return len(self.table.record["deals"])

    @property
    def deal_over(self) -> bool:
        return self.summary_due or self.phase in (Phase.SUMMARY, Phase.OVER)

    def position(self) -> tuple:
        """(deals dealt, actions applied)."""
        return len(self.table.record["deals"]), len(self.table.record["actions"])

    def to_move(self) -> int | None:
        return self.state.current_player()

    def review_record(self) -> dict:
        """A copy of the record with the seats, as a save holds it: the table plays on."""
        return with_seats(self.table.record, self.seats)

    def opening_to_show(self) -> tuple[Any, dict] | None:
        """Before anything is played: the seed and the fields the game decided from it before
        the first deal (GameDefinition.opening_fields: Joker's first dealer, J3)."""
        record = self.table.record
        if record["actions"] or len(record["deals"]) > 1:
            return None
        decided = self.table.definition.opening_fields(self.table.seed)
        return self.table.seed, {key: record[key] for key in decided if key in record}

    def preview(self, action: Any) -> list:
        return self.state.clone().apply(action)

    def refusal(self, action: Any) -> IllegalAction | None:
        try:
            self.preview(action)
        except IllegalAction as refused:
            return refused
        return None

    # --- what the seat on screen sees (privacy) -----------------------------------------------

    @property
    def hotseat(self) -> bool:
        return self.privacy.hotseat

    def hand_visible_to(self) -> int | None:
        return self.privacy.visible_to(self.phase, self.clock.paused)

    def bottom_seat(self) -> int:
        return self.privacy.bottom_seat()

    def human_to_act(self) -> int | None:
        return self.to_move() if self.phase is Phase.HUMAN and self.clock.running else None

    def view(self) -> TableView:
        """Made again only when something changed."""
        acting = self.human_to_act()
        key = (*self.position(), self.phase, self.privacy.viewer, self.hand_visible_to(), acting)
        if self._view is None or self._view[0] != key:
            view = self.privacy.view(self.state, self.phase, self.clock.paused, acting)
            self._view = (key, view)
        return self._view[1]

    # --- the clock ------------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self.clock.paused

    def time_left(self, now: float) -> float | None:
        return self.clock.time_left(now) if self.phase is Phase.HUMAN else None

    def time_share(self, now: float) -> float | None:
        return self.clock.time_share(now) if self.phase is Phase.HUMAN else None

    def can_tambah(self) -> bool:
        player = self.human_to_act()
        return player is not None and self.clock.can_tambah(player)

    # --- what the other parts hold -------------------------------------------------------------

    @property
    def bots(self) -> dict:
        return self.desk.bots

    @property
    def coach_allowed(self) -> bool:
        return self.assists.coach_allowed(self.human_to_act())

    def coach_advice(self) -> Any:
        return self.assists.advice(self.position(), self.human_to_act())

    def coach_thinking(self) -> bool:
        return self.assists.thinking(self.position(), self.human_to_act())

    def undo_point(self) -> int | None:
        return self.assists.undo_point(self.table, self.deal_over)

    def can_undo(self) -> bool:
        return not self.paused and self.undo_point() is not None

    @property
    def save_path(self) -> Path | None:
        return self.recorder.save_path

    def forget_save(self) -> None:
        self.recorder.forget_save()

    def finish(self) -> None:
        self.recorder.finish(self.table, self.seats)

    def close(self) -> None:
        self.desk.close()
