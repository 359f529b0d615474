"""The command line under attack (`main.py replay | review | sim | stats`): every argument is
checked by type and range (one line on standard error, exit 2), every input file that cannot be
read or is not a valid record gets ONE JSON error object on standard output (exit 2, the
replay's contract in docs/scenario-format.md), and nothing prints a traceback or runs without
end. Most runs are in-process through `main.main` (tests/cli_helpers.py); a few are real
processes, where a hang would meet the subprocess timeout."""

from __future__ import annotations

import builtins
import json
import os
import random
import subprocess
import sys

import pytest

from game import cli as main
from game.command_line import (EXIT_BUG, EXIT_CODES_HELP, EXIT_INTERRUPTED, EXIT_OUTPUT_CLOSED,
                               MAX_INPUT_BYTES)
from cli_helpers import (BAD_NUMBERS, BAD_TEXTS, CASE, DEEP, DOCUMENTED, FRAGMENTS,
                               HANG_GUARD_S, ROOT, leaf_paths, one_json_error, one_line_refusal,
                               run_main, short, valid_case, with_fragment)

# --- the baseline: the same runs with good input succeed (so the refusals below mean something) -

def test_the_valid_record_replays_and_reviews_with_exit_0():
    code, out, err = run_main(["replay", str(CASE)])
    assert code == 0 and "error" not in json.loads(out), err
    code, out, err = run_main(["review", str(CASE), "--worlds", "1", "--json"])
    assert code == 0 and json.loads(out)["moves"], err
    code, out, err = run_main(["sim", "--game", "tienlen", "--seats", "random,easy",
                               "--games", "2", "--jobs", "1", "--seed", "x", "--json"])
    assert code == 0 and json.loads(out)["games"] == 2, err


# --- each case that was seen, with the words the player now reads ------------------------------

def record_text(change) -> bytes:
    data = valid_case(actions=2)
    change(data)
    return json.dumps(data).encode()


@pytest.mark.parametrize("command", ["replay", "review"])
@pytest.mark.parametrize("stdin, words", [
    (DEEP.encode(), "nested deeper than"),
    (BAD_TEXTS["huge integer alone"], "more than 30 digits"),
    (BAD_TEXTS["format scenario/\u00b2"], "\"format\" must be 'scenario/1'"),
    (BAD_TEXTS["lone surrogate name"], "not allowed"),
    (BAD_TEXTS["NaN option"], "NaN is not a number"),
    (record_text(lambda data: data["players"].__setitem__(1, "\ud800")), "not allowed"),
], ids=short)
def test_the_files_that_crashed_replay_and_review_are_refused_in_words(command, stdin, words):
    answer = one_json_error(*run_main([command, "-"], stdin=stdin))
    assert words in answer["error"]["message"]


# --- input files ------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["replay", "review"])
@pytest.mark.parametrize("name", sorted(BAD_TEXTS))
def test_bad_standard_input_gets_one_json_error(command, name):
    one_json_error(*run_main([command, "-"], stdin=BAD_TEXTS[name]))


@pytest.mark.parametrize("command", ["replay", "review"])
@pytest.mark.parametrize("name", sorted(BAD_TEXTS))
def test_bad_files_get_one_json_error(command, name, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(BAD_TEXTS[name])
    one_json_error(*run_main([command, str(path)]))


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_folder_a_missing_file_and_a_huge_file_are_named_in_the_json_error(command, tmp_path):
    answer = one_json_error(*run_main([command, str(tmp_path)]))
    assert "folder" in answer["error"]["message"]
    answer = one_json_error(*run_main([command, str(tmp_path / "missing.json")]))
    assert "no such file" in answer["error"]["message"]
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as file:
        file.truncate(MAX_INPUT_BYTES + 1)       # sparse: nothing is written
    answer = one_json_error(*run_main([command, str(huge)]))
    assert "larger than" in answer["error"]["message"]


@pytest.mark.parametrize("command", ["replay", "review"])
def test_an_unreadable_file_gets_one_json_error(command, tmp_path, monkeypatch):
    path = tmp_path / "locked.json"
    path.write_text(CASE.read_text(encoding="utf-8"), encoding="utf-8")
    path.chmod(0)
    if os.access(path, os.R_OK):      # root reads anything: refuse the open as the OS would
        real_open = builtins.open

        def refusing_open(file, *args, **kwargs):
            if str(file) == str(path):
                raise PermissionError(13, "Permission denied", str(file))
            return real_open(file, *args, **kwargs)

        monkeypatch.setattr(builtins, "open", refusing_open)
    answer = one_json_error(*run_main([command, str(path)]))
    assert "permission denied" in answer["error"]["message"]


@pytest.mark.parametrize("name", sorted(FRAGMENTS))
def test_every_value_of_a_record_replaced_by_the_vocabulary_is_refused_or_replayed(name):
    """Each value of a real record (envelope, options, deals, actions, the table block) in turn
    replaced by one word of the vocabulary: exit 0 with a result, or exit 2 with one JSON
    error object, never anything else."""
    data = valid_case(actions=8)
    paths = list(leaf_paths(data))
    random.Random(name).shuffle(paths)
    for path in paths[:60]:
        code, out, err = run_main(["replay", "-"], stdin=with_fragment(data, path,
                                                                       FRAGMENTS[name]))
        if code == 0:
            assert "Traceback" not in err and len(out.splitlines()) == 1
            json.loads(out)
        else:
            one_json_error(code, out, err)


@pytest.mark.parametrize("name", sorted(FRAGMENTS))
def test_a_review_of_a_damaged_record_is_refused_or_done(name):
    data = valid_case(actions=4)
    for path in [("format",), ("game",), ("players",), ("players", 0), ("options",),
                 ("deals", 0), ("deals", 0, "hands", 1), ("actions",), ("actions", 0),
                 ("table",), ("table", "seats", 2), ("table", "seats", 2, "kind")]:
        code, out, err = run_main(["review", "-", "--worlds", "1", "--json"],
                                  stdin=with_fragment(data, path, FRAGMENTS[name]))
        if code == 0:
            assert "Traceback" not in err
            assert json.loads(out)["summary"]["moves"] >= 0
        else:
            one_json_error(code, out, err)


def test_a_seat_not_at_this_table_is_the_files_json_error_and_99_an_argument_error(tmp_path):
    two = valid_case(actions=0)
    two["players"] = two["players"][:2]
    two["deals"] = []
    two.pop("table", None)
    path = tmp_path / "two.json"
    path.write_text(json.dumps(two), encoding="utf-8")
    answer = one_json_error(*run_main(["review", str(path), "--seat", "3"]))
    assert "no seat 3" in answer["error"]["message"]
    one_line_refusal(*run_main(["review", str(path), "--seat", "99"]), "--seat")


def test_a_file_name_that_is_not_utf8_is_shown_not_crashed_on(tmp_path):
    name = os.fsdecode(b"caf\xe9.json")           # a lone surrogate in the argument
    answer = one_json_error(*run_main(["replay", str(tmp_path / name)]))
    assert "no such file" in answer["error"]["message"]


@pytest.mark.parametrize("trouble", ["none", "a folder", "garbage", "empty"])
def test_stats_answers_any_history_file_with_a_documented_code(trouble, tmp_path, monkeypatch):
    """What the history does with a damaged file is the history's (game/history); here: stats
    ends with a documented code, a JSON object for --json when it ends well, no traceback."""
    monkeypatch.setenv("TABLE_GAMES_DATA_DIR", str(tmp_path))
    history = tmp_path / "history.sqlite3"
    if trouble == "a folder":
        history.mkdir()
    elif trouble == "garbage":
        history.write_bytes(b"\xff" * 5000)
    elif trouble == "empty":
        history.write_bytes(b"")
    for argv in (["stats"], ["stats", "--json"], ["stats", "--profile", "Ana", "--json"]):
        code, out, err = run_main(argv)
        assert code in DOCUMENTED and code != EXIT_BUG, (code, err)
        assert "Traceback" not in err
        if code == 0 and "--json" in argv:
            assert "profiles" in json.loads(out)


# --- arguments --------------------------------------------------------------------------------

SIM = ["sim", "--game", "domino", "--seats", "random,random,random,random", "--games", "1",
       "--jobs", "1", "--deals", "1"]


@pytest.mark.parametrize("argument", ["--games", "--budget", "--jobs", "--worlds", "--deals"])
@pytest.mark.parametrize("value", BAD_NUMBERS, ids=short)
def test_every_bad_number_for_sim_is_one_line_and_exit_2(argument, value):
    one_line_refusal(*run_main(SIM + [argument, value]), argument)


@pytest.mark.parametrize("argument", ["--seat", "--budget", "--worlds"])
@pytest.mark.parametrize("value", BAD_NUMBERS, ids=short)
def test_every_bad_number_for_review_is_one_line_and_exit_2(argument, value):
    if argument == "--seat" and value == "0":
        value = "4"                                # seat 0 is a seat; no table has a fifth
    one_line_refusal(*run_main(["review", str(CASE), argument, value]), argument)


@pytest.mark.parametrize("value", ["1e308", "60.5", "100000", "1e-400"])
def test_budgets_past_the_cap_are_refused_not_waited_for(value):
    one_line_refusal(*run_main(["review", str(CASE), "--budget", value]), "--budget")
    one_line_refusal(*run_main(SIM + ["--budget", value]), "--budget")


@pytest.mark.parametrize("seats, words", [
    ("foo,bar,baz,qux", "unknown bot level 'foo'"),
    ("random,,random", None),                      # 2 seats for domino: the count is refused
    (",", "at least one bot level"),
    ("hard,\udcff,hard,hard", "unknown bot level"),
])
def test_unknown_seats_are_refused_with_the_known_levels(seats, words):
    argv = ["sim", "--game", "domino", "--seats", seats, "--jobs", "1"]
    err = one_line_refusal(*run_main(argv))
    if words:
        assert words in err and "random, easy, normal, hard" in err and "omniscient" in err
    else:
        assert "needs 4 seats" in err


@pytest.mark.parametrize("options", [
    DEEP, "[" * 40 + "]" * 40, '{"partnership": ' + "[" * 20 + "]" * 20 + "}",
    '{"target_points": ' + "9" * 5000 + "}", '{"target_points": NaN}',
    '{"target_points": 1e308}', '{"partnership": "\\ud800"}', '{"\\ud800": 1}',
    '{"nope": 1}', "[1]", "1", "null", "", "{", '{"partnership": [1]}',
    '{"target_points": -1}', '{"opening": "\u00b2"}',
], ids=short)
def test_bad_options_are_refused_in_one_line(options):
    one_line_refusal(*run_main(SIM + ["--options", options]), "options")


@pytest.mark.parametrize("seed", ["9" * 5000, "-" + "9" * 40, "", "   ", "\udcff", "a\x00b",
                                  "x" * 100, "tab\there"], ids=short)
def test_bad_seeds_are_refused(seed):
    one_line_refusal(*run_main(SIM + ["--seed", seed]), "--seed")


@pytest.mark.parametrize("seed, shown", [("7", 7), ("-3", -3), ("\u00b2", "\u00b2"),
                                         ("abc", "abc")])
def test_a_seed_is_a_whole_number_or_a_short_text(seed, shown):
    code, out, err = run_main(SIM + ["--seed", seed, "--json"])
    assert code == 0, err
    assert json.loads(out)["seed"] == shown


@pytest.mark.parametrize("argv", [
    ["stats", "--profile", "\udcff"], ["stats", "--profile", "a\x01"],
    ["stats", "--profile", "x" * 5000], ["stats", "--game", "chess"],
    ["stats", "--nope"], ["nope"], ["replay"], ["replay", "a", "b"], ["review"],
    ["sim"], ["sim", "--game", "domino"], ["sim", "--game", "\u00b2", "--seats", "random"],
], ids=short)
def test_other_bad_arguments_are_one_line_and_exit_2(argv):
    one_line_refusal(*run_main(argv))


@pytest.mark.parametrize("command", [[], ["replay"], ["sim"], ["stats"], ["review"]])
def test_help_documents_the_exit_codes(command):
    code, out, err = run_main(command + ["--help"])
    assert code == 0 and "Traceback" not in err
    assert "exit codes" in out.lower()
    for documented in DOCUMENTED:
        assert f"\n  {documented} " in out


def test_the_docstring_of_main_lists_the_same_exit_codes():
    assert EXIT_CODES_HELP.split("\n", 1)[1] in main.__doc__


# --- the last guards: a fault of the program and Ctrl+C are still one answer, never a traceback

def test_a_fault_of_the_program_is_one_line_70_or_the_json_error_never_a_traceback(monkeypatch):
    import ai.sim
    import game.core.replay

    def broken(*args, **kwargs):
        raise RuntimeError("planted fault")

    monkeypatch.setattr(game.core.replay, "replay_text", broken)
    code, out, err = run_main(["replay", str(CASE)])
    assert code == 2 and "Traceback" not in err
    assert "the program failed" in json.loads(out)["error"]["message"]
    monkeypatch.setattr(ai.sim, "run", broken)
    code, out, err = run_main(SIM)
    assert code == EXIT_BUG and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and "planted fault" in err


def test_ctrl_c_is_exit_130_in_one_line(monkeypatch):
    import ai.sim

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(ai.sim, "run", interrupted)
    code, out, err = run_main(SIM)
    assert code == EXIT_INTERRUPTED and err == "interrupted\n"


# --- real processes: a hang would meet the timeout -------------------------------------------

def run_process(*args: str, stdin: bytes = b"") -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "main.py", *args], input=stdin, cwd=ROOT,
                          capture_output=True, timeout=HANG_GUARD_S)
    return (done.returncode, done.stdout.decode("utf-8", "backslashreplace"),
            done.stderr.decode("utf-8", "backslashreplace"))


@pytest.mark.parametrize("args", [
    ["sim", "--game", "domino", "--seats", "hard,hard,hard,hard", "--budget", "inf"],
    ["sim", "--game", "domino", "--seats", "hard,hard,hard,hard", "--budget", "nan"],
    ["review", str(CASE), "--budget", "inf"],
    ["review", str(CASE), "--budget", "nan"],
    ["review", str(CASE), "--budget", "1e308"],
    ["sim", "--game", "domino", "--seats", "foo,bar,baz,qux"],
    ["sim", "--game", "domino", "--seats", "random,random,random,random", "--jobs", "-3"],
])
def test_what_once_hung_or_crashed_a_real_process_is_refused_at_once(args):
    one_line_refusal(*run_process(*args))


def test_a_real_process_answers_deep_standard_input_and_a_non_utf8_file_name():
    one_json_error(*run_process("replay", "-", stdin=DEEP.encode()))
    one_json_error(*run_process("review", "-", stdin=b"\xff\xfe"))
    done = subprocess.run([sys.executable, "main.py", "replay", b"caf\xe9.json"], cwd=ROOT,
                          capture_output=True, timeout=HANG_GUARD_S)
    one_json_error(done.returncode, done.stdout.decode("utf-8"),
                   done.stderr.decode("utf-8", "backslashreplace"))


def test_output_closed_by_its_reader_is_exit_141_without_a_traceback():
    read_end, write_end = os.pipe()
    os.close(read_end)                     # the reader is gone before the first byte (`| head`)
    try:
        done = subprocess.run([sys.executable, "main.py", "replay", str(CASE)], cwd=ROOT,
                              stdout=write_end, stderr=subprocess.PIPE, timeout=HANG_GUARD_S)
    finally:
        os.close(write_end)
    assert done.returncode == EXIT_OUTPUT_CLOSED
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr


def test_ctrl_c_during_a_sim_with_workers_ends_it_at_once_in_one_line():
    """Ctrl+C reaches every process of the terminal's group: the workers leave it to the
    parent, which ends them and exits 130 with one line (before, each worker died with a
    traceback and the pool started new ones: the run went on to its last game)."""
    import signal
    import time

    process = subprocess.Popen(
        [sys.executable, "main.py", "sim", "--game", "domino", "--seats",
         "random,random,random,random", "--games", "100000", "--jobs", "2"], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        # as from a terminal: a shell's background job would start it with Ctrl+C ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + HANG_GUARD_S
        err = b""
        while b"/" not in err and time.monotonic() < deadline:   # the progress line: working
            err += process.stderr.read1(256)
        os.killpg(process.pid, signal.SIGINT)                    # as the terminal does
        out, rest = process.communicate(timeout=HANG_GUARD_S)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    err = (err + rest).decode("utf-8", "backslashreplace")
    assert process.returncode == EXIT_INTERRUPTED, err
    assert "Traceback" not in err and err.count("interrupted") == 1, err
    time.sleep(0.5)
    with pytest.raises(ProcessLookupError):             # no worker left behind
        os.killpg(process.pid, 0)
