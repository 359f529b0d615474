"""The table state machine, for any game on the Rules protocol, and the window's only door to it.

    deal → turn → (hand-off) → wait for a human or a bot → show the move → … → deal summary → …
    → match over

The window calls `update(now)` every frame, draws from `view()` (what the seat on screen may see:
its observation, or the public table only) and reads the `events` and `notices` feeds; it sends
the player's input back (`human_action`, `confirm_handoff`, `tambah`, `acknowledge_summary`,
`pause` / `resume`). It never reads the engine state. Time comes in as an argument, so tests
drive the controller with a fake clock.

Hotseat privacy (D18) is decided here, once, for every game: with two or more humans at the
table a hand is face-up only for the human whose turn it is, after they confirmed the hand-off;
it turns face-down the moment they have moved (unless they move again at once), and while a menu
is open. The AI seats' moves play out on the public table; the hand-off comes only when the next
human is to act.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable

from game.core.errors import IllegalAction
from game.core.table import Table
from game.history.store import with_seats

from .assists import Assists
from .bot_desk import BotDesk, InlineBotRunner, ThreadBotRunner  # noqa: F401 (the runners)
from .clock import HOLD, PAUSE, TableClock
from .door import Notice, Phase, TableView
from .feed import Feed
from .hand_privacy import HandPrivacy
from .recorder import Recorder
from .seats import SeatConfig
from .settings import ControllerSettings




class TableController:
    def __init__(self, table: Table, seats: list[SeatConfig],
                 settings: ControllerSettings | None = None, save_path: Path | None = None,
                 bot_runner=None, now: float = 0.0, history=None, clock: dict | None = None):
        """`history` (game/history: History) records the game once it is finished. `clock`: a
        reopened save's clock snapshot (timers.py): the turn it was left in keeps its time."""
        self.table = table
        self.seats = seats
        self.settings = settings or ControllerSettings()
        self.recorder = Recorder(save_path, history, self.settings)
        self.desk = BotDesk(table.definition.name, seats, table.seed, self.settings, bot_runner)
        self.clock = TableClock(self.settings.turn_seconds, self.settings.tambah_seconds, now,
                                clock)
        self.events = Feed()              # the engine's events, in order (the UI animates them)
        self.notices = Feed()             # Notice items
        self.phase = Phase.SHOWING
        self.summary_kept = False         # an all-AI table's summary the player is reading
        self.privacy = HandPrivacy(self.humans)
        self.assists = Assists(self.settings, self.humans)
        self.summary_due = False          # a deal ended: its summary follows the last move
        self.turn_goes_on = False         # the last move left its player mid-move (D8 misplay)
        self.on_change: Callable[[], None] | None = None
        self._view: tuple | None = None   # (key, TableView): the view until something changes
        if table.record["deals"] and (self.state.needs_deal() or self.state.is_terminal()):
            self._deal_ended()                  # left on a summary: it is shown again
        self._advance(now)

    # --- what the window reads ------------------------------------------------------------

    @property
    def bots(self) -> dict:
        """The AI seats' bots (the desk's: tests swap in quick ones)."""
        return self.desk.bots

    @property
    def state(self):
        """The engine state: for tests, `sim` and saving. The window reads `view()`."""
        return self.table.state

    @property
    def options(self) -> dict:
        """The table's rules in force (public)."""
        return self.table.options

    @property
    def game(self) -> str:
        return self.table.definition.name

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    @property
    def hotseat(self) -> bool:
        return self.privacy.hotseat

    @property
    def paused(self) -> bool:
        return self.clock.paused

    @property
    def deals_in_match(self) -> int | None:
        """How many deals the match has by its rules (None: an open-ended table)."""
        return self.table.definition.deals_in_match(self.options)

    @property
    def deals_played(self) -> int:
        """Deals dealt so far (Tiến Lên: games), the one in play included."""
        return len(self.table.record["deals"])

    @property
    def deal_over(self) -> bool:
        """The deal in play has ended: its summary is due or on screen (or the game is over)."""
        return self.summary_due or self.phase in (Phase.SUMMARY, Phase.OVER)

    def to_move(self) -> int | None:
        return self.state.current_player()

    def review_record(self) -> dict:
        """The deals and moves so far with the seats, as a save holds them: what the Review
        screen replays (a copy: the table plays on)."""
        return with_seats(self.table.record, self.seats)

    def opening_to_show(self) -> tuple[Any, dict] | None:
        """On a table where nothing has been played yet: its seed and the fields its game
        decided from it before the first deal (GameDefinition.opening_fields: Joker's first
        dealer, J3), for the window to show how they came about; None once play has begun."""
        record = self.table.record
        if record["actions"] or len(record["deals"]) > 1:
            return None
        decided = self.table.definition.opening_fields(self.table.seed)
        return self.table.seed, {key: record[key] for key in decided if key in record}

    def hand_visible_to(self) -> int | None:
        """The player whose hand may be face-up on screen now (None: every hand is hidden)."""
        return self.privacy.visible_to(self.phase, self.clock.paused)

    def human_to_act(self) -> int | None:
        if self.phase is not Phase.HUMAN or not self.clock.running:
            return None
        return self.to_move()

    def bottom_seat(self) -> int:
        return self.privacy.bottom_seat()

    def position(self) -> tuple:
        """Where the game stands: (deals dealt, actions applied). It changes with every move."""
        return len(self.table.record["deals"]), len(self.table.record["actions"])

    def view(self) -> TableView:
        """What the seat on screen may see now (computed again only when something changed)."""
        acting = self.human_to_act()
        key = (*self.position(), self.phase, self.privacy.viewer, self.hand_visible_to(), acting)
        if self._view is None or self._view[0] != key:
            self._view = (key, self.privacy.view(self.state, self.phase, self.clock.paused,
                                                 acting))
        return self._view[1]

    def can_tambah(self) -> bool:
        """The human to act may still ask for more time this deal (D19)."""
        player = self.human_to_act()
        return player is not None and self.clock.can_tambah(player)

    def time_share(self, now: float) -> float | None:
        """The share of the move's time still left (1 … 0), for the seat's timer ring."""
        return self.clock.time_share(now) if self.phase is Phase.HUMAN else None

    def time_left(self, now: float) -> float | None:
        """The human's seconds left; while the clock stands still (a menu, an animation) they
        stay where they stopped."""
        return self.clock.time_left(now) if self.phase is Phase.HUMAN else None

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

    # --- the assists: the coach and undo (a Casual table's: assists.py) -------------------

    @property
    def coach_allowed(self) -> bool:
        return self.assists.coach_allowed(self.human_to_act())

    def ask_coach(self) -> bool:
        """Ask the coach for the move of the human to act (False: not now, or asked already)."""
        asked = self.assists.ask_coach(self.desk, self.table, self.names, self.position(),
                                       self.human_to_act())
        if asked:
            self._save()                      # the coach's mark is kept even if nothing else
        return asked

    def coach_advice(self):
        return self.assists.advice(self.position(), self.human_to_act())

    def coach_thinking(self) -> bool:
        return self.assists.thinking(self.position(), self.human_to_act())

    def undo_point(self) -> int | None:
        return self.assists.undo_point(self.table, self.deal_over)

    def can_undo(self) -> bool:
        return not self.paused and self.undo_point() is not None

    def undo(self, now: float) -> bool:
        """Take back the human's last move and every move after it: the table is exactly as
        it was before that move, and it is the human's turn again (with a full clock)."""
        if not self.can_undo():
            return False
        self.table = self.assists.taken_back(self.table, self.undo_point())
        self.desk.cancel()                    # a bot's answer would be for a later state
        self.events, self.notices = Feed(), Feed()   # the table on screen starts afresh
        self.summary_due = self.summary_kept = self.turn_goes_on = False
        self.clock.drop(HOLD)
        self._view = None
        self.phase = Phase.SHOWING
        self._advance(now)
        self._save()
        if self.on_change:
            self.on_change()
        return True

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
        if self.phase is Phase.BOT:
            self.desk.cancel()                  # the bot's answer would be for an old state
        return self._apply(action, now, self.settings.human_move_pause_s)

    def confirm_handoff(self, now: float) -> None:
        if self.phase is not Phase.HANDOFF or not self.clock.running:
            return
        since = self.privacy.confirm(self.to_move())
        if since is None:
            self._start_human_turn(now)
        else:                                   # the paused turn goes on with its time left
            self.clock.give_back(now - since)
            self.phase = Phase.HUMAN

    def tambah(self, now: float) -> bool:
        player = self.human_to_act()
        if player is None or not self.clock.tambah(player):
            return False
        self._notice("tambah", player, f"{self.seats[player].name}: tambah")
        return True

    def keep_summary(self) -> None:
        """The player clicked on an all-AI table's deal summary (or set it aside to view the
        table): it no longer moves on by itself, so it never goes from under their click."""
        if self.phase is Phase.SUMMARY:
            self.summary_kept = True

    def acknowledge_summary(self, now: float) -> None:
        if self.phase is Phase.SUMMARY:
            self.summary_due = False
            self.summary_kept = False
            self.phase = Phase.SHOWING
            self.clock.show_for(0, now)
            self._advance(now)

    def pause(self, now: float) -> None:
        """A menu or viewer is open over the table: the clock stops, hotseat hands hide. The
        save is written with the clock, so a table left from here keeps its turn's time."""
        self.clock.stop(PAUSE, now)
        self.privacy.paused()
        self._save(clock=self.clock.snapshot(self.time_left(now)))

    def resume(self, now: float) -> None:
        """Back to the table; at a hotseat table a turn that was under way waits for its
        player to say again that they are at the screen (D18)."""
        if not self.clock.paused:
            return
        self.clock.go(PAUSE, now)
        if self.privacy.resumed(self.phase is Phase.HUMAN, now):
            self.phase = Phase.HANDOFF

    def follow_pace(self, pace) -> None:
        """The pauses after a move and before an all-AI table's next deal, from the tempo model
        (pace.py) at the window's animation speed."""
        for name, seconds in pace.controller_pauses().items():
            setattr(self.settings, name, seconds)

    def hold(self, now: float) -> None:
        """The window is still showing a move or a moment (an animation, a chop's banner, the
        last trick): nothing moves on behind it, and the pause after the move starts when the
        hold ends."""
        self.clock.stop(HOLD, now)

    def release(self, now: float) -> None:
        self.clock.go(HOLD, now)

    def close(self) -> None:
        self.desk.close()

    @property
    def save_path(self) -> Path | None:
        return self.recorder.save_path

    def forget_save(self) -> None:
        self.recorder.forget_save()

    def finish(self) -> None:
        """The game is over (a match played out, or a Tiến Lên session ended between games):
        to the history, once (recorder.py)."""
        self.recorder.finish(self.table, self.seats)

    # --- the clock ---------------------------------------------------------------------

    def update(self, now: float) -> None:
        if not self.clock.running:
            return
        if self.phase is Phase.SHOWING and self.clock.shown(now):
            self._advance(now)
        elif self.phase is Phase.BOT and self.desk.answered():
            self._apply(self.desk.take_answer(), now, self.desk.move_pause_s)
        elif self.phase is Phase.BOT and not self.desk.waiting:
            self._advance(now)                  # a cancelled thought: ask again
        elif self.phase is Phase.HUMAN and self.clock.expired(now):
            self._time_out(now)
        elif (self.phase is Phase.SUMMARY and not self.humans and not self.summary_kept
              and self.clock.shown(now, after=self.settings.auto_summary_s)):
            self.acknowledge_summary(now)

    # --- the machine -------------------------------------------------------------------

    def _advance(self, now: float) -> None:
        """Move on from a shown move: the deal's summary if one is due, a deal if needed, then
        hand the turn to whoever acts."""
        state = self.state
        if self.summary_due:
            self.phase = Phase.SUMMARY
            self.clock.show_for(0, now)
            return
        if state.is_terminal():
            self.phase = Phase.OVER
            self.finish()
            return
        if state.needs_deal():
            events = self.table.deal_next()   # one at a time: each deal is shown
            self.events.new_deal()
            self.notices.new_deal()
            self.events.extend(events)
            self.clock.new_deal()
            self._save()
            if state.needs_deal() or state.is_terminal():   # the deal ended at once (D14, T17)
                self.phase = Phase.SUMMARY
                self.clock.show_for(0, now)
                self._deal_ended()
                return
        player = state.current_player()
        if player is None:
            self.phase = Phase.OVER
            return
        if self.seats[player].is_human:
            if self.privacy.must_hand_off(player):
                self.phase = Phase.HANDOFF         # D18: every hand hidden until ready
            else:                                  # the human at the screen plays again
                self.privacy.plays_on(player)
                if self.turn_goes_on:              # D19: a misplay buys no time
                    self.phase = Phase.HUMAN
                else:
                    self._start_human_turn(now)
        else:
            self.phase = Phase.BOT
            self.desk.ask(player, state)

    def _deal_ended(self) -> None:
        """Its summary follows the last move; every hand is opened (D4), and at a hotseat
        table the next deal's first human says again that they are at the screen."""
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
        self.privacy.moved(mover, self.state.current_player())   # D18: face-down
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
