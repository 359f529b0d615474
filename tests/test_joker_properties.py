"""Properties over random games (hypothesis): conservation of cards (J1, J5), tricks per deal
(J7), legal plays against an independent reading of J8–J10, and illegal moves change nothing.
(The scenario/1 round trip is checked for every game in test_contract.py.)"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from game.core.errors import IllegalAction
from game.joker.actions import DealResult, JokerMode, Phase, Play
from game.joker.cards import PACK, SUIT_LETTERS, card_text
from game.joker.definition import JOKER
from test_joker_helpers import new_state, snapshot

OPTIONS = st.fixed_dictionaries({
    "khishti": st.sampled_from([-200, -100, -1000, -350, "special"]),
    "dealer_cannot_fill": st.booleans(),
    "trump_beats_high_joker_lead": st.booleans(),
    "game_type": st.sampled_from(["standard", "nines"]),
})
RANK_ORDER = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
MODE_WORD = {None: None, JokerMode.HIGH: "high", JokerMode.TAKES: "takes",
             JokerMode.UNDER: "under"}


# --- the independent reading of J8–J10, in card text ---------------------------------------------

def expected_plays(view) -> set[tuple]:
    """(card, mode, suit) triples a player may play, from their observation alone."""
    hand = [card_text(c) for c in view.hand]
    jokers = [c for c in hand if c.startswith("X")]
    plain = [c for c in hand if not c.startswith("X")]
    if not view.current_trick:
        return ({(c, None, None) for c in plain}
                | {(j, m, s) for j in jokers for m in ("high", "takes") for s in "HDCS"})
    lead = view.current_trick[0]
    if card_text(lead.card).startswith("X"):
        led_suit, must_be_highest = SUIT_LETTERS[lead.suit], lead.joker is JokerMode.HIGH
    else:
        led_suit, must_be_highest = card_text(lead.card)[-1], False
    trump = None if view.trump_suit is None else SUIT_LETTERS[view.trump_suit]
    of_suit = [c for c in plain if c[-1] == led_suit]
    trumps = [c for c in plain if c[-1] == trump]
    if of_suit and must_be_highest:
        allowed = [max(of_suit, key=lambda c: RANK_ORDER.index(c[:-1]))]
    elif of_suit:
        allowed = of_suit
    elif trumps:
        allowed = trumps
    else:
        allowed = plain
    return {(c, None, None) for c in allowed} | {(j, m, None) for j in jokers
                                                 for m in ("high", "under")}


def as_triple(action: Play) -> tuple:
    return (card_text(action.card), MODE_WORD[action.joker],
            None if action.suit is None else SUIT_LETTERS[action.suit])


ALL_PLAYS = ([Play(c) for c in PACK if c < 36]
             + [Play(j, m, s) for j in (36, 37) for m in JokerMode for s in (None, 0, 1, 2, 3)])


def check_cards_in_one_place(state) -> None:
    deal = state.deal
    dealt = [c for hand in deal.hands for c in hand]
    assert len(dealt) == len(set(dealt)) == 4 * state.cards
    assert deal.trump_card is None or deal.trump_card not in dealt
    places = [c for seat in range(4) for c in state.observation(seat).hand]
    if state.phase is Phase.TRUMP_CHOICE:
        places = [c for hand in deal.hands for c in hand]  # nobody holds their cards yet
    places += [p.card for p in state.plays]
    assert sorted(places) == sorted(dealt)
    if state.cards == 9:
        assert sorted(dealt) == sorted(PACK)


@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_random_games_keep_every_rule_invariant(seed, options):
    rng = random.Random(seed)
    state = new_state(first_dealer=rng.randrange(4), **options)
    deals_to_play = rng.randint(1, 24)
    while not state.is_terminal():
        if state.needs_deal():
            if not deals_to_play:
                break
            state.start_deal(JOKER.random_deal(state, rng))
            deals_to_play -= 1
        check_cards_in_one_place(state)
        player = state.current_player()
        legal = state.legal_actions()
        assert len(legal) == len(set(legal)) > 0
        if state.phase is Phase.PLAYING:
            assert {as_triple(a) for a in legal} == expected_plays(state.observation(player))
            if rng.random() < 0.3:  # an illegal play is refused and changes nothing
                illegal = [a for a in ALL_PLAYS if a not in legal]
                before = snapshot(state)
                try:
                    state.apply(rng.choice(illegal))
                except IllegalAction:
                    pass
                else:
                    raise AssertionError("an illegal play was accepted")
                assert snapshot(state) == before
        state.apply(rng.choice(legal))
        if state.needs_deal() or state.is_terminal():
            line = [x for x in state.sheet if isinstance(x, DealResult)][-1]
            assert sum(line.tricks) == line.cards  # every trick is taken by someone
            assert all(0 <= b <= line.cards for b in line.bids)
            if options["dealer_cannot_fill"]:
                assert sum(line.bids) != line.cards
    assert state.returns() == [sum(getattr(x, "scores", getattr(x, "adjust", None))[p]
                                   for x in state.sheet) for p in range(4)]
