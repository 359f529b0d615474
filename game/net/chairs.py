"""The chairs of a hosted table: which are bots, which wait for a joiner, who sits in each, and
who dropped and may come back (docs/network.md, "Drops and returns").

A remote chair is held for its joiner while they are connected and for `hold_s` seconds after
they dropped; the same profile (else the same name) retakes it. Meanwhile the chair's fallback
plays its turns: a bot level, or WAIT (the table waits for the seat).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .protocol import Refused

OPEN = "open"        # a chair that waits for a joiner (the command line's seat word)
BOT = "bot"
REMOTE = "remote"
#: a dropped joiner's turns wait for them
WAIT = "wait"


@dataclass
class Chair:
    kind: str                       # BOT or REMOTE
    level: str = "easy"             # a bot's level; a remote chair's fallback (or WAIT)
    name: str | None = None         # a bot's name is its seat's; a joiner's their own
    profile: str | None = None
    link: Any = None                # the joiner's connection while connected
    dropped_at: float | None = None   # when the joiner's connection ended

    @property
    def connected(self) -> bool:
        return self.link is not None

    def held(self, now: float, hold_s: float) -> bool:
        """Kept for its joiner: connected, or dropped less than `hold_s` ago."""
        if self.connected:
            return True
        return self.dropped_at is not None and now - self.dropped_at < hold_s

    def describe(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}


class Chairs:
    def __init__(self, chairs: list[Chair], hold_s: float):
        self.chairs = chairs
        self.hold_s = hold_s

    def __iter__(self):
        return iter(self.chairs)

    def __getitem__(self, seat: int) -> Chair:
        return self.chairs[seat]

    def remote(self) -> list[int]:
        return [seat for seat, chair in enumerate(self.chairs) if chair.kind == REMOTE]

    def all_taken(self) -> bool:
        return all(chair.name is not None for chair in self.chairs)

    def free_seats(self, now: float) -> int:
        return sum(1 for seat in self.remote() if not self.chairs[seat].held(now, self.hold_s)
                   and (self.chairs[seat].name is None or self.chairs[seat].dropped_at))

    def choose(self, name: str, profile: str | None, now: float) -> tuple[int, bool]:
        """The chair for a joiner: (seat, returning). Theirs if they hold one (by profile, else
        by name), else the first free remote chair. Raises Refused."""
        for seat in self.remote():
            chair = self.chairs[seat]
            same = (chair.profile == profile) if profile and chair.profile else \
                (chair.name is not None and chair.name.casefold() == name.casefold())
            if same and chair.name is not None:
                return seat, True
        taken = {chair.name.casefold() for chair in self.chairs if chair.name is not None}
        for seat in self.remote():
            chair = self.chairs[seat]
            never_taken = chair.name is None
            if never_taken or not chair.held(now, self.hold_s):
                if never_taken and name.casefold() in taken:
                    raise Refused("name_taken", name=name)
                return seat, False
        raise Refused("table_full")

    def sit(self, seat: int, name: str, profile: str | None, link: Any) -> Any:
        """The joiner sits; returns the connection they replace (a second one of theirs)."""
        chair = self.chairs[seat]
        replaced = chair.link
        if chair.name is None:
            chair.name = name
        chair.profile = profile or chair.profile
        chair.link, chair.dropped_at = link, None
        return replaced

    def drop(self, seat: int, link: Any, now: float) -> bool:
        """The joiner's connection ended (True: it was the chair's current one)."""
        chair = self.chairs[seat]
        if chair.link is not link:
            return False
        chair.link, chair.dropped_at = None, now
        return True

    def links(self) -> list[tuple[int, Any]]:
        return [(seat, chair.link) for seat, chair in enumerate(self.chairs) if chair.link]

    def describe(self, now: float) -> list[dict]:
        """Each chair as the lobby lists it."""
        listed = []
        for chair in self.chairs:
            if chair.kind == BOT:
                state = BOT
            elif chair.connected:
                state = "taken"
            elif chair.name is not None and chair.held(now, self.hold_s):
                state = "held"
            else:
                state = OPEN
            listed.append({"name": chair.name, "state": state})
        return listed
