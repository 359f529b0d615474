"""Chance, from seeded rngs only: the first-dealer cut (J3) and shuffled deals (J5)."""

from __future__ import annotations

from random import Random  # only seeded instances: never the global random

from .cards import PACK, RANKS_PER_SUIT
from .state import FULL_DEAL, NUM_PLAYERS, TRUMP_CHOICE_CARDS, JokerDeal

ACE = RANKS_PER_SUIT - 1


def cut_for_first_dealer(rng: Random) -> tuple[int, list[tuple[int, int]]]:
    """J3 (ატუზვა): cards are dealt face up one at a time, seat 0 first, clockwise, until
    someone receives an ace (a joker is not an ace). Returns that seat, who deals first, and the
    cards shown as (seat, card) in order, the ace last."""
    pack = list(PACK)
    rng.shuffle(pack)
    shown = []
    for index, card in enumerate(pack):
        seat = index % NUM_PLAYERS
        shown.append((seat, card))
        if card < 36 and card % RANKS_PER_SUIT == ACE:
            return seat, shown
    raise AssertionError("the pack has four aces")


def ace_cutting(seed: int | str) -> tuple[int, list[tuple[int, int]]]:
    """The ace cutting of a new table, from the table's seed: (first dealer, the cards shown as
    (seat, card), the ace last). The table records the dealer as its "first_dealer" and the
    window replays the same cut on screen, so what is shown is what was decided."""
    return cut_for_first_dealer(Random(f"{seed}/ace-cutting"))


def shuffled_deal(cards: int, dealer: int, rng: Random) -> JokerDeal:
    """A real shuffle dealt clockwise from the player after the dealer. A 9-card deal is dealt
    3 cards each first (the trump chooser looks at these), then 6 each; a smaller deal is dealt
    one card at a time and the next card is turned for trump."""
    pack = list(PACK)
    rng.shuffle(pack)
    hands: list[tuple[int, ...]] = [()] * NUM_PLAYERS
    first = TRUMP_CHOICE_CARDS * NUM_PLAYERS
    for turn in range(NUM_PLAYERS):
        seat = (dealer + 1 + turn) % NUM_PLAYERS
        if cards == FULL_DEAL:  # a packet of 3 to each, then a packet of 6 to each
            rest = first + turn * (cards - TRUMP_CHOICE_CARDS)
            hands[seat] = (tuple(pack[turn * TRUMP_CHOICE_CARDS:(turn + 1) * TRUMP_CHOICE_CARDS])
                           + tuple(pack[rest:rest + cards - TRUMP_CHOICE_CARDS]))
        else:  # one card at a time: every fourth card of the pack
            hands[seat] = tuple(pack[turn:NUM_PLAYERS * cards:NUM_PLAYERS])
    trump_card = None if cards == FULL_DEAL else pack[NUM_PLAYERS * cards]
    return JokerDeal(tuple(hands), trump_card)
