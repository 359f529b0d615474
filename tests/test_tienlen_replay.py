"""scenario/1 for Tiến Lên (`python main.py replay`), and properties of random games."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.replay import load_table, replay_text
from game.core.scenario import dump_scenario
from game.core.table import Table
from game.tienlen.actions import PASS, Leave, Play
from game.tienlen.cards import FULL_DECK, cards_of, mask_of
from game.tienlen.combos import FOUR_PAIRS, beats, classify, combos_of_hand
from game.tienlen.definition import TIENLEN
from test_tienlen_support import (CHAIN_HANDS, NAMES, PASS_JSON, P, position, run, scenario,
                                  text_of)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# --- output -------------------------------------------------------------------------------------

def test_replay_output_in_progress_lists_every_legal_action():
    code, out = run(scenario([CHAIN_HANDS], [P("3S"), P("4D")]))
    assert code == 0
    assert set(out) == {"game", "finished", "players", "deals", "totals", "next"}
    assert out["game"] == "tienlen" and out["finished"] is False and out["deals"] == []
    assert out["next"]["player"] == 2
    legal = out["next"]["legal"]
    assert {"type": "play", "cards": ["5D"]} in legal and PASS_JSON in legal
    assert {"type": "play", "cards": ["9S"]} in legal
    assert {"type": "play", "cards": ["3D"]} not in legal
    assert len({json.dumps(a) for a in legal}) == len(legal)
    assert all(a["type"] != "leave" for a in legal)


def test_replay_stops_in_progress_when_the_next_deal_is_not_listed_yet():
    code, out = run(scenario([CHAIN_HANDS], []))
    assert out["next"]["player"] == 0
    code, out = run({**scenario([CHAIN_HANDS], []), "deals": []})
    assert code == 0 and out["next"] is None and out["finished"] is False


def test_replay_accepts_the_player_key_and_any_card_order():
    code, out = run(scenario([CHAIN_HANDS], [P("5H 3S 4H", player=0), {**PASS_JSON, "player": 1}]))
    assert code == 0 and out["next"]["player"] == 2


# --- errors through the command line --------------------------------------------------------------

BAD = [
    ([P("3S"), P("7H")], 1, "7H is not in Budi's hand"),
    ([P("3S 4H")], 0, "is not a combination"),
    ([P("3S 4H 5H"), P("3H 4D 5C")], 1, "does not beat"),
    ([P("4H")], 0, "must contain 3♠"),
    ([P("3S"), PASS_JSON, PASS_JSON, PASS_JSON, PASS_JSON], 4, "cannot pass when you lead"),
    ([P("3S"), P("4D", player=2)], 1, "Budi's turn"),
    ([P("3S"), {"type": "fold"}], 1, "unknown Tiến Lên action"),
    ([P("3S"), P("3Z")], 1, "is not a card"),
    ([P("3S"), P("4D 4D")], 1, "twice"),
    ([{"type": "leave", "player": 9}], 0, "no player 9"),
]


def replay_command(data: dict) -> tuple[int, dict]:
    done = subprocess.run([sys.executable, "main.py", "replay", "-"], input=json.dumps(data),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    return done.returncode, json.loads(done.stdout)


def test_bad_actions_through_main_py_replay_exit_2_with_the_action_index():
    """One subprocess for the first case; the same driver in-process for the others."""
    actions, index, words = BAD[0]
    code, out = replay_command(scenario([CHAIN_HANDS], actions))
    assert code == 2
    assert out["error"] == {"action_index": index, "message": f"action {index}: {words}"}
    assert out["state"]["next"]["player"] == 1       # the state before the bad action


@pytest.mark.parametrize("actions, index, words", BAD)
def test_bad_actions_exit_2_and_say_what_is_wrong(actions, index, words):
    code, out = replay_text(json.dumps(scenario([CHAIN_HANDS], actions)))
    assert code == 2
    assert out["error"]["action_index"] == index
    assert out["error"]["message"].startswith(f"action {index}: ")
    assert words in out["error"]["message"]


def test_bad_input_through_main_py_a_few_more():
    for actions, index, words in BAD[2:6]:
        code, out = replay_command(scenario([CHAIN_HANDS], actions))
        assert code == 2 and out["error"]["action_index"] == index
        assert words in out["error"]["message"]


@pytest.mark.parametrize("hands, words", [
    ([h for h in CHAIN_HANDS[:3]], "one hand per player"),
    ([CHAIN_HANDS[0], CHAIN_HANDS[0], CHAIN_HANDS[2], CHAIN_HANDS[3]], "dealt twice"),
    ([CHAIN_HANDS[0] + " 9D", *CHAIN_HANDS[1:]], "13 cards, not 14"),
    (["3S 4H", *CHAIN_HANDS[1:]], "13 cards"),
    ([CHAIN_HANDS[0].replace("3S", "X1"), *CHAIN_HANDS[1:]], "jokers"),
])
def test_bad_deals(hands, words):
    data = scenario([CHAIN_HANDS], [])
    data["deals"] = [{"hands": [h.split() for h in hands]}]
    code, out = run(data)
    assert code == 2 and out["error"]["action_index"] is None
    assert out["error"]["message"].startswith("deal 1: ") and words in out["error"]["message"]


def test_too_many_or_too_few_players():
    for players in (1, 5):
        data = scenario([CHAIN_HANDS], [])
        data["players"] = (NAMES * 2)[:players]
        code, out = run(data)
        assert code == 2 and "2 to 4 players" in out["error"]["message"]


# --- properties of random games -------------------------------------------------------------------

def random_table(seed: int, players: int, games: int, leave_rate: float = 0.0):
    """Play `games` random games on a seeded Table, checking every step; returns the table."""
    rng = random.Random(seed)
    table = Table("tienlen", NAMES[:players], seed=seed)
    state = table.state
    while len(state.results) < games and not state.is_terminal():
        table.deal_if_needed()
        while state.current_player() is not None:
            check_step(state)
            if rng.random() < leave_rate:
                seated = [p for p in range(players) if state.at_table[p]]
                table.apply(Leave(rng.choice(seated)))
            else:
                table.apply(rng.choice(state.legal_actions()))
            check_cards(state)
        assert sum(state.returns()) == 0, "T20: zero-sum after every game"
        assert sum(state.results[-1].gold) == 0
    return table


def check_step(state) -> None:
    """Every generated play is a valid combination that may be played now."""
    legal = state.legal_actions()
    assert legal and len(set(legal)) == len(legal)
    hand = state.hands[state.current_player()]
    passed = state.passed >> state.current_player() & 1
    for action in legal:
        if action == PASS:
            assert state.table is not None
            continue
        found = classify(action.cards)
        assert found is not None and found.mask & hand == found.mask
        if state.table is None:
            assert not state.must_include or found.mask & state.must_include
        else:
            assert beats(found, state.table)
            assert not passed or (found.kind, found.size) == FOUR_PAIRS


def check_cards(state) -> None:
    """Every card is in exactly one place: a hand, played this game, or out of play."""
    hands, played, out = state.card_locations()
    places = [*hands, played, out]
    assert sum(bin(m).count("1") for m in places) == 52
    union = 0
    for mask in places:
        union |= mask
    assert union == FULL_DECK


@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_property_random_games_are_legal_conserve_cards_and_gold(seed, players):
    random_table(seed, players, games=2)


@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_property_replay_round_trip(seed, players):
    """Dump a random table (with some leaves) as scenario JSON and replay it: same output,
    same state."""
    table = random_table(seed, players, games=2, leave_rate=0.01)
    state = table.state
    code, out = replay_text(dump_scenario(table.record))
    assert code == 0, out
    assert out["deals"] == TIENLEN.finished_deals_json(state)
    assert out["totals"] == state.returns()
    again = load_table(json.loads(dump_scenario(table.record))).state
    for player in range(players):
        assert again.observation(player) == state.observation(player)


@st.composite
def small_positions(draw):
    """A random position: 2–3 small hands, maybe a combination on the table, maybe passed."""
    deck = draw(st.permutations(range(52)))
    sizes = draw(st.lists(st.integers(1, 9), min_size=2, max_size=3))
    hands, used = [], 0
    for size in sizes:
        hands.append(mask_of(deck[used:used + size]))
        used += size
    source = mask_of(deck[used:used + 10])
    options = combos_of_hand(source).every
    table = draw(st.sampled_from(options)) if draw(st.booleans()) else None
    passed = draw(st.booleans()) and table is not None
    must_include = table is None and draw(st.booleans())   # the first lead of a first game
    return hands, table, passed, must_include


@given(small_positions())
def test_property_legal_set_equals_brute_force_over_subsets(position_data):
    hands, table, passed, must_include = position_data
    to_move = 0 if table is None else 1
    state = position([text_of(h) for h in hands], to_move=to_move)
    if table is not None:
        state.table, state.table_player = classify(table[2].cards), 0
        state.passed = (1 << 1) if passed else 0
    if must_include:
        state.must_include = state.hands[0] & -state.hands[0]
    held = cards_of(state.hands[to_move])
    expected = set()
    for size in range(1, len(held) + 1):
        for subset in combinations(held, size):
            found = classify(subset)
            if found is None:
                continue
            if state.table is None:
                if not must_include or found.mask & state.must_include:
                    expected.add(subset)
            elif beats(found, state.table) and (not passed or
                                                (found.kind, found.size) == FOUR_PAIRS):
                expected.add(subset)
    legal = state.legal_actions()
    plays = {a.cards for a in legal if isinstance(a, Play)}
    assert plays == expected
    assert len(plays) == len(legal) - (PASS in legal)
    assert (PASS in legal) == (state.table is not None)


def test_t9_offer_in_the_replay_output_lists_the_4_pair_runs_and_pass_only():
    hands = ["3S 4H 5H 6H 7H 8H 10H JH QH KH AH 2D 2H",
             "5S 5C 6S 6C 7S 7C 8S 8C 3H 4D 10D KD 2C",
             "JS JC QS QC KS KC 3D 4C 5D 6D 7D 9D AD",
             "3C 4S 8D 9S 9C 9H 10S 10C JD QD AS AC 2S"]
    actions = [P("3S"), PASS_JSON, PASS_JSON, PASS_JSON, P("2H"), PASS_JSON,
               P("JS JC QS QC KS KC"), PASS_JSON, PASS_JSON]
    code, out = run(scenario([hands], actions))
    assert code == 0, out
    assert out["next"] == {"player": 1, "legal": [
        {"type": "play", "cards": ["5S", "5C", "6S", "6C", "7S", "7C", "8S", "8C"]}, PASS_JSON]}
    # only Citra may answer: Dewi and Ani passed this round
    code, out = run(scenario([hands], actions + [P("5S 5C 6S 6C 7S 7C 8S 8C"), PASS_JSON]))
    assert code == 0 and out["totals"] == [0, 40, -40, 0]   # T13: 20 (2♥) + 20 (3 pairs)
    assert out["next"]["player"] == 1 and PASS_JSON not in out["next"]["legal"]
