"""Joker determinizer: deal the unseen cards to the hidden hands so that every hand has its size,
no seat gets a card the play ruled out (voids, J8/J9), and the hands are plausible for the bids
made (a hand far from its bid is resampled, softly)."""

from __future__ import annotations

import math
import random

from game.joker.actions import Phase
from game.joker.cards import cards_of
from game.joker.state import JokerObservation, JokerState

from ..assign import assign_cards
from .knowledge import JokerKnowledge, read_knowledge
from .strategy import estimate_tricks

#: candidate deals tried to find one whose hands fit the bids
BID_TRIES = 8
#: how far (in tricks) a hand's estimate may stray from its remaining bid before it is unlikely
BID_SPREAD = 1.2


def sample_hidden(knowledge: JokerKnowledge, rng: random.Random) -> list[int]:
    """Masks by seat of the unseen cards each hidden hand gets (mine: cards still to come)."""
    seats = [s for s, count in enumerate(knowledge.hidden_counts) if count]
    unseen = cards_of(knowledge.unseen)
    allowed = [[not knowledge.excluded[s] >> card & 1 for s in seats] for card in unseen]
    owners = assign_cards(unseen, allowed, [knowledge.hidden_counts[s] for s in seats], rng,
                          spare=knowledge.undealt)
    masks = [0] * len(knowledge.hidden_counts)
    for card, owner in zip(unseen, owners):
        if owner is not None:
            masks[seats[owner]] |= 1 << card
    return masks


def bid_fit(observation: JokerObservation, knowledge: JokerKnowledge, masks: list[int]) -> float:
    """Log-likelihood-like fit of the sampled hands to the bids still open."""
    misfit = 0.0
    for seat, bid in enumerate(observation.bids):
        if bid is None or seat == observation.player or not masks[seat]:
            continue
        left = masks[seat].bit_count()
        still = bid - observation.tricks_taken[seat]
        if still < 0 or still > left:
            continue                       # the bid is lost anyway: the hand says nothing
        misfit += (estimate_tricks(masks[seat], knowledge.trump, left) - still) ** 2
    return -misfit / (2 * BID_SPREAD ** 2)


def sample_masks(observation: JokerObservation, knowledge: JokerKnowledge,
                 rng: random.Random) -> list[int]:
    if all(bid is None for bid in observation.bids):
        return sample_hidden(knowledge, rng)
    best, best_fit = None, -math.inf
    for _ in range(BID_TRIES):
        masks = sample_hidden(knowledge, rng)
        fit = bid_fit(observation, knowledge, masks)
        if rng.random() < math.exp(fit):
            return masks
        if fit > best_fit:
            best, best_fit = masks, fit
    return best


def determinize(observation: JokerObservation, rng: random.Random,
                knowledge: JokerKnowledge | None = None) -> JokerState:
    knowledge = knowledge or read_knowledge(observation)
    masks = sample_masks(observation, knowledge, rng)
    hands = [tuple(cards_of(mask)) for mask in masks]
    me = observation.player
    if observation.phase is Phase.TRUMP_CHOICE:
        hands[me] = tuple(observation.hand) + hands[me]   # the three seen cards come first
    else:
        hands[me] = tuple(observation.hand)
    return JokerState.from_observation(observation, hands)
