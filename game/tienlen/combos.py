"""Combinations (T3), how they compare (T4), chops (T5, T12) and generating them from a hand.

A combination is described by a `Combo`: its kind, its number of cards, its highest card (`top`)
and the mask of its cards. Two combinations compare only when they have the same kind and size
(T4), except for the chops of T5, which `chop_keys` lists in one table.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import NamedTuple

from .actions import Play
from .cards import NUM_RANKS, RANK_ACE, RANK_TWO, cards_of, is_red, mask_of

SINGLE, PAIR, TRIPLE, QUAD, STRAIGHT, PAIR_RUN = range(6)

#: (kind, size) of the bombs (hàng) that T5 lets chop
THREE_PAIRS = (PAIR_RUN, 6)
FOUR_OF_A_KIND = (QUAD, 4)
FOUR_PAIRS = (PAIR_RUN, 8)
#: T12 and T14: what a bomb is worth in cards, chopped or left in hand. A 5-pair run has no
#: value: a hand holding one wins at the deal (T17), so it is never played nor left in hand.
BOMB_VALUE = {THREE_PAIRS: 20, FOUR_OF_A_KIND: 40, FOUR_PAIRS: 60}


class Combo(NamedTuple):
    kind: int
    size: int
    top: int
    mask: int


def classify(cards: tuple[int, ...]) -> Combo | None:
    """The combination formed by `cards` (sorted, lowest first), or None if they form none."""
    size = len(cards)
    if size == 0:
        return None
    ranks = [card >> 2 for card in cards]
    low, top = ranks[0], cards[-1]
    if size <= 4 and ranks[-1] == low:
        return Combo((SINGLE, PAIR, TRIPLE, QUAD)[size - 1], size, top, mask_of(cards))
    if ranks[-1] == RANK_TWO:
        return None  # T3: no 2 in a straight or a run of pairs
    if size >= 3 and ranks == list(range(low, low + size)):
        return Combo(STRAIGHT, size, top, mask_of(cards))
    if size in (6, 8, 10) and ranks[0::2] == ranks[1::2] == list(range(low, low + size // 2)):
        return Combo(PAIR_RUN, size, top, mask_of(cards))
    return None


def chop_keys(table: Combo) -> tuple[tuple[int, int], ...]:
    """T5: the bomb kinds that beat `table` although they are not of its kind and size."""
    if table.kind == SINGLE:
        return (THREE_PAIRS, FOUR_OF_A_KIND, FOUR_PAIRS) if table.top >> 2 == RANK_TWO else ()
    if table.kind == PAIR:
        return (FOUR_OF_A_KIND, FOUR_PAIRS) if table.top >> 2 == RANK_TWO else ()
    if table.kind == PAIR_RUN and table.size == 6:
        return (FOUR_OF_A_KIND, FOUR_PAIRS)
    if table.kind == QUAD:
        return (FOUR_PAIRS,)
    return ()


def beats(new: Combo, table: Combo) -> bool:
    """T4 and T5: does `new` beat the combination on the table?"""
    if new.kind == table.kind and new.size == table.size:
        return new.top > table.top
    return (new.kind, new.size) in chop_keys(table)


def is_bomb(combo: Combo) -> bool:
    """Hàng: four of a kind or a run of 3+ consecutive pairs."""
    return combo.kind == QUAD or combo.kind == PAIR_RUN


def two_value(card: int) -> int:
    """T12: a black 2 is worth 10 cards, a red 2 is worth 20."""
    return 20 if is_red(card) else 10


def chopped_value(table: Combo) -> int | None:
    """T12: the value in cards of a chopped combination; None for what cannot be chopped."""
    if table.kind in (SINGLE, PAIR) and table.top >> 2 == RANK_TWO:
        return sum(two_value(card) for card in range(4 * RANK_TWO, 4 * RANK_TWO + 4)
                   if table.mask >> card & 1)
    return BOMB_VALUE.get((table.kind, table.size))


def is_chop(new: Combo, table: Combo) -> bool:
    """T12: a bomb beating a 2, a pair of 2s or another bomb (one already known to beat it)."""
    return is_bomb(new) and chopped_value(table) is not None


# --- generation -------------------------------------------------------------------------------
#
# Generation works on the hand's masks one rank (4 bits) at a time and hands out shared entries
# (mask, top card, Play): a combination met again in another hand or call reuses its entry, so
# hot loops build no strings and few objects.

Entry = tuple  # (mask, top card, Play)

#: the shared entries of every combination of up to five cards (CACHED_SIZE): a fixed set of
#: about 11,300 (some 3 MB), all built the first time a hand is generated, so memory does not
#: creep up over a long session. Longer runs are rarer and mostly unique to their hand: they are
#: built afresh rather than kept.
CACHED_SIZE = 5
_ENTRIES: dict[int, Entry] = {}


def entry_of(mask: int) -> Entry:
    """The (mask, top card, Play) of a combination, shared when it has five cards or fewer."""
    found = _ENTRIES.get(mask)
    if found is None:
        cards = cards_of(mask)
        found = (mask, cards[-1], Play(cards))
    return found


def _entry(cards: tuple[int, ...]) -> Entry:
    return (mask_of(cards), cards[-1], Play(cards))


def _nibble_cards(rank: int, nibble: int) -> list[int]:
    return [4 * rank + suit for suit in range(4) if nibble >> suit & 1]


#: [rank][suits held, as a nibble] -> (singles, pairs, triples, quads) of that rank, as entries
_SAME_RANK = [[tuple(tuple(_entry(c) for c in combinations(_nibble_cards(rank, nibble), size))
                     for size in (1, 2, 3, 4))
               for nibble in range(16)] for rank in range(NUM_RANKS)]
#: [rank][nibble] -> masks of the one card a straight, or the two cards a pair run, takes there
_ONE_LINK = [[tuple(1 << c for c in _nibble_cards(rank, nibble)) for nibble in range(16)]
             for rank in range(RANK_ACE + 1)]
_TWO_LINKS = [[tuple(mask_of(c) for c in combinations(_nibble_cards(rank, nibble), 2))
               for nibble in range(16)] for rank in range(RANK_ACE + 1)]
_SAME_RANK_KEYS = ((SINGLE, 1), (PAIR, 2), (TRIPLE, 3), (QUAD, 4))


def _runs(links: list[tuple[int, ...]], kind: int, per_link: int, shortest: int, longest: int,
          out: dict) -> None:
    """Add to `out` every run of `shortest`..`longest` consecutive ranks (3..A) that takes one of
    `links[rank]` at each rank: the straights (one card a rank) or pair runs (two)."""
    known = _ENTRIES.get
    for first in range(RANK_ACE + 2 - shortest):
        partial = links[first]
        rank = first
        while partial and rank - first + 1 < longest and rank < RANK_ACE:
            rank += 1
            if not links[rank]:
                break
            partial = [m | link for m in partial for link in links[rank]]
            length = rank - first + 1
            if length >= shortest:
                out.setdefault((kind, per_link * length), []).extend(
                    [known(m) or entry_of(m) for m in partial])


def _fill_entries() -> None:
    """Every straight of up to CACHED_SIZE cards into _ENTRIES (the same-rank groups are in
    _SAME_RANK)."""
    for length in range(3, CACHED_SIZE + 1):
        for first in range(RANK_ACE + 2 - length):
            for suits in product(range(4), repeat=length):
                cards = tuple(4 * (first + step) + suit for step, suit in enumerate(suits))
                _ENTRIES[mask_of(cards)] = _entry(cards)
    for by_nibble in _SAME_RANK:
        for groups in by_nibble:
            for group in groups:
                for entry in group:
                    _ENTRIES[entry[0]] = entry


class HandCombos(NamedTuple):
    """Every combination one hand can form: all of them, and by (kind, size)."""
    every: list[Entry]
    by_kind: dict[tuple[int, int], list[Entry]]


@lru_cache(maxsize=16)
def combos_of_hand(hand: int) -> HandCombos:
    """Every combination the hand can form, as shared entries (mask, top card, Play); read only.

    The state builds this once per dealt hand and filters it by the cards still held, which is
    cheaper than generating again after every play (or generating kind by kind). The last few
    are remembered: a search builds the searching seat's hand again in every sampled world."""
    if not _ENTRIES:
        _fill_entries()
    nibbles = [(hand >> shift) & 0xF for shift in range(0, 4 * NUM_RANKS, 4)]
    same_rank: list[list[Entry]] = [[], [], [], []]
    for rank, nibble in enumerate(nibbles):
        if nibble:
            for group, found in zip(same_rank, _SAME_RANK[rank][nibble]):
                group += found
    by_kind = {key: group for key, group in zip(_SAME_RANK_KEYS, same_rank) if group}
    _runs([row[n] for row, n in zip(_ONE_LINK, nibbles)], STRAIGHT, 1, 3, RANK_ACE + 1, by_kind)
    _runs([row[n] for row, n in zip(_TWO_LINKS, nibbles)], PAIR_RUN, 2, 3, 5, by_kind)
    return HandCombos([e for group in by_kind.values() for e in group], by_kind)


#: the classification of every combination of up to CACHED_SIZE cards met so far (a bounded
#: set: plays repeat a lot in search and benchmarks); other card tuples are classified afresh
KNOWN_COMBOS: dict[tuple[int, ...], Combo] = {}


def classify_cached(cards: tuple[int, ...]) -> Combo | None:
    """`classify` for a sorted tuple of distinct cards, remembered for short combinations."""
    try:
        return KNOWN_COMBOS[cards]
    except KeyError:
        combo = classify(cards)
        if combo is not None and len(cards) <= CACHED_SIZE:
            KNOWN_COMBOS[cards] = combo
        return combo
