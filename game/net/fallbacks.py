"""The bots that stand in for dropped joiners at a hosted table (table_host.py).

Each remote chair has a fallback (chairs.py): a bot level, or WAIT (the table waits for its
joiner). Once a joiner has been away the grace time, their chair's bot plays their turns: it
thinks on the host's bot runner (never inside the host's loop), and its move goes in as the
seat's own, judged like any other.
"""

from __future__ import annotations

from typing import Any

from ai.bots import make_bot
from game.controller.settings import ControllerSettings
from game.core.errors import IllegalAction

from .chairs import REMOTE, WAIT, Chairs
from .seat_view import acting_seat


class Fallbacks:
    def __init__(self, game: str, seed: int, chairs: Chairs, runner: Any,
                 settings: ControllerSettings):
        """`chairs`: the table's; `runner`: the bot runner the host's bots think on;
        `settings`: the table's (how long a bot thinks)."""
        self.chairs, self.runner, self.settings = chairs, runner, settings
        # each seeded from the table's seed and its seat
        self.bots = {seat: make_bot(game, chair.level, f"{seed}/fb/{seat}")
                     for seat, chair in enumerate(chairs) if chair.kind == REMOTE
                     and chair.level != WAIT}
        self.asked: dict[int, tuple] = {}      # seat -> (position, Future) of its bot's move

    def play(self, ctl: Any, now: float) -> None:
        """The acting seat's bot, if its joiner has been away the grace time: asked for a
        move, or (once it answered) its move made."""
        seat = acting_seat(ctl)
        if seat is None or seat not in self.bots or not self.chairs.fallback_may_play(seat, now):
            return
        position = ctl.position()
        asked = self.asked.get(seat)
        if asked is None or asked[0] != position:
            state = ctl.state
            self.asked[seat] = (position, self.runner.submit(
                self.bots[seat], state.observation(seat), state.legal_actions(),
                self.settings.bot_budget_s))
        elif asked[1].done():
            del self.asked[seat]
            try:
                action = asked[1].result()
            except Exception:             # noqa: BLE001 - a bot's fault: the first legal move
                action = ctl.state.legal_actions()[0]
            try:
                ctl.remote_seats.action(seat, action, now)
            except IllegalAction:
                pass                      # asked again next tick

    def forget(self, seat: int) -> None:
        """The seat moved itself (its joiner is back): a move asked of its bot is not made."""
        self.asked.pop(seat, None)

    def retire(self, seat: int) -> None:
        """The chair is an AI's now (to the game's end): no fallback plays it any more."""
        self.asked.pop(seat, None)
        self.bots.pop(seat, None)

    def new_game(self) -> None:
        self.asked = {}
