"""The table's tempo in the window, once for the three games: each moment is held for the time
the tempo model gives it (game/controller/pace.py) at the animation speed in Settings, a click,
Space or Return moves on from a held moment, and each seat keeps a mark of what it did last.
A mixin of TableScene (table_base.py).

- **Moments.** An event handler calls `show_moment(Moment.…, now)` once it has started the
  moment's animation: the game is held until the animation has landed and the moment's time has
  passed (no bot moves, no clock runs, no dialog covers it); the controller's pause after the
  move comes on top. A deal's end is held by the table itself (`follow_deal_end`).
- **Marks.** `say_at(seat, words)` leaves a seat's last action in a bubble at the seat (a pass,
  a bid, the tile laid, a chop): it stays until the seat acts again or the game clears it when
  its round (Tiến Lên), its bidding (Joker) or its deal is over (`clear_marks`).
"""

from __future__ import annotations

import pygame

from game.controller.pace import Moment, Pace, pace_for

from .widgets import CREAM

#: keys that say "seen, move on" while a moment is held
SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class TablePace:
    #: the moment a deal's last play is (Tiến Lên: a deal is a game); None: the game's own
    #: animation of it holds the table (Joker's last trick)
    DEAL_END_MOMENT: Moment | None = Moment.DEAL_END
    speed_followed: str | None = None

    def init_pace(self) -> None:
        self.marks: dict[int, tuple[str, tuple]] = {}    # seat -> (words, colour)
        self.follow_speed()

    @property
    def pace(self) -> Pace:
        return pace_for(self.app.settings.get("animation"))

    def follow_speed(self) -> None:
        """The animation speed of Settings, followed as soon as it changes: the animations'
        scale and the controller's pauses."""
        pace = self.pace
        if pace.speed != self.speed_followed:
            self.speed_followed = pace.speed
            self.timeline.scale = pace.animation_scale
            self.ctl.follow_pace(pace)

    def show_moment(self, moment: Moment, now: float) -> float:
        """Hold the game while `moment` is seen: from when the animations holding it now have
        landed, for the moment's time at this speed. Returns when the hold ends."""
        return self.timeline.hold_after(now, self.pace.visible_s(moment))

    def show_deal_end(self, now: float) -> None:
        """The play that ended the deal (or the game) stays in view before its summary."""
        if self.DEAL_END_MOMENT is None:
            return
        moment = Moment.GAME_END if self.view.game_over else self.DEAL_END_MOMENT
        self.show_moment(moment, now)

    def skips_moment(self, event: pygame.event.Event) -> bool:
        """A click on the table (not on a button) or Space / Return while a moment is held, and
        held long enough that it is not the click that made the move: the player has seen it."""
        if not self.timeline.skippable(self.app.now):
            return False
        if event.type == pygame.KEYDOWN:
            return event.key in SKIP_KEYS
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return not any(widget.visible and widget.rect.collidepoint(event.pos)
                           for widget in self.widgets)
        return False

    # --- the seats' marks -----------------------------------------------------------------

    def say_at(self, seat: int, text: str, colour=CREAM) -> None:
        """What a seat did last, in a bubble at the seat (it replaces the seat's last one)."""
        self.marks[seat] = (text, tuple(colour))

    def unmark(self, seat: int) -> None:
        self.marks.pop(seat, None)

    def clear_marks(self) -> None:
        """The round, the bidding or the deal is over: every seat's mark goes."""
        self.marks.clear()
