"""What a joiner's seat asked of the host and has not heard back about (remote_table.py): the
window must not offer the same again meanwhile.

- a move sent (`move_at`: the position it was sent at): no other move is offered until the
  host moves on (a view at another position) or refuses it (an error);
- a tambah (`tambah_at`, D19): the move then runs tambah_seconds from its start, until the
  next position;
- a deal's summary read (`summary_read`: the deal; `ready` sent): the window waits for the
  others, and reads a summary again after a return to the chair (a `ready` sent while the
  link was down was lost).
"""

from __future__ import annotations


class AskedOfHost:
    def __init__(self) -> None:
        self.move_at: list | None = None
        self.tambah_at: list | None = None
        self.summary_read: int | None = None

    def awaiting_move(self, position: list | None) -> bool:
        """Our move was sent at `position` (the one shown) and the host has not moved on."""
        return self.move_at is not None and self.move_at == position

    def heard(self, message: dict) -> None:
        """A message of the host, once shown: what it answers."""
        kind = message.get("type")
        if kind == "welcome" and message.get("returned"):
            self.summary_read = None      # a summary still up is read again
        elif kind == "view":
            self.move_at = None
            if message.get("position") != self.tambah_at:
                self.tambah_at = None
        elif kind == "error":
            if message.get("about") == "tambah":
                self.tambah_at = None
            self.move_at = None           # our move was refused: the turn is ours again
