"""Shared builders for the Joker tests (no tests here): tables, hand-made deals, quick moves."""

from __future__ import annotations

import random

from game.core.errors import IllegalAction
from game.core.options import resolve_options
from game.joker.actions import Bid, ChooseTrump, JokerMode, Play
from game.joker.cards import SUIT_LETTERS, parse_card_text
from game.joker.definition import JOKER
from game.joker.state import JokerDeal, JokerState

PLAYERS = ["Ani", "Beka", "Gela", "Dato"]
MODES = {"high": JokerMode.HIGH, "takes": JokerMode.TAKES, "under": JokerMode.UNDER}


def new_state(first_dealer: int = 0, **options) -> JokerState:
    return JOKER.new_table(PLAYERS, resolve_options(JOKER.options, options),
                           {"first_dealer": first_dealer})


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card_text(word) for word in text.split())


def start(state: JokerState, *hands: str, trump: str | None = None) -> list:
    """Start the next deal with these hands (by seat) and turned card."""
    deal = JokerDeal(tuple(cards(hand) for hand in hands),
                     None if trump is None else parse_card_text(trump))
    return state.start_deal(deal)


def finish_deal_randomly(state: JokerState, rng: random.Random) -> None:
    while not state.needs_deal() and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))


def state_at(deal_index: int, leader: int = 0, seed: int = 0, **options) -> JokerState:
    """A table whose next deal is `deal_index` (0-based), with `leader` the player after that
    deal's dealer; the earlier deals are played at random."""
    state = new_state(first_dealer=(leader - 1 - deal_index) % 4, **options)
    rng = random.Random(seed)
    for _ in range(deal_index):
        state.start_deal(JOKER.random_deal(state, rng))
        finish_deal_randomly(state, rng)
    return state


def play(state: JokerState, text: str, mode: str | None = None, suit: str | None = None) -> list:
    return state.apply(Play(parse_card_text(text), MODES.get(mode),
                            None if suit is None else SUIT_LETTERS.index(suit)))


def bid_all(state: JokerState, *bids: int) -> None:
    """Bids in bidding order (from the player after the dealer)."""
    for n in bids:
        state.apply(Bid(n))


def choose_trump(state: JokerState, suit: str | None) -> list:
    return state.apply(ChooseTrump(None if suit is None else SUIT_LETTERS.index(suit)))


def legal_texts(state: JokerState) -> set[str]:
    """Legal actions as short words: "AH", "X1 high", "X1 takes S", "bid 2"…"""
    words = set()
    for action in state.legal_actions():
        words.add(JOKER.describe_action(action))
    return words


def snapshot(state: JokerState) -> tuple:
    """Everything the state holds, copied, to check that an illegal action changed nothing."""
    return tuple(list(value) if isinstance(value, list) else value
                 for value in (getattr(state, name) for name in JokerState.__slots__))


def assert_illegal(state: JokerState, action_call, *words: str) -> str:
    """Runs `action_call()`, expecting IllegalAction whose message contains `words`, and checks
    the state did not change."""
    before = snapshot(state)
    try:
        action_call()
    except IllegalAction as error:
        message = str(error)
    else:
        raise AssertionError("the action was accepted")
    for word in words:
        assert word in message, message
    assert snapshot(state) == before
    return message
