"""The table's clock: the move timer (D19, T11) with its tambah, the time a move stays in view,
and the two reasons the whole clock may stand still.

`pause` is a menu or viewer over the table; `hold` is the window still showing a move or a
moment (an animation, a chop's banner). While either stands, no timer runs and nothing moves on;
when the last one goes, the time stood still is given back to the running move and to the move
being shown. Time always comes in as an argument (`now`): tests drive it with a fake clock.
"""

from __future__ import annotations

from .timers import TurnTimer

#: why the clock may stand still: a menu or viewer over the table (which also hides the hands
#: at a hotseat table), or an animation the window is still playing
PAUSE, HOLD = "pause", "hold"


class TableClock:
    def __init__(self, turn_seconds: float, tambah_seconds: float, now: float = 0.0,
                 resumed: dict | None = None):
        """`resumed`: a reopened save's clock snapshot (timers.py): the turn the table was
        left in keeps the time it had, and the tambah said this deal stays said."""
        self.timer = TurnTimer(turn_seconds, tambah_seconds)
        self.stopped: set[str] = set()    # PAUSE and/or HOLD
        self.stopped_at = 0.0
        self.resume_at = now              # when the move being shown has been seen
        self.resumed = resumed
        if resumed is not None:
            self.timer.restore(resumed)

    # --- standing still -------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return not self.stopped

    @property
    def paused(self) -> bool:
        return PAUSE in self.stopped

    def stop(self, reason: str, now: float) -> None:
        if not self.stopped:
            self.stopped_at = now
        self.stopped.add(reason)

    def go(self, reason: str, now: float) -> None:
        """`reason` ends; once nothing stops the clock, the time it stood still is given back."""
        if reason not in self.stopped:
            return
        self.stopped.discard(reason)
        if not self.stopped:
            self.give_back(now - self.stopped_at)
            self.resume_at += now - self.stopped_at

    def drop(self, reason: str) -> None:
        """`reason` ends without giving any time back: the table starts afresh (Undo)."""
        self.stopped.discard(reason)

    def give_back(self, seconds: float) -> None:
        """The running move gets `seconds` more (it stood still that long: a pause, a hand-off
        after a pause)."""
        self.timer.started_at += seconds

    # --- a move in view ----------------------------------------------------------------------

    def show_for(self, seconds: float, now: float) -> None:
        """A move was made: it stays in view `seconds` before the table moves on."""
        self.resume_at = now + seconds

    def shown(self, now: float, after: float = 0.0) -> bool:
        """The move in view (or the summary, with `after`) has been seen."""
        return now >= self.resume_at + after

    # --- the move timer ----------------------------------------------------------------------

    def new_deal(self) -> None:
        self.timer.new_deal()

    def start_turn(self, now: float) -> None:
        """A human's move begins: with a whole move's time, or the first after a reopened
        save with what it had left."""
        resumed, self.resumed = self.resumed, None
        if resumed is not None and resumed["left_s"] is not None:
            self.timer.start_with(now, resumed["left_s"], resumed["tambah"])
        else:
            self.timer.start(now)

    def snapshot(self, left_s: float | None) -> dict:
        """What a save keeps of the clock (`left_s`: the human move's time left, if one is
        under way)."""
        return self.timer.snapshot(left_s)

    def expired(self, now: float) -> bool:
        return self.timer.expired(now)

    def time_left(self, now: float) -> float | None:
        """The move's seconds left (None: no timer); while the clock stands still they stay
        where they stopped."""
        if not self.timer.enabled:
            return None
        return self.timer.remaining(self.stopped_at if self.stopped else now)

    def time_share(self, now: float) -> float | None:
        """The share of the move's time still left (1 … 0), for the seat's timer ring."""
        left = self.time_left(now)
        return None if left is None else left / max(self.timer.limit, 1e-9)

    def can_tambah(self, player: int) -> bool:
        return self.timer.can_tambah(player)

    def tambah(self, player: int) -> bool:
        """`player`'s move runs to the tambah's time (D19); once a deal."""
        return self.timer.tambah(player)
