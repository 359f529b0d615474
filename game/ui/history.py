"""History: the finished games, newest first (game, when, deals, each player's total, who won),
a page at a time, filtered by game. Each can be exported as a scenario/1 file (into the data
directory's `exports/` folder) or opened on the Review screen. Import
reads every scenario/1 file in `imports/`, checks it as a save is checked, and records the
finished ones (a file already recorded is stored once); the files stay where they are.

The list follows the history: games the writer commits while the screen is open appear."""

from __future__ import annotations

import time

import pygame
from pygame_gui.elements import UIButton

from game.core.options import resolve_options
from game.core.registry import game_names, get_game
from game.history.rows import UnreadableRow
from game.paths import WRITE_ERRORS
from game.history.stats import (ImportRefused, export_game, finished_games,
                                game_record, import_game)

from .history_words import skipped_words
from .i18n import number, t
from .notices import write_failure_words
from .paged_list import DETAIL_COLOUR, ListLook, PagedListScene
from .resources import clip_text, draw_text
from .scaling import px, px_rect
from .widgets import CREAM, GOLD

EXPORTS, IMPORTS = "exports", "imports"
ROW_BUTTON = (130, 32)       # design pixels, as every length here
LOOK = ListLook(title="history.title", empty="history.empty", title_top=22, list_top=130,
                row_height=84, row_gap=8, row_width=1100, side_margin=30, bottom_bar=70,
                list_margin=8, message_size=15, message_line=20, empty_gap=30)
#: the game filter: None is every game


def game_line(row) -> str:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row.finished_at))
    definition = get_game(row.game)
    # an open-ended table (Tiến Lên) plays games one after another, not a match's deals
    kind = ("games" if definition.deals_in_match(resolve_options(definition.options, {}))
            is None else "deals")
    deals = t(f"history.{kind}_one") if row.deals == 1 else t(f"history.{kind}", count=row.deals)
    return f"{t(f'menu.{row.game}')} · {when} · {deals}"


def totals_line(row) -> str:
    return " · ".join(f"{name} {number(total)}" for name, total in zip(row.names,
                                                                              row.totals))


class HistoryScene(PagedListScene):
    LOOK = LOOK

    def __init__(self, app):
        super().__init__(app)
        self.game: str | None = None
        self.note = ""                         # games that could not be read, a stand-in
        self.seen = app.history.finished       # the writer's count when the list was read

    # the list ----------------------------------------------------------------------------------
    def message_text(self) -> str:
        """The note (games not shown) and the last action's message."""
        return " ".join(filter(None, (self.note, self.message)))

    def page_items(self, per_page: int) -> tuple[list, int]:
        """The page's readable games; the note says how many could not be read."""
        page = finished_games(self.app.history.read, self.game, per_page, self.page * per_page)
        self.note = " ".join(filter(None, (
            "" if self.app.history.live else t("history_safety.stand_in"),
            skipped_words("skipped_games", page.skipped))))
        return page.rows, page.count

    def row_lines(self, row, rect: pygame.Rect) -> tuple:
        text_width = rect.width - px(ROW_BUTTON[0] + 44)
        winners = t("history.winner", names=", ".join(row.winners)) if row.winners else ""
        return (clip_text(game_line(row), 18, text_width, bold=True),
                clip_text(totals_line(row), 15, text_width),
                clip_text(winners, 14, text_width))

    def build(self) -> None:
        width, height = self.app.size
        manager = self.app.manager
        self.place()
        self.exports, self.reviews = {}, {}
        for row, rect, _ in self.rows:
            export, review = px_rect(0, 0, *ROW_BUTTON), px_rect(0, 0, *ROW_BUTTON)
            export.topright = (rect.right - px(12), rect.y + px(8))
            review.bottomright = (rect.right - px(12), rect.bottom - px(8))
            self.exports[self.add(UIButton(export, self.fit(t("history.export"), export),
                                           manager))] = row
            self.reviews[self.add(UIButton(review, self.fit(t("history.review"), review),
                                           manager))] = row
        game_name = t(f"menu.{self.game}") if self.game else t("history.all_games")
        choice = pygame.Rect(0, px(72), px(360), px(40))
        choice.centerx = width // 2
        self.game_button = self.add(UIButton(choice, self.fit(game_name, choice), manager))
        self.back = self.add(UIButton(pygame.Rect(px(30), height - px(56), px(150), px(44)),
                                      t("saves.back"), manager))
        importing = pygame.Rect(px(190), height - px(56), px(150), px(44))
        self.import_button = self.add(UIButton(importing, self.fit(t("history.import"),
                                                                   importing), manager))
        statistics = pygame.Rect(0, 0, px(200), px(44))
        statistics.bottomright = (width - px(30), height - px(12))
        self.statistics = self.add(UIButton(statistics, self.fit(t("menu.statistics"),
                                                                 statistics), manager))
        self.add_page_buttons(statistics.x - px(20), height - px(56))

    @staticmethod
    def fit(text: str, rect: pygame.Rect) -> str:
        return clip_text(text, 18, rect.width - px(14))

    # input -------------------------------------------------------------------------------------
    def on_button(self, element) -> None:
        if element in self.exports:
            self.export(self.exports[element])
        elif element in self.reviews:
            try:
                record = game_record(self.app.history.read, self.reviews[element].id)
            except UnreadableRow:
                self.say(t("history_safety.record_unreadable"))
                return
            self.app.show("review", record)
        elif element is self.game_button:
            choices = (None, *game_names())
            self.game = choices[(choices.index(self.game) + 1) % len(choices)]
            self.page = 0
            self.rebuild()
        elif element is self.import_button:
            self.import_files()
        elif element is self.statistics:
            self.app.show("statistics", self.game or game_names()[0])
        elif element is self.back:
            self.go_back()
        else:
            self.turns_page(element)

    def update(self, now: float, dt: float) -> None:
        if self.app.history.finished != self.seen:     # the writer stored something new
            self.seen = self.app.history.finished
            self.rebuild()

    def export(self, row) -> None:
        folder = self.app.data_dir / EXPORTS
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(row.finished_at))
        path = folder / f"{row.game}-{stamp}-{row.id}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            export_game(self.app.history.read, row.id, path)
        except WRITE_ERRORS as error:
            self.say(t("history.export_failed", reason=write_failure_words(error)))
            return
        except UnreadableRow:
            self.say(t("history_safety.record_unreadable"))
            return
        self.say(t("history.exported", file=path.name, folder=str(folder)))

    def import_files(self) -> None:
        folder = self.app.data_dir / IMPORTS
        files = sorted(folder.glob("*.json")) if folder.is_dir() else []
        if not files:
            folder.mkdir(parents=True, exist_ok=True)
            self.say(t("history.import_none", folder=str(folder)))
            return
        taken, refused, unfinished = 0, [], []
        for path in files:
            try:
                import_game(self.app.history, path)
                taken += 1
            except ImportRefused as error:
                (unfinished if error.code == "not_finished" else refused).append(path.name)
        words = [t("history.imported", count=taken, folder=str(folder))]
        if refused:
            words.append(t("history.import_refused", files=", ".join(refused)))
        if unfinished:
            words.append(t("history.import_unfinished", files=", ".join(unfinished)))
        self.say(" ".join(words))

    # drawing -----------------------------------------------------------------------------------
    def page_words_at(self) -> tuple[tuple[int, int], str]:
        """Beside the game filter."""
        return (self.game_button.rect.right + px(16), self.game_button.rect.centery), "midleft"

    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, lines: tuple) -> None:
        title, totals, winners = lines
        draw_text(surface, title, (rect.x + px(16), rect.y + px(8)), 18, GOLD, bold=True)
        draw_text(surface, totals, (rect.x + px(16), rect.y + px(36)), 15, CREAM)
        draw_text(surface, winners, (rect.x + px(16), rect.y + px(58)), 14, DETAIL_COLOUR)
