"""Who sits at a table: a human with a name (at this screen, or REMOTE: a friend at another
screen, game/net), or an AI at a level."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from game.save_format import AI, HUMAN, REMOTE, WAIT, check_seat

__all__ = ["AI", "HUMAN", "REMOTE", "SeatConfig", "WAIT"]


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: str = HUMAN          # HUMAN, AI or REMOTE
    level: str = "normal"      # for AI seats; a remote seat's fallback (or WAIT)
    profile: str | None = None  # a human's profile id (game/history): their statistics

    @property
    def is_human(self) -> bool:
        """A person plays this seat (here or at another screen): never a bot's turn."""
        return self.kind in (HUMAN, REMOTE)

    @property
    def is_remote(self) -> bool:
        """A person at another screen: their hand is never shown on this one."""
        return self.kind == REMOTE

    def to_json(self) -> dict:
        data = asdict(self)
        if self.profile is None:          # the saves of earlier versions: no profile
            del data["profile"]
        return data

    @classmethod
    def from_json(cls, raw: object) -> "SeatConfig":
        """A seat as a save holds it, checked (game/save_format.py); UntrustedInput when not."""
        return cls(**check_seat(raw))
