"""Invariants of the domino engine over random matches (hypothesis)."""

import random

from hypothesis import given, strategies as st

from game.core.errors import IllegalAction
from game.core.table import Table
from game.domino.actions import PASS, PLAY_AT
from game.domino.scoring import WIN_POINTS
from game.domino.state import DominoState, Phase
from game.domino.tiles import ALL_TILES, fits

from domino_helpers import NAMES

OUTCOMES = set(WIN_POINTS) | {"tangkap_kandang"}
#: far more than a match can take (12 deals of at most ~60 moves, tie-breaks, misplays)
MAX_STEPS = 5000


def random_match(seed, misplay_rate=0.05, check_each_step=None, options=None,
                 max_steps=MAX_STEPS):
    """Play a whole match with random legal moves and the odd misplay (D8, when the table's
    `options` keep its penalty); returns the table."""
    table = Table("domino", NAMES, options, seed=seed)
    if not table.options["misplay_penalty"]:
        misplay_rate = 0.0
    rng = random.Random(seed)
    for _ in range(max_steps):
        table.deal_if_needed()
        state = table.state
        if state.is_terminal():
            return table
        if check_each_step:
            check_each_step(state)
        player = state.current_player()
        misfits = [t for t in state.hands[player]
                   if state.line and not fits(t, state.left) and not fits(t, state.right)]
        if misfits and rng.random() < misplay_rate:
            table.apply(PLAY_AT[rng.choice(misfits)]["L"])
        else:
            table.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"the match did not end within {max_steps} actions")


def check_invariants(state: DominoState):
    # Every tile in exactly one place: a hand or the line (tie-break deals leave some out).
    in_hands = [t for hand in state.hands for t in hand]
    on_line = [t for t, _ in state.line]
    assert len(set(in_hands)) == len(in_hands)
    assert not set(in_hands) & set(on_line)
    if state.all_dealt:
        assert sorted(in_hands + on_line) == list(ALL_TILES)
        # D9: the shortcut agrees with "nobody can lay a tile".
        if state.line:
            assert state.is_blocked() == state.nobody_can_lay()
    # D6: pass is legal exactly when no tile fits.
    hand = state.hands[state.current_player()]
    legal = state.legal_actions()
    playable = state.line and [t for t in hand if fits(t, state.left) or fits(t, state.right)]
    if state.line:
        assert (legal == [PASS]) == (not playable)
    if PASS not in legal:
        before = state.clone()
        try:
            state.apply(PASS)
            raise AssertionError("a pass with a playable tile was accepted")
        except IllegalAction:
            pass
        assert state.hands == before.hands and state.turn == before.turn


@given(st.integers(0, 10**9))
def test_every_tile_in_one_place_pass_rule_and_block_shortcut(seed):
    random_match(seed, check_each_step=check_invariants)


@given(st.integers(0, 10**9))
def test_random_play_always_ends_with_a_valid_result(seed):
    state = random_match(seed).state
    assert state.phase is Phase.OVER
    assert sorted(state.ranking) == [0, 1, 2, 3]
    regular = [r for r in state.results if not r.tiebreak]
    assert [r.number for r in regular] == list(range(1, 13))
    assert all(r.outcome in OUTCOMES for r in state.results)
    expected = [sum(r.points[p] + r.penalties[p] for r in regular) for p in range(4)]
    assert state.totals == expected
    ordered = [state.totals[p] for p in state.ranking]
    assert ordered == sorted(ordered, reverse=True)
