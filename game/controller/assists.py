"""The assists of a Casual table: the coach (Hint) and Undo (docs/architecture.md, "The assists").

The coach is the hard bot's search (ai/coach.py) asked for the move of the human to act, on the
bot desk's runner; its answer is kept for the position it was asked about. Undo takes back the
human's last move and every move after it, by replaying the record without them. A game that
used either is marked in its record (`Table.note_assist`).
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from ai.coach import Coach
from ai.judge import TIME_CAP_S
from game.core.errors import ScenarioError
from game.core.replay import load_table
from game.core.table import Table

from .bot_desk import BotDesk
from .settings import ControllerSettings

#: the coach's time cap: the judge's (ai/judge.py), the review's too, so that both judge a
#: position over the same worlds (about half a second)
COACH_BUDGET_S = TIME_CAP_S


class Assists:
    def __init__(self, settings: ControllerSettings, humans: list[int], has_coach: bool = True):
        """`has_coach`: the game has a coach (ai/evaluate.has_coach); without one, no Hint."""
        self.settings = settings
        self.humans = humans
        self.has_coach = has_coach
        #: the coach asked for the position (key, the seat) and its Future (an Advice)
        self.coaching: tuple | None = None

    # --- the coach ----------------------------------------------------------------------------

    def coach_allowed(self, acting: int | None) -> bool:
        """The human `acting` may ask the coach (a table with assists, not a tournament's, of a
        game that has a coach)."""
        return self.settings.assists and acting is not None and self.has_coach

    def ask_coach(self, desk: BotDesk, table: Table, names: list[str], position: tuple,
                  player: int | None) -> bool:
        """Ask the coach for `player`'s move at `position`; the game is marked as played with
        the coach. False: not now, or already asked for this position."""
        if not self.coach_allowed(player) or self.coaching_for(position, player) is not None:
            return False
        state = table.state
        coach = Coach(table.definition.name, tuple(names))
        future = desk.consult(coach, state.observation(player), state.legal_actions(),
                              COACH_BUDGET_S)
        self.coaching = ((position, player), future)
        table.note_assist("coach")
        return True

    def coaching_for(self, position: tuple, player: int | None) -> Future | None:
        """The coach's Future for `player` at `position` (None: not asked)."""
        if self.coaching is None or self.coaching[0] != (position, player):
            return None
        return self.coaching[1]

    def advice(self, position: tuple, player: int | None) -> Any:
        """The coach's Advice, once it has thought (else None)."""
        future = self.coaching_for(position, player)
        if future is None or not future.done() or future.cancelled():
            return None
        return future.result()

    def thinking(self, position: tuple, player: int | None) -> bool:
        future = self.coaching_for(position, player)
        return future is not None and not future.done()

    # --- undo ---------------------------------------------------------------------------------

    def undo_point(self, table: Table, deal_over: bool) -> int | None:
        """The index in the record's actions of the move Undo would take back: the human's
        last one (None: Undo is not offered now). Only a table with assists and one human
        (never hotseat: the others would see a hand again), and only within the deal in play:
        once a deal is over its hands lie open, and a move taken back then would be played
        again knowing them."""
        if not self.settings.assists or len(self.humans) != 1 or deal_over:
            return None
        human = self.humans[0]
        actions, began = table.record["actions"], table.deal_began_at
        return next((index for index in range(len(actions) - 1, began - 1, -1)
                     if actions[index].get("player") == human), None)

    def taken_back(self, table: Table, index: int) -> Table:
        """The table as it was before the action `index`: its record replayed without it and
        the actions after it, marked as played with an undo. The coach's advice goes."""
        record = table.record
        try:
            earlier = load_table({**record, "actions": record["actions"][:index]})
        except ScenarioError as error:       # the record replayed once already: a bug
            raise RuntimeError(f"undo could not replay the table's own record: {error}") from None
        earlier.note_assist("undo")
        self.coaching = None
        return earlier
