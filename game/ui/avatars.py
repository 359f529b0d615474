"""What every table draws at a seat besides the name: a generated avatar (the player's initials
on a colour of their own, drawn by the game), a gold ring while it is the seat's turn, and the
move timer as an arc that runs down around it."""

from __future__ import annotations

import colorsys
import math
import zlib
from functools import lru_cache

import pygame

from game.history.store import initials

from .resources import for_display, pixel_font
from .scaling import px
from .widgets import GOLD

RADIUS = 16                      # design pixels
LOW_TIME = (235, 90, 70)         # the arc's colour in the last quarter of the time


def avatar_colour(name: str) -> tuple[int, int, int]:
    """A muted colour of the name's own: the same name always gets the same one."""
    hue = zlib.crc32(name.encode("utf-8")) % 360 / 360
    red, green, blue = colorsys.hsv_to_rgb(hue, 0.45, 0.62)
    return round(red * 255), round(green * 255), round(blue * 255)


@lru_cache(maxsize=32)
def _avatar(name: str, radius: int, dimmed: bool) -> pygame.Surface:
    image = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    colour = avatar_colour(name)
    if dimmed:
        colour = tuple(channel // 2 + 40 for channel in colour)
    pygame.draw.circle(image, colour, (radius, radius), radius)
    pygame.draw.circle(image, (240, 236, 216), (radius, radius), radius, max(1, radius // 10))
    text, rect = pixel_font(max(6, radius * 4 // 5), True).render(initials(name),
                                                                 (250, 248, 240))
    rect.center = (radius, radius)
    image.blit(text, rect)
    return for_display(image)


def draw_avatar(surface: pygame.Surface, center, name: str, acting: bool = False,
                time_share: float | None = None, dimmed: bool = False) -> pygame.Rect:
    """The seat's avatar centred at `center`; `acting` rings it gold; `time_share` (1 … 0 of
    the move's time left) draws the timer arc. Returns the avatar's rect with its ring."""
    radius = px(RADIUS)
    image = _avatar(name, radius, dimmed)
    rect = image.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(image, rect)
    ring = rect.inflate(px(8), px(8))
    if acting:
        pygame.draw.circle(surface, GOLD, ring.center, ring.width // 2, px(2))
    if time_share is not None and time_share > 0:
        colour = LOW_TIME if time_share < 0.25 else GOLD
        # from twelve o'clock, counter-clockwise: the part left shrinks towards the top
        start = math.pi / 2
        pygame.draw.arc(surface, colour, ring.inflate(px(4), px(4)), start,
                        start + 2 * math.pi * min(1.0, time_share), px(4))
    return ring
