"""The Joker rule-based play (ai/joker/strategy.py: `play_card`) chooses on many seeded positions
exactly what it chose before its duck branch was written once: the choices of each way it is
used — easy (no card counting), normal (the odds), the plain style, and the search's rollouts
with and without the seen odds — are pinned by a digest. A change of play shows here (and must
be meant: then write the new digest with `python tests/test_joker_play_pinned.py`)."""

from __future__ import annotations

import hashlib
import json
import random

from ai.joker.bots import normal_choice, rollout_action
from game.core.table import Table
from game.joker.actions import Phase

#: positions: every card play of seeded random play at these tables (standard and nines, with
#: and without the partnership and V-J rule that a trump beats a led high joker)
TABLES = 24
PINNED = {"positions": 8835,
          "digest": "47cdb310dd0f18fa7ce7f50f02b4f800fca2f1c537f87dbf78ecd8df9e8c3fad"}


def play_positions():
    for number in range(TABLES):
        options = {"game_type": "nines"} if number % 2 else {}
        if number % 3 == 1:
            options["partnership"] = True
        if number % 4 == 2:
            options["trump_beats_high_joker_lead"] = True
        table = Table.open("joker", ["A", "B", "C", "D"], options, seed=f"duck/{number}")
        rng = random.Random(f"duck/{number}")
        state = table.state
        while not state.is_terminal():
            if state.needs_deal():
                table.deal_next()
                continue
            legal = state.legal_actions()
            if state.phase is Phase.PLAYING and len(legal) > 1:
                yield number, state
            table.apply(rng.choice(legal))


def choices() -> tuple[int, str]:
    definition = Table("joker", ["A", "B", "C", "D"]).definition
    digest, count = hashlib.sha256(), 0
    for number, state in play_positions():
        observation = state.observation(state.current_player())
        legal = state.legal_actions()
        chosen = [normal_choice(observation, legal, card_counting=False),
                  normal_choice(observation, legal),
                  normal_choice(observation, legal, style="plain"),
                  rollout_action(state.clone(), random.Random(number)),
                  rollout_action(state.clone(), random.Random(number), seen_odds=True)]
        for action in chosen:
            digest.update(json.dumps(definition.action_to_json(action),
                                     sort_keys=True).encode())
        count += 1
    return count, digest.hexdigest()


def test_the_rule_based_play_chooses_as_pinned():
    count, digest = choices()
    assert count == PINNED["positions"]
    assert digest == PINNED["digest"], "the Joker rule-based play chose differently"


if __name__ == "__main__":
    print(choices())
