"""A joiner killed (SIGKILL) mid-deal keeps its chair; a new process with the same name retakes
it and gets at once the view it had (docs/network.md, "Drops and returns"), then plays the game
to its end."""

from __future__ import annotations

import time

import pytest

from net_helpers import frames_of, start_host, start_joiner

#: real host and joiner processes (make test-fast leaves them out)
pytestmark = pytest.mark.slow

WAIT_S = 60


def last_view(frames: list[dict]) -> dict | None:
    views = [frame for frame in frames if frame["type"] == "view"]
    return views[-1] if views else None


def test_a_killed_joiner_returns_to_the_same_view(tmp_path):
    # the fallback waits, so the table stands at the dropped seat's turn
    host, port = start_host(tmp_path, "domino", "open,easy,easy,easy", "--deals", "1",
                            "--fallback", "wait", "--hold", "120")
    first = second = None
    try:
        first = start_joiner(tmp_path, port, "ana", "--frames", str(tmp_path / "first.txt"),
                             "--stall-at", "1")
        # it plays once, then stands at its next turn: the table waits for it
        deadline = time.monotonic() + WAIT_S
        view = None
        while time.monotonic() < deadline:
            frames = frames_of(tmp_path / "first.txt") if (tmp_path / "first.txt").exists() \
                else []
            view = last_view(frames)
            if view and view["acting"] and view["position"][1] > 0:
                break
            time.sleep(0.05)
        assert view and view["acting"], "the joiner never stood at its second turn"
        assert view["revealed"] is None                        # mid-deal
        first.process.kill()                                   # SIGKILL
        first.process.wait(10)
        time.sleep(0.3)
        assert host.process.poll() is None
        second = start_joiner(tmp_path, port, "ana", "--frames", str(tmp_path / "second.txt"))
        assert second.finish() == 0, second.stderr_so_far()
        assert host.finish() == 0, host.stderr_so_far()
    finally:
        for process in (host, first, second):
            if process is not None:
                process.kill()
    frames = frames_of(tmp_path / "second.txt")
    welcome = next(frame for frame in frames if frame["type"] == "welcome")
    assert welcome["returned"] is True and welcome["seat"] == 0
    again = next(frame for frame in frames if frame["type"] == "view")
    for key in ("position", "phase", "to_move", "acting", "legal", "observation", "returns",
                "revealed"):
        assert again[key] == view[key], key
    lines = host.json_lines()
    assert lines[-1]["seats"][0]["name"] == "ana" and lines[-1]["result"]["deals"] == 1
    assert second.json_lines()[-1]["result"] == lines[-1]["result"]


def test_a_host_stopped_with_sigterm_tells_its_joiners(tmp_path):
    host, port = start_host(tmp_path, "joker", "open,easy,easy,easy")
    joiner = None
    try:
        joiner = start_joiner(tmp_path, port, "ana", "--frames", str(tmp_path / "ana.txt"),
                              "--stall-at", "0")
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline and last_view(
                frames_of(tmp_path / "ana.txt") if (tmp_path / "ana.txt").exists() else []
        ) is None:
            time.sleep(0.05)
        host.process.terminate()                               # SIGTERM
        assert host.finish() == 0, host.stderr_so_far()
        assert joiner.finish() == 4
    finally:
        for process in (host, joiner):
            if process is not None:
                process.kill()
    assert frames_of(tmp_path / "ana.txt")[-1] == {"v": 1, "type": "end",
                                                   "reason": "host_closing"}
    assert "host_closing" in joiner.process.stderr.read()
