"""What a joiner's side makes of its seat's view: its moves judged before they are sent, and
the moves told with their events for the move log.

Moves are judged on a world the seat cannot tell from the real one (the game's determinizer,
`State.from_observation` through the AI's search game). The rules' verdict on one's own move is the same on any such world (its own
hand and the public table decide it), so the window's previews (Tiến Lên's Play button, the
leave penalty) and its refusals need not ask the host."""

from __future__ import annotations

import random
from typing import Any, Callable

from game.core.errors import IllegalAction


class SeatJudge:
    def __init__(self, game: Callable[[], str]):
        self.game = game
        self.search: Any = None           # the game's ai.search.SearchGame, when first asked
        self.world: tuple | None = None   # (position, the world made for it, or None)

    def world_at(self, observation: Any, position: tuple) -> Any:
        """A whole state agreeing with `observation` (None: none can be made)."""
        if self.world is None or self.world[0] != position:
            try:
                if self.search is None:
                    from ai.evaluate import search_game     # the AI's package, when needed
                    self.search = search_game(self.game())
                world = self.search.determinize(observation, random.Random(0))
            except Exception:             # noqa: BLE001 - an observation no world fits:
                world = None              # the seat's legal moves alone judge
            self.world = (position, world)
        return self.world[1]

    def preview(self, observation: Any, position: tuple, legal: tuple, action: Any) -> list:
        """The events `action` would cause (IllegalAction with the rules' code when refused)."""
        world = self.world_at(observation, position)
        if world is not None:
            return world.clone().apply(action)
        if action in legal:
            return []
        raise IllegalAction(f"{action!r} is not a legal move now", code="not_your_turn")


def told_moves(events: list, moves: list, game: str) -> list[dict]:
    """The host's `events` message as the story tells it (story.py, `told`): each move with
    the public events it caused. The host sends the events of several moves together; a move's
    own begin with an event of its player that is no line of its own (a tile or card played, a
    pass, a bid), and a deal's with its opening event."""
    from game.core.registry import get_game
    facts = get_game(game).story
    entries: list[dict] = []
    waiting = [move for move in moves if isinstance(move, dict)]
    current: dict | None = None
    for event in events:
        player = getattr(event, "player", getattr(event, "seat", None))
        if isinstance(event, facts.deal_starts):
            current = {"deal": None, "events": [event]}
        elif waiting and type(event) not in facts.event_kinds \
                and player == waiting[0].get("player"):
            move = waiting.pop(0)
            current = {"player": move.get("player"), "action": move, "events": [event]}
        elif current is not None:
            current["events"].append(event)
            continue
        else:
            current = {"events": [event]}
        entries.append(current)
    entries += [{"player": move.get("player"), "action": move, "events": []}
                for move in waiting]          # a move whose own event was not found
    return entries


class ToldMoves:
    """The moves of the table as the host told them, each with its public events: the record
    a remote table's move log tells (story.py, `told`)."""

    def __init__(self):
        self.told: list[dict] = []
        self.joined_moves: list | None = None     # the welcome's moves, until the first move

    def sat_down(self, moves: list) -> None:
        """A welcome: the moves of the deal under way (the story starts afresh)."""
        self.told, self.joined_moves = [], list(moves)

    def moved(self, events: list, moves: list, game: str, deal: int) -> None:
        told = told_moves(events, moves, game)
        if self.joined_moves is not None:
            if self.joined_moves or not told or "deal" not in told[0]:
                # sat down in a deal under way: its opening was told before we came
                self.told.append({"deal": deal, "events": []})
                self.told += [{"player": move.get("player"), "action": move, "events": []}
                              for move in self.joined_moves]
            self.joined_moves = None
        self.told += told
