"""What a loser pays at the end of a game (T14, T15; V-T1's thối) and instant wins at the deal
(T17, T18; V-T4)."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .cards import (ONE_BIT_PER_RANK, ONE_BIT_PER_RUN_RANK, RANK_ACE, RANK_TWO, THREE_OF_SPADES,
                    rank_counts, ranks_held)
from .combos import BOMB_VALUE, FOUR_OF_A_KIND, FOUR_PAIRS, THREE_PAIRS, two_value

COMPLETE_HAND = 26          # T15, T17: a cóng loser / an instant win pays 13 × 2 cards
THREE_OF_SPADES_VALUE = 10  # T14


def twos_value(hand: int) -> int:
    """T12 values of the 2s in a hand (thúi heo)."""
    return sum(two_value(card) for card in range(4 * RANK_TWO, 4 * RANK_TWO + 4)
               if hand >> card & 1)


@lru_cache(maxsize=16384)
def penalty_cards(hand: int) -> int:
    """T14: ordinary cards count 1; 3♠, 2s and bombs count their value instead of their cards;
    when the hand splits into bombs in several ways, the split with the highest penalty counts."""
    has_three_of_spades = bool(hand >> THREE_OF_SPADES & 1)
    run_paired = ranks_held(hand, 2) & ONE_BIT_PER_RUN_RANK
    if not ranks_held(hand, 4) and not run_paired & run_paired >> 4 & run_paired >> 8:
        # no bomb: every card counts 1, the 3♠ counts 10 and the 2s their value
        not_twos = (hand & ((1 << 4 * RANK_TWO) - 1)).bit_count()
        return not_twos + twos_value(hand) + (THREE_OF_SPADES_VALUE - 1) * has_three_of_spades
    counts = tuple(rank_counts(hand)[:RANK_TWO])
    return twos_value(hand) + _best_split(0, counts, has_three_of_spades)


@lru_cache(maxsize=16384)
def _best_split(rank: int, counts: tuple[int, ...], has_three_of_spades: bool,
                ordinary: int = 1) -> int:
    """Highest penalty of the cards of ranks >= `rank` (3..A) with the given counts, each card
    outside a bomb worth `ordinary` (T14: 1; V-T1.4's thối: 0), the 3♠ 10."""
    if rank > RANK_ACE:
        return 0
    count = counts[rank]
    leftover = ordinary * count
    if rank == 0 and has_three_of_spades and count:
        # bombs can always take the other 3s first, so a leftover 3 may be the 3♠
        leftover += THREE_OF_SPADES_VALUE - ordinary
    best = leftover + _best_split(rank + 1, counts, has_three_of_spades, ordinary)
    if count == 4:
        best = max(best, BOMB_VALUE[FOUR_OF_A_KIND]
                   + _best_split(rank + 1, counts, has_three_of_spades, ordinary))
    for pairs, value in ((3, BOMB_VALUE[THREE_PAIRS]), (4, BOMB_VALUE[FOUR_PAIRS])):
        if rank + pairs <= RANK_ACE + 1 and all(counts[rank + i] >= 2 for i in range(pairs)):
            reduced = tuple(c - 2 if rank <= r < rank + pairs else c for r, c in enumerate(counts))
            best = max(best, value + _best_split(rank, reduced, has_three_of_spades, ordinary))
    return best


class PenaltyParts(NamedTuple):
    """T14's count split into what the payment table shows: `total` == penalty_cards(hand)."""
    ordinary: int               # cards that count 1 each
    three_of_spades: int        # 10 when the 3♠ counts on its own, else 0
    twos: int                   # thúi heo: the T12 values of the 2s
    bombs: tuple[int, ...]      # thúi hàng: the value of each bomb of the highest split

    @property
    def total(self) -> int:
        return self.ordinary + self.three_of_spades + self.twos + sum(self.bombs)


def penalty_parts(hand: int) -> PenaltyParts:
    """`penalty_cards` explained: the same highest split, with its bombs named."""
    counts = tuple(rank_counts(hand)[:RANK_TWO])
    has_three_of_spades = bool(hand >> THREE_OF_SPADES & 1)
    _, bombs, loose, three_alone = _split_parts(0, counts, has_three_of_spades)
    return PenaltyParts(loose - three_alone, THREE_OF_SPADES_VALUE * three_alone,
                        twos_value(hand), bombs)


@lru_cache(maxsize=1024)
def _split_parts(rank: int, counts: tuple[int, ...], has_three_of_spades: bool):
    """`_best_split`, also returning (its bombs' values, the loose cards, whether the 3♠ is
    loose): the same recursion, kept apart so the hot `penalty_cards` stays lean."""
    if rank > RANK_ACE:
        return 0, (), 0, False
    count = counts[rank]
    three_alone = rank == 0 and has_three_of_spades and count > 0
    value, bombs, loose, deeper_three = _split_parts(rank + 1, counts, has_three_of_spades)
    best = (count + (THREE_OF_SPADES_VALUE - 1) * three_alone + value, bombs, count + loose,
            three_alone or deeper_three)
    if count == 4:
        quad = BOMB_VALUE[FOUR_OF_A_KIND]
        if quad + value > best[0]:
            best = (quad + value, (quad,) + bombs, loose, deeper_three)
    for pairs, bomb in ((3, BOMB_VALUE[THREE_PAIRS]), (4, BOMB_VALUE[FOUR_PAIRS])):
        if rank + pairs <= RANK_ACE + 1 and all(counts[rank + i] >= 2 for i in range(pairs)):
            reduced = tuple(c - 2 if rank <= r < rank + pairs else c for r, c in enumerate(counts))
            value_r, bombs_r, loose_r, three_r = _split_parts(rank, reduced, has_three_of_spades)
            if bomb + value_r > best[0]:
                best = (bomb + value_r, (bomb,) + bombs_r, loose_r, three_r)
    return best


@lru_cache(maxsize=4096)
def special_values(hand: int) -> int:
    """V-T1.4 thối (VT-d): T14's values of the special cards only (3♠ 10 when not inside a bomb,
    2s 10/20, bombs 20/40/60; ordinary cards 0), the split with the highest value."""
    counts = tuple(rank_counts(hand)[:RANK_TWO])
    return twos_value(hand) + _best_split(0, counts, bool(hand >> THREE_OF_SPADES & 1),
                                          ordinary=0)


def cong_penalty(hand: int) -> int:
    """T15: a loser who has not played a card pays 26 cards plus the values of the 2s held."""
    return COMPLETE_HAND + twos_value(hand)


# --- instant wins (tới trắng) -------------------------------------------------------------------

#: name -> rule: T17 wins count in any game, T18 wins only in the first game at a table
INSTANT_WIN_RULE = {
    "dragon": "T17", "five_pair_run": "T17", "six_pairs": "T17", "four_twos": "T17",
    "one_colour": "T17",   # V-T4 "extended": paid and ranked with the T17 hands
    "four_threes": "T18", "pair_run_with_three_of_spades": "T18",
}

#: the suits ♠♣ (bits 0 and 1 of every rank) and ♦♥ (bits 2 and 3)
BLACK_CARDS = 0x3 * ONE_BIT_PER_RANK
RED_CARDS = 0xC * ONE_BIT_PER_RANK


def instant_win(hand: int, first_game: bool, extended: bool = False) -> str | None:
    """The instant win the dealt hand qualifies for (T17 before T18, as T19 says), or None.
    `extended` (V-T4): 13 cards of one colour win as T17 does."""
    paired = ranks_held(hand, 2)
    run_paired = paired & ONE_BIT_PER_RUN_RANK
    if ranks_held(hand, 1) & ONE_BIT_PER_RUN_RANK == ONE_BIT_PER_RUN_RANK:
        return "dragon"
    if run_paired & run_paired >> 4 & run_paired >> 8 & run_paired >> 12 & run_paired >> 16:
        return "five_pair_run"
    if paired.bit_count() + ranks_held(hand, 4).bit_count() >= 6:
        return "six_pairs"  # four of a kind counts as two pairs
    if hand >> 4 * RANK_TWO == 0xF:
        return "four_twos"
    if extended and (not hand & RED_CARDS or not hand & BLACK_CARDS):
        return "one_colour"
    if first_game:
        if hand & 0xF == 0xF:
            return "four_threes"
        if hand >> THREE_OF_SPADES & 1 and paired & 0x111 == 0x111:
            return "pair_run_with_three_of_spades"  # 33 44 55 with the 3♠ (and maybe 66)
    return None


def instant_win_penalty(win: str, loser_hand: int) -> int:
    """T17: 26 cards, 2s not counted on top. T18: twice the cards that are not 2s, plus the
    values of the 2s."""
    if INSTANT_WIN_RULE[win] == "T17":
        return COMPLETE_HAND
    twos = twos_value(loser_hand)
    not_twos = (loser_hand & ((1 << 4 * RANK_TWO) - 1)).bit_count()
    return 2 * not_twos + twos
