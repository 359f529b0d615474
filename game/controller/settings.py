"""The settings of one table: move timers, bot budget and pauses, and whether the player may ask
the coach and undo (a Casual table: issue 20; off in tournaments). Saved with the table
(autosave's `"table": {"settings"}`), so they have a module of their own that both the
controller and the autosave import. The pauses come from the tempo model (pace.py): the window
sets them for its animation speed; these defaults are normal speed's."""

from __future__ import annotations

from dataclasses import dataclass

from ai.bots import DEFAULT_BUDGET_S

from .pace import NORMAL


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
