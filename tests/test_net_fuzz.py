"""A server fuzz over loopback: garbage, binary, huge and unknown frames, floods, wrong codes,
moves out of turn, moves for another seat and moves the rules refuse. Each is answered with an
error message (a code the joiner words in its language), a flooding or misbehaving connection
is closed, and the table plays on to its end (docs/network.md, "Limits")."""

from __future__ import annotations

import json
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from net_helpers import LOOPBACK, start_host, start_joiner

#: real host and joiner processes (make test-fast leaves them out)
pytestmark = pytest.mark.slow

TIMEOUT_S = 20


def send(connection, message: dict) -> None:
    connection.send(json.dumps({"v": 1, **message}))


def answer(connection, kind: str = "error") -> dict:
    """The next message of `kind` (others are skipped), within the timeout."""
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        message = json.loads(connection.recv(timeout=TIMEOUT_S))
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind}")


def closed_code(connection) -> int:
    deadline = time.monotonic() + TIMEOUT_S
    with pytest.raises(ConnectionClosed) as closed:
        while time.monotonic() < deadline:
            connection.recv(timeout=TIMEOUT_S)
    return closed.value.rcvd.code if closed.value.rcvd else None


@pytest.fixture
def table(tmp_path):
    """A Tiến Lên table of one bot joiner, one chair for the fuzzer and two bots."""
    host, port = start_host(tmp_path, "tienlen", "open,open,random,random", "--fallback",
                            "random")
    joiner = start_joiner(tmp_path, port, "bot")
    yield f"ws://{LOOPBACK}:{port}", host, joiner
    host.kill()
    joiner.kill()


def test_bad_frames_are_answered_and_the_table_plays_to_its_end(table):
    url, host, joiner = table
    with connect(url, open_timeout=TIMEOUT_S) as rude:
        rude.send("not json at all")
        assert answer(rude)["code"] == "not_json"
        rude.send(b"\x00\x01binary")
        assert answer(rude)["code"] == "not_text"
        rude.send("[1, 2]")
        assert answer(rude)["code"] == "bad_message"
        send(rude, {"type": "launch"})
        assert answer(rude)["code"] == "unknown_type"
        rude.send(json.dumps({"v": 99, "type": "hello"}))
        assert answer(rude)["code"] == "version"
        rude.send('{"v": 1, "type": "ping", "n": ' + "9" * 5000 + "}")
        assert answer(rude)["code"] == "not_json"
        send(rude, {"type": "act", "action": {"type": "pass"}})
        assert answer(rude)["code"] == "hello_first"
        send(rude, {"type": "hello", "code": "sesame", "name": "\u0007bell"})
        assert answer(rude)["params"] == {"field": "name"}
        send(rude, {"type": "ping"})
        assert answer(rude, "pong")

    with connect(url, open_timeout=TIMEOUT_S) as guesser:    # wrong codes: closed after three
        for _ in range(3):
            send(guesser, {"type": "hello", "code": "open sesame", "name": "eve"})
            assert answer(guesser)["code"] == "wrong_code"
        assert closed_code(guesser) == 1008

    with connect(url, open_timeout=TIMEOUT_S, max_size=None) as huge:   # over 64 KiB
        send(huge, {"type": "ping", "pad": "x" * (70 * 1024)})
        assert closed_code(huge) == 1009

    with connect(url, open_timeout=TIMEOUT_S) as flood:
        for _ in range(300):
            try:
                send(flood, {"type": "ping"})
            except ConnectionClosed:
                break
        assert closed_code(flood) == 1008

    play_with_mischief(url)
    assert host.finish() == 0, host.stderr_so_far()
    assert joiner.finish() == 0, joiner.stderr_so_far()
    lines = host.json_lines()
    assert len(lines) == 2 and lines[1]["result"]["deals"] == 1
    assert [seat["name"] for seat in lines[1]["seats"]][:2] in (["bot", "fuzz"],
                                                                  ["fuzz", "bot"])


def play_with_mischief(url: str) -> None:
    """Take a chair and play it to the end, trying a wrong move at every turn: out of turn,
    another seat's leave (T16), cards not in the hand, a stale position."""
    refused: set[str] = set()
    with connect(url, open_timeout=TIMEOUT_S) as player:
        send(player, {"type": "hello", "code": "sesame", "name": "fuzz"})
        seat, hand, early, turns = None, (), 0, 0
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            message = json.loads(player.recv(timeout=TIMEOUT_S))
            kind = message["type"]
            if kind == "welcome":
                seat = message["seat"]
                send(player, {"type": "act", "action": {"type": "leave", "player": 1 - seat}})
            elif kind == "error":
                refused.add(message["code"])
            elif kind == "end":
                break
            elif kind == "view":
                hand = message["observation"]["f"]["hand"]
                if not message["acting"]:
                    if early < 3:                  # a few: a flood of them is closed
                        early += 1
                        send(player, {"type": "act", "action": {"type": "pass"}})
                    continue
                turns += 1
                stranger = next(card for card in range(52) if card not in hand)
                send(player, {"type": "act", "action": _play_of(stranger)})
                send(player, {"type": "act", "action": message["legal"][0], "at": [0, 0]})
                if turns <= 3:                     # each one is a bad message
                    send(player, {"type": "act", "action": {"type": "fly"}})
                send(player, {"type": "act", "action": message["legal"][-1],
                              "at": message["position"]})
        else:
            raise AssertionError("the game did not end")
    assert {"not_your_turn", "cards_not_in_hand", "stale", "bad_action"} <= refused, refused


def _play_of(card: int) -> dict:
    """The action that plays one card (as the wire writes it)."""
    from game.core.registry import get_game
    from game.tienlen.actions import Play

    return get_game("tienlen").action_to_json(Play((card,)))
