"""Shared builders for the AI tests (no tests here): random positions of a game, reached by
random legal play from a seeded table."""

from __future__ import annotations

import random

from game.core.table import Table


def random_position(game: str, seed: int, steps: int, **options):
    """A state with a player to move, after up to `steps` random actions (new deals as needed)."""
    table = Table.open(game, ["A", "B", "C", "D"], options, seed=seed)
    rng = random.Random(seed)
    state = table.state
    table.deal_if_needed()
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            return random_position(game, seed + 1, steps // 2, **options)
        if state.needs_deal():
            table.deal_if_needed()
    return state
