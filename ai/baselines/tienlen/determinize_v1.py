"""FROZEN: the determinizer of Tiến Lên's `hard-v1`, copied from ai/tienlen/determinize.py as it
stood when the baselines were frozen, so that changing the live one leaves the baseline as it was
(v1.py). Do not change this file.

Tiến Lên determinizer: what one seat can know, and full states (worlds) that agree with it.

A seat knows its own hand, every card played (and by whom), every hand size, and the open chop
chain. Passing says little in general (players pass to keep combinations), so there are no voids.
Three facts do narrow the deal:
- the first game's lead card (T7) is the lowest card dealt, so every lower card is out of play
  (only with fewer than 4 players; with 4 it is 3♠ and nothing is lower);
- nobody held an instant-win hand (T17/T18) when the game was dealt, or it would have ended there;
- a player who could have gone out did (`StayedIn`): every bot level always plays its whole hand
  when it is one combination that may be played, and so does any player who wants to win. A
  player with one card who passed on a single 9 holds a lower card; one who led a single from
  two cards does not hold a pair. This is the one inference drawn from how people play; a deal
  that cannot meet it (a player who chose not to go out) drops it.
The house rules in the observation shape all three: which instant wins there are (V-T4), which
plays could have gone out (V-T2: none that holds a 2) and which comebacks a passed player had
(V-T6). And under V-T2 a player who passed when leading holds a single 2 (only they may).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from game.tienlen.actions import (BASE_RULES, CardsPlayed, GameStarted, Passed, RoundEnded,
                                  TienLenObservation, TienLenOptions)
from game.tienlen.cards import FULL_DECK, RANK_TWO, cards_of, mask_of
from game.tienlen.combos import (FOUR_OF_A_KIND, FOUR_PAIRS, THREE_PAIRS, Combo, beats,
                                 chop_keys, classify_cached)
from game.tienlen.scoring import instant_win
from game.tienlen.state import TienLenState

#: deals are redrawn this many times at most when one holds an instant-win hand or a player has
#: no hand that agrees with their StayedIn turns (then the last deal stands: a player who chose
#: not to go out, or a rare instant win)
REDRAWS = 20
#: random draws of one player's hand until it agrees with their StayedIn turns
STAYED_IN_TRIES = 30
#: no combination has more cards (the straight from 3 to A)
LONGEST_COMBINATION = 12


@dataclass(frozen=True, slots=True)
class StayedIn:
    """A turn on which `player` did not play out their whole hand although it may have been one
    playable combination: the hand they held then (their hand now and `played_after`, the cards
    they played on that turn and since) is not a combination that could be played on `table`."""
    player: int
    table: Combo | None         # None: they led
    must_include: int           # T7's card (mask) when it was the first lead, else 0
    passed_before: bool         # they had passed this round (T9: only four pairs bring them back)
    played_after: int           # mask
    options: TienLenOptions = BASE_RULES

    def could_go_out(self, hand: int) -> bool:
        """Could `hand` (the player's hand now) have gone out on that turn?"""
        combo = classify_cached(cards_of(hand | self.played_after))
        if combo is None:
            return False
        if self.options.no_finish_on_two and combo.top >> 2 == RANK_TWO:
            return False  # V-T2: nobody goes out on a 2
        if self.table is None:
            return not self.must_include or bool(combo.mask & self.must_include)
        if self.passed_before and (combo.kind, combo.size) not in _comebacks(self.options):
            return False
        return beats(combo, self.table)


def _comebacks(options: TienLenOptions) -> tuple:
    """T9 / V-T6: the bombs a passed player may come back with."""
    if options.comeback == "off":
        return ()
    if options.comeback == "any_bomb":
        return (THREE_PAIRS, FOUR_OF_A_KIND, FOUR_PAIRS)
    return (FOUR_PAIRS,)


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
    stayed_in: tuple[StayedIn, ...] = ()
    options: TienLenOptions = BASE_RULES
    #: V-T2: the players who passed when leading: stuck on a single 2 for good
    stuck: tuple[int, ...] = ()

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
    leading = True
    stuck = set()
    for event in observation.history:
        kind = type(event)
        if kind is CardsPlayed:
            played_by[event.player] |= mask_of(event.cards)
            leading = False
        elif kind is Passed:
            if leading:
                stuck.add(event.player)  # V-T2: only a player stuck on a 2 passes a lead
        elif kind is RoundEnded or kind is GameStarted:
            leading = True
            if kind is GameStarted and event.must_include is not None:
                known_out = (1 << event.must_include) - 1  # T7: the lead card was the lowest
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
        stayed_in=read_stayed_in(observation), options=observation.options,
        stuck=tuple(sorted(p for p in stuck if p != observation.player
                           and observation.hand_sizes[p] == 1)))


def read_stayed_in(observation: TienLenObservation) -> tuple[StayedIn, ...]:
    """The other players' turns on which their whole hand, had it been one combination, could
    have been played (and was not, or the game would be over)."""
    turns = {}   # history index -> (player, table, must_include, passed_before)
    table: Combo | None = None
    passed = must = 0
    history = observation.history
    for index, event in enumerate(history):
        kind = type(event)
        if kind is CardsPlayed or kind is Passed:
            player = event.player
            if player != observation.player:
                turns[index] = (player, table, must, bool(passed >> player & 1))
            if kind is Passed:
                passed |= 1 << player
            else:
                table = classify_cached(event.cards)
                passed &= ~(1 << player)
                must = 0
        elif kind is RoundEnded:
            table, passed = None, 0
        elif kind is GameStarted:
            must = 0 if event.must_include is None else 1 << event.must_include
    # walk back: what each player played from each of their turns on
    played_since = [0] * len(observation.hand_sizes)
    facts = []
    for index in range(len(history) - 1, -1, -1):
        event = history[index]
        if type(event) is CardsPlayed:
            played_since[event.player] |= mask_of(event.cards)
        if index not in turns:
            continue
        player, table, must, passed_before = turns[index]
        size = observation.hand_sizes[player] + played_since[player].bit_count()
        if size > LONGEST_COMBINATION:
            continue
        if table is not None and size != table.size and \
                all(size != chop_size for _, chop_size in chop_keys(table)):
            continue  # a hand of this size cannot beat that table in one play
        facts.append(StayedIn(player, table, must, passed_before, played_since[player],
                              observation.options))
    return tuple(reversed(facts))


def sample_hands(knowledge: TienLenKnowledge, rng: random.Random) -> list[int]:
    """Hands (masks) by player: mine as it is, the unseen cards dealt at random to the others
    with their observed sizes. The players with StayedIn facts are dealt first, smallest hand
    first, each hand drawn until it agrees with them; a deal that would have been an instant
    win, or left a player no agreeing hand, is drawn again."""
    facts: dict[int, list[StayedIn]] = {}
    for fact in knowledge.stayed_in:
        facts.setdefault(fact.player, []).append(fact)
    others = [p for p, size in enumerate(knowledge.hand_sizes)
              if p != knowledge.player and size]
    others.sort(key=lambda p: (p not in knowledge.stuck, p not in facts, knowledge.hand_sizes[p]))
    hands: list[int] = []
    instant_wins = knowledge.options.instant_wins   # V-T4
    for _ in range(REDRAWS):
        pool = list(knowledge.unseen)
        hands = [0] * len(knowledge.hand_sizes)
        hands[knowledge.player] = knowledge.hand
        agreed = True
        for p in others:
            size = knowledge.hand_sizes[p]
            if p in knowledge.stuck:
                twos = [card for card in pool if card >> 2 == RANK_TWO]
                if twos:
                    hands[p] = 1 << rng.choice(twos)
                    pool.remove(hands[p].bit_length() - 1)
                    continue
            if p in facts:
                hand = _draw_agreeing(pool, size, facts[p], rng)
                if hand is None:
                    agreed = False
                    hand = mask_of(rng.sample(pool, size))
                hands[p] = hand
                pool = [card for card in pool if not hand >> card & 1]
            else:
                rng.shuffle(pool)
                hands[p] = mask_of(pool[:size])
                pool = pool[size:]
        if agreed and (instant_wins == "off" or not any(
                instant_win(hands[p] | knowledge.played_by[p], knowledge.first_game,
                            instant_wins == "extended") for p in others)):
            break
    return hands


def _draw_agreeing(pool: list[int], size: int, facts: list[StayedIn],
                   rng: random.Random) -> int | None:
    """`size` cards of the pool (a mask) that could not have gone out on any of `facts`' turns,
    None if there are none. Drawn at random until one agrees; a hand of one or two cards,
    where few may agree, is chosen among all that do."""
    for _ in range(STAYED_IN_TRIES):
        hand = mask_of(rng.sample(pool, size))
        if not any(fact.could_go_out(hand) for fact in facts):
            return hand
    if size > 2:
        return None
    agreeing = [hand for hand in map(mask_of, combinations(pool, size))
                if not any(fact.could_go_out(hand) for fact in facts)]
    return rng.choice(agreeing) if agreeing else None


def determinize(observation: TienLenObservation, rng: random.Random,
                knowledge: TienLenKnowledge | None = None) -> TienLenState:
    """A world for the search: the unseen cards dealt by `sample_hands`, the rest of the game
    as observed (stake 1: the search compares actions, and every payment scales with it)."""
    knowledge = knowledge or read_knowledge(observation)
    hands = sample_hands(knowledge, rng)
    return TienLenState.from_observation(observation, [cards_of(hand) for hand in hands])
