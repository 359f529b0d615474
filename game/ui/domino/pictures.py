"""The domino pictures of the rules guide, drawn as the table draws its line: the snake
(snake.py, layout.py), the tiles (tiles.py), the end markers and the glow where a tile fits
(renderer.py). Tiles are written (a, b) as the line shows them, the near number first."""

from __future__ import annotations

import pygame

from game.domino.actions import LEFT, RIGHT
from game.domino.tiles import TILE_ID

from ..rules_pictures import Picture
from ..scaling import px
from .renderer import draw_end_markers, draw_target
from .layout import line_arms
from .snake import layout_line
from .tiles import tile_image

LINE_UNIT = 30          # design pixels: half a tile, smaller than the table's 44


def _tile(a: int, b: int) -> int:
    return TILE_ID[(min(a, b), max(a, b))]


def _line(opening: tuple, left: tuple = (), right: tuple = ()) -> list:
    """A line as the table keeps it, (tile, end) in play order: the opening, then each arm
    outward."""
    return ([(_tile(*opening), None)] + [(_tile(*tile), LEFT) for tile in left]
            + [(_tile(*tile), RIGHT) for tile in right])


def _open_ends(line: list) -> tuple[int, int]:
    opening, left_arm, right_arm = line_arms(line)
    return (left_arm[-1][1] if left_arm else opening[0],
            right_arm[-1][1] if right_arm else opening[1])


def draw_line(surface: pygame.Surface, line: list, bounds: pygame.Rect, ringed=()):
    """The line laid out in `bounds` with its end markers; the tiles in `ringed` (a, b) carry
    the table's selection edge. Returns the snake (for the places of the next tiles)."""
    snake = layout_line(*line_arms(line), bounds, max_unit=px(LINE_UNIT))
    ringed = {_tile(*tile) for tile in ringed}
    for placed in snake.tiles:
        lit = _tile(placed.first, placed.second) in ringed
        surface.blit(tile_image(placed.first, placed.second, snake.unit, placed.vertical, lit),
                     placed.rect)
    draw_end_markers(surface, snake, *_open_ends(line))
    return snake


def _inside(surface: pygame.Surface, bottom_room: int = 0) -> pygame.Rect:
    area = surface.get_rect()
    area.height -= px(bottom_room)
    return area


def opening(surface: pygame.Surface) -> None:
    """6-6 opens; 6-3, 6-4 and 3-1 follow: ends 4 and 1."""
    draw_line(surface, _line((6, 6), left=((6, 4),), right=((6, 3), (3, 1))), _inside(surface))


def apollo(surface: pygame.Surface) -> None:
    """The last two tiles in one turn: 3-5 on the 3, then the double 5-5 (D11)."""
    line = _line((6, 6), left=((6, 2), (2, 4)), right=((6, 1), (1, 3), (3, 5), (5, 5)))
    draw_line(surface, line, _inside(surface), ringed=((3, 5), (5, 5)))


def ceki(surface: pygame.Surface) -> None:
    """Ends 2 and 5, and the last tile 2-5 in the hand: it fits both ends, both glow (D12)."""
    unit = px(LINE_UNIT)
    snake = draw_line(surface, _line((6, 6), left=((6, 4), (4, 2)), right=((6, 5),)),
                      _inside(surface, bottom_room=LINE_UNIT * 2 + 14))
    for end in (LEFT, RIGHT):
        draw_target(surface, snake.targets[end])
    hand = pygame.Rect(0, 0, unit, 2 * unit)
    hand.midbottom = (snake.tiles[0].rect.centerx, surface.get_height())
    surface.blit(tile_image(2, 5, unit, True, True), hand)


def blocked(surface: pygame.Surface) -> None:
    """Both ends 5 and all seven tiles with a 5 on the table: nobody can lay a tile (D9)."""
    line = _line((6, 6), left=((6, 5), (5, 5), (5, 1), (1, 3), (3, 5)),
                 right=((6, 2), (2, 5), (5, 4), (4, 0), (0, 5)))
    draw_line(surface, line, _inside(surface))


PICTURES = {
    "opening": Picture((560, 100), opening),
    "apollo": Picture((600, 100), apollo),
    "ceki": Picture((560, 150), ceki),
    "blocked": Picture((640, 100), blocked),
}
