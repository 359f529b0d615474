"""The Joker table on the Review screen (game/ui/review_board.py): no ace cutting, and the
deal's last trick stays in the middle once the deal is over."""

from __future__ import annotations

from game.controller.review import Position
from game.joker.actions import TrickTaken

from ..review_board import ReviewBoard
from .table_scene import JokerTableScene


class JokerReviewBoard(ReviewBoard, JokerTableScene):
    def start_cut(self, now: float) -> None:
        """No ace cutting: a review begins at a deal."""

    def show(self, position: Position) -> None:
        # the deal's last trick stays in the middle once the deal is over (drawing.py)
        self.last_taken = next((event for event in reversed(position.events)
                                if isinstance(event, TrickTaken)), None)
        super().show(position)
