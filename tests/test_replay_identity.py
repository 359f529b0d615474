"""Defaults reproduce the rules before the house rules (docs/rules/variants.md, Conventions): random
seeded games with no house-rule option replay to byte-identical output. The digests below were
recorded with the code before the options existed (commit 9b2f127); the wider check, over every
scenario the tests replay and hundreds of games, is benchmarks/replay_identity.py."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from game.core.replay import replay
from game.core.scenario import dump_scenario, load_scenario
from game.core.table import Table

#: (game, seed) -> sha256 of the exit code and the printed output of each scenario: the whole
#: game, the game cut short, and the game with a refused action at the end
RECORDED = {
    ('domino', 0): '97c55e05cae6302a70f320dce3e8642fcf2eb0fb196ebd9da3ee240b2e9e0f36',
    ('domino', 1): 'a39486a15336db109e30820ecb2bb2104c8013d7460331b335846c238f4ff4fa',
    ('domino', 2): 'e5dbd9506ad8b12c9ba2b006dfc3266193d03f85c6569993febaf58fa063a163',
    ('domino', 3): '74be9fd6e32265b02b2783e068fdb3321a99e28e1f24b1b3f005c87b6d528303',
    ('domino', 4): '0fe6545fb4b26d07fe07d54912835ea44156b39b53abe96d51dc22634ec11a37',
    ('domino', 5): '5bfcb4f13c99bd17876568a013c7f77b149e6db3cdefe01750b37c14f7b6e6dd',
    ('joker', 0): 'fc02798c4da08c0f13c32cf3ee8374a0b50eb47d5fd3b433e7422565cdf6c318',
    ('joker', 1): 'ae08c36e3839212e944dd419e5d5c842609ac5d5dcd500ea260407f9b6876670',
    ('joker', 2): 'ba75d45b927f14be5bf1d20bb8c8c10067fad42da2c4823004f5f8446e12e2b7',
    ('joker', 3): '738937165e30f7b850d10cd7bd55d78b4a621b9606f401cc64daa8ee00b266bf',
    ('joker', 4): '5c5c92175ee309fd4b773823a3b4669bf3c308721891e0028ad006b227a84ad0',
    ('joker', 5): '87979687cd2b1c0d01a804be7910ddf6a7488ae9e3ce6be4b1f9ed8de58d9227',
}
GAMES = {"domino": {"misplay_penalty": True}, "joker": {"game_type": "nines"}}
SEEDS = range(6)


def scenarios(game: str, seed: int) -> list[str]:
    """A game played at random to its end, cut short, and ending in a refused action."""
    rng = random.Random(f"identity/{game}/{seed}")
    table = Table.open(game, ["A", "B", "C", "D"], GAMES[game], seed=seed)
    state = table.state
    while not state.is_terminal():
        if state.needs_deal():
            table.deal_if_needed()
            continue
        table.apply(rng.choice(state.legal_actions()))
    record = dict(table.record)
    record.pop("table")
    actions = record["actions"]
    cut = rng.randrange(len(actions))
    return [dump_scenario(record), dump_scenario({**record, "actions": actions[:cut]}),
            dump_scenario({**record, "actions": actions[:cut + 1] + [actions[cut]]})]


def digest(game: str, seed: int) -> str:
    hashed = hashlib.sha256()
    for text in scenarios(game, seed):
        code, output = replay(load_scenario(text))
        hashed.update(json.dumps([code, json.dumps(output, ensure_ascii=False)]).encode())
    return hashed.hexdigest()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", SEEDS)
def test_default_options_replay_as_before_the_house_rules(game, seed):
    assert digest(game, seed) == RECORDED[(game, seed)]


if __name__ == "__main__":   # prints RECORDED for the code on the path
    print("RECORDED = {")
    for game in sorted(GAMES):
        for seed in SEEDS:
            print(f"    ({game!r}, {seed}): {digest(game, seed)!r},")
    print("}")
