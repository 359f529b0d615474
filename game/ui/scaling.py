"""One scale for the whole window: everything is designed at 1280×720 and grows with the window.

Text sizes are always given in design points (`resources.font` scales them); lengths drawn from
constants go through `px`; a layout is computed for the window's design size and then scaled
(`scaled_layout`), so a table at 2560×1440 is the 1280×720 table at twice the size, and a wider
window gets more room, not bigger cards. Below 1280×720 the scale stays 1: the layouts shrink
their own way (800×600 is the smallest window).
"""

from __future__ import annotations

import dataclasses

import pygame

DESIGN_SIZE = (1280, 720)
MAX_SCALE = 2.0

_scale = 1.0


def scale_for(size: tuple[int, int]) -> float:
    """The scale of a window: the design fits in it at that scale (1 … 2, in steps of 1/8 so
    that a window dragged by a few pixels does not make every text image again)."""
    fit = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])
    return max(1.0, min(MAX_SCALE, int(fit * 8) / 8))


def set_window_size(size: tuple[int, int]) -> bool:
    """Use the scale of a window of `size`; True when it changed."""
    global _scale
    new = scale_for(size)
    changed = new != _scale
    _scale = new
    return changed


def ui_scale() -> float:
    return _scale


def px(length: float) -> int:
    """A length of the 1280×720 design, in the window's pixels."""
    return int(round(length * _scale))


def px_rect(x: float, y: float, width: float, height: float) -> pygame.Rect:
    """A rectangle of the design, in the window's pixels."""
    return pygame.Rect(px(x), px(y), px(width), px(height))


def design_size(size: tuple[int, int]) -> tuple[int, int]:
    """The window's size in design pixels."""
    return round(size[0] / _scale), round(size[1] / _scale)


def scaled_layout(make, size: tuple[int, int], *args):
    """`make(design_size, *args)` scaled to the window: every Rect, point and length of the
    layout dataclass is multiplied by the scale; its `size` is the window's."""
    layout = make(design_size(size), *args)
    if _scale == 1.0:
        return dataclasses.replace(layout, size=tuple(size))
    changes = {field.name: _scaled(getattr(layout, field.name))
               for field in dataclasses.fields(layout) if field.name != "size"}
    return dataclasses.replace(layout, size=tuple(size), **changes)


def _scaled(value):
    if isinstance(value, pygame.Rect):
        return pygame.Rect(px(value.x), px(value.y), px(value.width), px(value.height))
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return px(value)
    if isinstance(value, tuple):
        return tuple(_scaled(item) for item in value)
    if isinstance(value, dict):
        return {key: _scaled(item) for key, item in value.items()}
    raise TypeError(f"a layout field of type {type(value).__name__} cannot be scaled")
