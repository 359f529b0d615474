"""What every game's table renderer shares: the look it is given, the seats' avatars and marks,
the message column.

A renderer draws a table from four things and changes none of them:

    renderer.draw(surface, view, layout, timeline, look)

`view` is the controller's TableView (the seat on screen's observation), `layout` the game's
layout for the window's size, `timeline` the running animations, and `look` a small read-only
`TableLook`: what the table scene knows beyond the view (the names, the seats' marks, the
messages, the clock, the coach's move, a game's selection …). The table scene composes its
game's renderer and hands it these each frame; the Review screen's board and the lessons draw
with the same renderer.

The one thing a renderer keeps is where it drew the avatars last (`avatar_rects`): the table
keeps its house rules line clear of them (rules_in_force.keep_clear).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

import pygame

from game.controller.door import Phase

from .avatars import draw_avatar
from .drops import draw_reconnecting
from .i18n import t
from .rules_in_force import RULES_LINE_TOP
from .scaling import px
from .widgets import draw_bubble


@dataclass(frozen=True)
class TableLook:
    """What a renderer is told beyond the view, the layout and the timeline, for one frame."""
    names: tuple                          # seat -> name
    now: float                            # the window's clock (the timeline's time)
    marks: Mapping[int, tuple] = None     # seat -> (words, colour) of its last action
    messages: tuple = ()                  # the message log as shown (MessageLog.shown)
    rules_line: bool = False              # the house rules line is up under the Menu button
    time_left: float | None = None        # the human's move timer, seconds left
    time_share: float | None = None       # … as a share of the whole (the avatar's ring)
    advised: Any = None                   # the coach's move while its line is shown
    marks_clear_of: Any = None            # a rect the seats' marks keep off (a lesson's guide)
    log_area: Any = None                  # the open move log's rect, which lies over the table
    #: a table across machines: seat -> the words said at its turn in place of "… is thinking"
    #: for a friend away (their avatar dimmed; their mark says "offline": the scene's marks)
    away: Mapping[int, str] = None
    reconnecting: bool = False            # … whose host is out of reach: its banner over all


def messages_top(top: int, rules_line: bool) -> int:
    """Design pixels: the message column's top, below the house rules line when it is up."""
    return top + (RULES_LINE_TOP - 14 if rules_line else 0)


class TableRenderer:
    """A game's table renderer: `draw` paints one frame with its `PICTURE` class."""
    #: the game's picture of one frame (a TablePicture)
    PICTURE: type

    def __init__(self) -> None:
        self.avatar_rects: dict = {}      # player -> where their avatar was drawn last

    def draw(self, surface: pygame.Surface, view, layout, timeline, look: TableLook,
             under_marks: Callable | None = None) -> None:
        """Draw the table; `under_marks(surface)`, when given, draws a layer of the scene's
        own over the table and under the seats' marks (a lesson's guide)."""
        self.PICTURE(self, view, layout, timeline, look, under_marks).draw(surface)
        if look.reconnecting:
            draw_reconnecting(surface)


class TablePicture:
    """One frame of a table being drawn: what it is drawn from, and the drawing every game
    shares (a game's picture adds `draw`). It lives for one `draw` call and keeps nothing."""

    def __init__(self, renderer: TableRenderer, view, layout, timeline, look: TableLook,
                 under_marks: Callable | None = None):
        self.renderer = renderer
        self.under_marks = under_marks
        self.view = view
        self.layout = layout
        self.timeline = timeline
        self.look = look

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    @property
    def names(self) -> tuple:
        return self.look.names

    @property
    def now(self) -> float:
        return self.look.now

    def messages_top(self, top: int) -> int:
        return messages_top(top, self.look.rules_line)

    def centre_beside_log(self, centerx: int, width: int) -> int:
        """Where a line `width` pixels wide centred on `centerx` is centred so that the open
        move log (drawn over the table) leaves it whole: moved right of the log when needed."""
        log = self.look.log_area
        if log is None or centerx - width // 2 >= log.right + px(8):
            return centerx
        return log.right + px(8) + width // 2

    def draw_bubbles(self, surface, points: dict, below: frozenset = frozenset(),
                     avoid: pygame.Rect | None = None, clear_of=None) -> dict:
        """Each seat's mark (its last action) in a bubble, its tail at `points[seat]` (below it
        for the seats in `below`), kept left of `avoid` (a panel it must not cover) and off
        `clear_of` (or the look's `marks_clear_of`). Returns the bubbles' rects by seat. The human
        asked to move has none: what they did is past, their prompt is there. The scene's layer
        under the marks is drawn first."""
        if self.under_marks is not None:
            self.under_marks(surface)
        clear_of = clear_of if clear_of is not None else self.look.marks_clear_of
        return {seat: draw_bubble(surface, text, points[seat], 15, colour,
                                  below=seat in below, avoid=avoid, clear_of=clear_of)
                for seat, (text, colour) in (self.look.marks or {}).items()
                if seat in points and seat != self.view.acting}

    def draw_seat_avatar(self, surface, center, player: int, acting: bool,
                         dimmed: bool = False) -> pygame.Rect:
        """The seat's avatar, ringed on its turn, with the move timer around it on a human's
        turn (avatars.py)."""
        share = self.look.time_share if acting and self.view.phase is Phase.HUMAN else None
        dimmed = dimmed or player in (self.look.away or {})
        rect = draw_avatar(surface, center, self.names[player], acting, share, dimmed)
        self.renderer.avatar_rects[player] = rect
        return rect

    def thinking_words(self, player: int) -> str:
        """What is said at the seat whose move is awaited: "… is thinking", or for a friend
        away, when the AI plays for them (the look's `away`: drops.py)."""
        away = (self.look.away or {}).get(player)
        return away if away is not None else t("table.thinking", name=self.names[player])

    def messages_width(self, height: int, left: int, width: int) -> int:
        """The message column from `left`: `width` wide at most, and clear of the avatars drawn
        in the top band of a table `height` high this frame (a long name puts the top seat's
        avatar further left)."""
        band = height // 4
        for rect in self.renderer.avatar_rects.values():
            if rect.top < band and rect.right > left:
                width = min(width, rect.left - px(12) - left)
        return max(px(160), width)
