"""Kill safety: a real game process (tests/kill_child.py: the headless window with an
all-AI table) is killed with SIGKILL at random moments, restarted, and Continue must restore the
exact last applied action.

"Last applied" is the last action whose autosave write completed: the child reports `writing`
before the atomic write and `saved` after `os.replace` returned. A kill between the two may leave
the old save or the new one (never a mixture), so Continue must restore either the last `saved`
record or the one being written when the process died, and every earlier action exactly.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.controller.autosave import read_save

CHILD = Path(__file__).with_name("kill_child.py")
KILLS_PER_GAME = 3


class Child:
    """One run of the game process, its report lines collected as they come."""

    def __init__(self, game: str, data_dir: Path, seed: int):
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD), game, str(data_dir), str(seed)], env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: list[list[str]] = []
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self) -> None:
        for line in self.process.stdout:
            if not line.endswith("\n"):
                break  # the kill cut this report short: the process never finished saying it
            if line.split(" ", 1)[0] in ("writing", "saved", "restored", "over"):
                self.lines.append(line.rstrip("\n").split(" ", 3))

    def saves_seen(self) -> int:
        return sum(1 for words in self.lines if words[0] == "saved")

    def kill_after(self, saves: int, extra_s: float = 0.0, timeout: float = 60) -> None:
        """SIGKILL once `saves` saves were reported and `extra_s` more seconds passed (so the
        kill also lands inside writes, bot thoughts and frames)."""
        deadline = time.monotonic() + timeout
        while (self.saves_seen() < saves and self.process.poll() is None
               and time.monotonic() < deadline):
            time.sleep(0.005)
        time.sleep(extra_s)
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.reader.join(5)
        assert self.lines, self.process.stderr.read()


def test_the_child_reports_every_save(tmp_path):
    """The protocol the kill test relies on: writing, then saved, with the same counts."""
    child = Child("domino", tmp_path, seed=1)
    child.kill_after(saves=6)
    pairs = [words for words in child.lines if words[0] in ("writing", "saved")]
    assert pairs[0][0] == "writing" and pairs[1][:3] == ["saved", *pairs[0][1:3]]


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_continue_after_sigkill_restores_the_last_applied_action(game, tmp_path):
    rng = random.Random(f"kill/{game}")
    known_actions: dict[int, object] = {}      # action index -> the action, as reported
    reached = None
    for round_number in range(KILLS_PER_GAME):
        child = Child(game, tmp_path, seed=11)
        child.kill_after(saves=rng.randint(3, 60), extra_s=rng.uniform(0, 0.03))
        restored_line = next((w for w in child.lines if w[0] == "restored"), None)
        if round_number:
            assert restored_line, "the restarted process continued the saved table"
            restored = json.loads(restored_line[3])
            # Continue may deal the next deal at once (the save ended a deal): deals can grow
            assert len(restored) == reached[1] and int(restored_line[1]) >= reached[0]
            assert restored == [known_actions[i] for i in range(len(restored))]
        last_saved, in_flight = None, None
        for words in child.lines:
            if words[0] == "writing":
                deals, actions = int(words[1]), int(words[2])
                if actions:
                    known_actions[actions - 1] = json.loads(words[3])
                in_flight = (deals, actions)
            elif words[0] == "saved":
                last_saved, in_flight = (int(words[1]), int(words[2])), None
        if any(words[0] == "over" for words in child.lines):
            pytest.skip("the match ended before the kill")   # seeds are chosen to avoid this
        saved = sorted((tmp_path / "saves").glob("*.json"))
        assert len(saved) == 1, f"one table, one save: {saved}"
        table, _, _ = read_save(saved[0])
        reached = (len(table.record["deals"]), len(table.record["actions"]))
        assert reached in (last_saved, in_flight), \
            f"the save holds {reached}; last saved {last_saved}, being written {in_flight}"
        actions = table.record["actions"]
        assert actions == [known_actions[i] for i in range(len(actions))]
