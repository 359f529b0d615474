"""Domino: random-playout deals per second through the public Rules API, next to a bare loop.

The bare loop plays the same kind of random deal with plain lists and no engine (no validation,
no events, no scoring) and is the ceiling the engine is measured against (goal: >= 60 %
of it).
"""

from __future__ import annotations

import random
import time

from game.domino.definition import DOMINO
from game.domino.state import DominoState

NAMES = ("A", "B", "C", "D")
TILES = [(a, b) for a in range(7) for b in range(a, 7)]


def engine_deals(seconds: float) -> float:
    """Deals per second: deal, then legal_actions + random choice + apply until the deal ends."""
    rng = random.Random(1)
    deals, start = 0, time.perf_counter()
    state = DominoState(NAMES)
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            if state.is_terminal():
                state = DominoState(NAMES)
            state.start_deal(DOMINO.random_deal(state, rng))
            while state.current_player() is not None:
                state.apply(rng.choice(state.legal_actions()))
            deals += 1
    return deals / (time.perf_counter() - start)


def bare_deal(rng: random.Random) -> None:
    tiles = TILES[:]
    rng.shuffle(tiles)
    hands = [tiles[i * 7:(i + 1) * 7] for i in range(4)]
    turn = next(i for i, hand in enumerate(hands) if (6, 6) in hand)
    hands[turn].remove((6, 6))
    left = right = 6
    passes = 0
    turn = (turn + 1) % 4
    while passes < 4:
        hand = hands[turn]
        moves = [(t, end) for t in hand for end, n in ((0, left), (1, right)) if n in t]
        if moves:
            tile, end = rng.choice(moves)
            hand.remove(tile)
            number = left if end == 0 else right
            outward = tile[1] if tile[0] == number else tile[0]
            if end == 0:
                left = outward
            else:
                right = outward
            passes = 0
            if not hand:
                return
        else:
            passes += 1
        turn = (turn + 1) % 4


def bare_deals(seconds: float) -> float:
    rng = random.Random(1)
    deals, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            bare_deal(rng)
            deals += 1
    return deals / (time.perf_counter() - start)


def measure(seconds: float, rounds: int = 5) -> dict:
    # Alternate short runs of both loops so that background load hits them alike.
    engine = bare = 0.0
    for _ in range(rounds):
        engine += engine_deals(seconds / rounds)
        bare += bare_deals(seconds / rounds)
    return {"per_s": round(engine / rounds), "bare_per_s": round(bare / rounds),
            "ratio": round(engine / bare, 2)}
