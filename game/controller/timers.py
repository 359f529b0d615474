"""Move timers (D19, T11): a limit per move and, once per deal, one extended move ("tambah")."""

from __future__ import annotations


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
