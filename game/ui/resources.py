"""Bundled assets: the font (DejaVu Sans: Latin, Vietnamese, Georgian, ♠♥♦♣) and the theme.

Text sizes here are design points (the 1280×720 design): they grow with the window's scale."""

from __future__ import annotations

import json
from functools import lru_cache

import pygame
import pygame.freetype

import assets

from . import drawn
from .scaling import ui_scale

ASSETS = assets.FOLDER
FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
THEME = ASSETS / "theme.json"
ICON = ASSETS / "icon.png"          # the window's and the desktop's (tools/make_icon.py)


#: theme values that are lengths in pixels (scaled with the window, like the font sizes)
THEME_LENGTHS = ("shape_corner_radius", "border_width", "shadow_width", "list_item_height",
                 "open_button_width", "sliding_button_width")


def font(size: int, bold: bool = False) -> pygame.freetype.Font:
    """The bundled face at `size` design points, in the window's scale."""
    return pixel_font(max(1, round(size * ui_scale())), bold)


@lru_cache(maxsize=96)
def pixel_font(pixels: int, bold: bool = False) -> pygame.freetype.Font:
    """The bundled face at a size in window pixels (card and tile art, drawn to its own size)."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    face = pygame.freetype.Font(str(FONT_BOLD if bold else FONT_REGULAR), pixels)
    face.origin = False
    return face


def for_display(image: pygame.Surface) -> pygame.Surface:
    """`image` in the window's own pixel format. freetype renders RGBA, the window is BGRA: a
    text blitted as rendered took 626 µs at 2560×1440, converted 12 µs (a frame draws about 50
    texts and as many cards). Before a window exists, the image as it is."""
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def theme() -> dict:
    """The pygame_gui theme in the window's scale, with the bundled font's absolute paths
    filled in."""
    data = json.loads(THEME.read_text(encoding="utf-8"))
    scale = ui_scale()
    for block in data.values():
        if not isinstance(block, dict):
            continue
        if "font" in block:
            block["font"]["size"] = str(round(int(block["font"]["size"]) * scale))
            block["font"].setdefault("regular_path", str(FONT_REGULAR))
            block["font"].setdefault("bold_path", str(FONT_BOLD))
        for key in THEME_LENGTHS:
            if key in block.get("misc", {}):
                block["misc"][key] = str(round(int(block["misc"][key]) * scale))
    return data


def text_image(text: str, size: int, color=(240, 240, 230), bold: bool = False):
    """Rendered text at `size` design points (see `_text_image`)."""
    return _text_image(text, max(1, round(size * ui_scale())), tuple(color), bold)


@lru_cache(maxsize=256)
def _text_image(text: str, pixels: int, color, bold: bool):
    """Rendered text, cached: the table redraws the same labels every frame. A frame draws
    fewer than 60 texts; a bigger cache only fills with one-off amounts and messages."""
    return for_display(pixel_font(pixels, bold).render(text, color)[0])


def draw_text(surface: pygame.Surface, text: str, pos, size: int, color=(240, 240, 230),
              bold: bool = False, anchor: str = "topleft",
              within: pygame.Rect | None = None) -> pygame.Rect:
    """Render text anchored at `pos` (any pygame.Rect anchor name); returns its rect. With
    `within`, the text is moved into that box (a cue centred on a seat by the window's edge)."""
    image = text_image(text, size, tuple(color), bold)
    rect = image.get_rect()
    setattr(rect, anchor, pos)
    if within is not None:
        rect.clamp_ip(within)
    surface.blit(image, rect)
    drawn.note_text(rect, text)
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


def fit_size(text: str, size: int, width: int, bold: bool = False, smallest: float = 0.75
             ) -> int:
    """The largest text size from `size` down to `smallest` × `size` at which `text` is no
    wider than `width` pixels (the smallest when none is: clip it then)."""
    floor = max(1, round(size * smallest))
    while size > floor and font(size, bold).get_rect(text).width > width:
        size -= 1
    return size


def draw_text_within(surface: pygame.Surface, text: str, pos, size: int, width: int,
                     color=(240, 240, 230), bold: bool = False, anchor: str = "topleft"
                     ) -> pygame.Rect:
    """`draw_text` for a box `width` pixels wide: the text shrinks a little, then is cut short
    with "…", rather than leave its box."""
    size = fit_size(text, size, width, bold)
    return draw_text(surface, clip_text(text, size, width, bold), pos, size, color, bold, anchor)


#: design pixels a seat's cue ("Bình is thinking…") may take, on two lines, by the window's
#: edge: it reaches over the felt rather than be cut
CUE_ROOM = 150


def draw_lines_within(surface: pygame.Surface, text: str, pos, size: int, width: int,
                      color=(240, 240, 230), bold: bool = False, anchor: str = "midtop",
                      within: pygame.Rect | None = None, most: int = 2,
                      grow_up: bool = False) -> pygame.Rect:
    """`text` whole in a box `width` pixels wide: on one line when it fits (a little smaller if
    need be), else wrapped at spaces onto up to `most` lines (cut short only past them),
    stacked from `pos` down (a top anchor) or up (a bottom anchor); `grow_up`: the first line
    where a single one would be, the others above it. Returns the lines' rect."""
    fitting = fit_size(text, size, width, bold)
    if font(fitting, bold).get_rect(text).width <= width:
        return draw_text(surface, text, pos, fitting, color, bold, anchor, within)
    size = min(fit_size(line, size, width, bold) for line in wrap_text(text, size, width, bold))
    lines = wrap_text(text, size, width, bold)
    if len(lines) > most:
        lines = lines[:most - 1] + [clip_text(" ".join(lines[most - 1:]), size, width, bold)]
    step = font(size, bold).get_sized_height()
    side = "left" if "left" in anchor else "right" if "right" in anchor else "centre"
    block = pygame.Rect(0, 0, max(font(size, bold).get_rect(line).width for line in lines),
                        step * len(lines))
    setattr(block, anchor, pos)
    if grow_up and "top" in anchor:
        block.y -= step * (len(lines) - 1)
    if within is not None:
        block.clamp_ip(within)
    x = {"left": block.left, "right": block.right}.get(side, block.centerx)
    line_anchor = {"left": "topleft", "right": "topright"}.get(side, "midtop")
    for index, line in enumerate(lines):
        draw_text(surface, line, (x, block.top + index * step), size, color, bold, line_anchor)
    return block


def first_fitting(texts: list[str], size: int, width: int, bold: bool = False) -> str:
    """The first of `texts` (longest first) that fits in `width` pixels, else the last cut
    short: a name that has a shorter form is shown whole rather than cut."""
    face = font(size, bold)
    for text in texts:
        if face.get_rect(text).width <= width:
            return text
    return clip_text(texts[-1], size, width, bold)


def clip_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut short with "…" when it is wider than `width` pixels."""
    face = font(size, bold)
    if face.get_rect(text).width <= width:
        return text
    while text and face.get_rect(text + "…").width > width:
        text = text[:-1]
    drawn.note_cut(text.rstrip() + "…")
    return text.rstrip() + "…"
