"""Guided first games: for each game one fixed deal, every move of it written down,
and the prompts that teach the rules as they happen.

A lesson is written like a scenario/1 file (docs/scenario-format.md): the deal and the moves in
the scenario notation, every seat's moves in the order they are made. The AI seats play their
moves from it, and the human is asked for theirs, one prompt at a time. Because every move is
fixed, the taught moments (the 3♠ opening, a chop, a pass, an Apollo, a joker played high…)
happen for sure; `check_lesson` replays the whole script through the engine, so a move the
rules refuse is a bug the tests catch, never a surprise at the table.

Prompts are tied to the script: a prompt shows once `at` moves have been made. A "read" prompt
explains what just happened or what comes, and the table waits until the player says Next; the
other prompts ask for the human's next move and stay up until it is made. This module is pure
Python (no window): game/controller/lesson.py runs a lesson at a table, game/ui/guided.py shows
its prompts. Each game's lesson is its own (game/<game>/lesson.py), given by its definition
(`GameDefinition.lesson`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from game.core.registry import game_names, get_game
from game.core.table import Table

#: the human's seat in every lesson
HUMAN_SEAT = 0


@dataclass(frozen=True)
class Prompt:
    key: str                 # its words: a key of the game's strings
    at: int                  # shown once this many moves of the script have been made
    read: bool = False       # an explanation: the table waits for the player's Next


@dataclass(frozen=True)
class Lesson:
    game: str
    deal: dict               # the one deal, in scenario notation
    moves: tuple             # every move in order, in scenario notation
    prompts: tuple           # Prompt, in the order they show
    options: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)   # game-specific scenario fields (first_dealer)
    #: the table's seed: nothing is dealt from it, but bots and the Joker cut are seeded by it
    seed: str = "lesson"

    def table(self, names: Sequence[str]) -> "LessonTable":
        return LessonTable(self, names)

    def actions(self, table: Table) -> list:
        """The moves as engine actions."""
        return [table.definition.action_from_json(move) for move in self.moves]


class LessonTable(Table):
    """A table that deals the lesson's deal instead of one from the seeded stream."""

    def __init__(self, lesson: Lesson, names: Sequence[str]):
        super().__init__(lesson.game, names, lesson.options, lesson.seed, lesson.extra)
        self.lesson = lesson

    def deal_next(self) -> list:
        if self.record["deals"]:
            raise RuntimeError("a lesson has one deal")   # the controller ends it before
        return self.start_deal(self.definition.deal_from_json(self.state, self.lesson.deal))


def lesson_for(game: str) -> Lesson:
    """The lesson of `game` (its definition's: game/<game>/lesson.py); KeyError when the game
    has none."""
    lesson = get_game(game).lesson()
    if lesson is None:
        raise KeyError(game)
    return lesson


def lesson_games() -> list[str]:
    """The games that have a lesson, in the menu's order."""
    return [game for game in game_names() if get_game(game).lesson() is not None]


class LessonProgress:
    """Which prompt is up: the first "read" prompt of this moment the player has not yet
    acknowledged, else the last prompt shown so far (a move's prompt stays until the move)."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.acknowledged: set[int] = set()        # indexes of the read prompts passed

    def current(self, moves_made: int) -> Prompt | None:
        shown = None
        for index, prompt in enumerate(self.lesson.prompts):
            if prompt.at > moves_made:
                break
            shown = prompt
            if prompt.read and index not in self.acknowledged and prompt.at == moves_made:
                return prompt
        return shown

    def waiting(self, moves_made: int) -> bool:
        """A read prompt is up: the table waits for the player's Next."""
        prompt = self.current(moves_made)
        return prompt is not None and prompt.read and prompt.at == moves_made and \
            self.lesson.prompts.index(prompt) not in self.acknowledged

    def acknowledge(self, moves_made: int) -> None:
        if self.waiting(moves_made):
            self.acknowledged.add(self.lesson.prompts.index(self.current(moves_made)))

    def step(self, moves_made: int) -> tuple[int, int]:
        """(the shown prompt's number from 1, how many prompts the lesson has)."""
        prompt = self.current(moves_made)
        number = self.lesson.prompts.index(prompt) + 1 if prompt is not None else 0
        return number, len(self.lesson.prompts)


def check_lesson(lesson: Lesson, names: Sequence[str] = ("A", "B", "C", "D")) -> list:
    """Replay the whole script: every move must be legal and the deal must end with the last
    move. Returns the events, move by move (a list of lists); raises IllegalAction or
    AssertionError on a wrong script."""
    table = lesson.table(names)
    table.deal_next()
    events: list[list[Any]] = []
    for number, action in enumerate(lesson.actions(table)):
        if table.state.needs_deal() or table.state.is_terminal():
            raise AssertionError(f"move {number}: the deal is already over")
        if action not in table.state.legal_actions():
            raise AssertionError(f"move {number} ({lesson.moves[number]}) is not legal")
        events.append(table.apply(action))
    if not (table.state.needs_deal() or table.state.is_terminal()):
        raise AssertionError("the script ends before the deal does")
    for prompt in lesson.prompts:
        if not 0 <= prompt.at <= len(lesson.moves):
            raise AssertionError(f"prompt {prompt.key} is after the last move")
    return events
