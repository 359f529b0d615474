"""Small drawing helpers shared by the scenes: the felt, panels, banners, button columns."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pygame_gui

from .resources import text_image
from .scaling import px

FELT = (22, 88, 56)
FELT_DARK = (14, 60, 38)
GOLD = (240, 212, 140)
CREAM = (242, 236, 216)
BUBBLE = (24, 52, 36)


@lru_cache(maxsize=4)
def _felt(size: tuple) -> pygame.Surface:
    felt = pygame.Surface(size).convert()
    felt.fill(FELT)
    border = max(8, min(size) // 40)
    pygame.draw.rect(felt, FELT_DARK, felt.get_rect(), border)
    pygame.draw.rect(felt, (120, 86, 40), felt.get_rect(), max(3, border // 3))
    return felt


def draw_felt(surface: pygame.Surface) -> None:
    """A card-table green with a wooden rim (drawn once per window size)."""
    surface.blit(_felt(surface.get_size()), (0, 0))


@lru_cache(maxsize=32)
def _panel(size: tuple, alpha: int, radius: int, line: int) -> pygame.Surface:
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (12, 30, 20, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*GOLD, 255), panel.get_rect(), line, border_radius=radius)
    return panel


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215) -> None:
    surface.blit(_panel(tuple(rect.size), alpha, px(14), px(2)), rect)


def draw_banner(surface: pygame.Surface, text: str, pos, size: int, colour=GOLD,
                anchor: str = "center", padding: tuple = (24, 12)) -> pygame.Rect:
    """Bold text on a small dark panel, readable where it lies over cards. `pos` places the
    text by `anchor` (any pygame.Rect anchor name); returns the panel's rect. `padding` is in
    design pixels."""
    image = text_image(text, size, tuple(colour), True)
    spot = image.get_rect()
    setattr(spot, anchor, pos)
    plate = spot.inflate(px(padding[0]), px(padding[1]))
    draw_panel(surface, plate, alpha=230)
    surface.blit(image, spot)
    return plate


@lru_cache(maxsize=4)
def _shade(size: tuple, alpha: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    return shade


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    surface.blit(_shade(surface.get_size(), alpha), (0, 0))


def button_column(manager, labels, center_x: int, top: int, width: int = 320,
                  height: int = 48, gap: int = 12) -> list:
    buttons = []
    """Buttons one under the other; `center_x` and `top` in window pixels, the sizes in
    design pixels."""
    for index, label in enumerate(labels):
        rect = pygame.Rect(0, 0, px(width), px(height))
        rect.midtop = (center_x, top + px(index * (height + gap)))
        buttons.append(pygame_gui.elements.UIButton(rect, label, manager))
    return buttons


def draw_messages(surface: pygame.Surface, messages, topleft, size: int) -> None:
    """The table's message log, newest at the bottom, each on a plate (a long one may cross
    a seat's name or cards)."""
    x, y = topleft
    for message in messages:
        plate = draw_banner(surface, message.text, (x + px(14), y + px(6)), size, message.colour,
                            anchor="topleft", padding=(16, 8))
        y = plate.bottom + px(4)


def set_visible(element, visible: bool) -> None:
    """Show or hide a pygame_gui element (only when it changes)."""
    if visible and not element.visible:
        element.show()
    elif not visible and element.visible:
        element.hide()


def set_enabled(element, enabled: bool) -> None:
    if enabled and not element.is_enabled:
        element.enable()
    elif not enabled and element.is_enabled:
        element.disable()


def draw_bubble(surface: pygame.Surface, text: str, point, size: int, colour=CREAM,
                below: bool = False) -> pygame.Rect:
    """What a seat says (pass, a bid, chặt), in a bubble whose tail points at `point`: above
    it, or below it with `below`. Returns the bubble's rect."""
    image = text_image(text, size, tuple(colour), True)
    bubble = image.get_rect().inflate(px(22), px(12))
    tail = px(max(6, size // 2))
    if below:
        bubble.midtop = (point[0], point[1] + tail)
        tip = [(point[0] - tail, bubble.top + 1), (point[0] + tail, bubble.top + 1), point]
    else:
        bubble.midbottom = (point[0], point[1] - tail)
        tip = [(point[0] - tail, bubble.bottom - 1), (point[0] + tail, bubble.bottom - 1), point]
    bubble.clamp_ip(surface.get_rect())
    pygame.draw.polygon(surface, BUBBLE, tip)
    pygame.draw.rect(surface, BUBBLE, bubble, border_radius=bubble.height // 2)
    pygame.draw.rect(surface, GOLD, bubble, px(2), border_radius=bubble.height // 2)
    surface.blit(image, image.get_rect(center=bubble.center))
    return bubble
