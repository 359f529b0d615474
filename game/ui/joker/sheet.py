"""The score sheet (J16) as the classic paper sheet: one row per deal with each player's bid and
score, a line under every pulka with the premium (J15) and each player's total so far (named
"Pulka N total": a running total, not the pulka's own sum), the total at the foot.

`sheet_rows(observation)` turns the engine's public sheet into rows (no pygame); `draw_sheet` draws
them on paper. Marks, as on paper: a khishti is written in red with ✗, a premium player's best
deal of the pulka is ringed (it counts twice), another player's best deal is struck through
(erased), and the pulka line carries ★ for each player on premium.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.joker.actions import DealResult, Phase, PulkaResult
from game.joker.schedule import Schedule
from game.joker.state import NUM_PLAYERS

from ..cards import SUIT_SYMBOL
from ..i18n import number, t
from ..look import four_colour, suit_colour
from ..resources import draw_text, draw_text_within, font
from ..scaling import px, ui_scale
from .words import suit_symbol

PAPER = (250, 246, 232)
PULKA_PAPER = (236, 228, 204)
CURRENT_PAPER = (255, 238, 170)
INK = (28, 40, 78)
#: a missed bid's score, the headers: lighter than the ink, yet 4.5:1 on the cream paper
FAINT_INK = (100, 100, 112)
RED_INK = (188, 28, 32)
GREEN_INK = (15, 105, 42)
RULE = (180, 172, 150)
DOUBLED, ERASED = "doubled", "erased"


@dataclass
class DealRow:
    number: int
    cards: int
    trump: str                      # a suit symbol, "∅" (bezi), or "" (not known yet)
    bids: tuple                     # int or None, by player
    scores: tuple | None            # None: not played yet
    khishti: tuple                  # bool by player
    made: tuple                     # bool by player: took exactly the bid
    marks: list                     # DOUBLED / ERASED / None by player (J15)
    current: bool = False


@dataclass
class PulkaRow:
    pulka: int
    premium: tuple                  # players on premium
    adjust: tuple | None            # None: the pulka is not over
    subtotals: tuple | None


def suit_ink(symbol: str) -> tuple:
    """A trump mark's ink: red or blue-black, or the four-colour deck's colours; no trump
    (bezi, "∅") in the sheet's own ink."""
    letter = next((letter for letter, mark in SUIT_SYMBOL.items() if mark == symbol), None)
    if letter is None:
        return INK
    if four_colour():
        return suit_colour(letter)
    return RED_INK if symbol in "♥♦" else INK


def _trump_mark(suit: int | None) -> str:
    return "∅" if suit is None else suit_symbol(suit)


def sheet_rows(observation) -> list:
    """Every deal of the game in order, each pulka followed by its line (from any seat's
    observation: the sheet is public)."""
    sheet = observation.sheet
    results = {line.deal_number: line for line in sheet if isinstance(line, DealResult)}
    settled = {line.pulka: line for line in sheet if isinstance(line, PulkaResult)}
    schedule = Schedule.for_game_type(observation.options.game_type)
    phase = observation.phase
    in_deal = phase in (Phase.TRUMP_CHOICE, Phase.BIDDING, Phase.PLAYING)
    deal_index = observation.deal_number - 1
    rows: list = []
    running = [0] * NUM_PLAYERS
    pulka_rows: list[DealRow] = []
    for index, cards in enumerate(schedule.cards):
        number = index + 1
        result = results.get(number)
        if result is not None:
            row = DealRow(number, cards, _trump_mark(result.trump), result.bids, result.scores,
                          tuple(b >= 1 and k == 0 for b, k in zip(result.bids, result.tricks)),
                          tuple(b == k for b, k in zip(result.bids, result.tricks)),
                          [None] * NUM_PLAYERS)
            running = [r + s for r, s in zip(running, result.scores)]
        elif in_deal and index == deal_index:
            trump = "" if phase is Phase.TRUMP_CHOICE else _trump_mark(observation.trump_suit)
            row = DealRow(number, cards, trump, tuple(observation.bids), None,
                          (False,) * NUM_PLAYERS, (False,) * NUM_PLAYERS, [None] * NUM_PLAYERS,
                          current=True)
        else:
            row = DealRow(number, cards, "", (None,) * NUM_PLAYERS, None, (False,) * NUM_PLAYERS,
                          (False,) * NUM_PLAYERS, [None] * NUM_PLAYERS)
        rows.append(row)
        pulka_rows.append(row)
        if schedule.ends_pulka[index]:
            pulka = schedule.pulka[index]
            line = settled.get(pulka)
            if line is None:
                rows.append(PulkaRow(pulka, (), None, None))
            else:
                _mark_premium(pulka_rows, line)
                running = [r + a for r, a in zip(running, line.adjust)]
                rows.append(PulkaRow(pulka, line.premium, line.adjust, tuple(running)))
            pulka_rows = []
    return rows


def _mark_premium(deals: list[DealRow], line: PulkaResult) -> None:
    """Which cell the premium doubled or erased: the player's best deal of the pulka (the first
    one, when two are equal)."""
    for player, adjust in enumerate(line.adjust):
        if not adjust:
            continue
        scores = [row.scores[player] for row in deals]
        best = scores.index(max(scores))
        deals[best].marks[player] = DOUBLED if player in line.premium else ERASED


def draw_sheet(surface, rect: pygame.Rect, observation, names,
               highlight_last: bool = False) -> None:
    """The paper sheet filling `rect`: rows shrink to fit any window."""
    rows = sheet_rows(observation)
    row_h = max(px(12), min(px(26), (rect.height - px(16)) // (len(rows) + 3)))
    rect = pygame.Rect(rect.x, rect.y, rect.width, row_h * (len(rows) + 3) + px(16))
    pygame.draw.rect(surface, PAPER, rect, border_radius=px(6))
    size = max(10, round(row_h * 0.68 / ui_scale()))      # text in design points
    left = rect.x + px(6)
    # the lead column holds the pulka lines' words ("Pulka 4 total") as far as a fifth of it
    pulka_words = font(size - 1, True).get_rect(t("joker.sheet.pulka_total", pulka=4)).width
    lead_w = max(px(60), rect.width // 8, min(pulka_words + px(10), rect.width // 5))
    group_w = (rect.width - lead_w - px(12)) // NUM_PLAYERS
    bid_header = font(size - 1).get_rect(t("joker.sheet.bid")).width + px(6)
    bid_w = min(group_w // 2, max(px(24), group_w // 4, bid_header))   # its header fits
    groups = [left + lead_w + g * group_w for g in range(NUM_PLAYERS)]
    y = rect.y + px(6)
    for g, name in zip(groups, names):
        draw_text(surface, name, (g + group_w // 2, y + row_h // 2), size + 1, INK, bold=True,
                  anchor="center")
    y += row_h
    draw_text(surface, t("joker.sheet.cards"), (left + px(4), y + row_h // 2), size - 1,
              FAINT_INK, anchor="midleft")
    for g in groups:
        draw_text(surface, t("joker.sheet.bid"), (g + bid_w // 2, y + row_h // 2), size - 1,
                  FAINT_INK, anchor="center")
        draw_text(surface, t("joker.sheet.points"), (g + group_w - px(6), y + row_h // 2), size - 1,
                  FAINT_INK, anchor="midright")
    y += row_h
    pygame.draw.line(surface, INK, (rect.x + px(4), y), (rect.right - px(4), y), px(2))
    last_scored = max((i for i, row in enumerate(rows)
                       if isinstance(row, DealRow) and row.scores is not None), default=-1)
    for index, row in enumerate(rows):
        line = pygame.Rect(rect.x + px(2), y, rect.width - px(4), row_h)
        middle = y + row_h // 2
        if isinstance(row, DealRow):
            if row.current or (highlight_last and index == last_scored):
                pygame.draw.rect(surface, CURRENT_PAPER, line)
            _draw_deal_row(surface, row, left, lead_w, groups, group_w, bid_w, middle, size)
        else:
            pygame.draw.rect(surface, PULKA_PAPER, line)
            pygame.draw.line(surface, INK, (line.x, y), (line.right, y), px(1))
            _draw_pulka_row(surface, row, left, lead_w, groups, group_w, middle, size)
        y += row_h
        pygame.draw.line(surface, RULE, (rect.x + px(4), y), (rect.right - px(4), y), px(1))
    for g in groups:
        pygame.draw.line(surface, RULE, (g - px(2), rect.y + px(4)), (g - px(2), y), px(1))
        pygame.draw.line(surface, RULE, (g + bid_w, rect.y + px(6) + row_h), (g + bid_w, y),
                         px(1))
    pygame.draw.line(surface, INK, (rect.x + px(4), y), (rect.right - px(4), y), px(2))
    draw_text(surface, t("joker.sheet.total"), (left + px(4), y + row_h // 2 + px(2)), size, INK,
              bold=True, anchor="midleft")
    for g, total in zip(groups, observation.totals):
        draw_text(surface, number(total), (g + group_w - px(6), y + row_h // 2 + px(2)), size + 1,
                  RED_INK if total < 0 else INK, bold=True, anchor="midright")


def _draw_deal_row(surface, row: DealRow, left, lead_w, groups, group_w, bid_w, middle,
                   size) -> None:
    played = row.scores is not None
    draw_text(surface, str(row.cards), (left + px(14), middle), size,
              INK if played or row.current else FAINT_INK, bold=row.current, anchor="center")
    if row.trump:
        colour = suit_ink(row.trump)
        draw_text(surface, row.trump, (left + lead_w // 2 + px(10), middle), size, colour,
                  anchor="center")
    for player, g in enumerate(groups):
        bid = row.bids[player]
        if bid is not None:
            draw_text(surface, str(bid), (g + bid_w // 2, middle), size - 1, INK, anchor="center")
        if not played:
            continue
        score = row.scores[player]
        if row.khishti[player]:
            text, colour = f"✗ {number(score)}", RED_INK
        else:
            text, colour = number(score), INK if row.made[player] else FAINT_INK
        at = (g + group_w - px(6), middle)
        box = draw_text(surface, text, at, size, colour, bold=row.marks[player] == DOUBLED,
                        anchor="midright")
        mark = row.marks[player]
        if mark == DOUBLED:
            pygame.draw.ellipse(surface, GREEN_INK, box.inflate(px(10), px(4)), px(2))
        elif mark == ERASED:
            pygame.draw.line(surface, RED_INK, (box.x - px(3), box.bottom - px(2)),
                             (box.right + px(3), box.y + px(2)), px(2))


def _draw_pulka_row(surface, row: PulkaRow, left, lead_w, groups, group_w, middle,
                    size) -> None:
    """The line under a pulka: its premiums (±) and each player's total so far, named so."""
    draw_text_within(surface, t("joker.sheet.pulka_total", pulka=row.pulka),
                     (left + px(4), middle), size - 1, lead_w - px(6), INK, bold=True,
                     anchor="midleft")
    if row.subtotals is None:
        return
    for player, g in enumerate(groups):
        adjust = row.adjust[player]
        if adjust:
            star = "★" if player in row.premium else ""
            draw_text(surface, f"{star}{number(adjust, signed=True)}", (g + px(3), middle),
                      size - 2, GREEN_INK if adjust > 0 else RED_INK, bold=True,
                      anchor="midleft")
        subtotal = row.subtotals[player]
        draw_text(surface, number(subtotal), (g + group_w - px(6), middle), size,
                  RED_INK if subtotal < 0 else INK, bold=True, anchor="midright")
