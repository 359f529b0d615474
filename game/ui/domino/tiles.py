"""Domino tile art: ivory tiles with black pips (red-centred doubles' divider), drawn at any size
and cached."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..resources import for_display

IVORY = (246, 240, 224)
IVORY_EDGE = (196, 186, 160)
PIP = (24, 24, 28)
DIVIDER = (120, 110, 96)
BACK = (120, 32, 36)
BACK_PATTERN = (160, 60, 58)
SELECTED = (255, 214, 90)

#: pip positions on a 3×3 grid (column, row) for 0–6
PIP_GRID = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


def _draw_pips(surface: pygame.Surface, number: int, square: pygame.Rect) -> None:
    step = square.width / 4
    radius = max(1, round(square.width * 0.09))
    for column, row in PIP_GRID[number]:
        center = (round(square.x + step * (column + 1)), round(square.y + step * (row + 1)))
        pygame.draw.circle(surface, PIP, center, radius)


@lru_cache(maxsize=512)
def tile_image(first: int, second: int, unit: int, vertical: bool = False,
               selected: bool = False) -> pygame.Surface:
    """A tile `unit` wide and 2×`unit` long; `first` is on the left (or top when vertical)."""
    width, height = (unit, 2 * unit) if vertical else (2 * unit, unit)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(2, unit // 6)
    body = surface.get_rect()
    pygame.draw.rect(surface, IVORY, body, border_radius=radius)
    pygame.draw.rect(surface, SELECTED if selected else IVORY_EDGE, body,
                     max(1, unit // 14) + (2 if selected else 0), border_radius=radius)
    inset = max(2, unit // 10)
    if vertical:
        halves = (pygame.Rect(0, 0, unit, unit), pygame.Rect(0, unit, unit, unit))
        pygame.draw.line(surface, DIVIDER, (inset, unit), (unit - inset, unit), max(1, unit // 20))
    else:
        halves = (pygame.Rect(0, 0, unit, unit), pygame.Rect(unit, 0, unit, unit))
        pygame.draw.line(surface, DIVIDER, (unit, inset), (unit, unit - inset), max(1, unit // 20))
    for number, half in zip((first, second), halves):
        _draw_pips(surface, number, half)
    return for_display(surface)


@lru_cache(maxsize=64)
def tile_back(unit: int, vertical: bool = True) -> pygame.Surface:
    width, height = (unit, 2 * unit) if vertical else (2 * unit, unit)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(2, unit // 6)
    pygame.draw.rect(surface, BACK, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, BACK_PATTERN, surface.get_rect().inflate(-unit // 4, -unit // 4),
                     max(1, unit // 12), border_radius=radius)
    pygame.draw.rect(surface, (60, 14, 16), surface.get_rect(), 1, border_radius=radius)
    return for_display(surface)
