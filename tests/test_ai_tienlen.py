"""Tiến Lên bots: legal moves at every level, fair determinizations, the hand plan, the search
finding a forced win, and reproducibility. (Observations hiding the other hands, and worlds that
agree with them, are checked for every game in test_contract.py.)"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from ai.bots import TABLE_LEVELS, make_bot
from ai.tienlen.bots import NEXT_LEAD_VALUE, HardTienLenBot, TienLenSearchGame, candidates
from ai.tienlen.determinize import determinize, read_knowledge
from ai.tienlen.plan import (beaten_by_same_kind, is_master, out_picture, outstanding, plan_cost,
                             split_hand, split_shape, surely_beaten_count)
from ai.tienlen.play import normal_choice
from ai.tienlen.view import view_of_observation, view_of_state
from ai_helpers import random_position
from game.core.table import Table
from game.tienlen.actions import PASS, CardsPlayed, Leave
from game.tienlen.cards import FULL_DECK, cards_of, mask_of, rank_count_nibbles
from game.tienlen.combos import classify, combos_of_hand
from game.tienlen.scoring import instant_win
from test_tienlen_support import cards, dealt, hand, play, position, text_of

TINY_BUDGET = 0.02


def tienlen_position(seed: int, steps: int):
    return random_position("tienlen", seed, steps, stake=1, gold=1000, turn_seconds=0)


# --- every level plays legally ------------------------------------------------------------------

@settings(max_examples=25)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_every_level_returns_a_legal_action(seed, steps):
    state = tienlen_position(seed, steps)
    player = state.current_player()
    legal = state.legal_actions()
    for level in TABLE_LEVELS:
        bot = make_bot("tienlen", level, seed)
        assert bot.level == level
        assert bot.choose(state.observation(player), legal, TINY_BUDGET) in legal


def test_bots_play_whole_games_to_the_end():
    state = tienlen_position(5, 0)
    bots = [make_bot("tienlen", level, p) for p, level in
            enumerate(("easy", "normal", "hard", "normal"))]
    while state.current_player() is not None:
        player = state.current_player()
        legal = state.legal_actions()
        action = bots[player].choose(state.observation(player), legal, TINY_BUDGET)
        assert action in legal
        state.apply(action)
    assert not state.in_game and sum(state.returns()) == 0


def test_bots_play_at_tables_of_two_and_three():
    """With fewer than 4 players the undealt cards are in nobody's hand (T1)."""
    for players in (2, 3):
        table = Table("tienlen", ["A", "B", "C"][:players], {"turn_seconds": 0}, seed=players)
        bots = [make_bot("tienlen", level, p) for p, level in
                enumerate(("hard", "normal", "easy")[:players])]
        for _ in range(2):  # the first game (lowest card leads), then a later one
            table.deal_if_needed()
            state = table.state
            while state.current_player() is not None:
                player = state.current_player()
                legal = state.legal_actions()
                action = bots[player].choose(state.observation(player), legal, TINY_BUDGET)
                assert action in legal
                table.apply(action)


# --- determinizations agree with the observation ------------------------------------------------

@settings(max_examples=40)
@given(st.integers(0, 10**6), st.integers(0, 50), st.integers(0, 10**6))
def test_worlds_agree_with_everything_the_seat_knows(seed, steps, world_seed):
    state = tienlen_position(seed, steps)
    player = state.current_player()
    observation = state.observation(player)
    world = determinize(observation, random.Random(world_seed))
    # own hand exact, every hand its observed size, played cards nowhere else
    assert world.hands[player] == state.hands[player]
    assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in state.hands]
    assert world.played == state.played
    hands, played, out = world.card_locations()
    every = played | out
    for h in hands:
        assert not h & every
        every |= h
    assert every == FULL_DECK
    # what each player played is part of their dealt hand (cóng is judged right)
    for event in observation.history:
        if type(event) is CardsPlayed:
            assert world.dealt[event.player] & mask_of(event.cards) == mask_of(event.cards)
    assert [w == h for w, h in zip(world.hands, world.dealt)] == \
        [s == d for s, d in zip(state.hands, state.dealt)]
    # the same decision in front of the seat, and the same public state
    assert world.legal_actions() == state.legal_actions()
    assert world.observation(player) == observation
    assert (world.table, world.table_player, world.passed, world.to_move, world.chain_cards) == \
        (state.table, state.table_player, state.passed, state.to_move, state.chain_cards)
    # no dealt hand was an instant win (the game would have ended at the deal)
    for other in range(state.num_players):
        assert instant_win(world.dealt[other], world.first_game) is None


def test_worlds_after_a_player_left_keep_their_cards_out_of_play():
    """T16: the leaver's hand is out of play; the search plays the game on to its end."""
    state = tienlen_position(21, 14)
    leaver = next(p for p in range(4) if p != state.current_player() and state.hands[p])
    state.apply(Leave(leaver))
    player = state.current_player()
    observation = state.observation(player)
    world = determinize(observation, random.Random(2))
    assert world.observation(player) == observation and world.hands[leaver] == 0
    assert world.pending_leaves == state.pending_leaves
    bot = HardTienLenBot(1, max_worlds=2)
    assert bot.choose(observation, state.legal_actions(), TINY_BUDGET) in state.legal_actions()


def test_the_first_lead_card_marks_lower_cards_as_out_of_play():
    """T7 with 3 players: 3♣ led first, so 3♠ was dealt to nobody."""
    state = dealt(["4S 5S 6S 7S 8S 10H JH QH KH AH 2D 2H 4H",
                   "3C 4D 8D 10D KD AD 2C 5H 5C 6H 6C 7H 7C",
                   "3D 4C 5D 6D 7D 8C 10C JD QD 9S 9C 9D 9H"])
    state.apply(play("3C"))
    observation = state.observation(2)
    assert cards("3S")[0] not in read_knowledge(observation).unseen
    rng = random.Random(1)
    for _ in range(20):
        world = determinize(observation, rng)
        assert not any(h & hand("3S") for h in world.hands)


def test_search_worlds_never_hold_cards_seen_elsewhere():
    state = tienlen_position(77, 30)
    player = state.current_player()
    observation = state.observation(player)
    game = TienLenSearchGame()
    rng = random.Random(3)
    for _ in range(20):
        world = game.determinize(observation, rng)
        for other, h in enumerate(world.hands):
            if other != player:
                assert not h & (state.hands[player] | state.played)



def test_a_player_who_could_not_go_out_holds_a_hand_that_could_not():
    """Player 1 led 5♣ from two cards (so they were no pair), then passed on 9♥ with one card
    left: had it beaten 9♥ they would have gone out, so it is lower, in every world."""
    state = position(["4S 9H 2H", "5C 6D", "3C 4C 5D 7C 8C", "9D 10D JD QD"], to_move=1)
    for action in (play("5C"), play("7C"), PASS, play("9H"), PASS, PASS):
        state.apply(action)
    assert state.to_move == 0 and state.table is None
    observation = state.observation(0)
    facts = [fact for fact in read_knowledge(observation).stayed_in if fact.player == 1]
    assert len(facts) == 2 and facts[0].table is None and facts[1].table == classify(cards("9H"))
    nine = cards("9H")[0]
    unseen = read_knowledge(observation).unseen
    assert any(card > nine for card in unseen)  # without the fact, higher cards could be theirs
    rng = random.Random(6)
    for _ in range(40):
        world = determinize(observation, rng)
        (card,) = cards_of(world.hands[1])
        assert card < nine and card >> 2 != cards("5C")[0] >> 2


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_players_who_stayed_in_could_not_have_gone_out(seed, world_seed):
    """Every level goes out when it can, so in games between bots the real hands agree with
    every StayedIn fact, and so does every sampled world."""
    table = Table("tienlen", ["A", "B", "C", "D"], {"turn_seconds": 0}, seed=seed)
    bots = [make_bot("tienlen", level, seed) for level in ("easy", "normal", "easy", "normal")]
    table.deal_if_needed()
    state = table.state
    rng = random.Random(world_seed)
    while state.current_player() is not None:
        player = state.current_player()
        observation = state.observation(player)
        for fact in read_knowledge(observation).stayed_in:
            assert not fact.could_go_out(state.hands[fact.player])
            world = determinize(observation, rng)
            assert not fact.could_go_out(world.hands[fact.player])
        legal = state.legal_actions()
        table.apply(bots[player].choose(observation, legal, TINY_BUDGET))


# --- the hand plan ------------------------------------------------------------------------------

def test_split_keeps_runs_bombs_and_pairs_together():
    assert [text_of(c.mask) for c in split_hand(hand("3S 4C 5D 6H 7S 9C 9D KH 2S"))] == \
        ["3S 4C 5D 6H 7S", "9C 9D", "KH", "2S"]
    split = [text_of(c.mask) for c in split_hand(hand("5S 5C 6S 6C 7S 7C 8D 8H 8S 8C 3D"))]
    assert "8S 8C 8D 8H" in split and "5S 5C 6S 6C 7S 7C" in split
    assert plan_cost(0) == 0 and split_hand(0) == ()


def test_a_split_uses_every_card_once_in_real_combinations():
    rng = random.Random(4)
    for _ in range(200):
        deck = list(range(52))
        rng.shuffle(deck)
        h = mask_of(deck[:rng.randint(1, 13)])
        split = split_hand(h)
        assert sum(c.mask for c in split) == h
        for combo in split:
            assert classify(cards_of(combo.mask)) == combo


def test_master_test_agrees_with_generating_every_combination():
    rng = random.Random(5)
    for _ in range(150):
        deck = list(range(52))
        rng.shuffle(deck)
        mine, others = mask_of(deck[:13]), mask_of(deck[13:13 + rng.randint(1, 14)])
        other_combos = combos_of_hand(others).by_kind
        for _, _, action in combos_of_hand(mine).every:
            combo = classify(action.cards)
            answer = any(top > combo.top for _, top, _ in other_combos.get((combo.kind,
                                                                             combo.size), ()))
            assert beaten_by_same_kind(combo, others) == answer


def test_the_rank_level_master_test_never_calls_a_master_beaten():
    """surely_beaten_count counts, from ranks alone, plan combinations that `is_master` (which
    reads suits too) would call beaten; it may count fewer, never more."""
    rng = random.Random(8)
    for _ in range(300):
        deck = list(range(52))
        rng.shuffle(deck)
        mine = mask_of(deck[:rng.randint(1, 8)])
        others = outstanding(mine, mask_of(deck[8:8 + rng.randint(0, 30)]))
        beaten = sum(not is_master(combo, others) for combo in split_hand(mine))
        packed = split_shape(rank_count_nibbles(mine))[1]
        assert surely_beaten_count(packed, out_picture(others), 99) <= beaten
    # a low single under a higher card out is beaten whatever its suit
    assert surely_beaten_count(split_shape(rank_count_nibbles(hand("5S")))[1],
                               out_picture(hand("9D")), 99) == 1


# --- normal play --------------------------------------------------------------------------------

def test_every_level_goes_out_when_it_can():
    state = position(["9S 9H", "3C 4C 5C 6C", "7D", "8D"], to_move=0, table="5S 5H",
                     table_player=1)
    for level in TABLE_LEVELS:
        for seed in range(5):
            bot = make_bot("tienlen", level, seed)
            assert bot.choose(state.observation(0), state.legal_actions(), TINY_BUDGET) == \
                play("9S 9H")


def test_normal_leads_low_and_keeps_its_two():
    state = position(["3S 4H 5D 9C 9D QS 2H", "3C 4C 5C 6C 7C 8C", "7D 8D 10D", "8H 9H 10H"],
                     to_move=0)
    assert normal_choice(view_of_state(state), state.legal_actions()) == play("3S 4H 5D")


def test_normal_does_not_lead_a_single_into_a_player_with_one_card():
    state = position(["3S 7H 7D 9C", "KH", "7S 8D 10D JD", "8H 9H 10H 3H"], to_move=0)
    assert normal_choice(view_of_state(state), state.legal_actions()) == play("7D 7H")


def test_normal_chops_a_two_with_a_bomb():
    state = position(["5S 5C 6S 6C 7S 7C 9H", "3C 4C 2H", "7D 8D 10D", "8H 9H 10H"],
                     to_move=0, table="2D", table_player=3)
    assert normal_choice(view_of_state(state), state.legal_actions()) == \
        play("5S 5C 6S 6C 7S 7C")


def test_candidates_include_the_rule_based_choice_and_pass():
    state = tienlen_position(12, 9)
    player = state.current_player()
    legal = state.legal_actions()
    observation = state.observation(player)
    found = candidates(observation, legal)
    assert found[0] == normal_choice(view_of_observation(observation), legal)
    assert all(action in legal for action in found)
    assert (PASS in found) == (PASS in legal)


# --- the search ---------------------------------------------------------------------------------

def test_hard_takes_the_lead_with_its_two_before_the_last_card():
    """Opponent 1 has one card left. Leading 4♠ lets them out whatever they hold; 2♥ first,
    then 4♠, wins."""
    state = position(["4S 2H", "8C", "3C 4C 5C 6C 7C", "9D 10D JD QD"], to_move=0)
    bot = HardTienLenBot(1, max_worlds=6)
    assert bot.choose(state.observation(0), state.legal_actions(), TINY_BUDGET) == play("2H")


def test_hard_beats_the_last_single_instead_of_passing():
    """Opponent 1 led 9♦ and holds one card: passing lets them lead it and go out."""
    state = position(["3S 2H", "8C", "3C 4C 5C 6C 7C", "10D JD QD KD"], to_move=0,
                     table="9D", table_player=1)
    bot = HardTienLenBot(2, max_worlds=6)
    assert bot.choose(state.observation(0), state.legal_actions(), TINY_BUDGET) == play("2H")


def test_the_search_values_going_out_first_with_the_next_games_lead():
    """T7: the winner leads the next game, so player 1 going out is worth its payments plus
    NEXT_LEAD_VALUE to them; the others (player 0 led this game) count their payments only."""
    before = position(["3S 4S", "2H", "5C 6C", "9D 10D JD"], to_move=1)
    after = before.clone()
    after.apply(play("2H"))
    assert after.needs_deal()
    value = TienLenSearchGame.deal_value
    gained = [now - was for now, was in zip(after.gold, before.gold)]
    assert gained[1] > 0
    assert value(before, after, 1) == gained[1] + NEXT_LEAD_VALUE
    assert [value(before, after, p) for p in (0, 2, 3)] == [gained[0], gained[2], gained[3]]


def test_same_seed_same_decisions():
    state = tienlen_position(31, 12)
    player = state.current_player()
    observation, legal = state.observation(player), state.legal_actions()
    for level in ("easy", "normal"):
        picks = {make_bot("tienlen", level, 9).choose(observation, legal, TINY_BUDGET)
                 for _ in range(3)}
        assert len(picks) == 1
    searched = {HardTienLenBot(9, max_worlds=3).choose(
        observation, legal, TINY_BUDGET) for _ in range(3)}
    assert len(searched) == 1
    worlds = [determinize(observation, random.Random(4)).hands for _ in range(2)]
    assert worlds[0] == worlds[1]


def test_the_frozen_baselines_do_not_follow_changes_to_the_live_levels(monkeypatch):
    """normal-v1 and hard-v1 decide by copies (ai/baselines/tienlen/: v1.py, play_v1.py,
    plan_v1.py, determinize_v1.py): a live normal that follows only when a play gains the plan
    five turns passes here, while normal-v1 still plays as normal did."""
    import ai.tienlen.play as live_play
    state = tienlen_position(2, 10)
    player = state.current_player()
    observation, legal = state.observation(player), state.legal_actions()
    before = make_bot("tienlen", "normal", 0).choose(observation, legal, TINY_BUDGET)
    monkeypatch.setattr(live_play, "WORTHWHILE_GAIN", 5.0)
    assert make_bot("tienlen", "normal", 0).choose(observation, legal, TINY_BUDGET) == PASS
    assert before != PASS
    assert make_bot("tienlen", "normal-v1", 0).choose(observation, legal, TINY_BUDGET) == before


def test_first_game_bots_lead_with_the_required_card():
    state = tienlen_position(8, 0)
    player = state.current_player()
    if state.must_include:
        for level in TABLE_LEVELS:
            action = make_bot("tienlen", level, 0).choose(state.observation(player),
                                                          state.legal_actions(), TINY_BUDGET)
            assert mask_of(action.cards) & state.must_include

