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
#: a human at the host's own screen (a window hosting its table)
LOCAL = "local"
#: a dropped joiner's turns wait for them
WAIT = "wait"


@dataclass
class Chair:
    kind: str                       # BOT, REMOTE or LOCAL
    level: str = "easy"             # a bot's level; a remote chair's fallback (or WAIT)
    name: str | None = None         # a bot's name is its seat's; a joiner's their own
    profile: str | None = None
    link: Any = None                # the joiner's connection while connected
    dropped_at: float | None = None   # when the joiner's connection ended
    #: the joiner (name, profile) whose chair the host gave to an AI while they were away
    given_from: tuple | None = None

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

    def fill_with_bot(self, seat: int, name: str, level: str) -> bool:
        """A remote chair nobody has taken yet is played by a bot from now on (the host's
        choice); False when someone sits there already."""
        chair = self.chairs[seat]
        if chair.kind != REMOTE or chair.name is not None:
            return False
        chair.kind, chair.name, chair.level = BOT, name, level
        return True

    def give_to_bot(self, seat: int, name: str, level: str) -> bool:
        """A remote chair whose joiner is away (or never came back) is played by a bot to the
        game's end (the host's choice during play); False while its joiner is connected."""
        chair = self.chairs[seat]
        if chair.kind != REMOTE or chair.connected:
            return False
        if chair.name is not None:
            chair.given_from = (chair.name, chair.profile)
        chair.kind, chair.name, chair.level = BOT, name, level
        chair.profile = chair.dropped_at = None
        return True

    def given_away(self, name: str, profile: str | None) -> bool:
        """The joiner had a chair here that the host gave to an AI while they were away."""
        for chair in self.chairs:
            if chair.given_from is None:
                continue
            had_name, had_profile = chair.given_from
            if (had_profile == profile) if profile and had_profile else \
                    had_name.casefold() == name.casefold():
                return True
        return False

    def remote(self) -> list[int]:
        return [seat for seat, chair in enumerate(self.chairs) if chair.kind == REMOTE]

    def all_taken(self) -> bool:
        return all(chair.name is not None for chair in self.chairs)

    def choose(self, name: str, profile: str | None, now: float) -> tuple[int, bool]:
        """The chair for a joiner: (seat, returning). Theirs if they hold one (by profile, else
        by name), else the first free remote chair: never taken, or its hold time over. Raises
        Refused (`chair_given`: theirs was given to an AI while they were away)."""
        for seat in self.remote():
            chair = self.chairs[seat]
            same = (chair.profile == profile) if profile and chair.profile else \
                (chair.name is not None and chair.name.casefold() == name.casefold())
            if same and chair.name is not None:
                return seat, True
        if self.given_away(name, profile):
            raise Refused("chair_given")
        if any(chair.name is not None and chair.name.casefold() == name.casefold()
               for chair in self.chairs):
            raise Refused("name_taken", name=name)
        for seat in self.remote():
            chair = self.chairs[seat]
            if chair.name is None or not chair.held(now, self.hold_s):
                return seat, False
        raise Refused("table_full")

    def sit(self, seat: int, name: str, profile: str | None, link: Any,
            returning: bool) -> Any:
        """The joiner sits; returns the connection they replace (a second one of theirs). A
        newcomer in a chair whose hold time is over takes it under their own name (the game's
        record keeps the name it began with)."""
        chair = self.chairs[seat]
        replaced = chair.link
        if not returning:
            chair.name, chair.profile = name, profile
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
            if chair.kind in (BOT, LOCAL):
                state = chair.kind
            elif chair.connected:
                state = "taken"
            elif chair.name is not None and chair.held(now, self.hold_s):
                state = "held"
            else:
                state = OPEN
            listed.append({"name": chair.name, "state": state})
        return listed
