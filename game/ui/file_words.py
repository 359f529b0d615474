"""The player's words for the files the game reads and writes: why a file was refused (the
untrusted-input door's code: game/core/untrusted.py), and the notice shown over any screen
when the settings cannot be written (the game goes on with them in memory)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.core.untrusted import CODES
from game.paths import write_failure

from .i18n import t
from .resources import draw_text, text_image, wrap_text
from .scaling import px
from .widgets import draw_panel

NOTICE_SIZE, NOTICE_LINE = 16, 22
NOTICE_COLOUR = (255, 190, 160)
#: how long the window shows a notice over the screen (seconds)
NOTICE_SECONDS = 8.0


def shown_name(path: Path) -> str:
    """A file's name as the window can draw it: bytes that are not UTF-8 (the system hands them
    over as lone surrogates) and control characters show as a replacement mark."""
    name = os.fsencode(path.name).decode("utf-8", "replace")
    return "".join(c if c.isprintable() else "\ufffd" for c in name)


def reason_words(code: str | None) -> str:
    """Why a file was refused, as one sentence ("" when the code is not the door's: the file's
    own message then says enough)."""
    return t(f"untrusted.{code}") if code in CODES else ""


def with_reason(message: str, code: str | None) -> str:
    return " ".join(filter(None, (message, reason_words(code))))


def settings_not_saved_words(error: BaseException) -> str:
    return t("files.settings_not_saved", reason=t(f"table.write_failed.{write_failure(error)}"))


def draw_notice(surface: pygame.Surface, text: str) -> None:
    """A notice over the top of any screen, on a panel, wrapped to the window."""
    width, _ = surface.get_size()
    lines = wrap_text(text, NOTICE_SIZE, width - px(120))
    if not lines:
        return
    widest = max(text_image(line, NOTICE_SIZE, NOTICE_COLOUR).get_width() for line in lines)
    panel = pygame.Rect(0, px(8), widest + px(32), len(lines) * px(NOTICE_LINE) + px(16))
    panel.centerx = width // 2
    draw_panel(surface, panel, 230)
    for number, line in enumerate(lines):
        draw_text(surface, line, (panel.centerx, panel.y + px(8) + number * px(NOTICE_LINE)),
                  NOTICE_SIZE, NOTICE_COLOUR, anchor="midtop")
