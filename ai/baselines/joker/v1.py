"""FROZEN: Joker's `normal-v1` and `hard-v1`, the normal and hard levels as they stood when they
were frozen, kept for `sim` and the benchmarks only (never offered at the table: not in
ai.bots.TABLE_LEVELS) so that every later level is measured against a fixed opponent.

Everything they decide by is copied here or in strategy_v1.py (the rule-based play, the rollout
policy, the bid-aware determinizer's fit, the deal value), so changing the live levels leaves
them as they were; only the engine, the knowledge reader, the card dealer (ai/assign.py) and the
generic search (ai/search.py) are shared. tests/test_ai_baselines.py pins their choices on
seeded positions. Do not change this file."""

from __future__ import annotations

import math
import random
from typing import Sequence

from ai.joker.determinize import sample_hidden
from ai.joker.knowledge import JokerKnowledge, lead_suit_of, read_knowledge, trump_of
from ai.search import SearchBot
from game.joker.actions import (BID_ACTIONS, TRUMP_ACTIONS, DealResult, Phase, Play,
                                PulkaResult)
from game.joker.cards import JOKER_1, cards_of, mask_of
from game.joker.scoring import NEXT_SEAT_ELIGIBLE
from game.joker.state import JokerObservation, JokerState

from .strategy_v1 import choose_bid, choose_trump_suit, estimate_tricks, play_card

PREMIUM_ODDS = 0.6
BID_TRIES = 8
BID_SPREAD = 1.2


def _trump_action(suit: int | None):
    return TRUMP_ACTIONS[4 if suit is None else suit]


def _bid_action(estimate: float, legal: Sequence):
    return BID_ACTIONS[choose_bid(estimate, [action.n for action in legal])]


def _partner_of(seat: int) -> int:
    return (seat + 2) % 4


def _option(observation: JokerObservation, name: str, default):
    return getattr(observation.options, name, default) if observation.options else default


def _still_needs(bids, tricks_taken, seat: int | None) -> int:
    if seat is None or bids[seat] is None:
        return 0
    return bids[seat] - tricks_taken[seat]


def normal_choice(observation: JokerObservation, legal: Sequence):
    phase = observation.phase
    hand = mask_of(observation.hand)
    if phase is Phase.TRUMP_CHOICE:
        return _trump_action(choose_trump_suit(observation.hand))
    trump = trump_of(observation)
    if phase is Phase.BIDDING:
        return _bid_action(estimate_tricks(hand, trump, observation.cards_dealt), legal)
    me = observation.player
    trick = observation.current_trick
    outstanding = read_knowledge(observation).unseen
    need = observation.bids[me] - observation.tricks_taken[me]
    partner = _partner_of(me) if _option(observation, "partnership", False) else None
    return play_card(legal, hand, trick, me, lead_suit_of(trick[0]) if trick else 0, trump,
                     need, len(observation.hand), outstanding,
                     _option(observation, "trump_beats_high_joker_lead", False), partner,
                     _still_needs(observation.bids, observation.tricks_taken, partner))


class NormalJokerBotV1:
    level = "normal-v1"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, observation: JokerObservation, legal: Sequence, budget_s: float):
        if len(legal) == 1:
            return legal[0]
        return normal_choice(observation, legal)


def rollout_action(state: JokerState, rng: random.Random):
    phase = state.phase
    seat = state.to_act
    legal = state.legal_actions()
    if phase is Phase.PLAYING:
        if len(legal) == 1:
            return legal[0]
        hand = state.hands[seat]
        outstanding = 0
        for other, mask in enumerate(state.hands):
            if other != seat:
                outstanding |= mask
        options = state.options
        partner = _partner_of(seat) if options.partnership else None
        return play_card(legal, hand, state.trick, seat, state.lead_suit, state.trump,
                         state.bids[seat] - state.tricks_taken[seat], hand.bit_count(),
                         outstanding, options.trump_beats_high_joker_lead, partner,
                         _still_needs(state.bids, state.tricks_taken, partner))
    if phase is Phase.BIDDING:
        return _bid_action(estimate_tricks(state.hands[seat], state.trump, state.cards), legal)
    return _trump_action(choose_trump_suit(state.deal.hands[seat][:3]))


def premium_hope(state: JokerState, player: int) -> float:
    mode = state.options.premium
    if mode == "off":
        return 0.0
    pulka = state.schedule.pulka[state.deal_index]
    deals = [line for line in state.sheet if isinstance(line, DealResult) and line.pulka == pulka]
    if not all(line.bids[player] == line.tricks[player] for line in deals):
        return 0.0
    still = state.schedule.pulka[state.deal_index + 1:].count(pulka)
    scores = [line.scores[player] for line in deals]
    if mode == "next_seat":
        scores = [score for score in scores if score >= NEXT_SEAT_ELIGIBLE] or [0]
    return max(scores) * PREMIUM_ODDS ** still


def _bid_fit(observation: JokerObservation, knowledge: JokerKnowledge, masks: list[int]) -> float:
    misfit = 0.0
    for seat, bid in enumerate(observation.bids):
        if bid is None or seat == observation.player or not masks[seat]:
            continue
        left = masks[seat].bit_count()
        still = bid - observation.tricks_taken[seat]
        if still < 0 or still > left:
            continue
        misfit += (estimate_tricks(masks[seat], knowledge.trump, left) - still) ** 2
    return -misfit / (2 * BID_SPREAD ** 2)


def _sample_masks(observation: JokerObservation, knowledge: JokerKnowledge,
                  rng: random.Random) -> list[int]:
    if all(bid is None for bid in observation.bids):
        return sample_hidden(knowledge, rng)
    best, best_fit = None, -math.inf
    for _ in range(BID_TRIES):
        masks = sample_hidden(knowledge, rng)
        fit = _bid_fit(observation, knowledge, masks)
        if rng.random() < math.exp(fit):
            return masks
        if fit > best_fit:
            best, best_fit = masks, fit
    return best


def determinize(observation: JokerObservation, rng: random.Random) -> JokerState:
    knowledge = read_knowledge(observation)
    masks = _sample_masks(observation, knowledge, rng)
    hands = [tuple(cards_of(mask)) for mask in masks]
    me = observation.player
    if observation.phase is Phase.TRUMP_CHOICE:
        hands[me] = tuple(observation.hand) + hands[me]
    else:
        hands[me] = tuple(observation.hand)
    return JokerState.from_observation(observation, hands)


class JokerSearchGameV1:
    """hard-v1's side of the generic search."""

    determinize = staticmethod(determinize)
    rollout_action = staticmethod(rollout_action)

    @staticmethod
    def deal_value(before: JokerState, after: JokerState, player: int) -> float:
        seats = (player, _partner_of(player)) if after.options.partnership else (player,)
        settled = isinstance(after.sheet[-1], PulkaResult)
        value = 0.0
        for seat in seats:
            value += after.totals[seat] - before.totals[seat]
            if not settled:
                value += premium_hope(after, seat)
        return value

    @staticmethod
    def candidates(observation: JokerObservation, legal: Sequence) -> list:
        jokers = {a.card for a in legal if type(a) is Play and a.card >= JOKER_1}
        if len(jokers) < 2:
            return list(legal)
        dropped = max(jokers)
        return [a for a in legal if not (type(a) is Play and a.card == dropped)]

    @staticmethod
    def fallback(observation: JokerObservation, legal: Sequence, rng: random.Random):
        return normal_choice(observation, legal)


def hard_v1(seed: int | str = 0, max_worlds: int | None = None) -> SearchBot:
    bot = SearchBot(JokerSearchGameV1(), seed, max_worlds)
    bot.level = "hard-v1"
    return bot
