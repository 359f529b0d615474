"""The table's tempo in the window, once for the three games: each moment is held for the time
the tempo model gives it (game/controller/pace.py) at the animation speed in Settings, a click,
Space or Return moves on from a held moment, and each seat keeps a mark of what it did last.
Two parts the table scene composes (table_base.py): `TableTempo` (`scene.tempo`) and
`SeatMarks` (`scene.marks`).

- **Moments.** An event handler calls `scene.tempo.show_moment(Moment.…, now)` once it has
  started the moment's animation: the game is held until the animation has landed and the
  moment's time has passed (no bot moves, no clock runs, no dialog covers it); the controller's
  pause after the move comes on top. A deal's end is held by the table itself
  (`follow_deal_end`, through `show_deal_end`).
- **Marks.** `scene.marks.say_at(seat, words)` leaves a seat's last action in a bubble at the
  seat (a pass, a bid, the tile laid, a chop): it stays until the seat acts again or the game
  clears it when its round (Tiến Lên), its bidding (Joker) or its deal is over (`clear`). At a
  table across machines, `scene.marks.presence` (drops.py) marks a friend away "offline".
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import pygame

from game.controller.pace import Moment, Pace, pace_for

from .drops import away_look
from .timeline import Timeline
from .widgets import CREAM

#: keys that say "seen, move on" while a moment is held
SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class TableTempo:
    """How long the table holds each moment, at the speed Settings asks for now.

    `speed` reads the animation speed setting (it may change over a paused table);
    `follow_pace` tells the controller the pace its own pauses follow; `deal_end_moment` is the
    moment a deal's last play is (None: the game's own animation of it holds the table)."""

    def __init__(self, timeline: Timeline, speed: Callable[[], str | None],
                 follow_pace: Callable[[Pace], None], deal_end_moment: Moment | None) -> None:
        self.timeline = timeline
        self.speed = speed
        self.follow_pace = follow_pace
        self.deal_end_moment = deal_end_moment
        self.speed_followed: str | None = None
        self.follow_speed()

    @property
    def pace(self) -> Pace:
        return pace_for(self.speed())

    def follow_speed(self) -> None:
        """The animation speed of Settings, followed as soon as it changes: the animations'
        scale and the controller's pauses."""
        pace = self.pace
        if pace.speed != self.speed_followed:
            self.speed_followed = pace.speed
            self.timeline.scale = pace.animation_scale
            self.follow_pace(pace)

    def show_moment(self, moment: Moment, now: float) -> float:
        """Hold the game while `moment` is seen: from when the animations holding it now have
        landed, for the moment's time at this speed. Returns when the hold ends."""
        return self.timeline.hold_after(now, self.pace.visible_s(moment))

    def show_deal_end(self, now: float, game_over: bool) -> None:
        """The play that ended the deal (or the game) stays in view before its summary."""
        if self.deal_end_moment is None:
            return
        self.show_moment(Moment.GAME_END if game_over else self.deal_end_moment, now)

    def skips_moment(self, event: pygame.event.Event, now: float, widgets: Iterable) -> bool:
        """A click on the table (not on one of its `widgets`) or Space / Return while a moment
        is held, and held long enough that it is not the click that made the move: the player
        has seen it."""
        if not self.timeline.skippable(now):
            return False
        if event.type == pygame.KEYDOWN:
            return event.key in SKIP_KEYS
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return not any(widget.visible and widget.rect.collidepoint(event.pos)
                           for widget in widgets)
        return False


class SeatMarks(dict):
    """What each seat did last: seat -> (words, colour), drawn in a bubble at the seat (the
    renderer reads a copy of it in its look). `clear()`: the round, the bidding or the deal is
    over and every seat's mark goes.

    At a table across machines, `presence` (the host's WindowHosting, the joiner's RemoteTable:
    drops.py) says who is away, and whether the host is out of reach: "offline" at a friend's
    seat, their turn's words, the banner of a lost connection."""

    presence: Any = None

    def look(self, names, now: float) -> dict:
        """The look's fields of the seats (table_renderer.TableLook): `marks`, `away` and
        `reconnecting`."""
        marks, away = away_look(self.presence, self, names, now)
        return {"marks": marks, "away": away,
                "reconnecting": bool(self.presence is not None and self.presence.reconnecting)}

    def say_at(self, seat: int, text: str, colour=CREAM) -> None:
        """What a seat did last, in a bubble at the seat (it replaces the seat's last one)."""
        self[seat] = (text, tuple(colour))

    def unmark(self, seat: int) -> None:
        self.pop(seat, None)
