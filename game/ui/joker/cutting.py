"""The ace cutting (ატუზვა, J3) of a new table, decided from the table's seed.

The setup form stores the result as the table's "first_dealer"; the table scene replays the same
cut on screen. Both call `ace_cutting(seed)`, so what is shown is what was decided.
"""

from __future__ import annotations

import random

from game.joker.dealing import cut_for_first_dealer


def ace_cutting(seed: int | str) -> tuple[int, list[tuple[int, int]]]:
    """(first dealer, the cards shown as (seat, card), the ace last)."""
    return cut_for_first_dealer(random.Random(f"{seed}/ace-cutting"))


def table_extra(seed: int | str) -> dict:
    """The GameUi hook: game-specific top-level table fields."""
    return {"first_dealer": ace_cutting(seed)[0]}
