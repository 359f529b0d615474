"""The table door: everything the window (game/ui) may ask of a table, declared once.

Three tables stand behind it: the live `TableController` (table_controller.py), a lesson's
`LessonController` (lesson.py) and a table across machines, `RemoteTable`
(game/net/remote_table.py); the Review draws its still positions without a table (the
game's renderer: game/ui/review_board.py). The window annotates
with `TableDoor` and never names those classes; they are built in one place (factory.py;
the remote one by game/net/remote_table.open_remote_table).
tests/test_door.py checks that each of them has every member below with a compatible
signature, and tests/test_architecture.py that the window reaches nothing past the door (no
`.table`, `.record` or `.state` of a controller).

Here too the words a table speaks in: `Phase`, the `TableView` it draws from and the `Notice`
it announces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from game.core.errors import IllegalAction

from .feed import Feed
from .seats import SeatConfig
from .settings import ControllerSettings


class Phase(Enum):
    HANDOFF = "handoff"          # every hand hidden until the next human says ready
    HUMAN = "human"              # waiting for a human's move
    BOT = "bot"                  # a bot is thinking on the worker thread
    SHOWING = "showing"          # the last move is being shown (animation time)
    SUMMARY = "summary"          # a deal just ended: its summary is on screen
    OVER = "over"


@dataclass
class Notice:
    """Something the table announces in words (time-out, misplay, refused move...)."""
    kind: str
    player: int | None
    text: str
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class TableView:
    """What the screen may show now: the observation of the seat drawn at the bottom (its hand
    only while `hand_shown`), and the public facts of the table."""
    seat: int                    # the seat drawn at the bottom of the screen
    observation: Any             # `seat`'s observation; its hand is empty unless `hand_shown`
    hand_shown: bool
    phase: Phase
    to_move: int | None          # whose move it is (public)
    acting: int | None           # the human whose move is awaited now (their hand is shown)
    legal: tuple                 # `acting`'s legal actions; empty when nobody's move is awaited
    returns: tuple               # each player's total so far
    #: every seat's hand (as each seat's observation holds it) once a deal is over and the hands
    #: are opened; None while a deal is being played
    revealed: tuple | None
    game_over: bool


@runtime_checkable
class TableDoor(Protocol):
    """A table as the window sees it. Time (`now`) always comes in as an argument."""

    # --- who sits there, and by which rules (public) -------------------------------------
    @property
    def game(self) -> str: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def seats(self) -> list[SeatConfig]: ...

    @property
    def humans(self) -> list[int]: ...

    @property
    def options(self) -> dict:
        """The rules in force."""

    @property
    def settings(self) -> ControllerSettings: ...

    @property
    def save_path(self) -> Path | None:
        """None: the table is not saved (a lesson, a review, a finished game)."""

    # --- what the window draws from ---------------------------------------------------------
    @property
    def phase(self) -> Phase: ...

    @property
    def events(self) -> Feed:
        """The engine's events, read by position."""

    @property
    def notices(self) -> Feed:
        """`Notice` items, read by position."""

    def view(self) -> TableView:
        """What the seat drawn at the bottom may see now."""

    def position(self) -> tuple:
        """Where the game stands; it changes with every move."""

    @property
    def paused(self) -> bool:
        """A menu or viewer is over the table (`pause`): the clock stands still."""

    @property
    def deal_over(self) -> bool:
        """The deal in play has ended: its summary is due or on screen (or the game is over)."""

    @property
    def deals_played(self) -> int:
        """Deals dealt so far (Tiến Lên: games), the one in play included."""

    @property
    def deals_in_match(self) -> int | None:
        """How many deals the match has by its rules (None: an open-ended table)."""

    def review_record(self) -> dict:
        """The deals and moves so far with the seats (the move log tells its lines from it)."""

    def opening_to_show(self) -> tuple[Any, dict] | None:
        """Before the first move: the seed and the fields decided from it (Joker's dealer)."""

    def preview(self, action: Any) -> list:
        """The events `action` would cause now (raises IllegalAction); the table is kept."""

    def refusal(self, action: Any) -> IllegalAction | None:
        """Why the rules would refuse `action` now (None: they would not)."""

    # --- the player's input -----------------------------------------------------------------
    def human_action(self, action: Any, now: float) -> list:
        """The human to act plays `action`; IllegalAction (with its code) changes nothing."""

    def out_of_turn_action(self, action: Any, now: float) -> list:
        """An action a game allows at any moment (Tiến Lên's leave, T16)."""

    def confirm_handoff(self, now: float) -> None:
        """The next human says they are at the screen (D18)."""

    def acknowledge_summary(self, now: float) -> None:
        """The players at this screen have read the deal's summary: the next deal (at a table
        hosted across machines, once its joiners have read it too)."""

    def keep_summary(self) -> None:
        """An all-AI table's summary the player clicked on stays until acknowledged."""

    # --- the clock ----------------------------------------------------------------------------
    def update(self, now: float) -> None:
        """Every frame: the table moves on if its clock runs."""

    def pause(self, now: float) -> None:
        """A menu or viewer opens over the table: the clock stops, hotseat hands hide."""

    def resume(self, now: float) -> None:
        """Back to the table: the time stood still is given back (D18: a hotseat turn under
        way waits for its player again)."""

    def hold(self, now: float) -> None:
        """The window still shows a move or a moment: nothing moves on behind it."""

    def release(self, now: float) -> None: ...

    def time_left(self, now: float) -> float | None:
        """The human move's seconds left (None: no timer, or no human move under way)."""

    def time_share(self, now: float) -> float | None:
        """The share of the move's time left (1 … 0): the seat's timer ring."""

    def can_tambah(self) -> bool:
        """The human to act may still ask for more time this deal (D19)."""

    def tambah(self, now: float) -> bool: ...

    def follow_pace(self, pace: Any) -> None:
        """The pauses after a move, from the tempo model (pace.py) at the window's speed."""

    # --- the assists: the coach and Undo ----------------------------------------------------
    @property
    def coach_allowed(self) -> bool:
        """The human to act may ask the coach (a table with assists)."""

    def ask_coach(self) -> bool: ...

    def coach_advice(self) -> Any:
        """The coach's Advice for the position, once it has thought (else None)."""

    def coach_thinking(self) -> bool: ...

    def undo_point(self) -> int | None:
        """The action Undo would take back (None: Undo is not offered now)."""

    def undo(self, now: float) -> bool: ...

    # --- the end of a table -------------------------------------------------------------------
    def finish(self) -> None:
        """The game is over: to the history, once, and the save forgotten."""

    def forget_save(self) -> None:
        """The table's own save goes, and nothing writes it again."""

    def close(self) -> None: ...


@runtime_checkable
class LessonDoor(TableDoor, Protocol):
    """A lesson's table: the door, and where the lesson's script stands (the guide reads it)."""

    @property
    def lesson(self) -> Any: ...

    @property
    def moves_made(self) -> int: ...

    def expected_move(self) -> Any | None: ...
