"""The format of a saved table, read by the controller (its saves, the Continue list) and by the
history (export and import) alike, so that neither needs the other.

A save is a scenario/1 record (game/core/scenario.py: the envelope — format, game, options,
players — and the deals and actions) with a table block of its own:
`"table": {"seed", "seats": [{"name", "kind", "level", "profile"?}], "settings": {…}}`.
Everything in it comes from a file anyone may edit, so each value is checked here by type and
range through the untrusted-input door (game/core/untrusted.py). The controller builds its
`SeatConfig` and `ControllerSettings` from what these checks return (their `from_json`); the
history keeps the checked seats as they are.
"""

from __future__ import annotations

from typing import Any

from ai.bots import LEVELS
from game.core.errors import ScenarioError
from game.core.untrusted import UntrustedInput, finite_number, printable_name

#: what reading a damaged or foreign file can raise
READ_ERRORS = (OSError, UnicodeDecodeError, ScenarioError, ValueError, KeyError, TypeError)

#: each table setting that is a number of seconds, and its range. A save is a file anyone can
#: edit: a NaN or 1e308 budget would keep the bots thinking for ever, a huge pause would freeze
#: the table
LIMITS = {
    "turn_seconds": (0, 600),         # 0 = no move timer; the games use 15 and 35
    "tambah_seconds": (0, 600),       # D19's extra time; 60
    "bot_budget_s": (0, 10),          # hard bots think 1 s
    "bot_move_pause_s": (0, 60),
    "human_move_pause_s": (0, 60),
    "auto_summary_s": (0, 60),
    "remote_hold_s": (0, 3600),       # how long a dropped friend keeps their chair; 120
}
#: the table settings that are on or off
ON_OFF = ("assists",)

#: a table's seed: a whole number from 0 to MAX_SEED (typed in the setup, or drawn), or a short
#: text (tests and scenarios name seeds)
MAX_SEED = 10**18 - 1
MAX_SEED_TEXT = 64

#: who sits in a chair
HUMAN = "human"
AI = "ai"
#: a human at another screen (a friend who joined across machines); its level is what plays
#: its turns while it is away: an AI level, or WAIT (the table waits for it)
REMOTE = "remote"
WAIT = "wait"


def check_settings(raw: Any) -> dict[str, Any]:
    """A table's settings, each known and in its range (a missing one is left out: its default
    is ControllerSettings'). Raises UntrustedInput (English words naming the setting, a code)."""
    if not isinstance(raw, dict):
        raise UntrustedInput("the table's \"settings\" must be an object", code="wrong_type")
    for key, value in raw.items():
        if key in ON_OFF:
            if not isinstance(value, bool):
                raise UntrustedInput(f"the table setting {key!r} must be true or false, "
                                     f"not {value!r}", code="wrong_type")
        elif key in LIMITS:
            try:
                finite_number(value, *LIMITS[key])
            except UntrustedInput as error:
                raise UntrustedInput(f"the table setting {key!r}: {error}",
                                     code=error.code) from None
        else:
            known = ", ".join((*LIMITS, *ON_OFF))
            raise UntrustedInput(f"unknown table setting {key!r} (known: {known})",
                                 code="unknown_value")
    return dict(raw)


def check_seat(raw: Any) -> dict[str, Any]:
    """One seat: `{"name", "kind" (HUMAN, AI or REMOTE), "level" (an AI's; a remote seat's
    fallback, or WAIT), "profile" (a human's profile id, or absent)}`, missing values filled
    in. Raises UntrustedInput."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise UntrustedInput("a seat must be an object with a \"name\"", code="wrong_type")
    kind, level = raw.get("kind", HUMAN), raw.get("level", "normal")
    if kind not in (HUMAN, AI, REMOTE):
        raise UntrustedInput(f"\"kind\" must be {HUMAN!r}, {AI!r} or {REMOTE!r}, not {kind!r}",
                             code="unknown_value")
    if level not in LEVELS and not (kind == REMOTE and level == WAIT):
        raise UntrustedInput(f"\"level\" must be one of {', '.join(LEVELS)}, not {level!r}",
                             code="unknown_value")
    profile = raw.get("profile")
    if profile is not None and not isinstance(profile, str):
        raise UntrustedInput(f"\"profile\" must be a profile id, not {profile!r}",
                             code="wrong_type")
    seat = {"name": raw["name"], "kind": kind, "level": level}
    if profile is not None:                # the saves of earlier versions: no profile
        seat["profile"] = profile
    return seat


def check_seed(seed: Any) -> int | str:
    """A saved table's seed: a whole number from 0 to MAX_SEED or a short printable text."""
    if isinstance(seed, str):
        if len(seed) > MAX_SEED_TEXT or not seed.isprintable():
            raise UntrustedInput(f"the table's seed {ascii(seed)[:40]} is not a short text",
                                 code="bad_text")
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise UntrustedInput(f"the table's \"seed\" must be a number or text, not {seed!r}",
                             code="wrong_type")
    try:
        return finite_number(seed, 0, MAX_SEED)
    except UntrustedInput as error:
        raise UntrustedInput(f"the table's seed: {error}", code=error.code) from None


def check_table_block(data: dict) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The save's own part of the scenario, `"table": {"seed", "seats", "settings"}`: each
    value in its range, one seat per player and every name printable. Returns the checked seats
    (check_seat) and settings (check_settings); raises ScenarioError saying what is wrong."""
    meta = data.get("table")
    if not isinstance(meta, dict):
        raise ScenarioError("a saved game needs a \"table\" object with its seats")
    try:
        check_seed(meta.get("seed", 0))
        for name in data["players"]:
            printable_name(name)
        settings = check_settings(meta.get("settings", {}))
    except UntrustedInput as error:
        raise ScenarioError(str(error), code=error.code) from None
    raw_seats = meta.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != len(data["players"]):
        raise ScenarioError(f"the table needs one seat per player ({len(data['players'])})")
    seats = []
    for number, (raw, name) in enumerate(zip(raw_seats, data["players"]), start=1):
        try:
            seat = check_seat(raw)
            printable_name(seat["name"])
        except UntrustedInput as error:
            raise ScenarioError(f"seat {number} ({name}): {error}", code=error.code) from None
        seats.append(seat)
    return seats, settings





def with_seats(record: dict, seats: list) -> dict:
    """The record with its seats in the table block (a save's shape: export and import);
    a seat is a SeatConfig or a checked seat (check_seat)."""
    table = dict(record.get("table") or {})
    table["seats"] = [seat.to_json() if hasattr(seat, "to_json") else dict(seat)
                      for seat in seats]
    return {**record, "deals": list(record["deals"]), "actions": list(record["actions"]),
            "table": table}
