"""Real host and joiner processes over loopback (tests/test_net_*.py): started with
`main.py host --bind 127.0.0.1 --port 0` (the first line tells the port) and `main.py join`,
each bounded by a timeout and killed if a test leaves it running."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from game.core.scenario import load_scenario
from game.core.table import Table

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / "main.py"
LOOPBACK = "127.0.0.1"
#: a process that takes longer has hung (generous: the machine is shared)
PROCESS_TIMEOUT_S = 90


class Process:
    """A `main.py` subcommand whose standard output lines are collected as they come."""

    def __init__(self, args: list[str], data_dir: Path):
        env = {**os.environ, "TABLE_GAMES_DATA_DIR": str(data_dir),
               "TABLE_GAMES_CONFIG_DIR": str(data_dir / "config")}
        self.process = subprocess.Popen([sys.executable, str(MAIN), *args], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def json_lines(self) -> list[dict]:
        return [json.loads(line) for line in list(self.lines)]

    def wait_for_lines(self, count: int, timeout: float = PROCESS_TIMEOUT_S) -> list[dict]:
        deadline = time.monotonic() + timeout
        while len(self.lines) < count and self.process.poll() is None \
                and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.05)
        assert len(self.lines) >= count, (self.lines, self.stderr_so_far())
        return self.json_lines()

    def finish(self, timeout: float = PROCESS_TIMEOUT_S) -> int:
        """The exit code (the process is killed when it runs past `timeout`)."""
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.process.args[2:4]} hung: {self.stderr_so_far()}")
        self.reader.join(5)
        return code

    def stderr_so_far(self) -> str:
        if self.process.poll() is None:
            return "(still running)"
        return self.process.stderr.read()[-2000:]

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


def start_host(data_dir: Path, game: str, seats: str, *extra: str) -> tuple[Process, int]:
    host = Process(["host", "--game", game, "--seats", seats, "--port", "0", "--code", "sesame",
                    "--bind", LOOPBACK, "--seed", "7", "--no-discovery", *extra], data_dir)
    first = host.wait_for_lines(1, 30)[0]
    return host, first["listening"]["port"]


def start_joiner(data_dir: Path, port: int, name: str, *extra: str, level: str = "random"
                 ) -> Process:
    return Process(["join", f"ws://{LOOPBACK}:{port}", "--code", "sesame", "--bot", level,
                    "--name", name, *extra], data_dir)


def frames_of(path: Path) -> list[dict]:
    """The frames a joiner wrote (`--frames`), one a line; a line still being written is left
    for the next look."""
    text = path.read_text(encoding="utf-8")
    whole = text[:text.rfind("\n") + 1]
    return [json.loads(line) for line in whole.splitlines() if line]


def positions(record_path: Path) -> dict[tuple[int, int], object]:
    """The state at every position (deals dealt, actions applied) of a record, replayed one
    deal at a time as the host dealt them."""
    data = load_scenario(record_path.read_text(encoding="utf-8"))
    table = Table.for_scenario(data)
    state, definition = table.state, table.definition
    reached = {}

    def snap():
        reached[(len(table.record["deals"]), len(table.record["actions"]))] = state.clone()

    snap()
    dealt = 0
    for raw in [*data["actions"], None]:
        while state.needs_deal() and not state.is_terminal() and dealt < len(data["deals"]):
            table.start_deal(definition.deal_from_json(state, data["deals"][dealt]))
            dealt += 1
            snap()
        if raw is not None:
            table.apply(definition.action_from_json(raw))
            snap()
    return reached
