"""scenario/1: the JSON file that fixes the deals and moves of a game (see docs/scenario-format.md).

A saved game is a scenario. `load_scenario` checks the envelope (format, game, players, lists);
the game's GameDefinition reads the deals and actions themselves.
"""

from __future__ import annotations

import json
import re
from operator import is_
from typing import Any, Callable

from .errors import ScenarioError
from .registry import get_game
from .untrusted import UntrustedInput, parse_json

FORMAT_FAMILY, FORMAT_VERSION = "scenario", 1
FORMAT = f"{FORMAT_FAMILY}/{FORMAT_VERSION}"     # "scenario/1"


def load_scenario(text: str) -> dict[str, Any]:
    """Parse through the untrusted-input door (size, depth, numbers, text), then check."""
    try:
        data = parse_json(text)
    except UntrustedInput as error:
        raise ScenarioError(str(error), code=error.code) from None
    return check_scenario(data)


def check_scenario(data: Any) -> dict[str, Any]:
    """Validate the envelope and fill in the optional lists; returns the same dict."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    check_format(data.get("format"))
    definition = get_game(data.get("game"))
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScenarioError("\"players\" must be a list of names")
    low, high = definition.min_players, definition.max_players
    if not low <= len(players) <= high:
        wanted = f"exactly {low}" if low == high else f"{low} to {high}"
        raise ScenarioError(f"{definition.name} needs {wanted} players, not {len(players)}")
    for key in ("deals", "actions"):
        data.setdefault(key, [])
        if not isinstance(data[key], list):
            raise ScenarioError(f"\"{key}\" must be a list")
    data.setdefault("options", {})
    if not isinstance(data["options"], dict):
        raise ScenarioError("\"options\" must be an object")
    return data


def check_format(value: Any) -> None:
    """Only scenario/1 exists, so an older or newer version is refused in words, never guessed
    at (a future migration would go here)."""
    if value == FORMAT:
        return
    family, _, version = value.partition("/") if isinstance(value, str) else ("", "", "")
    if family != FORMAT_FAMILY or not re.fullmatch("[0-9]{1,9}", version):   # not "²"
        raise ScenarioError(f"this is not a scenario or saved game of these table games "
                            f"(\"format\" must be {FORMAT!r}, not {value!r})")
    if int(version) < FORMAT_VERSION:
        raise ScenarioError(f"the file is in the older format {value!r}, which this version "
                            f"cannot convert (it reads {FORMAT!r})")
    raise ScenarioError(f"the file is in the format {value!r} of a newer version of the "
                        f"program (this version reads {FORMAT!r})")


#: what separates two deals or two actions in a saved file: one per line
ITEM_SEPARATOR = ",\n    "


def dump_scenario(data: dict[str, Any], encode_items: Callable | None = None) -> str:
    """Stable JSON with one deal or action per line, so saves stay readable and diffable.
    `encode_items(key, items)` gives the text of "deals" / "actions" as pieces to be joined by
    ITEM_SEPARATOR (see ItemEncoder)."""
    return "".join(scenario_pieces(data, encode_items))


def scenario_pieces(data: dict[str, Any], encode_items: Callable | None = None):
    """`dump_scenario`'s text in pieces, for writing a long record without building it whole."""
    encode_items = encode_items or _encode_items
    yield "{\n"
    for number, (key, value) in enumerate(data.items()):
        yield (",\n" if number else "") + f"  {json.dumps(key)}: "
        if key in ("deals", "actions") and value:
            yield "[\n    "
            for index, piece in enumerate(encode_items(key, value)):
                yield ITEM_SEPARATOR + piece if index else piece
            yield "\n  ]"
        else:
            yield json.dumps(value, ensure_ascii=False)
    yield "\n}\n"


def _encode_items(key: str, items: list) -> list[str]:
    return [json.dumps(item, ensure_ascii=False) for item in items]


class ItemEncoder:
    """`encode_items` for a record that only grows (a table's): each deal and action is encoded
    once and reused while the list still holds that very object. Without it, saving after every
    move of a long Tiến Lên session (thousands of actions) costs more than a frame. Lines are
    kept joined in chunks of CHUNK, so a session of thousands of moves is a few hundred strings,
    not one per move."""

    CHUNK = 256

    def __init__(self) -> None:
        self.items: dict[str, list] = {}
        self.chunks: dict[str, list[str]] = {}   # full chunks, CHUNK lines each
        self.tails: dict[str, list[str]] = {}    # the lines after the last full chunk

    def __call__(self, key: str, items: list) -> list[str]:
        seen = self.items.setdefault(key, [])
        chunks, tail = self.chunks.setdefault(key, []), self.tails.setdefault(key, [])
        if len(seen) > len(items) or not all(map(is_, seen, items)):   # (a C-speed check)
            # an item was replaced or removed: encode again from the chunk that holds it
            same = next((i for i, (old, new) in enumerate(zip(seen, items)) if old is not new),
                        min(len(seen), len(items)))
            kept = same // self.CHUNK
            del chunks[kept:], tail[:], seen[kept * self.CHUNK:]
        start = len(seen)
        seen.extend(items[start:])
        for line in _encode_items(key, items[start:]):
            tail.append(line)
            if len(tail) == self.CHUNK:
                chunks.append(ITEM_SEPARATOR.join(tail))
                tail.clear()
        return (chunks + [ITEM_SEPARATOR.join(tail)]) if tail else list(chunks)
