"""A game's observations, events and actions as JSON, and back.

Actions travel in the scenario notation (the definition's `action_to_json` / `action_from_json`,
which check what they read). Observations and events are frozen dataclasses, NamedTuples and
enums of the game's own: each game lists the types it lets travel (`GameDefinition.wire_types`),
and only those are written or rebuilt. A value names its type by the class's name, which is
looked up in that allowlist alone: never a class named by the wire, never eval or pickle.

    dataclass / NamedTuple   {"$": "TilePlayed", "f": {"player": 1, "tile": 12, ...}}
    enum member              {"$e": "JokerMode", "v": 0}
    tuple                    a JSON list (read back as a tuple: observations hold tuples)
    int, str, bool, None     as they are
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from game.core.errors import ScenarioError
from game.core.registry import get_game

from .protocol import Refused

#: a coded value is never deeper than this (an observation: about 6 levels)
MAX_DEPTH = 12
#: coded values remembered by identity (events and results are shared, unchanged, by every
#: observation that holds them: a long game's history is coded once, not at every view)
MEMO_SIZE = 50_000


class Codec:
    def __init__(self, game: str):
        self.definition = get_game(game)
        self.types: dict[str, type] = {}
        for kind in self.definition.wire_types:
            if kind.__name__ in self.types:
                raise ValueError(f"two wire types named {kind.__name__}")
            self.types[kind.__name__] = kind
        self.memo: dict[int, tuple[Any, Any]] = {}

    # --- actions -------------------------------------------------------------------------------

    def action_out(self, action: Any) -> dict:
        return self.definition.action_to_json(action)

    def action_in(self, raw: Any) -> Any:
        """An action from the wire; Refused("bad_action") when it is not one of this game."""
        try:
            return self.definition.action_from_json(raw)
        except (ScenarioError, ValueError, TypeError, KeyError, AttributeError, IndexError):
            raise Refused("bad_action") from None

    # --- observations and events -----------------------------------------------------------------

    def encode(self, value: Any, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            raise ValueError("a value nested too deep to send")
        if value is None or isinstance(value, (bool, str)):
            return value
        kind = type(value)
        if isinstance(value, Enum):
            self._known(kind)
            return {"$e": kind.__name__, "v": value.value}
        if isinstance(value, int):
            return int(value)
        if dataclasses.is_dataclass(value) or hasattr(value, "_fields"):
            remembered = self.memo.get(id(value))
            if remembered is not None and remembered[0] is value:
                return remembered[1]
            self._known(kind)
            coded = {"$": kind.__name__, "f": {name: self.encode(item, depth + 1)
                                               for name, item in _fields(value)}}
            if depth and _frozen(value):  # a part of a value (the whole is new each time)
                if len(self.memo) >= MEMO_SIZE:
                    self.memo.clear()
                self.memo[id(value)] = (value, coded)     # the value kept: its id stays its own
            return coded
        if isinstance(value, (tuple, list)):
            return [self.encode(item, depth + 1) for item in value]
        raise ValueError(f"a {kind.__name__} cannot be sent")

    def decode(self, raw: Any, depth: int = 0) -> Any:
        """A value from the wire, rebuilt from the allowlist only; ValueError when it is not
        one this game sends."""
        if depth > MAX_DEPTH:
            raise ValueError("a value nested too deep")
        if raw is None or isinstance(raw, (bool, str)):
            return raw
        if isinstance(raw, int):
            return raw
        if isinstance(raw, list):
            return tuple(self.decode(item, depth + 1) for item in raw)
        if isinstance(raw, dict) and "$e" in raw:
            kind = self._named(raw.get("$e"))
            if not issubclass(kind, Enum):
                raise ValueError(f"{kind.__name__} is not an enum")
            return kind(raw.get("v"))
        if isinstance(raw, dict) and "$" in raw and isinstance(raw.get("f"), dict):
            kind = self._named(raw["$"])
            if issubclass(kind, Enum):
                raise ValueError(f"{kind.__name__} is an enum")
            fields = {name: self.decode(item, depth + 1) for name, item in raw["f"].items()}
            expected = set(_field_names(kind))
            if not set(fields) <= expected:
                raise ValueError(f"unknown fields for {kind.__name__}")
            try:
                return kind(**fields)
            except TypeError as error:
                raise ValueError(f"{kind.__name__}: {error}") from None
        raise ValueError("not a value this game sends")

    def _known(self, kind: type) -> None:
        if self.types.get(kind.__name__) is not kind:
            raise ValueError(f"{kind.__name__} is not among the game's wire types")

    def _named(self, name: Any) -> type:
        if not isinstance(name, str) or name not in self.types:
            raise ValueError(f"{str(name)[:40]!r} is not among the game's wire types")
        return self.types[name]


def _fields(value: Any):
    if dataclasses.is_dataclass(value):
        return ((field.name, getattr(value, field.name)) for field in dataclasses.fields(value))
    return zip(value._fields, value)


def _frozen(value: Any) -> bool:
    """A value that never changes: a frozen dataclass or a NamedTuple."""
    params = getattr(value, "__dataclass_params__", None)
    return params.frozen if params is not None else hasattr(value, "_fields")


def _field_names(kind: type) -> tuple[str, ...]:
    if dataclasses.is_dataclass(kind):
        return tuple(field.name for field in dataclasses.fields(kind))
    return tuple(getattr(kind, "_fields", ()))
