"""The generic replay driver behind `python main.py replay FILE` (docs/scenario-format.md).

It works for any game that implements the Rules protocol and a GameDefinition: listed deals are
started whenever the state asks for one, actions are applied in order, and the result is one JSON
object. Loading a save is the same walk (`load_table`).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator

from .errors import IllegalAction, ScenarioError
from .scenario import load_scenario
from .table import Table

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class ReplayError(Exception):
    def __init__(self, message: str, action_index: int | None):
        super().__init__(message)
        self.action_index = action_index


class _Replay:
    """One walk through a scenario, keeping the table reached so far for the output."""

    def __init__(self, data: dict[str, Any], observer: Callable[[list, Any], None] | None = None):
        """`observer(events, state)` sees the events of every deal started and action applied."""
        self.data = data
        self.table = Table.for_scenario(data)
        self.deals_used = 0
        self.observer = observer or (lambda events, state: None)

    @property
    def state(self):
        return self.table.state

    def deal_listed_deals(self) -> None:
        """Start listed deals for as long as the state asks for one and one is listed."""
        deals = self.data["deals"]
        definition = self.table.definition
        while self.state.needs_deal() and self.deals_used < len(deals):
            number = self.deals_used + 1
            try:
                events = self.table.start_deal(definition.deal_from_json(self.state,
                                                                         deals[number - 1]))
            except (ScenarioError, IllegalAction) as error:
                raise ReplayError(f"deal {number}: {error}", None) from None
            self.deals_used = number
            self.observer(events, self.state)

    def apply_action(self, raw: Any) -> None:
        state, definition = self.state, self.table.definition
        if not isinstance(raw, dict):
            raise ScenarioError("an action must be a JSON object")
        if state.is_terminal():
            raise IllegalAction("the game is already over", code="already_over")
        if state.needs_deal():
            if definition.open_ended and self.deals_used:
                raise IllegalAction("the game of the last listed deal is over and no further "
                                    "deal is listed", code="deal_not_listed")
            raise IllegalAction(f"it needs deal {self.deals_used + 1}, which is not listed",
                                code="deal_not_listed")
        action = definition.action_from_json(raw)
        if not hasattr(action, "player") and "player" in raw:
            claimed, to_move = raw["player"], state.current_player()
            if isinstance(claimed, bool) or not isinstance(claimed, int):
                raise ScenarioError(f"\"player\" must be a player index, not {claimed!r}")
            if claimed != to_move:
                names = self.data["players"]
                raise IllegalAction(
                    f"it is {names[to_move]}'s turn (player {to_move}), not player {claimed}'s",
                    code="wrong_player", player=to_move, claimed=claimed)
        self.observer(self.table.apply(action), self.state)

    def run(self) -> None:
        self.deal_listed_deals()
        for index, raw in enumerate(self.data["actions"]):
            try:
                self.apply_action(raw)
            except (ScenarioError, IllegalAction) as error:
                raise ReplayError(f"action {index}: {error}", index) from None
            self.deal_listed_deals()

    def finished(self) -> bool:
        if self.state.is_terminal():
            return True
        return (self.table.definition.open_ended and self.state.needs_deal()
                and self.deals_used == len(self.data["deals"]) > 0)

    def output(self) -> dict[str, Any]:
        state, definition = self.state, self.table.definition
        finished = self.finished()
        result: dict[str, Any] = {
            "game": definition.name,
            "finished": finished,
            "players": list(self.data["players"]),
            "deals": definition.finished_deals_json(state),
            "totals": list(state.returns()),
            "next": None,
        }
        player = state.current_player()
        if not finished and player is not None:
            legal, seen = [], set()
            for action in state.legal_actions():
                encoded = definition.action_to_json(action)
                key = json.dumps(encoded, sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    legal.append(encoded)
            result["next"] = {"player": player, "legal": legal}
        result.update(definition.extra_output(state))
        return result


def _error(message: str, action_index: int | None, state: dict | None) -> dict[str, Any]:
    return {"error": {"action_index": action_index, "message": message}, "state": state}


def replay(data: Any) -> tuple[int, dict[str, Any]]:
    """Replay a parsed scenario; returns (exit code, output object)."""
    try:
        walk = _Replay(data)
    except ScenarioError as error:
        return EXIT_BAD_INPUT, _error(str(error), None, None)
    try:
        walk.run()
    except ReplayError as error:
        return EXIT_BAD_INPUT, _error(str(error), error.action_index, walk.output())
    return EXIT_OK, walk.output()


def replay_text(text: str) -> tuple[int, dict[str, Any]]:
    try:
        data = load_scenario(text)
    except ScenarioError as error:
        return EXIT_BAD_INPUT, _error(str(error), None, None)
    return replay(data)


def walk(data: Any, ends: bool = False, observer: Callable[[list, Any], None] | None = None
         ) -> Iterator[tuple[int | None, Any, Table, int]]:
    """Replay a parsed scenario one action at a time, for tools that look at every position
    (the review, ai/review.py): yields (action index, raw action, table, deals started) before
    each action is applied. With `ends`, also (None, None, table, deals started) where a deal
    ends, before the next one is dealt, and where the actions stop mid-deal: the Review
    screen shows the table as the deal was left. `observer` is as `load_table`'s. Raises
    ReplayError as `replay` reports it (check with `replay` first to get its output)."""
    try:
        steps = _Replay(data, observer)
    except ScenarioError as error:
        raise ReplayError(str(error), None) from None
    steps.deal_listed_deals()
    last = len(data["actions"]) - 1
    for index, raw in enumerate(data["actions"]):
        yield index, raw, steps.table, steps.deals_used
        try:
            steps.apply_action(raw)
        except (ScenarioError, IllegalAction) as error:
            raise ReplayError(f"action {index}: {error}", index) from None
        if ends and (index == last or steps.state.needs_deal() or steps.state.is_terminal()):
            yield None, None, steps.table, steps.deals_used
        steps.deal_listed_deals()


def load_table(data: Any, observer: Callable[[list, Any], None] | None = None) -> Table:
    """Rebuild a table from a save (a scenario); raises ScenarioError naming what is wrong.
    `observer` is shown the events of each deal and action as they are replayed (the history's
    counts come from them)."""
    try:
        steps = _Replay(data, observer)
        steps.run()
    except ReplayError as error:
        raise ScenarioError(str(error)) from None
    return steps.table
