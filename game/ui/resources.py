"""Bundled assets: the font (DejaVu Sans: Latin, Vietnamese, Georgian, ♠♥♦♣) and the theme."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pygame
import pygame.freetype

ASSETS = Path(__file__).resolve().parents[2] / "assets"
FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
THEME = ASSETS / "theme.json"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    face = pygame.freetype.Font(str(FONT_BOLD if bold else FONT_REGULAR), size)
    face.origin = False
    return face


def theme() -> dict:
    """The pygame_gui theme, with the bundled font's absolute paths filled in."""
    data = json.loads(THEME.read_text(encoding="utf-8"))
    for block in data.values():
        if isinstance(block, dict) and "font" in block:
            block["font"].setdefault("regular_path", str(FONT_REGULAR))
            block["font"].setdefault("bold_path", str(FONT_BOLD))
    return data


@lru_cache(maxsize=256)
def text_image(text: str, size: int, color=(240, 240, 230), bold: bool = False):
    """Rendered text, cached: the table redraws the same labels every frame. A frame draws
    fewer than 60 texts; a bigger cache only fills with one-off amounts and messages."""
    return font(size, bold).render(text, color)[0]


def draw_text(surface: pygame.Surface, text: str, pos, size: int, color=(240, 240, 230),
              bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Render text anchored at `pos` (any pygame.Rect anchor name); returns its rect."""
    image = text_image(text, size, tuple(color), bold)
    rect = image.get_rect()
    setattr(rect, anchor, pos)
    surface.blit(image, rect)
    return rect


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """The text split at spaces into lines no wider than `width` pixels (a longer word keeps
    its own line)."""
    face, lines, line = font(size, bold), [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and face.get_rect(trial).width > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line] if line else lines


def clip_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut short with "…" when it is wider than `width` pixels."""
    face = font(size, bold)
    if face.get_rect(text).width <= width:
        return text
    while text and face.get_rect(text + "…").width > width:
        text = text[:-1]
    return text.rstrip() + "…"
