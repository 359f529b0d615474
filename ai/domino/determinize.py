"""Domino determinizer: deal the unseen tiles to the other players so that every hand has its
observed size and nobody holds a number they passed on; build the state from it."""

from __future__ import annotations

import random

from game.domino.state import DominoObservation, DominoState

from ..assign import assign_cards
from .knowledge import DominoKnowledge, read_knowledge


def sample_hands(knowledge: DominoKnowledge, own_hand, rng: random.Random) -> list[list[int]]:
    """Hands by player: mine as it is, the others sampled (out-of-play tiles dropped)."""
    players = [p for p, size in enumerate(knowledge.hand_sizes)
               if p != knowledge.player and size]
    capacities = [knowledge.hand_sizes[p] for p in players]
    allowed = [[knowledge.may_hold(p, t) for p in players] for t in knowledge.unseen]
    owners = assign_cards(list(knowledge.unseen), allowed, capacities, rng,
                          spare=knowledge.out_of_play)
    hands: list[list[int]] = [[] for _ in knowledge.hand_sizes]
    hands[knowledge.player] = list(own_hand)
    for tile, owner in zip(knowledge.unseen, owners):
        if owner is not None:
            hands[players[owner]].append(tile)
    return hands


def determinize(observation: DominoObservation, rng: random.Random,
                knowledge: DominoKnowledge | None = None) -> DominoState:
    knowledge = knowledge or read_knowledge(observation)
    return DominoState.from_observation(observation,
                                        sample_hands(knowledge, observation.hand, rng))
