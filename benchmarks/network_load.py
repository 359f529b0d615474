"""One headless host serving many four-chair tables of bot joiners, all on loopback: actions a
second, the round trip of a move (sent → the view after it), and the host's CPU and memory per
table. Figures, not pass/fail (docs/network.md, "Measured").

    python benchmarks/network_load.py [--tables 100] [--game tienlen] [--deals 1]
                                      [--think 0.5] [--json]

The host is a real `main.py host` process (--bind 127.0.0.1); the joiners are asyncio
clients in this process (game/net/joiner.py) playing random moves, so the figures are the
host's and the protocol's, not the bots'. Both share the machine's cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

from game.net.protocol import MAX_HOST_FRAME_BYTES, frame

ROOT = Path(__file__).resolve().parents[1]

CODE = "bench"


def proc_figures(pid: int) -> tuple[float, float]:
    """(CPU seconds used, resident MB) of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{pid}/status") as status:
        rss_kb = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return cpu, rss_kb / 1024


async def one_joiner(url: str, table: str, name: str, rng: random.Random,
                     trips: list[float], think_s: float) -> None:
    """A light joiner: it reads each frame's JSON and answers its views with a random legal
    move as the host wrote it (no decoding of observations: the figures are the host's)."""
    sent_at, sent_position = None, None
    async with connect(url, max_size=MAX_HOST_FRAME_BYTES) as connection:
        await connection.send(frame("hello", code=CODE, name=name, table=table))
        async for text in connection:
            message = json.loads(text)
            kind = message["type"]
            if kind == "end":
                return
            if sent_at is not None and (kind == "error" or kind == "view"
                                        and message["position"] != sent_position):
                trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if kind == "view" and message["acting"] and message["legal"]:
                if think_s:                   # a player's pace (the answer may be stale then)
                    await asyncio.sleep(think_s * rng.uniform(0.5, 1.5))
                sent_position, sent_at = message["position"], time.perf_counter()
                await connection.send(frame("act", action=rng.choice(message["legal"]),
                                            at=sent_position))


async def run_joiners(port: int, tables: int, trips: list[float], think_s: float) -> None:
    url = f"ws://127.0.0.1:{port}"
    rng = random.Random(1)
    await asyncio.gather(*(one_joiner(url, f"t{t}", f"p{t}-{s}", random.Random(rng.random()),
                                      trips, think_s)
                           for t in range(1, tables + 1) for s in range(4)))


def measure(game: str, tables: int, deals: int, think_s: float) -> dict:
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "TABLE_GAMES_DATA_DIR": data}
        host = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "host", "--game", game, "--seats",
             "open,open,open,open", "--tables", str(tables), "--deals", str(deals), "--port",
             "0", "--bind", "127.0.0.1", "--code", CODE, "--no-discovery", "--seed", "1"],
            env=env, stdout=subprocess.PIPE, text=True)
        try:
            port = json.loads(host.stdout.readline())["listening"]["port"]
            cpu_before, rss_before = proc_figures(host.pid)
            trips: list[float] = []
            peak = [rss_before]
            started = time.perf_counter()

            async def sample() -> None:
                while True:
                    await asyncio.sleep(0.5)
                    try:
                        peak[0] = max(peak[0], proc_figures(host.pid)[1])
                    except (OSError, StopIteration):
                        return

            async def main() -> None:
                sampler = asyncio.create_task(sample())
                await asyncio.wait_for(run_joiners(port, tables, trips, think_s), 1800)
                sampler.cancel()

            asyncio.run(main())
            wall = time.perf_counter() - started
            usage = resource.getrusage(resource.RUSAGE_SELF)
            cpu_after, _ = proc_figures(host.pid)
            host.wait(60)
        finally:
            if host.poll() is None:
                host.kill()
    trips.sort()
    return {"game": game, "tables": tables, "deals": deals, "think_s": think_s,
            "actions": len(trips),
            "seconds": round(wall, 1), "actions_per_s": round(len(trips) / wall, 1),
            "round_trip_ms": {"p50": round(1000 * statistics.median(trips), 1),
                              "p99": round(1000 * trips[int(0.99 * (len(trips) - 1))], 1)},
            "host_cpu_share": round((cpu_after - cpu_before) / wall, 2),
            "joiners_cpu_share": round((usage.ru_utime + usage.ru_stime) / wall, 2),
            "host_rss_mb": {"start": round(rss_before, 1), "peak": round(peak[0], 1)},
            "mb_per_table": round((peak[0] - rss_before) / tables, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--game", default="tienlen")
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a joiner takes for a move, on average (0: at once, the "
                             "host's capacity)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.game, args.tables, args.deals, args.think)
    print(json.dumps(figures) if args.json else "\n".join(
        f"{key}: {value}" for key, value in figures.items()))


if __name__ == "__main__":
    main()
