"""The table's tempo: how long each kind of moment stays in view, by the animation speed setting
(slow / normal / fast). This is the one place that decides it.

A moment's time counts from when its animation has landed (the tile laid, the cards in the
centre, the trick complete): the table holds the game that long (game/ui/table_base.py), so the
next move starts only once this one has been seen. The controller's pause after a move (its
`ControllerSettings`) comes from here too.

Key moments — a chop, a seat change, the last trick of a deal, the play that ends a deal or a
game — stay at least `KEY_MOMENT_FLOOR_S` at every speed, the fast one included; the player may
move on sooner with a click, Space or Return. An all-AI table waits the same times and never for
a click, so it always plays on.

No pygame here: the controller and `sim` read it as well as the window.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

SPEEDS = ("slow", "normal", "fast")
DEFAULT_SPEED = "normal"


class Moment(Enum):
    MOVE = "move"                  # a tile laid, cards played, a bid
    PASS = "pass"
    TRICK = "trick"                # a complete Joker trick, before its winner gathers it
    CHOP = "chop"                  # Tiến Lên chặt (and an instant win's banner)
    LAST_TRICK = "last_trick"      # the trick that ends a Joker deal
    DEAL_END = "deal_end"          # the play that ends a deal
    GAME_END = "game_end"          # the play that ends a game (a match; a Tiến Lên game)
    SEAT_CHANGE = "seat_change"    # domino D3: players change chairs before a deal


#: the moments a player must not miss
KEY_MOMENTS = frozenset({Moment.CHOP, Moment.LAST_TRICK, Moment.DEAL_END, Moment.GAME_END,
                         Moment.SEAT_CHANGE})
#: a key moment stays at least this long at every speed (unless the player clicks it away)
KEY_MOMENT_FLOOR_S = 2.5
#: a click or key moves on from a held moment only once it has been up this long: the click
#: that made the move itself (or a double click) does not sweep away what it caused
SKIP_AFTER_S = 0.3

#: seconds a moment stays in view once its animation has landed: (slow, normal, fast).
#: A move is readable before the next one starts (a person follows three AI moves in about
#: 2.5 s on fast, 4 s on normal); a trick is read card by card; key moments stay longest.
VISIBLE_S = {
    Moment.MOVE: (1.6, 1.1, 0.7),
    Moment.PASS: (1.6, 1.1, 0.7),
    Moment.TRICK: (2.4, 1.8, 1.3),
    Moment.CHOP: (3.6, 3.0, 2.5),
    Moment.LAST_TRICK: (3.6, 3.0, 2.5),
    Moment.DEAL_END: (3.6, 3.0, 2.5),
    Moment.GAME_END: (4.0, 3.2, 2.6),
    Moment.SEAT_CHANGE: (3.6, 3.0, 2.5),
}
#: the player's own move: they know what they did, the next seat starts soon after
HUMAN_MOVE_S = (0.4, 0.3, 0.2)
#: an all-AI table's deal summary is read this long before the next deal
SUMMARY_S = (4.5, 3.5, 3.0)
#: how long animations (a flight, the dealing) take, relative to normal speed
ANIMATION_SCALE = (1.7, 1.0, 0.45)


@dataclass(frozen=True)
class Pace:
    """The tempo of one speed setting."""
    speed: str = DEFAULT_SPEED

    @property
    def _column(self) -> int:
        return SPEEDS.index(self.speed)

    def visible_s(self, moment: Moment) -> float:
        """How long `moment` stays in view once its animation has landed."""
        return VISIBLE_S[moment][self._column]

    @property
    def animation_scale(self) -> float:
        return ANIMATION_SCALE[self._column]

    @property
    def bot_move_pause_s(self) -> float:
        return self.visible_s(Moment.MOVE)

    @property
    def human_move_pause_s(self) -> float:
        return HUMAN_MOVE_S[self._column]

    @property
    def auto_summary_s(self) -> float:
        return SUMMARY_S[self._column]

    def controller_pauses(self) -> dict:
        """The controller's pauses at this speed (`ControllerSettings` fields)."""
        return {"bot_move_pause_s": self.bot_move_pause_s,
                "human_move_pause_s": self.human_move_pause_s,
                "auto_summary_s": self.auto_summary_s}


def pace_for(setting) -> Pace:
    """The pace of an animation setting; anything unknown is normal speed."""
    return Pace(setting if setting in SPEEDS else DEFAULT_SPEED)


NORMAL = Pace()
