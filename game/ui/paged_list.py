"""The paged list screen, written once for Continue (saves.py) and History (history.py): a title,
a page of rows (each a panel with its lines and its buttons), the page buttons ◀ ▶ and the mouse
wheel turning pages, "page n of m", and a message wrapped above the bottom bar (what was just
done, or what could not be read). Esc goes back (`Scene.back_on_escape`).

A screen says how it looks (a `ListLook`), which items a page holds (`page_items`), each row's
lines (`row_lines`) and how a row is drawn (`draw_row`); it adds its own buttons in `build`.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIButton

from .i18n import t
from .resources import draw_text, text_image, wrap_text
from .scaling import px
from .scene import Scene
from .widgets import CREAM, GOLD, draw_felt, draw_panel, set_enabled

MESSAGE_COLOUR = (255, 190, 160)
DETAIL_COLOUR = (200, 210, 196)
PAGE_BUTTON = (60, 44)        # design pixels, as every length here
PAGE_BUTTON_GAP = 10


@dataclass(frozen=True)
class ListLook:
    title: str                # locale keys
    empty: str
    title_top: int
    list_top: int             # the first row's top
    row_height: int
    row_gap: int
    row_width: int            # at most; and at least `side_margin` from the window's edges
    side_margin: int
    bottom_bar: int           # the Back and page buttons, from the window's bottom edge
    list_margin: int          # between the last row and the message (or the bottom bar)
    message_size: int
    message_line: int
    empty_gap: int            # the empty list's words, below the list's top


class PagedListScene(Scene):
    back_on_escape = True
    LOOK: ListLook

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.pages = 1
        self.message = ""
        self.rows: list = []              # (item, row rect, its lines) on the page shown
        self.message_placed: list = []    # (line, rect)
        self.previous = self.next = None

    # what a screen says ------------------------------------------------------------------------
    def page_items(self, per_page: int) -> tuple[list, int]:
        """The items of page `self.page` (at most `per_page`) and how many there are in all."""
        raise NotImplementedError

    def row_lines(self, item, row: pygame.Rect) -> tuple:
        raise NotImplementedError

    def draw_row(self, surface: pygame.Surface, row: pygame.Rect, lines: tuple) -> None:
        raise NotImplementedError

    def message_text(self) -> str:
        return self.message

    # layout ------------------------------------------------------------------------------------
    def place_message(self) -> list:
        """The message wrapped to the window, just above the bottom bar: (line, rect) pairs."""
        look, (width, height) = self.LOOK, self.app.size
        text = self.message_text()
        lines = wrap_text(text, look.message_size, width - px(80)) if text else []
        placed = []
        for number, line in enumerate(reversed(lines)):
            rect = text_image(line, look.message_size, MESSAGE_COLOUR).get_rect()
            rect.midbottom = (width // 2,
                              height - px(look.bottom_bar + 4 + number * look.message_line))
            placed.append((line, rect))
        return placed[::-1]

    def per_page(self) -> int:
        look = self.LOOK
        bottom = (self.message_placed[0][1].top if self.message_placed
                  else self.app.size[1] - px(look.bottom_bar)) - px(look.list_margin)
        return max(1, (bottom - px(look.list_top - look.row_gap))
                   // px(look.row_height + look.row_gap))

    def read_page(self, per_page: int) -> list:
        items, count = self.page_items(per_page)
        self.pages = max(1, -(-count // per_page))
        if self.page >= self.pages:
            self.page = self.pages - 1
            items, count = self.page_items(per_page)
        return items

    def place(self) -> None:
        """The page's rows and the message for the window's size."""
        look, width = self.LOOK, self.app.size[0]
        self.message_placed = self.place_message()
        per_page = self.per_page()
        items = self.read_page(per_page)
        self.message_placed = self.place_message()     # reading may have left a note
        if self.per_page() != per_page:                 # the note took room: a shorter page
            items = self.read_page(self.per_page())
        row_width = min(px(look.row_width), width - px(2 * look.side_margin))
        self.rows = []
        for index, item in enumerate(items):
            row = pygame.Rect(0, 0, row_width, px(look.row_height))
            row.midtop = (width // 2, px(look.list_top + index * (look.row_height
                                                                  + look.row_gap)))
            self.rows.append((item, row, self.row_lines(item, row)))

    def resized(self) -> None:
        self.place()

    def add_page_buttons(self, right: int, top: int) -> None:
        """◀ ▶ ending at `right`, when there is more than one page."""
        self.previous = self.next = None
        if self.pages <= 1:
            return
        width, height = px(PAGE_BUTTON[0]), px(PAGE_BUTTON[1])
        self.next = self.add(UIButton(pygame.Rect(right - width, top, width, height), "▶",
                                      self.app.manager))
        self.previous = self.add(UIButton(pygame.Rect(
            right - 2 * width - px(PAGE_BUTTON_GAP), top, width, height), "◀", self.app.manager))
        set_enabled(self.previous, self.page > 0)
        set_enabled(self.next, self.page < self.pages - 1)

    # input -------------------------------------------------------------------------------------
    def turns_page(self, element) -> bool:
        """A page button was pressed (the page is turned)."""
        if element is None or element not in (self.previous, self.next):
            return False
        self.turn_page(-1 if element is self.previous else 1)
        return True

    def turn_page(self, step: int) -> None:
        page = min(max(0, self.page + step), self.pages - 1)
        if page != self.page:
            self.page = page
            self.rebuild()

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEWHEEL and self.app.stack.top is self:
            self.turn_page(-event.y)

    def say(self, message: str) -> None:
        self.message = message
        self.rebuild()

    # drawing -----------------------------------------------------------------------------------
    def page_words_at(self) -> tuple[tuple[int, int], str]:
        """Where "page n of m" goes (and its anchor): left of the page buttons."""
        return (self.previous.rect.left - px(14), self.previous.rect.centery), "midright"

    def draw(self, surface: pygame.Surface) -> None:
        look = self.LOOK
        draw_felt(surface)
        width = surface.get_width()
        draw_text(surface, t(look.title), (width // 2, px(look.title_top)), 30, GOLD, bold=True,
                  anchor="midtop")
        if not self.rows:
            draw_text(surface, t(look.empty), (width // 2, px(look.list_top + look.empty_gap)),
                      20, CREAM, anchor="midtop")
        for _, row, lines in self.rows:
            draw_panel(surface, row, 200)
            self.draw_row(surface, row, lines)
        if self.pages > 1 and self.previous is not None:
            where, anchor = self.page_words_at()
            draw_text(surface, t("saves.page", page=self.page + 1, pages=self.pages), where, 16,
                      CREAM, anchor=anchor)
        for line, rect in self.message_placed:
            draw_text(surface, line, rect.topleft, look.message_size, MESSAGE_COLOUR)
