"""The bot desk: the AI seats' bots, the runner they think on, the answer awaited, and the pause
that lets each bot move be seen before the next.

A bot is asked on the runner (a worker thread in the window, at once on the calling thread in
tests and `sim`), so the window never freezes; its answer is taken when it is ready. An answer
asked for an older position is cancelled (Undo, Tiến Lên's leave). A human's timed-out move is
made here too, by an easy bot, as the game's rules allow (`timeout_action`).
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from ai.bots import Bot, make_bot

from .seats import SeatConfig
from .settings import ControllerSettings

#: the budget of the bot that moves for a human whose time ran out (D19, T11)
TIMEOUT_BUDGET_S = 0.05


class InlineBotRunner:
    """Runs a bot at once on the calling thread (tests, `sim`)."""

    def submit(self, bot: Bot, observation: Any, legal: list, budget_s: float) -> Future:
        future: Future = Future()
        future.set_result(bot.choose(observation, legal, budget_s))
        return future

    def shutdown(self) -> None:
        pass


class ThreadBotRunner:
    """Bots think on one worker thread so the window never freezes."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")

    def submit(self, bot: Bot, observation: Any, legal: list, budget_s: float) -> Future:
        return self.pool.submit(bot.choose, observation, legal, budget_s)

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


class BotDesk:
    def __init__(self, game: str, seats: list[SeatConfig], seed: Any,
                 settings: ControllerSettings, runner: Any = None):
        self.settings = settings
        self.runner = runner or InlineBotRunner()
        self.bots: dict[int, Bot] = {i: make_bot(game, seat.level, f"{seed}/bot/{i}")
                                     for i, seat in enumerate(seats) if not seat.is_human}
        self.timeout_bot = make_bot(game, "easy", f"{seed}/timeout")
        self.pending: Future | None = None   # the answer awaited

    def add_bot(self, game: str, player: int, level: str, seed: Any) -> None:
        """`player`'s seat is an AI's from now on (a remote seat the host filled)."""
        self.bots[player] = make_bot(game, level, f"{seed}/bot/{player}")

    @property
    def move_pause_s(self) -> float:
        """How long a bot's move (or a move made for a human out of time) stays in view."""
        return self.settings.bot_move_pause_s

    def follow_pace(self, pace: Any) -> None:
        """The pauses after a move, and before an all-AI table's next deal, from the tempo
        model (pace.py: Pace) at the window's animation speed: kept in the table's settings."""
        for name, seconds in pace.controller_pauses().items():
            setattr(self.settings, name, seconds)

    def ask(self, player: int, state: Any) -> None:
        """`player`'s bot thinks about the position on the runner."""
        self.pending = self.runner.submit(self.bots[player], state.observation(player),
                                          state.legal_actions(), self.settings.bot_budget_s)

    @property
    def waiting(self) -> bool:
        """A bot was asked and its answer is not taken (nor cancelled)."""
        return self.pending is not None

    def answered(self) -> bool:
        return self.pending is not None and self.pending.done()

    def take_answer(self) -> Any:
        """The bot's move, once `answered()`; the desk is free again."""
        action = self.pending.result()
        self.pending = None
        return action

    def cancel(self) -> None:
        """The position changed under the bot: its answer would be for an old one."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None

    def consult(self, adviser: Any, observation: Any, legal: list, budget_s: float) -> Future:
        """Another thinker on the same runner (the coach): its Future, for the caller to keep."""
        return self.runner.submit(adviser, observation, legal, budget_s)

    def move_for(self, player: int, state: Any, definition: Any) -> Any:
        """The move made for `player` whose time ran out, by the game's rule (D19, T11)."""
        legal = state.legal_actions()
        fallback = self.timeout_bot.choose(state.observation(player), legal, TIMEOUT_BUDGET_S)
        return definition.timeout_action(state, legal, fallback)

    def close(self) -> None:
        self.runner.shutdown()
