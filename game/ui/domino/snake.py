"""Lay the domino line out as a snake that always fits inside the table area.

Pure geometry over pygame.Rect. The opening tile sits in the middle; the right arm runs right and
turns down at the edge, the left arm runs left and turns up. A turn is two tiles standing in line
(lengthwise), so rows lie three tile-widths apart and no tile touches a tile it is not joined
to. A double lies crosswise to its run, as on a real table: standing in a row, lying across the
turn's column (the turn then takes one more upright tile, and the next row lies one tile-width
lower); the turn's first tile, beside the row's end, stands upright even when a double. When the
line does not fit, the tiles get smaller until it does.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_UNIT = 8
TURN_TILES = 2          # tiles standing in line at a turn: rows lie 3 units apart


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


class _Arm:
    """One arm growing from the opening tile: along a row (`step` ±1 in x), then down (or up,
    `turn` ±1) through a turn of TURN_TILES upright tiles, then back along the next row."""

    def __init__(self, start_x: int, row_y: int, step: int, turn: int, unit: int,
                 bounds: pygame.Rect, name: str):
        self.x, self.row_y, self.step, self.turn = start_x, row_y, step, turn
        self.unit, self.bounds, self.name = unit, bounds, name
        self.turning = 0          # upright tiles still to lay in the turn under way
        self.turn_y = 0           # the open end's y while turning
        self.turn_doubles = 0     # doubles lying across the turn under way (each a unit long)

    def place(self, near: int, far: int, double: bool, index: int) -> PlacedTile:
        unit = self.unit
        if not self.turning and not self.room_for(unit if double else 2 * unit):
            self.turning = TURN_TILES               # no room left in the row: turn
            # the first upright tile stands beside the row's last tile, flush with the row
            self.turn_y = self.row_y - unit // 2 if self.turn > 0 else self.row_y + unit // 2
            if self.step < 0:
                self.x -= unit
        if self.turning:
            if double and self.turning < TURN_TILES:
                return self.place_across_turn(near, index)
            return self.place_upright(near, far, index)
        if double:                                   # crosswise on a straight run
            rect = pygame.Rect(0, self.row_y - unit, unit, 2 * unit)
            first, second, vertical = near, far, True
        else:
            rect = pygame.Rect(0, self.row_y - unit // 2, 2 * unit, unit)
            first, second = (near, far) if self.step > 0 else (far, near)
            vertical = False
        if self.step > 0:
            rect.left = self.x
            self.x = rect.right
        else:
            rect.right = self.x
            self.x = rect.left
        return PlacedTile(rect, first, second, vertical, self.name, index)

    def room_for(self, length: int) -> bool:
        """A tile of `length` fits in the row with room left for the turn's upright tile."""
        margin = self.unit // 4
        if self.step > 0:
            return self.x + length + self.unit <= self.bounds.right - margin
        return self.x - length - self.unit >= self.bounds.left + margin

    def place_upright(self, near: int, far: int, index: int) -> PlacedTile:
        unit = self.unit
        rect = pygame.Rect(self.x, 0, unit, 2 * unit)
        if self.turn > 0:
            rect.top = self.turn_y
            self.turn_y = rect.bottom
            first, second = near, far
        else:
            rect.bottom = self.turn_y
            self.turn_y = rect.top
            first, second = far, near
        self.turning -= 1
        if not self.turning:                         # back along the next row
            self.row_y += self.turn * (TURN_TILES + 1 + self.turn_doubles) * unit
            self.turn_doubles = 0
            self.step = -self.step
            self.x = rect.left if self.step < 0 else rect.right
        return PlacedTile(rect, first, second, True, self.name, index)

    def place_across_turn(self, number: int, index: int) -> PlacedTile:
        """A double in the turn's column lies across it, centred on the column; the upright
        tile it is joined to and the next one touch its long sides."""
        unit = self.unit
        rect = pygame.Rect(0, 0, 2 * unit, unit)
        rect.centerx = self.x + unit // 2
        if self.turn > 0:
            rect.top = self.turn_y
            self.turn_y = rect.bottom
        else:
            rect.bottom = self.turn_y
            self.turn_y = rect.top
        self.turn_doubles += 1
        return PlacedTile(rect, number, number, False, self.name, index)


def layout_line(opening: tuple[int, int] | None, left_arm: list, right_arm: list,
                bounds: pygame.Rect, max_unit: int) -> SnakeLayout:
    """`opening` is the first tile (a, b) (None before the deal's first tile); each arm lists
    (near, far, is_double) outward from the middle."""
    if opening is None:
        rect = pygame.Rect(0, 0, 2 * max_unit, 2 * max_unit)
        rect.center = bounds.center
        return SnakeLayout(max_unit, [], {"": rect})
    unit = max_unit
    while True:
        layout = _try(opening, left_arm, right_arm, bounds, unit)
        placed = [p.rect for p in layout.tiles] + list(layout.targets.values())
        if unit <= MIN_UNIT or all(bounds.contains(rect) for rect in placed):
            return layout
        unit -= 1


def _try(opening, left_arm, right_arm, bounds, unit) -> SnakeLayout:
    a, b = opening
    cx, cy = bounds.center
    middle = pygame.Rect(0, 0, unit, 2 * unit) if a == b else pygame.Rect(0, 0, 2 * unit, unit)
    middle.center = (cx, cy)
    tiles = [PlacedTile(middle, a, b, a == b, "", 0)]
    targets = {}
    for name, arm_tiles, start, step in (("L", left_arm, middle.left, -1),
                                         ("R", right_arm, middle.right, +1)):
        arm = _Arm(start, cy, step, step, unit, bounds, name)
        for index, (near, far, double) in enumerate(arm_tiles, start=1):
            tiles.append(arm.place(near, far, double, index))
        targets[name] = arm.place(0, 0, False, len(arm_tiles) + 1).rect   # where the next goes
    return SnakeLayout(unit, tiles, targets)
