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

import dataclasses
import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Callable

from ai.bots import Bot, make_bot
from ai.coach import Coach
from ai.evaluate import has_coach
from ai.judge import TIME_CAP_S
from game.core.errors import IllegalAction, ScenarioError
from game.core.replay import load_table
from game.core.scenario import ItemEncoder
from game.core.table import Table
from game.history.store import with_seats
from game.paths import WRITE_ERRORS, write_failure

from .autosave import remove_save, write_save
from .feed import Feed
from .seats import SeatConfig
from .settings import ControllerSettings
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


@dataclass(frozen=True)
class TableView:
    """What the screen may show now: the observation of the seat drawn at the bottom (its hand
    only while `hand_shown`), and the public facts of the table."""
    seat: int                    # the seat drawn at the bottom of the screen
    observation: Any             # `seat`'s observation; its hand is empty unless `hand_shown`
    hand_shown: bool
    phase: Phase
    to_move: int | None          # whose move it is (public)
    acting: int | None           # the human whose move is awaited now (their hand is shown)
    legal: tuple                 # `acting`'s legal actions; empty when nobody's move is awaited
    returns: tuple               # each player's total so far
    #: every seat's hand (as each seat's observation holds it) once a deal is over and the hands
    #: are opened; None while a deal is being played
    revealed: tuple | None
    game_over: bool


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


#: the coach's time cap: the judge's (ai/judge.py), the review's too, so that both judge a
#: position over the same worlds (about half a second)
COACH_BUDGET_S = TIME_CAP_S

#: why the table's clock may stand still: a menu or viewer over the table (which also hides
#: the hands at a hotseat table), or an animation the window is still playing
PAUSE, HOLD = "pause", "hold"


class TableController:
    def __init__(self, table: Table, seats: list[SeatConfig],
                 settings: ControllerSettings | None = None, save_path: Path | None = None,
                 bot_runner=None, now: float = 0.0, history=None):
        """`history` (game/history: History) records the game once it is finished."""
        self.table = table
        self.history = history
        self.recorded = False             # the finished game went to the history
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
        self.summary_kept = False         # an all-AI table's summary the player is reading
        humans = self.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None  # drawn at the bottom
        self.hand_up = len(humans) == 1   # the viewer's hand may be face-up now (D18)
        #: the viewer said they are at the screen, and nothing since asked again: a new deal
        #: (the summary was everyone's) and a pause (anyone may come back) end it
        self.confirmed = len(humans) == 1
        self.handoff_from: float | None = None   # a turn interrupted by a pause, hidden since
        self.summary_due = False          # a deal ended: its summary follows the last move
        self.turn_goes_on = False         # the last move left its player mid-move (D8 misplay)
        self.stopped: set[str] = set()    # PAUSE and/or HOLD: the clock stands still
        self.stopped_at = 0.0
        self.on_change: Callable[[], None] | None = None
        self.save_failed = False          # announced once until a save works again
        self.save_encoder = ItemEncoder()
        self._view: tuple | None = None   # (key, TableView): the view until something changes
        #: the coach asked for the position (key, the seat) and its Future (an Advice)
        self.coaching: tuple | None = None
        self._advance(now)

    # --- what the window reads ------------------------------------------------------------

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
        return len(self.humans) > 1

    @property
    def paused(self) -> bool:
        return PAUSE in self.stopped

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
        if self.viewer is None or not self.hand_up or self.phase is Phase.HANDOFF:
            return None
        if self.hotseat and PAUSE in self.stopped:
            return None
        return self.viewer

    def human_to_act(self) -> int | None:
        if self.phase is not Phase.HUMAN or self.stopped:
            return None
        return self.to_move()

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the human at the screen, else the first human, else
        the first seat (an all-AI table)."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else 0

    def position(self) -> tuple:
        """Where the game stands: (deals dealt, actions applied). It changes with every move."""
        return len(self.table.record["deals"]), len(self.table.record["actions"])

    def view(self) -> TableView:
        """What the seat on screen may see now (computed again only when something changed)."""
        key = (*self.position(), self.phase, self.viewer, self.hand_visible_to(),
               self.human_to_act())
        if self._view is None or self._view[0] != key:
            self._view = (key, self._make_view())
        return self._view[1]

    def _make_view(self) -> TableView:
        state = self.state
        seat = self.bottom_seat()
        shown = self.hand_visible_to() == seat
        observation = state.observation(seat)
        if not shown:
            observation = dataclasses.replace(observation, hand=())
        acting = self.human_to_act() if shown else None
        deal_over = state.needs_deal() or state.is_terminal()
        revealed = (tuple(state.observation(p).hand for p in range(state.num_players))
                    if deal_over else None)
        return TableView(seat=seat, observation=observation, hand_shown=shown,
                         phase=self.phase, to_move=state.current_player(), acting=acting,
                         legal=tuple(state.legal_actions()) if acting is not None else (),
                         returns=tuple(state.returns()), revealed=revealed,
                         game_over=state.is_terminal())

    def can_tambah(self) -> bool:
        """The human to act may still ask for more time this deal (D19)."""
        player = self.human_to_act()
        return player is not None and self.timer.can_tambah(player)

    def time_share(self, now: float) -> float | None:
        """The share of the move's time still left (1 … 0), for the seat's timer ring."""
        left = self.time_left(now)
        return None if left is None else left / max(self.timer.limit, 1e-9)

    def time_left(self, now: float) -> float | None:
        """The human's seconds left; while the clock stands still (a menu, an animation) they
        stay where they stopped."""
        if self.phase is not Phase.HUMAN or not self.timer.enabled:
            return None
        return self.timer.remaining(self.stopped_at if self.stopped else now)

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

    # --- the assists: the coach and undo (issue 20; a Casual table's) --------------------

    @property
    def coach_allowed(self) -> bool:
        """The human to act may ask the coach (a table with assists, not a tournament's, of a
        game that has a coach)."""
        return (self.settings.assists and self.human_to_act() is not None
                and has_coach(self.game))

    def ask_coach(self) -> bool:
        """Ask the coach (the hard bot's search, on the bot runner) for the move of the human
        to act. The game is marked as played with the coach. False: not now, or already
        asked for this position."""
        player = self.human_to_act()
        if not self.coach_allowed or self.coaching_for(player) is not None:
            return False
        state = self.state
        coach = Coach(self.game, tuple(self.names))
        future = self.runner.submit(coach, state.observation(player), state.legal_actions(),
                                    COACH_BUDGET_S)
        self.coaching = ((self.position(), player), future)
        self.table.note_assist("coach")
        self._save()                          # the mark is kept even if nothing else comes
        return True

    def coaching_for(self, player: int | None):
        """The coach's Future for `player` at this position (None: not asked)."""
        if self.coaching is None or self.coaching[0] != (self.position(), player):
            return None
        return self.coaching[1]

    def coach_advice(self):
        """The coach's Advice for the human to act now, once it has thought (else None)."""
        future = self.coaching_for(self.human_to_act())
        if future is None or not future.done() or future.cancelled():
            return None
        return future.result()

    def coach_thinking(self) -> bool:
        future = self.coaching_for(self.human_to_act())
        return future is not None and not future.done()

    def undo_point(self) -> int | None:
        """The index in the record's actions of the move Undo would take back: the human's
        last one (None: Undo is not offered now). Only a table with assists and one human
        (never hotseat: the others would see a hand again), and only within the deal in play:
        once a deal is over its hands lie open, and a move taken back then would be played
        again knowing them."""
        if not self.settings.assists or len(self.humans) != 1 or self.deal_over:
            return None
        human = self.humans[0]
        actions, began = self.table.record["actions"], self.table.deal_began_at
        return next((index for index in range(len(actions) - 1, began - 1, -1)
                     if actions[index].get("player") == human), None)

    def can_undo(self) -> bool:
        return not self.paused and self.undo_point() is not None

    def undo(self, now: float) -> bool:
        """Take back the human's last move and every move after it: the record is replayed
        without them, so the table is exactly as it was before that move, and it is the
        human's turn again. The game is marked as played with an undo."""
        index = self.undo_point() if not self.paused else None
        if index is None:
            return False
        record = self.table.record
        earlier = {**record, "actions": record["actions"][:index]}
        try:
            table = load_table(earlier)
        except ScenarioError as error:       # the record replayed once already: a bug
            raise RuntimeError(f"undo could not replay the table's own record: {error}") from None
        table.note_assist("undo")
        if self.pending is not None:
            self.pending.cancel()             # a bot's answer would be for a later state
            self.pending = None
        self.table = table
        self.events, self.notices = Feed(), Feed()   # the table on screen starts afresh
        self.coaching = None
        self.summary_due = self.summary_kept = self.turn_goes_on = False
        self.stopped.discard(HOLD)
        self._view = None
        self.phase = Phase.SHOWING
        self._advance(now)                    # the human's turn, with a full clock
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
        if self.phase is Phase.BOT and self.pending is not None:
            self.pending.cancel()               # the bot's answer would be for an old state
            self.pending = None
        return self._apply(action, now, self.settings.human_move_pause_s)

    def confirm_handoff(self, now: float) -> None:
        if self.phase is not Phase.HANDOFF or self.stopped:
            return
        self.viewer = self.to_move()
        self.hand_up = self.confirmed = True
        if self.handoff_from is None:
            self._start_human_turn(now)
        else:                                   # the paused turn goes on with its time left
            self.timer.started_at += now - self.handoff_from
            self.handoff_from = None
            self.phase = Phase.HUMAN

    def tambah(self, now: float) -> bool:
        player = self.human_to_act()
        if player is None or not self.timer.tambah(player):
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
            self.resume_at = now
            self._advance(now)

    def pause(self, now: float) -> None:
        """A menu or viewer is open over the table: the clock stops, hotseat hands hide."""
        self._stop(PAUSE, now)
        if self.hotseat:
            self.confirmed = False

    def resume(self, now: float) -> None:
        """Back to the table; at a hotseat table a turn that was under way waits for its
        player to say again that they are at the screen (D18)."""
        if PAUSE not in self.stopped:
            return
        self._go(PAUSE, now)
        if self.hotseat and self.phase is Phase.HUMAN:
            self.phase, self.hand_up, self.handoff_from = Phase.HANDOFF, False, now

    def follow_pace(self, pace) -> None:
        """The pauses after a move and before an all-AI table's next deal, from the tempo model
        (pace.py) at the window's animation speed."""
        for name, seconds in pace.controller_pauses().items():
            setattr(self.settings, name, seconds)

    def hold(self, now: float) -> None:
        """The window is still showing a move or a moment (an animation, a chop's banner, the
        last trick): nothing moves on behind it, and the pause after the move starts when the
        hold ends."""
        self._stop(HOLD, now)

    def release(self, now: float) -> None:
        self._go(HOLD, now)

    def close(self) -> None:
        self.runner.shutdown()

    def forget_save(self) -> None:
        """The table is finished: its own save goes (the other tables' stay), and nothing
        writes it again."""
        if self.save_path is not None:
            remove_save(self.save_path)
            self.save_path = None

    def finish(self) -> None:
        """The game is over (a match played out, or a Tiến Lên session ended between games):
        it goes to the history (its save with it: nothing is lost before the history has it),
        once, and the save is forgotten. A session without a finished game is not recorded."""
        if not self.recorded and self.history is not None and self.table.record["deals"] and (
                self.state.is_terminal() or self.state.needs_deal()):
            self.recorded = True
            self.history.record(self.table.record, self.seats, self.save_path)
            self.save_path = None
        self.forget_save()

    # --- the clock ---------------------------------------------------------------------

    def update(self, now: float) -> None:
        if self.stopped:
            return
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
        elif (self.phase is Phase.SUMMARY and not self.humans and not self.summary_kept
              and now >= self.resume_at + self.settings.auto_summary_s):
            self.acknowledge_summary(now)

    def _stop(self, reason: str, now: float) -> None:
        if not self.stopped:
            self.stopped_at = now
        self.stopped.add(reason)

    def _go(self, reason: str, now: float) -> None:
        if reason not in self.stopped:
            return
        self.stopped.discard(reason)
        if not self.stopped:                    # the time stood still: move the clocks on
            elapsed = now - self.stopped_at
            self.timer.started_at += elapsed
            self.resume_at += elapsed

    # --- the machine -------------------------------------------------------------------

    def _advance(self, now: float) -> None:
        """Move on from a shown move: the deal's summary if one is due, a deal if needed, then
        hand the turn to whoever acts."""
        state = self.state
        if self.summary_due:
            self.phase, self.resume_at = Phase.SUMMARY, now
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
            self.timer.new_deal()
            self._save()
            if state.needs_deal() or state.is_terminal():   # the deal ended at once (D14, T17)
                self.phase, self.resume_at = Phase.SUMMARY, now
                self._deal_ended()
                return
        player = state.current_player()
        if player is None:
            self.phase = Phase.OVER
            return
        if self.seats[player].is_human:
            if self.hotseat and not (player == self.viewer and self.confirmed):
                self.phase = Phase.HANDOFF         # D18: every hand hidden until ready
            else:                                  # the human at the screen plays again
                self.viewer = player
                self.hand_up = True
                if self.turn_goes_on:              # D19: a misplay buys no time
                    self.phase = Phase.HUMAN
                else:
                    self._start_human_turn(now)
        else:
            self.phase = Phase.BOT
            bot = self.bots[player]
            self.pending = self.runner.submit(bot, state.observation(player),
                                              state.legal_actions(), self.settings.bot_budget_s)

    def _deal_ended(self) -> None:
        """Its summary follows the last move; every hand is opened (D4), and at a hotseat
        table the next deal's first human says again that they are at the screen."""
        self.summary_due = True
        if self.hotseat:
            self.hand_up = self.confirmed = False

    def _start_human_turn(self, now: float) -> None:
        self.phase = Phase.HUMAN
        self.timer.start(now)

    def _apply(self, action: Any, now: float, pause: float) -> list:
        mover = self.state.current_player()
        events = self.table.apply(action)
        self.turn_goes_on = self.table.definition.turn_goes_on(events)
        self.events.extend(events)
        self._save()
        if self.hotseat and self.state.current_player() != mover:
            self.hand_up = False                 # D18: the mover's hand turns face-down
        if self.state.is_terminal() or self.state.needs_deal():
            self._deal_ended()
        self.phase = Phase.SHOWING
        self.resume_at = now + pause
        if self.on_change:
            self.on_change()
        return events

    def _time_out(self, now: float) -> None:
        """D19 / T11: the move is made for the player and announced."""
        player = self.to_move()
        legal = self.state.legal_actions()
        fallback = self.timeout_bot.choose(self.state.observation(player), legal, 0.05)
        action = self.table.definition.timeout_action(self.state, legal, fallback)
        self._notice("timeout", player,
                     f"Time is up: a move was made for {self.seats[player].name}",
                     {"action": self.table.definition.action_to_json(action)})
        self._apply(action, now, self.settings.bot_move_pause_s)

    def _notice(self, kind: str, player: int | None, text: str, data: dict | None = None) -> None:
        self.notices.extend([Notice(kind, player, text, data or {})])

    def _save(self) -> None:
        if self.save_path is None:
            return
        try:
            write_save(self.save_path, self.table, self.seats, self.settings.to_json(),
                       self.save_encoder)
        except WRITE_ERRORS as error:   # a full or read-only disk must not end the game
            if not self.save_failed:
                self._notice("save_failed", None, f"The game could not be saved: {error}",
                             {"error": str(error), "reason": write_failure(error)})
            self.save_failed = True
        else:
            self.save_failed = False


def new_seed() -> int:
    return random.SystemRandom().randrange(10**9)
