"""scenario/1: the JSON file that fixes the deals and moves of a game (see docs/scenario-format.md).

A saved game is a scenario. `load_scenario` checks the envelope (format, game, players, lists);
the game's GameDefinition reads the deals and actions themselves.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import ScenarioError
from .registry import get_game

FORMAT = "scenario/1"


def load_scenario(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError(f"the file is not valid JSON: {error}") from None
    return check_scenario(data)


def check_scenario(data: Any) -> dict[str, Any]:
    """Validate the envelope and fill in the optional lists; returns the same dict."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    if data.get("format") != FORMAT:
        raise ScenarioError(f"\"format\" must be {FORMAT!r}, not {data.get('format')!r}")
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


def dump_scenario(data: dict[str, Any]) -> str:
    """Stable JSON with one deal or action per line, so saves stay readable and diffable."""
    fields = []
    for key, value in data.items():
        if key in ("deals", "actions") and value:
            items = ",\n    ".join(json.dumps(item, ensure_ascii=False) for item in value)
            text = f"[\n    {items}\n  ]"
        else:
            text = json.dumps(value, ensure_ascii=False)
        fields.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(fields) + "\n}\n"
