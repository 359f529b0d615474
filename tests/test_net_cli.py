"""`main.py host` and `main.py join` refuse a bad argument with one line and exit 2 before
anything is served or joined (game/command_line.py), and say why a table cannot be served or
joined in one line with exit 4."""

from __future__ import annotations

import socket

import pytest

from cli_helpers import one_line_refusal, run_main
from game.command_line import EXIT_NETWORK

HOST = ["host", "--game", "domino", "--seats", "open,easy,easy,easy", "--port", "0", "--code",
        "c", "--bind", "127.0.0.1", "--no-discovery"]
JOIN = ["join", "ws://127.0.0.1:1", "--code", "c", "--bot", "random"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """The host's records go to a test's folder, never the player's."""
    monkeypatch.setenv("TABLE_GAMES_DATA_DIR", str(tmp_path / "data"))


def replaced(argv: list[str], name: str, value: str) -> list[str]:
    argv = list(argv)
    if name in argv:
        argv[argv.index(name) + 1] = value
    else:
        argv += [name, value]
    return argv


@pytest.mark.parametrize("name,value", [
    ("--port", "65536"), ("--port", "-1"), ("--port", "8\u0660"), ("--port", "x"),
    ("--seats", "open,chess"), ("--seats", ""), ("--code", ""), ("--code", "x" * 33),
    ("--code", "a\x01"), ("--games", "0"), ("--deals", "1e9"), ("--bind", "example.org"),
    ("--bind", "300.1.1.1"), ("--hold", "inf"), ("--hold", "nan"), ("--fallback", "genius"),
    ("--options", "[1]"), ("--options", "{"), ("--tables", "201"), ("--game", "chess"),
])
def test_a_bad_host_argument_is_one_line_and_exit_2(name, value):
    one_line_refusal(*run_main(replaced(HOST, name, value)))


@pytest.mark.parametrize("argv", [
    ["host", "--game", "domino", "--seats", "open,easy", "--port", "0", "--code", "c"],
    replaced(HOST, "--options", '{"partnership": 3}'),
], ids=["seats", "options"])
def test_seats_and_options_that_do_not_fit_the_game_are_one_line_and_exit_2(argv):
    one_line_refusal(*run_main(argv))


@pytest.mark.parametrize("name,value", [
    ("url", "http://127.0.0.1:1"), ("url", "ws://127.0.0.1"), ("url", "ws://:80"),
    ("url", "ws://127.0.0.1:99999"), ("url", "ws://127.0.0.1:1/../etc"),
    ("--bot", "genius"), ("--code", ""), ("--name", "x" * 17), ("--name", " "),
    ("--table", "T1"), ("--table", "../x"), ("--budget", "0"),
])
def test_a_bad_join_argument_is_one_line_and_exit_2(name, value):
    argv = list(JOIN)
    if name == "url":
        argv[1] = value
    else:
        argv = replaced(argv, name, value)
    one_line_refusal(*run_main(argv))


def test_a_port_in_use_is_one_line_and_exit_4():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run_main(replaced(HOST, "--port", str(port)))
    assert code == EXIT_NETWORK and err.count("\n") == 1 and "Traceback" not in err
    assert str(port) in err


@pytest.mark.parametrize("command", ["host", "join"])
def test_the_help_lists_the_exit_codes(command):
    code, out, _ = run_main([command, "--help"])
    assert code == 0 and f"\n  {EXIT_NETWORK} " in out


def test_a_host_that_is_not_there_is_one_line_and_exit_4():
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]              # bound, never listening: refused
        code, out, err = run_main(["join", f"ws://127.0.0.1:{port}", "--code", "c", "--bot",
                                   "random"])
    assert code == EXIT_NETWORK and err.count("\n") == 1 and "cannot be reached" in err


def test_a_records_folder_that_cannot_be_made_is_one_line_and_exit_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    code, out, err = run_main(HOST + ["--records", str(blocker / "hosted")])
    assert code == 2 and err.count("\n") == 1 and "records" in err and out == ""
