"""Joker hard's worlds read the others' hands from their plays (ai/joker/inference.py), by the
style each seat has shown (ai/joker/styles.py)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.bots import make_bot
from ai.joker.bots import JokerHardBot, JokerSearchGame, normal_choice
from ai.joker.determinize import determinize
from ai.joker.inference import PlayReader, ReadWorlds, readable
from ai.joker.knowledge import read_knowledge
from ai.joker.styles import StyleReader
from game.joker.actions import Phase
from tests.test_joker_helpers import JOKER, new_state

#: seats 1 and 3 play the plain rules, seat 2 normal's; seat 0 watches (it plays normal's)
STYLES = ("normal", "plain", "normal", "plain")
PENALTIES = (0.0, 3.0, 3.0, 3.0)


def positions(seed: int, deals: int = 2, first: int = 6):
    """(state, observation) at each of seat 0's plays, in `deals` deals (from the `first`th, of
    7 cards: the game starts with one) of a table seated by STYLES, once another seat has
    played in the deal."""
    state = new_state(first_dealer=0)
    rng = random.Random(seed)
    while state.deal_index + 1 < first + deals or not state.needs_deal():
        if state.needs_deal():
            state.start_deal(JOKER.random_deal(state, rng))
            continue
        seat = state.current_player()
        observation = state.observation(seat)
        if seat == 0 and state.deal_index >= first and readable(observation) and \
                sum(state.hands[s].bit_count() for s in (1, 2, 3)):
            yield state, observation
        state.apply(normal_choice(observation, state.legal_actions(), style=STYLES[seat]))


def test_the_true_hands_explain_every_play():
    """Each seat played by its style, so its real hand loses nothing."""
    checked = 0
    for state, observation in positions(seed=4):
        reader = PlayReader(observation, (None,) + STYLES[1:], PENALTIES)
        for seat in (1, 2, 3):
            assert reader.log_likelihood(seat, state.hands[seat]) == 0.0
            checked += len(reader.decisions[seat])
    assert checked > 50


def test_a_hand_the_style_would_have_played_otherwise_loses_the_penalty():
    missed = 0
    for state, observation in positions(seed=5):
        reader = PlayReader(observation, (None,) + STYLES[1:], PENALTIES)
        rng = random.Random(0)
        for _ in range(10):
            world = determinize(observation, rng)
            for seat in (1, 2, 3):
                value = reader.log_likelihood(seat, world.hands[seat])
                assert value <= 0 and value % PENALTIES[seat] == 0
                missed += value < 0
    assert missed > 20


def test_a_seat_not_judged_is_not_read():
    state, observation = next(iter(positions(seed=6)))
    reader = PlayReader(observation, (None, None, "normal", None), PENALTIES)
    assert reader.readable <= {2}
    assert reader.log_likelihood(1, 0) == 0.0


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_every_world_of_the_chain_agrees_with_what_the_seat_knows(seed):
    """Every hidden card in exactly one place, each hand its size, no card the play ruled
    out (J8/J9), the seat's own hand and the public history unchanged."""
    rng = random.Random(seed)
    for count, (state, observation) in enumerate(positions(seed, deals=1)):
        if count % 4:
            continue
        knowledge = read_knowledge(observation)
        worlds = ReadWorlds(observation, rng, (None,) + STYLES[1:], PENALTIES)
        for _ in range(3):
            world = worlds.world(rng)
            assert world.hands[0] == state.hands[0]
            held = 0
            for seat in (1, 2, 3):
                hand = world.hands[seat]
                assert hand.bit_count() == state.hands[seat].bit_count()
                assert not hand & knowledge.excluded[seat]
                assert not held & hand
                held |= hand
            assert held & ~knowledge.unseen == 0
            assert world.plays == state.plays and world.trick == state.trick
            assert world.observation(0) == observation


def test_the_chain_places_the_hidden_cards_better_than_the_bids_alone():
    right = {"read": 0, "bids": 0}
    for state, observation in positions(seed=8, deals=3):
        rng = random.Random(1)
        worlds = ReadWorlds(observation, rng, (None,) + STYLES[1:], PENALTIES)
        for _ in range(8):
            for name, world in (("read", worlds.world(rng)), ("bids", determinize(observation,
                                                                                  rng))):
                right[name] += sum((world.hands[s] & state.hands[s]).bit_count()
                                   for s in (1, 2, 3))
    assert right["read"] > 1.1 * right["bids"]


def test_hard_reads_the_plays_once_it_knows_a_seats_style():
    """Against three normal-v1 bots hard's reader learns they play the plain rules, which
    explain their every decision; its worlds then read their plays. The coach's and review's
    search reads nothing."""
    bot = JokerHardBot(seed=1, max_worlds=2)
    others = {seat: make_bot("joker", "normal-v1", seed=seat) for seat in (1, 2, 3)}
    state = new_state(first_dealer=0)
    rng = random.Random(3)
    while state.deal_index < 8 or state.phase is not Phase.PLAYING or state.to_act != 0 \
            or not state.plays:
        if state.needs_deal():
            state.start_deal(JOKER.random_deal(state, rng))
            continue
        seat = state.current_player()
        observation, legal = state.observation(seat), state.legal_actions()
        if seat == 0:
            bot.reader.observe(observation)
            state.apply(normal_choice(observation, legal))
        else:
            state.apply(others[seat].choose(observation, legal, 0.0))
    for seat in (1, 2, 3):
        assert bot.reader.agreed[seat][1] == bot.reader.judged[seat] >= 8   # plain: every one
    bot.choose(state.observation(0), state.legal_actions(), 0.05)
    styles, penalties = bot.game.reading
    assert styles == (None, "plain", "plain", "plain")
    assert all(penalty > 2 for penalty in penalties[1:])
    assert JokerSearchGame().reading is None


def test_the_chain_starts_once_another_seat_has_bid():
    state = new_state(first_dealer=0)
    state.start_deal(JOKER.random_deal(state, random.Random(2)))
    while state.phase is not Phase.BIDDING:
        state.apply(normal_choice(state.observation(state.to_act), state.legal_actions()))
    first = state.to_act
    assert not readable(state.observation(first))
    state.apply(normal_choice(state.observation(first), state.legal_actions()))
    assert readable(state.observation(state.to_act))
    reader = StyleReader(normal_choice)
    assert reader.reading(1) == (None, 0.0)


def test_a_bid_is_read_from_the_hand_dealt():
    """In the bidding, before a card is played: the true hands explain the bids made; many
    sampled hands would have bid otherwise."""
    state = new_state(first_dealer=0)
    rng = random.Random(4)
    explained = missed = 0
    while state.deal_index < 10:
        if state.needs_deal():
            state.start_deal(JOKER.random_deal(state, rng))
            continue
        seat = state.current_player()
        observation = state.observation(seat)
        if seat == 0 and state.phase is Phase.BIDDING and readable(observation):
            reader = PlayReader(observation, (None,) + STYLES[1:], PENALTIES, normal_choice)
            for other in reader.readable:
                assert reader.log_likelihood(other, state.hands[other]) == 0.0
                explained += 1
                for _ in range(5):
                    world = determinize(observation, rng)
                    missed += reader.log_likelihood(other, world.hands[other]) < 0
        state.apply(normal_choice(observation, state.legal_actions(), style=STYLES[seat]))
    assert explained >= 10 and missed >= 10
