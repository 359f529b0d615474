"""T6–T11: turns, rounds, the 4-pair exception, leads, the end of a game; illegal actions."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.tienlen.actions import PASS, CardsPlayed, Chopped, Deal, Play, RoundEnded
from game.tienlen.cards import parse
from test_tienlen_support import (CHAIN_HANDS, cards, dealt, hand, legal_texts, new_state, play,
                                  position)

# Four full first-game hands: Ani holds 3♠; no instant win anywhere.
HANDS = CHAIN_HANDS


def snapshot(state):
    return (list(state.hands), state.to_move, state.table, state.table_player, state.passed,
            list(state.gold), len(state.history), state.must_include, state.chain_cards)


def assert_illegal(state, action, message):
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert snapshot(state) == before, "an illegal action changes nothing"


# --- T6–T8 ----------------------------------------------------------------------------------------

def test_t6_t7_first_game_holder_of_3s_leads_then_seat_order():
    state = dealt(HANDS)
    assert state.current_player() == 0
    state.apply(play("3S"))
    assert state.current_player() == 1          # T6: 0 -> 1 -> 2 -> 3
    state.apply(play("4D"))
    assert state.current_player() == 2


def test_t7_first_play_must_contain_3s_and_all_legal_leads_do():
    state = dealt(HANDS)
    legal = state.legal_actions()
    assert legal and all(parse("3S") in a.cards for a in legal)
    assert PASS not in legal
    assert_illegal(state, play("4H"), "the first play of the first game must contain 3♠")


def test_t7_with_fewer_players_and_no_3s_the_lowest_card_leads_and_must_be_played():
    """T7 (interpretation): 3 players, 3♠ out of play: the holder of the lowest card (3♣)."""
    state = dealt(["4S 5S 6S 7S 8S 10H JH QH KH AH 2D 2H 4H",
                   "3C 4D 8D 10D KD AD 2C 5H 5C 6H 6C 7H 7C",
                   "3D 4C 5D 6D 7D 8C 10C JD QD 9S 9C 9D 9H"])
    assert state.current_player() == 1
    assert all(parse("3C") in a.cards for a in state.legal_actions())
    assert_illegal(state, play("4D"), "must contain 3♣")


def test_t7_later_game_winner_leads_any_combination():
    state = dealt(HANDS, later_game_winner=2)
    assert state.current_player() == 2
    assert "9S 9C 9D 9H" in legal_texts(state) and "3D" in legal_texts(state)


@pytest.mark.parametrize("winner, cards_left, leader", [
    (0, [0, 5, 2, 2], 2),       # Citra and Dewi tie on 2 cards: Citra is earlier after Ani
    (2, [3, 3, 0, 9], 0),       # Ani and Budi tie: after Citra come Dewi, then Ani
])
def test_t7_later_game_runner_up_leads_when_the_winner_has_left(winner, cards_left, leader):
    """T7 (interpretation): fewest cards left last game, ties to the earlier seat after the
    winner in turn order."""
    state = new_state(4)
    state.games_started, state.last_winner, state.last_cards_left = 1, winner, cards_left
    state.at_table[winner] = False
    state.start_deal(Deal(tuple(() if p == winner else cards(HANDS[p]) for p in range(4))))
    assert state.current_player() == leader
    assert state.must_include == 0


def test_t8_must_beat_the_table_or_pass_and_a_pass_is_for_the_round():
    state = position(["9S 2S", "10S 3C", "JS 4C"], to_move=1, table="9H", table_player=0)
    assert legal_texts(state) == {"10S", "pass"}
    assert_illegal(state, play("3C"), "3♣ does not beat 9♥")
    state.apply(PASS)
    assert state.current_player() == 2
    state.apply(play("JS"))
    assert state.current_player() == 0          # Budi passed: skipped for the round
    assert legal_texts(state) == {"2S", "pass"}
    state.apply(play("2S"))
    assert state.current_player() == 2          # Budi still skipped


def test_t8_when_everyone_else_passed_the_last_player_leads_anything():
    state = position(["9S 2S", "10S 3C", "JS 4C"], to_move=1, table="9H", table_player=0)
    state.apply(PASS)
    events = state.apply(PASS)
    assert RoundEnded(0) in events
    assert state.current_player() == 0 and state.table is None
    assert legal_texts(state) == {"9S", "2S"}
    assert_illegal(state, PASS, "you cannot pass when you lead")


def test_t8_lead_offers_every_distinct_combination():
    state = position(["5S 5H 6D 7C", "3C"], to_move=0)
    assert legal_texts(state) == {"5S", "5H", "6D", "7C", "5S 5H", "5S 6D 7C", "5H 6D 7C"}


# --- T9: the 4-pair exception -------------------------------------------------------------------

FOUR_PAIRS = "6S 6C 7S 7C 8S 8C 9S 9C"


def test_t9_passed_player_with_four_pairs_is_offered_the_chop_and_stay_passed():
    state = position(["2H 3S", f"{FOUR_PAIRS} KD", "JS JC QS QC KS KC 4D", "5D"],
                     to_move=2, table="2H", table_player=0, passed=(1,))
    state.hands[0] = hand("3S")
    state.apply(play("JS JC QS QC KS KC"))      # Citra chops the 2♥ with 3 pairs
    assert state.current_player() == 3
    state.apply(PASS)
    assert state.current_player() == 0
    state.apply(PASS)
    assert state.current_player() == 1          # passed, but holds 4 pairs that beat 3 pairs
    assert legal_texts(state) == {FOUR_PAIRS, "pass"}
    events = state.apply(play(FOUR_PAIRS))
    assert Chopped(1, 2, 20, 40) in events      # T13: chained on the 2♥ chop (20 + 20)
    assert state.current_player() == 2          # Budi is back in the round (decision 6)


def test_t9_stay_passed_then_the_round_ends():
    state = position(["3S", f"{FOUR_PAIRS} KD", "JS JC QS QC KS KC 4D", "5D"],
                     to_move=3, table="JS JC QS QC KS KC", table_player=2, passed=(1,))
    state.apply(PASS)
    state.apply(PASS)
    assert state.current_player() == 1
    events = state.apply(PASS)                  # stay passed
    assert RoundEnded(2) in events and state.current_player() == 2


def test_t9_passed_player_without_a_beating_4_pair_run_is_skipped():
    # the table is an ordinary single: 4 pairs do not beat it (T5), Budi is skipped
    state = position(["3S", f"{FOUR_PAIRS} KD", "4D AS", "5D"],
                     to_move=2, table="KS", table_player=0, passed=(1,))
    state.apply(play("AS"))
    state.apply(PASS)
    state.apply(PASS)
    assert state.current_player() == 2 and state.table is None
    # a 4-pair run lower than the one on the table is no chop either
    state = position(["3S", "3C 3D 4C 4D 5C 5D 6C 6D KD", "4S", "5S"],
                     to_move=3, table=FOUR_PAIRS, table_player=2, passed=(1,))
    state.apply(PASS)
    state.apply(PASS)
    assert state.current_player() == 2 and state.table is None


def test_t9_passed_player_may_only_come_back_with_four_pairs():
    state = position(["3S", f"{FOUR_PAIRS} 2H", "4D", "5D"],
                     to_move=1, table="2C", table_player=0, passed=(1,))
    assert legal_texts(state) == {FOUR_PAIRS, "pass"}
    assert_illegal(state, play("2H"), "passed this round")


# --- T10 ------------------------------------------------------------------------------------------

def test_t10_the_game_ends_when_a_player_plays_their_last_card():
    state = position(["KH", "3C 4C", "5C"], to_move=0)
    events = state.apply(play("KH"))
    assert state.current_player() is None and state.needs_deal()
    assert state.results[-1].winner == 0
    assert isinstance(events[0], CardsPlayed)


# --- T11: the timer's move -----------------------------------------------------------------------

def test_t11_timeout_passes_or_plays_the_lowest_single():
    state = dealt(HANDS)
    assert state.timeout_action() == play("3S")
    state.apply(play("3S 4H 5H"))
    assert state.timeout_action() == PASS
    lead = position(["9S 5D 2S", "3C"], to_move=0)
    assert lead.timeout_action() == play("5D")


# --- illegal actions change nothing ---------------------------------------------------------------

def test_illegal_actions_are_refused_in_words():
    state = position(["9S 9H 5S 6H 2S", "10S 3C"], to_move=0)
    assert_illegal(state, play("7H"), "7H is not in Ani's hand")
    assert_illegal(state, play("5S 6H"), "5♠ 6♥ is not a combination")
    assert_illegal(state, Play((0, 0)), "listed twice")
    assert_illegal(state, Play((99,)), "is not a card")
    assert_illegal(state, Play(()), "at least one card")
    assert_illegal(state, "pass", "not a Tiến Lên action")
    state.apply(play("9S 9H"))
    assert_illegal(state, play("10S"), "10♠ does not beat 9♠ 9♥")


def test_unsorted_cards_are_accepted_like_sorted_ones():
    state = position(["9S 9H 5S", "10S 3C"], to_move=0)
    state.apply(Play((parse("9H"), parse("9S"))))
    assert state.history[-1] == CardsPlayed(0, cards("9S 9H"))


def test_no_action_between_games():
    state = position(["KH", "3C 4C"], to_move=0)
    state.apply(play("KH"))
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(PASS)


# --- observation and clone ----------------------------------------------------------------------

def test_observation_shows_own_hand_sizes_and_public_history_only():
    state = dealt(HANDS)
    state.apply(play("3S 4H 5H"))
    state.apply(PASS)
    seen = state.observation(2)
    assert seen.hand == cards(HANDS[2])
    assert seen.hand_sizes == (10, 13, 13, 13)
    assert seen.table_cards == cards("3S 4H 5H") and seen.table_player == 0
    assert seen.passed == (1,) and seen.current_player == 2
    assert seen.gold == (1000,) * 4 and seen.game == 1
    others = {c for p in (0, 1, 3) for c in cards(HANDS[p])} - set(cards("3S 4H 5H"))
    flat = repr(seen.history) + repr(seen.hand)
    assert all(f"cards=({c}," not in flat for c in others if c not in seen.hand)
    assert [type(e).__name__ for e in seen.history] == ["GameStarted", "CardsPlayed", "Passed"]


def test_clone_copies_every_field():
    state = dealt(HANDS)
    state.apply(play("3S"))
    copy = state.clone()
    for slot in state.__slots__:
        original, copied = getattr(state, slot), getattr(copy, slot)
        assert original == copied, slot
        assert type(original) is not list or original is not copied, f"{slot} must be copied"


def test_T11_the_controller_timeout_hook_uses_the_tienlen_rule():
    from game.core.table import Table
    from game.tienlen.definition import TIENLEN

    table = Table("tienlen", ["A", "B", "C", "D"], seed=3)
    table.deal_if_needed()
    state = table.state
    if state.current_player() is None:
        return  # an instant win ended the game at the deal
    legal = state.legal_actions()
    chosen = TIENLEN.timeout_action(state, legal, fallback=legal[-1])
    assert chosen == state.timeout_action()
    assert chosen in legal
