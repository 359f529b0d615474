"""Plots drawn in the window with pygame: a line over time and bars by level. Each is drawn once
into its own surface (when the figures or the window change), never every frame."""

from __future__ import annotations

import pygame

from .i18n import number
from .resources import clip_text, draw_text, font
from .scaling import px
from .widgets import CREAM, GOLD

AXIS = (150, 170, 150)
LINE = (240, 212, 140)
ZERO = (110, 130, 112)
BAR = (84, 160, 110)
TEXT_SIZE = 14


def downsampled(values: list[float], buckets: int) -> list[tuple[float, float]]:
    """At most `buckets` (low, high) pairs covering the values in order, so that 10,000 games
    draw as fast as 100 and no spike disappears."""
    if not values:
        return []
    buckets = max(1, min(buckets, len(values)))
    size = len(values) / buckets
    pairs = []
    for index in range(buckets):
        chunk = values[int(index * size):max(int(index * size) + 1, int((index + 1) * size))]
        pairs.append((min(chunk), max(chunk)))
    return pairs


def line_plot(size: tuple[int, int], title: str, values: list[float]) -> pygame.Surface:
    """`values` in order (each game's score, or the gold balance after each session), with the
    lowest and highest marked and the zero line."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    width, height = size
    draw_text(surface, clip_text(title, 16, width, bold=True), (0, 0), 16, GOLD, bold=True)
    label_width = px(64)
    area = pygame.Rect(label_width, px(28), width - label_width - px(6), height - px(36))
    if area.width < 10 or area.height < 10:
        return surface
    pygame.draw.line(surface, AXIS, area.bottomleft, area.topleft, 1)
    pygame.draw.line(surface, AXIS, area.bottomleft, area.bottomright, 1)
    if not values:
        return surface
    low, high = min(min(values), 0), max(max(values), 0)
    span = (high - low) or 1

    def y_of(value: float) -> int:
        return round(area.bottom - (value - low) / span * area.height)

    pygame.draw.line(surface, ZERO, (area.left, y_of(0)), (area.right, y_of(0)), 1)
    for value in {low, high, 0}:
        draw_text(surface, clip_text(number(value), TEXT_SIZE, label_width - px(6)),
                  (label_width - px(6), y_of(value)), TEXT_SIZE, CREAM, anchor="midright")
    pairs = downsampled(values, area.width)
    step = area.width / max(1, len(pairs) - 1) if len(pairs) > 1 else 0
    points = []
    for index, (lowest, highest) in enumerate(pairs):
        x = round(area.left + index * step) if len(pairs) > 1 else area.centerx
        if highest != lowest:
            pygame.draw.line(surface, LINE, (x, y_of(lowest)), (x, y_of(highest)), 1)
        points.append((x, y_of((lowest + highest) / 2)))
    if len(points) > 1:
        pygame.draw.lines(surface, LINE, False, points, max(1, px(2)))
    else:
        pygame.draw.circle(surface, LINE, points[0], px(3))
    return surface


def bar_chart(size: tuple[int, int], title: str,
              bars: list[tuple[str, float, int]]) -> pygame.Surface:
    """(label, percent, games) per bar: the percent above each bar, the games under its label."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    width, height = size
    draw_text(surface, clip_text(title, 16, width, bold=True), (0, 0), 16, GOLD, bold=True)
    line = font(TEXT_SIZE).get_sized_height() + px(2)     # the tallest script's line
    area = pygame.Rect(px(4), px(28) + line, width - px(8), height - px(34) - 3 * line)
    if not bars or area.height < 10:
        return surface
    pitch = area.width / len(bars)
    bar_width = max(4, min(px(70), round(pitch * 0.6)))
    pygame.draw.line(surface, AXIS, area.bottomleft, area.bottomright, 1)
    for index, (label, percent, games) in enumerate(bars):
        centre = round(area.left + pitch * (index + 0.5))
        top = area.bottom - round(area.height * percent / 100)
        pygame.draw.rect(surface, BAR, pygame.Rect(centre - bar_width // 2, top, bar_width,
                                                   area.bottom - top))
        draw_text(surface, f"{percent:.0f} %", (centre, top - px(2)), TEXT_SIZE, CREAM,
                  anchor="midbottom")
        room = max(8, round(pitch) - px(4))
        draw_text(surface, clip_text(label, TEXT_SIZE, room), (centre, area.bottom + px(3)),
                  TEXT_SIZE, CREAM, anchor="midtop")
        draw_text(surface, clip_text(f"({games})", TEXT_SIZE, room),
                  (centre, area.bottom + px(3) + line), TEXT_SIZE, AXIS, anchor="midtop")
    return surface
