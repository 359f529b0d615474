"""The installed or built program starts: `--version`, a `sim` game, a replay, and the window
opened under SDL's dummy driver, each from a folder that is not the checkout.

    python packaging/smoke.py PROGRAM [ARG ...]      e.g. dist/tabletrio/tabletrio, or a venv's
                                                     bin/tabletrio

Prints one line per check and exits 0 when all pass, 1 otherwise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

#: a domino scenario: the 6-6 opening (D5) from a fixed deal
REPLAY = {"format": "scenario/1", "game": "domino", "players": ["A", "B", "C", "D"],
          "deals": [{"hands": [["6-6", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"],
                               ["0-6", "1-1", "1-2", "1-3", "1-4", "1-5", "1-6"],
                               ["2-2", "2-3", "2-4", "2-5", "2-6", "3-3", "3-4"],
                               ["3-5", "3-6", "4-4", "4-5", "4-6", "5-5", "5-6"]]}],
          "actions": [{"type": "play", "tile": "6-6"}]}


def run(program: list[str], args: list[str], folder: Path, stdin: str | None = None
        ) -> subprocess.CompletedProcess:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   "TABLE_GAMES_DATA_DIR": str(folder / "data"),
                   "TABLE_GAMES_CONFIG_DIR": str(folder / "config")}
    environment.pop("PYTHONPATH", None)              # the program alone, never the checkout
    return subprocess.run(program + args, cwd=folder, env=environment, input=stdin,
                          capture_output=True, text=True, timeout=300)


def checks(program: list[str], folder: Path):
    version = run(program, ["--version"], folder)
    words = version.stdout.split()
    yield "--version", version.returncode == 0 and words[:1] == ["tabletrio"] and \
        words[-1][:1].isdigit(), version.stdout.strip() or version.stderr[-300:]
    sim = run(program, ["sim", "--game", "tienlen", "--seats", "easy,easy,easy,easy",
                        "--games", "1", "--seed", "1", "--jobs", "1", "--json"], folder)
    ok = sim.returncode == 0 and json.loads(sim.stdout or "{}").get("game") == "tienlen"
    yield "sim", ok, sim.stdout[:120] if ok else sim.stderr[-300:]
    replay = run(program, ["replay", "-"], folder, json.dumps(REPLAY))
    ok = replay.returncode == 0 and "error" not in json.loads(replay.stdout or "{}")
    yield "replay", ok, replay.stdout[:120] if ok else replay.stdout[-300:] + replay.stderr[-300:]
    for language in ("en", "ka"):
        window = run(program, ["window-check", "--language", language], folder)
        ok = window.returncode == 0 and "window ok" in window.stdout
        yield f"window ({language})", ok, window.stdout.strip() if ok else window.stderr[-600:]


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    program = [str(Path(argv[0]).resolve())] + argv[1:]
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        for name, ok, detail in checks(program, Path(folder)):
            print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")
            failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
