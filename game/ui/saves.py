"""Continue: every saved table, newest first: its game, players, where it stopped and when it
was last played. A click on a table (or its Open button) resumes it; Review opens the deals
finished so far on the Review screen; Delete asks first, then moves the file to the trash
folder. A damaged save found here is set aside and named.

The list comes from `SaveFolder.listing()`, which reads each file's envelope without replaying
the game; a save is replayed (and checked move by move) only when it is opened.
"""

from __future__ import annotations

import time

import pygame
from pygame_gui.elements import UIButton

from game.controller.autosave import DamagedSave, read_save
from game.controller.saves import SavedTable
from game.save_format import with_seats

from .file_words import shown_name, with_reason
from .games import open_table
from .i18n import t
from .resources import clip_text, draw_text, fit_size, font, text_image, wrap_text
from .scaling import px, px_rect
from .scene import Scene
from .widgets import CREAM, GOLD, draw_felt, draw_panel, set_enabled

LIST_TOP = 80                 # design pixels, as every length here
ROW_HEIGHT, ROW_GAP = 92, 10
ROW_BUTTON = (140, 36)
BOTTOM_BAR = 76               # the Back and page buttons, from the window's bottom edge
MESSAGE_SIZE, MESSAGE_LINE = 16, 22
MESSAGE_COLOUR = (255, 190, 160)
DETAIL_COLOUR = (200, 210, 196)


def place_words(saved: SavedTable) -> str:
    """Where the table stopped: "Deal 4 of 12", a tie-break deal, or Tiến Lên's "Game 3"."""
    number = max(1, saved.deals)
    if saved.deals_in_match is None:
        return t("saves.place.game", number=number)
    if number > saved.deals_in_match:
        return t("saves.place.tiebreak", number=number - saved.deals_in_match)
    return t("saves.place.deal", number=number, total=saved.deals_in_match)


def players_words(saved: SavedTable) -> str:
    return ", ".join(seat.name if seat.is_human else t(
        "saves.ai_seat", name=seat.name, level=t(f"setup.level.{seat.level}"))
        for seat in saved.seats)


def beside_buttons(row_width: int) -> int:
    """The width of a row's lines beside its Review and Open buttons."""
    return row_width - px(ROW_BUTTON[0] + 48) - px(ROW_BUTTON[0] + 10)


def players_lines(words: str, width: int) -> str:
    """The players, whole: on one line, else on two a little smaller (cut short only past
    them), a line break between."""
    if font(16).get_rect(words).width <= width:
        return words
    lines = wrap_text(words, 14, width)
    if len(lines) > 2:
        lines = [lines[0], clip_text(" ".join(lines[1:]), 14, width)]
    return "\n".join(lines)


def played_at(saved: SavedTable) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.saved_at))


def damaged_words(damaged: DamagedSave) -> str:
    """A save that could not be read, named, and where it was kept (never the reader's own
    error text: that is English and technical)."""
    if damaged.moved_to is None:
        return with_reason(t("saves.unreadable", file=shown_name(damaged.path)), damaged.code)
    return with_reason(t("saves.damaged", file=shown_name(damaged.path),
                         aside=shown_name(damaged.moved_to)), damaged.code)


class SavesScene(Scene):
    back_on_escape = True

    def __init__(self, app):
        super().__init__(app)
        listing = app.saves.listing()
        self.tables: list[SavedTable] = listing.tables
        self.message = " ".join(damaged_words(damaged) for damaged in listing.damaged)
        self.page = 0
        self.rows: list = []          # (saved, row rect, its lines) on the page shown
        self.message_placed: list = []

    # layout ----------------------------------------------------------------------------------
    def place_message(self) -> list:
        """The message wrapped to the window, just above the bottom bar: (line, rect) pairs."""
        width, height = self.app.size
        lines = wrap_text(self.message, MESSAGE_SIZE, width - px(80)) if self.message else []
        placed = []
        for number, line in enumerate(reversed(lines)):
            rect = text_image(line, MESSAGE_SIZE, MESSAGE_COLOUR).get_rect()
            rect.midbottom = (width // 2, height - px(BOTTOM_BAR + 4 + number * MESSAGE_LINE))
            placed.append((line, rect))
        return placed[::-1]

    def rows_per_page(self) -> int:
        bottom = (self.message_placed[0][1].top if self.message_placed
                  else self.app.size[1] - px(BOTTOM_BAR)) - px(10)
        return max(1, (bottom - px(LIST_TOP - ROW_GAP)) // px(ROW_HEIGHT + ROW_GAP))

    def place(self) -> None:
        """The page's rows and the message for the window's size."""
        width = self.app.size[0]
        self.message_placed = self.place_message()
        per_page = self.rows_per_page()
        self.pages = max(1, -(-len(self.tables) // per_page))
        self.page = min(self.page, self.pages - 1)
        shown = self.tables[self.page * per_page:(self.page + 1) * per_page]
        row_width = min(px(1000), width - px(80))
        text_width = row_width - px(ROW_BUTTON[0] + 48)
        beside_two = beside_buttons(row_width)
        self.rows = []
        for index, saved in enumerate(shown):
            row = pygame.Rect(0, 0, row_width, px(ROW_HEIGHT))
            row.midtop = (width // 2, px(LIST_TOP + index * (ROW_HEIGHT + ROW_GAP)))
            title = f"{t(f'menu.{saved.game}')} · {place_words(saved)}"
            lines = (clip_text(title, fit_size(title, 20, beside_two, bold=True), beside_two,
                               bold=True),
                     players_lines(players_words(saved), beside_two),
                     clip_text(t("saves.last_played", when=played_at(saved)), 14, text_width))
            self.rows.append((saved, row, lines))

    def resized(self) -> None:
        self.place()

    def build(self) -> None:
        width, height = self.app.size
        manager = self.app.manager
        self.place()
        self.open_buttons, self.delete_buttons, self.review_buttons = {}, {}, {}
        for saved, row, _ in self.rows:
            opens, deletes = px_rect(0, 0, *ROW_BUTTON), px_rect(0, 0, *ROW_BUTTON)
            reviews = px_rect(0, 0, *ROW_BUTTON)
            opens.topright = (row.right - px(14), row.y + px(8))
            reviews.topright = (opens.left - px(10), opens.top)
            deletes.bottomright = (row.right - px(14), row.bottom - px(8))
            self.open_buttons[self.add(UIButton(opens, t("saves.open"), manager))] = saved
            self.review_buttons[self.add(UIButton(reviews, t("review.open"), manager))] = saved
            self.delete_buttons[self.add(UIButton(deletes, t("saves.delete"), manager))] = saved
        self.back = self.add(UIButton(pygame.Rect(px(40), height - px(66), px(160), px(44)),
                                      t("saves.back"), manager))
        self.previous = self.next = None
        if self.pages > 1:
            self.previous = self.add(UIButton(
                pygame.Rect(width - px(176), height - px(66), px(60), px(44)), "◀", manager))
            self.next = self.add(UIButton(
                pygame.Rect(width - px(100), height - px(66), px(60), px(44)), "▶", manager))
            set_enabled(self.previous, self.page > 0)
            set_enabled(self.next, self.page < self.pages - 1)

    # input -----------------------------------------------------------------------------------
    def on_button(self, element) -> None:
        if element in self.open_buttons:
            self.open(self.open_buttons[element])
        elif element in self.review_buttons:
            self.review(self.review_buttons[element])
        elif element in self.delete_buttons:
            self.ask_to_delete(self.delete_buttons[element])
        elif element is self.back:
            self.go_back()
        elif element is self.previous or element is self.next:
            self.turn_page(-1 if element is self.previous else 1)

    def handle(self, event) -> None:
        super().handle(event)
        if self.app.stack.top is not self:
            return
        if event.type == pygame.MOUSEWHEEL:
            self.turn_page(-1 if event.y > 0 else 1)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            buttons = (list(self.open_buttons) + list(self.delete_buttons)
                       + list(self.review_buttons))
            if any(button.rect.collidepoint(event.pos) for button in buttons):
                return                              # the button says what to do
            for saved, row, _ in self.rows:
                if row.collidepoint(event.pos):
                    self.open(saved)
                    return

    def turn_page(self, step: int) -> None:
        page = min(max(0, self.page + step), self.pages - 1)
        if page != self.page:
            self.page = page
            self.rebuild()

    def open(self, saved: SavedTable) -> None:
        try:
            table, seats, settings = read_save(saved.path)
        except DamagedSave as damaged:
            self.forget(saved, damaged_words(damaged))
            return
        open_table(self.app, table, seats, settings, save_path=saved.path)

    def review(self, saved: SavedTable) -> None:
        """The deals finished so far on the Review screen (the table stays saved as it is; the
        deal in play is not shown: its hands are still hidden)."""
        try:
            table, seats, _ = read_save(saved.path)
        except DamagedSave as damaged:
            self.forget(saved, damaged_words(damaged))
            return
        self.app.show("review", with_seats(table.record, seats), hide_deal_in_play=True)

    def ask_to_delete(self, saved: SavedTable) -> None:
        question = t("saves.delete_question", game=t(f"menu.{saved.game}"),
                     place=place_words(saved), when=played_at(saved))
        self.app.show("confirm", question, t("saves.delete"), lambda: self.delete(saved))

    def delete(self, saved: SavedTable) -> None:
        try:
            moved = self.app.saves.trash(saved.path)
        except OSError:
            self.message = t("saves.delete_failed", file=shown_name(saved.path))
            self.rebuild()
            return
        self.forget(saved, t("saves.deleted", file=shown_name(moved)))

    def forget(self, saved: SavedTable, message: str) -> None:
        """Take a table off the list (deleted, or set aside) and say so."""
        self.tables.remove(saved)
        self.message = message
        self.rebuild()

    # drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        width, height = surface.get_size()
        draw_text(surface, t("saves.title"), (width // 2, px(24)), 30, GOLD, bold=True,
                  anchor="midtop")
        if not self.tables:
            draw_text(surface, t("saves.empty"), (width // 2, px(LIST_TOP + 40)), 20, CREAM,
                      anchor="midtop")
        for _, row, (title, players, played) in self.rows:
            draw_panel(surface, row, 200)
            draw_text(surface, title, (row.x + px(18), row.y + px(10)),
                      fit_size(title, 20, beside_buttons(row.width), bold=True), GOLD, bold=True)
            players = players.split("\n")
            size = 16 if len(players) == 1 else 14
            y = row.y + px(40 if len(players) == 1 else 35)
            for line in players:
                y = draw_text(surface, line, (row.x + px(18), y), size, CREAM).bottom + px(1)
            draw_text(surface, played, (row.x + px(18), max(y + px(2), row.y + px(64))), 14,
                      DETAIL_COLOUR)
        if self.pages > 1:
            draw_text(surface, t("saves.page", page=self.page + 1, pages=self.pages),
                      (width - px(190), height - px(44)), 16, CREAM, anchor="midright")
        for line, rect in self.message_placed:
            draw_text(surface, line, rect.topleft, MESSAGE_SIZE, MESSAGE_COLOUR)
