"""The table on the Review screen: a still position of the review (game/controller/review.py)
drawn into a part of the window, every hand face up, by the game's own table renderer (the one
the table and the lessons draw with).

A board is never on the scene stack: it has no widgets, takes no input and runs no clock; the
Review screen shows it a position (`show`) and asks it to draw. A `StillBoard` lays the position
out and hands it to the renderer, with what the renderer is told beyond the view (its look).
"""

from __future__ import annotations

import pygame

from game.controller.review import Position, ReviewedRecord
from game.joker.actions import TrickTaken

from .domino.layout import domino_layout, hand_places, snake_of
from .domino.renderer import DominoLook, DominoRenderer
from .joker.layout import joker_layout
from .joker.renderer import JokerLook, JokerRenderer, place_hand
from . import drawn
from .rules_in_force import house_rules_line
from .scaling import px, scaled_layout
from .table_renderer import TableRenderer
from .timeline import Timeline
from .tienlen.hand import HandFan
from .tienlen.layout import tienlen_layout
from .tienlen.renderer import TienLenLook, TienLenRenderer


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
        view = self.view
        owner = view.seat if view.hand_shown else None
        if owner is not None and not view.observation.at_table[owner]:
            owner = None
        if owner != self.fan_owner:
            self.fan_owner = owner
            self.fan.clear()
        if owner is not None:
            self.fan.set_hand(view.observation.hand)
            self.fan.layout(self.layout.hand, self.layout.card_width)

    def look(self) -> TienLenLook:
        return TienLenLook(**self.look_fields(), stake=self.reviewed.options["stake"],
                           fan=self.fan, fan_owner=self.fan_owner,
                           open_hands=self.position.hands)


class JokerReviewBoard(StillBoard):
    def make_renderer(self) -> JokerRenderer:
        return JokerRenderer()

    def make_layout(self, size):
        return joker_layout(size)

    def lay_out(self) -> None:
        self.hand_rects, self.joker_chips = place_hand(self.view, self.layout, self.timeline,
                                                       self.app.now)

    def look(self) -> JokerLook:
        # the deal's last trick stays in the middle once the deal is over (renderer.py)
        last_taken = next((event for event in reversed(self.position.events)
                           if isinstance(event, TrickTaken)), None)
        return JokerLook(**self.look_fields(), hand_rects=tuple(self.hand_rects),
                         joker_chips=tuple(self.joker_chips), last_taken=last_taken,
                         total_deals=self.reviewed.deals_in_match,
                         open_hands=self.position.hands)


BOARDS = {"domino": DominoReviewBoard, "tienlen": TienLenReviewBoard,
          "joker": JokerReviewBoard}


def make_board(app, reviewed: ReviewedRecord, position: Position, area: pygame.Rect):
    return BOARDS[reviewed.game](app, reviewed, position, area)
