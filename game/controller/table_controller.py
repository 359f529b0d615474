"""The live table: a phase machine, for any game on the Rules protocol, composing parts with one
job each (docs/architecture.md, "The table layer").

    deal → turn → (hand-off) → a human's or a bot's move → shown → … → deal summary → … → over

    privacy   hand_privacy.py  who may see which hand, the hand-off (D18), the view
    clock     clock.py         the move timer and tambah (D19), pause and hold, time given back
    desk      bot_desk.py      the bots, their runner, the answer awaited, the pause after it
    assists   assists.py       the coach and Undo (a Casual table's)
    recorder  recorder.py      the autosave, and the finish to the history

The machine holds the phase and tells each part when to act; what a part serves at the door by
itself is table_parts.py. Time comes in as an argument (`now`): tests drive it with a fake clock."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable

from ai.evaluate import has_coach
from game.core.errors import IllegalAction
from game.core.table import Table

from .assists import Assists
from .bot_desk import BotDesk, InlineBotRunner, ThreadBotRunner  # noqa: F401 (the runners)
from .clock import HOLD, PAUSE, TableClock
from .door import Notice, Phase
from .feed import Feed
from .hand_privacy import HandPrivacy
from .recorder import Recorder
from .seats import SeatConfig
from .settings import ControllerSettings
from .table_parts import TableParts


class TableController(TableParts):
    def __init__(self, table: Table, seats: list[SeatConfig],
                 settings: ControllerSettings | None = None, save_path: Path | None = None,
                 bot_runner=None, now: float = 0.0, history=None, clock: dict | None = None):
        """`history` (game/history: History) records the game once it is finished. `clock`: a
        reopened save's clock snapshot (timers.py): the turn it was left in keeps its time."""
        self.table = table
        self.seats = seats
        self.settings = settings or ControllerSettings()
        self.privacy = HandPrivacy(self.humans)
        self.clock = TableClock(self.settings.turn_seconds, self.settings.tambah_seconds, now,
                                clock)
        self.desk = BotDesk(table.definition.name, seats, table.seed, self.settings, bot_runner)
        self.assists = Assists(self.settings, self.humans, has_coach(self.game))
        self.recorder = Recorder(save_path, history, self.settings)
        self.events = Feed()              # the engine's events, in order (the UI animates them)
        self.notices = Feed()             # Notice items
        self.phase = Phase.SHOWING
        self.summary_due = False          # a deal ended: its summary follows the last move
        self.summary_kept = False         # an all-AI table's summary the player is reading
        self.turn_goes_on = False         # the last move left its player mid-move (D8 misplay)
        self.on_change: Callable[[], None] | None = None
        self._view: tuple | None = None   # (key, TableView): the view until something changes
        if table.record["deals"] and (self.state.needs_deal() or self.state.is_terminal()):
            self._deal_ended()            # left on a summary: it is shown again
        self._advance(now)

    # --- the window's and the players' commands ----------------------------------------------

    def tambah(self, now: float) -> bool:
        player = self.human_to_act()
        if player is None or not self.clock.tambah(player):
            return False
        self._notice("tambah", player, f"{self.seats[player].name}: tambah")
        return True

    def pause(self, now: float) -> None:
        """The save keeps the clock: a table left from the menu keeps its turn's time."""
        self.clock.stop(PAUSE, now)
        self.privacy.paused()
        self._save(clock=self.clock.snapshot(self.time_left(now)))

    def resume(self, now: float) -> None:
        if not self.clock.paused:
            return
        self.clock.go(PAUSE, now)
        if self.privacy.resumed(self.phase is Phase.HUMAN, now):
            self.phase = Phase.HANDOFF

    def hold(self, now: float) -> None:
        self.clock.stop(HOLD, now)

    def release(self, now: float) -> None:
        self.clock.go(HOLD, now)

    def follow_pace(self, pace) -> None:
        """The pauses after a move and before an all-AI table's next deal (pace.py)."""
        self.desk.follow_pace(pace)

    def ask_coach(self) -> bool:
        asked = self.assists.ask_coach(self.desk, self.table, self.names, self.position(),
                                       self.human_to_act())
        if asked:
            self._save()                  # the coach's mark is kept even if nothing else is
        return asked

    def undo(self, now: float) -> bool:
        """Back to before the human's last move (assists.py); the screen starts afresh."""
        if not self.can_undo():
            return False
        self.table = self.assists.taken_back(self.table, self.undo_point())
        self.desk.cancel()                # a bot's answer would be for a later state
        self.events, self.notices = Feed(), Feed()
        self.summary_due = self.summary_kept = self.turn_goes_on = False
        self.clock.drop(HOLD)
        self._view, self.phase = None, Phase.SHOWING
        self._advance(now)
        self._save()
        if self.on_change:
            self.on_change()
        return True

    # --- the machine ------------------------------------------------------------------------

    def human_action(self, action: Any, now: float) -> list:
        """IllegalAction (with its reason) changes nothing."""
        if self.human_to_act() is None:
            raise IllegalAction("it is not a human player's turn", code="not_your_turn")
        return self._apply(action, now, self.settings.human_move_pause_s)

    def out_of_turn_action(self, action: Any, now: float) -> list:
        """An action allowed at any moment (Tiến Lên's leave, T16); the rules say who is next."""
        if self.phase is Phase.BOT:
            self.desk.cancel()            # the bot's answer would be for an old state
        return self._apply(action, now, self.settings.human_move_pause_s)

    def confirm_handoff(self, now: float) -> None:
        if self.phase is not Phase.HANDOFF or not self.clock.running:
            return
        since = self.privacy.confirm(self.to_move())
        if since is None:
            self._start_human_turn(now)
        else:                             # the paused turn goes on with its time left
            self.clock.give_back(now - since)
            self.phase = Phase.HUMAN

    def keep_summary(self) -> None:
        """An all-AI table's summary the player clicked on no longer moves on by itself."""
        if self.phase is Phase.SUMMARY:
            self.summary_kept = True

    def acknowledge_summary(self, now: float) -> None:
        if self.phase is Phase.SUMMARY:
            self.summary_due = self.summary_kept = False
            self.phase = Phase.SHOWING
            self.clock.show_for(0, now)
            self._advance(now)

    def update(self, now: float) -> None:
        if not self.clock.running:
            return
        if self.phase is Phase.SHOWING and self.clock.shown(now):
            self._advance(now)
        elif self.phase is Phase.BOT and self.desk.answered():
            self._apply(self.desk.take_answer(), now, self.desk.move_pause_s)
        elif self.phase is Phase.BOT and not self.desk.waiting:
            self._advance(now)            # a cancelled thought: ask again
        elif self.phase is Phase.HUMAN and self.clock.expired(now):
            self._time_out(now)
        elif (self.phase is Phase.SUMMARY and not self.humans and not self.summary_kept
              and self.clock.shown(now, after=self.settings.auto_summary_s)):
            self.acknowledge_summary(now)

    def _advance(self, now: float) -> None:
        """On from a shown move: a summary due, a deal needed, then whoever acts."""
        state = self.state
        if self.summary_due:
            return self._show_summary(now)
        if state.is_terminal():
            self.phase = Phase.OVER
            return self.finish()
        if state.needs_deal():
            events = self.table.deal_next()   # one at a time: each deal is shown
            self.events.new_deal()
            self.notices.new_deal()
            self.events.extend(events)
            self.clock.new_deal()
            self._save()
            if state.needs_deal() or state.is_terminal():   # the deal ended at once (D14, T17)
                self._deal_ended()
                return self._show_summary(now)
        player = state.current_player()
        if player is None:
            self.phase = Phase.OVER
        elif not self.seats[player].is_human:
            self.phase = Phase.BOT
            self.desk.ask(player, state)
        elif self.privacy.must_hand_off(player):
            self.phase = Phase.HANDOFF    # D18: every hand hidden until they say ready
        else:                             # the human at the screen plays again
            self.privacy.plays_on(player)
            if self.turn_goes_on:         # D19: a misplay buys no time
                self.phase = Phase.HUMAN
            else:
                self._start_human_turn(now)

    def _show_summary(self, now: float) -> None:
        self.phase = Phase.SUMMARY
        self.clock.show_for(0, now)

    def _deal_ended(self) -> None:
        """Its summary follows the last move; every hand is opened (D4)."""
        self.summary_due = True
        self.privacy.deal_ended()

    def _start_human_turn(self, now: float) -> None:
        self.phase = Phase.HUMAN
        self.clock.start_turn(now)

    def _apply(self, action: Any, now: float, pause: float) -> list:
        mover = self.state.current_player()
        events = self.table.apply(action)
        self.turn_goes_on = self.table.definition.turn_goes_on(events)
        self.events.extend(events)
        self._save()
        self.privacy.moved(mover, self.state.current_player())
        if self.state.is_terminal() or self.state.needs_deal():
            self._deal_ended()
        self.phase = Phase.SHOWING
        self.clock.show_for(pause, now)
        if self.on_change:
            self.on_change()
        return events

    def _time_out(self, now: float) -> None:
        """D19 / T11: the move is made for the player and announced."""
        player = self.to_move()
        action = self.desk.move_for(player, self.state, self.table.definition)
        self._notice("timeout", player,
                     f"Time is up: a move was made for {self.seats[player].name}",
                     {"action": self.table.definition.action_to_json(action)})
        self._apply(action, now, self.desk.move_pause_s)

    def _notice(self, kind: str, player: int | None, text: str, data: dict | None = None) -> None:
        self.notices.extend([Notice(kind, player, text, data or {})])

    def _save(self, clock: dict | None = None) -> None:
        notice = self.recorder.save(self.table, self.seats, clock)
        if notice is not None:
            self.notices.extend([notice])


def new_seed() -> int:
    return random.SystemRandom().randrange(10**9)
