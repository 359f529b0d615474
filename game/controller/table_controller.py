"""The table state machine, for any game on the Rules protocol.

    deal → turn → (hand-off) → wait for a human or a bot → show the move → … → deal summary → …
    → match over

The UI calls `update(now)` every frame and forwards the player's input (`human_action`,
`confirm_handoff`, `tambah`, `acknowledge_summary`); it draws from `table.state` and reads the
`events` and `notices` feeds. Time comes in as an argument, so tests drive it with a fake clock.
"""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Callable

from ai.bots import DEFAULT_BUDGET_S, Bot, make_bot
from game.core.errors import IllegalAction
from game.core.scenario import ItemEncoder
from game.core.table import Table

from .autosave import write_save
from .feed import Feed
from .seats import SeatConfig
from .timers import TurnTimer


class Phase(Enum):
    HANDOFF = "handoff"          # every hand hidden until the next human says ready
    HUMAN = "human"              # waiting for a human's move
    BOT = "bot"                  # a bot is thinking on the worker thread
    SHOWING = "showing"          # the last move is being shown (animation time)
    SUMMARY = "summary"          # a deal just ended: its summary is on screen
    OVER = "over"


@dataclass
class Notice:
    """Something the table announces in words (time-out, misplay, refused move...)."""
    kind: str
    player: int | None
    text: str
    data: dict = field(default_factory=dict)


@dataclass
class ControllerSettings:
    turn_seconds: float = 0          # 0 = no move timer
    tambah_seconds: float = 0
    bot_budget_s: float = DEFAULT_BUDGET_S
    bot_move_pause_s: float = 0.7    # how long a bot's move stays readable before the next turn
    human_move_pause_s: float = 0.25
    auto_summary_s: float = 3.0      # all-AI tables move past deal summaries by themselves

    def to_json(self) -> dict:
        return dict(self.__dict__)


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


class TableController:
    def __init__(self, table: Table, seats: list[SeatConfig],
                 settings: ControllerSettings | None = None, save_path: Path | None = None,
                 bot_runner=None, now: float = 0.0):
        self.table = table
        self.seats = seats
        self.settings = settings or ControllerSettings()
        self.save_path = save_path
        self.runner = bot_runner or InlineBotRunner()
        self.bots = {i: make_bot(table.definition.name, seat.level, f"{table.seed}/bot/{i}")
                     for i, seat in enumerate(seats) if not seat.is_human}
        self.timeout_bot = make_bot(table.definition.name, "easy", f"{table.seed}/timeout")
        self.timer = TurnTimer(self.settings.turn_seconds, self.settings.tambah_seconds)
        self.events = Feed()              # the engine's events, in order (the UI animates them)
        self.notices = Feed()             # Notice items
        self.phase = Phase.SHOWING
        self.resume_at = now
        self.pending: Future | None = None
        self.viewer: int | None = self._only_human()   # whose hand is on screen
        self.on_change: Callable[[], None] | None = None
        self.save_failed = False          # announced once until a save works again
        self.save_encoder = ItemEncoder()
        self._advance(now)

    # --- what the UI reads -------------------------------------------------------------

    @property
    def state(self):
        return self.table.state

    @property
    def history(self) -> list:
        """The events of the current deal (and any earlier ones the table has not read yet)."""
        return self.events.kept

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    def to_move(self) -> int | None:
        return self.state.current_player()

    def hand_visible_to(self) -> int | None:
        """The player whose hand may be shown now (None: every hand stays hidden)."""
        return None if self.phase is Phase.HANDOFF else self.viewer

    def human_to_act(self) -> int | None:
        return self.to_move() if self.phase is Phase.HUMAN else None

    def time_left(self, now: float) -> float | None:
        if self.phase is not Phase.HUMAN or not self.timer.enabled:
            return None
        return self.timer.remaining(now)

    def preview(self, action: Any) -> list:
        """The events `action` would cause now, asked of a copy of the state: the table does
        not change. Raises IllegalAction (with its code) when the rules refuse it."""
        return self.state.clone().apply(action)

    def refusal(self, action: Any) -> IllegalAction | None:
        """Why the rules would refuse `action` now (None: they would not)."""
        try:
            self.preview(action)
        except IllegalAction as refused:
            return refused
        return None

    # --- input -------------------------------------------------------------------------

    def human_action(self, action: Any, now: float) -> list:
        """Apply a human's move. IllegalAction (with its reason) changes nothing."""
        player = self.human_to_act()
        if player is None:
            raise IllegalAction("it is not a human player's turn", code="not_your_turn")
        return self._apply(action, now, self.settings.human_move_pause_s)

    def out_of_turn_action(self, action: Any, now: float) -> list:
        """An action a game allows at any moment, e.g. Tiến Lên's `leave` (T16); the engine
        checks it. The turn then goes on from wherever the rules put it."""
        if self.phase is Phase.BOT and self.pending is not None:
            self.pending.cancel()               # the bot's answer would be for an old state
            self.pending = None
        return self._apply(action, now, self.settings.human_move_pause_s)

    def confirm_handoff(self, now: float) -> None:
        if self.phase is Phase.HANDOFF:
            self.viewer = self.to_move()
            self._start_human_turn(now)

    def tambah(self, now: float) -> bool:
        player = self.human_to_act()
        if player is None or not self.timer.tambah(player):
            return False
        self._notice("tambah", player, f"{self._name(player)}: tambah")
        return True

    def acknowledge_summary(self, now: float) -> None:
        if self.phase is Phase.SUMMARY:
            self.phase = Phase.SHOWING
            self.resume_at = now
            self._advance(now)

    def pause_for(self, seconds: float) -> None:
        """The game was paused (menu open): move the clocks on so no time is lost."""
        self.timer.started_at += seconds
        self.resume_at += seconds

    def close(self) -> None:
        self.runner.shutdown()

    # --- the clock ---------------------------------------------------------------------

    def update(self, now: float) -> None:
        if self.phase is Phase.SHOWING and now >= self.resume_at:
            self._advance(now)
        elif self.phase is Phase.BOT and self.pending is not None and self.pending.done():
            action = self.pending.result()
            self.pending = None
            self._apply(action, now, self.settings.bot_move_pause_s)
        elif self.phase is Phase.BOT and self.pending is None:
            self._advance(now)                  # a cancelled thought: ask again
        elif self.phase is Phase.HUMAN and self.timer.expired(now):
            self._time_out(now)
        elif (self.phase is Phase.SUMMARY and not self.humans
              and now >= self.resume_at + self.settings.auto_summary_s):
            self.acknowledge_summary(now)

    # --- the machine -------------------------------------------------------------------

    def _advance(self, now: float) -> None:
        """Move on from a shown move: deal if needed, then hand the turn to whoever acts."""
        state = self.state
        if state.is_terminal():
            self.phase = Phase.OVER
            return
        if state.needs_deal():
            events = self.table.deal_next()   # one at a time: each deal is shown
            self.events.new_deal()
            self.notices.new_deal()
            self.events.extend(events)
            self.timer.new_deal()
            self._save()
            if state.needs_deal() or state.is_terminal():   # the deal ended at once (D14, T17)
                self._enter_summary(now)
                return
        player = state.current_player()
        if player is None:
            self.phase = Phase.OVER
            return
        if self.seats[player].is_human:
            if len(self.humans) > 1 and player != self.viewer:
                self.phase = Phase.HANDOFF         # D18: hide every hand until ready
            else:
                self.viewer = player
                self._start_human_turn(now)
        else:
            self.phase = Phase.BOT
            bot = self.bots[player]
            self.pending = self.runner.submit(bot, state.observation(player),
                                              state.legal_actions(), self.settings.bot_budget_s)

    def _start_human_turn(self, now: float) -> None:
        self.phase = Phase.HUMAN
        self.timer.start(now)

    def _apply(self, action: Any, now: float, pause: float) -> list:
        events = self.table.apply(action)
        self.events.extend(events)
        self._save()
        if self.state.is_terminal() or self.state.needs_deal():
            self._enter_summary(now + pause)
        else:
            self.phase = Phase.SHOWING
            self.resume_at = now + pause
        if self.on_change:
            self.on_change()
        return events

    def _enter_summary(self, at: float) -> None:
        self.phase = Phase.SUMMARY
        self.resume_at = at

    def _time_out(self, now: float) -> None:
        """D19 / T11: the move is made for the player and announced."""
        player = self.to_move()
        legal = self.state.legal_actions()
        fallback = self.timeout_bot.choose(self.state.observation(player), legal, 0.05)
        action = self.table.definition.timeout_action(self.state, legal, fallback)
        self._notice("timeout", player, f"Time is up: a move was made for {self._name(player)}",
                     {"action": self.table.definition.action_to_json(action)})
        self._apply(action, now, self.settings.bot_move_pause_s)

    def _notice(self, kind: str, player: int | None, text: str, data: dict | None = None) -> None:
        self.notices.extend([Notice(kind, player, text, data or {})])

    def _name(self, player: int) -> str:
        return self.seats[player].name

    def _only_human(self) -> int | None:
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def _save(self) -> None:
        if self.save_path is None:
            return
        try:
            write_save(self.save_path, self.table, self.seats, self.settings.to_json(),
                       self.save_encoder)
        except OSError as error:   # a full or read-only disk must not end the game on screen
            if not self.save_failed:
                self._notice("save_failed", None, f"The game could not be saved: {error}",
                             {"error": str(error)})
            self.save_failed = True
        else:
            self.save_failed = False


def new_seed() -> int:
    return random.SystemRandom().randrange(10**9)
