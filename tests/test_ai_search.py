"""The generic parts: constrained dealing, the bot registry, and the `sim` runner."""

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, strategies as st

from ai.assign import assign_cards
from ai.bots import TABLE_LEVELS, RandomBot, make_bot
import ai.search
from ai.search import best_action, decide, means_and_counts, surely_better
from ai.sim import SimConfig, format_table, play_game, run, summarize
from game.core.registry import get_game
from game.tienlen.actions import PASS
from domino_helpers import (ALL_DOUBLES, NON_DOUBLES, all_doubles_deal_to_chair, before_last_deal,
                            deal_by_player)
from test_tienlen_support import play, position


@given(st.integers(0, 10**6))
def test_assignment_respects_capacities_and_constraints(seed):
    rng = random.Random(seed)
    owners_count = rng.randint(1, 3)
    capacities = [rng.randint(0, 5) for _ in range(owners_count)]
    spare = rng.randint(0, 3)
    items = list(range(sum(capacities) + spare))
    # a feasible world first, then constraints it satisfies
    truth = [j for j, cap in enumerate(capacities) for _ in range(cap)] + [None] * spare
    rng.shuffle(truth)
    allowed = [[owner == j or rng.random() < 0.4 for j in range(owners_count)]
               for owner in truth]
    owners = assign_cards(items, allowed, capacities, rng, spare)
    for j, cap in enumerate(capacities):
        assert owners.count(j) == cap
    assert owners.count(None) == spare
    for item, owner in enumerate(owners):
        assert owner is None or allowed[item][owner]


def test_best_action_keeps_the_rule_based_choice_on_a_tie():
    actions = ["a", "b", "c"]
    assert best_action(actions, [1.0, 1.2, 0.5], [5, 5, 5], preferred="a") == "b"
    assert best_action(actions, [1.2, 1.2, 0.5], [5, 5, 5], preferred="b") == "b"
    assert best_action(actions, [1.2, 1.2, 0.5], [5, 5, 5]) == "a"
    # an action sampled less than the others (a world cut short) does not win on luck
    assert best_action(actions, [1.0, 9.0, 0.5], [5, 3, 5]) == "a"


def test_the_paired_test_overrules_the_rule_based_choice_only_on_evidence():
    actions = ["normal", "steady", "lucky"]
    rng = random.Random(1)
    rows = []
    for _ in range(40):
        luck = rng.gauss(0, 30)               # the world's luck, shared by every action
        rows.append([luck, luck + 2.0 + rng.gauss(0, 1), luck + rng.gauss(0, 40)])
    # "steady" gains 2 in every world: overrules; "lucky" only has a noisy mean
    assert surely_better(actions, rows, "normal", confidence=1.5) == "steady"
    means, counts = means_and_counts(rows)
    assert counts == [40, 40, 40]
    noisy = [[row[0], row[0], row[2]] for row in rows]   # nothing surely better than normal
    assert surely_better(actions, noisy, "normal", confidence=1.5) == "normal"
    # a world cut short by the deadline (None) is left out of the pairs
    assert means_and_counts([[1.0, None, 3.0]]) == ([1.0, float("-inf"), 3.0], [1, 0, 1])


class _Judged:
    """A game whose rule-based choice is "normal" and whose candidates are as legal."""

    @staticmethod
    def fallback(observation, legal, rng):
        return "normal"

    @staticmethod
    def candidates(observation, legal):
        return list(legal)


def test_a_thin_search_trusts_the_rule_based_choice_unless_surely_better(monkeypatch):
    """ai.search.decide with `thin`: over a handful of worlds the best mean is mostly luck,
    so the paired test decides; with more worlds the best mean does, as without `thin`."""
    rng = random.Random(3)
    # "lucky" is worse on average (by 5) but noisy; in the first four worlds it ran ahead
    rows = [[0.0, 90.0], [10.0, -50.0], [-20.0, 30.0], [5.0, -15.0]]
    for _ in range(36):
        luck = rng.gauss(0, 30)
        rows.append([luck, luck - 5.0 + rng.gauss(0, 20)])
    monkeypatch.setattr(ai.search, "search",
                        lambda game, sample, player, actions, rng, deadline, worlds:
                        [list(row) for row in rows[:worlds]])
    observation = type("Observation", (), {"player": 0})()
    legal = ["normal", "lucky"]

    def choice(worlds, thin):
        return decide(_Judged, observation, legal, None, random.Random(0), 0.0, worlds,
                      thin=thin)
    assert means_and_counts(rows[:4])[0][1] > means_and_counts(rows[:4])[0][0]
    assert choice(4, None) == "lucky"               # the best mean of four worlds
    assert choice(4, (8, 1.0)) == "normal"          # thin: not surely better
    assert means_and_counts(rows)[0][1] < means_and_counts(rows)[0][0]
    assert choice(40, (8, 1.0)) == choice(40, None) == "normal"
    steady = [[row[0], row[0] + 3.0] for row in rows]
    monkeypatch.setattr(ai.search, "search",
                        lambda game, sample, player, actions, rng, deadline, worlds:
                        [list(row) for row in steady[:worlds]])
    assert choice(4, (8, 1.0)) == "lucky"           # surely better, even in four worlds


def test_make_bot_offers_every_table_level_and_falls_back_to_random():
    for game in ("domino", "joker"):
        for level in TABLE_LEVELS:
            assert make_bot(game, level, 0).level == level
    assert isinstance(make_bot("no-such-game", "hard", 0), RandomBot)


def test_sim_plays_duplicate_games_and_summarizes():
    config = SimConfig("domino", ("random", "easy", "easy", "easy"), games=8, seed=3, jobs=1)
    records = run(config, progress=False)
    assert len(records) == 8
    # duplicate: the same deal set is played once per rotation, each level in every seat
    set_zero = [r for r in records if r.deal_set == 0]
    assert sorted(r.levels.index("random") for r in set_zero) == [0, 1, 2, 3]
    summary = summarize(config, records)
    assert [row["level"] for row in summary["levels"]] == ["random", "easy"]
    assert "random" in format_table(summary)
    # seeded: the same game again gives the same result
    again = play_game(config, 0, 1)
    assert again.returns == next(r for r in records if r.deal_set == 0
                                 and r.levels == again.levels).returns


def test_sim_can_stop_each_game_after_a_few_deals():
    config = SimConfig("joker", ("random", "easy", "easy", "easy"), games=4, seed=2, jobs=1,
                       max_deals=2)
    records = run(config, progress=False)
    assert [record.deals for record in records] == [2, 2, 2, 2]
    assert all(sum(counts["deals"] for counts in record.counts) == 2 * 4 for record in records)
    assert "only the first 2 deals" in format_table(summarize(config, records))


def test_sim_with_fixed_worlds_repeats_a_searching_game_exactly():
    """`--worlds`: the hard seat samples that many worlds whatever the budget and the load, so
    the same game is played again move for move (a budget of a millisecond does not bind it)."""
    config = SimConfig("tienlen", ("hard", "normal-v1", "normal-v1", "normal-v1"), games=4,
                       seed=3, budget_s=0.001, jobs=1, worlds=3)
    first, again = play_game(config, 0, 1), play_game(config, 0, 1)
    assert first.returns == again.returns and first.winners == again.winners
    assert "3 worlds a search" in format_table(summarize(config, [first]))


def test_sim_joker_counts_bids():
    config = SimConfig("joker", ("easy", "normal", "normal", "normal"), games=4, seed=1,
                       game_type="nines", jobs=1)
    summary = summarize(config, run(config, progress=False))
    for row in summary["levels"]:
        assert 0 <= row["khishti_rate"] <= row["exact_bid_rate"] + 1
        assert row["latency_ms"]["decisions"] > 0


def test_sim_command_prints_json_without_pygame():
    code = ("import sys, main; main.main(['sim', '--game', 'joker', '--seats', "
            "'random,random,random,random', '--games', '4', '--game-type', 'nines', "
            "'--jobs', '1', '--json']); assert 'pygame' not in sys.modules")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=root)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 4 and summary["levels"][0]["level"] == "random"


def test_sim_tienlen_winner_is_the_first_out_even_when_a_chopper_has_more_gold():
    """T10: the first player out wins the game; T13: a chop pays on the way. Budi chops Ani's
    2♥ (+20) and leads his 3♦; Citra goes out on it: she wins with +3 gold while Budi, two cards
    left, ends with +18."""
    state = position(["2H 4D", "6S 6C 7S 7C 8S 8C 3D 4S 5H", "6D"], to_move=0)
    for action in (play("2H"), play("6S 6C 7S 7C 8S 8C"), PASS, PASS, play("3D"), play("6D")):
        state.apply(action)
    assert state.returns() == [-21, 18, 3]
    assert get_game("tienlen").winners(state) == [2]
    assert get_game("joker").winners(state) == [1]   # J16: the highest total wins


def test_sim_counts_the_rules_winner_and_the_most_gold_apart():
    config = SimConfig("tienlen", ("easy", "normal", "normal", "normal"), games=80, seed=4,
                       jobs=1)
    records = run(config, progress=False)
    assert all(len(record.winners) == 1 for record in records)
    # chops make a loser the richest now and then
    assert any(record.winners != [record.returns.index(max(record.returns))]
               for record in records)
    easy, normal = summarize(config, records)["levels"]
    for key in ("win", "top"):  # each game's win is shared out in full, ties included
        assert easy[key]["mean"] + 3 * normal[key]["mean"] == pytest.approx(1.0)
    assert (easy["win"]["mean"], normal["win"]["mean"]) != (easy["top"]["mean"],
                                                            normal["top"]["mean"])
    assert "most gold %" in format_table(summarize(config, records))


def test_sim_domino_winner_is_the_champion_after_the_tiebreak_deals():
    """D17: four players level on points; the tie-break deal makes Citra champion."""
    state = before_last_deal([1, 0, 0, -2])
    state.start_deal(all_doubles_deal_to_chair(state, 3))   # everyone on 0
    state.start_deal(deal_by_player(state, {1: NON_DOUBLES[0:7], 2: ALL_DOUBLES,
                                            0: NON_DOUBLES[7:14], 3: NON_DOUBLES[14:21]}))
    state.start_deal(deal_by_player(state, {0: ALL_DOUBLES, 3: NON_DOUBLES[0:7]}))
    assert state.is_terminal() and state.totals == [0, 0, 0, 0]
    assert get_game("domino").winners(state) == [2]


def test_sim_tienlen_record_is_one_game_even_after_an_instant_win():
    """T17: table seed 0/9 deals Ani (seat 0) an instant win in the first game. The record is
    that game alone: her win and its gold, not a second game dealt and played after it."""
    config = SimConfig("tienlen", ("normal",) * 4, games=4, seed=0, jobs=1)
    record = play_game(config, 9, 0)
    assert record.deals == 1
    assert record.winners == [0]
    assert record.returns == [78, -26, -26, -26]
    assert all(not times for times in record.latencies.values())  # nobody had to decide


def test_sim_json_is_valid_json_with_null_for_an_unknown_interval():
    """One deal set: the intervals over deal sets are unknown; JSON has no NaN, so null."""
    code = ("import main; main.main(['sim', '--game', 'tienlen', '--seats', "
            "'random,easy,easy,easy', '--games', '4', '--jobs', '1', '--json'])")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=root)
    assert done.returncode == 0, done.stderr

    def refuse(constant):
        raise ValueError(f"{constant} is not JSON")

    summary = json.loads(done.stdout, parse_constant=refuse)
    assert summary["deal_sets"] == 1
    for row in summary["levels"]:
        assert row["win"]["ci95"] is None and row["game"]["ci95"] is None
        assert isinstance(row["win"]["mean"], float)
