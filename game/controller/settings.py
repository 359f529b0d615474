"""The settings of one table: move timers, bot budget and pauses, and whether the player may ask
the coach and undo (a Casual table: issue 20; off in tournaments). Saved with the table
(autosave's `"table": {"settings"}`), so they have a module of their own that both the
controller and the autosave import, with the range each value must be in when a save is read.
The pauses come from the tempo model (pace.py): the window sets them for its animation speed;
these defaults are normal speed's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ai.bots import DEFAULT_BUDGET_S
from game.core.untrusted import UntrustedInput, finite_number

from .pace import NORMAL

#: each number of seconds and its range. A save is a file anyone can edit: a NaN or 1e308 budget
#: would keep the bots thinking for ever, a huge pause would freeze the table
LIMITS = {
    "turn_seconds": (0, 600),         # 0 = no move timer; the games use 15 and 35
    "tambah_seconds": (0, 600),       # D19's extra time; 60
    "bot_budget_s": (0, 10),          # hard bots think 1 s
    "bot_move_pause_s": (0, 60),
    "human_move_pause_s": (0, 60),
    "auto_summary_s": (0, 60),
}
#: the table settings that are on or off
ON_OFF = ("assists",)
#: a table's seed: a whole number from 0 to MAX_SEED (typed in the setup, or drawn), or a short
#: text (tests and scenarios name seeds)
MAX_SEED = 10**18 - 1
MAX_SEED_TEXT = 64


@dataclass
class ControllerSettings:
    turn_seconds: float = 0          # 0 = no move timer
    tambah_seconds: float = 0
    bot_budget_s: float = DEFAULT_BUDGET_S
    #: how long a bot's move stays readable (once the window's animation of it is over)
    bot_move_pause_s: float = NORMAL.bot_move_pause_s
    human_move_pause_s: float = NORMAL.human_move_pause_s
    #: all-AI tables move past deal summaries by themselves after this long
    auto_summary_s: float = NORMAL.auto_summary_s
    #: the coach (Hint) and, with one human at the table, Undo; a game that used either is
    #: marked in its record (`"table": {"assists": {"coach": n, "undo": n}}`)
    assists: bool = True

    def to_json(self) -> dict:
        return dict(self.__dict__)


def check_settings(raw: Any) -> dict[str, Any]:
    """A save's table settings, each known and in its range; raises UntrustedInput (English
    words naming the setting, and a code)."""
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
            known = ", ".join(ControllerSettings.__dataclass_fields__)
            raise UntrustedInput(f"unknown table setting {key!r} (known: {known})",
                                 code="unknown_value")
    return dict(raw)


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
