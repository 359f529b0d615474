"""The recorder: a table's autosave after every change (autosave.py writes it), and its finish
into the history (game/history), once.

A save that cannot be written (a full or read-only disk) must not end the game: it is
announced once, until a save works again. A finished game goes to the history with its save
(nothing is lost before the history has it); then the save is forgotten.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.scenario import ItemEncoder
from game.core.table import Table
from game.paths import WRITE_ERRORS, write_failure

from .autosave import remove_save, write_save
from .door import Notice
from .seats import SeatConfig
from .settings import ControllerSettings


class Recorder:
    def __init__(self, save_path: Path | None, history: Any, settings: ControllerSettings):
        """`history` (game/history: History) records the game once it is finished; None: the
        table is not recorded (a lesson)."""
        self.save_path = save_path
        self.history = history
        self.settings = settings
        self.recorded = False             # the finished game went to the history
        self.save_failed = False          # announced once until a save works again
        self.encoder = ItemEncoder()      # the table's own: a long session is encoded once

    def save(self, table: Table, seats: list[SeatConfig], clock: dict | None = None
             ) -> Notice | None:
        """Write the table's save (`clock`: the move timer's snapshot, when the table is
        paused: timers.py); a Notice when it failed (the first time only)."""
        if self.save_path is None:
            return None
        try:
            write_save(self.save_path, table, seats, self.settings.to_json(), self.encoder,
                       clock)
        except WRITE_ERRORS as error:
            notice = None if self.save_failed else Notice(
                "save_failed", None, f"The game could not be saved: {error}",
                {"error": str(error), "reason": write_failure(error)})
            self.save_failed = True
            return notice
        self.save_failed = False
        return None

    def forget_save(self) -> None:
        """The table is finished: its own save goes (the other tables' stay), and nothing
        writes it again."""
        if self.save_path is not None:
            remove_save(self.save_path)
            self.save_path = None

    def finish(self, table: Table, seats: list[SeatConfig]) -> None:
        """The game is over (a match played out, or a Tiến Lên session ended between games):
        it goes to the history, once, and the save is forgotten. A session without a finished
        game is not recorded."""
        state = table.state
        if not self.recorded and self.history is not None and table.record["deals"] and (
                state.is_terminal() or state.needs_deal()):
            self.recorded = True
            self.history.record(table.record, seats, self.save_path)
            self.save_path = None
        self.forget_save()
