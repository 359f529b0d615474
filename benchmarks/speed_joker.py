"""Joker engine throughput: full random 24-deal games through the public Rules API.

    python benchmarks/engine_speed.py --game joker

Each game deals with `random_deal` and plays uniformly random legal actions
(`legal_actions` + `rng.choice` + `apply`), as a search AI's playouts would.
"""

from __future__ import annotations

import random
import sys
import time


from game.core.options import resolve_options  # noqa: E402
from game.joker.definition import JOKER  # noqa: E402


def play_random_game(rng: random.Random) -> int:
    """One full game; returns the number of actions applied."""
    state = JOKER.new_table(["A", "B", "C", "D"], resolve_options(JOKER.options, {}), {})
    actions = 0
    choice = rng.choice
    while not state.is_terminal():
        if state.needs_deal():
            state.start_deal(JOKER.random_deal(state, rng))
            continue
        state.apply(choice(state.legal_actions()))
        actions += 1
    return actions


def measure(seconds: float) -> dict:
    """per_s: games per wall-clock second; cpu_per_s: per second of this process's CPU time,
    steadier when other work shares the machine."""
    rng = random.Random(2024)
    games = actions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while True:
        actions += play_random_game(rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    cpu = time.process_time() - cpu_start
    return {"per_s": round(games / elapsed, 1), "cpu_per_s": round(games / cpu, 1),
            "actions_per_s": round(actions / elapsed), "games": games}


if __name__ == "__main__":
    print(measure(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0))
