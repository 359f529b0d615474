"""The move log: a panel over the table telling the game's story, who did what, in order, in
the player's language, with the cards or tiles drawn small (its lines: game/controller/story.py,
their words: move_words.py).

One click on its button or the key L opens and closes it; the key B (or the button beside it)
shows the trick or round before this one in the same panel (Joker has its own Last trick
viewer, the key opens that). The panel does not stop the game: it follows each move as it is
made, keeping the newest line in view unless the player scrolled back (the mouse wheel). It is
drawn from the table's record, so a table reopened from its save tells the same story; only
what everyone saw is in it (no hand is ever shown).

`MoveLog` is a part the table scene composes (`scene.move_log`, table_base.py): the scene builds
its buttons with its own, lets it follow the game in its update and draws it last, over the
table; a game's scene places it (its `move_log_buttons`, and `move_log_bottom` or the whole
`move_log_area`) and asks `self.move_log.takes(event)` first in its `handle` (the log's keys and
buttons; a click or the wheel on the open panel goes no further).
"""

from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.controller.door import TableDoor
from game.controller.story import Line, Story

from .cards import card_image
from .games import GAMES
from .i18n import t
from .move_words import line_words
from .resources import clip_text, draw_text, draw_text_within
from .scaling import px
from .widgets import CREAM, GOLD, draw_panel

GREY = (176, 188, 172)
NEWEST = (40, 78, 54)
ROW = 34                # design pixels: a line of the log
TEXT = 14
CARD_W = 24             # a card drawn small
CARD_STEP = 0.6         # the cards of one play overlap: this much of a card apart
PAD = 10
TITLE = 34
WIDTH = 380             # the panel at its widest (design pixels)
ALL, PREVIOUS = "all", "previous"
#: a deal's header, its end and the game's in gold (a game's GameWords adds its own moments)
MARKED = ("deal", "deal_end", "game_over")


class MoveLog:
    """The log of the table behind `ctl` (the door: its record, names and feeds). `area` says
    where the open panel lies (window pixels); `show_previous` is what the key B shows (the
    panel's previous trick or round, or the game's own viewer)."""

    def __init__(self, ctl: TableDoor, area: Callable[[], pygame.Rect],
                 show_previous: Callable[[], None]) -> None:
        self.ctl = ctl
        self.table_area = area
        self.show_previous = show_previous
        self.story = Story()
        self.shown = False
        self.mode = ALL
        self.back = 0                     # lines scrolled back from the newest
        self.followed = None              # the table's position the story was told to
        self.button: UIButton | None = None
        self.previous_button: UIButton | None = None

    @property
    def game(self) -> str:
        return self.ctl.game

    # --- widgets ----------------------------------------------------------------------------

    def build(self, manager, add: Callable[[UIButton], UIButton], log_rect: pygame.Rect,
              previous_rect: pygame.Rect | None) -> None:
        """The toggle button (and the previous trick / round's, for a game without its own),
        made with the table's (`add`)."""
        self.button = add(UIButton(log_rect, t("move_log.button"), manager,
                                   tool_tip_text=t("move_log.button_tip")))
        self.previous_button = None
        if previous_rect is not None:
            self.previous_button = add(UIButton(
                previous_rect, t(f"move_log.previous.{self.game}"), manager,
                tool_tip_text=t(f"move_log.previous_tip.{self.game}")))
        self.light_buttons()

    def light_buttons(self) -> None:
        """The open view's button is lit."""
        for button, mode in ((self.button, ALL), (self.previous_button, PREVIOUS)):
            if button is not None and button.alive():
                if self.shown and self.mode == mode:
                    button.select()
                else:
                    button.unselect()

    def on_button(self, element) -> bool:
        """A click on one of the log's buttons: True when it was one."""
        if element is None:
            return False
        if element is self.button:
            self.toggle(ALL)
        elif element is self.previous_button:
            self.toggle(PREVIOUS)
        else:
            return False
        return True

    # --- state ----------------------------------------------------------------------------------

    def toggle(self, mode: str = ALL) -> None:
        """Open the panel in `mode`, or close it when it is open in that mode already."""
        if self.shown and self.mode == mode:
            self.shown = False
        else:
            self.shown, self.mode, self.back = True, mode, 0
            self.follow()
        self.light_buttons()

    def follow(self) -> None:
        """Tell the story up to the table's last move (only while the panel is open)."""
        if not self.shown:
            return
        ctl = self.ctl
        position = (ctl.position(), ctl.events)
        if self.followed is not None and self.followed[1] is not ctl.events:
            self.story = Story()            # Undo starts a new feed: the moves taken back go
        if position != self.followed:
            told = len(self.lines())
            self.story.follow(ctl.review_record())
            self.followed = position
            if self.back:                   # scrolled back: what is read stays in view
                self.back = max(0, self.back + len(self.lines()) - told)

    def lines(self) -> list[Line]:
        return self.story.previous() if self.mode == PREVIOUS else self.story.lines

    def texts(self) -> list[str]:
        """The panel's lines in words (what a test reads)."""
        names = self.ctl.names
        return [line_words(self.game, line, names) for line in self.lines()]

    # --- input ------------------------------------------------------------------------------

    def area(self) -> pygame.Rect:
        """Where the open panel is: the table's place for it; the trick or round before this
        one takes only the height its lines need."""
        area = self.table_area()
        if self.mode == PREVIOUS:
            area.height = min(area.height, px(TITLE + PAD) + max(1, len(self.lines())) * px(ROW))
        return area

    def covering(self) -> pygame.Rect | None:
        """The part of the table the open log covers (None while it is closed)."""
        return self.area() if self.shown else None

    def takes(self, event) -> bool:
        """The log's keys and buttons, and, while it is open, the wheel (scrolling back and
        forth) and the clicks on it: True when the event was the log's."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.on_button(event.ui_element)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.toggle(ALL)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b:
            self.show_previous()
            return True
        if not self.shown:
            return False
        if event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.lines()) - self.rows_shown())
            self.back = max(0, min(most, self.back + event.y * 3))
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.area().collidepoint(event.pos)
        return False

    def rows_shown(self) -> int:
        return max(1, (self.table_area().height - px(TITLE) - px(PAD)) // px(ROW))

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            return
        area = self.area()
        draw_panel(surface, area, 255)      # the table does not show through
        inner = area.inflate(-2 * px(PAD), 0)
        title = (t("move_log.title") if self.mode == ALL
                 else t(f"move_log.previous_title.{self.game}"))
        draw_text(surface, clip_text(title, 16, inner.width, True),
                  (inner.x, area.y + px(8)), 16, GOLD, bold=True)
        lines, names = self.lines(), self.ctl.names
        if not lines:
            empty = "move_log.empty" if self.mode == ALL else f"move_log.none.{self.game}"
            draw_text(surface, clip_text(t(empty), TEXT, inner.width), (inner.x,
                      area.y + px(TITLE + 6)), TEXT, GREY)
            return
        rows = self.rows_shown()
        last = len(lines) - self.back
        y = area.y + px(TITLE)
        for line in lines[max(0, last - rows):last]:
            rect = pygame.Rect(inner.x, y, inner.width, px(ROW))
            if line is lines[-1] and self.mode == ALL:          # the newest line is lit
                pygame.draw.rect(surface, NEWEST, rect.inflate(px(8), 0), border_radius=px(6))
            self.draw_line(surface, line, names, rect)
            y += px(ROW)
        if len(lines) > rows:                            # there is more: its scroll bar
            height = area.height - px(TITLE) - px(PAD)
            bar = pygame.Rect(area.right - px(5), 0, px(3), max(px(12), height * rows
                                                                // len(lines)))
            bar.y = area.y + px(TITLE) + (height - bar.height) * max(0, last - rows) // max(
                1, len(lines) - rows)
            pygame.draw.rect(surface, GOLD, bar, border_radius=px(2))

    def draw_line(self, surface, line: Line, names, rect: pygame.Rect) -> None:
        pictures = self.pictures(line.shown)
        offsets, width = [], 0             # each picture from the first; all of them
        for index, image in enumerate(pictures):
            offsets.append(width)
            last = index == len(pictures) - 1
            width += image.get_width() if last else self.step(image)
        for image, offset in zip(pictures, offsets):
            surface.blit(image, image.get_rect(midleft=(rect.right - width + offset,
                                                        rect.centery)))
        if line.kind == "deal":
            pygame.draw.line(surface, GOLD, (rect.x, rect.y + px(2)), (rect.right, rect.y + px(2)))
        words = GAMES[self.game].words
        colour = (GOLD if line.kind in MARKED or line.kind in words.marked
                  else GREY if line.kind in words.told else CREAM)
        # by the top: a text's box is only as tall as its letters; a long line (a Joker deal's
        # four scores in Georgian) shrinks a little before it is cut
        draw_text_within(surface, line_words(self.game, line, names), (rect.x, rect.y + px(10)),
                         TEXT, rect.width - width - (px(8) if width else 0), colour,
                         bold=line.kind == "deal")

    def step(self, image: pygame.Surface) -> int:
        """How far the next picture sits from this one: cards overlap, other things (an
        Apollo's two tiles) stand apart (the game's GameUi says which)."""
        if not GAMES[self.game].log_pictures_overlap:
            return image.get_width() + px(4)
        return round(image.get_width() * CARD_STEP)

    def pictures(self, shown: tuple) -> list[pygame.Surface]:
        """The cards or tiles of a line, drawn small by the game (its GameUi's
        `log_picture`; none without one)."""
        picture = GAMES[self.game].log_picture
        return [picture(item) for item in shown] if picture else []


def small_card(text: str) -> pygame.Surface:
    """A card as the move log draws it ("10H", "X1")."""
    return card_image(text, px(CARD_W))


def corner_buttons(size: tuple[int, int], hand: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the log's button and the previous trick / round's go unless a game says otherwise:
    side by side in the bottom left corner, left of the hand (window pixels)."""
    width = max(px(100), min(px(140), (hand.left - px(26)) // 2))
    left = pygame.Rect(px(12), size[1] - px(48), width, px(36))
    return left, left.move(left.width + px(6), 0)


def left_column(size: tuple[int, int], top: int, bottom: int) -> pygame.Rect:
    """The open panel in the table's left column, from `top` to `bottom` (window pixels; never
    shorter than two lines)."""
    width = min(px(WIDTH), size[0] * 2 // 5)
    return pygame.Rect(px(12), top, width, max(px(TITLE + 2 * ROW), bottom - top))
