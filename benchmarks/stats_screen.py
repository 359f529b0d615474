"""How long the Statistics screen takes to open over a long history (goal: under 200 ms for
10,000 games), headless; also the history's opening at the start (with SQLite's quick_check)
and the Finished games screen.

    SDL_VIDEODRIVER=dummy python benchmarks/stats_screen.py [--games 10000] [--runs 5]

A temporary history is filled with GAMES finished games of one profile against bots: a few
real games of each kind are played through the controller and their records, seats and counts
stored again and again under new ids, times and results (replaying 10,000 games would take
minutes and measure the writer, not the screen). Then the window opens and the time from
`app.show("statistics")` to the end of its first frame is measured, for each game filter.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.controller.seats import HUMAN, SeatConfig  # noqa: E402
from game.history.counts import game_facts  # noqa: E402
from game.history.database import connect, pack_record  # noqa: E402
from game.history.store import History, opponents_level  # noqa: E402

LEVELS = ("easy", "normal", "hard")


def fill(data_dir: Path, games: int, seed: int = 1) -> str:
    """A history of `games` finished games of the profile "Ana" (returns its id)."""
    from game.controller.random_play import play_game

    history = History(data_dir)
    ana = history.create_profile("Ana")
    samples = []
    for game in ("domino", "tienlen", "joker"):
        for number in range(3):
            level = LEVELS[number]
            ctl = play_game(game, seed + number, human=SeatConfig("Ana", HUMAN, profile=ana.id),
                            levels=(None, level, level, level))
            seats = [seat.to_json() for seat in ctl.seats]
            record = {**ctl.table.record, "table": {**ctl.table.record["table"],
                                                    "seats": seats}}
            samples.append((game, pack_record(record), seats, game_facts(record)))
    assert history.flush()
    rng = random.Random(seed)
    connection = connect(history.path)
    start = time.time() - games * 3600
    connection.execute("BEGIN")
    for number in range(games):
        game, blob, seats, facts = samples[number % len(samples)]
        cursor = connection.execute(
            "INSERT INTO games (uid, game, finished_at, options, deals) "
            "VALUES (?, ?, ?, '{}', ?)", (f"bench-{number}", game, start + number * 3600,
                                          facts.deals))
        connection.execute("INSERT INTO records (game_id, record) VALUES (?, ?)",
                           (cursor.lastrowid, blob))
        winner = rng.randrange(4)
        connection.executemany(
            "INSERT INTO seats (game_id, seat, name, profile, level, total, won, opponents, "
            "counts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(cursor.lastrowid, index, seat["name"], seat.get("profile"),
              seat["level"] if seat["kind"] == "ai" else None,
              facts.totals[index] + rng.randint(-20, 20), int(index == winner),
              opponents_level(seats, index), json.dumps(facts.counts[index]))
             for index, seat in enumerate(seats)])
    connection.execute("COMMIT")
    connection.close()
    history.close()
    return ana.id


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from game.controller.table_controller import InlineBotRunner
    from game.ui.app import App

    with tempfile.TemporaryDirectory() as directory:
        data_dir = Path(directory)
        started = time.perf_counter()
        fill(data_dir, args.games)
        print(f"filled {args.games} games in {time.perf_counter() - started:.1f} s "
              f"({(data_dir / 'history.sqlite3').stat().st_size / 1e6:.1f} MB)")
        began = time.perf_counter()
        History(data_dir).close()
        print(f"the history opened as the window's start does (migration check and SQLite's "
              f"quick_check of every page): {(time.perf_counter() - began) * 1000:.0f} ms")
        app = App((1280, 720), data_dir=data_dir, bot_runner=InlineBotRunner)
        clock = iter(range(1, 10**9))

        def frames(count: int) -> None:      # simulated time, a sixtieth of a second a frame
            for _ in range(count):
                app.frame(next(clock) / 60, 1 / 60)

        frames(2)
        began = time.perf_counter()
        app.show("history")
        frames(1)
        print(f"the Finished games screen (every game's row checked): "
              f"{(time.perf_counter() - began) * 1000:.0f} ms")
        times = {}
        for game in ("domino", "tienlen", "joker"):
            runs, cpu = [], []
            for _ in range(args.runs):
                app.show("menu", reset=True)
                frames(1)
                began, began_cpu = time.perf_counter(), time.process_time()
                scene = app.show("statistics", game)
                frames(1)
                runs.append(time.perf_counter() - began)
                cpu.append(time.process_time() - began_cpu)
                assert scene.figures.games > args.games // 4
            times[game] = runs
            print(f"{game:8s} open + first frame: median {statistics.median(runs) * 1000:.0f} ms "
                  f"(CPU {statistics.median(cpu) * 1000:.0f} ms), worst "
                  f"{max(runs) * 1000:.0f} ms (CPU {max(cpu) * 1000:.0f} ms), "
                  f"{scene.figures.games} games")
        medians = [statistics.median(runs) for runs in times.values()]
        worst = max(max(runs) for runs in times.values())
        print(f"Statistics screen over {args.games} games: median of the slowest game "
              f"{max(medians) * 1000:.0f} ms, worst run {worst * 1000:.0f} ms (budget 200 ms; "
              f"on a busy machine the worst runs wait for the CPU)")
        app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
