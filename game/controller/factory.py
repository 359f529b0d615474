"""Where the window gets its tables: each kind of table behind the door (door.py) is built here,
so the window names only `TableDoor` (tests/test_architecture.py) and never a controller class."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from game.core.table import Table

from .door import LessonDoor, TableDoor
from .lesson import LessonController
from .seats import SeatConfig
from .settings import ControllerSettings
from .table_controller import TableController


def open_controller(table: Table, seats: list[SeatConfig], settings: ControllerSettings,
                    save_path: Path | None = None, bot_runner: Any = None, now: float = 0.0,
                    history: Any = None, clock: dict | None = None) -> TableDoor:
    """A table in play (TableController): saved at `save_path` after each move, recorded to
    `history` once finished; `clock`: a reopened save's clock (its turn keeps its time)."""
    return TableController(table, seats, settings, save_path=save_path, bot_runner=bot_runner,
                           now=now, history=history, clock=clock)


def open_lesson(lesson: Any, names: list[str], now: float = 0.0) -> LessonDoor:
    """A guided first game (game/lessons: Lesson) at a table, the human's name first."""
    return LessonController(lesson, names, ControllerSettings(), now=now)


def new_seed() -> int:
    """A new table's seed, when the player typed none."""
    return random.SystemRandom().randrange(10**9)
