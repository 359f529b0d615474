"""FROZEN: the hand planning of Tiến Lên's `normal-v1` and `hard-v1`, copied from
ai/tienlen/plan.py as it stood when they were frozen (its own caches), so that changing the live
planning leaves the baselines as they were (v1.py). Do not change this file.

Hand planning: split a hand into the combinations that take the fewest, strongest turns to play
out, and tell which combinations nobody can beat any more.

The split works on rank counts (suits only decide which cards a combination takes afterwards): at
the lowest rank still held, that rank's cards either start a straight or a run of pairs, or go out
together as one group (single, pair, triple, four of a kind). Each combination costs one turn
less its *strength*, the chance that it wins the lead back (2s and bombs nearly always, a low
single never), so the best split is the one needing the fewest turns in which others play over us.
"""

from __future__ import annotations

from typing import NamedTuple

from game.tienlen.cards import (FULL_DECK, NUM_RANKS, ONE_BIT_PER_RUN_RANK, RANK_ACE, RANK_TWO,
                               cards_of, rank_count_nibbles, ranks_held)
from game.tienlen.combos import (PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, Combo,
                                 classify_cached, is_bomb)

_GROUP_KIND = (None, SINGLE, PAIR, TRIPLE, QUAD)
_CARDS_PER_RANK = {SINGLE: 1, PAIR: 2, TRIPLE: 3, QUAD: 4, STRAIGHT: 1, PAIR_RUN: 2}

#: strength of singles and pairs by top rank: an A or K single often holds, a pair of Qs often
_SINGLE_STRENGTH = {RANK_TWO: 0.9, RANK_ACE: 0.45, RANK_ACE - 1: 0.25, RANK_ACE - 2: 0.1}
_PAIR_STRENGTH = {RANK_TWO: 0.95, RANK_ACE: 0.65, RANK_ACE - 1: 0.45, RANK_ACE - 2: 0.25,
                  RANK_ACE - 3: 0.1}
BOMB_STRENGTH = 0.9


def strength(kind: int, top_rank: int, ranks: int) -> float:
    """The chance (roughly) that a combination of this shape wins the lead back when played."""
    if kind == SINGLE:
        return _SINGLE_STRENGTH.get(top_rank, 0.0)
    if kind == PAIR:
        return _PAIR_STRENGTH.get(top_rank, 0.0)
    if kind == TRIPLE:
        return 0.35 + 0.04 * top_rank  # few hands hold a higher triple
    if kind == STRAIGHT:
        # long straights are rarely answered, high ones even less
        return min(0.85, 0.12 * (ranks - 3) + 0.06 * max(0, top_rank - 6))
    return BOMB_STRENGTH  # four of a kind, runs of pairs


def turn_cost(kind: int, top_rank: int, ranks: int) -> float:
    return 1.0 - strength(kind, top_rank, ranks)


# A shape is (kind, lowest rank, number of ranks): the rank-level picture of one combination.
#
# The caches hold only ints and floats, emptied when full. Such dicts are never tracked by the
# garbage collector; caches of tuples or NamedTuples were, and every full collection walked them
# (50-100 ms pauses in the middle of a search). So a split's shapes are packed into one int
# (SHAPE_BITS per shape), and a hand's split into one int of 52-bit card masks.

#: entries per cache before it is emptied: a hard bot fills 50,000 within a few games, so memory
#: stays within some 15 MB all evening (worlds searched per decision with 20,000 and 200,000
#: differed less than from run to run)
CACHE_LIMIT = 50_000
SHAPE_BITS = 11   # kind: 3 bits, lowest rank: 4, number of ranks: 4 (never 0, so a code is > 0)
MASK_BITS = 52
_SPLIT_COST: dict[int, float] = {}
_SPLIT_SHAPES: dict[int, int] = {}
_HAND_SPLITS: dict[int, int] = {}


def _remember(cache: dict, key: int, value):
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def _pack(kind: int, low: int, ranks: int) -> int:
    return kind | low << 3 | ranks << 7


def unpack_shapes(packed: int) -> list[tuple[int, int, int]]:
    shapes = []
    while packed:
        code = packed & ((1 << SHAPE_BITS) - 1)
        shapes.append((code & 7, (code >> 3) & 0xF, code >> 7))
        packed >>= SHAPE_BITS
    return shapes


def split_shape(nibbles: int) -> tuple[float, int]:
    """(cost, packed shapes) of the cheapest split of a hand, keyed by `rank_count_nibbles(hand)`
    (hands with the same rank counts share one entry, and the key costs a few bit operations)."""
    cost = _SPLIT_COST.get(nibbles)
    if cost is None or nibbles not in _SPLIT_SHAPES:
        cost, packed = _split_counts(nibbles)
        _remember(_SPLIT_COST, nibbles, cost)
        _remember(_SPLIT_SHAPES, nibbles, packed)
        return cost, packed
    return cost, _SPLIT_SHAPES[nibbles]


#: turn_cost by [kind][top rank][number of ranks], looked up in the split's inner loop
_COST = [[[turn_cost(kind, top, ranks) if ranks else 0.0 for ranks in range(NUM_RANKS + 1)]
          for top in range(NUM_RANKS)] for kind in range(6)]


def _split_counts(nibbles: int) -> tuple[float, int]:
    """(cost, packed shapes) of the cheapest split of the rank counts (4 bits a rank, the 2s
    last)."""
    if not nibbles:
        return 0.0, 0
    low = ((nibbles & -nibbles).bit_length() - 1) >> 2
    count = (nibbles >> (4 * low)) & 0xF
    kind = _GROUP_KIND[count]
    cost, packed = split_shape(nibbles & ~(0xF << (4 * low)))
    best_cost = cost + _COST[kind][low][1]
    best_packed = _pack(kind, low, 1) | packed << SHAPE_BITS
    if low <= RANK_ACE:
        for kind, need, longest in ((STRAIGHT, 1, RANK_ACE + 1), (PAIR_RUN, 2, 5)):
            if count < need:
                continue
            top = low
            taken = need << (4 * low)
            costs = _COST[kind]
            while top < RANK_ACE and top - low + 1 < longest \
                    and (nibbles >> (4 * (top + 1))) & 0xF >= need:
                top += 1
                taken |= need << (4 * top)
                ranks = top - low + 1
                if ranks < 3:
                    continue
                cost, packed = split_shape(nibbles - taken)
                cost += costs[top][ranks]
                if cost < best_cost:
                    best_cost, best_packed = cost, _pack(kind, low, ranks) | packed << SHAPE_BITS
    return best_cost, best_packed


def split_hand(hand: int) -> tuple[Combo, ...]:
    """The best split of a hand as combinations, in leading order (`combo_order`). Straights and
    runs take the lowest suits of each rank they pass through, leaving the higher cards to the
    groups."""
    packed = _HAND_SPLITS.get(hand)
    if packed is None:
        combos = _assign_cards(hand)
        packed = 0
        for combo in reversed(combos):
            packed = packed << MASK_BITS | combo.mask
        _remember(_HAND_SPLITS, hand, packed)
        return combos
    combos = []
    while packed:
        mask = packed & ((1 << MASK_BITS) - 1)
        combos.append(combo_of_mask(mask))
        packed >>= MASK_BITS
    return tuple(combos)


def combo_of_mask(mask: int) -> Combo:
    """The combination of a mask known to form one (the engine caches the classification)."""
    return classify_cached(cards_of(mask))


def _assign_cards(hand: int) -> tuple[Combo, ...]:
    _, packed = split_shape(rank_count_nibbles(hand))
    shapes = unpack_shapes(packed)
    left = hand
    runs, groups = [], []
    for kind, low, ranks in shapes:
        if kind in (STRAIGHT, PAIR_RUN):
            runs.append((kind, low, ranks))
        else:
            groups.append((kind, low, ranks))
    combos = []
    for kind, low, ranks in runs + groups:  # runs first: they take the low suits
        mask = 0
        for rank in range(low, low + ranks):
            for _ in range(_CARDS_PER_RANK[kind]):
                nibble = (left >> (4 * rank)) & 0xF
                card = 4 * rank + (nibble & -nibble).bit_length() - 1
                mask |= 1 << card
                left &= ~(1 << card)
        combos.append(Combo(kind, mask.bit_count(), mask.bit_length() - 1, mask))
    combos.sort(key=combo_order)
    return tuple(combos)


def combo_cost(combo: Combo) -> float:
    ranks = combo.size // _CARDS_PER_RANK[combo.kind]
    return turn_cost(combo.kind, combo.top >> 2, ranks)


def combo_order(combo: Combo) -> tuple:
    """The order to lead a plan in: low first (2s and bombs last), of equal rank the longer."""
    return (uses_control(combo), combo.top >> 2, -combo.size, combo.top)


def plan_cost(hand: int) -> float:
    """Turns (less expected control) the hand needs to go out; 0 for an empty hand."""
    return split_shape(rank_count_nibbles(hand))[0]


def plan_summary(hand: int) -> tuple[float, int, int]:
    """(plan_cost, how many combinations the best split has, its packed shapes) of a hand from
    one look-up."""
    cost, packed = split_shape(rank_count_nibbles(hand))
    return cost, (packed.bit_length() + SHAPE_BITS - 1) // SHAPE_BITS, packed


def uses_control(combo: Combo) -> bool:
    """Spends a 2 or a bomb: the cards that win rounds back and chop."""
    return combo.top >> 2 == RANK_TWO or is_bomb(combo)


# --- what the others can still answer -----------------------------------------------------------

def outstanding(hand: int, played: int) -> int:
    """Cards that may still be in other hands: neither mine nor played."""
    return FULL_DECK & ~hand & ~played


def _top_suit(others: int, rank: int) -> int:
    """The highest suit the others may hold in `rank` (-1 for none)."""
    return ((others >> (4 * rank)) & 0xF).bit_length() - 1


def _run_starts(present: int, ranks: int) -> int:
    """Bit 4s set for each rank s that starts `ranks` consecutive ranks of `present`."""
    starts = present
    for step in range(1, ranks):
        starts &= present >> (4 * step)
    return starts


def beaten_by_same_kind(combo: Combo, others: int) -> bool:
    """T4: could the cards still out form a higher combination of the same kind and size?"""
    kind, top = combo.kind, combo.top
    my_rank, my_suit = top >> 2, top & 3
    need = _CARDS_PER_RANK[kind]
    if kind == SINGLE:
        return others >> (top + 1) != 0
    present = ranks_held(others, need)
    if kind in (STRAIGHT, PAIR_RUN):
        ranks = combo.size // need
        starts = _run_starts(present & ONE_BIT_PER_RUN_RANK, ranks)
        first = my_rank - ranks + 1  # where a run ending at my rank starts
        if starts >> (4 * (first + 1)):
            return True  # one ending higher
        return bool(starts >> (4 * first) & 1) and _top_suit(others, my_rank) > my_suit
    if present >> (4 * (my_rank + 1)):
        return True
    # the same rank: only a pair with a higher top suit (nobody else can hold three of my rank)
    return kind == PAIR and bool(present >> (4 * my_rank) & 1) and \
        _top_suit(others, my_rank) > my_suit


def bomb_possible(others: int) -> bool:
    """Could the other hands hold four of a kind or three consecutive pairs?"""
    return _bomb_among(ranks_held(others, 4), ranks_held(others, 2))


def _bomb_among(quads: int, pairs: int) -> bool:
    """A bomb from the ranks held four times (`quads`) and twice (`pairs`), as ranks_held."""
    return bool(quads & ONE_BIT_PER_RUN_RANK) or \
        _run_starts(pairs & ONE_BIT_PER_RUN_RANK, 3) != 0


def is_master(combo: Combo, others: int) -> bool:
    """Nobody can beat it with the cards that are still out (chops of 2s included)."""
    if beaten_by_same_kind(combo, others):
        return False
    if combo.kind in (SINGLE, PAIR) and combo.top >> 2 == RANK_TWO:
        return not bomb_possible(others)
    return True


class OutPicture(NamedTuple):
    """What the cards still out (`outstanding`) can form, by rank, for rank-only tests."""
    held: tuple[int, ...]   # [n]: ranks_held(others, n) for n = 1..4 (index 0 unused)
    bomb: bool              # bomb_possible(others)


def out_picture(others: int) -> OutPicture:
    held = (0,) + tuple(ranks_held(others, need) for need in (1, 2, 3, 4))
    return OutPicture(held, _bomb_among(held[4], held[2]))


def surely_beaten_count(packed: int, out: OutPicture, limit: int) -> int:
    """How many of a split's shapes (packed, as `split_shape` gives them) the cards still out
    beat whatever suits the combination takes, counting up to `limit`: the rank-level half of
    `is_master`, which rules most hands out of a winning line without assigning their cards."""
    count = 0
    held = out.held
    for kind, low, ranks in unpack_shapes(packed):
        present = held[_CARDS_PER_RANK[kind]]
        if kind == STRAIGHT or kind == PAIR_RUN:
            # a run of as many ranks ending higher (as in beaten_by_same_kind)
            beaten = _run_starts(present & ONE_BIT_PER_RUN_RANK, ranks) >> (4 * (low + 1)) != 0
        else:
            beaten = present >> (4 * (low + 1)) != 0 or \
                (low == RANK_TWO and kind in (SINGLE, PAIR) and out.bomb)
        if beaten:
            count += 1
            if count >= limit:
                break
    return count
