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

from game.controller.autosave import DamagedSave, open_save, read_saved_record
from game.controller.saves import SavedTable

from .file_words import shown_name, with_reason
from .games import open_table
from .i18n import t, t_own
from .paged_list import DETAIL_COLOUR, ListLook, PagedListScene
from .resources import clip_text, draw_text, fit_size, font, wrap_text
from .scaling import px, px_rect
from .widgets import CREAM, GOLD

ROW_BUTTON = (140, 36)        # design pixels, as every length here
LOOK = ListLook(title="saves.title", empty="saves.empty", title_top=24, list_top=80,
                row_height=92, row_gap=10, row_width=1000, side_margin=40, bottom_bar=76,
                list_margin=10, message_size=16, message_line=22, empty_gap=40)


def place_words(saved: SavedTable) -> str:
    """Where the table stopped: "Deal 4 of 12", a tie-break deal, or Tiến Lên's "Game 3"."""
    number = max(1, saved.deals)
    if saved.deals_in_match is None:
        return t("saves.place.game", number=number)
    if number > saved.deals_in_match:
        return t("saves.place.tiebreak", number=number - saved.deals_in_match)
    # a game may name its deal its own way (Indonesian: a domino "gocokan", a Joker "kocokan")
    return t_own("saves.place.deal", f"{saved.game}.saves.place.deal", number=number,
                 total=saved.deals_in_match)


def players_words(saved: SavedTable) -> str:
    """The seats: a name, a friend's who joins from another screen (a hosted table), or an
    AI's with its level."""
    return ", ".join(seat_words(seat) for seat in saved.seats)


def seat_words(seat) -> str:
    if seat.is_remote:
        return t("saves.friend_seat", name=seat.name)
    if seat.is_human:
        return seat.name
    return t("saves.ai_seat", name=seat.name, level=t(f"setup.level.{seat.level}"))


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


class SavesScene(PagedListScene):
    LOOK = LOOK

    def __init__(self, app):
        super().__init__(app)
        listing = app.saves.listing()
        self.tables: list[SavedTable] = listing.tables
        self.message = " ".join(damaged_words(damaged) for damaged in listing.damaged)

    # the list --------------------------------------------------------------------------------
    def page_items(self, per_page: int) -> tuple[list, int]:
        return self.tables[self.page * per_page:(self.page + 1) * per_page], len(self.tables)

    def row_lines(self, saved: SavedTable, row: pygame.Rect) -> tuple:
        text_width = row.width - px(ROW_BUTTON[0] + 48)
        beside_two = beside_buttons(row.width)
        title = f"{t(f'menu.{saved.game}')} · {place_words(saved)}"
        return (clip_text(title, fit_size(title, 20, beside_two, bold=True), beside_two,
                          bold=True),
                players_lines(players_words(saved), beside_two),
                clip_text(t("saves.last_played", when=played_at(saved)), 14, text_width))

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
        self.add_page_buttons(width - px(40), height - px(66))

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
        else:
            self.turns_page(element)

    def handle(self, event) -> None:
        super().handle(event)
        if self.app.stack.top is not self:
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            buttons = (list(self.open_buttons) + list(self.delete_buttons)
                       + list(self.review_buttons))
            if any(button.rect.collidepoint(event.pos) for button in buttons):
                return                              # the button says what to do
            for saved, row, _ in self.rows:
                if row.collidepoint(event.pos):
                    self.open(saved)
                    return

    def open(self, saved: SavedTable) -> None:
        try:
            table, seats, settings, clock = open_save(saved.path)
        except DamagedSave as damaged:
            self.forget(saved, damaged_words(damaged))
            return
        open_table(self.app, table, seats, settings, save_path=saved.path, clock=clock)

    def review(self, saved: SavedTable) -> None:
        """The deals finished so far on the Review screen (the table stays saved as it is; the
        deal in play is not shown: its hands are still hidden)."""
        try:
            record = read_saved_record(saved.path)
        except DamagedSave as damaged:
            self.forget(saved, damaged_words(damaged))
            return
        self.app.show("review", record, hide_deal_in_play=True)

    def ask_to_delete(self, saved: SavedTable) -> None:
        question = t("saves.delete_question", game=t(f"menu.{saved.game}"),
                     place=place_words(saved), when=played_at(saved))
        self.app.show("confirm", question, t("saves.delete"), lambda: self.delete(saved))

    def delete(self, saved: SavedTable) -> None:
        try:
            moved = self.app.saves.trash(saved.path)
        except OSError:
            self.say(t("saves.delete_failed", file=shown_name(saved.path)))
            return
        self.forget(saved, t("saves.deleted", file=shown_name(moved)))

    def forget(self, saved: SavedTable, message: str) -> None:
        """Take a table off the list (deleted, or set aside) and say so."""
        self.tables.remove(saved)
        self.say(message)

    # drawing ---------------------------------------------------------------------------------
    def draw_row(self, surface: pygame.Surface, row: pygame.Rect, lines: tuple) -> None:
        title, players, played = lines
        draw_text(surface, title, (row.x + px(18), row.y + px(10)),
                  fit_size(title, 20, beside_buttons(row.width), bold=True), GOLD, bold=True)
        players = players.split("\n")
        size = 16 if len(players) == 1 else 14
        y = row.y + px(40 if len(players) == 1 else 34)
        for line in players:
            y = draw_text(surface, line, (row.x + px(18), y), size, CREAM).bottom
        # a little air between the players and the date, which would read as one block
        draw_text(surface, played, (row.x + px(18), max(y + px(5), row.y + px(64))), 14,
                  DETAIL_COLOUR)
