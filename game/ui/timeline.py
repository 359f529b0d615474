"""Time on the table: tweens (a tile flying to the line, a trick gathered) and holds (the game
waits until an animation and the moment it shows have been seen), for every table. Tweens are
scaled by the animation speed setting; how long a moment stays once it has landed is the tempo
model's (game/controller/pace.py), in real seconds.

The table scene starts tweens when it reads the controller's events, drops finished ones in
`update`, and only reads them in `draw`: drawing never changes the timeline.

Reduced motion (a setting) is decided here, once: `Timeline.place` says where a moving thing is
drawn and how opaque. Normally it flies; with reduced motion nothing crosses the table: it fades
in where it arrives, or out where it was. Its times and holds stay the same.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import pygame

from game.controller.pace import SKIP_AFTER_S, pace_for

OPAQUE = 255


def speed_scale(setting: str) -> float:
    """How much longer (or shorter) than at "normal" speed every animation takes."""
    return pace_for(setting).animation_scale


def ease_out(progress: float, power: int = 3) -> float:
    """Fast at first, settling at the end (progress clamped to 0…1)."""
    return 1 - (1 - min(1.0, max(0.0, progress))) ** power


def lerp(start, end, progress: float) -> tuple[int, int]:
    """The point `progress` of the way from `start` to `end` (pixels)."""
    return (round(start[0] + (end[0] - start[0]) * progress),
            round(start[1] + (end[1] - start[1]) * progress))


@dataclass(frozen=True)
class Tween:
    """One animation: what it moves (`data`), from `start`, for `duration` seconds."""
    channel: str
    start: float
    duration: float
    data: Any = None

    @property
    def end(self) -> float:
        return self.start + self.duration

    def progress(self, now: float) -> float:
        """0 before it starts, 1 once it is over."""
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (now - self.start) / self.duration))


def blit_faded(surface: pygame.Surface, image: pygame.Surface, center, alpha: int) -> None:
    """`image` centred on `center`, `alpha` (0…255) opaque."""
    if alpha <= 0:
        return
    if alpha < OPAQUE:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, image.get_rect(center=center))


@lru_cache(maxsize=1)
def _layer(size: tuple) -> pygame.Surface:
    return pygame.Surface(size, pygame.SRCALPHA)


@contextmanager
def fading(surface: pygame.Surface, alpha: int):
    """Draw on what this yields: it lands on `surface` `alpha` opaque (a whole seat fading)."""
    if alpha >= OPAQUE:
        yield surface
        return
    layer = _layer(surface.get_size())
    layer.fill((0, 0, 0, 0))
    yield layer
    if alpha > 0:
        layer.set_alpha(alpha)          # (set_alpha(None) would end its per-pixel blending)
        surface.blit(layer, (0, 0))


class Timeline:
    def __init__(self, scale: float = 1.0, reduced: bool = False):
        self.scale = scale              # speed_scale() of the animation setting
        self.reduced = reduced          # the reduced motion setting: fades, no flights
        self.tweens: list[Tween] = []
        self.hold_until = float("-inf")
        self.held_since = float("-inf")   # when the hold in force began

    def clear(self) -> None:
        """Nothing running and nothing held (Undo): the same timeline, so that every part of
        the table that starts its animations on it keeps drawing on the one the table draws."""
        self.tweens = []
        self.hold_until = self.held_since = float("-inf")

    def place(self, start, end, progress: float, power: int = 3, way: str = "arrive"
              ) -> tuple[tuple[int, int], int]:
        """Where a thing moving from `start` to `end` is drawn, `progress` (0…1, as time goes)
        of the way, and how opaque (0…255). It flies, eased, fully opaque; with reduced motion
        it stays put and fades: in at `end` when it arrives ("arrive": a card played, a card
        dealt), out at `start` when it goes ("leave": a trick gathered), out then in ("move": a
        seat changing chairs)."""
        progress = min(1.0, max(0.0, progress))
        if not self.reduced:
            return lerp(start, end, ease_out(progress, power)), OPAQUE
        if way == "leave":
            return tuple(start), round(OPAQUE * (1 - progress))
        if way == "move" and progress < 0.5:
            return tuple(start), round(OPAQUE * (1 - 2 * progress))
        if way == "move":
            return tuple(end), round(OPAQUE * (2 * progress - 1))
        return tuple(end), round(OPAQUE * progress)

    def seconds(self, at_normal_speed: float) -> float:
        return at_normal_speed * self.scale

    def start(self, channel: str, now: float, seconds: float, data: Any = None,
              delay: float = 0.0, hold: bool = False, replace: bool = True,
              fixed: float = 0.0) -> Tween:
        """A tween of `seconds` (at normal speed) plus `fixed` real seconds (a moment's time,
        from the pace) on `channel`, after `delay` (at normal speed). `replace` ends the
        channel's running tweens first; `hold` keeps the game waiting until it is over."""
        if replace:
            self.stop(channel)
        tween = Tween(channel, now + self.seconds(delay), self.seconds(seconds) + fixed, data)
        self.tweens.append(tween)
        if hold:
            self._hold_until(now, tween.end)
        return tween

    def hold(self, now: float, seconds: float) -> None:
        """Keep the game waiting for `seconds` (at normal speed) from now."""
        self._hold_until(now, now + self.seconds(seconds))

    def hold_after(self, now: float, seconds: float) -> float:
        """Keep the game waiting `seconds` (real seconds: a moment's time from the pace) after
        the animations that hold it now have landed. Returns when the hold ends."""
        self._hold_until(now, max(now, self.hold_until) + seconds)
        return self.hold_until

    def _hold_until(self, now: float, until: float) -> None:
        if not self.holding(now):
            self.held_since = now
        self.hold_until = max(self.hold_until, until)

    def freeze_at(self, channel: str, now: float, seconds: float) -> None:
        """Keep the channel's tweens from going past `seconds` (real seconds) in, the game
        held until they are over (a lesson's explanation is about what they show)."""
        latest = now - seconds
        for index, tween in enumerate(self.tweens):
            if tween.channel == channel and tween.start < latest:
                self.tweens[index] = tween = replace(tween, start=latest)
                self._hold_until(now, tween.end)

    def holding(self, now: float) -> bool:
        return now < self.hold_until

    def stop(self, channel: str) -> None:
        self.tweens = [tween for tween in self.tweens if tween.channel != channel]

    def skippable(self, now: float) -> bool:
        """The game is held, long enough for a click or key to mean "seen, move on"."""
        return self.holding(now) and now - self.held_since >= SKIP_AFTER_S

    def skip(self, now: float) -> None:
        """End every animation and hold at once (the player clicked through)."""
        self.tweens = []
        self.hold_until = min(self.hold_until, now)

    def prune(self, now: float) -> None:
        """Drop the tweens that are over (called from `update`, never from `draw`)."""
        self.tweens = [tween for tween in self.tweens if tween.end > now]

    def running(self, channel: str) -> list[Tween]:
        return [tween for tween in self.tweens if tween.channel == channel]

    def first(self, channel: str) -> Tween | None:
        return next((tween for tween in self.tweens if tween.channel == channel), None)
