"""The Review screen: a deal step by step with every hand open, and for each move of
the chosen seat the hard search's judgement: the move played against the best, the loss in the
game's unit, and a mistake marked with one line why.

    app.show("review", record, seat=…, deal=…, on_leave=…)

`record` is a scenario/1 record with its seats (a save, the history's, or the table's own). The
table is drawn at the left by the game's own table renderer (review_board.py), the side panel at
the right holds the deal and seat, the progress of the review, the moves and the judgement of
the move shown (review_panel.py draws it). The review of the seat's moves in the deal runs on a
worker thread (game/controller/review.py: ReviewJob); the screen steps, scrolls and goes back
meanwhile, and stops the job when it is left or another deal or seat is chosen.
"""

from __future__ import annotations

from typing import Callable

import pygame
from pygame_gui.elements import UIButton

from ai.evaluate import has_coach
from game.controller.review import ReviewedRecord, ReviewJob

from .i18n import t
from .review_board import make_board
from .review_panel import (ReviewLayout, draw_judgement, draw_moves, draw_progress,
                           judgement_height, judgement_lines, review_layout, wrapped_judgement)
from .resources import draw_text_within
from .scaling import px
from .scene import Scene
from .widgets import GOLD, draw_felt, draw_panel, set_enabled, set_label

#: keys that step through the deal: -1 back, +1 on
STEP_KEYS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}


class ReviewScene(Scene):
    back_on_escape = True
    #: the arrows step through the deal; Tab moves the focus over the buttons
    OWN_KEYS = frozenset((*STEP_KEYS, pygame.K_HOME, pygame.K_END))

    def __init__(self, app, record: dict, seat: int | None = None, deal: int | None = None,
                 on_leave: Callable[[], None] | None = None, hide_deal_in_play: bool = False):
        """`seat`: whose moves are judged (default: the human's); `deal`: the deal shown first
        (default: the last one played); `on_leave` is called when the screen closes;
        `hide_deal_in_play`: a saved table's unfinished deal is not shown (the table may be
        resumed, its hands still hidden)."""
        super().__init__(app)
        self.reviewed = ReviewedRecord(record, hide_deal_in_play)
        self.on_leave = on_leave
        deals = self.reviewed.deals
        self.seat = self.reviewed.default_seat if seat is None else seat
        self.deal = deal if deal in deals else (deals[-1] if deals else 0)
        self.judged: dict[int, dict[int, dict]] = {}   # seat -> action index -> judged move
        #: the game has a coach to judge its moves (a game without one is shown, not judged)
        self.judging = has_coach(self.reviewed.game)
        self.job: ReviewJob | None = None
        self.seen = 0                                   # the job's moves read so far
        self.step = 0
        self.first_row = 0                              # the move list's scroll
        self.layout: ReviewLayout = review_layout(app.size)
        self.positions = self.reviewed.positions(self.deal, self.seat) if deals else []
        self.board = (make_board(app, self.reviewed, self.positions[0], self.layout.board)
                      if self.positions else None)
        self.start_review()

    # --- what is shown ---------------------------------------------------------------------

    @property
    def position(self):
        return self.positions[self.step] if self.positions else None

    def result(self, position) -> dict | None:
        """The judgement of a position's move, once the review has made it."""
        if position is None or not position.judged:
            return None
        return self.judged.get(self.seat, {}).get(position.index)

    def progress(self) -> tuple[int, int]:
        """(moves judged, moves to judge) of the seat in the deal shown."""
        wanted = self.reviewed.judged(self.deal, self.seat)
        known = self.judged.get(self.seat, {})
        return sum(1 for index in wanted if index in known), len(wanted)

    def go_to(self, step: int) -> None:
        if not self.positions:
            return
        step = max(0, min(step, len(self.positions) - 1))
        if step != self.step:
            self.step = step
            self.board.show(self.positions[step])
        self.keep_step_in_view()
        self.sync_widgets()

    def parts(self) -> tuple[pygame.Rect, int, pygame.Rect]:
        """(the move list, its rows, the judgement box): the judgement of the move shown
        takes the room its words need, the list the rest."""
        wrapped = wrapped_judgement(judgement_lines(self), self.layout.lower.width)
        return self.layout.split(judgement_height(wrapped))

    def keep_step_in_view(self) -> None:
        rows = self.parts()[1]
        if self.step < self.first_row:
            self.first_row = self.step
        elif self.step >= self.first_row + rows:
            self.first_row = self.step - rows + 1
        self.first_row = max(0, min(self.first_row, len(self.positions) - rows))

    def choose(self, deal: int | None = None, seat: int | None = None) -> None:
        """Another deal or seat: its positions, from the first, and its review."""
        self.deal = self.deal if deal is None else deal
        self.seat = self.seat if seat is None else seat
        self.positions = self.reviewed.positions(self.deal, self.seat)
        self.step = self.first_row = 0
        self.board = make_board(self.app, self.reviewed, self.positions[0], self.layout.board)
        self.start_review()
        self.rebuild()

    # --- the review on its worker thread -------------------------------------------------------

    def start_review(self) -> None:
        """Judge the seat's moves of the deal shown that are not judged yet (the last job is
        stopped: its finished moves are kept)."""
        self.stop_review()
        known = self.judged.setdefault(self.seat, {})
        wanted = [index for index in self.reviewed.judged(self.deal, self.seat)
                  if index not in known]
        if wanted and self.judging:
            self.job = self.reviewed.review_job(self.seat, wanted, self.app.review_search)
            self.seen = 0

    def stop_review(self) -> None:
        if self.job is not None:
            self.collect()
            self.job.cancel()
            self.job = None

    def collect(self) -> int:
        """Take the moves the job judged since the last frame; returns how many."""
        job = self.job
        fresh = job.moves[self.seen:]
        self.seen += len(fresh)
        for move in fresh:
            self.judged.setdefault(job.seat, {})[move["index"]] = move
        return len(fresh)

    # --- widgets ---------------------------------------------------------------------------------

    def build(self) -> None:
        self.layout = review_layout(self.app.size)
        if self.board is not None:
            self.board.place(self.layout.board)
        self.keep_step_in_view()
        layout, manager = self.layout, self.app.manager
        self.previous_deal = self.add(UIButton(layout.previous_deal, "◀", manager))
        self.next_deal = self.add(UIButton(layout.next_deal, "▶", manager))
        self.seat_button = self.add(UIButton(layout.seat, "", manager))
        self.back_step = self.add(UIButton(layout.back_step, "◀", manager))
        self.next_step = self.add(UIButton(layout.next_step, "▶", manager))
        self.back = self.add(UIButton(layout.back, t("saves.back"), manager))
        self.sync_widgets()

    def sync_widgets(self) -> None:
        if not self.widgets:
            return
        deals = self.reviewed.deals
        place = deals.index(self.deal) if self.deal in deals else 0
        set_enabled(self.previous_deal, place > 0)
        set_enabled(self.next_deal, place < len(deals) - 1)
        set_label(self.seat_button, t("review.seat", name=self.reviewed.names[self.seat]))
        set_enabled(self.seat_button, bool(deals))
        set_enabled(self.back_step, self.step > 0)
        set_enabled(self.next_step, self.step < len(self.positions) - 1)

    # --- input -----------------------------------------------------------------------------------

    def on_button(self, element) -> None:
        deals = self.reviewed.deals
        if element is self.back:
            self.go_back()
        elif element is self.back_step or element is self.next_step:
            self.go_to(self.step + (-1 if element is self.back_step else 1))
        elif element is self.previous_deal or element is self.next_deal:
            place = deals.index(self.deal) + (-1 if element is self.previous_deal else 1)
            self.choose(deal=deals[max(0, min(place, len(deals) - 1))])
        elif element is self.seat_button:
            self.choose(seat=(self.seat + 1) % len(self.reviewed.names))

    def handle(self, event) -> None:
        super().handle(event)
        if self.app.stack.top is not self or not self.positions:
            return
        if event.type == pygame.KEYDOWN and event.key in STEP_KEYS:
            self.go_to(self.step + STEP_KEYS[event.key])
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.go_to(0 if event.key == pygame.K_HOME else len(self.positions) - 1)
        elif event.type == pygame.MOUSEWHEEL and self.parts()[0].collidepoint(
                pygame.mouse.get_pos()):
            self.scroll(-event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None:
                self.go_to(row)

    def scroll(self, rows: int) -> None:
        most = max(0, len(self.positions) - self.parts()[1])
        self.first_row = max(0, min(self.first_row + rows, most))

    def row_at(self, pos) -> int | None:
        """The position whose row of the move list is under `pos`."""
        moves = self.parts()[0]
        if not moves.collidepoint(pos):
            return None
        row = self.first_row + (pos[1] - moves.y) // self.layout.row_height
        return row if row < len(self.positions) else None

    def go_back(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_close(self) -> None:
        self.stop_review()
        super().on_close()
        if self.on_leave is not None:
            leave, self.on_leave = self.on_leave, None
            leave()

    # --- the frame -------------------------------------------------------------------------------

    def update(self, now: float, dt: float) -> None:
        if self.job is None:
            return
        if self.collect():
            self.keep_step_in_view()        # the judgement shown may have grown
        if self.job.finished and self.job.error is None:
            self.job = None

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_felt(surface)
        if self.board is not None:
            self.board.draw(surface)
        draw_panel(surface, layout.side, 235)
        title = t("review.title", game=t(f"menu.{self.reviewed.game}"))
        draw_text_within(surface, title, (layout.side.centerx, layout.side.y + px(12)), 20,
                         layout.inner.width, GOLD, bold=True, anchor="midtop")
        draw_progress(self, surface)
        draw_moves(self, surface)
        wrapped = wrapped_judgement(judgement_lines(self), layout.lower.width)
        draw_judgement(surface, layout.split(judgement_height(wrapped))[2], wrapped)
