"""Who sits at a table: a human with a name, or an AI at a level."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from ai.bots import LEVELS

HUMAN = "human"
AI = "ai"


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
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise ValueError("a seat must be an object with a \"name\"")
        kind, level = raw.get("kind", HUMAN), raw.get("level", "normal")
        if kind not in (HUMAN, AI):
            raise ValueError(f"\"kind\" must be {HUMAN!r} or {AI!r}, not {kind!r}")
        if level not in LEVELS:
            raise ValueError(f"\"level\" must be one of {', '.join(LEVELS)}, not {level!r}")
        profile = raw.get("profile")
        if profile is not None and not isinstance(profile, str):
            raise ValueError(f"\"profile\" must be a profile id, not {profile!r}")
        return cls(raw["name"], kind, level, profile)
