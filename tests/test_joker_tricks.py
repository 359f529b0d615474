"""Playing a trick: following (J8), a joker led (J9), a joker not led (J10), who takes (J11)."""

from __future__ import annotations

import pytest

from game.joker.actions import Play, TrickTaken
from test_joker_helpers import (assert_illegal, bid_all, legal_texts, play, start, state_at)


def three_card_deal(*hands: str, trump: str, **options):
    """Deal 3 (3 cards each), seat 0 leads, seat 3 deals; everybody has bid 0."""
    state = state_at(2, leader=0, **options)
    start(state, *hands, trump=trump)
    bid_all(state, 0, 0, 0, 0)
    return state


def trick_winner(plays: list[tuple[str, ...]], trump: str, **options) -> int:
    """Deal 1 (one card each), seat 0 leads: plays are (card,) or (joker, mode[, suit])."""
    state = state_at(0, leader=0, **options)
    start(state, *(p[0] for p in plays), trump=trump)
    bid_all(state, 0, 0, 0, 0)
    events = []
    for p in plays:
        events += play(state, *p)
    return [e for e in events if isinstance(e, TrickTaken)][0].winner


# --- J8: following -----------------------------------------------------------------------------

HANDS_FOLLOW = ("7H 8D 9D", "AH 7S 8C", "KH QH 10C", "9H JD QD")


def test_j8_must_follow_suit():
    state = three_card_deal(*HANDS_FOLLOW, trump="6D")
    play(state, "7H")
    assert legal_texts(state) == {"AH"}
    assert_illegal(state, lambda: play(state, "7S"), "you hold hearts and must follow suit")
    play(state, "AH")
    assert legal_texts(state) == {"KH", "QH"}


def test_j8_void_player_must_trump():
    state = three_card_deal("7H 8H 9H", "7D 7S 8C", "KH QH 10C", "9D JD QD", trump="6D")
    play(state, "7H")
    assert legal_texts(state) == {"7D"}
    assert_illegal(state, lambda: play(state, "7S"), "no hearts", "must play a trump")


def test_j8_void_without_trump_plays_anything():
    state = three_card_deal("7H 8H 9H", "7S 8S 8C", "KH QH 10C", "9D JD QD", trump="6D")
    play(state, "7H")
    assert legal_texts(state) == {"7S", "8S", "8C"}


def test_j8_a_joker_may_always_be_played():
    state = three_card_deal("7H 8D 9D", "AH X1 8C", "KH QH 10C", "9H JD QD", trump="6D")
    play(state, "7H")
    assert legal_texts(state) == {"AH", "X1 high", "X1 under"}


def test_j8_bezi_has_no_trump_to_force():
    state = three_card_deal("7H 8H 9H", "7D 7S 8C", "KH QH 10C", "9D JD QD", trump="X1")
    play(state, "7H")
    assert legal_texts(state) == {"7D", "7S", "8C"}


# --- J9: a joker led ----------------------------------------------------------------------------

def test_j9_the_leader_names_mode_and_suit():
    state = three_card_deal("X1 7D 8D", "KH 7H 8C", "X2 QH 9H", "JD 9D 10C", trump="6D")
    assert legal_texts(state) == {"7D", "8D"} | {f"X1 {mode} {suit}" for mode in ("high", "takes")
                                                 for suit in "HDCS"}
    assert_illegal(state, lambda: play(state, "X1", "under"), "cannot be played under")
    assert_illegal(state, lambda: play(state, "X1", "under", "H"), "cannot be played under")
    assert_illegal(state, lambda: play(state, "X1"), "needs a mode and a suit")
    assert_illegal(state, lambda: play(state, "X1", "high"), "needs a mode and a suit")
    assert_illegal(state, lambda: play(state, "7D", "high", "H"), "7D is not a joker")


def test_j9_joker_led_high_asks_for_the_highest_card():
    state = three_card_deal("X1 7D 8D", "KH 7H 8C", "X2 QH 9H", "JD 9D 10C", trump="6D")
    play(state, "X1", "high", "H")
    assert legal_texts(state) == {"KH"}
    assert_illegal(state, lambda: play(state, "7H"), "highest heart, KH")
    play(state, "KH")
    # the highest plain card, or a joker instead
    assert legal_texts(state) == {"QH", "X2 high", "X2 under"}
    play(state, "QH")
    # void in hearts with trumps: any trump, not only the highest
    assert legal_texts(state) == {"JD", "9D"}
    assert_illegal(state, lambda: play(state, "10C"), "must play a trump")


def test_j9_joker_led_high_void_without_trumps_plays_anything():
    state = three_card_deal("X1 7D 8D", "9S 10S JC", "KH QH 9H", "JD 9D 10C", trump="6D")
    play(state, "X1", "high", "H")
    assert legal_texts(state) == {"9S", "10S", "JC"}


def test_j9_joker_led_high_in_trump_asks_for_the_highest_trump():
    state = three_card_deal("X1 7H 8H", "9D QD JC", "KH QH 9H", "JD 8D 10C", trump="6D")
    play(state, "X1", "high", "D")
    assert legal_texts(state) == {"QD"}


def test_j9_joker_led_takes_asks_for_any_card_of_the_suit():
    state = three_card_deal("X1 7D 8D", "KH 7H 8C", "X2 QH 9H", "JD 9D 10C", trump="6D")
    play(state, "X1", "takes", "H")
    assert legal_texts(state) == {"KH", "7H"}
    play(state, "7H")
    play(state, "9H")
    assert legal_texts(state) == {"JD", "9D"}  # void in hearts: a trump


# --- J10: a joker not led -----------------------------------------------------------------------

def test_j10_joker_not_led_is_high_or_under_only():
    state = three_card_deal("7H 8D 9D", "AH X1 8C", "KH QH 10C", "9H JD QD", trump="6D")
    play(state, "7H")
    assert_illegal(state, lambda: play(state, "X1"), "\"high\" or \"under\"")
    assert_illegal(state, lambda: play(state, "X1", "takes"), "only a led joker")
    assert_illegal(state, lambda: play(state, "X1", "high", "H"), "without a suit")
    assert_illegal(state, lambda: play(state, "X2", "high"), "X2 is not in your hand")


# --- J11: who takes the trick -------------------------------------------------------------------

def test_j11_highest_card_of_the_led_suit():
    assert trick_winner([("7H",), ("AH",), ("6H",), ("KD",)], trump="7C") == 1


def test_j11_highest_trump():
    assert trick_winner([("AH",), ("7C",), ("KH",), ("8C",)], trump="9C") == 3


def test_j11_bezi_no_trump():
    assert trick_winner([("7H",), ("AS",), ("AD",), ("AC",)], trump="X1") == 0


def test_j11_joker_played_high_beats_trumps():
    assert trick_winner([("AH",), ("X1", "high"), ("AC",), ("KH",)], trump="9C") == 1


def test_j11_joker_played_under_never_takes():
    assert trick_winner([("7H",), ("X1", "under"), ("8H",), ("7D",)], trump="9C") == 2


@pytest.mark.parametrize("second,winner", [("high", 3), ("under", 1)])
def test_j11_both_jokers_not_led(second, winner):
    assert trick_winner([("7H",), ("X1", "high"), ("AC",), ("X2", second)], trump="9C") == winner


@pytest.mark.parametrize("lead_mode,second,winner", [
    ("high", "high", 2), ("high", "under", 0), ("takes", "high", 2), ("takes", "under", 1)])
def test_j11_both_jokers_one_led(lead_mode, second, winner):
    plays = [("X1", lead_mode, "H"), ("7H",), ("X2", second), ("8D",)]
    assert trick_winner(plays, trump="9C") == winner


def test_j11_joker_led_high_takes_against_higher_cards():
    assert trick_winner([("X1", "high", "H"), ("AH",), ("KH",), ("QH",)], trump="9C") == 0


def test_j11_joker_led_takes_is_the_lowest_card_of_the_suit():
    assert trick_winner([("X1", "takes", "H"), ("7H",), ("9D",), ("8S",)], trump="9C") == 1
    assert trick_winner([("X1", "takes", "H"), ("7D",), ("9D",), ("8S",)], trump="9C") == 0
    assert trick_winner([("X1", "takes", "H"), ("7H",), ("9C",), ("8S",)], trump="7C") == 2


def test_j11_joker_led_takes_in_trump_is_the_lowest_trump():
    assert trick_winner([("X1", "takes", "S"), ("7H",), ("7S",), ("8D",)], trump="9S") == 2
    assert trick_winner([("X1", "takes", "S"), ("7H",), ("7D",), ("8D",)], trump="9S") == 0


VOID_WITH_TRUMP = [("X1", "high", "H"), ("7S",), ("9D",), ("10D",)]  # trump spades
VOID_WITHOUT_TRUMP = [("X1", "high", "H"), ("8C",), ("9D",), ("10D",)]


@pytest.mark.parametrize("option,winner", [(False, 0), (True, 1)])
def test_j11_joker_led_high_then_a_void_player_trumps(option, winner):
    assert trick_winner(VOID_WITH_TRUMP, trump="9S", trump_beats_high_joker_lead=option) == winner


@pytest.mark.parametrize("option", [False, True])
def test_j11_joker_led_high_then_a_void_player_without_trumps(option):
    assert trick_winner(VOID_WITHOUT_TRUMP, trump="9S", trump_beats_high_joker_lead=option) == 0


def test_j11_option_highest_trump_takes():
    plays = [("X1", "high", "H"), ("7S",), ("AS",), ("10D",)]
    assert trick_winner(plays, trump="9S", trump_beats_high_joker_lead=True) == 2


@pytest.mark.parametrize("option", [False, True])
def test_j11_option_later_joker_high_still_takes(option):
    plays = [("X1", "high", "H"), ("7S",), ("X2", "high"), ("10D",)]
    assert trick_winner(plays, trump="9S", trump_beats_high_joker_lead=option) == 2


def test_j11_option_never_applies_when_the_named_suit_is_trump():
    plays = [("X1", "high", "S"), ("7S",), ("9D",), ("10D",)]
    assert trick_winner(plays, trump="9S", trump_beats_high_joker_lead=True) == 0


def test_j11_option_never_applies_without_trump():
    assert trick_winner(VOID_WITH_TRUMP, trump="X2", trump_beats_high_joker_lead=True) == 0


def test_j9_j11_void_with_trumps_must_trump_a_high_joker_lead_and_wins_with_the_option():
    for option, winner in ((False, 0), (True, 3)):
        state = three_card_deal("X1 7D 8D", "7S 9D 10C", "KH QH 9H", "JD 8S 10D", trump="AS",
                                trump_beats_high_joker_lead=option)
        play(state, "X1", "high", "H")
        assert legal_texts(state) == {"7S"}
        play(state, "7S")
        play(state, "KH")
        events = play(state, "8S")  # seat 3 is void in hearts too: a higher trump
        assert events[-1].winner == winner


def test_j7_trick_winner_leads_next():
    state = three_card_deal("7H 8D 9D", "AH 7S 8C", "KH QH 10C", "9H JD QD", trump="6D")
    for card in ("7H", "AH", "KH", "9H"):
        events = play(state, card)
    assert events[-1].winner == 1
    assert state.current_player() == 1
    assert isinstance(state.legal_actions()[0], Play)
