"""Time on the table: tweens (a tile flying to the line, a trick gathered) and holds (the game
waits until an animation has been seen), for every table, scaled by the animation speed setting.

The table scene starts tweens when it reads the controller's events, drops finished ones in
`update`, and only reads them in `draw`: drawing never changes the timeline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: animation speed setting -> seconds a bot's move stays readable (the controller's pause)
MOVE_PAUSE_S = {"slow": 1.2, "normal": 0.7, "fast": 0.3}


def speed_scale(setting: str) -> float:
    """How much longer (or shorter) than at "normal" speed every animation takes."""
    return MOVE_PAUSE_S.get(setting, MOVE_PAUSE_S["normal"]) / MOVE_PAUSE_S["normal"]


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


class Timeline:
    def __init__(self, scale: float = 1.0):
        self.scale = scale              # speed_scale() of the animation setting
        self.tweens: list[Tween] = []
        self.hold_until = float("-inf")

    def seconds(self, at_normal_speed: float) -> float:
        return at_normal_speed * self.scale

    def start(self, channel: str, now: float, seconds: float, data: Any = None,
              delay: float = 0.0, hold: bool = False, replace: bool = True) -> Tween:
        """A tween of `seconds` (at normal speed) on `channel`, after `delay` (also at normal
        speed). `replace` ends the channel's running tweens first; `hold` keeps the game
        waiting until it is over."""
        if replace:
            self.stop(channel)
        tween = Tween(channel, now + self.seconds(delay), self.seconds(seconds), data)
        self.tweens.append(tween)
        if hold:
            self.hold_until = max(self.hold_until, tween.end)
        return tween

    def hold(self, now: float, seconds: float) -> None:
        """Keep the game waiting for `seconds` (at normal speed) from now."""
        self.hold_until = max(self.hold_until, now + self.seconds(seconds))

    def holding(self, now: float) -> bool:
        return now < self.hold_until

    def stop(self, channel: str) -> None:
        self.tweens = [tween for tween in self.tweens if tween.channel != channel]

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
