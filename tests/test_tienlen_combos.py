"""T1–T5 and T12: cards, combinations, comparison, chops and their values, generation."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.errors import ScenarioError
from game.tienlen.cards import cards_of, mask_of, parse, pretty
from game.tienlen.combos import (PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE,
                                 beats, chopped_value, classify, combos_of_hand, is_chop)
from test_tienlen_support import cards, combo


# --- T1, T2: cards --------------------------------------------------------------------------------

def test_t2_rank_order_then_suit_order():
    order = "3S 3C 3D 3H 4S 10H JS QS KS AS AH 2S 2C 2D 2H".split()
    assert [parse(t) for t in order] == sorted(parse(t) for t in order)
    assert parse("3S") == 0 and parse("2H") == 51 and parse("10h") == parse("10H")


def test_t1_parse_rejects_what_is_not_one_of_the_52_cards():
    for bad in ("X1", "1S", "11H", "AZ", "", 5):
        with pytest.raises(ScenarioError):
            parse(bad)


def test_pretty_uses_suit_symbols():
    assert pretty(parse("10H")) == "10♥" and pretty(parse("3S")) == "3♠"


# --- T3: classification ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind, size", [
    ("7D", SINGLE, 1), ("9S 9H", PAIR, 2), ("KS KC KD", TRIPLE, 3), ("5S 5C 5D 5H", QUAD, 4),
    ("3S 4H 5D", STRAIGHT, 3), ("10S JS QS KS AS", STRAIGHT, 5),
    ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", STRAIGHT, 12),
    ("3S 3C 4D 4H 5S 5H", PAIR_RUN, 6), ("QS QC KD KH AS AH JS JC", PAIR_RUN, 8),
    ("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C", PAIR_RUN, 10), ("2S 2H", PAIR, 2), ("2S 2C 2H", TRIPLE, 3),
])
def test_t3_combinations(text, kind, size):
    found = classify(cards(text))
    assert (found.kind, found.size) == (kind, size)
    assert found.top == max(cards(text))


@pytest.mark.parametrize("text", [
    "5S 6H",                    # two different ranks
    "QS KS AS 2S",              # T3: no 2 in a straight, A is only high
    "KS AS 2S", "AS 2S 3S",     # no wrapping round
    "3S 4S",                    # a straight needs 3 cards
    "3S 3C 4S 4C",              # consecutive pairs need 3 pairs
    "AS AC 2S 2C 3S 3C",        # no 2 in a run of pairs
    "3S 3C 4S 4C 6S 6C",        # not consecutive
    "3S 3C 3D 4S 4C 5S",        # not pairs
    "3S 3C 4S 4C 5S 5C 6S",     # an odd card over
    "10S 10C QS QC KD KH AS AH",  # a rank missing
    "5S 5C 5D 5H 6S",
])
def test_t3_non_combinations(text):
    assert classify(cards(text)) is None


# --- T4, T5: does X beat Y, for every pair of kinds -----------------------------------------------

EXAMPLES = {
    "single": "9H", "single 2": "2S", "pair": "9S 9C", "pair of 2s": "2S 2C", "triple": "9S 9C 9D",
    "triple 2s": "2S 2C 2D", "quad": "6S 6C 6D 6H", "straight3": "7S 8S 9S",
    "straight5": "7S 8S 9S 10S JS", "3 pairs": "6S 6C 7S 7C 8S 8C",
    "4 pairs": "6S 6C 7S 7C 8S 8C 9S 9C",
}
#: T5: new kind -> the example kinds it beats although they are not of its kind
CHOPS = {
    "3 pairs": {"single 2"},
    "quad": {"single 2", "pair of 2s", "3 pairs"},
    "4 pairs": {"single 2", "pair of 2s", "3 pairs", "quad"},
}


@pytest.mark.parametrize("new", sorted(EXAMPLES))
@pytest.mark.parametrize("old", sorted(EXAMPLES))
def test_t4_t5_beats_table_of_every_pair_of_kinds(new, old):
    """T4: same kind and size compare by the top card; T5: only the listed chops cross kinds."""
    a, b = combo(EXAMPLES[new]), combo(EXAMPLES[old])
    same = (a.kind, a.size) == (b.kind, b.size)
    expected = a.top > b.top if same else old in CHOPS.get(new, set())
    assert beats(a, b) is expected


@pytest.mark.parametrize("new, old, expected", [
    ("9H", "9D", True), ("9D", "9H", False), ("10S", "9H", True),        # T2 rank then suit
    ("9S 9H", "9C 9D", True), ("9C 9D", "9S 9H", False),                 # pair by its top card
    ("4S 5S 6H", "4D 5D 6D", True), ("4S 5S 6D", "4D 5D 6H", False),     # straight: top card
    ("4S 5S 6S 7S", "5D 6D 7D", False),                                  # different length
    ("JS QS KS", "3S 4S 5S 6S", False),
    ("KS KC KD", "QS QC QH", True),                                      # triples by rank
    ("2H", "2D", True), ("2D", "2H", False),                             # a higher 2 is no chop
    ("2D 2H", "2S 2C", True),
    ("3S 3C 4S 4C 5S 5H", "3D 3H 4D 4H 5C 5D", True),                    # 3-pair runs: top card
    ("3D 3H 4D 4H 5C 5D", "3S 3C 4S 4C 5S 5H", False),
    ("3S 3C 4S 4C 5S 5C", "2H", True),                                   # T5: the lowest run
    ("3S 3C 4S 4C 5S 5C", "2D 2H", False),                               # T5: never a pair of 2s
    ("3S 3C 4S 4C 5S 5C", "AS AC", False),                               # nor an ordinary pair
    ("3S 3C 4S 4C 5S 5C 6S 6C", "KS", False),                            # bombs beat no ordinary
    ("3S 3C 3D 3H", "AS", False),
    ("3S 3C 3D 3H", "2D 2H", True), ("3S 3C 3D 3H", "KS KC KD KH", False),
    ("4S 4C 4D 4H", "3S 3C 3D 3H", True),
    ("3S 3C 4S 4C 5S 5C 6S 6C", "AS AC AD AH", True),
    ("3S 3C 4S 4C 5S 5C 6S 6C", "QS QC KS KC AS AC", True),
    ("3S 3C 4S 4C 5S 5C 6S 6C", "4D 4H 5D 5H 6D 6H 7D 7H", False),
    ("4D 4H 5D 5H 6D 6H 7D 7H", "3S 3C 4S 4C 5S 5C 6S 6C", True),
    ("2S 2C 2D", "2H", False), ("3S 3C 3D 3H", "2S 2C 2D", False),       # decision 2
    ("4S 4C 5S 5C 6S 6C 7S 7C 8S 8C", "3D 3H 4D 4H 5D 5H 6D 6H 7D 7H", True),  # decision 1
    ("4S 4C 5S 5C 6S 6C 7S 7C 8S 8C", "2H", False),
])
def test_t4_t5_specific_comparisons(new, old, expected):
    assert beats(combo(new), combo(old)) is expected


# --- T12: what a chop is worth --------------------------------------------------------------------

@pytest.mark.parametrize("old, value", [
    ("2S", 10), ("2C", 10), ("2D", 20), ("2H", 20),
    ("2S 2C", 20), ("2S 2H", 30), ("2D 2H", 40),
    ("3S 3C 4S 4C 5S 5C", 20), ("9S 9C 9D 9H", 40), ("3S 3C 4S 4C 5S 5C 6S 6C", 60),
    ("AS", None), ("AS AH", None), ("2S 2C 2D", None), ("3S 4S 5S", None),
])
def test_t12_chopped_values(old, value):
    assert chopped_value(combo(old)) == value


@pytest.mark.parametrize("new, old, chop", [
    ("3S 3C 4S 4C 5S 5C", "2H", True),
    ("9S 9C 9D 9H", "2S 2C", True),
    ("9S 9C 9D 9H", "3S 3C 4S 4C 5S 5C", True),        # a bomb that was simply led (T12)
    ("10S 10C 10D 10H", "9S 9C 9D 9H", True),
    ("2H", "2S", False),                                # beaten by a higher 2: no chop
    ("2D 2H", "2S 2C", False),
])
def test_t12_what_counts_as_a_chop(new, old, chop):
    assert beats(combo(new), combo(old))
    assert is_chop(combo(new), combo(old)) is chop


# --- generation equals brute force ----------------------------------------------------------------

def brute_force(hand_mask: int) -> set[tuple[int, ...]]:
    held = cards_of(hand_mask)
    return {subset for size in range(1, len(held) + 1) for subset in combinations(held, size)
            if classify(subset) is not None}


@given(st.sets(st.integers(0, 51), min_size=0, max_size=11))
def test_generation_equals_brute_force_over_subsets(held):
    hand_mask = mask_of(held)
    generated = [e[2].cards for e in combos_of_hand(hand_mask).every]
    assert len(generated) == len(set(generated)), "each combination once"
    assert set(generated) == brute_force(hand_mask)
    for (kind, size), group in combos_of_hand(hand_mask).by_kind.items():
        for mask, top, action in group:
            found = classify(action.cards)
            assert (found.kind, found.size, found.top, found.mask) == (kind, size, top, mask)


def test_generation_of_a_crowded_hand():
    held = "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8D 9D 10D"
    generated = {e[2].cards for e in combos_of_hand(mask_of(cards(held))).every}
    assert generated == brute_force(mask_of(cards(held)))
    assert cards("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C") in generated     # a 5-pair run
    assert cards("3S 4C 5S 6C 7S 8D 9D 10D") in generated
