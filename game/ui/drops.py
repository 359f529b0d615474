"""What a table across machines shows of drops (docs/network.md, "Drops and returns"): at a
friend's seat while they are away, "offline" in its bubble, their avatar dimmed, and at their
turn when the AI plays for them; over the joiner's table while the connection to the host is
lost, a banner saying it is being tried again.

The table scene asks its `presence` (table_base.py): the host's WindowHosting, or the joiner's
RemoteTable — `away_seats(now)` (seat -> game/net/presence.Away) and `reconnecting`.
"""

from __future__ import annotations

from typing import Any

import pygame

from .remote_words import away_cue, marks_with_away
from .i18n import t
from .resources import draw_text_within
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
    """The banner over the table while the connection to the host is tried again."""
    width, height = surface.get_size()
    panel = pygame.Rect(0, 0, min(px(620), width - px(40)), px(92))
    panel.center = (width // 2, height * 2 // 5)
    draw_panel(surface, panel, 235)
    inside = panel.width - px(36)
    draw_text_within(surface, t("drops.reconnecting"), (panel.centerx, panel.y + px(16)), 22,
                     inside, GOLD, bold=True, anchor="midtop")
    draw_text_within(surface, t("drops.reconnecting_kept"), (panel.centerx, panel.y + px(54)),
                     16, inside, CREAM, anchor="midtop")
    return panel
