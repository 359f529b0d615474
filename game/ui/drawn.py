"""What was drawn, for the text-fit check (tests/test_text_fit.py): the texts `draw_text` placed,
the panels `draw_panel` laid under them and the texts `clip_text` cut short. Nothing is kept
unless a test asks with `recording()`; drawing then costs one global lookup more per text."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame


@dataclass
class Drawn:
    texts: list = field(default_factory=list)     # (rect, text)
    panels: list = field(default_factory=list)    # rect
    cut: set = field(default_factory=set)         # texts shortened with "…" to fit


_record: Drawn | None = None
#: (factor, offset): what is drawn now lands on the window scaled, at an offset (`scaled`)
_placing: tuple | None = None


def _placed(rect: pygame.Rect) -> pygame.Rect:
    if _placing is None:
        return pygame.Rect(rect)
    factor, (x, y) = _placing
    return pygame.Rect(x + round(rect.x * factor), y + round(rect.y * factor),
                       round(rect.width * factor), round(rect.height * factor))


def note_text(rect: pygame.Rect, text: str) -> None:
    if _record is not None:
        _record.texts.append((_placed(rect), text))


def note_cut(text: str) -> None:
    if _record is not None:
        _record.cut.add(text)


def note_panel(rect: pygame.Rect) -> None:
    if _record is not None:
        _record.panels.append(_placed(rect))


@contextmanager
def scaled(factor: float, offset: tuple[int, int]):
    """What is drawn inside the block goes to a picture that is then shown `factor` times its
    size at `offset` of the window (the Review screen's table in a small window): it is
    recorded where it will be seen."""
    global _placing
    _placing = (factor, tuple(offset))
    try:
        yield
    finally:
        _placing = None


@contextmanager
def recording():
    """Record what is drawn inside the block."""
    global _record
    _record = Drawn()
    try:
        yield _record
    finally:
        _record = None


@contextmanager
def off_screen():
    """Drawing into an image that is not the window (a rules picture, drawn once and then
    shown whole or in part): its texts are not the window's, nothing is recorded inside."""
    global _record
    kept, _record = _record, None
    try:
        yield
    finally:
        _record = kept
