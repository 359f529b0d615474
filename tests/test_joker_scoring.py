"""Points of a deal (J12–J14), premium (J15) and ranking (J16)."""

from __future__ import annotations

import random

import pytest

from game.joker.actions import Bid, DealResult, PulkaResult
from game.joker.definition import JOKER
from game.joker.scoring import deal_score, khishti_value, premium, ranking
from test_joker_helpers import bid_all, new_state, play, start

# --- J12: made exactly --------------------------------------------------------------------------

# the sheet's first table: bid 1..8 (fewer than the cards dealt) -> 100..450
@pytest.mark.parametrize("bid,points", [(1, 100), (2, 150), (3, 200), (4, 250), (5, 300),
                                        (6, 350), (7, 400), (8, 450)])
def test_j12_made_bid_below_cards_dealt(bid, points):
    assert deal_score(bid, bid, 9, -200) == points


# the sheet's second table: bid all that was dealt, 1..9 -> 100..900
@pytest.mark.parametrize("cards,points", [(1, 100), (2, 200), (3, 300), (4, 400), (5, 500),
                                          (6, 600), (7, 700), (8, 800), (9, 900)])
def test_j12_made_bid_of_all_cards_dealt(cards, points):
    assert deal_score(cards, cards, cards, -200) == points


@pytest.mark.parametrize("cards", range(1, 10))
def test_j12_made_zero_bid_scores_50(cards):
    assert deal_score(0, 0, cards, -200) == 50


# --- J13: missed ------------------------------------------------------------------------------

@pytest.mark.parametrize("taken,points", [(1, 10), (2, 20), (3, 30), (4, 40), (5, 50), (6, 60),
                                          (7, 70), (8, 80), (9, 90)])
def test_j13_missed_scores_ten_per_trick(taken, points):
    other_bid = 0 if taken == 9 else taken + 1
    assert deal_score(other_bid, taken, 9, -200) == points
    if taken < 9:
        assert deal_score(0, taken, 9, -200) == points  # bid 0 but took some


@pytest.mark.parametrize("bid", range(1, 10))
def test_j13_no_trick_after_a_bid_is_khishti(bid):
    assert deal_score(bid, 0, 9, -200) == -200


# --- J14: khishti fixed and special ----------------------------------------------------------

@pytest.mark.parametrize("fixed", [-100, -300, -777, -1000])
def test_j14_fixed_khishti_is_the_same_in_every_deal(fixed):
    for cards in range(1, 10):
        assert khishti_value(fixed, cards) == fixed
        assert deal_score(1, 0, cards, fixed) == fixed


@pytest.mark.parametrize("cards", range(1, 10))
def test_j14_special_khishti_is_minus_100_per_card_dealt(cards):
    assert khishti_value("special", cards) == -100 * cards
    assert deal_score(1, 0, cards, "special") == -100 * cards


def test_j14_khishti_option_is_checked():
    from game.core.errors import ScenarioError
    for bad in (-50, -1001, 0, 200, "fixed", -200.0, True):
        with pytest.raises(ScenarioError):
            new_state(khishti=bad)
    assert new_state(khishti=-1000).options.khishti == -1000
    assert new_state().options.khishti == -200


def _one_card_deal(state, bids, *, trump="7D"):
    """Deal 1: seat 1 leads AH and takes the only trick (no trumps out)."""
    start(state, "8C", "AH", "7H", "9S", trump=trump)
    bid_all(state, *bids)  # seats 1, 2, 3, then the dealer 0
    events = []
    for card in ("AH", "7H", "9S", "8C"):
        events += play(state, card)
    return [e for e in events if isinstance(e, DealResult)][0]


def test_j12_j13_j14_a_played_deal_is_scored_by_the_tables():
    state = new_state()
    result = _one_card_deal(state, [1, 1, 0, 0])  # seat 1 makes 1, seat 2 khishti, 3 & 0 make 0
    assert result.bids == (0, 1, 1, 0)
    assert result.tricks == (0, 1, 0, 0)
    assert result.scores == (50, 100, -200, 50)
    assert state.returns() == [50, 100, -200, 50]


def test_j14_special_khishti_in_a_played_deal():
    state = new_state(khishti="special")
    # bidding order 1, 2, 3, 0: seats 2 and 0 bid 1 and take nothing; seat 1 bid 0 and took 1
    result = _one_card_deal(state, [0, 1, 0, 1])
    assert result.scores == (-100, 10, -100, 50)


# --- J15: premium -----------------------------------------------------------------------------

def test_j15_nobody_on_premium_changes_nothing():
    assert premium([[100, 50], [-200, 10], [50, 50], [10, 150]],
                   [False, False, False, False]) == ((), (0, 0, 0, 0))


def test_j15_one_player_on_premium():
    on, adjust = premium([[100, 250], [-200, 10], [50, 150], [10, 90]],
                         [True, False, False, False])
    assert on == (0,)
    assert adjust == (250, -10, -150, -90)


def test_j15_two_players_on_premium():
    on, adjust = premium([[100, 250], [300, 50], [50, 150], [10, -200]],
                         [True, True, False, False])
    assert on == (0, 1)
    assert adjust == (250, 300, -150, -10)


def test_j15_negative_best_score_is_not_erased():
    # player 3 took khishti every time: subtracting -300 would reward them (the floor rule)
    on, adjust = premium([[100, 250], [300, 50], [50, 150], [-300, -300]],
                         [False, True, False, False])
    assert on == (1,)
    assert adjust == (-250, 300, -150, 0)


def _play_pulka_with_oracle_bids(state, exact_players, rng):
    """Plays one pulka of a "nines" game where `exact_players` bid exactly the tricks they will
    take (found by playing the deal out on a clone with a fixed policy) and the others miss."""
    for _ in range(4):
        state.start_deal(JOKER.random_deal(state, rng))
        state.apply(state.legal_actions()[0])  # trump choice
        lookahead = state.clone()
        bid_all(lookahead, 0, 0, 0, 0)
        while not lookahead.needs_deal() and not lookahead.is_terminal():
            lookahead.apply(lookahead.legal_actions()[0])
        taken = last_deal(lookahead).tricks
        for _ in range(4):
            seat = state.current_player()
            state.apply(Bid(taken[seat] if seat in exact_players else (taken[seat] + 1) % 10))
        while not state.needs_deal() and not state.is_terminal():
            state.apply(state.legal_actions()[0])
        assert last_deal(state).tricks == taken


def last_deal(state) -> DealResult:
    return [line for line in state.sheet if isinstance(line, DealResult)][-1]


@pytest.mark.parametrize("exact_players", [(), (2,), (0, 3), (0, 1, 2, 3)])
def test_j15_premium_in_a_played_pulka(exact_players):
    state = new_state(game_type="nines", dealer_cannot_fill=False)
    _play_pulka_with_oracle_bids(state, exact_players, random.Random(7))
    deals, pulka = state.sheet[:4], state.sheet[4]
    assert isinstance(pulka, PulkaResult) and pulka.pulka == 1
    assert pulka.premium == exact_players
    for player in range(4):
        best = max(line.scores[player] for line in deals)
        if player in exact_players:
            expected = best
        elif exact_players:
            expected = -best if best > 0 else 0
        else:
            expected = 0
        assert pulka.adjust[player] == expected
        assert state.totals[player] == sum(line.scores[player] for line in deals) + expected


def test_j15_pulka_is_settled_after_each_pulka_of_a_standard_game():
    state = new_state()
    rng = random.Random(3)
    while not state.is_terminal():
        state.start_deal(JOKER.random_deal(state, rng))
        while not state.needs_deal() and not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    kinds = ["P" if isinstance(line, PulkaResult) else "D" for line in state.sheet]
    assert "".join(kinds) == "D" * 8 + "P" + "D" * 4 + "P" + "D" * 8 + "P" + "D" * 4 + "P"
    assert [line.pulka for line in state.sheet if isinstance(line, PulkaResult)] == [1, 2, 3, 4]
    assert state.returns() == [sum(getattr(line, "scores", getattr(line, "adjust", None))[p]
                                   for line in state.sheet) for p in range(4)]


# --- J16: ranking -------------------------------------------------------------------------------

def test_j16_ranking_best_first_ties_in_any_order():
    assert ranking([100, 300, -50, 200]) == (1, 3, 0, 2)
    order = ranking([100, 300, 100, -20])
    assert order[0] == 1 and set(order[1:3]) == {0, 2} and order[3] == 3
