"""The engine contract (game/core/rules.py), checked the same way for every registered game, in
the manner of OpenSpiel's RandomSimTest: on positions reached by random play from seeded deals,
- a clone is independent of its original;
- an illegal action raises IllegalAction and changes nothing;
- an observation shows the seat's own hand and no other hidden card: worlds from the game's
  determinizer, whose other hands differ, look exactly the same to the seat;
- a saved record (scenario/1) replays to the same state;
all of it under random table options (house rules included).
A new game registered in game/core/registry.py is checked here without a line more. The rules of
each game, and what its determinizer infers, are tested in the game's own files.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from ai.bots import make_bot
from game.core.errors import IllegalAction
from game.core.registry import game_names, get_game
from game.core.replay import load_table, replay
from game.core.scenario import dump_scenario, load_scenario
from game.core.table import Table

GAMES = game_names()
#: random actions before a position is checked: several deals of every game, the end of a
#: domino match or a Joker game now and then
STEPS = st.integers(0, 700)
#: how often the walk tries an action legal elsewhere: the rules accept some (a domino misplay
#: costs a point, D8), and the record must replay those too
OFF_LIST = 0.05
SEEDS = st.integers(0, 2**32 - 1)
#: worlds sampled per position
WORLDS = 4
#: the values a walk picks from for options that are not on/off switches (the house rules of
#: docs/rules/variants.md among them); options not listed keep their defaults
CHOICES = {
    "domino": {"opening": ("six_six", "winner", "rotating", "lampung"),
               "redeal_doubles": (0, 5, 6, 7), "target_points": (0, 3, 7)},
    "joker": {"premium": ("standard", "off", "no_erase", "single_erases", "next_seat")},
}


def random_walk(game: str, seed: int, steps: int) -> tuple[Table, list]:
    """A table with a random number of players and random options (on/off switches, a value of
    each option whose check lists its `choices`, such as Tiến Lên's house rules, and the
    CHOICES), after up to `steps` random actions (new deals as they are needed), and every
    action legal on the way."""
    rng = random.Random(seed)
    definition = get_game(game)
    count = rng.randint(definition.min_players, definition.max_players)
    options = {name: rng.random() < 0.5 for name, spec in definition.options.items()
               if isinstance(spec.default, bool)}
    options.update({name: rng.choice(spec.check.choices)
                    for name, spec in definition.options.items()
                    if getattr(spec.check, "choices", None)})
    for name, values in CHOICES.get(game, {}).items():
        options[name] = rng.choice(values)
    table = Table.open(game, [f"P{p}" for p in range(count)], options, seed=seed)
    seen: list = []
    for _ in range(steps):
        table.deal_if_needed()
        if table.state.is_terminal():
            break
        legal = table.state.legal_actions()
        seen += legal[:4]       # a sample is enough, and keeps long walks fast
        if rng.random() < OFF_LIST:
            try:
                table.apply(rng.choice(seen))
                continue
            except IllegalAction:
                pass
        table.apply(rng.choice(legal))
    table.deal_if_needed()
    return table, seen


def snapshot(state) -> tuple:
    """Everything the protocol shows of a state."""
    return (state.current_player(), state.legal_actions(), state.returns(), state.needs_deal(),
            state.is_terminal(), [state.observation(p) for p in range(state.num_players)])


def play_randomly(game: str, state, rng: random.Random, actions: int) -> None:
    """A few random actions (and deals) on `state`."""
    definition = get_game(game)
    for _ in range(actions):
        if state.is_terminal():
            return
        if state.needs_deal():
            state.start_deal(definition.random_deal(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


def held(state, seat: int) -> set[int]:
    """The cards (tiles) in a seat's hand: engines keep a hand as a list or as a bitmask."""
    hand = state.hands[seat]
    if isinstance(hand, int):
        return {card for card in range(hand.bit_length()) if hand >> card & 1}
    return set(hand)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12)
@given(seed=SEEDS, steps=STEPS)
def test_a_clone_is_independent_of_its_original(game, seed, steps):
    state = random_walk(game, seed, steps)[0].state
    before = snapshot(state)
    copy = state.clone()
    assert snapshot(copy) == before
    play_randomly(game, copy, random.Random(seed), 6)
    assert snapshot(state) == before
    copied = snapshot(copy)
    play_randomly(game, state, random.Random(seed + 1), 6)
    assert snapshot(copy) == copied


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12)
@given(seed=SEEDS, steps=STEPS)
def test_an_illegal_action_raises_and_changes_nothing(game, seed, steps):
    """Actions legal elsewhere in the game (another hand's card, another phase's move) and a
    thing that is no action at all. Some are not refused (a domino misplay is a penalty, D8):
    those are tried on a clone only."""
    table, seen = random_walk(game, seed, steps)
    state = table.state
    legal = state.legal_actions()
    others = [action for action in dict.fromkeys(seen) if action not in legal]
    tried = random.Random(seed).sample(others, min(8, len(others))) + [object()]
    before = snapshot(state)
    record = {key: value[:] if isinstance(value, list) else value
              for key, value in table.record.items()}
    for action in tried:
        try:
            state.clone().apply(action)
        except IllegalAction:
            with pytest.raises(IllegalAction):
                table.apply(action)
            assert snapshot(state) == before
            assert table.record == record


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12)
@given(seed=SEEDS, steps=STEPS, world_seed=SEEDS)
def test_an_observation_shows_its_own_hand_and_worlds_agree_with_it(game, seed, steps,
                                                                     world_seed):
    state = random_walk(game, seed, steps)[0].state
    seats = range(state.num_players)
    for seat in seats:
        observation = state.observation(seat)
        assert observation.player == seat
        # all of it, unless the rules show part of it for now: in Joker's trump choice (J5)
        # the chooser looks at their first three cards, the others at none of theirs yet
        hidden_for_now = game == "joker" and observation.phase.value == "trump choice" and \
            seat != state.to_act
        assert len(observation.hand) == (0 if hidden_for_now else observation.hand_sizes[seat])
        assert set(observation.hand) <= held(state, seat)
        assert len(held(state, seat)) > len(observation.hand) or \
            set(observation.hand) == held(state, seat)
    player = state.current_player()
    if player is None:
        return
    observation = state.observation(player)
    search = make_bot(game, "hard", seed).game     # the game's side of the generic search
    rng = random.Random(world_seed)
    for _ in range(WORLDS):
        world = search.determinize(observation, rng)
        # the same to the seat, however the other hands were dealt (their own observations
        # show where the world differs from the real state)
        assert world.observation(player) == observation
        assert world.current_player() == player
        assert set(world.legal_actions()) == set(state.legal_actions())   # in any order
        assert world.returns() == state.returns()
        assert [len(world.observation(p).hand) for p in seats] == \
            [len(state.observation(p).hand) for p in seats]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12)
@given(seed=SEEDS, steps=STEPS)
def test_a_saved_record_replays_to_the_same_state(game, seed, steps):
    table = random_walk(game, seed, steps)[0]
    definition, state = table.definition, table.state
    text = dump_scenario(table.record)
    again = load_table(load_scenario(text))
    assert again.record == table.record
    assert snapshot(again.state) == snapshot(state)
    assert definition.finished_deals_json(again.state) == definition.finished_deals_json(state)
    assert definition.extra_output(again.state) == definition.extra_output(state)
    code, output = replay(load_scenario(text))
    assert code == 0 and output["totals"] == state.returns()
    # every legal action survives its notation
    for action in state.legal_actions():
        assert definition.action_from_json(definition.action_to_json(action)) == action


@pytest.mark.parametrize("game", sorted(CHOICES))
def test_the_walks_choices_are_the_games_options(game):
    """A CHOICES entry that the game does not know (or refuses) would fail every walk."""
    definition = get_game(game)
    for name, values in CHOICES[game].items():
        assert name in definition.options
        for value in values:
            assert definition.options[name].check(value) is None, (name, value)
