"""The payment table says why each loser pays what they pay (T14/T15)."""

from hypothesis import given
from hypothesis import strategies as st

from game.tienlen.cards import mask_of, parse
from game.tienlen.scoring import cong_penalty, penalty_cards
from game.ui.i18n import set_language, t
from game.ui.tienlen.payments import PaymentRow, Reason, loser_reasons, twos_reasons
from game.ui.tienlen.words import payment_words


def hand(*cards: str) -> int:
    return mask_of(parse(card) for card in cards)


def test_the_t14_example_is_explained_part_by_part():
    """T14: 2♥, 2♠ and 5 ordinary cards pay 20 + 10 + 5 = 35."""
    cards = hand("2H", "2S", "4C", "6D", "8S", "9H", "JC")
    reasons = loser_reasons(cards)
    assert sorted((r.kind, r.value) for r in reasons) == [("cards", 5), ("two", 10),
                                                          ("two", 20)]
    assert sum(r.value for r in reasons) == penalty_cards(cards) == 35


def test_a_lone_three_of_spades_and_a_bomb_are_named():
    cards = hand("3S", "7S", "7H", "7D", "7C", "QH")
    reasons = loser_reasons(cards)
    assert ("three_of_spades", 10) in [(r.kind, r.value) for r in reasons]
    assert ("bomb", 40) in [(r.kind, r.value) for r in reasons]
    assert sum(r.value for r in reasons) == penalty_cards(cards)


@given(st.sets(st.integers(0, 51), min_size=1, max_size=13))
def test_the_parts_always_add_up_to_what_is_paid(cards):
    mask = mask_of(cards)
    assert sum(r.value for r in loser_reasons(mask)) == penalty_cards(mask)
    cong = [Reason("cong", cong_penalty(mask) - sum(r.value for r in twos_reasons(mask)))]
    assert sum(r.value for r in cong + twos_reasons(mask)) == cong_penalty(mask)


def test_the_words_in_each_language_end_with_the_total():
    row = PaymentRow(1, False, False, (), 30, 0, False, 35,
                     tuple(loser_reasons(hand("2H", "2S", "4C", "6D", "8S", "9H", "JC"))), 0, -35)
    for language in ("en", "id", "vi", "ka"):
        set_language(language)
        words = payment_words(row)
        assert words.endswith("= 35") and "2♥" in words and t("tienlen.why.cards", count=5) \
            in words
    set_language("en")
