"""Move timers (D19, T11): a limit per move and, once per deal, one extended move ("tambah").

A table left mid-turn keeps its clock: the save written when the table is paused carries the
time the move had left and who said tambah this deal (`snapshot`), so reopening it gives the
turn that time, not a fresh one (`check_clock` reads it back from the untrusted file)."""

from __future__ import annotations

from typing import Any

from game.core.untrusted import UntrustedInput, finite_number

#: a clock snapshot's fields: where it was taken, the time left, who said tambah
CLOCK_KEYS = ("deals", "actions", "left_s", "tambah", "tambah_used")
#: no table has more seats than this (a saved seat number above it is not one)
MAX_SEATS = 8


class TurnTimer:
    def __init__(self, turn_seconds: float, tambah_seconds: float = 0):
        self.turn_seconds = turn_seconds          # 0 = no timer
        self.tambah_seconds = tambah_seconds      # 0 = no tambah
        self.started_at = 0.0
        self.limit = float(turn_seconds)
        self.tambah_used: set[int] = set()        # players who said tambah this deal

    @property
    def enabled(self) -> bool:
        return self.turn_seconds > 0

    def new_deal(self) -> None:
        self.tambah_used.clear()

    def start(self, now: float) -> None:
        self.started_at = now
        self.limit = float(self.turn_seconds)

    def can_tambah(self, player: int) -> bool:
        return self.enabled and self.tambah_seconds > 0 and player not in self.tambah_used

    def tambah(self, player: int) -> bool:
        """Extend the running move to `tambah_seconds`; once per deal per player."""
        if not self.can_tambah(player):
            return False
        self.tambah_used.add(player)
        self.limit = float(self.tambah_seconds)
        return True

    def remaining(self, now: float) -> float:
        return max(0.0, self.limit - (now - self.started_at)) if self.enabled else float("inf")

    def expired(self, now: float) -> bool:
        return self.enabled and now - self.started_at >= self.limit

    def snapshot(self, left_s: float | None) -> dict:
        """What a save keeps of the clock: `left_s` the running move's time left (None when no
        human move is under way), and the tambah said this deal."""
        return {"left_s": left_s, "tambah": self.limit != self.turn_seconds,
                "tambah_used": sorted(self.tambah_used)}

    def restore(self, snapshot: dict) -> None:
        self.tambah_used = set(snapshot["tambah_used"])

    def start_with(self, now: float, left_s: float, tambah: bool) -> None:
        """Start a move that had `left_s` left when its table was left (at most a whole move)."""
        self.limit = float(self.tambah_seconds if tambah and self.tambah_seconds
                           else self.turn_seconds)
        self.started_at = now - max(0.0, self.limit - min(left_s, self.limit))


def check_clock(raw: Any) -> dict:
    """A save's clock snapshot, each field of the right type and in range; UntrustedInput says
    what is wrong in English words (the table then starts with full time: nothing else is lost)."""
    if not isinstance(raw, dict) or set(raw) != set(CLOCK_KEYS):
        raise UntrustedInput(f"the table's \"clock\" needs exactly {', '.join(CLOCK_KEYS)}",
                             code="wrong_type")
    for key in ("deals", "actions"):
        finite_number(raw[key], 0, 10**9)
        if not isinstance(raw[key], int):
            raise UntrustedInput(f"the clock's {key!r} must be a whole number", code="wrong_type")
    if raw["left_s"] is not None:
        finite_number(raw["left_s"], 0, 600)
    used = raw["tambah_used"]
    if not isinstance(raw["tambah"], bool) or not isinstance(used, list) or any(
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MAX_SEATS
            for seat in used):
        raise UntrustedInput("the clock's tambah must be true or false and a list of seats",
                             code="wrong_type")
    return dict(raw)
