"""What the window takes from the host's frames, checked by type before it is shown: the host's
frames are untrusted too (docs/network.md). The game's values in them (observations, events,
actions) are rebuilt by the codec from the game's allowlist; here the plain fields the window
draws from — names, chairs, positions, whose move, totals, hands revealed — so that a frame
with a wrong one is skipped whole, never drawn and never a crash."""

from __future__ import annotations

from typing import Any

#: more players than any game seats, more deals or moves than any game plays
MAX_PLAYERS = 8
MAX_COUNT = 10**6


def _int(value: Any, low: int = 0, high: int = MAX_COUNT) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and abs(value) < 10**12


def _seat(value: Any) -> bool:
    return value is None or _int(value, 0, MAX_PLAYERS - 1)


def plausible(message: dict) -> bool:
    """The plain fields of a `welcome`, `view`, `events`, `notice` or `error` have their types
    (other messages: True)."""
    kind = message.get("type")
    if kind == "welcome":
        names, chairs = message.get("names"), message.get("chairs", [])
        return (isinstance(names, list) and 0 < len(names) <= MAX_PLAYERS
                and all(isinstance(name, str) and len(name) <= 64 for name in names)
                and isinstance(chairs, list) and all(isinstance(c, dict) for c in chairs)
                and isinstance(message.get("options", {}), dict)
                and isinstance(message.get("settings", {}), dict)
                and _seat(message.get("seat")) and message.get("seat") is not None
                and isinstance(message.get("moves", []), list))
    if kind in ("view", "events"):
        position = message.get("position")
        if not (isinstance(position, list) and len(position) == 2
                and all(_int(value) for value in position)):
            return False
    if kind == "view":
        revealed, returns = message.get("revealed"), message.get("returns", [])
        return (_seat(message.get("to_move"))
                and isinstance(returns, list) and len(returns) <= MAX_PLAYERS
                and all(_number(value) for value in returns)
                and (revealed is None or isinstance(revealed, list)
                     and len(revealed) <= MAX_PLAYERS
                     and all(isinstance(hand, list) for hand in revealed))
                and _int(message.get("deals_played", 0))
                and (message.get("time_left") is None or _number(message.get("time_left"))))
    if kind == "events":
        return isinstance(message.get("moves", []), list)
    if kind == "notice":
        return _seat(message.get("player")) and isinstance(message.get("data", {}), dict)
    if kind == "error":
        return isinstance(message.get("params", {}), dict)
    return True
