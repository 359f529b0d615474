"""The frozen baselines `normal-v1` and `hard-v1`: registered for every game, never
offered at the table, and choosing on seeded positions exactly what normal and hard chose when
they were frozen (tests/data/ai_baselines_v1.json, written once from the live levels of that
day by `python tests/test_ai_baselines.py --write-from normal,hard`)."""

from __future__ import annotations

import json
import os
import random
import sys

import pytest

from ai.bots import BASELINE_LEVELS, LEVELS, TABLE_LEVELS, make_bot
from game.core.table import Table

GAMES = ("domino", "tienlen", "joker")
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "ai_baselines_v1.json")
#: decisions judged per game: every STRIDE-th decision of random play from a few seeded tables
POSITIONS = {"normal": 40, "hard": 10}
STRIDE = {"domino": 3, "tienlen": 2, "joker": 3}
HARD_WORLDS = 6


def positions(game: str, count: int):
    """`count` (table seed, decision number, state) positions reached by seeded random play
    (Joker: standard and nine-card games, so bids, trump choices and plays all come up)."""
    found = []
    table_seed = 0
    while len(found) < count:
        options = {"game_type": "nines"} if game == "joker" and table_seed % 2 else {}
        table = Table.open(game, ["A", "B", "C", "D"], options, seed=f"v1/{table_seed}")
        rng = random.Random(f"v1/{table_seed}")
        state = table.state
        decision = 0
        while not state.is_terminal() and len(found) < count and decision < 60:
            if state.needs_deal():
                table.deal_next()
                continue
            legal = state.legal_actions()
            if decision % STRIDE[game] == 0 and len(legal) > 1:
                found.append((table_seed, decision, state.clone()))
            table.apply(rng.choice(legal))
            decision += 1
        table_seed += 1
    return found


def choices(game: str, level: str) -> list[str]:
    """The level's choice in each position, as the scenario format writes it; hard and hard-v1
    with a fixed number of worlds and a seed per position (reproducible)."""
    kind = "hard" if level.startswith("hard") else "normal"
    table = Table(game, ["A", "B", "C", "D"])
    out = []
    for table_seed, decision, state in positions(game, POSITIONS[kind]):
        player = state.current_player()
        bot = make_bot(game, level, f"{table_seed}/{decision}")
        if kind == "hard":
            bot.max_worlds = HARD_WORLDS
        action = bot.choose(state.observation(player), state.legal_actions(), 10.0)
        out.append(json.dumps(table.definition.action_to_json(action), sort_keys=True))
    return out


def golden() -> dict:
    with open(DATA, encoding="utf-8") as f:
        return json.load(f)


def test_the_baselines_are_registered_for_every_game_and_not_offered_at_the_table():
    for game in GAMES:
        for level in BASELINE_LEVELS:
            assert make_bot(game, level, 0).level == level
    assert not set(BASELINE_LEVELS) & set(TABLE_LEVELS)
    assert not set(BASELINE_LEVELS) & set(LEVELS)     # a seat of a scenario or save refuses them


@pytest.mark.parametrize("game", GAMES)
def test_normal_v1_chooses_as_normal_did_when_frozen(game):
    expected = golden()[game]["normal"]
    assert len(set(expected)) > 5                       # the positions are varied
    assert choices(game, "normal-v1") == expected


@pytest.mark.parametrize("game", GAMES)
def test_hard_v1_chooses_as_hard_did_when_frozen(game):
    expected = golden()[game]["hard"]
    assert len(set(expected)) > 3
    assert choices(game, "hard-v1") == expected


if __name__ == "__main__":
    # written once, from the live levels of the day the baselines were frozen
    if sys.argv[1:2] == ["--write-from"]:
        normal, hard = sys.argv[2].split(",")
        data = {game: {"normal": choices(game, normal), "hard": choices(game, hard)}
                for game in GAMES}
        with open(DATA, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
