"""The table on the Review screen: each game's own table scene, drawing a still position of the
review (game/controller/review.py) into a part of the window, every hand face up. A game whose
table needs more for a review names its own board in its GameUi (`review_board`).

A board is never on the scene stack: it has no widgets, takes no input and runs no clock; the
Review screen shows it a position (`show`) and asks it to draw. Its controller is a StillTable,
which answers what a table scene asks of its controller for that one position.
"""

from __future__ import annotations

import pygame

from game.controller.review import Position, ReviewedRecord, StillTable

from . import drawn
from .games import GAMES, imported
from .scaling import px, scaled_layout


#: design pixels: the least width a table's layout is made for (the tables are made for an
#: 800×600 window at least); a narrower board is drawn that wide and shown smaller
LEAST_WIDTH = 760


def drawn_size(area: pygame.Rect) -> tuple[int, int]:
    """The size the board is drawn at: its area's, or wider (and as much higher) where the
    area is narrower than a table's layout allows."""
    least = px(LEAST_WIDTH)
    if area.width >= least:
        return area.size
    return least, round(area.height * least / area.width)


class ReviewBoard:
    """Mixed in before a game's table scene (see `make_board`)."""

    def __init__(self, app, reviewed: ReviewedRecord, position: Position, area: pygame.Rect):
        self.area = area
        super().__init__(app, StillTable(reviewed, position))

    def ensure_layout(self) -> None:
        """The table's layout for the size the board is drawn at."""
        size = drawn_size(self.area)
        if self.layout_size != size:
            self.layout_size = size
            self.layout = scaled_layout(self.make_layout, size)

    def place(self, area: pygame.Rect) -> None:
        """The window changed: the board's part of it."""
        self.area = area
        self.ensure_layout()
        self.refresh()

    def show(self, position: Position) -> None:
        self.ctl.position = position
        self.refresh()

    def open_hand(self, player: int) -> tuple:
        return self.ctl.position.hands[player]

    def draw(self, surface: pygame.Surface) -> None:
        size = drawn_size(self.area)
        if size == self.area.size:
            super().draw(surface.subsurface(self.area))
            return
        picture = pygame.Surface(size).convert()
        with drawn.scaled(self.area.width / size[0], self.area.topleft):
            super().draw(picture)
        surface.blit(pygame.transform.smoothscale(picture, self.area.size), self.area)


def board_class(game: str) -> type:
    """The game's board: the one its GameUi names (`review_board`, made with `ReviewBoard`
    first), else its table scene as it is, behind `ReviewBoard`."""
    spec = GAMES[game]
    if spec.review_board:
        return imported(spec.review_board)
    scene = spec.scene_class()
    return type(f"{scene.__name__}Board", (ReviewBoard, scene), {})


def make_board(app, reviewed: ReviewedRecord, position: Position, area: pygame.Rect):
    return board_class(reviewed.game)(app, reviewed, position, area)
