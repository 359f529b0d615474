"""Who is away from a table across machines, as a window shows it (docs/network.md, "Drops
and returns"): a friend whose connection ended keeps their chair for a while, and their turns
are played by the chair's fallback once the grace time is over (chairs.py).

The host tells it as a `dropped` notice's data (and in a `welcome`'s `away` list):
`{"fallback": level or "wait", "grace_s": seconds before the fallback plays, "hold_s": seconds
the chair is still held}`, seconds counted from when the frame was sent. `Away.told` reads it
(untrusted: checked by type and range) into times of the window's own clock; `AwaySeats`
follows a joiner's frames; the host's window reads its own table's (window_host.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .chairs import WAIT
from .host_frames import MAX_COUNT, MAX_PLAYERS

#: more seconds than any hold time (a value past it is no time the host meant)
MAX_SECONDS = 10**6
#: a bot level's name at most (easy, normal-v1 …)
MAX_LEVEL = 16


@dataclass(frozen=True)
class Away:
    """A friend away from the table, in the window's clock."""
    player: int
    fallback: str              # the bot level playing their turns, or WAIT
    grace_until: float         # the fallback plays their turns from then
    hold_until: float          # their chair is kept for them until then

    @classmethod
    def told(cls, player: Any, data: Any, now: float) -> "Away | None":
        """What the host told of a seat away (a notice's data), or None when it is not that."""
        if not isinstance(player, int) or isinstance(player, bool) \
                or not 0 <= player < MAX_PLAYERS \
                or not isinstance(data, dict):
            return None
        fallback = data.get("fallback", WAIT)
        grace, hold = data.get("grace_s", 0), data.get("hold_s", 0)
        if not isinstance(fallback, str) or not 0 < len(fallback) <= MAX_LEVEL \
                or not fallback.isascii() or not all(_seconds(value) for value in (grace, hold)):
            return None
        return cls(player, fallback, now + grace, now + hold)

    @property
    def waits(self) -> bool:
        """The table waits for them (no AI plays their turns)."""
        return self.fallback == WAIT

    def fallback_in(self, now: float) -> float | None:
        """Seconds before the AI plays their turns (0: it plays them now); None: it never
        does (the table waits for them)."""
        return None if self.waits else max(0.0, self.grace_until - now)


def _seconds(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and 0 <= value <= MAX_SECONDS


class AwaySeats:
    """The seats away at a joiner's table, from the host's frames as the window shows them."""

    def __init__(self) -> None:
        self.seats: dict[int, Away] = {}

    def take(self, message: dict, now: float) -> None:
        """A `welcome` (who is away now) or a `dropped` / `returned` notice."""
        kind = message.get("type")
        if kind == "welcome":
            listed = message.get("away")
            told = [entry for entry in listed if isinstance(entry, dict)] \
                if isinstance(listed, list) else []
            self.seats = {}
            for entry in told:
                away = Away.told(entry.get("player"), entry, now)
                if away is not None and away.player != message.get("seat"):
                    self.seats[away.player] = away
        elif kind == "notice" and message.get("kind") == "dropped":
            away = Away.told(message.get("player"), message.get("data"), now)
            if away is not None:
                self.seats[away.player] = away
        elif kind == "notice" and message.get("kind") in ("returned", "given_to_ai"):
            self.seats.pop(message.get("player"), None)     # back, or an AI's chair now


def moves_for_us(welcome: dict, seat: int) -> dict:
    """Back in our chair (a `welcome` with `returned`): the moves made for us while we were
    away (`moves`, its `away_moves`), and whether our chair waits for us (`waits`: those were
    the clock's moves, not an AI's)."""
    moves = welcome.get("away_moves", 0)
    chairs = welcome.get("chairs") or []
    ours = chairs[seat] if 0 <= seat < len(chairs) else None
    return {"moves": moves if isinstance(moves, int) and not isinstance(moves, bool)
            and 0 <= moves <= MAX_COUNT else 0,
            "waits": isinstance(ours, dict) and ours.get("level") == WAIT}
