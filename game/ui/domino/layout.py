"""Where things sit on the domino table for a window size (design pixels: see scaling.py), and
where the line's tiles go."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.domino.actions import LEFT
from game.domino.tiles import TILE_ENDS

from ..scaling import px
from .snake import SnakeLayout, layout_line

SIDES = ("bottom", "right", "top", "left")   # play goes to the right: counter-clockwise
HAND_GAP = 10          # design pixels between two tiles of the player's hand
MAX_LINE_UNIT = 44     # design pixels: the line's tiles at their largest (half a tile)
#: design pixels a side seat takes above its plate's point: half a seven-tile hand, the name,
#: the avatar and a gap (the scoreboard above the right seat never covers its avatar)
SIDE_SEAT_ABOVE = 136
#: design pixels between the line's lowest tiles and the bottom seat's name plate: the prompt
#: ("Choose a tile…") and a gap on either side of it
PROMPT_ROOM = 56


@dataclass(frozen=True)
class DominoLayout:
    size: tuple[int, int]
    hand_unit: int               # the width of a tile in the player's hand
    hand: pygame.Rect            # the player's hand, seven tiles wide
    line: pygame.Rect            # where the line of play is laid out
    score: pygame.Rect           # the scoreboard
    plates: dict                 # side -> (x, y) of the name plate
    buttons: pygame.Rect         # Pass / Apollo! at the right, above the hand
    tambah: pygame.Rect          # Tambah at the left, above the hand


def domino_layout(size: tuple[int, int], teams: bool = False) -> DominoLayout:
    """`teams`: pairs (V-D3), the scoreboard adds the two teams' sums."""
    width, height = size
    hand_unit = max(20, min(44, height // 17, (width - 80) // 16))
    hand = pygame.Rect(0, 0, 7 * (hand_unit + HAND_GAP), 2 * hand_unit)
    hand.midbottom = (width // 2, height - 18)
    side_room = max(110, width // 9)
    score = pygame.Rect(width - 250, 10, 238, 36 + 26 * 4 + (24 if teams else 0))
    top = score.bottom + 10                  # the line never reaches the scoreboard
    bottom_plate_y = hand.top - 14 - hand_unit // 3            # over a lifted tile
    line = pygame.Rect(side_room, top, width - 2 * side_room,
                       bottom_plate_y - PROMPT_ROOM - top)
    side_y = max(height // 2 - 20, score.bottom + SIDE_SEAT_ABOVE)
    return DominoLayout(
        size=size, hand_unit=hand_unit, hand=hand, line=line, score=score,
        plates={"bottom": (width // 2, bottom_plate_y),
                "right": (width - side_room // 2, side_y),
                "top": (width // 2, 84),
                "left": (side_room // 2, side_y)},
        buttons=pygame.Rect(width - 190, hand.top - 52, 170, 44),
        tambah=pygame.Rect(20, hand.top - 52, 190, 44))


def line_arms(line) -> tuple:
    """The laid tiles as (opening, left arm, right arm), arms outward as (near, far, double)."""
    opening, left_arm, right_arm = None, [], []
    left = right = None
    for tile, end in line:
        a, b = TILE_ENDS[tile]
        if end is None:
            opening, left, right = (a, b), a, b
        elif end == LEFT:
            far = b if a == left else a
            left_arm.append((left, far, a == b))
            left = far
        else:
            far = b if a == right else a
            right_arm.append((right, far, a == b))
            right = far
    return opening, left_arm, right_arm


def snake_of(line, bounds: pygame.Rect) -> tuple[SnakeLayout, object]:
    """The line laid out in `bounds`, and the PlacedTile of the tile laid last (it flies in)."""
    snake = layout_line(*line_arms(line), bounds, max_unit=px(MAX_LINE_UNIT))
    if not line:
        return snake, None
    end = line[-1][1]
    arm = "" if end is None else end
    index = 0 if end is None else sum(1 for _, e in line if e == end)
    return snake, next((p for p in snake.tiles if p.arm == arm and p.index == index), None)


def end_marker(snake: SnakeLayout, end: str) -> pygame.Rect:
    """Where an open end's number is shown: the half of the next tile's place that touches
    the line's last tile on that end (on the line, not beyond it)."""
    target = snake.targets[end]
    arm = [p for p in snake.tiles if p.arm == end] or [p for p in snake.tiles if p.arm == ""]
    last = max(arm, key=lambda p: p.index).rect
    near = target.clip(last.inflate(2 * snake.unit, 2 * snake.unit))
    return near if near.width and near.height else target


def hand_places(layout: DominoLayout, hand, selected, drag: tuple | None) -> list:
    """(tile, rect) for the player's hand, sorted by its numbers; the selected tile is raised,
    and follows the mouse while it is dragged (`drag`: the offset from where it was picked)."""
    unit = layout.hand_unit
    gap = px(HAND_GAP)
    step = unit + gap
    tiles = sorted(hand, key=lambda tile: TILE_ENDS[tile])
    start = layout.hand.centerx - (len(tiles) * step - gap) // 2
    places = []
    for index, tile in enumerate(tiles):
        rect = pygame.Rect(start + index * step, layout.hand.top, unit, 2 * unit)
        if tile == selected:
            rect.y -= unit // 3
            if drag is not None:
                rect.move_ip(drag)
        places.append((tile, rect))
    return places


def side_of(player: int, bottom: int, chairs: tuple) -> str:
    """Where a player sits on screen: the seat on screen at the bottom, the next in turn order
    on the right, then top, then left."""
    return SIDES[(chairs.index(player) - chairs.index(bottom)) % 4]
