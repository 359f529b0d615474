"""The Tiến Lên lesson's table: its table scene with the guide (game/ui/guided/guide.py), and
where the guide sits on it: under the top seat's cards (the
combinations on the table lie below it)."""

from __future__ import annotations

import dataclasses

import pygame

from ..cards import card_size
from ..guided.guide import HALF_WIDTH, GuidedTable
from .layout import tienlen_layout
from .table_scene import TienLenTableScene


class GuidedTienLenTable(GuidedTable, TienLenTableScene):
    def guide_design_rect(self, size) -> pygame.Rect:
        width, height = size
        layout = tienlen_layout(size, len(self.ctl.seats))
        side_room = max(110, width // 9)
        left = max(side_room + 10, width // 2 - HALF_WIDTH)
        right = min(layout.score.left - 10, width // 2 + HALF_WIDTH)
        return pygame.Rect(left, 104, right - left, 120 if height < 700 else 136)  # under the
        # top seat's cards

    def make_layout(self, size):
        """The combinations on the table lie below the guide (the beaten ones show a quarter
        card higher than the one to beat)."""
        layout = super().make_layout(size)
        card_height = card_size(layout.table_card_width)[1]
        x, y = layout.center
        y = max(y, self.guide_design_rect(size).bottom + 10 + card_height * 3 // 4)
        ring = layout.ring.copy()
        ring.center = (x, y)
        return dataclasses.replace(layout, center=(x, y), ring=ring)

    def guide_shown(self) -> bool:
        return self.timeline.first("banner") is None   # a chop's banner has the stage
