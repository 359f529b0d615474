"""What a readable row of the history is. The database is a file on the player's disk: any
value in it may have been changed by hand or by another program, so every row the figures, the
lists, the export and the setup read is checked here first. A row that fails is skipped and
counted (the screens say how many), never fatal; the rest shows.

    profiles, skipped = read_profiles(connection)
    seat = read_seat(row, game)          # None: not readable
    game = read_game(row)                # None: not readable
    record = read_record(blob)           # raises UnreadableRow
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass

from game.core.errors import ScenarioError
from game.core.registry import get_game, is_game
from game.core.scenario import load_scenario
from game.core.untrusted import UntrustedInput, printable_name

from .database import HistoryError, unpack_record

#: avatar colours, picked from the profile's id
AVATAR_COLOURS = ("#c0392b", "#2e86c1", "#28b463", "#d68910", "#8e44ad", "#17a589", "#ca6f1e",
                  "#5d6d7e")
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
#: the opponents' levels a seat row may name, in the order the figures show them
LEVELS = ("easy", "normal", "hard", "random", "mixed", "humans")
#: no game ends before 1970 or after the year 9999 (time.localtime must be able to show it)
LATEST_TIME = 253402300799.0
#: a total or a count beyond this is not one a game can reach
MAX_NUMBER = 10 ** 12
#: a seat's counts are a few short fields
MAX_COUNTS_BYTES = 4096
MAX_ID_LENGTH = 64


class UnreadableRow(HistoryError):
    """A stored value that cannot be read (English words, for the log and tests)."""


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    avatar: dict        # {"initials": "AB", "colour": "#rrggbb"} (no pictures yet)


def initials(name: str) -> str:
    """"Budi Santoso" → "BS", "Ani" → "AN", "ნინო" → "ნი" (Georgian keeps its letters: its
    capitals, Mtavruli, are not in the bundled font). The table's avatars use it too."""
    words = name.split()
    letters = words[0][0] + words[1][0] if len(words) >= 2 else name[:2]
    return "".join(c if "\u10a0" <= c <= "\u10ff" else c.upper() for c in letters) or "?"


def make_avatar(profile_id: str, name: str) -> dict:
    number = int(hashlib.sha1(profile_id.encode()).hexdigest(), 16)
    return {"initials": initials(name), "colour": AVATAR_COLOURS[number % len(AVATAR_COLOURS)]}


def read_avatar(text, profile_id: str, name: str) -> dict:
    """The stored avatar when it is one (initials: short text; colour: "#rrggbb"), else one
    made again from the id and name (an avatar is never a reason to lose a profile)."""
    try:
        avatar = json.loads(text) if isinstance(text, str) and len(text) < 256 else None
    except (ValueError, RecursionError):
        avatar = None
    if (isinstance(avatar, dict) and isinstance(avatar.get("initials"), str)
            and 0 < len(avatar["initials"]) <= 3 and avatar["initials"].isprintable()
            and isinstance(avatar.get("colour"), str) and COLOUR.fullmatch(avatar["colour"])):
        return {"initials": avatar["initials"], "colour": avatar["colour"]}
    return make_avatar(profile_id, name)


def read_profile(profile_id, name, avatar) -> Profile | None:
    if not isinstance(profile_id, str) or not 0 < len(profile_id) <= MAX_ID_LENGTH \
            or not profile_id.isprintable():
        return None
    try:
        name = printable_name(name)
    except UntrustedInput:
        return None
    return Profile(profile_id, name, read_avatar(avatar, profile_id, name))


def read_profiles(connection) -> tuple[list[Profile], int]:
    """Every readable profile, oldest first, and how many rows were skipped."""
    found, skipped = [], 0
    for row in connection.execute("SELECT id, name, avatar FROM profiles ORDER BY created, id"):
        profile = read_profile(*row)
        if profile is None:
            skipped += 1
        else:
            found.append(profile)
    return found, skipped


def is_time(value) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and 0 <= value <= LATEST_TIME)


def is_number(value, low: int = -MAX_NUMBER) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= MAX_NUMBER


@dataclass(frozen=True)
class SeatRow:
    """A seat of a finished game, as the figures read it."""
    opponents: str
    assisted: bool
    won: bool
    total: int
    counts: dict
    finished_at: float


def read_seat(row: tuple, game: str) -> SeatRow | None:
    """(opponents, undo, coach, won, total, counts, finished_at) → a SeatRow, or None."""
    opponents, undo, coach, won, total, counts, finished_at = row
    if (opponents not in LEVELS or not is_number(undo, 0) or not is_number(coach, 0)
            or won not in (0, 1) or isinstance(won, float) or not is_number(total)
            or not is_time(finished_at) or not isinstance(counts, str)):
        return None
    # short text only: the standard parser then cannot nest deeper than Python allows (a
    # RecursionError at worst), and every value is checked below (NaN is no int)
    if len(counts) > MAX_COUNTS_BYTES:
        return None
    try:
        parsed = json.loads(counts)
    except (ValueError, RecursionError):
        return None
    names = get_game(game).count_names
    if not isinstance(parsed, dict) or not all(is_number(parsed.get(name), 0) for name in names):
        return None
    return SeatRow(opponents, bool(undo or coach), bool(won), total,
                   {name: parsed[name] for name in names}, float(finished_at))


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    finished_at: float
    deals: int


def read_game(row: tuple) -> GameRow | None:
    """(id, game, finished_at, deals) → a GameRow, or None (an unknown game's name, a
    path-like one among them, text where a number belongs)."""
    game_id, game, finished_at, deals = row
    if (not is_number(game_id, 1) or not is_game(game) or not is_time(finished_at)
            or not is_number(deals, 0)):
        return None
    return GameRow(game_id, game, float(finished_at), deals)


def read_seat_line(row: tuple) -> tuple[str, int, bool] | None:
    """A seat of the finished games' list: (name, total, won) → the same, or None."""
    name, total, won = row
    try:
        printable_name(name)
    except UntrustedInput:
        return None
    if not is_number(total) or won not in (0, 1) or isinstance(won, float):
        return None
    return name, total, bool(won)


def read_record(blob) -> dict:
    """A stored record: unpacked (zlib), parsed through the untrusted-input door and checked as
    a scenario/1 file is. Raises UnreadableRow."""
    try:
        return load_scenario(unpack_record(blob))
    except (HistoryError, ScenarioError, ValueError) as error:
        raise UnreadableRow(str(error)) from None
