"""A headless host and four bot joiner processes play a short game of each kind over loopback;
the host's record replays (`main.py replay`) to the result the host and the joiners printed, and
every frame each joiner received holds only what its seat may see (D4, D18; docs/network.md,
"Privacy")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.registry import get_game
from game.net.codec import Codec

from net_helpers import MAIN, frames_of, positions, start_host, start_joiner

#: real host and joiner processes (make test-fast leaves them out)
pytestmark = pytest.mark.slow

#: each game short: two deals (Tiến Lên: two games); Joker's nine-card deals have the trump
#: choice, where the chooser alone sees three cards (J5)
GAMES = {
    "domino": [],
    "tienlen": [],
    "joker": ["--options", json.dumps({"game_type": "nines"})],
}
NAMES = ("ana", "budi", "chi", "dato")


@pytest.fixture(scope="module", params=list(GAMES))
def played(request, tmp_path_factory):
    game = request.param
    data_dir = tmp_path_factory.mktemp(f"net-{game}")
    host, port = start_host(data_dir, game, "open,open,open,open", "--deals", "2",
                            *GAMES[game])
    joiners = []
    try:
        joiners = [start_joiner(data_dir, port, name, "--frames", str(data_dir / f"{name}.txt"))
                   for name in NAMES]
        assert host.finish() == 0, host.stderr_so_far()
        codes = [joiner.finish() for joiner in joiners]
        assert codes == [0, 0, 0, 0], [joiner.stderr_so_far() for joiner in joiners]
    finally:
        for process in (host, *joiners):
            process.kill()
    lines = host.json_lines()
    return game, data_dir, lines, [joiner.json_lines() for joiner in joiners]


def test_the_hosts_record_replays_to_the_result_it_printed(played):
    game, data_dir, lines, joiner_lines = played
    assert len(lines) == 2                         # listening, then the one game
    line = lines[1]
    assert line["game"] == game and [seat["name"] for seat in line["seats"]] != []
    assert sorted(seat["name"] for seat in line["seats"]) == sorted(NAMES)
    assert line["result"]["deals"] == 2
    replayed = subprocess.run([sys.executable, str(MAIN), "replay", line["record"]],
                              capture_output=True, text=True, timeout=60)
    assert replayed.returncode == 0, replayed.stdout
    output = json.loads(replayed.stdout)
    assert output["totals"] == line["result"]["totals"]
    assert output["finished"] == line["result"]["finished"]
    assert output["players"] == [seat["name"] for seat in line["seats"]]
    for printed in joiner_lines:                   # each joiner printed the same game
        assert len(printed) == 1
        assert printed[0]["result"] == line["result"]
        assert printed[0]["record"] == Path(line["record"]).name


def test_every_frame_holds_only_what_its_seat_may_see(played):
    game, data_dir, lines, _ = played
    record = Path(lines[1]["record"])
    states = positions(record)
    codec = Codec(game)
    names = [seat["name"] for seat in lines[1]["seats"]]
    checked = 0
    for name in NAMES:
        frames = frames_of(data_dir / f"{name}.txt")
        seat = next(frame["seat"] for frame in frames if frame["type"] == "welcome")
        assert names[seat] == name
        for frame in frames:
            # never a deal record, until the game is over: then every hand has been shown
            # and its record goes to each joiner's history
            assert "hands" not in json.dumps({**frame, "game_record": None}), frame["type"]
            if frame["type"] == "game_over":
                assert frame["game_record"]["players"] == names
            if frame["type"] in ("view", "events"):
                check_frame(frame, states[tuple(frame["position"])], seat, codec)
                checked += 1
    assert checked > 40


def check_frame(frame: dict, state, seat: int, codec: Codec) -> None:
    """The frame, sent at `state`, holds nothing of another seat's hand before the deal is
    over: its observation is the seat's own, nothing is revealed, and no other hand appears."""
    deal_over = state.needs_deal() or state.is_terminal()
    text = json.dumps(frame)
    for other in range(state.num_players):
        hand = state.observation(other).hand
        if other != seat and len(hand) > 1 and not deal_over:
            assert json.dumps(codec.encode(hand)) not in text, (frame["type"], other)
    if frame["type"] == "events":
        return
    assert codec.decode(frame["observation"]) == state.observation(seat)
    if not deal_over:
        assert frame["revealed"] is None
    own = set(state.observation(seat).hand)
    legal = [codec.action_in(raw) for raw in frame["legal"]]
    assert legal == (list(state.legal_actions()) if frame["acting"] else [])
    assert frame["acting"] is False or state.current_player() == seat
    for action in legal:                           # a seat's moves come from its own hand
        for value in _cards_of(action):
            assert value in own


def _cards_of(action) -> list[int]:
    """The cards or tiles an action lays (plain ints among its fields)."""
    found = []
    for name in ("card", "tile", "cards", "first", "second"):
        value = getattr(action, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            found.append(value)
        elif isinstance(value, tuple):
            found += list(value)
        elif value is not None:
            found += _cards_of(value)
    return found


def test_the_games_list_their_wire_types():
    for game in GAMES:
        assert get_game(game).wire_types
