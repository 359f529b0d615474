"""The pack, the deals, trump, bidding and the state contract (J1–J7, observation, errors)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.errors import IllegalAction, ScenarioError
from game.joker.actions import Bid, ChooseTrump, DealStarted, Phase, Play
from game.joker.cards import PACK, card_text
from game.joker.dealing import cut_for_first_dealer
from game.joker.definition import JOKER
from game.joker.schedule import Schedule
from game.joker.state import JokerDeal
from test_joker_helpers import (assert_illegal, bid_all, cards, choose_trump, finish_deal_randomly,
                                legal_texts, new_state, play, snapshot, start, state_at)

NINE_CARD_HANDS = ("AH KH QH JH 10H 9H 8H 7H 6H", "AD KD QD JD 10D 9D 8D 7D 6D",
                   "AC KC QC JC 10C 9C 8C 7C X1", "AS KS QS JS 10S 9S 8S 7S X2")


# --- J1, J2, J4 ---------------------------------------------------------------------------------

def test_j1_the_pack():
    texts = [card_text(c) for c in PACK]
    assert len(texts) == 36 and len(set(texts)) == 36
    assert "6C" not in texts and "6S" not in texts and {"6H", "6D", "X1", "X2"} <= set(texts)
    assert Counter(t[-1] for t in texts if t[0] != "X") == {"H": 9, "D": 9, "C": 8, "S": 8}


def test_j4_standard_schedule():
    schedule = Schedule.for_game_type("standard")
    assert schedule.cards == (1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1,
                              9, 9, 9, 9)
    assert schedule.pulka == (1,) * 8 + (2,) * 4 + (3,) * 8 + (4,) * 4
    assert [i for i, end in enumerate(schedule.ends_pulka) if end] == [7, 11, 19, 23]


def test_j4_nines_schedule():
    schedule = Schedule.for_game_type("nines")
    assert schedule.cards == (9,) * 16
    assert [i for i, end in enumerate(schedule.ends_pulka) if end] == [3, 7, 11, 15]
    with pytest.raises(ScenarioError):
        new_state(game_type="eights")


# --- J3 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(20))
def test_j3_cut_for_first_dealer(seed):
    seat, shown = cut_for_first_dealer(random.Random(seed))
    assert [s for s, _ in shown] == [i % 4 for i in range(len(shown))]  # seat 0 first, clockwise
    texts = [card_text(c) for _, c in shown]
    assert texts[-1][0] == "A" and not any(t[0] == "A" for t in texts[:-1])
    assert shown[-1][0] == seat
    assert cut_for_first_dealer(random.Random(seed)) == (seat, shown)  # only the rng decides


@pytest.mark.parametrize("first_dealer", [0, 1, 2, 3])
def test_j3_dealer_moves_one_seat_each_deal(first_dealer):
    state = new_state(first_dealer=first_dealer)
    rng = random.Random(1)
    dealers = []
    for _ in range(6):
        events = state.start_deal(JOKER.random_deal(state, rng))
        dealers.append(events[0].dealer)
        finish_deal_randomly(state, rng)
    assert dealers == [(first_dealer + i) % 4 for i in range(6)]


def test_j3_first_dealer_defaults_to_seat_0_and_is_checked():
    state = JOKER.new_table(["a", "b", "c", "d"], {"khishti": -200, "dealer_cannot_fill": True,
                                                   "trump_beats_high_joker_lead": False,
                                                   "game_type": "standard"}, {})
    assert state.observation(0).dealer == 0
    for bad in (4, -1, "1", True, None):
        with pytest.raises(ScenarioError):
            new_state(first_dealer=bad)


# --- J5: trump ----------------------------------------------------------------------------------

def test_j5_turned_card_gives_trump():
    state = state_at(0, leader=1)
    events = start(state, "7H", "8H", "9H", "10H", trump="QS")
    assert events == [DealStarted(1, 1, 0, cards("QS")[0])]
    view = state.observation(2)
    assert view.trump_suit == 3 and not view.bezi and card_text(view.trump_card) == "QS"
    assert view.phase is Phase.BIDDING


def test_j5_turned_joker_is_bezi():
    state = state_at(0, leader=1)
    start(state, "7H", "8H", "9H", "10H", trump="X2")
    view = state.observation(0)
    assert view.trump_suit is None and view.bezi


def test_j5_nine_card_deal_trump_choice_by_the_player_after_the_dealer():
    state = new_state(first_dealer=2, game_type="nines")
    start(state, *NINE_CARD_HANDS)
    assert state.observation(0).phase is Phase.TRUMP_CHOICE
    assert state.current_player() == 3
    assert legal_texts(state) == {"trump H", "trump D", "trump C", "trump S", "trump none"}
    # the chooser sees only the first three cards dealt to them; nobody else sees anything
    assert [card_text(c) for c in state.observation(3).hand] == ["QS", "KS", "AS"]
    for seat in (0, 1, 2):
        assert state.observation(seat).hand == ()
    assert state.observation(0).hand_sizes == (3, 3, 3, 3)
    assert_illegal(state, lambda: state.apply(Bid(1)), "time to name trump")
    assert_illegal(state, lambda: state.apply(ChooseTrump(7)), "trump is one of")
    choose_trump(state, "D")
    view = state.observation(0)
    assert view.phase is Phase.BIDDING and view.trump_suit == 1 and not view.bezi
    assert len(view.hand) == 9 and view.hand_sizes == (9, 9, 9, 9)
    assert state.current_player() == 3  # the chooser bids first


def test_j5_nine_card_deal_may_be_bezi():
    state = new_state(game_type="nines")
    start(state, *NINE_CARD_HANDS)
    choose_trump(state, None)
    assert state.observation(1).bezi


def test_j5_deal_records_are_checked():
    state = state_at(0)
    before = snapshot(state)
    for hands, trump in ((("7H", "8H", "9H", "10H"), None),          # trump card missing
                         (("7H", "8H", "9H", "10H"), "7H"),          # trump card dealt
                         (("7H", "7H", "9H", "10H"), "QS"),          # a card twice
                         (("7H 8H", "8D", "9H", "10H"), "QS")):      # wrong size
        with pytest.raises(IllegalAction):
            start(state, *hands, trump=trump)
    assert snapshot(state) == before
    nine = new_state(game_type="nines")
    with pytest.raises(IllegalAction):
        start(nine, *NINE_CARD_HANDS, trump="X1")


@pytest.mark.parametrize("seed", range(5))
def test_j5_random_deals(seed):
    rng = random.Random(seed)
    state = new_state(first_dealer=1)
    for _ in range(12):
        deal = JOKER.random_deal(state, rng)
        size = state.next_deal_cards()
        dealt = [c for hand in deal.hands for c in hand]
        assert all(len(hand) == size for hand in deal.hands)
        if size == 9:
            assert deal.trump_card is None and sorted(dealt) == sorted(PACK)
        else:
            assert deal.trump_card is not None
            assert len(set(dealt + [deal.trump_card])) == 4 * size + 1
        state.start_deal(deal)
        finish_deal_randomly(state, rng)


def test_j5_nine_card_random_deal_deals_three_each_first():
    class Unshuffled(random.Random):
        def shuffle(self, x):  # keep the pack order to see who gets which packet
            pass
    state = new_state(first_dealer=0, game_type="nines")
    deal = JOKER.random_deal(state, Unshuffled())
    # seat 1 (after the dealer) gets the first three cards of the pack, then seat 2 …
    assert deal.hands[1][:3] == PACK[0:3] and deal.hands[2][:3] == PACK[3:6]
    assert deal.hands[0][:3] == PACK[9:12] and deal.hands[1][3:] == PACK[12:18]


# --- J6: bidding ----------------------------------------------------------------------------------

def test_j6_bidding_order_and_range():
    state = state_at(2, leader=1)  # 3 cards, dealer 0
    start(state, "7H 8H 9H", "7D 8D 9D", "7C 8C 9C", "7S 8S 9S", trump="AH")
    assert state.current_player() == 1
    assert legal_texts(state) == {"bid 0", "bid 1", "bid 2", "bid 3"}
    assert_illegal(state, lambda: state.apply(Bid(4)), "a bid is from 0 to 3 tricks", "not 4")
    assert_illegal(state, lambda: state.apply(Bid(-1)), "from 0 to 3")
    assert_illegal(state, lambda: state.apply(Play(cards("7D")[0])), "time to bid")
    bid_all(state, 1, 0, 1)
    assert state.current_player() == 0
    assert state.observation(3).bids == (None, 1, 0, 1)


def test_j6_dealer_may_not_fill():
    state = state_at(2, leader=1)
    start(state, "7H 8H 9H", "7D 8D 9D", "7C 8C 9C", "7S 8S 9S", trump="AH")
    bid_all(state, 1, 0, 0)
    assert legal_texts(state) == {"bid 0", "bid 1", "bid 3"}
    message = assert_illegal(state, lambda: state.apply(Bid(2)))
    assert message == "the dealer may not bid 2: the bids would add up to 3, the cards dealt"
    state.apply(Bid(3))
    assert state.observation(0).phase is Phase.PLAYING
    assert state.current_player() == 1  # J7: the player after the dealer leads


def test_j6_dealer_restriction_off():
    state = state_at(2, leader=1, dealer_cannot_fill=False)
    start(state, "7H 8H 9H", "7D 8D 9D", "7C 8C 9C", "7S 8S 9S", trump="AH")
    bid_all(state, 1, 0, 0)
    assert legal_texts(state) == {"bid 0", "bid 1", "bid 2", "bid 3"}
    state.apply(Bid(2))


def test_j6_nothing_forbidden_once_the_others_overbid():
    state = state_at(2, leader=1)
    start(state, "7H 8H 9H", "7D 8D 9D", "7C 8C 9C", "7S 8S 9S", trump="AH")
    bid_all(state, 3, 3, 0)
    assert legal_texts(state) == {"bid 0", "bid 1", "bid 2", "bid 3"}


def test_j6_dealer_restriction_in_a_one_card_deal():
    state = state_at(0, leader=1)
    start(state, "7H", "8H", "9H", "10H", trump="AH")
    bid_all(state, 0, 0, 0)
    assert legal_texts(state) == {"bid 0"}


# --- phases, wrong input, observation, clone ---------------------------------------------------

def test_no_move_before_a_deal_and_after_the_end():
    state = new_state()
    assert state.needs_deal() and state.current_player() is None and state.legal_actions() == []
    assert_illegal(state, lambda: state.apply(Bid(0)), "not been dealt")
    assert_illegal(state, lambda: state.apply("bid 0"), "not a Joker action")
    rng = random.Random(0)
    while not state.is_terminal():
        state.start_deal(JOKER.random_deal(state, rng))
        finish_deal_randomly(state, rng)
    assert state.current_player() is None and state.legal_actions() == []
    assert_illegal(state, lambda: state.apply(Bid(0)), "the game is over")
    with pytest.raises(IllegalAction):
        state.start_deal(JokerDeal(((),) * 4))


def test_playing_phase_errors():
    state = state_at(2, leader=1)
    start(state, "7H 8H 9H", "7D 8D 9D", "7C 8C 9C", "7S 8S 9S", trump="AH")
    bid_all(state, 1, 0, 1, 0)
    assert_illegal(state, lambda: state.apply(Bid(1)), "time to play a card, not to bid")
    assert_illegal(state, lambda: play(state, "7H"), "7H is not in your hand")
    assert_illegal(state, lambda: state.apply(Play(99)), "not a card")
    assert_illegal(state, lambda: state.apply(Play(18)), "not a card")  # the missing 6C


def test_observation_hides_other_hands():
    state = state_at(2, leader=1)
    start(state, "7H 8H 9H", "7D 8D 9D", "7C 8C 9C", "7S 8S 9S", trump="AH")
    bid_all(state, 1, 0, 1, 0)
    play(state, "7D", None)
    view = state.observation(2)
    assert {card_text(c) for c in view.hand} == {"7C", "8C", "9C"}
    assert view.hand_sizes == (3, 2, 3, 3)
    assert [card_text(p.card) for p in view.current_trick] == ["7D"]
    assert [card_text(p.card) for p in view.plays] == ["7D"]
    assert view.dealer == 0 and view.to_act == 2 and view.cards_dealt == 3
    assert view.totals == tuple(state.totals) and view.deal_number == 3 and view.pulka == 1
    # nothing of another hand: these are all the fields there are
    assert set(type(view).__slots__) == {
        "player", "phase", "deal_number", "pulka", "cards_dealt", "dealer", "to_act", "hand",
        "hand_sizes", "trump_card", "trump_suit", "bezi", "bids", "tricks_taken",
        "current_trick", "plays", "totals", "sheet", "options"}
    with pytest.raises(AttributeError):
        view.hand = ()  # frozen


def test_describe_and_json_of_actions():
    assert JOKER.action_to_json(Bid(2)) == {"type": "bid", "n": 2}
    assert JOKER.action_to_json(ChooseTrump(None)) == {"type": "trump", "suit": "none"}
    for raw in ({"type": "play", "card": "10H"},
                {"type": "play", "card": "X1", "joker": "takes", "suit": "S"},
                {"type": "play", "card": "X2", "joker": "under"},
                {"type": "trump", "suit": "C"}, {"type": "bid", "n": 0}):
        assert JOKER.action_to_json(JOKER.action_from_json(raw)) == raw
    for bad in ({"type": "pass"}, {"type": "play", "card": "6S"}, {"type": "bid", "n": "2"},
                {"type": "trump", "suit": "bezi"}, {"type": "play", "card": "X1", "joker": "low"},
                {"type": "play", "card": "X1", "joker": "high", "suit": "Z"}, {"type": "bid"}):
        with pytest.raises(ScenarioError):
            JOKER.action_from_json(bad)
