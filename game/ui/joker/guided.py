"""The Joker lesson's table: its table scene with the guide (game/ui/guided/guide.py), and
where the guide sits on it: in the top left corner, whose top
seat is tall (its cards) but whose corner holds only the messages, which the guide shows
instead."""

from __future__ import annotations

import pygame

from game.controller.door import Phase

from ..guided.guide import HALF_WIDTH, GuidedTable
from .layout import joker_layout
from .table_scene import JokerTableScene


class GuidedJokerTable(GuidedTable, JokerTableScene):
    def guide_design_rect(self, size) -> pygame.Rect:
        layout = joker_layout(size)
        left, top = 12, 56                           # under the Menu row
        # clear of the top seat's avatar, left of its name and its line of bids
        right = min(left + 2 * HALF_WIDTH - 100, layout.seats["top"][0] - 148)
        bottom = min(top + 190, layout.seats["left"][1] - 75)    # above the left seat's avatar
        return pygame.Rect(left, top, right - left, bottom - top)

    def hold_for_animations(self, now: float) -> None:
        """A trick the guide talks about stays on the table until Next (else its winner
        gathers it while the player reads), held midway through its showing (its banner up)."""
        if self.waiting_for_next:
            self.animations.hold_trick_midway(now)
        super().hold_for_animations(now)

    def last_trick_gathered(self) -> bool:
        """The deal's last trick lies on the table through its summary; once the lesson is
        over it is gathered: its closing words stand over a clear table, with no card's edge
        showing above them."""
        return self.ctl.phase is Phase.OVER
