"""The pictures of the rules guide: the guide's text names them (rules_guide.py), each game draws
its own with its table's drawing code (game/ui/<game>/pictures.py, found through
`GameUi.rules_pictures`), and the Rules screen shows them (rules.py).

A picture is drawn once into an image of its own, on a piece of the table's felt, at the window's
scale and in the table's look and language (the cache key), and then shown whole or in part as
the page scrolls."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import pygame

from . import drawn, look
from .games import GAMES
from .i18n import language
from .resources import for_display
from .scaling import px, ui_scale


MARGIN = 16          # design pixels of felt around what a picture shows


@dataclass(frozen=True)
class Picture:
    size: tuple[int, int]                      # design pixels it may use at most
    draw: Callable[[pygame.Surface], None]     # fills a surface of `size` at the window's scale


def game_pictures(game: str) -> dict[str, Picture]:
    """A game's pictures by name (none for a game without a guide's pictures)."""
    return GAMES[game].pictures()


def picture_image(game: str, name: str) -> pygame.Surface:
    return _picture_image(game, name, ui_scale(), language(), look.felt(), look.four_colour(),
                          look.card_back_design())


@lru_cache(maxsize=48)
def _picture_image(game: str, name: str, *cache_key) -> pygame.Surface:
    """The picture drawn in its area, then framed close around what it drew: a picture need
    not centre itself."""
    picture = game_pictures(game)[name]
    layer = pygame.Surface((px(picture.size[0]), px(picture.size[1])), pygame.SRCALPHA)
    with drawn.off_screen():
        picture.draw(layer)
    content = layer.get_bounding_rect()
    surface = pygame.Surface(content.inflate(px(2 * MARGIN), px(2 * MARGIN)).size,
                             pygame.SRCALPHA)
    cloth, rim = look.felt()
    pygame.draw.rect(surface, cloth, surface.get_rect(), border_radius=px(12))
    pygame.draw.rect(surface, rim, surface.get_rect(), px(3), border_radius=px(12))
    surface.blit(layer, (px(MARGIN), px(MARGIN)), content)
    return for_display(surface)
