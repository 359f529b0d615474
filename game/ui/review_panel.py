"""The Review screen's side panel: where things sit, and drawing the progress of the review, the
list of moves and the judgement of the move shown (review_screen.py owns the state)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.registry import get_game

from .i18n import decimal, t
from .move_words import move_words
from .resources import clip_text, draw_text, draw_text_within, font, text_image, wrap_text
from .scaling import px
from .widgets import CREAM, GOLD

SIDE_WIDTH = (290, 380)        # design pixels, as every length here: the panel's least and most
PAD = 12
ROW = 26                       # a row of the move list
JUDGEMENT = 120                # the judgement of the move shown (at least), at the bottom
BOTTOM = 58                    # the step and Back buttons
TEXT, SMALL = 15, 14
GREY = (168, 180, 166)
RED = (255, 150, 130)
GREEN = (160, 230, 160)
HIGHLIGHT = (40, 78, 54)


@dataclass(frozen=True)
class ReviewLayout:
    """The screen's parts in window pixels."""
    board: pygame.Rect           # the table, at the left
    side: pygame.Rect            # the panel, at the right
    inner: pygame.Rect           # the panel inside its margins
    previous_deal: pygame.Rect
    deal: pygame.Rect            # the deal's number, between its arrows
    next_deal: pygame.Rect
    seat: pygame.Rect            # whose moves are judged
    progress: pygame.Rect
    lower: pygame.Rect           # the list of moves over the judgement (`split`)
    back_step: pygame.Rect
    next_step: pygame.Rect
    back: pygame.Rect

    @property
    def row_height(self) -> int:
        return px(ROW)

    def split(self, judgement_height: int) -> tuple[pygame.Rect, int, pygame.Rect]:
        """(the list, its rows, the judgement) when the judgement needs `judgement_height`
        pixels: it takes them at the bottom (at most what leaves the list three rows)."""
        lower, row = self.lower, self.row_height
        height = min(max(judgement_height, px(JUDGEMENT)), lower.height - 3 * row - px(8))
        judgement = pygame.Rect(lower.x, lower.bottom - height, lower.width, height)
        rows = max(1, (judgement.y - px(8) - lower.y) // row)
        return pygame.Rect(lower.x, lower.y, lower.width, rows * row), rows, judgement


def review_layout(size: tuple[int, int]) -> ReviewLayout:
    width, height = size
    side_width = max(px(SIDE_WIDTH[0]), min(px(SIDE_WIDTH[1]), width * 3 // 10))
    side = pygame.Rect(width - side_width, 0, side_width, height)
    inner = side.inflate(-2 * px(PAD), -2 * px(PAD))
    arrow = px(40)
    row = pygame.Rect(inner.x, inner.y + px(32), inner.width, px(34))
    previous_deal = pygame.Rect(row.x, row.y, arrow, row.height)
    next_deal = pygame.Rect(row.right - arrow, row.y, arrow, row.height)
    deal = pygame.Rect(previous_deal.right, row.y, next_deal.left - previous_deal.right,
                       row.height)
    seat = pygame.Rect(inner.x, row.bottom + px(6), inner.width, px(34))
    progress = pygame.Rect(inner.x, seat.bottom + px(8), inner.width, px(40))
    bottom = pygame.Rect(inner.x, side.bottom - px(BOTTOM - 6), inner.width, px(44))
    lower = pygame.Rect(inner.x, progress.bottom + px(6), inner.width,
                        bottom.y - px(8) - progress.bottom - px(6))
    step = px(56)
    return ReviewLayout(
        board=pygame.Rect(0, 0, side.x, height), side=side, inner=inner,
        previous_deal=previous_deal, deal=deal, next_deal=next_deal, seat=seat,
        progress=progress, lower=lower,
        back_step=pygame.Rect(bottom.x, bottom.y, step, bottom.height),
        next_step=pygame.Rect(bottom.x + step + px(8), bottom.y, step, bottom.height),
        back=pygame.Rect(bottom.x + 2 * step + px(24), bottom.y,
                         bottom.right - bottom.x - 2 * step - px(24), bottom.height))


# --- words ------------------------------------------------------------------------------------

def judged_move_words(game: str, encoded: dict) -> str:
    """A move as the review writes it (the scenario notation), in words."""
    return move_words(game, get_game(game).action_from_json(encoded))


def amount(value: float) -> str:
    """A loss or a value as the review shows it: to one place."""
    return decimal(value)


def unit_words(scene) -> str:
    return t(f"review.unit.{scene.reviewed.unit}")


def deal_words(scene) -> str:
    """"Deal 4" (Tiến Lên: "Game 4"), in the game's own words."""
    return t(f"{scene.reviewed.game}.move.deal", number=scene.deal)


def row_words(scene, number: int, position) -> tuple[str, str, tuple]:
    """A row of the move list: (the move, its mark, the mark's colour)."""
    if position.index is None:
        over = position.view.revealed is not None
        return (t(f"{scene.reviewed.game}.move.end") if over else t("review.record_stops"), "",
                GREY)
    name = scene.reviewed.names[position.player]
    words = f"{number}. {name}: {move_words(scene.reviewed.game, position.action)}"
    if not position.judged or not scene.judging:
        return words, "", GREY
    result = scene.result(position)
    if result is None:
        return words, "…", GREY
    if result["mistake"]:
        return words, f"✗ {amount(result['loss'])}", RED
    if result["loss"] > 0:
        return words, f"−{amount(result['loss'])}", CREAM
    return words, "✓", GREEN


def judgement_lines(scene) -> list[tuple[str, tuple, bool]]:
    """What is said about the move shown: (line, colour, bold), before wrapping."""
    position, reviewed = scene.position, scene.reviewed
    if position is None:
        hidden = ([(t("review.hidden", deal=t(f"{reviewed.game}.move.deal",
                                               number=reviewed.hidden_deal)), GREY, False)]
                  if reviewed.hidden_deal else [])
        return [(t("review.nothing"), GREY, False)] + hidden
    if position.index is None:
        return [(row_words(scene, 0, position)[0], CREAM, True)]
    lines = [(t("review.move", name=reviewed.names[position.player],
                move=move_words(reviewed.game, position.action)), CREAM, True)]
    if not scene.judging:
        return lines + [(t("review.no_coach"), GREY, False)]
    if not position.judged:
        if position.player != scene.seat:
            lines.append((t("review.not_judged", name=reviewed.names[scene.seat]), GREY,
                          False))
        return lines
    result = scene.result(position)
    if result is None:
        return lines + [(t("review.being_judged"), GREY, False)]
    if not result["worlds"] and not result["mistake"]:
        return lines + [(t("review.only_move"), GREEN, False)]
    values = ([(t("review.values", played=amount(result["value"]),
                  best=amount(result["best_value"]), worlds=result["worlds"]), GREY, False)]
              if result["value"] is not None else [])
    if result["best"] == result["action"]:
        choice = result.get("choice", result["action"])
        # not the judge's choice but within the search's noise of it: as good
        verdict = (t("review.best_played") if choice == result["action"] else
                   t("judge.as_good", move=judged_move_words(reviewed.game, choice)))
        return lines + [(verdict, GREEN, False)] + values
    lines += [(t("review.best", move=judged_move_words(reviewed.game, result["best"])), GOLD,
               True),
              (t("review.loss", loss=amount(result["loss"]), unit=unit_words(scene)), CREAM,
               False)] + values
    if result["mistake"]:
        lines.append((t("review.mistake", why=t(result["note_key"], **result["note_params"])),
                      RED, True))
    return lines


# --- drawing ----------------------------------------------------------------------------------

def draw_progress(scene, surface: pygame.Surface) -> None:
    """The deal's number between its arrows; how far the review is, or what it found."""
    layout, reviewed = scene.layout, scene.reviewed
    if not reviewed.deals:                  # nothing played yet: the judgement says so
        return
    draw_text_within(surface, deal_words(scene), layout.deal.center, TEXT,
                     layout.deal.width - px(8), CREAM, bold=True, anchor="center")
    area = layout.progress
    name = reviewed.names[scene.seat]
    done, total = scene.progress()
    job = scene.job
    if not scene.judging:
        text, colour = t("review.no_coach"), GREY
    elif job is not None and job.error is not None:
        text, colour = t("review.failed"), RED
    elif not total:
        text, colour = t("review.no_moves", name=name), GREY
    elif done < total:
        text, colour = t("review.judging", name=name, done=done, total=total), CREAM
        bar = pygame.Rect(area.x, area.bottom - px(10), area.width, px(8))
        pygame.draw.rect(surface, (20, 44, 30), bar, border_radius=px(4))
        filled = bar.copy()
        filled.width = max(px(8), bar.width * done // total)
        pygame.draw.rect(surface, GOLD, filled, border_radius=px(4))
    else:
        moves = [scene.result(position) for position in scene.positions if position.judged]
        mistakes = sum(1 for move in moves if move and move["mistake"])
        loss = sum(move["loss"] for move in moves if move)
        text = (t("review.clean", name=name) if not mistakes else
                t("review.summary_one" if mistakes == 1 else "review.summary", name=name,
                  count=mistakes, loss=amount(loss), unit=unit_words(scene)))
        colour = GREEN if not mistakes else GOLD
    draw_text_within(surface, text, area.topleft, SMALL, area.width, colour)


def draw_moves(scene, surface: pygame.Surface) -> None:
    """The deal's moves, a row each (the one shown lit); a click on a row shows it."""
    layout = scene.layout
    area, rows, _ = scene.parts()
    last = min(len(scene.positions), scene.first_row + rows)
    for row, step in enumerate(range(scene.first_row, last)):
        rect = pygame.Rect(area.x, area.y + row * layout.row_height, area.width,
                           layout.row_height)
        if step == scene.step:
            pygame.draw.rect(surface, HIGHLIGHT, rect, border_radius=px(6))
            pygame.draw.rect(surface, GOLD, rect, px(1), border_radius=px(6))
        words, mark, colour = row_words(scene, step + 1, scene.positions[step])
        mark_width = text_image(mark, SMALL, colour, True).get_width() if mark else 0
        top = rect.y + px(5)            # by the top: a text's box is as tall as its letters
        if mark:
            draw_text(surface, mark, (rect.right - px(8), top), SMALL, colour, bold=True,
                      anchor="topright")
        lit = step == scene.step or scene.positions[step].judged
        draw_text_within(surface, words, (rect.x + px(8), top), SMALL,       # a little smaller
                         rect.width - mark_width - px(24), CREAM if lit else GREY)  # if need be
    if len(scene.positions) > rows:                 # the list goes on: its scroll bar
        share = rows / len(scene.positions)
        bar = pygame.Rect(area.right + px(3), 0, px(3), max(px(12), int(area.height * share)))
        bar.y = area.y + int(area.height * scene.first_row / len(scene.positions))
        pygame.draw.rect(surface, GOLD, bar, border_radius=px(2))


def wrapped_judgement(lines, width: int) -> list[tuple[str, tuple, bool, int]]:
    """The judgement's lines wrapped to `width`: (line, colour, bold, the space above it)."""
    wrapped = []
    for text, colour, bold in lines:
        for index, line in enumerate(wrap_text(text, SMALL, width, bold)):
            wrapped.append((line, colour, bold, px(4) if index == 0 and wrapped else 0))
    return wrapped


def judgement_height(wrapped) -> int:
    return px(16) + sum(font(SMALL, bold).get_sized_height() + gap
                        for _, _, bold, gap in wrapped)


def draw_judgement(surface: pygame.Surface, area: pygame.Rect, wrapped) -> None:
    """The judgement of the move shown in its box (cut short with "…" when it has more
    lines than the box holds)."""
    pygame.draw.line(surface, GOLD, area.topleft, area.topright, px(1))
    y = area.y + px(8)
    for index, (line, colour, bold, gap) in enumerate(wrapped):
        y += gap
        step = font(SMALL, bold).get_sized_height()
        if index < len(wrapped) - 1 and y + 2 * step > area.bottom:      # the box's last line
            draw_text(surface, clip_text(line + "…", SMALL, area.width, bold), (area.x, y),
                      SMALL, colour, bold=bold)
            return
        draw_text(surface, line, (area.x, y), SMALL, colour, bold=bold)
        y += step
