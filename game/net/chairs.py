"""The chairs of a hosted table: which are bots, which wait for a joiner, who sits in each, and
who dropped and may come back (docs/network.md, "Drops and returns").

A remote chair is held for its joiner while they are connected and for `hold_s` seconds after
they dropped; the same profile (else the same name) retakes it. Meanwhile the chair's fallback
plays its turns: a bot level, or WAIT (the table waits for the seat). A short drop costs no
move: the fallback plays only once the joiner has been away `grace_s` (a connection that blinks
comes back within it).
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
#: how long after a drop the fallback waits for the joiner to come back before it plays their
#: turns (a blink of the connection, a window's link trying again, costs no move); never more
#: than the chair's hold time
RETURN_GRACE_S = 15.0


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
    #: the moves made for the seat since its joiner dropped (its fallback's, its clock's)
    moves_away: int = 0

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
    def __init__(self, chairs: list[Chair], hold_s: float, grace_s: float = RETURN_GRACE_S):
        self.chairs = chairs
        self.hold_s = hold_s
        self.grace_s = max(0.0, min(grace_s, hold_s))

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
        chair.link, chair.dropped_at, chair.moves_away = None, now, 0
        return True

    def away(self, seat: int) -> bool:
        """A joiner sat there and is not connected now (a dropped chair, held or not)."""
        chair = self.chairs[seat]
        return chair.kind == REMOTE and not chair.connected and chair.dropped_at is not None

    def fallback_may_play(self, seat: int, now: float) -> bool:
        """The chair's fallback may play the seat's turn now: its joiner has been away the
        grace time (a chair nobody ever took: at once)."""
        chair = self.chairs[seat]
        if chair.connected:
            return False
        return chair.dropped_at is None or now - chair.dropped_at >= self.grace_s

    def away_now(self, seat: int, now: float) -> dict:
        """What the table tells of a seat away (a `dropped` notice's data, docs/network.md):
        its fallback, the seconds before the fallback plays its turns, the seconds its chair
        is still held for it."""
        chair = self.chairs[seat]
        since = now - (chair.dropped_at if chair.dropped_at is not None else now)
        return {"fallback": chair.level, "grace_s": round(max(0.0, self.grace_s - since), 2),
                "hold_s": round(max(0.0, self.hold_s - since), 2)}

    def count_moves_away(self, moves: list) -> None:
        """The moves just made (with their "player"): those made for a seat away counted."""
        for move in moves:
            seat = move.get("player") if isinstance(move, dict) else None
            if isinstance(seat, int) and 0 <= seat < len(self.chairs) and self.away(seat):
                self.chairs[seat].moves_away += 1

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
