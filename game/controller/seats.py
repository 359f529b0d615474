"""Who sits at a table: a human with a name, or an AI at a level."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from game.save_format import AI, HUMAN, check_seat

__all__ = ["AI", "HUMAN", "SeatConfig"]


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: str = HUMAN          # HUMAN or AI
    level: str = "normal"      # for AI seats
    profile: str | None = None  # a human's profile id (game/history): their statistics

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_json(self) -> dict:
        data = asdict(self)
        if self.profile is None:          # the saves of earlier versions: no profile
            del data["profile"]
        return data

    @classmethod
    def from_json(cls, raw: object) -> "SeatConfig":
        """A seat as a save holds it, checked (game/save_format.py); UntrustedInput when not."""
        return cls(**check_seat(raw))
