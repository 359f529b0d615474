"""The table on the Review screen: a still position of the review (game/controller/review.py)
drawn into a part of the window, every hand face up, by the game's own table renderer (the one
the table and the lessons draw with). Each game's board is its own (game/ui/<game>/review_board.py,
named by its GameUi: `review_board`).

A board is never on the scene stack: it has no widgets, takes no input and runs no clock; the
Review screen shows it a position (`show`) and asks it to draw. A `StillBoard` lays the position
out and hands it to the renderer, with what the renderer is told beyond the view (its look).
"""

from __future__ import annotations

import pygame

from game.controller.review import Position, ReviewedRecord

from . import drawn
from .games import GAMES, imported
from .rules_in_force import house_rules_line
from .scaling import px, scaled_layout
from .table_renderer import TableRenderer
from .timeline import Timeline


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


def draw_fitted(surface: pygame.Surface, area: pygame.Rect, draw) -> None:
    """`draw(surface)` the board into `area` of `surface`, drawn wider and shown smaller where
    the area is narrower than a table's layout allows."""
    size = drawn_size(area)
    if size == area.size:
        draw(surface.subsurface(area))
        return
    picture = pygame.Surface(size).convert()
    with drawn.scaled(area.width / size[0], area.topleft):
        draw(picture)
    surface.blit(pygame.transform.smoothscale(picture, area.size), area)


class StillBoard:
    """A still position drawn by its game's table renderer. A game's board says how to lay the
    table out (`make_layout`, `lay_out`) and what its renderer is told (`look`)."""

    def __init__(self, app, reviewed: ReviewedRecord, position: Position, area: pygame.Rect):
        self.app = app
        self.reviewed = reviewed
        self.area = area
        self.position = position
        self.renderer = self.make_renderer()
        self.timeline = Timeline()          # nothing moves on a still table
        self.layout = self.layout_size = None
        self.ensure_layout()
        self.lay_out()

    @property
    def view(self):
        return self.position.view

    def make_renderer(self) -> TableRenderer:
        raise NotImplementedError

    def make_layout(self, size: tuple[int, int]):
        raise NotImplementedError

    def lay_out(self) -> None:
        """Place what the position shows (after a new position or a new layout)."""

    def look_fields(self) -> dict:
        """What every renderer is told of a still position: no marks, no messages, no clock."""
        return dict(names=tuple(self.reviewed.names), now=self.app.now, marks={},
                    rules_line=bool(house_rules_line(self.reviewed.game,
                                                     self.reviewed.options)))

    def look(self):
        raise NotImplementedError

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
        self.lay_out()

    def show(self, position: Position) -> None:
        self.position = position
        self.lay_out()

    def draw(self, surface: pygame.Surface) -> None:
        draw_fitted(surface, self.area, lambda target: self.renderer.draw(
            target, self.view, self.layout, self.timeline, self.look()))


def make_board(app, reviewed: ReviewedRecord, position: Position, area: pygame.Rect):
    """The game's own StillBoard (its GameUi's `review_board`) at the Review's position."""
    return imported(GAMES[reviewed.game].review_board)(app, reviewed, position, area)
