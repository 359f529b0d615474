"""Tiến Lên engine throughput through the public Rules API.

    python benchmarks/engine_speed.py --game tienlen

per_s: random 4-player games per second of CPU time of this process, i.e. on one core even on a
busy machine (random_deal, then legal_actions + a random choice + apply until the game is over;
one table playing game after game). wall_per_s: the same per wall-clock second.
legal_actions_us: mean microseconds of one legal_actions call during those games.
"""

from __future__ import annotations

import random
import sys
import time


from game.tienlen.definition import TIENLEN  # noqa: E402

PLAYERS = ["Ani", "Budi", "Citra", "Dewi"]


def _new_table():
    return TIENLEN.new_table(PLAYERS, {"stake": 1, "gold": 1000, "turn_seconds": 0}, {})


def _play_games(state, rng, deadline: float, on_legal=None):
    """Random games until `deadline` (perf_counter); returns (games, actions, state)."""
    games = actions = 0
    clock = time.perf_counter
    while clock() < deadline:
        if not state.needs_deal():  # every player left: open a new table
            state = _new_table()
        state.start_deal(TIENLEN.random_deal(state, rng))
        while state.current_player() is not None:
            legal = on_legal(state) if on_legal else state.legal_actions()
            state.apply(rng.choice(legal))
            actions += 1
        games += 1
    return games, actions, state


def measure(seconds: float) -> dict:
    """Three quarters of the time for throughput, the rest timing each legal_actions call."""
    rng = random.Random(2024)
    clock = time.perf_counter
    start, cpu_start = clock(), time.process_time()
    games, actions, state = _play_games(_new_table(), rng, start + 0.75 * seconds)
    cpu, wall = time.process_time() - cpu_start, clock() - start

    spent = [0.0]

    def timed_legal(state):
        before = clock()
        legal = state.legal_actions()
        spent[0] += clock() - before
        return legal
    _, timed_calls, _ = _play_games(state, rng, clock() + 0.25 * seconds, timed_legal)
    return {"per_s": round(games / cpu, 1), "wall_per_s": round(games / wall, 1),
            "legal_actions_us": round(1e6 * spent[0] / max(timed_calls, 1), 2),
            "actions_per_game": round(actions / max(games, 1), 1)}


if __name__ == "__main__":
    print(measure(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0))
