"""Domino bots: legal choices everywhere, determinizations that respect the passes seen (D6),
and a hard bot that takes the Apollo finish. (Observations hiding the other hands are checked
for every game in test_contract.py.)"""

import random

from hypothesis import given, settings, strategies as st

from ai.bots import make_bot
from ai.domino import omniscient_bot
from ai.domino.bots import DominoSearchGame
from ai.domino.determinize import determinize
from ai.domino.inference import PlayReader, ReadWorlds
from ai.domino.knowledge import read_knowledge
from ai.search import SearchBot
from game.core.table import Table
from game.domino.actions import Apollo, Passed, Play
from game.domino.definition import DOMINO
from game.domino.state import DominoDeal, DominoState
from game.domino.tiles import HIGH, LOW
from ai_helpers import random_position
from domino_helpers import apollo, play, position

positions = st.builds(random_position, st.just("domino"), st.integers(0, 10**6),
                      st.integers(0, 160))


@given(positions)
def test_every_level_returns_a_legal_action(state):
    player = state.current_player()
    legal = state.legal_actions()
    for level in ("random", "easy", "normal"):
        bot = make_bot("domino", level, seed=1)
        assert bot.choose(state.observation(player), legal, 0.01) in legal


@settings(max_examples=15)
@given(positions)
def test_hard_and_omniscient_return_a_legal_action(state):
    player = state.current_player()
    legal = state.legal_actions()
    hard = make_bot("domino", "hard", seed=1)
    assert hard.choose(state.observation(player), legal, 0.02) in legal
    assert omniscient_bot(1).choose_with_state(state, legal, 0.02) in legal


@given(positions, st.integers(0, 1000))
def test_determinizations_agree_with_the_observation(state, seed):
    player = state.current_player()
    observation = state.observation(player)
    knowledge = read_knowledge(observation)
    world = determinize(observation, random.Random(seed))
    # the seat would see exactly the same in the sampled world ...
    assert world.observation(player) == observation
    # ... and nobody holds a number they were seen passing on (D6)
    for other, hand in enumerate(world.hands):
        for tile in hand:
            assert LOW[tile] not in knowledge.missing[other]
            assert HIGH[tile] not in knowledge.missing[other]
    assert sorted(t for h in world.hands for t in h) == sorted(
        set(range(28)) - {t for t, _ in observation.line}) or observation.tiebreak
    if not observation.tiebreak:
        assert replay_deal(world, observation).hands == world.hands


def replay_deal(world, observation) -> DominoState:
    """The deal replayed from its start with the sampled hands: raises if any public action
    (a pass above all) would have been illegal with them."""
    hands = [list(hand) for hand in world.hands]
    for player, action in observation.log:
        if type(action) is Play:
            hands[player].append(action.tile)
    state = DominoState(("A", "B", "C", "D"))
    state.deal_number = observation.deal_number - 1
    state.start_deal(DominoDeal(tuple(tuple(h) for h in hands), observation.chairs, False))
    log = list(observation.log)
    while log:
        player, action = log.pop(0)
        if log and log[0][0] == player:        # the two plays of an Apollo (D11)
            action = Apollo(action, log.pop(0)[1])
        state.apply(action)
    return state


def test_passes_are_read_from_the_log():
    # random deals until somebody passes; the engine's Passed events say on which ends
    for seed in range(50):
        table = Table("domino", ["A", "B", "C", "D"], seed=seed)
        table.deal_if_needed()
        rng = random.Random(seed)
        passed = [set() for _ in range(4)]
        while table.state.current_player() is not None:
            for event in table.apply(rng.choice(table.state.legal_actions())):
                if type(event) is Passed:
                    passed[event.player] |= {event.left, event.right}
            if any(passed) and table.state.current_player() is not None:
                observation = table.state.observation(table.state.current_player())
                assert [set(m) for m in read_knowledge(observation).missing] == passed
                return
    raise AssertionError("no pass in 50 deals")


def test_hard_takes_the_apollo_finish():
    # player 0 holds 2-5 and 5-5 on ends 2 and 4: laying 2-5 then 5-5 is Apollo (+6, D11)
    state = position([["2-5", "5-5"], ["0-0", "0-1"], ["1-1", "0-3"], ["3-3", "1-3"]], 2, 4)
    legal = state.legal_actions()
    assert any(type(a) is Apollo for a in legal)
    bot = SearchBot(DominoSearchGame(0), seed=0, max_worlds=8)
    choice = bot.choose(state.observation(0), legal, 1.0)
    assert choice == apollo("2-5", "L", "5-5", "L") or type(choice) is Apollo


def test_hard_sets_up_apollo_rather_than_a_sure_kandang():
    # Ends 4 and 0; 0-4 is the last 4 out, so laying it on the 0 end blocks the line (D9) with
    # player 0 the lightest hand: a sure Kandang (+3, D15). Laying it on the 4 end instead shows
    # 0 and 0, which nobody else holds: they pass, and 0-1 then 0-0 is Apollo (+6, D11).
    hands = [["0-4", "0-1", "0-0"], ["5-6", "5-5"], ["6-3", "3-5"], ["2-6", "3-3"]]
    state = position(hands, 4, 0)
    bot = SearchBot(DominoSearchGame(0), seed=0, max_worlds=20)
    assert bot.choose(state.observation(0), state.legal_actions(), 1.0) == play("0-4", "L")


def test_hard_does_not_block_with_heavy_pips():
    # The same block now leaves player 0 the heaviest hand: Tangkap Kandang (-3, D16).
    hands = [["0-4", "0-1", "5-6"], ["1-1", "1-2"], ["2-2", "0-0"], ["1-3", "2-3"]]
    state = position(hands, 4, 0)
    bot = SearchBot(DominoSearchGame(0), seed=0, max_worlds=20)
    assert bot.choose(state.observation(0), state.legal_actions(), 1.0) != play("0-4", "R")


def test_same_seed_same_decisions():
    def decisions(seed):
        state = random_position("domino", 5, 3)
        bot = SearchBot(DominoSearchGame(seed), seed=seed, max_worlds=3)
        made = []
        while not state.needs_deal():
            player = state.current_player()
            action = bot.choose(state.observation(player), state.legal_actions(), 10.0)
            made.append(action)
            state.apply(action)
        return made

    assert decisions(7) == decisions(7)


def test_easy_and_normal_finish_when_they_can():
    state = position([["2-5"], ["0-0", "0-1"], ["1-1", "0-3"], ["3-3", "1-3"]], 2, 4)
    for level in ("easy", "normal"):
        bot = make_bot("domino", level, seed=3)
        assert bot.choose(state.observation(0), state.legal_actions(), 0.01) == play("2-5", "L")


@settings(max_examples=30)
@given(positions, st.integers(0, 1000))
def test_hards_read_worlds_agree_with_the_observation(state, seed):
    # the chain's worlds are determinizations like any other: the seat sees the same, nobody
    # holds a number they passed on, and the deal replays legally from its start
    player = state.current_player()
    observation = state.observation(player)
    knowledge = read_knowledge(observation)
    rng = random.Random(seed)
    worlds = ReadWorlds(observation, rng)
    for _ in range(4):
        world = worlds.world(rng)
        assert world.observation(player) == observation
        for other, hand in enumerate(world.hands):
            assert all(LOW[t] not in knowledge.missing[other] and
                       HIGH[t] not in knowledge.missing[other] for t in hand)
        if not observation.tiebreak:
            assert replay_deal(world, observation).hands == world.hands


def test_a_normal_bots_true_hand_explains_every_tile_it_chose():
    # four normal bots: at every turn of ten deals, each other player's real hand is one under
    # which normal would have made all its choices (log likelihood 0), and a sampled world
    # mostly is not (the plays say something about the hands)
    rng = random.Random(4)
    bots = [make_bot("domino", "normal", p) for p in range(4)]
    state = DominoState(("A", "B", "C", "D"))
    judged = explained = 0
    for _ in range(10):
        state.start_deal(DOMINO.random_deal(state, rng))
        while state.current_player() is not None:
            player = state.current_player()
            observation = state.observation(player)
            reader = PlayReader(observation)
            sampled = determinize(observation, rng)
            for other in reader.readable:
                assert reader.log_likelihood(other, state.hands[other]) == 0.0
                judged += 1
                explained += reader.log_likelihood(other, sampled.hands[other]) == 0.0
            state.apply(bots[player].choose(observation, state.legal_actions(), 0.0))
    assert judged > 50 and explained < 0.8 * judged
