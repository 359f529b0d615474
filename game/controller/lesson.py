"""A guided first game (game/lessons) at a table: the ordinary table machine, with three
differences kept here, apart from it.

- The deal is the lesson's (its LessonTable deals it) and every move is the script's: the AI
  seats are answered from the script by the lesson's bot runner (the controller asks its runner
  for a bot's move; this runner reads the move off the script instead of asking the bot), and
  the human may make only the move the lesson asks for (another is refused, changing nothing).
- The lesson is one deal: once its summary is acknowledged the table is over.
- A lesson is practice: it is never saved (no autosave over a real table) and never goes to
  the history or the statistics.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from game.core.errors import IllegalAction
from game.lessons import HUMAN_SEAT, Lesson

from .seats import AI, HUMAN, SeatConfig
from .settings import ControllerSettings
from .table_controller import TableController


class ScriptRunner:
    """Answers every AI seat's turn with the script's next move, at once."""

    def __init__(self, controller: "LessonController"):
        self.controller = controller

    def submit(self, bot, observation: Any, legal: list, budget_s: float) -> Future:
        future: Future = Future()
        future.set_result(self.controller.scripted_move())
        return future

    def shutdown(self) -> None:
        pass


class LessonController(TableController):
    def __init__(self, lesson: Lesson, names: list[str],
                 settings: ControllerSettings | None = None, now: float = 0.0):
        """`names` by seat, the human's first (the lesson's human sits in seat HUMAN_SEAT)."""
        self.lesson = lesson
        table = lesson.table(names)
        self.script = lesson.actions(table)
        seats = [SeatConfig(name, HUMAN if seat == HUMAN_SEAT else AI, "easy")
                 for seat, name in enumerate(names)]
        # no timer: a first game is never hurried; no Hint or Undo: the guide says each move,
        # and the script goes one way only
        settings = settings or ControllerSettings()
        settings.turn_seconds = settings.tambah_seconds = 0
        settings.assists = False
        super().__init__(table, seats, settings, save_path=None, bot_runner=ScriptRunner(self),
                         now=now, history=None)

    @property
    def moves_made(self) -> int:
        """How far the lesson has got: the script's moves made so far."""
        return len(self.table.record["actions"])

    def expected_move(self) -> Any | None:
        """The move the script makes next (None once it is played out)."""
        made = self.moves_made
        return self.script[made] if made < len(self.script) else None

    def scripted_move(self) -> Any:
        move = self.expected_move()
        if move is None or move not in self.state.legal_actions():
            raise RuntimeError(f"the {self.game} lesson's move {self.moves_made} is not legal "
                               f"here: {move}")    # a wrong script; check_lesson catches it
        return move

    def human_action(self, action: Any, now: float) -> list:
        if self.human_to_act() is not None and action != self.expected_move():
            raise IllegalAction("the lesson asks for another move", code="not_the_lesson_move")
        return super().human_action(action, now)

    def out_of_turn_action(self, action: Any, now: float) -> list:
        """Leaving (Tiến Lên's T16) is not in the script: the lesson is left with Skip."""
        raise IllegalAction("the lesson asks for another move", code="not_the_lesson_move")

    def acknowledge_summary(self, now: float) -> None:
        """The lesson's one deal is over: so is the lesson."""
        self.machine.end_on_summary()

    def finish(self) -> None:
        """Practice: nothing goes to the history."""
