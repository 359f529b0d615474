"""T12–T15 and T17–T20: chops and chains, end-of-game payments, cóng, instant wins, gold."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.tienlen.actions import PASS, ChopSettled, InstantWin
from game.tienlen.cards import cards_of, mask_of
from game.tienlen.combos import PAIR_RUN, QUAD, combos_of_hand, two_value
from game.tienlen.scoring import cong_penalty, instant_win, penalty_cards, penalty_parts
from test_tienlen_support import (CHAIN_HANDS, CHOPS, OPENING, PASS_JSON, P, dealt, hand, play,
                                  position, run, scenario, text_of)

# --- T12–T13: chops and chains --------------------------------------------------------------------

@pytest.mark.parametrize("length, payer, receiver, value", [
    (1, 0, 1, 20),              # 3 pairs chop a red 2: 20
    (2, 1, 2, 40),              # four of a kind chops the 3 pairs: 20 + 20
    (3, 2, 3, 80),              # 4 pairs chop the four of a kind: 20 + 20 + 40
])
def test_t13_chop_chains_of_length_1_2_3_settled_at_the_end_of_the_round(
        length, payer, receiver, value):
    """T13: the last chopper receives the accumulated value from the last chopped; nobody else
    in the chain pays or receives."""
    code, out = run(scenario([CHAIN_HANDS], OPENING + CHOPS[:length] + [PASS_JSON] * 3))
    assert code == 0, out
    totals = [0] * 4
    totals[payer], totals[receiver] = -value, value
    assert out["totals"] == totals
    assert out["next"]["player"] == receiver    # the round ended: the last chopper leads


def test_t13_chain_is_not_paid_before_the_round_ends():
    code, out = run(scenario([CHAIN_HANDS], OPENING + CHOPS))
    assert code == 0 and out["totals"] == [0, 0, 0, 0]
    assert out["next"]["player"] == 0


def test_t13_chop_chain_in_a_finished_game_and_the_stake():
    """The chain of 3 (80 cards) then Dewi plays out; the others pay T14 for what they hold."""
    rest = [P("3C"), *[PASS_JSON] * 3, P("4S"), *[PASS_JSON] * 3, P("8S"), *[PASS_JSON] * 3,
            P("10S"), *[PASS_JSON] * 3, P("2S")]
    actions = OPENING + CHOPS + [PASS_JSON] * 3 + rest
    code, out = run(scenario([CHAIN_HANDS], actions, options={"stake": 2}))
    assert code == 0, out
    # Ani: 10 ordinary + 2♦ (20) = 30; Budi: 6 + 2♣ (10) = 16; Citra: 9 ordinary, and the chop 80
    assert out["deals"] == [{"outcome": "normal", "winner": 3,
                             "gold": [-60, -32, -178, 270],
                             "chops": [{"from": 2, "to": 3, "cards": 80}]}]
    assert out["totals"] == [-60, -32, -178, 270]
    assert out["finished"] is True and out["next"] is None


def test_t13_open_chain_is_settled_when_the_game_ends():
    state = position(["2H 5D", "6S 6C 7S 7C 8S 8C", "9D"], to_move=1, table="2H",
                     table_player=0)
    state.hands[0] = hand("5D")
    events = state.apply(play("6S 6C 7S 7C 8S 8C"))     # chops and plays out at once
    assert ChopSettled(0, 1, 20, 20) in events
    assert state.results[-1].chops[0].cards == 20
    # Ani pays 20 (chop) + 1 card, Citra 1 card
    assert state.results[-1].gold == (-21, 22, -1)


def test_t12_higher_2_on_a_2_is_not_a_chop_and_only_the_chopped_2_counts():
    state = position(["2S 5D", "2H 9C", "6S 6C 7S 7C 8S 8C 4D"], to_move=1, table="2S",
                     table_player=0)
    state.apply(play("2H"))
    state.apply(play("6S 6C 7S 7C 8S 8C"))
    assert state.chain_cards == 20 and state.chain_chopped == 1   # the 2♥, not the 2♠
    state.apply(PASS)
    state.apply(PASS)
    assert state.returns() == [0, -20, 20]


# --- T14, T15: end of game payments ---------------------------------------------------------------

def test_t14_worked_example_two_2s_and_five_ordinary_cards_pay_35():
    hands = ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KD KH 5H",
             "3C 4C 5C 6C 7C 8C 9D 10D JD QD AD 2H 2S"]
    actions = [P("3S 4S 5S"), P("3C 4C 5C"), P("6S 7S 8S"), P("6C 7C 8C"), P("9S 10S JS"),
               PASS_JSON, P("KD KH"), PASS_JSON, P("5H"), PASS_JSON, P("QS")]
    code, out = run(scenario([hands], actions))
    assert code == 0, out
    assert out["deals"] == [{"outcome": "normal", "winner": 0, "gold": [35, -35], "chops": []}]
    assert penalty_cards(hand("2H 2S 9D 10D JD QD AD")) == 35


@pytest.mark.parametrize("held, cards", [
    ("4D 7C 9H", 3), ("3S 4D", 11), ("2S", 10), ("2D", 20), ("2S 2C", 20), ("2D 2H", 40),
    ("5S 5C 6D 6H 7S 7H 9C", 21),                  # 3 pairs 20 + 1
    ("9S 9C 9D 9H 3C", 41),                        # four of a kind 40 + 1
    ("5S 5C 6D 6H 7S 7H 8C 8D", 60),               # 4 pairs
    ("3S 3C 4S 4C 5S 5C", 20),                     # 3♠ inside the run: the higher split
    ("3S 3C 3D 4S 4C 5S 5C", 30),                  # the run takes 3♣ 3♦, 3♠ counts 10
    ("5S 5C 5D 5H 6S 6C 7S 7C", 44),               # quad 40 + 4 beats run 20 + 4 + ...
    ("5S 5C 5D 5H 6S 6C 7S 7C 8S 8C", 62),         # 4 pairs 60 + 2 beats quad 40 + 3 pairs 20
    ("5S 5C 6S 6C 7S 7C 7D 7H 8S 8C 9S 9C", 64),   # 4 pairs 60 + 4 left
])
def test_t14_penalty_cards_take_the_highest_split(held, cards):
    assert penalty_cards(hand(held)) == cards


def test_t15_cong_pays_26_plus_the_2s():
    assert cong_penalty(hand("3S 4D 5D 6D 7D 8D 9D 10D JD QD KD 2S 2H")) == 26 + 10 + 20


def test_t15_everybody_cong_is_toi_trang():
    hands = ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KD KH 5H",
             "3C 4C 5C 6C 7C 8C 9C 10C JC QC AC 2H 2C"]
    actions = [P("3S 4S 5S 6S 7S 8S 9S 10S JS QS"), PASS_JSON, P("KD KH"), PASS_JSON, P("5H")]
    code, out = run(scenario([hands], actions))
    assert code == 0, out
    assert out["deals"] == [{"outcome": "cong_all", "winner": 0, "gold": [56, -56],
                             "chops": []}]


def test_t15_one_cong_loser_and_one_who_played():
    hands = ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KD KH 5H",
             "3C 4C 5C 6C 7C 8C 9C 10C JC QC AC 2H 2C",
             "3D 4D 6D 7D 8D 9D 10D JD QD KS AS 2S 2D"]
    actions = [P("3S 4S 5S 6S 7S 8S 9S 10S JS QS"), PASS_JSON, PASS_JSON, P("5H"), PASS_JSON,
               P("6D"), P("KD"), PASS_JSON, P("KH")]
    code, out = run(scenario([hands], actions))
    assert code == 0, out
    # Budi cóng: 26 + 20 + 10; Citra: 10 ordinary + 2♠ 10 + 2♦ 20
    assert out["deals"] == [{"outcome": "normal", "winner": 0, "gold": [96, -56, -40],
                             "chops": []}]


# --- T17–T19: instant wins ----------------------------------------------------------------------

def complete_deal(fixed: dict[int, str], players: int = 4, first_game: bool = True) -> list[str]:
    """Hands for `players` with the `fixed` ones as given and the others dealt from the rest
    (a seeded shuffle chosen so that nobody else has an instant win)."""
    used = hand(" ".join(fixed.values()))
    rest = [c for c in range(52) if not used >> c & 1]
    for seed in range(1000):
        random.Random(seed).shuffle(rest)
        hands, i = [], 0
        for p in range(players):
            if p in fixed:
                hands.append(fixed[p])
            else:
                hands.append(text_of(tuple(sorted(rest[i:i + 13]))))
                i += 13
        if all(p in fixed or not instant_win(hand(h), first_game) for p, h in enumerate(hands)):
            if first_game and not any("3S" in h.split() for h in hands):
                continue  # keep 3♠ dealt so that the leader is its holder
            return hands
    raise AssertionError("no deal found")


INSTANT = {
    "dragon": "3H 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S",
    "five_pair_run": "5S 5C 6S 6C 7S 7C 8S 8C 9S 9C JD QD KH",
    "six_pairs": "4S 4C 7S 7C 9D 9H JS JC KD KH AS AC 3H",
    "six_pairs_with_a_quad": "4S 4C 4D 4H 7S 7C 9D 9H JS JC KD KH 3H",
    "four_twos": "2S 2C 2D 2H 3H 5C 7D 9S JC KH AD 6S 8C",
}


@pytest.mark.parametrize("kind", sorted(INSTANT))
def test_t17_instant_wins_in_any_game_pay_26_each(kind):
    hands = complete_deal({1: INSTANT[kind]})
    for later in (None, 0):
        state = dealt(hands, later_game_winner=later)
        assert state.results[-1].outcome == "instant" and state.results[-1].winner == 1
        assert state.results[-1].gold == (-26, 78, -26, -26)
        assert any(isinstance(e, InstantWin) for e in state.history)
        assert state.needs_deal()


T18 = {
    "four_threes": "3S 3C 3D 3H 5S 6D 7C 9H JS QD KC AS 2H",
    "three_pairs_with_3s": "3S 3C 4D 4H 5S 5C 7C 9H JS QD KC AS 2H",
    "four_pairs_with_3s": "3S 3C 4D 4H 5S 5C 6D 6H 9H JS QD KC 2H",
}


@pytest.mark.parametrize("kind", sorted(T18))
def test_t18_first_game_instant_wins_pay_double_cards_plus_2s(kind):
    hands = complete_deal({0: T18[kind]})
    state = dealt(hands)
    result = state.results[-1]
    assert (result.outcome, result.winner) == ("instant", 0)
    expected = []
    for p in (1, 2, 3):
        held = hand(hands[p])
        twos = [c for c in cards_of(held) if c >= 48]
        expected.append(2 * (13 - len(twos)) + sum(20 if c >= 50 else 10 for c in twos))
    assert result.gold == (sum(expected), *(-e for e in expected))


@pytest.mark.parametrize("kind", sorted(T18))
def test_t18_is_no_instant_win_in_a_later_game(kind):
    hands = complete_deal({0: T18[kind]}, first_game=False)
    state = dealt(hands, later_game_winner=0)
    assert state.current_player() == 0 and not state.results


def test_t19_a_hand_under_both_t17_and_t18_is_paid_as_t17():
    both = "3S 3C 4D 4H 5S 5C 7S 7C 9D 9H JS JC 2H"       # six pairs + 3 pairs with 3♠
    state = dealt(complete_deal({0: both}))
    assert state.results[-1].gold == (78, -26, -26, -26)


def test_t19_several_instant_winners_first_game_holder_of_3s_wins():
    hands = complete_deal({0: "3S 3C 3D 3H 4S 5D 8D 10H JC QC KS AD 2H",      # T18
                           1: "6S 6C 7S 7C 8S 8C 9S 9C 10S 10C JD QH KH",     # T17
                           2: "4C 4D 5S 5C JS JH QS QD KC KD 2S 2C AH"})      # T17
    state = dealt(hands)
    assert state.results[-1].winner == 0
    # paid as T18: Dewi holds the last 2 (2♦): 2 × 12 + 20, where T17 would be 26
    assert "2D" in hands[3].split() and state.results[-1].gold[3] == -44


def test_t19_several_instant_winners_later_game_leader_or_first_after_the_leader():
    dragon = "3H 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S"
    pairs = "4D 4H 6D 6H 8D 8H 10D 10H QD QH KD KH AD"
    hands = complete_deal({1: dragon, 3: pairs}, first_game=False)
    assert dealt(hands, later_game_winner=2).results[-1].winner == 3   # first after Citra
    assert dealt(hands, later_game_winner=3).results[-1].winner == 3   # the leader
    assert dealt(hands, later_game_winner=0).results[-1].winner == 1


def test_t17_instant_win_in_replay_output():
    hands = complete_deal({2: INSTANT["dragon"]})
    code, out = run(scenario([hands], []))
    assert code == 0
    assert out["deals"] == [{"outcome": "instant", "winner": 2, "gold": [-26, -26, 78, -26],
                             "chops": []}]
    assert out["finished"] is True and out["next"] is None


# --- T20: gold ------------------------------------------------------------------------------------

def test_t20_options_and_balances():
    code, out = run(scenario([CHAIN_HANDS], OPENING + CHOPS[:1] + [PASS_JSON] * 3,
                             options={"stake": 5, "gold": 100, "turn_seconds": 0}))
    assert code == 0 and out["totals"] == [-100, 100, 0, 0]    # balances 0 and 200
    for bad in ({"stake": 0}, {"gold": -1}, {"turn_seconds": "15"}, {"ante": 1}):
        code, out = run(scenario([CHAIN_HANDS], [], options=bad))
        assert code == 2 and out["error"]["action_index"] is None


# --- cross-checks against plain reference implementations --------------------------------------

def reference_penalty(held: int) -> int:
    """T14 by brute force: the best set of disjoint bombs (from the generated combinations)."""
    bombs = [(e[0], {(QUAD, 4): 40, (PAIR_RUN, 6): 20, (PAIR_RUN, 8): 60}[key])
             for key, group in combos_of_hand(held).by_kind.items()
             if key in ((QUAD, 4), (PAIR_RUN, 6), (PAIR_RUN, 8)) for e in group]

    def loose(rest: int) -> int:
        return sum(10 if c == 0 else two_value(c) if c >= 48 else 1 for c in cards_of(rest))

    def best(rest: int, start: int) -> int:
        result = loose(rest)
        for i in range(start, len(bombs)):
            mask, value = bombs[i]
            if mask & rest == mask:
                result = max(result, value + best(rest & ~mask, i + 1))
        return result
    return best(held, 0)


def reference_instant(held: int, first_game: bool) -> str | None:
    counts = [0] * 13
    for c in cards_of(held):
        counts[c // 4] += 1
    if all(counts[:12]):
        return "dragon"
    if any(all(counts[r] >= 2 for r in range(s, s + 5)) for s in range(8)):
        return "five_pair_run"
    if sum(c // 2 for c in counts) >= 6:
        return "six_pairs"
    if counts[12] == 4:
        return "four_twos"
    if first_game and counts[0] == 4:
        return "four_threes"
    if first_game and held & 1 and counts[0] >= 2 and counts[1] >= 2 and counts[2] >= 2:
        return "pair_run_with_three_of_spades"
    return None


@given(st.lists(st.integers(0, 51), min_size=1, max_size=13, unique=True),
       st.lists(st.integers(0, 12), max_size=3))
def test_t14_penalty_equals_brute_force_over_bomb_sets(loose_cards, quads):
    held = mask_of(loose_cards)
    for rank in quads:                  # make bombs likely
        held |= 0xF << (4 * rank)
    held = mask_of(cards_of(held)[:13])
    assert penalty_cards(held) == reference_penalty(held)


@given(st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True), st.booleans())
def test_t17_t18_instant_win_detection_matches_a_plain_count(dealt_cards, first_game):
    held = mask_of(dealt_cards)
    assert instant_win(held, first_game) == reference_instant(held, first_game)


@pytest.mark.parametrize("kind", sorted(INSTANT))
def test_t17_reference_agrees_on_the_examples(kind):
    assert instant_win(hand(INSTANT[kind]), False) == reference_instant(hand(INSTANT[kind]), False)


@pytest.mark.parametrize("held, parts", [
    ("2H 2S 5C 6D 7H 9S JC", (5, 0, 30, ())),                # T14 worked example: 35
    ("3S 3C 4D 4H 5S 5C 9H", (1, 0, 0, (20,))),              # the 3♠ inside the run: no 10
    ("3S 7C 7D 7H 7S 2D", (0, 10, 20, (40,))),
    ("4S 4C 5D 5H 6S 6C 7D 7H 8S", (1, 0, 0, (60,))),
])
def test_t14_penalty_parts_explain_the_count(held, parts):
    """The payment table's breakdown (thúi heo, hàng, 3♠) is the split penalty_cards takes."""
    found = penalty_parts(hand(held))
    assert tuple(found) == parts
    assert found.total == penalty_cards(hand(held))


def test_t14_penalty_parts_always_add_up_to_penalty_cards():
    rng = random.Random(14)
    for _ in range(3000):
        ranks = rng.sample(range(13), rng.randrange(2, 9))
        pool = [4 * rank + suit for rank in ranks for suit in range(4)]
        held = mask_of(rng.sample(pool, rng.randrange(1, min(13, len(pool)) + 1)))
        assert penalty_parts(held).total == penalty_cards(held)
