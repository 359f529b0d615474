"""How a live table moves on: the phase machine, for any game on the Rules protocol.

    deal → turn → (hand-off) → a human's or a bot's move → shown → … → deal summary → … → over

The machine holds the table (its engine state and record), the phase and the two flags that
decide what comes after a move (a summary due, a turn that goes on), and tells each part when to
act: who may see a hand (privacy), the clock, the bot desk, the assists' Undo, the recorder. It
answers nobody: what the window may ask is the table door's (table_controller.py). Time comes in
as an argument (`now`): tests drive it with a fake clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.errors import IllegalAction
from game.core.table import Table

from .assists import Assists
from .bot_desk import BotDesk
from .clock import HOLD, PAUSE, TableClock
from .door import Notice, Phase
from .feed import Feed
from .hand_privacy import HandPrivacy
from .recorder import Recorder
from .seats import SeatConfig
from .settings import ControllerSettings


@dataclass(frozen=True)
class TableParts:
    """The parts a live table is made of, each with one job (docs/architecture.md)."""
    privacy: HandPrivacy
    clock: TableClock
    desk: BotDesk
    assists: Assists
    recorder: Recorder


class PhaseMachine:
    def __init__(self, table: Table, seats: list[SeatConfig], settings: ControllerSettings,
                 parts: TableParts, now: float):
        self.table = table
        self.seats = seats
        self.settings = settings
        self.privacy, self.clock, self.desk = parts.privacy, parts.clock, parts.desk
        self.assists, self.recorder = parts.assists, parts.recorder
        self.events = Feed()              # the engine's events, in order (the UI animates them)
        self.notices = Feed()             # Notice items
        self.phase = Phase.SHOWING
        self.summary_due = False          # a deal ended: its summary follows the last move
        self.summary_kept = False         # an all-AI table's summary the player is reading
        self.turn_goes_on = False         # the last move left its player mid-move (D8 misplay)
        state = table.state
        if table.record["deals"] and (state.needs_deal() or state.is_terminal()):
            self._deal_ended()            # left on a summary: it is shown again
        self._advance(now)

    # --- what the phase says -------------------------------------------------------------------

    @property
    def humans_at_table(self) -> bool:
        return any(seat.is_human for seat in self.seats)

    def human_to_act(self) -> int | None:
        """The human whose move is awaited now (the clock running)."""
        if self.phase is Phase.HUMAN and self.clock.running:
            return self.table.state.current_player()
        return None

    @property
    def deal_over(self) -> bool:
        return self.summary_due or self.phase in (Phase.SUMMARY, Phase.OVER)

    # --- commands ---------------------------------------------------------------------------------

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
        since = self.privacy.confirm(self.table.state.current_player())
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

    def end_on_summary(self) -> None:
        """The summary acknowledged ends the table (a lesson's one deal)."""
        if self.phase is Phase.SUMMARY:
            self.summary_due = False
            self.phase = Phase.OVER

    def tambah(self, now: float) -> bool:
        player = self.human_to_act()
        if player is None or not self.clock.tambah(player):
            return False
        self._notice("tambah", player, f"{self.seats[player].name}: tambah")
        return True

    def pause(self, time_left: float | None, now: float) -> None:
        """The save keeps the clock: a table left from the menu keeps its turn's time."""
        self.clock.stop(PAUSE, now)
        self.privacy.paused()
        self.save(clock=self.clock.snapshot(time_left))

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

    def take_back(self, undo_point: int, now: float) -> None:
        """Back to before the human's last move (assists.py); the screen starts afresh."""
        self.table = self.assists.taken_back(self.table, undo_point)
        self.desk.cancel()                # a bot's answer would be for a later state
        self.events, self.notices = Feed(), Feed()
        self.summary_due = self.summary_kept = self.turn_goes_on = False
        self.clock.drop(HOLD)
        self.phase = Phase.SHOWING
        self._advance(now)
        self.save()

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
        elif (self.phase is Phase.SUMMARY and not self.humans_at_table and not self.summary_kept
              and self.clock.shown(now, after=self.settings.auto_summary_s)):
            self.acknowledge_summary(now)

    def save(self, clock: dict | None = None) -> None:
        notice = self.recorder.save(self.table, self.seats, clock)
        if notice is not None:
            self.notices.extend([notice])

    # --- the machine ------------------------------------------------------------------------

    def _advance(self, now: float) -> None:
        """On from a shown move: a summary due, a deal needed, then whoever acts."""
        state = self.table.state
        if self.summary_due:
            return self._show_summary(now)
        if state.is_terminal():
            self.phase = Phase.OVER
            return self.recorder.finish(self.table, self.seats)
        if state.needs_deal():
            events = self.table.deal_next()   # one at a time: each deal is shown
            self.events.new_deal()
            self.notices.new_deal()
            self.events.extend(events)
            self.clock.new_deal()
            self.save()
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
        state = self.table.state
        mover = state.current_player()
        events = self.table.apply(action)
        self.turn_goes_on = self.table.definition.turn_goes_on(events)
        self.events.extend(events)
        self.save()
        self.privacy.moved(mover, state.current_player())
        if state.is_terminal() or state.needs_deal():
            self._deal_ended()
        self.phase = Phase.SHOWING
        self.clock.show_for(pause, now)
        return events

    def _time_out(self, now: float) -> None:
        """D19 / T11: the move is made for the player and announced."""
        state, definition = self.table.state, self.table.definition
        player = state.current_player()
        action = self.desk.move_for(player, state, definition)
        self._notice("timeout", player,
                     f"Time is up: a move was made for {self.seats[player].name}",
                     {"action": definition.action_to_json(action)})
        self._apply(action, now, self.desk.move_pause_s)

    def _notice(self, kind: str, player: int | None, text: str, data: dict | None = None) -> None:
        self.notices.extend([Notice(kind, player, text, data or {})])
