"""Joker house rules (docs/rules/variants.md): V-J3 `premium` and V-J4 `partnership`, rule by rule
with the spec's own examples, through the scoring functions, the engine and the replay."""

from __future__ import annotations

import random

import pytest

from game.core.errors import ScenarioError
from game.core.replay import replay
from game.core.scenario import dump_scenario, load_scenario
from game.core.table import Table
from game.joker.actions import DealResult, PulkaResult
from game.joker.definition import JOKER
from game.joker.scoring import PREMIUM_MODES, premium, ranking, team_totals
from test_joker_helpers import new_state
from test_joker_scoring import _play_pulka_with_oracle_bids

# --- V-J3: the spec's example (pulka 1, 8 deals) ------------------------------------------------

#: seat 1 alone on premium; best scores, all reached in deals 1–7: seat 1 300, seat 2 250,
#: seat 3 200, seat 0 150
EXAMPLE = [[150, 10, 100, 50, 20, 50, 100, 20],
           [100, 150, 100, 300, 50, 100, 150, 100],
           [50, 250, 10, -200, 20, 100, 50, 10],
           [200, 50, 20, 10, 100, 50, 30, 20]]
MADE = [False, True, False, False]


@pytest.mark.parametrize("mode, adjust", [
    ("standard", (-150, 300, -250, -200)),
    ("single_erases", (-150, 300, -250, -200)),
    ("next_seat", (0, 300, -250, 0)),
    ("no_erase", (0, 300, 0, 0)),
])
def test_VJ3_the_specs_example_in_every_mode(mode, adjust):
    assert premium(EXAMPLE, MADE, mode) == ((1,), adjust)


def test_VJ3_off_pays_no_premium_and_lists_nobody():
    assert premium(EXAMPLE, MADE, "off") == ((), (0, 0, 0, 0))


def test_VJ3_standard_is_J15():
    for made in ([True, False, False, False], [True, True, False, False], [False] * 4,
                 [True] * 4):
        assert premium(EXAMPLE, made, "standard") == premium(EXAMPLE, made)


def test_VJ3_next_seat_ignores_the_pulkas_last_deal_while_standard_erases_it():
    """The spec's variation: seat 2's 250 reached in deal 8."""
    late = [row[:] for row in EXAMPLE]
    late[2] = [50, 100, 10, -200, 20, 100, 50, 250]
    assert premium(late, MADE, "next_seat") == ((1,), (0, 300, 0, 0))   # nothing ≥ 150 before
    assert premium(late, MADE, "standard") == ((1,), (-150, 300, -250, -200))
    late[2][2] = 200                                                     # a 200 in deal 3
    assert premium(late, MADE, "next_seat") == ((1,), (0, 300, -200, 0))


def test_VJ3_next_seat_counts_only_scores_of_150_or_more():
    scores = [[200, 100, 100, 100], [100, 100, 100, 500], [100, 100, 100, 100],
              [100, 150, 100, 100]]
    # seat 1 on premium but nothing ≥ 150 before the last deal: the run gives nothing, and
    # seat 2 is not erased
    assert premium(scores, [False, True, False, False], "next_seat") == ((1,), (0, 0, 0, 0))
    # seat 3's run: it adds its 150 and seat 0 (after it, wrapping round) loses its 200
    assert premium(scores, [False, False, False, True], "next_seat") == ((3,), (-200, 0, 0, 150))


def test_VJ3_next_seat_runs_wrap_round_and_one_seat_per_run_adds():
    """VJ-b: seats 3 and 0 form one run starting at seat 3; the first seat of the run with an
    eligible score adds it, the seat after the run (1) is erased, seat 2 is untouched."""
    scores = [[300, 300, 50], [250, 100, 50], [400, 100, 50], [100, 100, 50]]
    made = [True, False, False, True]
    # seat 3 has no score ≥ 150: seat 0, the next seat of the run, adds its 300
    assert premium(scores, made, "next_seat") == ((0, 3), (300, -250, 0, 0))
    scores[3] = [160, 100, 50]
    assert premium(scores, made, "next_seat") == ((0, 3), (0, -250, 0, 160))


def test_VJ3_next_seat_two_runs_each_erase_the_seat_after_them():
    scores = [[300, 50], [250, 50], [200, 50], [180, 50]]
    assert premium(scores, [True, False, True, False], "next_seat") == \
        ((0, 2), (300, -250, 200, -180))


def test_VJ3_next_seat_all_four_on_premium_each_adds_nobody_loses():
    scores = [[300, 50], [100, 50], [200, 900], [150, 50]]
    assert premium(scores, [True] * 4, "next_seat") == ((0, 1, 2, 3), (300, 0, 200, 150))


def test_VJ3_single_erases_with_two_adds_without_erasing_and_with_three_lists_only():
    scores = [[100, 250], [300, 50], [50, 150], [10, -200]]
    assert premium(scores, [True, True, False, False], "single_erases") == \
        ((0, 1), (250, 300, 0, 0))
    assert premium(scores, [True, True, True, False], "single_erases") == \
        ((0, 1, 2), (0, 0, 0, 0))                                        # VJ-a
    # one on premium: J15 exactly, with its "not positive" guard
    assert premium(scores, [True, False, False, False], "single_erases") == \
        ((0,), (250, -300, -150, -10))
    assert premium([[100], [-200], [-300], [50]], [True, False, False, False],
                   "single_erases") == ((0,), (100, 0, 0, -50))


def test_VJ3_no_erase_adds_for_every_premium_player():
    assert premium(EXAMPLE, [True, True, False, True], "no_erase") == \
        ((0, 1, 3), (150, 300, 0, 200))


# --- V-J4: pairs ----------------------------------------------------------------------------

def test_VJ4_premium_erases_only_opponents():
    scores = [[100, 250], [300, 50], [50, 150], [10, 90]]
    # seat 0 on premium: the opponents (1, 3) are erased, the partner (2) is not
    assert premium(scores, [True, False, False, False], "standard", partnership=True) == \
        ((0,), (250, -300, 0, -90))
    # both partners on premium: each adds their own best
    assert premium(scores, [True, False, True, False], "standard", partnership=True) == \
        ((0, 2), (250, -300, 150, -90))
    # one on each team: everyone else has an opponent on premium
    assert premium(scores, [True, True, False, False], "standard", partnership=True) == \
        ((0, 1), (250, 300, -150, -90))
    assert premium(scores, [False, False, True, False], "single_erases", partnership=True) == \
        ((2,), (0, -300, 150, -90))


@pytest.mark.parametrize("mode", ["no_erase", "off", "next_seat"])
def test_VJ4_changes_nothing_where_the_premium_erases_no_partner(mode):
    for made in ([True, False, False, False], [False, True, True, False], [True] * 4):
        assert premium(EXAMPLE, made, mode, partnership=True) == premium(EXAMPLE, made, mode)


def test_VJ4_ranking_team_first_then_by_total():
    assert team_totals([100, 300, 250, -50]) == (350, 250)
    assert ranking([100, 300, 250, -50], partnership=True) == (2, 0, 1, 3)
    assert ranking([100, 300, 50, 200], partnership=True) == (1, 3, 0, 2)
    # VJ-c: a tie between the teams lists seats 0 and 2 first; equal totals by player index
    assert ranking([100, 100, 100, 100], partnership=True) == (0, 2, 1, 3)
    assert ranking([50, 200, 150, 0], partnership=True) == (2, 0, 1, 3)


# --- through the engine and the replay --------------------------------------------------------

@pytest.mark.parametrize("mode", PREMIUM_MODES)
@pytest.mark.parametrize("partnership", [False, True])
@pytest.mark.parametrize("exact_players", [(1,), (0, 3), (0, 1, 2)])
def test_VJ3_VJ4_a_played_pulka_is_settled_by_the_variant(mode, partnership, exact_players):
    state = new_state(game_type="nines", dealer_cannot_fill=False, premium=mode,
                      partnership=partnership)
    _play_pulka_with_oracle_bids(state, exact_players, random.Random(7))
    deals, pulka = state.sheet[:4], state.sheet[4]
    assert isinstance(pulka, PulkaResult)
    scores = [[line.scores[p] for line in deals] for p in range(4)]
    made = [p in exact_players for p in range(4)]
    assert (pulka.premium, pulka.adjust) == premium(scores, made, mode, partnership)
    assert pulka.premium == (() if mode == "off" else exact_players)          # VJ-a
    assert state.totals == [sum(scores[p]) + pulka.adjust[p] for p in range(4)]


def play_game(options: dict, seed: int) -> Table:
    table = Table.open("joker", ["Ani", "Beka", "Gela", "Dato"], options, seed=seed)
    rng = random.Random(seed)
    while not table.state.is_terminal():
        table.deal_if_needed()
        table.apply(rng.choice(table.state.legal_actions()))
    return table


def test_VJ4_replay_output_has_team_totals_and_ranks_the_winning_team_first():
    table = play_game({"partnership": True, "game_type": "nines"}, 5)
    code, out = replay(load_scenario(dump_scenario(table.record)))
    assert code == 0 and out["finished"]
    totals = out["totals"]
    assert out["team_totals"] == [totals[0] + totals[2], totals[1] + totals[3]]
    assert out["ranking"] == list(ranking(totals, partnership=True))
    first = out["ranking"][:2]
    assert sorted(first) in ([0, 2], [1, 3])
    assert sum(totals[p] for p in first) >= sum(totals[p] for p in out["ranking"][2:])
    winners = JOKER.winners(table.state)
    assert set(winners) in ({0, 2}, {1, 3}, {0, 1, 2, 3})


def test_VJ4_team_totals_are_in_the_output_while_the_game_is_in_progress():
    table = play_game({"partnership": True, "game_type": "nines"}, 6)
    scenario = dict(table.record, actions=table.record["actions"][:80])
    code, out = replay(load_scenario(dump_scenario(scenario)))
    assert code == 0 and not out["finished"] and "ranking" not in out
    assert out["team_totals"] == [out["totals"][0] + out["totals"][2],
                                  out["totals"][1] + out["totals"][3]]


def test_VJ3_VJ4_defaults_add_no_output_key():
    code, out = replay(load_scenario(dump_scenario(play_game({"game_type": "nines"}, 7).record)))
    assert code == 0 and "team_totals" not in out
    assert set(out) == {"game", "finished", "players", "deals", "totals", "next", "ranking"}


def test_VJ3_off_writes_an_empty_premium_line_after_every_pulka():
    table = play_game({"premium": "off", "game_type": "nines"}, 8)
    code, out = replay(load_scenario(dump_scenario(table.record)))
    pulkas = [line for line in out["deals"] if "pulka" in line]
    assert pulkas == [{"pulka": k, "premium": [], "adjust": [0, 0, 0, 0]} for k in (1, 2, 3, 4)]
    assert out["totals"] == [sum(line["scores"][p] for line in out["deals"] if "scores" in line)
                             for p in range(4)]


@pytest.mark.parametrize("options, named", [
    ({"premium": "double"}, "premium"),
    ({"premium": None}, "premium"),
    ({"partnership": "yes"}, "partnership"),
    ({"partnership": 1}, "partnership"),
])
def test_VJ3_VJ4_invalid_values_are_refused_in_words_naming_the_option(options, named):
    with pytest.raises(ScenarioError, match=named):
        new_state(**options)
    code, out = replay({"format": "scenario/1", "game": "joker", "options": options,
                        "players": ["A", "B", "C", "D"], "deals": [], "actions": []})
    assert code == 2 and f"'{named}'" in out["error"]["message"]


def test_VJ3_VJ4_reach_the_bots_worlds():
    """The hard bot's worlds are built from an observation: the options must come along."""
    from ai.joker.determinize import determinize

    state = new_state(premium="next_seat", partnership=True)
    rng = random.Random(1)
    state.start_deal(JOKER.random_deal(state, rng))
    world = determinize(state.observation(state.current_player()), rng)
    assert world.options.premium == "next_seat" and world.options.partnership


def test_VJ4_the_sheet_lines_stay_individual():
    table = play_game({"partnership": True, "game_type": "nines"}, 9)
    lines = [line for line in table.state.sheet if isinstance(line, DealResult)]
    assert len(lines) == 16 and all(len(line.scores) == 4 for line in lines)
