"""The Review's still table: one replayed position behind the table door (door.py), so that
the Review screen draws it with the game's own table scene. No clock runs, nothing moves and
no input is taken: every question is answered for the position shown (`show` moves it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import IllegalAction

from .door import Phase, TableView
from .feed import Feed
from .review import Position, ReviewedRecord
from .seats import SeatConfig
from .settings import ControllerSettings


def _still() -> IllegalAction:
    return IllegalAction("a reviewed position takes no moves", code="not_your_turn")


class StillTable:
    paused = False
    deal_over = False
    deals_played = 0
    coach_allowed = False
    save_path: Path | None = None          # nothing here is saved

    def __init__(self, reviewed: ReviewedRecord, position: Position):
        self.reviewed = reviewed
        self.game: str = reviewed.game
        self.names: list[str] = reviewed.names
        self.seats: list[SeatConfig] = reviewed.seats
        self.options: dict = reviewed.options
        self.deals_in_match: int | None = reviewed.deals_in_match
        self.settings = ControllerSettings(assists=False)
        self.notices = Feed()
        self.events = Feed()
        self.shown = position

    def show(self, position: Position) -> None:
        self.shown = position

    # --- what the window draws from ------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    @property
    def phase(self) -> Phase:
        return self.shown.view.phase

    def view(self) -> TableView:
        return self.shown.view

    def position(self) -> tuple:
        return (self.shown.index,)

    def review_record(self) -> dict:
        return self.reviewed.record

    def opening_to_show(self) -> tuple[Any, dict] | None:
        return None

    def preview(self, action: Any) -> list:
        raise _still()

    def refusal(self, action: Any) -> IllegalAction | None:
        return _still()

    # --- input, the clock and the assists: none ----------------------------------------------

    def human_action(self, action: Any, now: float) -> list:
        raise _still()

    def out_of_turn_action(self, action: Any, now: float) -> list:
        raise _still()

    def confirm_handoff(self, now: float) -> None:
        pass

    def acknowledge_summary(self, now: float) -> None:
        pass

    def keep_summary(self) -> None:
        pass

    def update(self, now: float) -> None:
        pass

    def pause(self, now: float) -> None:
        pass

    def resume(self, now: float) -> None:
        pass

    def hold(self, now: float) -> None:
        pass

    def release(self, now: float) -> None:
        pass

    def time_left(self, now: float) -> float | None:
        return None

    def time_share(self, now: float) -> float | None:
        return None

    def can_tambah(self) -> bool:
        return False

    def tambah(self, now: float) -> bool:
        return False

    def follow_pace(self, pace: Any) -> None:
        """No pauses to follow: nothing moves on."""

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

    def finish(self) -> None:
        pass

    def forget_save(self) -> None:
        pass

    def close(self) -> None:
        pass
