"""Lay the domino line out as a snake that always fits inside the table area.

Pure geometry over pygame.Rect. The opening tile sits in the middle; the right arm runs right and
turns down at the edge, the left arm runs left and turns up; doubles lie crosswise. When the line
does not fit, the tiles get smaller until it does.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_UNIT = 8


@dataclass(frozen=True)
class PlacedTile:
    rect: pygame.Rect
    first: int            # number on the left (or top) of the drawn tile
    second: int
    vertical: bool
    arm: str              # "L", "R" or "" for the opening tile
    index: int            # position in its arm, outward from the middle (0 for the opening)


@dataclass(frozen=True)
class SnakeLayout:
    unit: int
    tiles: list            # PlacedTile, opening first, then each arm outward
    targets: dict          # "L"/"R" -> rect where the next tile on that end would go


def _arm(near_far: list, start_x: int, row_y: int, direction: int, turn: int, unit: int,
         bounds: pygame.Rect, arm: str) -> tuple[list, pygame.Rect]:
    """Place one arm; `direction` is +1 (rightward) or -1, `turn` +1 (down) or -1 (up)."""
    placed = []
    cursor = start_x
    margin = unit // 4
    for index, tile in enumerate(near_far + [None]):
        near, far, double = tile if tile else (0, 0, False)
        length = unit if double else 2 * unit
        far_edge = cursor + direction * length
        if not (bounds.left + margin <= far_edge <= bounds.right - margin):
            # Corner: this tile stands upright at the end of the row, then the row reverses.
            x = cursor if direction > 0 else cursor - unit
            y = row_y - unit // 2 if turn > 0 else row_y - 3 * unit // 2
            rect = pygame.Rect(x, y, unit, 2 * unit)
            first, second = (near, far) if turn > 0 else (far, near)
            direction = -direction
            cursor = rect.left if direction < 0 else rect.right
            row_y += turn * 2 * unit
            vertical = True
        elif double:
            x = cursor if direction > 0 else cursor - unit
            rect = pygame.Rect(x, row_y - unit, unit, 2 * unit)
            first, second, vertical = near, far, True
            cursor = far_edge
        else:
            x = cursor if direction > 0 else cursor - length
            rect = pygame.Rect(x, row_y - unit // 2, length, unit)
            first, second = (near, far) if direction > 0 else (far, near)
            vertical = False
            cursor = far_edge
        if tile is None:
            return placed, rect
        placed.append(PlacedTile(rect, first, second, vertical, arm, index + 1))
    raise AssertionError("unreachable")


def layout_line(opening: tuple[int, int] | None, left_arm: list, right_arm: list,
                bounds: pygame.Rect, max_unit: int = 44) -> SnakeLayout:
    """`opening` is the first tile (a, b) (None before the deal's first tile); each arm lists
    (near, far, is_double) outward from the middle."""
    if opening is None:
        rect = pygame.Rect(0, 0, 2 * max_unit, 2 * max_unit)
        rect.center = bounds.center
        return SnakeLayout(max_unit, [], {"": rect})
    a, b = opening
    unit = max_unit
    while True:
        layout = _try(a, b, left_arm, right_arm, bounds, unit)
        if unit <= MIN_UNIT or all(bounds.contains(p.rect) for p in layout.tiles) and all(
                bounds.contains(r) for r in layout.targets.values()):
            return layout
        unit -= 1


def _try(a, b, left_arm, right_arm, bounds, unit) -> SnakeLayout:
    cx, cy = bounds.center
    if a == b:
        middle = pygame.Rect(0, 0, unit, 2 * unit)
    else:
        middle = pygame.Rect(0, 0, 2 * unit, unit)
    middle.center = (cx, cy)
    tiles = [PlacedTile(middle, a, b, a == b, "", 0)]
    right, right_target = _arm(right_arm, middle.right, cy, +1, +1, unit, bounds, "R")
    left, left_target = _arm(left_arm, middle.left, cy, -1, -1, unit, bounds, "L")
    return SnakeLayout(unit, tiles + left + right, {"L": left_target, "R": right_target})
