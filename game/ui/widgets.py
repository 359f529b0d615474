"""Small drawing helpers shared by the scenes: the felt, panels, button columns."""

from __future__ import annotations

import pygame
import pygame_gui

FELT = (22, 88, 56)
FELT_DARK = (14, 60, 38)
GOLD = (240, 212, 140)
CREAM = (242, 236, 216)
SHADOW = (0, 0, 0, 110)


def draw_felt(surface: pygame.Surface) -> None:
    """A card-table green with a soft vignette border."""
    surface.fill(FELT)
    width, height = surface.get_size()
    border = max(8, min(width, height) // 40)
    pygame.draw.rect(surface, FELT_DARK, surface.get_rect(), border)
    pygame.draw.rect(surface, (120, 86, 40), surface.get_rect(), max(3, border // 3))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215) -> None:
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (12, 30, 20, alpha), panel.get_rect(), border_radius=14)
    pygame.draw.rect(panel, (*GOLD, 255), panel.get_rect(), 2, border_radius=14)
    surface.blit(panel, rect)


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


def button_column(manager, labels, center_x: int, top: int, width: int = 320,
                  height: int = 48, gap: int = 12) -> list:
    buttons = []
    for index, label in enumerate(labels):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (center_x, top + index * (height + gap))
        buttons.append(pygame_gui.elements.UIButton(rect, label, manager))
    return buttons
