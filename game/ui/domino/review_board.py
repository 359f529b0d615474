"""The domino table on the Review screen (game/ui/review_board.py): a still position laid out
as the table lays it and drawn by the table's own renderer."""

from __future__ import annotations

from ..review_board import StillBoard
from .layout import domino_layout, hand_places, snake_of
from .renderer import DominoLook, DominoRenderer


class DominoReviewBoard(StillBoard):
    def make_renderer(self) -> DominoRenderer:
        return DominoRenderer()

    def make_layout(self, size):
        return domino_layout(size, teams=self.reviewed.options.get("partnership", False))

    def lay_out(self) -> None:
        self.snake, self.last_placed = snake_of(self.view.observation.line, self.layout.line)
        self.hand_rects = (hand_places(self.layout, self.view.observation.hand, None, None)
                           if self.view.hand_shown else [])

    def look(self) -> DominoLook:
        return DominoLook(**self.look_fields(), snake=self.snake, last_placed=self.last_placed,
                          hand_rects=tuple(self.hand_rects), open_hands=self.position.hands)
