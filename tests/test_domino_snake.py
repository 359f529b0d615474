"""The domino line as a snake: inside its area at every window size, no tile touching
a tile it is not joined to, rows apart, doubles crosswise only where the line runs straight."""

from __future__ import annotations

import random

import pygame
import pytest

from ai.bots import make_bot
from game.core.table import Table
from game.ui.domino.layout import MAX_LINE_UNIT, domino_layout, line_arms
from game.ui.domino.snake import layout_line

SIZES = [(800, 600), (1280, 720), (1920, 1080), (2560, 1440)]


def lines_of_random_deals(deals: int = 12):
    """Every line (at every length) of some randomly played deals."""
    for seed in range(deals):
        table = Table.open("domino", list("ABCD"), {}, seed=seed)
        table.deal_if_needed()
        state = table.state
        bots = {p: make_bot("domino", "random", f"snake/{seed}/{p}") for p in range(4)}
        rng = random.Random(seed)
        while not state.needs_deal() and not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            table.apply(bots[player].choose(state.observation(player), legal, 0.01)
                        if rng.random() < 0.9 else legal[-1])
            yield tuple(state.line)


def chain(layout) -> list:
    """The placed tiles in line order: the left arm outward reversed, the opening, the right."""
    left = sorted((p for p in layout.tiles if p.arm == "L"), key=lambda p: -p.index)
    right = sorted((p for p in layout.tiles if p.arm == "R"), key=lambda p: p.index)
    return left + [p for p in layout.tiles if p.arm == ""] + right


@pytest.mark.parametrize("size", SIZES)
def test_the_line_reads_like_a_table_at_every_size(size):
    bounds = domino_layout(size).line
    checked = 0
    for line in lines_of_random_deals():
        layout = layout_line(*line_arms(line), bounds, MAX_LINE_UNIT)
        tiles = chain(layout)
        assert len(tiles) == len(line)
        for placed in tiles:
            assert bounds.contains(placed.rect), f"{placed} leaves the line's area {bounds}"
        for target in layout.targets.values():
            assert bounds.contains(target)
        for i, a in enumerate(tiles):
            for j in range(i + 2, len(tiles)):        # not joined: not even touching
                b = tiles[j]
                assert not a.rect.inflate(2, 2).colliderect(b.rect), \
                    f"{a.first}-{a.second} touches {b.first}-{b.second}, not joined to it"
        for a, b in zip(tiles, tiles[1:]):           # joined: side by side
            assert a.rect.inflate(2, 2).colliderect(b.rect) and not a.rect.colliderect(b.rect)
        for index, placed in enumerate(tiles[1:-1], start=1):
            neighbours = (tiles[index - 1], tiles[index + 1])
            if placed.first == placed.second and placed.vertical and not any(
                    n.vertical for n in neighbours):
                # a double across the line between two lying tiles: on their row
                assert all(n.rect.centery == placed.rect.centery for n in neighbours), \
                    "a crosswise double off its row"
        checked += 1
    assert checked > 200


def test_rows_lie_apart():
    """A long line turns; its rows are three tile widths apart (a gap, not a seam)."""
    bounds = pygame.Rect(0, 0, 600, 500)
    arm = [(n % 7, (n + 1) % 7, False) for n in range(12)]
    layout = layout_line((6, 6), [], arm, bounds, MAX_LINE_UNIT)
    rows = sorted({p.rect.centery for p in layout.tiles if not p.vertical})
    assert len(rows) >= 2
    assert all(b - a >= 3 * layout.unit - 1 for a, b in zip(rows, rows[1:]))


@pytest.mark.parametrize("size", SIZES)
def test_a_double_in_the_turn_lies_across_it(size):
    """As on a real table a double lies crosswise to its run: in the turn's column (upright
    tiles above and below it) it lies flat, centred on the column, touching both long sides.
    The window's line field, made taller where its turn's column holds fewer than three tiles
    (at 1280×720 it holds two: a double there is the corner itself)."""
    bounds = domino_layout(size).line.copy()
    plain = [(n % 6, n % 6 + 1, False) for n in range(14)]
    for _ in range(50):
        layout = layout_line((6, 6), [], plain, bounds, MAX_LINE_UNIT)
        corner = min(p.index for p in layout.tiles if p.arm == "R" and p.vertical)
        if all(p.vertical for p in layout.tiles if p.arm == "R"
               and corner <= p.index <= corner + 2):
            break
        bounds.height += 4
    corner = min(p.index for p in layout.tiles if p.arm == "R" and p.vertical)
    arm = plain[:corner] + [(3, 3, True)] + plain[corner:]      # a double after the corner
    layout = layout_line((6, 6), [], arm, bounds, MAX_LINE_UNIT)
    tiles = chain(layout)
    double = next(p for p in tiles if p.arm == "R" and p.index == corner + 1)
    before, after = tiles[tiles.index(double) - 1], tiles[tiles.index(double) + 1]
    assert before.vertical and after.vertical, "the double sits in the turn's column"
    assert not double.vertical, "a double across the turn lies flat"
    assert double.rect.width == 2 * layout.unit
    assert before.rect.centerx == after.rect.centerx
    assert abs(double.rect.centerx - before.rect.centerx) <= 1
    assert {before.rect.bottom, after.rect.top} == {double.rect.top, double.rect.bottom}
