"""Joker hard's opponent model (ai/joker/styles.py): each other seat's style read from the deals
it has shown, and the rollouts playing each seat in its style."""

import random

from ai.bots import make_bot
from ai.joker.bots import JokerHardBot, JokerSearchGame, normal_choice, rollout_action
from ai.joker.strategy import choose_bid, estimate_tricks
from ai.joker.styles import MARGIN, StyleReader
from game.joker.actions import Phase
from game.joker.cards import mask_of
from test_joker_helpers import JOKER, new_state

#: seat 2 plays the plain rules, the others normal's
STYLES = ("normal", "normal", "plain", "normal")


def play_deals(deals: int, seed: int, reader: StyleReader, watcher: int = 0):
    """`deals` deals of a table seated by STYLES, `watcher`'s observations read by `reader`."""
    state = new_state(first_dealer=0)
    rng = random.Random(seed)
    while state.deal_index + 1 < deals or not state.needs_deal():
        if state.needs_deal():
            state.start_deal(JOKER.random_deal(state, rng))
            continue
        seat = state.current_player()
        observation = state.observation(seat)
        if seat == watcher:
            reader.observe(observation)
        state.apply(normal_choice(observation, state.legal_actions(), style=STYLES[seat]))
    reader.observe(state.observation(watcher))   # the next deal's first look reads the last
    return state


def test_a_plain_seat_is_read_plain_and_the_normal_seats_normal():
    reader = StyleReader(normal_choice)
    play_deals(12, seed=3, reader=reader)
    assert reader.styles() == STYLES
    # where the two styles part, each seat's choices follow its own style
    assert reader.explained[2][0] == 0 and reader.explained[2][1] >= 10
    assert reader.explained[1][1] == reader.explained[3][1] == 0
    assert reader.explained[1][0] >= 5 and reader.explained[3][0] >= 5


def test_every_seat_starts_normal_and_a_deal_is_read_at_the_seats_last_card():
    """Read at the last card, a forced move, so that it takes none of a searched decision's
    time (the next deal's bid)."""
    reader = StyleReader(normal_choice)
    assert reader.styles() == ("normal",) * 4
    state = new_state(first_dealer=0)
    rng = random.Random(5)
    state.start_deal(JOKER.random_deal(state, rng))
    read_at = None
    while not state.needs_deal():
        seat = state.current_player()
        observation = state.observation(seat)
        if seat == 0:
            reader.observe(observation)
            if read_at is None and sum(map(sum, reader.explained)):
                read_at = len(observation.hand), observation.phase
        state.apply(normal_choice(observation, state.legal_actions(), style=STYLES[seat]))
    assert read_at == (1, Phase.PLAYING)
    read = [list(counts) for counts in reader.explained]
    state.start_deal(JOKER.random_deal(state, rng))
    reader.observe(state.observation(0))
    assert reader.explained == read               # not read twice


def test_plain_rollouts_bid_the_rough_count():
    state = new_state(first_dealer=0)
    state.start_deal(JOKER.random_deal(state, random.Random(2)))
    while state.phase is not Phase.BIDDING:
        state.apply(state.legal_actions()[0])
    seat = state.to_act
    styles = ["normal"] * 4
    styles[seat] = "plain"
    legal = [action.n for action in state.legal_actions()]
    expected = choose_bid(estimate_tricks(state.hands[seat], state.trump, state.cards), legal)
    assert rollout_action(state, random.Random(0), True, tuple(styles)).n == expected
    hand = mask_of(state.observation(seat).hand)
    assert hand == state.hands[seat]


def test_hard_plays_the_others_in_the_styles_it_read():
    bot = JokerHardBot(seed=1, max_worlds=2)
    state = play_deals(12, seed=3, reader=bot.reader, watcher=0)
    state.start_deal(JOKER.random_deal(state, random.Random(9)))
    observation = state.observation(0)
    while state.current_player() != 0:
        seat = state.current_player()
        state.apply(normal_choice(state.observation(seat), state.legal_actions(),
                                  style=STYLES[seat]))
        observation = state.observation(0)
    bot.choose(observation, state.legal_actions(), 0.05)
    assert bot.game.styles == STYLES
    assert JokerSearchGame().styles is None      # the coach's and review's search: all normal


def test_plain_is_how_normal_v1_plays_and_every_other_seat_is_read():
    """Three normal-v1 bots: the plain style makes each of their choices, and normal explains
    none of their decisions where the two styles part. Seat 1 plays after the watcher, so its
    last card of a deal often goes unseen: it is read once for each card it may have held, and
    about as much as seat 3, whose cards the watcher always sees."""
    reader = StyleReader(normal_choice)
    others = {seat: make_bot("joker", "normal-v1", seed=seat) for seat in (1, 2, 3)}
    state = new_state(first_dealer=0)
    rng = random.Random(7)
    while state.deal_index < 12 or not state.needs_deal():
        if state.needs_deal():
            state.start_deal(JOKER.random_deal(state, rng))
            continue
        seat = state.current_player()
        observation, legal = state.observation(seat), state.legal_actions()
        if seat == 0:
            reader.observe(observation)
            state.apply(normal_choice(observation, legal))
        else:
            chosen = others[seat].choose(observation, legal, 0.0)
            assert normal_choice(observation, legal, style="plain") == chosen
            state.apply(chosen)
    reader.observe(state.observation(0))
    for seat in (1, 2, 3):
        normal, plain = reader.explained[seat]
        assert normal == 0 and plain >= MARGIN, (seat, normal, plain)
    assert reader.explained[1][1] >= reader.explained[3][1] // 3
    assert reader.styles() == ("normal", "plain", "plain", "plain")


def test_plain_rollouts_play_as_normal_v1_with_cards_left_undealt():
    """In a sampled world every hand is known, but a seat at the table sees only its own: the
    cards not dealt (1–8 card deals) are still out for it. Played so in the rollouts, a plain
    seat makes normal-v1's every choice, as at the table."""
    bots = [make_bot("joker", "normal-v1", seed=seat) for seat in range(4)]
    state = new_state(first_dealer=0)
    rng = random.Random(11)
    compared = 0
    while state.deal_index < 12 or not state.needs_deal():
        if state.needs_deal():
            state.start_deal(JOKER.random_deal(state, rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        chosen = bots[seat].choose(state.observation(seat), legal, 0.0)
        if state.phase is Phase.PLAYING and len(legal) > 1:
            assert rollout_action(state.clone(), random.Random(0), True,
                                  ("plain",) * 4) == chosen
            compared += 1
        state.apply(chosen)
    assert compared >= 100
