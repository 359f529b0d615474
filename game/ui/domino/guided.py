"""The domino lesson's table: its table scene with the guide (game/ui/guided/guide.py), and
where the guide sits on it: under the top seat (the line starts below it)."""

from __future__ import annotations

import dataclasses

import pygame

from ..guided.guide import HALF_WIDTH, GuidedTable
from .table_scene import DominoTableScene


class GuidedDominoTable(GuidedTable, DominoTableScene):
    def guide_design_rect(self, size) -> pygame.Rect:
        width, height = size
        side_room = max(110, width // 9)             # as domino_layout: the side seats
        left = max(side_room + 10, width // 2 - HALF_WIDTH)
        right = min(width - 260, width // 2 + HALF_WIDTH)   # the scoreboard
        return pygame.Rect(left, 126, right - left, 120 if height < 700 else 136)

    def make_layout(self, size):
        """The line is laid out below the guide."""
        layout = super().make_layout(size)
        line, top = layout.line, self.guide_design_rect(size).bottom + 8
        return dataclasses.replace(layout, line=pygame.Rect(line.x, top, line.width,
                                                            line.bottom - top))
