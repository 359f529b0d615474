"""A long session in the window: AI-only deals, one table after another, headless at 1280×720,
with the resident memory (RSS) sampled as deals go by. Memory should stay flat.

    python benchmarks/soak.py [--game G ...] [--deals 200] [--json]

RSS is read from /proc/self/statm (Linux) after a garbage collection; the growth is measured
from the end of a short warm-up (fonts, card faces and caches filled) to the last deal.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

GAMES = ("domino", "tienlen", "joker")
WARM_UP_DEALS = 10


def rss_mb() -> float:
    gc.collect()
    with open("/proc/self/statm") as statm:
        resident_pages = int(statm.read().split()[1])
    return resident_pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def soak(app, game: str, deals: int) -> dict:
    from frame_time import all_ai_table   # this folder is on sys.path when run as a script

    done, seed, now = 0, 0, app.now + 1
    samples: dict[int, float] = {}
    started = time.perf_counter()
    while done < deals:
        seed += 1
        scene = all_ai_table(app, game, seed)
        ctl, counted = scene.ctl, 0
        while not ctl.state.is_terminal() and done < deals:
            now += 0.25
            app.frame(now, 0.25)
            # a deal is done once the next one starts, or the match ends
            finished = len(ctl.table.record["deals"]) - 1 + ctl.state.is_terminal()
            if finished > counted:
                done += finished - counted
                counted = finished
                if done == WARM_UP_DEALS or done % 50 == 0 or done >= deals:
                    samples[done] = round(rss_mb(), 1)
    first, last = samples[min(samples)], samples[max(samples)]
    half = samples[min(samples, key=lambda deal: abs(deal - done / 2))]
    return {"deals": done, "tables": seed, "seconds": round(time.perf_counter() - started, 1),
            "rss_mb": samples, "rss_growth_mb": round(last - first, 1),
            "rss_growth_second_half_mb": round(last - half, 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from game.ui.app import App

    app = App((1280, 720), data_dir=Path(tempfile.mkdtemp()))
    app.settings["animation"] = "fast"
    app.frame(0.0, 0.0)
    figures = {"rss_at_menu_mb": round(rss_mb(), 1)}
    if not args.json:
        print(f"rss_at_menu_mb: {figures['rss_at_menu_mb']}", flush=True)
    for game in args.game or GAMES:
        figures[game] = soak(app, game, args.deals)
        if not args.json:            # a game at a time: the whole soak takes minutes
            print(f"{game}: {figures[game]}", flush=True)
    app.quit()
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
