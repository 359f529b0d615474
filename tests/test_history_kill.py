"""A kill -9 while the history is being written loses no finished game: a real
process (tests/history_kill_child.py) plays matches and records them, and is killed at random
moments; every match it reported finished must be in the history after the next start, once,
and the database must pass SQLite's integrity check."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from game.history.store import History

CHILD = Path(__file__).with_name("history_kill_child.py")
ROUNDS = 3


def run_and_kill(data_dir: Path, seed: int, finished: int, extra_s: float) -> list[list[str]]:
    process = subprocess.Popen([sys.executable, str(CHILD), str(data_dir), str(seed)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ})
    lines: list[list[str]] = []

    def read() -> None:
        for line in process.stdout:
            if line.endswith("\n"):
                lines.append(line.split())
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + 60
    while (sum(words[0] == "finished" for words in lines) < finished
           and process.poll() is None and time.monotonic() < deadline):
        time.sleep(0.002)
    time.sleep(extra_s)
    process.send_signal(signal.SIGKILL)
    process.wait()
    reader.join(5)
    assert lines, process.stderr.read()
    return lines


def test_a_kill_during_writes_loses_no_finished_game(tmp_path):
    rng = random.Random("history-kill")
    finished: set[str] = set()
    committed_before_kill = 0
    for round_number in range(ROUNDS):
        lines = run_and_kill(tmp_path, seed=100 * round_number, finished=rng.randint(1, 4),
                             extra_s=rng.uniform(0, 0.03))
        finished |= {words[1] for words in lines if words[0] == "finished"}
        committed_before_kill += sum(words[0] == "recorded" for words in lines)
        history = History(tmp_path)                  # the next start takes in what was left
        assert history.flush() and not history.failures
        stored = [uid for (uid,) in history.read.execute("SELECT uid FROM games")]
        assert len(stored) == len(set(stored)), "no game stored twice"
        assert finished <= set(stored), f"lost: {finished - set(stored)}"
        assert history.read.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert not list(history.inbox.glob("*.json"))
        history.close()
    assert len(finished) >= ROUNDS
    assert committed_before_kill < len(finished), "some kills landed before a commit"
