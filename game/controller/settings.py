"""The settings of one table: move timers, bot budget and pauses, and whether the player may ask
the coach and undo (a Casual table; off in tournaments). Saved with the table (the save's
`"table": {"settings"}`: game/save_format.py, which also holds the range each value must be in).
`ControllerSettings.from_json` is the one way a table's settings are read back (a save, the
setup's choices), and the dataclass fields below hold the one default of each.
The pauses come from the tempo model (pace.py): the window sets them for its animation speed;
these defaults are normal speed's."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ai.bots import DEFAULT_BUDGET_S
from game.save_format import check_settings

from .pace import NORMAL

#: a table without a move timer. The games' own timers (their seconds when the setup's timers
#: are on) are each game's: its setup turns them into `turn_seconds` / `tambah_seconds`
NO_TIMER = 0


@dataclass
class ControllerSettings:
    turn_seconds: float = NO_TIMER
    tambah_seconds: float = NO_TIMER
    bot_budget_s: float = DEFAULT_BUDGET_S
    #: how long a bot's move stays readable (once the window's animation of it is over)
    bot_move_pause_s: float = NORMAL.bot_move_pause_s
    human_move_pause_s: float = NORMAL.human_move_pause_s
    #: all-AI tables move past deal summaries by themselves after this long
    auto_summary_s: float = NORMAL.auto_summary_s
    #: the coach (Hint) and, with one human at the table, Undo; a game that used either is
    #: marked in its record (`"table": {"assists": {"coach": n, "undo": n}}`)
    assists: bool = True
    #: a hosted table (game/net): how long a friend whose connection dropped keeps their chair
    remote_hold_s: float = 120.0

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, raw: Any) -> "ControllerSettings":
        """Settings as a save (or the setup) holds them: each value checked by type and range
        (save_format.check_settings: UntrustedInput when one is wrong or unknown), a missing
        one at its default."""
        return cls(**check_settings(raw))
