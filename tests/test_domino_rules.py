"""Domino rules D1–D17, one by one (docs/rules/domino.md), from hand-built deals and positions."""

import random

import pytest

from game.core.errors import IllegalAction
from game.core.table import Table
from game.domino.actions import DealStarted, Misplayed, SeatsChanged, TiebreakNeeded
from game.domino.definition import DOMINO
from game.domino.state import DominoDeal, DominoState, Phase, chairs_for_deal
from game.domino.tiles import ALL_TILES, tile_text

from domino_helpers import (ALL_DOUBLES, LEFT, NAMES, NON_DOUBLES, PASS, RIGHT, T,
                            all_doubles_deal_to_chair, apollo, before_last_deal, deal_by_chair,
                            deal_by_player, opening, play, position)


def last_result(state):
    return state.results[-1]


# --- D1–D3: the set, the deal, the chairs ------------------------------------------------

def test_D1_random_deal_gives_all_28_tiles_seven_each():
    state = DominoState(NAMES)
    deal = DOMINO.random_deal(state, random.Random(3))
    dealt = [t for hand in deal.hands for t in hand]
    assert sorted(dealt) == list(ALL_TILES)
    assert [len(hand) for hand in deal.hands] == [7, 7, 7, 7]


@pytest.mark.parametrize("hands, words", [
    ([(0, 1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12, 13), (14, 15, 16, 17, 18, 19, 20),
      (21, 22, 23, 24, 25, 26, 6)], "0-6 is dealt twice"),
    ([(0, 1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12), (13, 14, 15, 16, 17, 18, 19, 20),
      (21, 22, 23, 24, 25, 26, 27)], "Budi must get 7 tiles, not 6"),
])
def test_D1_a_deal_that_is_not_the_set_is_refused_and_changes_nothing(hands, words):
    state = DominoState(NAMES)
    with pytest.raises(IllegalAction, match=words) as refused:
        state.start_deal(DominoDeal(hands, chairs_for_deal(1), tiebreak=False))
    assert refused.value.code == "bad_deal"
    assert state.phase is Phase.DEAL and state.deal_number == 0 and state.hands == [[]] * 4


def test_D3_chairs_by_deal():
    assert [chairs_for_deal(n) for n in (1, 4)] == [(0, 1, 2, 3)] * 2
    assert [chairs_for_deal(n) for n in (5, 8)] == [(2, 1, 0, 3)] * 2
    assert [chairs_for_deal(n) for n in (9, 12)] == [(1, 2, 0, 3)] * 2


def test_D3_seat_changes_are_announced_before_deals_5_and_9_in_a_played_match():
    table = Table("domino", NAMES, seed=11)
    rng = random.Random(0)
    seen = []
    while not table.state.is_terminal():
        for event in table.deal_if_needed():
            if isinstance(event, SeatsChanged):
                seen.append((event.before_deal, set(event.swapped), event.chairs))
            if isinstance(event, DealStarted):
                assert event.chairs == chairs_for_deal(event.number)
        if table.state.is_terminal():
            break
        table.apply(rng.choice(table.state.legal_actions()))
    assert seen[:2] == [(5, {0, 2}, (2, 1, 0, 3)), (9, {2, 1}, (1, 2, 0, 3))]


def test_D3_deal_hands_are_listed_by_chair_as_seated():
    state = DominoState(NAMES)
    state.deal_number = 4  # the next deal is deal 5: chairs A, B, C, D hold players 2, 1, 0, 3
    raw = {"hands": [[tile_text(t) for t in ALL_TILES[c * 7:(c + 1) * 7]] for c in range(4)]}
    deal = DOMINO.deal_from_json(state, raw)
    assert deal.hands[2] == tuple(ALL_TILES[0:7])      # chair A
    assert deal.hands[0] == tuple(ALL_TILES[14:21])    # chair C
    assert DOMINO.deal_to_json(deal) == raw


# --- D5–D8: play -------------------------------------------------------------------------

FIRST_DEAL = (["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
              ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"],
              ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5"],
              ["3-6", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"])


def dealt_state(misplay_penalty=True):
    state = DominoState(NAMES, misplay_penalty=misplay_penalty)
    state.start_deal(deal_by_chair(state, *FIRST_DEAL))
    return state


def test_D5_holder_of_6_6_opens_and_must_play_it():
    state = dealt_state()
    assert state.current_player() == 3
    assert state.legal_actions() == [opening("6-6")]
    with pytest.raises(IllegalAction, match="first tile of this deal must be 6-6"):
        state.apply(opening("5-5"))
    with pytest.raises(IllegalAction, match="cannot pass"):
        state.apply(PASS)
    assert state.totals == [0, 0, 0, 0], "a wrong opening is illegal, not a misplay"
    state.apply(opening("6-6"))
    assert (state.left, state.right) == (6, 6)
    assert state.current_player() == 0


def test_D6_pass_only_without_a_playable_tile():
    state = position([["1-2", "0-0"], ["3-3"], ["4-4"], ["5-5"]], left=2, right=6)
    with pytest.raises(IllegalAction, match="Ani cannot pass: 1-2 fits"):
        state.apply(PASS)
    state.apply(play("1-2", LEFT))
    assert state.legal_actions() == [PASS]  # Budi holds only 3-3 against ends 1 and 6
    state.apply(PASS)
    assert state.current_player() == 2


def test_D7_a_tile_fitting_both_ends_is_offered_on_each_and_the_choice_is_honoured():
    state = position([["2-6", "0-0"], ["3-3"], ["4-4"], ["5-5"]], left=2, right=6)
    assert set(state.legal_actions()) == {play("2-6", LEFT), play("2-6", RIGHT)}
    on_left = state.clone()
    on_left.apply(play("2-6", LEFT))
    assert (on_left.left, on_left.right) == (6, 6)
    state.apply(play("2-6", RIGHT))
    assert (state.left, state.right) == (2, 2)


def test_D8_misplay_costs_one_point_at_once_and_the_player_must_still_move():
    state = position([["3-5", "1-2"], ["3-3"], ["4-4"], ["5-5"]], left=2, right=6)
    events = state.apply(play("3-5", LEFT))
    assert events == [Misplayed(0, T("3-5"), -1)]
    assert state.totals == [-1, 0, 0, 0]
    assert state.deal_penalties == [-1, 0, 0, 0]
    assert T("3-5") in state.hands[0] and state.current_player() == 0


def test_D8_misplay_is_simply_illegal_without_the_penalty_option():
    state = position([["3-5", "1-2"], ["3-3"], ["4-4"], ["5-5"]], left=2, right=6,
                     misplay_penalty=False)
    with pytest.raises(IllegalAction, match="3-5 does not match the open ends 2 and 6"):
        state.apply(play("3-5", LEFT))
    assert state.totals == [0, 0, 0, 0]


def test_D8_a_fitting_tile_on_the_wrong_end_is_illegal_without_penalty():
    state = position([["3-5", "1-2"], ["3-3"], ["4-4"], ["5-5"]], left=2, right=6)
    with pytest.raises(IllegalAction, match="1-2 does not match the right end 6; it fits the "
                                            "left end 2"):
        state.apply(play("1-2", RIGHT))
    assert state.totals == [0, 0, 0, 0]


def test_D8_misplay_penalties_are_reported_apart_from_the_outcome():
    state = position([["4-6", "0-6"], ["3-3"], ["5-5"], ["2-2"]], left=4, right=1)
    state.apply(play("0-6", LEFT))              # misplay: 0-6 fits neither 4 nor 1
    state.apply(play("4-6", LEFT))
    state.apply(PASS), state.apply(PASS), state.apply(PASS)
    state.apply(play("0-6", LEFT))              # out, on the 6 end only: menang biasa
    result = last_result(state)
    assert result.points == (2, 0, 0, -1)
    assert result.penalties == (-1, 0, 0, 0)
    assert state.totals == [1, 0, 0, -1]


# --- D9–D10 --------------------------------------------------------------------------------

def test_D9_blocked_exactly_when_both_ends_show_an_exhausted_number():
    state = position([["2-5", "0-0"], ["6-6"], ["5-6"], ["4-4"]], left=2, right=5)
    assert not state.is_blocked()
    state.apply(play("2-5", RIGHT))
    assert state.phase is Phase.DEAL and last_result(state).outcome == "kandang"


def test_D10_the_player_above_pays_even_when_they_passed():
    state = position([["4-6"], ["1-1", "0-0"], ["2-2", "0-1"], ["3-3", "5-5"]], left=4, right=1,
                     to_move=3)
    state.apply(PASS)                        # Dewi (chair D, above Ani) passes
    state.apply(play("4-6", LEFT))           # Ani goes out
    assert last_result(state).outcome == "menang_biasa"
    assert last_result(state).points == (2, 0, 0, -1)


# --- D11–D16: the outcomes -----------------------------------------------------------------

def test_D11_apollo_pays_6_and_the_player_above_loses_4():
    state = position([["2-3", "3-3"], ["1-1", "0-0"], ["4-4"], ["6-6"]], left=2, right=5)
    assert apollo("2-3", LEFT, "3-3", LEFT) in state.legal_actions()
    state.apply(apollo("2-3", LEFT, "3-3", LEFT))
    result = last_result(state)
    assert (result.outcome, result.winners, result.points) == ("apollo", (0,), (6, 0, 0, -4))


def test_D11_apollo_lays_the_non_double_first_and_needs_exactly_two_tiles():
    state = position([["2-3", "3-3"], ["1-1", "0-0"], ["4-4"], ["6-6"]], left=2, right=3)
    with pytest.raises(IllegalAction, match="non-double first"):
        state.apply(apollo("3-3", RIGHT, "2-3", LEFT))
    three = position([["2-3", "3-3", "0-0"], ["1-1"], ["4-4"], ["6-6"]], left=2, right=5)
    assert not any(a.__class__.__name__ == "Apollo" for a in three.legal_actions())
    with pytest.raises(IllegalAction, match="exactly two tiles"):
        three.apply(apollo("2-3", LEFT, "3-3", LEFT))


def test_D11_apollo_needs_the_double_to_fit_after_the_first_tile():
    state = position([["2-3", "4-4"], ["1-1", "0-0"], ["5-5"], ["6-6"]], left=2, right=6)
    assert not any(a.__class__.__name__ == "Apollo" for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="not possible"):
        state.apply(apollo("2-3", LEFT, "4-4", LEFT))


def test_D11_two_doubles_are_no_apollo():
    state = position([["2-2", "3-3"], ["1-1", "0-0"], ["5-5"], ["6-6"]], left=2, right=3)
    assert not any(a.__class__.__name__ == "Apollo" for a in state.legal_actions())


def test_D12_ceki_habis():
    # 4-5 fits both ends, and afterwards every 4 and every 5 is on the line.
    state = position([["4-5"], ["0-0", "1-1"], ["0-1"], ["2-2"]], left=4, right=5)
    state.apply(play("4-5", LEFT))
    result = last_result(state)
    assert (result.outcome, result.points) == ("ceki_habis", (4, 0, 0, -3))


def test_D12_ceki_biasa_when_a_number_is_not_exhausted():
    state = position([["4-5"], ["0-0", "5-6"], ["0-1"], ["2-2"]], left=4, right=5)
    state.apply(play("4-5", RIGHT))
    result = last_result(state)
    assert (result.outcome, result.points) == ("ceki_biasa", (3, 0, 0, -2))


def test_D12_ceki_on_two_equal_ends_with_any_tile_holding_that_number():
    state = position([["3-6"], ["0-0", "3-4"], ["0-1"], ["2-2"]], left=3, right=3)
    state.apply(play("3-6", RIGHT))
    assert last_result(state).outcome == "ceki_biasa"
    habis = position([["3-6"], ["0-0", "1-2"], ["0-1"], ["2-2"]], left=3, right=3)
    habis.apply(play("3-6", LEFT))
    assert last_result(habis).outcome == "ceki_habis"


def test_D13_menang_biasa_when_the_last_tile_fits_one_end_only():
    state = position([["4-4"], ["0-0", "5-6"], ["0-1"], ["2-2"]], left=4, right=1)
    state.apply(play("4-4", LEFT))
    result = last_result(state)
    assert (result.outcome, result.winners, result.points) == ("menang_biasa", (0,),
                                                               (2, 0, 0, -1))


def test_D14_seven_doubles_win_at_once():
    state = DominoState(NAMES)
    doubles = ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6"]
    rest = [tile_text(t) for t in ALL_TILES if tile_text(t) not in doubles]
    state.start_deal(deal_by_chair(state, rest[0:7], doubles, rest[7:14], rest[14:21]))
    result = last_result(state)
    assert (result.outcome, result.winners, result.points) == ("all_doubles", (1,),
                                                               (-1, 2, 0, 0))
    assert state.needs_deal() and state.deal_number == 1


BLOCKER = ["2-5", "3-4"]  # Ani blocks with 2-5 on the right: ends 2 and 2, every 2 is out


@pytest.mark.parametrize("others, outcome, winners, points", [
    # D15: the blocker is strictly lowest
    ([["6-6"], ["5-6"], ["4-4"]], "kandang", (0,), (3, 0, 0, -2)),
    # D16: one catcher lower / equal
    ([["0-1"], ["6-6"], ["4-4"]], "tangkap_kandang", (1,), (-3, 4, 0, 0)),
    ([["1-6"], ["6-6"], ["5-6"]], "tangkap_kandang", (1,), (-2, 2, 0, 0)),
    # D16: two catchers: each share halved, the blocker's penalty unchanged
    ([["0-3"], ["6-6"], ["1-1", "0-1"]], "tangkap_kandang", (1, 3), (-3, 2, 0, 2)),
    ([["1-6"], ["6-6"], ["0-1", "0-6"]], "tangkap_kandang", (1, 3), (-2, 1, 0, 1)),
])
def test_D15_D16_kandang_and_tangkap_kandang(others, outcome, winners, points):
    blocker_hand = BLOCKER if outcome != "kandang" else ["2-5", "0-0"]
    state = position([blocker_hand, *others], left=2, right=5)
    state.apply(play("2-5", RIGHT))
    result = last_result(state)
    assert (result.outcome, result.winners, result.points) == (outcome, winners, points)
    assert result.blocker == 0


def test_D16_pips_count_every_tile_left_and_0_0_counts_zero():
    state = position([["2-5", "0-0"], ["6-6"], ["5-6"], ["4-4"]], left=2, right=5)
    state.apply(play("2-5", RIGHT))
    assert last_result(state).pips == (0, 12, 11, 8)


# --- D17: ranking and tie-breaks --------------------------------------------------------------

def test_D17_no_tie_ranks_by_points():
    state = before_last_deal([5, 3, 1, 0])
    state.start_deal(all_doubles_deal_to_chair(state, 3))   # chair D = player 3; above: player 0
    assert state.is_terminal()
    assert state.totals == [4, 3, 1, 2]
    assert state.ranking == (0, 1, 3, 2)


def test_D17_tied_players_play_a_tiebreak_deal_that_orders_them_only():
    state = before_last_deal([5, 3, 3, 0])
    events = state.start_deal(all_doubles_deal_to_chair(state, 3))
    assert state.totals == [4, 3, 3, 2]
    assert TiebreakNeeded((1, 2)) in events and state.needs_deal()
    with pytest.raises(IllegalAction, match="tie-break deal among players 1, 2"):
        state.start_deal(all_doubles_deal_to_chair(state, 0))
    # Players 1 and 2 keep their chairs A and B (deals 9-12); Budi (chair A) holds no double but
    # the highest double in play opens: Citra's 5-5.
    tiebreak = deal_by_player(state, {1: NON_DOUBLES[0:7],
                                      2: ["5-5", "4-4", *NON_DOUBLES[7:12]]})
    state.start_deal(tiebreak)
    assert state.order == (1, 2) and state.current_player() == 2
    assert state.legal_actions() == [opening("5-5")]
    table_totals = list(state.totals)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.totals == table_totals, "tie-break points are not added to the match totals"
    tie_result = last_result(state)
    assert tie_result.tiebreak
    winner = 1 if tie_result.points[1] > tie_result.points[2] else 2
    assert state.ranking == (0, winner, 3 - winner, 3)


def test_D17_several_tied_groups_play_from_the_highest_total_down():
    state = before_last_deal([4, 1, 2, 3])
    state.start_deal(all_doubles_deal_to_chair(state, 2))  # chair C = player 0 +2, player 2 -1
    assert state.totals == [6, 1, 1, 3]
    state = before_last_deal([2, 2, 2, 0])
    state.start_deal(all_doubles_deal_to_chair(state, 2))  # player 0 +2, chair B = player 2 -1
    assert state.totals == [4, 2, 1, 0]
    state = before_last_deal([1, 3, 0, 1])
    state.start_deal(all_doubles_deal_to_chair(state, 1))  # player 2 +2, chair A = player 1 -1
    assert state.totals == [1, 2, 2, 1]
    # Two groups: {1, 2} on 2 points plays first, then {0, 3} on 1 point.
    assert state.tiebreak_group == (1, 2) and state.pending_tiebreaks == [(0, 3)]
    state.start_deal(deal_by_player(state, {1: ALL_DOUBLES, 2: NON_DOUBLES[0:7]}))
    assert state.tiebreak_group == (0, 3) and not state.is_terminal()
    state.start_deal(deal_by_player(state, {0: NON_DOUBLES[0:7], 3: ALL_DOUBLES}))
    assert state.totals == [1, 2, 2, 1]
    assert state.ranking == (1, 2, 3, 0)


def test_D17_players_still_tied_after_a_tiebreak_deal_play_another():
    state = before_last_deal([1, 0, 0, -2])
    state.start_deal(all_doubles_deal_to_chair(state, 3))   # player 3 +2, player 0 -1
    assert state.totals == [0, 0, 0, 0]
    assert state.tiebreak_group == (0, 1, 2, 3)
    # Chairs A=1, B=2, C=0, D=3. Citra (B) gets all doubles: +2, Budi (A, above her) -1,
    # Ani and Dewi 0 each: still tied, so they alone play again.
    state.start_deal(deal_by_player(state, {1: NON_DOUBLES[0:7], 2: ALL_DOUBLES,
                                            0: NON_DOUBLES[7:14], 3: NON_DOUBLES[14:21]}))
    assert state.tiebreak_group == (0, 3)
    state.start_deal(deal_by_player(state, {0: ALL_DOUBLES, 3: NON_DOUBLES[0:7]}))
    assert state.is_terminal()
    assert state.ranking == (2, 0, 3, 1)
    assert state.totals == [0, 0, 0, 0]


def test_D17_three_way_tie_plays_in_chair_order_skipping_the_empty_chair():
    state = before_last_deal([2, 2, 2, 0])
    state.start_deal(all_doubles_deal_to_chair(state, 3))   # player 3 +2, player 0 -1
    assert state.totals == [1, 2, 2, 2]
    assert state.tiebreak_group == (1, 2, 3)
    # Chairs A=1, B=2, C=0 (not playing), D=3: the turn goes 1 -> 2 -> 3 -> 1.
    state.start_deal(deal_by_player(state, {1: ["6-6", *NON_DOUBLES[0:6]],
                                            2: NON_DOUBLES[6:13], 3: NON_DOUBLES[13:20]}))
    assert state.order == (1, 2, 3)
    state.apply(opening("6-6"))
    assert state.current_player() == 2
    while not state.is_terminal() and state.tiebreak_group is None:
        state.apply(state.legal_actions()[0])
        if state.phase is Phase.DEAL:
            break
    tie = last_result(state)
    assert tie.tiebreak and tie.points[0] == 0 and tie.pips[0] == 0


def test_D17_a_tiebreak_deal_can_be_blocked_by_its_opening_tile():
    state = before_last_deal([5, 3, 3, 0])
    state.start_deal(all_doubles_deal_to_chair(state, 3))
    assert state.tiebreak_group == (1, 2)
    state.start_deal(deal_by_player(state, {
        1: ["6-6", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"],
        2: ["1-1", "1-2", "1-3", "1-4", "1-5", "2-2", "2-3"]}))
    state.apply(opening("6-6"))                 # nobody holds another 6: blocked at once
    result = last_result(state)
    assert (result.outcome, result.winners, result.blocker) == ("kandang", (1,), 1)
    assert result.points == (0, 3, -2, 0) and result.pips == (0, 15, 29, 0)
    assert state.ranking == (0, 1, 2, 3)
