"""Properties of Tiến Lên under random combinations of the house rules (V-T1–V-T7): gold is
zero-sum, every card is in exactly one place, a record replays to the same table, every bot level
plays legally, and the places of a played-out game rank every player once. The rules one by one
are in test_tienlen_variants.py."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from ai.bots import make_bot
from ai.search import play_out
from ai.tienlen.bots import NEXT_LEAD_VALUE, HardTienLenBot, TienLenSearchGame
from ai.tienlen.determinize import determinize, read_knowledge
from game.core.errors import IllegalAction
from game.core.replay import replay
from game.core.scenario import dump_scenario, load_scenario
from game.core.table import Table
from game.tienlen.actions import PASS, Leave
from game.tienlen.cards import FULL_DECK, RANK_TWO
from game.tienlen.state import TienLenState
from test_tienlen_support import play, position

HOUSE_RULES = st.fixed_dictionaries({
    "settlement": st.sampled_from(["count", "places"]),
    "place_unit": st.integers(1, 30),
    "no_finish_on_two": st.booleans(),
    "three_spades_finish": st.booleans(),
    "instant_wins": st.sampled_from(["standard", "off", "extended"]),
    "chop_settlement": st.sampled_from(["chain_last", "each"]),
    "comeback": st.sampled_from(["four_pairs", "off", "any_bomb"]),
    "lead_rule": st.sampled_from(["winner", "three_spades"]),
    "stake": st.sampled_from([1, 3]),
})
SEEDS = st.integers(0, 2**32 - 1)
#: the bot levels a seat may take ("random": a uniformly random legal action)
LEVELS = ["random", "easy", "normal", "hard", "normal-v1"]


def check_invariants(state: TienLenState) -> None:
    hands, played, out = state.card_locations()
    seen = 0
    for mask in hands + [played, out]:
        assert not seen & mask, "a card in two places"
        seen |= mask
    assert seen == FULL_DECK, "a card in no place"
    assert sum(state.returns()) == 0, "gold is zero-sum (T20)"


def check_results(state: TienLenState, dealt_in: list[list[int]]) -> None:
    """Each finished game: zero-sum; the places rank each player dealt in exactly once, the
    winner first; the 3♠ finish only with its option, never in the first game."""
    for number, (result, players) in enumerate(zip(state.results, dealt_in), start=1):
        assert sum(result.gold) == 0
        if result.places is not None:
            assert state.options.places and result.outcome == "normal"
            assert sorted(result.places) == sorted(players)
            assert result.winner == result.places[0]
        else:
            assert not state.options.places or result.outcome != "normal" \
                or result.winner is None
        if result.three_spades_finish:
            assert state.options.three_spades_finish and number > 1
        if result.winner is None:
            assert state.options.no_finish_on_two and not state.options.places


def play_table(options: dict, players: int, seed: int, levels: list[str], games: int,
               leave_rate: float) -> tuple[Table, list[list[int]]]:
    rng = random.Random(seed)
    table = Table("tienlen", [f"P{p}" for p in range(players)], options, seed=seed)
    bots = [None if level == "random" else
            HardTienLenBot(seed, max_worlds=1) if level == "hard" else
            make_bot("tienlen", level, seed) for level in levels]
    state = table.state
    dealt_in: list[list[int]] = []
    while not state.is_terminal():
        if state.needs_deal():
            if len(dealt_in) == games:
                break
            dealt_in.append([p for p in range(players) if state.at_table[p]])
            table.deal_next()       # one game at a time: an instant win ends at the deal
            continue
        if rng.random() < leave_rate:
            try:
                table.apply(Leave(rng.randrange(players)))
            except IllegalAction as error:   # left already, or out this game (VT-b)
                assert error.code in ("already_left", "already_out")
            check_invariants(state)
            continue
        player = state.current_player()
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        bot = bots[player]
        action = rng.choice(legal) if bot is None else \
            bot.choose(state.observation(player), legal, 0.0)
        assert action in legal, (levels[player], action, legal)
        table.apply(action)
        check_invariants(state)
    return table, dealt_in


def replays_the_same(table: Table) -> None:
    code, out = replay(load_scenario(dump_scenario(table.record)))
    assert code == 0
    assert out["totals"] == table.state.returns()
    assert out["deals"] == table.definition.finished_deals_json(table.state)


@settings(max_examples=60)
@given(options=HOUSE_RULES, players=st.integers(2, 4), seed=SEEDS,
       leave_rate=st.sampled_from([0.0, 0.0, 0.01, 0.05]))
def test_random_play_under_random_house_rules(options, players, seed, leave_rate):
    table, dealt_in = play_table(options, players, seed, ["random"] * players, 4, leave_rate)
    check_results(table.state, dealt_in)
    replays_the_same(table)


@settings(max_examples=25)
@given(options=HOUSE_RULES, players=st.integers(2, 4), seed=SEEDS,
       levels=st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4))
def test_every_bot_level_plays_legally_under_random_house_rules(options, players, seed, levels):
    table, dealt_in = play_table(options, players, seed, levels[:players], 2, 0.005)
    check_results(table.state, dealt_in)
    replays_the_same(table)


@settings(max_examples=30)
@given(options=HOUSE_RULES, players=st.integers(2, 4), seed=SEEDS, world_seed=SEEDS,
       steps=st.integers(0, 120))
def test_worlds_keep_the_house_rules_and_look_the_same(options, players, seed, world_seed,
                                                      steps):
    """The hard bot's worlds (TienLenState.from_observation) carry the table's options."""
    rng = random.Random(seed)
    table = Table("tienlen", [f"P{p}" for p in range(players)], options, seed=seed)
    state = table.state
    for _ in range(steps):
        table.deal_if_needed()
        if state.is_terminal():
            break
        table.apply(rng.choice(state.legal_actions()))
    table.deal_if_needed()
    player = state.current_player()
    if player is None:
        return
    observation = state.observation(player)
    world_rng = random.Random(world_seed)
    for _ in range(3):
        world = determinize(observation, world_rng)
        assert world.options == state.options
        assert world.observation(player) == observation
        assert set(world.legal_actions()) == set(state.legal_actions())
        assert world.returns() == state.returns()
        assert world.out_order == state.out_order and world.stopped == state.stopped
        assert world.doubled == state.doubled


# --- the hard bot values the engine's own scoring -------------------------------------------------

def search_value(state: TienLenState, action) -> float:
    """What the search counts for the player to move when `action` is played in a world that
    is the true state (rebuilt from the observation, as the search's worlds are)."""
    player = state.current_player()
    hands = [tuple(c for c in range(52) if hand >> c & 1) for hand in state.hands]
    world = TienLenState.from_observation(state.observation(player), hands)
    game = TienLenSearchGame()
    return game.deal_value(world, play_out(game, world, action, 0), player)


def test_hard_counts_the_place_payments_and_thoi():
    """V-T1: going out first against one player holding a red 2 is two units and the 2."""
    state = position(["9S 4C", "5C 2H 3D"], to_move=0, options={"settlement": "places"})
    for action in (play("4C"), play("5C"), PASS, play("3D")):
        state.apply(action)
    assert search_value(state, play("9S")) == 20 + 20 + NEXT_LEAD_VALUE


def test_hard_counts_the_three_spades_doubling_and_the_lead_rule():
    """V-T3 doubles what the loser pays; under V-T7 "three_spades" winning leads nothing."""
    for lead_rule, lead_value in (("winner", NEXT_LEAD_VALUE), ("three_spades", 0)):
        options = {"three_spades_finish": True, "lead_rule": lead_rule}
        state = position(["3S 2H", "4C 5C 6C 9D"], to_move=1, options=options)
        for action in (play("4C"), play("2H"), PASS):
            state.apply(action)
        assert search_value(state, play("3S")) == 2 * 3 + lead_value


def test_worlds_deal_a_player_who_passed_a_lead_a_single_2():
    """V-T2: only a player stuck on a 2 passes a lead, and they hold it for good."""
    state = position(["2H", "5C 6C 9D", "7D 8D JH"], to_move=0,
                     options={"no_finish_on_two": True})
    state.apply(PASS)
    state.apply(play("5C"))
    observation = state.observation(2)
    assert read_knowledge(observation).stuck == (0,)
    rng = random.Random(3)
    for _ in range(10):
        world = determinize(observation, rng)
        assert world.hands[0].bit_count() == 1 and world.hands[0] >> (4 * RANK_TWO)
