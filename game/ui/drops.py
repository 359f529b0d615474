"""What a table across machines shows of drops (docs/network.md, "Drops and returns"): at a
friend's seat while they are away, "offline" in its bubble, their avatar dimmed, and at their
turn when the AI plays for them; over the joiner's table while the connection to the host is
lost, a banner saying it is being tried again.

The table scene's marks ask their `presence` (table_pace.SeatMarks): the host's WindowHosting,
or the joiner's RemoteTable — `away_seats(now)` (seat -> game/net/presence.Away) and
`reconnecting` — and the renderer draws the banner (table_renderer.TableRenderer.draw).
"""

from __future__ import annotations

from typing import Any

import pygame

from .remote_words import away_cue, marks_with_away
from .i18n import t
from .resources import draw_lines_within, draw_text_within, fit_size, font, wrap_text
from .scaling import px
from .widgets import CREAM, GOLD, draw_panel


def away_look(presence: Any, marks: dict, names, now: float) -> tuple[dict, dict]:
    """(the seats' marks with "offline" at each seat away, seat -> its cue at its turn)."""
    away = presence.away_seats(now) if presence is not None else {}
    if not away:
        return dict(marks), {}
    cues = {seat: away_cue(told, names[seat], now) for seat, told in away.items()
            if 0 <= seat < len(names)}
    return marks_with_away(marks, cues), cues


def draw_reconnecting(surface: pygame.Surface) -> pygame.Rect:
    """The banner across the middle of the table (clear of the side buttons) while the
    connection to the host is tried again: its title whole, on two lines if it must."""
    width, height = surface.get_size()
    panel = pygame.Rect(0, 0, min(px(620), width - px(40)), 0)
    inside = panel.width - px(36)
    title = t("drops.reconnecting")
    size = fit_size(title, 22, inside, bold=True)
    lines = 1 if font(size, True).get_rect(title).width <= inside else \
        min(2, len(wrap_text(title, 22, inside, bold=True)))
    panel.height = px(14 + 10 + 22 + 14) + font(size, True).get_sized_height() * lines
    panel.center = (width // 2, height // 2)
    draw_panel(surface, panel, 235)
    top = draw_lines_within(surface, title, (panel.centerx, panel.y + px(14)), 22, inside,
                            GOLD, bold=True, anchor="midtop")
    draw_text_within(surface, t("drops.reconnecting_kept"), (panel.centerx, top.bottom + px(10)),
                     16, inside, CREAM, anchor="midtop")
    return panel
