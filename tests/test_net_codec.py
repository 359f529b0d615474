"""The codec (game/net/codec.py): every observation, event and legal action of positions
reached by random play goes to JSON and back equal, for each game; a value naming a type that
is not among the game's wire types, or with fields its type lacks, is refused."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.core.table import Table
from game.net.codec import Codec
from game.net.protocol import Refused

GAMES = ("domino", "tienlen", "joker")


def random_play(game: str, seed: int, steps: int):
    """(table, the events of each step) after up to `steps` random moves and deals."""
    table = Table.open(game, [f"P{p}" for p in range(4)], {}, seed=seed)
    rng, events = random.Random(seed), []
    for _ in range(steps):
        state = table.state
        if state.is_terminal():
            break
        events += table.deal_next() if state.needs_deal() else \
            table.apply(rng.choice(state.legal_actions()))
    return table, events


def through_the_wire(codec: Codec, value):
    return codec.decode(json.loads(json.dumps(codec.encode(value))))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400))
def test_observations_events_and_actions_go_there_and_back_equal(game, seed, steps):
    codec = Codec(game)
    table, events = random_play(game, seed, steps)
    state = table.state
    for event in events:
        assert through_the_wire(codec, event) == event
    for player in range(state.num_players):
        observation = state.observation(player)
        assert through_the_wire(codec, observation) == observation
    for action in state.legal_actions():
        assert codec.action_in(json.loads(json.dumps(codec.action_out(action)))) == action


@pytest.mark.parametrize("raw", [
    {"$": "Path", "f": {}},                               # not a wire type
    {"$": "system", "f": {"command": "rm"}},
    {"$": "TilePlayed", "f": {"player": 1, "evil": 2}},   # a field the type lacks
    {"$": "TilePlayed", "f": {"player": 1}},              # fields missing
    {"$": "DominoOptions", "f": "x"},
    {"$e": "TilePlayed", "v": 1},                         # not an enum
    {"$": 3, "f": {}},
    {"x": 1},
    1.5,
    [[[[[[[[[[[[[[[1]]]]]]]]]]]]]]],                       # deeper than a value is
])
def test_a_value_that_is_not_one_of_the_games_is_refused(raw):
    with pytest.raises(ValueError):
        Codec("domino").decode(raw)


def test_an_enum_member_comes_back_only_from_its_values():
    codec = Codec("joker")
    with pytest.raises(ValueError):
        codec.decode({"$e": "JokerMode", "v": 7})
    assert codec.decode({"$e": "JokerMode", "v": 0}) == codec.types["JokerMode"](0)


def test_another_games_type_is_not_sent():
    table, _ = random_play("tienlen", 1, 5)
    with pytest.raises(ValueError):
        Codec("domino").encode(table.state.observation(0))


@pytest.mark.parametrize("raw", [{"type": "fly"}, {"type": "play", "tile": "9-9", "end": "L"},
                                 {"type": "play"}, {}])
def test_an_action_that_is_not_the_games_is_refused_as_bad_action(raw):
    with pytest.raises(Refused) as refused:
        Codec("domino").action_in(raw)
    assert refused.value.code == "bad_action"


@pytest.mark.parametrize("message", [
    {"type": "welcome", "game": "chess", "seat": 0},
    {"type": "welcome", "game": ["x"], "seat": 0},
    {"type": "view", "phase": "dancing", "observation": None, "legal": []},
    {"type": "events", "events": [{"$": "Popen", "f": {}}]},
    {"type": "events", "events": [{"$": "Passed", "f": {"player": 1, "left": 2, "right": 3}},
                                  {"$": "Popen", "f": {}}]},
    {"type": "events", "events": [], "moves": 3},
    {"type": "view", "phase": "human", "observation": {"$": "Popen", "f": {}}, "legal": []},
])
def test_a_joiner_skips_a_frame_from_the_host_it_cannot_read(message):
    from game.net.joiner import RemoteSeat

    seat = RemoteSeat()
    seat.take({"type": "welcome", "game": "domino", "seat": 0, "table": "t1"})
    with pytest.raises(Exception):                  # noqa: B017 - the joiner skips any
        seat.take(message)
    assert seat.game == "domino" and seat.codec is not None
    assert seat.view is None and seat.events == []
