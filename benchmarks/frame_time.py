"""Frame time of the domino table with a full line while tiles animate, headless at 1280×720,
and the time from start to the menu.

    python benchmarks/frame_time.py [--frames N] [--json]

Goal: p95 <= 8 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def start_to_menu() -> float:
    started = time.perf_counter()
    from game.ui.app import App

    app = App((1280, 720), data_dir=Path(tempfile.mkdtemp()))
    app.frame(0.0, 0.0)
    return time.perf_counter() - started, app


def table_with_a_long_line(app):
    """An all-AI table played on until the line holds at least 20 tiles."""
    from game.controller.seats import AI, SeatConfig
    from game.core.table import Table
    from game.ui.games import open_table

    for seed in range(100):
        table = Table("domino", ["Ani", "Budi", "Citra", "Dewi"], seed=seed)
        seats = [SeatConfig(name, AI, "random") for name in table.players]
        open_table(app, table, seats, {})
        scene = app.stack.scenes[1]
        scene.ctl.settings.bot_move_pause_s = 0
        now = 0.0
        for _ in range(400):
            now += 0.05
            app.frame(now, 0.05)
            if len(scene.ctl.state.line) >= 20 or scene.ctl.state.results:
                break
        if len(scene.ctl.state.line) >= 20 and not scene.ctl.state.results:
            return scene, now
    raise RuntimeError("no long line found")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    startup, app = start_to_menu()
    scene, now = table_with_a_long_line(app)
    scene.ctl.resume_at = float("inf")    # hold the position: measure drawing, not play
    times = []
    last_tile = scene.ctl.state.line[-1][0]
    for index in range(args.frames):
        if index % 20 == 0:   # keep a tile in flight the whole time
            scene.flight = (last_tile, scene.ctl.state.order[0], now)
        started = time.perf_counter()
        app.frame(now, 1 / 60)
        times.append((time.perf_counter() - started) * 1000)
        now += 1 / 60
    times.sort()
    figures = {"startup_to_menu_s": round(startup, 3), "line_tiles": len(scene.ctl.state.line),
               "frame_ms_p50": round(statistics.median(times), 2),
               "frame_ms_p95": round(times[int(0.95 * len(times)) - 1], 2)}
    print(json.dumps(figures) if args.json else
          "\n".join(f"{key}: {value}" for key, value in figures.items()))
    app.quit()


if __name__ == "__main__":
    main()
