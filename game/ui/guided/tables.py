"""Each game's guided table: its table scene with the guide (guide.py), and where the guide sits
on it. The guide takes a place the table keeps free of what matters: under the top seat on the
domino and Tiến Lên tables (the domino line starts below it), in the top left corner of the
Joker table, whose top seat is tall (its cards) but whose corner holds only the messages, which
the guide shows instead."""

from __future__ import annotations

import dataclasses

import pygame

from game.controller.factory import open_lesson
from game.controller.door import Phase
from game.lessons import lesson_for

from ..cards import card_size
from ..domino.table_scene import DominoTableScene
from ..games import GAMES
from ..i18n import t
from ..joker.layout import joker_layout
from ..joker.table_scene import JokerTableScene
from ..tienlen.layout import tienlen_layout
from ..tienlen.table_scene import TienLenTableScene
from .guide import GuidedTable

HALF_WIDTH = 290          # design pixels: the guide is at most twice this wide


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


GUIDED_TABLES = {"domino": GuidedDominoTable, "tienlen": GuidedTienLenTable,
                 "joker": GuidedJokerTable}


def lesson_table(app, game: str):
    """The guided table of `game`'s lesson (App.SCENES "lesson"). The human plays as the
    player's profile, the AI seats keep the game's default names."""
    you = app.history.ensure_profile(t("profile.default")).name
    names = [you, *GAMES[game].default_names[1:4]]
    controller = open_lesson(lesson_for(game), names, now=app.now)
    return GUIDED_TABLES[game](app, controller)


__all__ = ["lesson_table", "GUIDED_TABLES"]
