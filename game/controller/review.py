"""The Review screen's side of the controller: a record replayed position by position
with every hand open, and one seat's moves judged by the hard search on a worker thread.

The window never reads an engine state (tests/test_architecture.py): it draws each position
with the game's own table renderer from the TableView made here (`Position.view`), and reads
the judged moves as ai/review.py writes them.

    reviewed = ReviewedRecord(record)         # a scenario/1 record (a save, the history's)
    reviewed.deals                            # the deals that have moves, from 1
    reviewed.positions(deal, seat)            # the table before each move, and at the end
    job = reviewed.review_job(seat, reviewed.judged(deal, seat), ReviewSearch())
    job.moves (as they come), job.finished, job.error; job.cancel()
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from ai.review import DEFAULT_BUDGET_S, default_seat, judged_action, review_moves
from game.core.replay import walk
from game.core.table import Table

from .door import Phase, TableView
from .seats import SeatConfig


@dataclass(frozen=True)
class Position:
    """The table at one step of a deal, from the reviewed seat, every hand face up."""
    index: int | None        # the action about to be played (its place in the record's
    #                          actions); None where the deal ended, or where the record stops
    player: int | None       # who plays it
    action: Any              # the engine's action (None at the end)
    judged: bool             # a move of the reviewed seat: the review judges it
    view: TableView          # the table before the move, the reviewed seat at the bottom
    hands: tuple             # every seat's hand
    events: tuple            # what the move before this position caused (the Joker table
    #                          shows the deal's last trick from it)


@dataclass(frozen=True)
class ReviewSearch:
    """How hard the Review screen searches a decision: the judge's worlds within ai/review.py's
    time cap (the coach's), or exactly `worlds` worlds (quick and reproducible: the tests)."""
    budget_s: float = DEFAULT_BUDGET_S
    worlds: int | None = None


def _view(state, seat: int, hands: tuple) -> TableView:
    over = state.needs_deal() or state.is_terminal()
    phase = (Phase.OVER if state.is_terminal() else Phase.SUMMARY) if over else Phase.HUMAN
    return TableView(seat=seat, observation=state.observation(seat), hand_shown=True,
                     phase=phase, to_move=None if over else state.current_player(),
                     acting=None, legal=(), returns=tuple(state.returns()),
                     revealed=hands if over else None, game_over=state.is_terminal())


class ReviewedRecord:
    """A scenario/1 record for the Review screen: its deals, each position of a deal, and
    which moves a review of a seat judges. The record must replay (a save or the history's
    record does: they were checked when read).

    With `hide_deal_in_play`, a deal the record stops in is left out: a saved table may be
    resumed, and its hands are still hidden (`hidden_deal` says which was left out)."""

    def __init__(self, record: dict, hide_deal_in_play: bool = False):
        self.record = record
        self.game: str = record["game"]
        self.names: list[str] = list(record["players"])
        table = Table.for_scenario(record)
        self.options: dict = table.options
        self.deals_in_match = table.definition.deals_in_match(table.options)
        self.unit: str = table.definition.unit
        self.seats = self._seats()
        #: the human's seat, or the first (ai.review.default_seat)
        self.default_seat = default_seat(record)
        #: deal number -> [(action index, player, judgeable)]: every move of the deal
        self.moves: dict[int, list] = {}
        step, deal = None, 0
        for index, raw, step, deal in walk(record):
            player = step.state.current_player()
            judgeable = judged_action(step, raw, player) is not None
            self.moves.setdefault(deal, []).append((index, player, judgeable))
        # the walk is over: `step` holds the table after the last action
        in_play = step is not None and not (step.state.needs_deal() or step.state.is_terminal())
        self.hidden_deal: int | None = deal if in_play and hide_deal_in_play else None
        self.moves.pop(self.hidden_deal, None)
        self._positions: dict = {}

    def _seats(self) -> list[SeatConfig]:
        raw = (self.record.get("table") or {}).get("seats")
        if isinstance(raw, list) and len(raw) == len(self.names):
            return [SeatConfig.from_json(seat) for seat in raw]
        return [SeatConfig(name) for name in self.names]

    @property
    def deals(self) -> list[int]:
        """The deals with at least one move, in order (a deal that ended as it was dealt has
        nothing to review)."""
        return sorted(self.moves)

    def judged(self, deal: int, seat: int) -> list[int]:
        """The action indices of `seat`'s moves in `deal` that a review judges."""
        return [index for index, player, judgeable in self.moves.get(deal, ())
                if player == seat and judgeable]

    def review_job(self, seat: int, indices, search: "ReviewSearch") -> "ReviewJob":
        """`seat`'s moves `indices` of this record judged on a worker thread."""
        return ReviewJob(self.record, seat, indices, search)

    def positions(self, deal: int, seat: int) -> list[Position]:
        """The table before each move of `deal`, then as the deal ended (or the record stops),
        seen from `seat` with every hand open."""
        key = (deal, seat)
        if key not in self._positions:
            self._positions[key] = self._replay(deal, seat)
        return self._positions[key]

    def _replay(self, deal: int, seat: int) -> list[Position]:
        caused: list = []                  # the events of the action just applied
        positions = []
        judged = set(self.judged(deal, seat))
        for index, raw, table, number in walk(self.record, ends=True,
                                              observer=lambda events, _: caused.append(events)):
            if number < deal:
                caused.clear()
                continue
            if number > deal:
                break
            state = table.state
            hands = tuple(state.observation(p).hand for p in range(state.num_players))
            events = tuple(caused[-1]) if caused else ()
            caused.clear()
            action = None if index is None else table.definition.action_from_json(raw)
            positions.append(Position(index, None if index is None else state.current_player(),
                                      action, index in judged, _view(state, seat, hands), hands,
                                      events))
            if index is None:
                break
        return positions


class ReviewJob:
    """The moves `indices` of `seat` judged one by one (ai.review.review_moves) on a worker
    thread, so that the window stays responsive: `moves` (each as `main.py review --json`
    lists it) grows as they come; the window reads it from where it read last (appending to
    a list and reading its length are safe across threads). `cancel()` stops the job after the
    move being judged; a failure is kept in `error` (the window says the review stopped)."""

    def __init__(self, record: dict, seat: int, indices, search: ReviewSearch):
        self.record = record
        self.seat = seat
        self.indices = list(indices)
        self.search = search
        self.moves: list[dict] = []
        self.error: Exception | None = None
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="review", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        if not self.indices:
            return
        try:
            for move in review_moves(self.record, self.seat, self.search.budget_s,
                                     self.search.worlds, only=set(self.indices)):
                self.moves.append(move)
                if self._stop.is_set():
                    return
        except Exception as error:      # noqa: BLE001 - the window must go on and say so
            self.error = error

    @property
    def total(self) -> int:
        return len(self.indices)

    @property
    def finished(self) -> bool:
        return not self.thread.is_alive()

    def cancel(self) -> None:
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job ends (tests); True when it did."""
        self.thread.join(timeout)
        return self.finished
