"""`python main.py replay` from outside: the scenario/1 contract (docs/scenario-format.md)."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAYERS = ["Ani", "Budi", "Citra", "Dewi"]
DEAL_1 = {"hands": [["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
                    ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"],
                    ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5"],
                    ["3-6", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"]]}


def run_replay(scenario, raw_text=None):
    text = raw_text if raw_text is not None else json.dumps(scenario)
    done = subprocess.run([sys.executable, "main.py", "replay", "-"], input=text, cwd=ROOT,
                          capture_output=True, text=True, timeout=30)
    return done.returncode, json.loads(done.stdout)


def domino(actions, deals=(DEAL_1,), **extra):
    return {"format": "scenario/1", "game": "domino", "options": {}, "players": PLAYERS,
            "deals": list(deals), "actions": actions, **extra}


OPEN = {"type": "play", "tile": "6-6"}


def test_in_progress_lists_every_legal_action_and_each_end_for_a_tile_fitting_both():
    code, out = run_replay(domino([OPEN]))
    assert code == 0 and out["finished"] is False
    assert out["next"]["player"] == 0
    assert sorted(map(json.dumps, out["next"]["legal"])) == sorted(map(json.dumps, [
        {"type": "play", "tile": "0-6", "end": "L"}, {"type": "play", "tile": "0-6", "end": "R"}]))
    assert out["totals"] == [0, 0, 0, 0] and out["deals"] == []


def test_misplay_is_applied_with_its_penalty_and_counted_in_the_totals():
    code, out = run_replay(domino([OPEN, {"type": "play", "tile": "0-1", "end": "L"}]))
    assert code == 0
    assert out["totals"] == [-1, 0, 0, 0]
    assert out["next"]["player"] == 0


def test_tiles_may_be_written_in_either_order():
    code, out = run_replay(domino([OPEN, {"type": "play", "tile": "6-0", "end": "R"},
                                   {"player": 1, "type": "play", "tile": "6-1", "end": "L"}]))
    assert code == 0 and out["next"]["player"] == 2


@pytest.mark.parametrize("scenario_change, index, words", [
    (lambda s: s["actions"].append({"type": "play", "tile": "0-0", "end": "L"}), 1,
     "0-0 is not in Budi's hand"),
    (lambda s: s["actions"].append({"type": "play", "tile": "1-6", "end": "R"}), 1,
     "1-6 does not match the right end 0; it fits the left end 6"),
    (lambda s: s["actions"].append({"player": 2, "type": "pass"}), 1,
     "it is Budi's turn (player 1), not player 2's"),
    (lambda s: s["actions"].append({"type": "apollo", "plays": [
        {"tile": "1-6", "end": "R"}, {"tile": "1-1", "end": "R"}]}), 1,
     "Apollo needs exactly two tiles"),
    (lambda s: s["actions"].append({"type": "pass"}), 1, "Budi cannot pass: 1-6 fits"),
])
def test_bad_actions_exit_2_naming_the_action_and_the_reason(scenario_change, index, words):
    scenario = domino([OPEN, {"type": "play", "tile": "0-6", "end": "R"}])
    scenario_change(scenario)
    code, out = run_replay(scenario)
    assert code == 2
    assert out["error"]["action_index"] == index + 1
    assert out["error"]["message"].startswith(f"action {index + 1}: ")
    assert words in out["error"]["message"]
    assert out["state"]["next"]["player"] == 1, "the state before the bad action is kept"


def test_misplay_without_the_penalty_option_is_an_error():
    code, out = run_replay(domino([OPEN, {"type": "play", "tile": "0-1", "end": "L"}],
                                  options={"misplay_penalty": False}))
    assert code == 2
    assert out["error"] == {"action_index": 1,
                            "message": "action 1: 0-1 does not match the open ends 6 and 6"}


@pytest.mark.parametrize("raw, words", [
    ("{not json", "not valid JSON"),
    (json.dumps({"format": "scenario/2", "game": "domino", "players": PLAYERS}), "format"),
    (json.dumps(domino([], options={"speed": 3})), "unknown option 'speed'"),
    (json.dumps(domino([], options={"misplay_penalty": "yes"})), "misplay_penalty"),
    (json.dumps(domino([], deals=[{"hands": [["0-0"]] * 4}])), "deal 1"),
    (json.dumps({**domino([]), "players": PLAYERS[:3]}), "exactly 4 players"),
    (json.dumps(domino([{"type": "play", "tile": "7-7"}])), "7-7"),
    (json.dumps(domino([{"type": "jump"}])), "unknown domino action type"),
])
def test_malformed_input_exits_2_with_a_message(raw, words):
    code, out = run_replay(None, raw_text=raw)
    assert code == 2
    assert words in out["error"]["message"]


def test_actions_ending_where_an_unlisted_deal_would_begin_stop_in_progress():
    # Deal 1 with all doubles in chair B ends at once: deal 2 is needed but not listed.
    doubles = {"hands": [["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-2"],
                         ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6"],
                         ["1-3", "1-4", "1-5", "1-6", "2-3", "2-4", "2-5"],
                         ["2-6", "3-4", "3-5", "3-6", "4-5", "4-6", "5-6"]]}
    code, out = run_replay(domino([], deals=[doubles]))
    assert code == 0
    assert out["next"] is None and out["finished"] is False
    assert out["deals"] == [{"outcome": "all_doubles", "winners": [1], "points": [-1, 2, 0, 0],
                             "penalties": [0, 0, 0, 0], "pips": [24, 42, 40, 62]}]
    code, out = run_replay(domino([{"type": "pass"}], deals=[doubles]))
    assert code == 2 and "deal 2, which is not listed" in out["error"]["message"]


def test_replay_never_imports_pygame():
    code = ("import sys, io, json; sys.stdin = io.StringIO(json.dumps(%r)); import main; "
            "main.main(['replay', '-']); assert 'pygame' not in sys.modules, 'pygame loaded'"
            % domino([OPEN]))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_file_argument_works_like_stdin(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(domino([OPEN])))
    done = subprocess.run([sys.executable, "main.py", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout)["next"]["player"] == 0
