"""Tiến Lên determinizer: what one seat can know, and full states (worlds) that agree with it.

Sound knowledge only. A seat knows its own hand, every card played (and by whom), every hand
size, and the open chop chain. Passing reveals nothing here (players pass to keep combinations),
so there are no voids. Two facts do narrow the deal:
- the first game's lead card (T7) is the lowest card dealt, so every lower card is out of play
  (only with fewer than 4 players; with 4 it is 3♠ and nothing is lower);
- nobody held an instant-win hand (T17/T18) when the game was dealt, or it would have ended there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.tienlen.actions import (CardsPlayed, ChopPayment, ChopSettled, Chopped, GameStarted,
                                  PlayerLeft, TienLenObservation)
from game.tienlen.cards import FULL_DECK, cards_of, mask_of
from game.tienlen.combos import classify_cached
from game.tienlen.scoring import instant_win
from game.tienlen.state import TienLenState

#: deals with an instant-win hand are redrawn this many times at most (they are rare)
INSTANT_WIN_REDRAWS = 20


@dataclass(frozen=True, slots=True)
class TienLenKnowledge:
    player: int
    hand: int                     # my cards (mask)
    played_by: tuple[int, ...]    # by player: mask of the cards they played this game
    unseen: tuple[int, ...]       # cards that may be in another hand (or out of play)
    hand_sizes: tuple[int, ...]
    #: how many unseen cards are in nobody's hand (undealt with < 4 players, or a leaver's)
    spare: int
    first_game: bool
    # the open chop chain (T13) and the game's payments so far, to rebuild the state exactly
    chain: tuple[int, int | None, int | None]   # (cards, chopper, chopped)
    chops: tuple[ChopPayment, ...]
    game_gold: tuple[int, ...]
    pending_leaves: tuple[tuple[int, int], ...]

    @property
    def played(self) -> int:
        mask = 0
        for cards in self.played_by:
            mask |= cards
        return mask


def read_knowledge(observation: TienLenObservation) -> TienLenKnowledge:
    n = len(observation.hand_sizes)
    played_by = [0] * n
    known_out = 0
    chain: tuple = (0, None, None)
    chops: list[ChopPayment] = []
    game_gold = [0] * n
    leaves = []
    for event in observation.history:
        kind = type(event)
        if kind is CardsPlayed:
            played_by[event.player] |= mask_of(event.cards)
        elif kind is Chopped:
            chain = (event.chain, event.chopper, event.chopped)
        elif kind is ChopSettled:
            chain = (0, None, None)
            chops.append(ChopPayment(event.payer, event.receiver, event.cards))
            game_gold[event.payer] -= event.gold
            game_gold[event.receiver] += event.gold
        elif kind is PlayerLeft:
            leaves.append((event.player, event.penalty))
        elif kind is GameStarted and event.must_include is not None:
            known_out = (1 << event.must_include) - 1  # T7: the lead card was the lowest dealt
    hand = mask_of(observation.hand)
    played = 0
    for cards in played_by:
        played |= cards
    unseen = FULL_DECK & ~hand & ~played & ~known_out
    others = sum(size for p, size in enumerate(observation.hand_sizes) if p != observation.player)
    return TienLenKnowledge(
        player=observation.player, hand=hand, played_by=tuple(played_by),
        unseen=cards_of(unseen), hand_sizes=observation.hand_sizes,
        spare=unseen.bit_count() - others, first_game=observation.game == 1,
        chain=chain, chops=tuple(chops), game_gold=tuple(game_gold),
        pending_leaves=tuple(leaves))


def sample_hands(knowledge: TienLenKnowledge, rng: random.Random) -> list[int]:
    """Hands (masks) by player: mine as it is, the unseen cards dealt at random to the others
    with their observed sizes; a deal that would have been an instant win is drawn again."""
    others = [p for p, size in enumerate(knowledge.hand_sizes)
              if p != knowledge.player and size]
    pool = list(knowledge.unseen)
    hands: list[int] = []
    for _ in range(INSTANT_WIN_REDRAWS):
        rng.shuffle(pool)
        hands = [0] * len(knowledge.hand_sizes)
        hands[knowledge.player] = knowledge.hand
        used = 0
        for p in others:
            size = knowledge.hand_sizes[p]
            hands[p] = mask_of(pool[used:used + size])
            used += size
        if not any(instant_win(hands[p] | knowledge.played_by[p], knowledge.first_game)
                   for p in others):
            break
    return hands


def build_world(observation: TienLenObservation, knowledge: TienLenKnowledge,
                hands: list[int]) -> TienLenState:
    """The game in progress as a full state, the players holding `hands` (masks). Stake 1: the
    search compares actions, and every payment scales with the stake."""
    n = len(hands)
    state = TienLenState(tuple(f"player {p}" for p in range(n)), stake=1, gold=0)
    state.gold = list(observation.gold)
    state.at_table = list(observation.at_table)
    state.results = list(observation.results)
    state.games_started = observation.game
    state.last_winner = observation.results[-1].winner if observation.results else None
    state.in_game = True
    state.hands = list(hands)
    state.dealt = [hand | played for hand, played in zip(hands, knowledge.played_by)]
    state.played = knowledge.played
    out_of_play = FULL_DECK & ~state.played
    for hand in hands:
        out_of_play &= ~hand
    state.out_of_play = out_of_play
    state.to_move = observation.current_player
    state.must_include = 0 if observation.must_include is None else 1 << observation.must_include
    state.table = classify_cached(observation.table_cards) if observation.table_cards else None
    state.table_player = observation.table_player
    state.passed = sum(1 << p for p in observation.passed)
    state.chain_cards, state.chain_chopper, state.chain_chopped = knowledge.chain
    state.game_gold = list(knowledge.game_gold)
    state.game_chops = list(knowledge.chops)
    state.pending_leaves = list(knowledge.pending_leaves)
    state.history = list(observation.history)
    for player, hand in enumerate(hands):
        if hand:
            # build each hand's combination table now: the search's clones then share it
            # instead of each rollout building its own
            state._combos_of(player)
    return state


def determinize(observation: TienLenObservation, rng: random.Random,
                knowledge: TienLenKnowledge | None = None) -> TienLenState:
    knowledge = knowledge or read_knowledge(observation)
    return build_world(observation, knowledge, sample_hands(knowledge, rng))
