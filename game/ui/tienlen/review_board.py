"""The Tiến Lên table on the Review screen (game/ui/review_board.py): a still position laid out
as the table lays it and drawn by the table's own renderer."""

from __future__ import annotations

import pygame

from game.controller.review import Position, ReviewedRecord

from ..review_board import StillBoard
from .hand import HandFan, follow_view
from .layout import tienlen_layout
from .renderer import TienLenLook, TienLenRenderer


class TienLenReviewBoard(StillBoard):
    def __init__(self, app, reviewed: ReviewedRecord, position: Position, area: pygame.Rect):
        self.fan = HandFan()               # the seat's hand at the bottom, face up
        self.fan_owner = None
        super().__init__(app, reviewed, position, area)

    def make_renderer(self) -> TienLenRenderer:
        return TienLenRenderer()

    def make_layout(self, size):
        return tienlen_layout(size, len(self.reviewed.seats))

    def lay_out(self) -> None:
        """The fan shows the seat's hand while the seat is at the table."""
        self.fan_owner = follow_view(self.fan, self.fan_owner, self.view, self.layout)

    def look(self) -> TienLenLook:
        return TienLenLook(**self.look_fields(), stake=self.reviewed.options["stake"],
                           fan=self.fan, fan_owner=self.fan_owner,
                           open_hands=self.position.hands)
