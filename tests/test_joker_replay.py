"""`python main.py replay` for Joker (docs/rules/scenario-format.md): output, legal lists, errors."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from game.core.replay import replay
from game.core.table import Table
from test_joker_helpers import PLAYERS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def scenario(deals, actions, **extra) -> dict:
    return {"format": "scenario/1", "game": "joker", "players": list(PLAYERS),
            "deals": deals, "actions": actions, **extra}


ONE_CARD_DEAL = {"hands": [["7H"], ["AH"], ["KD"], ["9H"]], "trump_card": "7C"}
ONE_CARD_ACTIONS = [{"type": "bid", "n": 0}, {"type": "bid", "n": 0}, {"type": "bid", "n": 1},
                    {"type": "bid", "n": 1, "player": 2},
                    {"type": "play", "card": "9H"}, {"type": "play", "card": "7H"},
                    {"type": "play", "card": "AH"}, {"type": "play", "card": "KD"}]


def test_a_finished_deal_is_written_exactly():
    code, out = replay(scenario([ONE_CARD_DEAL], ONE_CARD_ACTIONS, first_dealer=2))
    assert code == 0
    assert out == {"game": "joker", "finished": False, "players": PLAYERS,
                   "deals": [{"cards": 1, "dealer": 2, "trump": "C", "bids": [0, 1, 1, 0],
                              "tricks": [0, 1, 0, 0], "scores": [50, 100, -200, 50]}],
                   "totals": [50, 100, -200, 50], "next": None}


def test_next_lists_the_legal_bids_of_the_next_deal():
    deal_2 = {"hands": [["7H", "8H"], ["AH", "KH"], ["KD", "QD"], ["9H", "10H"]],
              "trump_card": "X1"}
    code, out = replay(scenario([ONE_CARD_DEAL, deal_2], ONE_CARD_ACTIONS + [
        {"type": "bid", "n": 2}, {"type": "bid", "n": 0}], first_dealer=2))
    assert code == 0
    assert out["next"]["player"] == 2  # dealer of deal 2 is seat 3
    assert sorted(a["n"] for a in out["next"]["legal"]) == [0, 1, 2]
    code, out = replay(scenario([ONE_CARD_DEAL, deal_2], ONE_CARD_ACTIONS + [
        {"type": "bid", "n": 0}, {"type": "bid", "n": 0}, {"type": "bid", "n": 1}],
        first_dealer=2))
    assert out["next"] == {"player": 3, "legal": [{"type": "bid", "n": 0},
                                                  {"type": "bid", "n": 2}]}


NINE_HANDS = [["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"],
              ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "X1"],
              ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7S", "6D"],
              ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7C", "X2"]]
NINE_START = [{"type": "trump", "suit": "S"}, {"type": "bid", "n": 3}, {"type": "bid", "n": 0},
              {"type": "bid", "n": 4}, {"type": "bid", "n": 0}]


def nine_card_scenario(actions) -> dict:
    return scenario([{"hands": NINE_HANDS}], actions, options={"game_type": "nines"})


def test_next_lists_every_form_of_a_led_joker():
    code, out = replay(nine_card_scenario(NINE_START))
    assert code == 0 and out["next"]["player"] == 1
    legal = out["next"]["legal"]
    assert len(legal) == len({json.dumps(a, sort_keys=True) for a in legal}) == 8 + 8
    jokers = [a for a in legal if a["card"] == "X1"]
    assert sorted((a["joker"], a["suit"]) for a in jokers) == sorted(
        (mode, suit) for mode in ("high", "takes") for suit in "HDCS")
    code, out = replay(nine_card_scenario(NINE_START + [{"type": "play", "card": "AD"}]))
    assert out["next"] == {"player": 2, "legal": [{"type": "play", "card": "6D"}]}
    code, out = replay(nine_card_scenario(NINE_START + [
        {"type": "play", "card": "AD"}, {"type": "play", "card": "6D"}]))
    assert sorted(json.dumps(a, sort_keys=True) for a in out["next"]["legal"]) == sorted(
        json.dumps(a, sort_keys=True) for a in [
            {"type": "play", "card": c} for c in ("AS", "KS", "QS", "JS", "10S", "9S", "8S")] + [
            {"type": "play", "card": "X2", "joker": "high"},
            {"type": "play", "card": "X2", "joker": "under"}])


def test_trump_choice_is_offered_first_in_a_nine_card_deal():
    code, out = replay(nine_card_scenario([]))
    assert out["next"]["player"] == 1
    assert sorted(a["suit"] for a in out["next"]["legal"]) == ["C", "D", "H", "S", "none"]


def play_random_table(seed: int, options: dict, deals: int | None = None,
                      first_dealer: int = 0) -> Table:
    table = Table("joker", PLAYERS, options, seed=seed, extra={"first_dealer": first_dealer})
    rng = random.Random(seed)
    while True:
        if table.state.needs_deal() and deals is not None and len(table.record["deals"]) == deals:
            return table
        table.deal_if_needed()
        if table.state.is_terminal():
            return table
        table.apply(rng.choice(table.state.legal_actions()))


def test_a_whole_game_replays_to_its_ranking_with_pulka_lines():
    table = play_random_table(11, {"khishti": "special"}, first_dealer=3)
    code, out = replay(json.loads(json.dumps(table.record)))
    assert code == 0 and out["finished"] and out["next"] is None
    assert len(out["deals"]) == 28
    pulkas = [line for line in out["deals"] if "pulka" in line]
    assert [line["pulka"] for line in pulkas] == [1, 2, 3, 4]
    for line in pulkas:
        assert set(line) == {"pulka", "premium", "adjust"}
        if not line["premium"]:
            assert line["adjust"] == [0, 0, 0, 0]
    assert out["totals"] == table.state.returns()
    totals = out["totals"]
    assert sorted(out["ranking"]) == [0, 1, 2, 3]
    assert [totals[p] for p in out["ranking"]] == sorted(totals, reverse=True)
    assert [line["dealer"] for line in out["deals"] if "dealer" in line][:5] == [3, 0, 1, 2, 3]


def test_bad_first_dealer_and_bad_options_are_errors():
    code, out = replay(scenario([], [], first_dealer=5))
    assert code == 2 and "first_dealer" in out["error"]["message"]
    code, out = replay(scenario([], [], options={"khishti": -50}))
    assert code == 2 and "khishti" in out["error"]["message"]
    code, out = replay(scenario([], [], options={"jokers": 3}))
    assert code == 2 and "unknown option" in out["error"]["message"]


def test_bad_deals_are_errors():
    for deal in ({"hands": [["7H"], ["AH"], ["KD"], ["9H"]]},
                 {"hands": [["7H"], ["AH"], ["KD"], ["7H"]], "trump_card": "7C"},
                 {"hands": [["7H"], ["AH"], ["KD"], ["6S"]], "trump_card": "7C"},
                 {"hands": [["7H"], ["AH"], ["KD"]], "trump_card": "7C"},
                 {"hands": [["7H", "8H"], ["AH"], ["KD"], ["9H"]], "trump_card": "7C"}):
        code, out = replay(scenario([deal], []))
        assert code == 2 and out["error"]["action_index"] is None
        assert out["error"]["message"].startswith("deal 1: ")
    code, out = replay(scenario([], [{"type": "bid", "n": 0}]))
    assert code == 2 and "needs deal 1" in out["error"]["message"]
    code, out = replay(scenario([{"hands": NINE_HANDS, "trump_card": "X1"}], [],
                                options={"game_type": "nines"}))
    assert code == 2 and "9-card deal" in out["error"]["message"]


# --- the command line, on bad input ----------------------------------------------------------

def bid(n, **extra):
    return {"type": "bid", "n": n, **extra}


def card(text, **extra):
    return {"type": "play", "card": text, **extra}


BAD_INPUT = {
    "card not in hand": (NINE_START + [card("AH")], 5, "AH is not in your hand"),
    "revoke": (NINE_START + [card("AD"), card("AC")], 6,
               "you hold diamonds and must follow suit"),
    "not trumping": (NINE_START + [card("AD"), card("6D"), card("7C")], 7, "must play a trump"),
    "not highest after joker high": (NINE_START + [card("X1", joker="high", suit="C"),
                                                   card("KC")], 6, "your highest club, AC"),
    "forbidden dealer bid": (NINE_START[:4] + [bid(2)], 4,
                             "the dealer may not bid 2: the bids would add up to 9, the cards "
                             "dealt"),
    "bid out of range": (NINE_START[:1] + [bid(10)], 1, "a bid is from 0 to 9"),
    "joker without mode": (NINE_START + [card("X1")], 5, "needs a mode and a suit"),
    "under when leading": (NINE_START + [card("X1", joker="under")], 5,
                           "cannot be played under"),
    "wrong phase": ([bid(1)], 0, "it is time to name trump"),
    "wrong player": ([{"type": "trump", "suit": "S", "player": 2}], 0,
                     "it is Beka's turn (player 1), not player 2's"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
def test_main_replay_rejects_bad_input(case, tmp_path):
    actions, index, words = BAD_INPUT[case]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(nine_card_scenario(actions)), encoding="utf-8")
    run = subprocess.run([sys.executable, "main.py", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2, run.stdout + run.stderr
    out = json.loads(run.stdout)
    assert out["error"]["action_index"] == index
    assert out["error"]["message"].startswith(f"action {index}: ")
    assert words in out["error"]["message"]
    # the state before the bad action is kept: nothing past it was applied
    assert out["state"]["next"]["player"] is not None


def test_main_replay_reads_standard_input():
    run = subprocess.run([sys.executable, "main.py", "replay", "-"], cwd=ROOT, text=True,
                         input=json.dumps(scenario([ONE_CARD_DEAL], ONE_CARD_ACTIONS,
                                                   first_dealer=2)),
                         capture_output=True, timeout=60)
    assert run.returncode == 0
    assert json.loads(run.stdout)["totals"] == [50, 100, -200, 50]
