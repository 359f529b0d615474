"""Dealing unseen cards (or tiles) to hidden hands under constraints: the core of every
determinizer. Each item may go to some owners only (voids, passes); each owner takes exactly its
capacity; `spare` items go to nobody (undealt or out of play)."""

from __future__ import annotations

import random
from typing import Sequence

GREEDY_TRIES = 12


def assign_cards(items: Sequence, allowed: Sequence[Sequence[bool]], capacities: Sequence[int],
                 rng: random.Random, spare: int = 0) -> list[int | None]:
    """Owner index for each item (None: spare). Tries a randomized greedy deal (most
    constrained item first, owners weighted by room left), which is close to uniform; falls back
    to a matching that always succeeds when any deal is possible; if even that fails (knowledge
    that contradicts itself) the constraints are dropped rather than crash a bot."""
    assert sum(capacities) + spare == len(items), "capacities must add up to the items"
    for _ in range(GREEDY_TRIES):
        owners = _greedy(allowed, capacities, rng, spare)
        if owners is not None:
            return owners
    owners = _matching(allowed, capacities, rng, spare)
    if owners is not None:
        return owners
    free = [[True] * len(capacities) for _ in items]
    return _matching(free, capacities, rng, spare)


def _greedy(allowed, capacities, rng, spare) -> list | None:
    room = list(capacities)
    spare_room = spare
    order = sorted(range(len(allowed)), key=lambda i: (sum(allowed[i]), rng.random()))
    owners: list[int | None] = [None] * len(allowed)
    for item in order:
        options = [j for j, ok in enumerate(allowed[item]) if ok and room[j]]
        weights = [room[j] for j in options]
        if spare_room:
            options.append(None)
            weights.append(spare_room)
        if not options:
            return None
        owner = rng.choices(options, weights)[0]
        owners[item] = owner
        if owner is None:
            spare_room -= 1
        else:
            room[owner] -= 1
    return owners


def _matching(allowed, capacities, rng, spare) -> list | None:
    """Kuhn's augmenting paths over slots (one per unit of capacity, spare slots take
    anything), items and slots in random order."""
    slots = [j for j, cap in enumerate(capacities) for _ in range(cap)] + [None] * spare
    rng.shuffle(slots)
    slot_item: list[int | None] = [None] * len(slots)

    def fits(item, slot):
        owner = slots[slot]
        return owner is None or allowed[item][owner]

    def augment(item, seen):
        for slot in range(len(slots)):
            if slot in seen or not fits(item, slot):
                continue
            seen.add(slot)
            if slot_item[slot] is None or augment(slot_item[slot], seen):
                slot_item[slot] = item
                return True
        return False

    items = list(range(len(allowed)))
    rng.shuffle(items)
    for item in items:
        if not augment(item, set()):
            return None
    owners: list[int | None] = [None] * len(allowed)
    for slot, item in enumerate(slot_item):
        if item is not None:
            owners[item] = slots[slot]
    return owners
