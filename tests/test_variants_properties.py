"""Properties of the Joker and domino house rules (docs/rules/variants.md: V-J3, V-J4, V-D1, V-D2,
V-D3, V-D5) over random option combinations (hypothesis): every card or tile in exactly one
place, the replay round trip, the bots of every level legal, the Joker totals agreeing with the
score sheet, the domino match ending with a ranking its totals support."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.bots import make_bot
from game.core.replay import load_table, replay
from game.core.scenario import dump_scenario, load_scenario
from game.core.table import Table
from game.domino.definition import DOMINO
from game.domino.state import OPENINGS, REDEAL_THRESHOLDS, team_sums
from game.joker.actions import DealResult, PulkaResult
from game.joker.definition import JOKER
from game.joker.scoring import PREMIUM_MODES, premium, ranking
from test_domino_properties import check_invariants, random_match
from test_joker_properties import check_cards_in_one_place

NAMES = ["Ani", "Budi", "Citra", "Dewi"]
SEEDS = st.integers(0, 2**32 - 1)
DOMINO_OPTIONS = st.fixed_dictionaries({
    "opening": st.sampled_from(OPENINGS),
    "redeal_doubles": st.sampled_from(REDEAL_THRESHOLDS),
    "partnership": st.booleans(),
    "target_points": st.sampled_from([0, 0, 1, 4, 9]),
    "misplay_penalty": st.booleans(),
})
JOKER_OPTIONS = st.fixed_dictionaries({
    "premium": st.sampled_from(PREMIUM_MODES),
    "partnership": st.booleans(),
    "game_type": st.sampled_from(["standard", "nines"]),
    "dealer_cannot_fill": st.booleans(),
    "khishti": st.sampled_from([-200, -500, "special"]),
})
#: far more than a match can take (target 9 may need a few more deals than 12)
MAX_STEPS = 20000


def snapshot(state) -> tuple:
    return (state.current_player(), state.legal_actions(), state.returns(), state.needs_deal(),
            state.is_terminal(), [state.observation(p) for p in range(state.num_players)])


def round_trip(table: Table) -> dict:
    """The record replays to the same state (scenario/1), and the replay output agrees."""
    text = dump_scenario(table.record)
    again = load_table(load_scenario(text))
    assert snapshot(again.state) == snapshot(table.state)
    code, out = replay(load_scenario(text))
    assert code == 0 and out["totals"] == table.state.returns()
    assert out["deals"] == table.definition.finished_deals_json(table.state)
    return out


# --- domino -------------------------------------------------------------------------------------

def check_domino_step(state) -> None:
    check_invariants(state)          # every tile in one place, D6, D9
    if not state.line:               # V-D1: the opener's choices
        legal = state.legal_actions()
        assert legal and all(play.end is None for play in legal)
        if state.options.opening == "lampung" and state.opening_free:
            assert all(play.tile in state.hands[state.current_player()] for play in legal)


@given(seed=SEEDS, options=DOMINO_OPTIONS)
def test_VD_random_matches_keep_the_invariants_and_end_with_a_supported_ranking(seed, options):
    table = random_match(seed, check_each_step=check_domino_step, options=options,
                         max_steps=MAX_STEPS)
    state = table.state
    counted = [r for r in state.results if not (r.void or r.tiebreak)]
    assert [r.number for r in counted] == list(range(1, len(counted) + 1))
    if not options["target_points"]:
        assert len(counted) == 12                                     # D2
    for void in (r for r in state.results if r.void):                 # V-D2
        assert void.outcome == "redeal" and void.points == (0,) * 4 and not void.winners
    assert state.totals == [sum(r.points[p] + r.penalties[p] for r in counted)
                            for p in range(4)]
    assert sorted(state.ranking) == [0, 1, 2, 3]
    sides = state.sides()
    if options["partnership"]:                                        # V-D3
        first = sorted(state.ranking[:2])
        assert first in ([0, 2], [1, 3])
        assert sides[first[0] % 2] >= sides[1 - first[0] % 2]
        assert state.chairs == (0, 1, 2, 3)
    else:
        ordered = [state.totals[p] for p in state.ranking]
        assert ordered == sorted(ordered, reverse=True)
    if options["target_points"]:                                      # V-D5
        assert state.target_reached and sides.count(max(sides)) == 1
        leader = state.ranking[0]
        assert state.totals[leader] == max(state.totals) or options["partnership"]
    out = round_trip(table)
    if options["partnership"]:
        assert out["team_totals"] == list(team_sums(state.totals))
        assert all(entry["team_points"] == list(team_sums(entry["points"]))
                   for entry in out["deals"])
    else:
        assert "team_totals" not in out


# --- Joker --------------------------------------------------------------------------------------

@settings(max_examples=30)
@given(seed=SEEDS, options=JOKER_OPTIONS)
def test_VJ_random_games_keep_their_cards_and_the_totals_agree_with_the_sheet(seed, options):
    table = Table.open("joker", NAMES, options, seed=seed)
    rng = random.Random(seed)
    state = table.state
    while not state.is_terminal():
        table.deal_if_needed()
        check_cards_in_one_place(state)
        table.apply(rng.choice(state.legal_actions()))
    sheet = state.sheet
    deals = [line for line in sheet if isinstance(line, DealResult)]
    for line in (line for line in sheet if isinstance(line, PulkaResult)):
        pulka = [deal for deal in deals if deal.pulka == line.pulka]
        scores = [[deal.scores[p] for deal in pulka] for p in range(4)]
        made = [all(deal.bids[p] == deal.tricks[p] for deal in pulka) for p in range(4)]
        assert (line.premium, line.adjust) == premium(scores, made, options["premium"],
                                                      options["partnership"])
        if options["premium"] == "off":
            assert line.premium == () and line.adjust == (0,) * 4
        if options["premium"] in ("no_erase", "off"):
            assert min(line.adjust) >= 0
        if options["partnership"] and options["premium"] != "next_seat":
            for p in range(4):        # V-J4: only opponents of a premium player are erased
                if line.adjust[p] < 0:
                    assert any(q % 2 != p % 2 for q in line.premium)
    assert state.totals == [sum(deal.scores[p] for deal in deals)
                            + sum(line.adjust[p] for line in sheet
                                  if isinstance(line, PulkaResult)) for p in range(4)]
    out = round_trip(table)
    assert out["ranking"] == list(ranking(state.totals, options["partnership"]))
    assert ("team_totals" in out) == options["partnership"]


# --- the bots -----------------------------------------------------------------------------------

def bots_play(game: str, options: dict, seed: int, deals: int) -> None:
    """Every level at the table plays legally for a few deals, and now and then a frozen
    baseline (normal-v1, hard-v1); hard on a tiny budget."""
    table = Table.open(game, NAMES, options, seed=seed)
    levels = ["easy", "normal", "hard",
              random.Random(seed).choice(["easy", "normal", "normal-v1", "hard-v1"])]
    bots = [make_bot(game, level, f"{seed}/{p}") for p, level in enumerate(levels)]
    state = table.state
    started = 0
    while not state.is_terminal():
        if state.needs_deal():
            if started == deals:
                return
            table.deal_if_needed()
            started += 1
            continue
        player = state.current_player()
        legal = state.legal_actions()
        action = bots[player].choose(state.observation(player), legal, 0.002)
        assert action in legal, (levels[player], action)
        table.apply(action)


@settings(max_examples=12)
@given(seed=SEEDS, options=DOMINO_OPTIONS)
def test_VD_bots_of_every_level_play_legally_under_the_options(seed, options):
    bots_play("domino", options, seed, deals=3)


@settings(max_examples=8)
@given(seed=SEEDS, options=JOKER_OPTIONS)
def test_VJ_bots_of_every_level_play_legally_under_the_options(seed, options):
    bots_play("joker", {**options, "game_type": "nines"}, seed, deals=2)


def test_the_definitions_list_the_house_rules():
    assert {"opening", "redeal_doubles", "partnership", "target_points"} <= set(DOMINO.options)
    assert {"premium", "partnership"} <= set(JOKER.options)
