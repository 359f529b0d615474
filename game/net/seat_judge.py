"""A joiner's moves judged on its own side, before they are sent: on a world the seat cannot
tell from the real one (the game's determinizer, `State.from_observation` through the AI's
search game). The rules' verdict on one's own move is the same on any such world (its own
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
