"""Moves and the deal's story in the player's language: one place for the words of a move (the
Review screen's list and the table's move log both use them) and for each line of the move log
(game/controller/story.py tells the lines, game/ui/move_log.py draws them).

Each game gives its words through its GameUi (`words`: a GameWords, in game/ui/<game>/words.py);
the kinds of line a game's story tells are its definition's (`StoryFacts.event_kinds`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.controller.story import Line

from .i18n import t

#: (the line's event, the players' names) -> the line's words
EventWords = Callable[[Any, list], str]


@dataclass(frozen=True)
class GameWords:
    """A game's words for its moves and its move log's lines."""
    #: a move in a few words: "6-4 on the left", "5♠ 5♥", "Bid 2", "Pass"
    move: Callable[[Any], str]
    #: a move as the log says it (Tiến Lên: by its combination, its cards drawn beside it);
    #: None: as `move`
    logged_move: Callable[[Any], str] | None = None
    #: a deal's header line from the game's deal-opening event; None: "<game>.move.deal"
    deal: EventWords | None = None
    #: each kind of line its story tells (StoryFacts.event_kinds; "misplay" too) -> its words
    events: Mapping[str, EventWords] = field(default_factory=dict)
    #: the kinds of line drawn in gold (a moment of the game), and in grey (said, not done)
    marked: tuple[str, ...] = ()
    told: tuple[str, ...] = ()


def game_words(game: str) -> GameWords:
    from .games import GAMES          # the games' words modules import this one
    return GAMES[game].words


def move_words(game: str, action) -> str:
    return game_words(game).move(action)


def line_words(game: str, line: Line, names: list[str]) -> str:
    """A line of the move log: "Budi: 6-4 on the left", "Everyone passed: An leads a new
    round", "Levan takes the trick"."""
    words = game_words(game)
    if line.kind == "deal":
        if words.deal is None or line.event is None:
            return t(f"{game}.move.deal", number=line.deal)
        return words.deal(line.event, names)
    if line.kind == "move":
        said = (words.logged_move or words.move)(line.action)
        return t("move_log.line", name=names[line.player], move=said)
    return words.events[line.kind](line.event, names)


def names_of(players, names: list[str]) -> str:
    return ", ".join(names[player] for player in players)


def game_over_words(event, names: list[str]) -> str:
    """"Ani wins the game": the first of the event's ranking."""
    return t("move_log.game_over", name=names[event.ranking[0]])
