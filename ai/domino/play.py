"""Domino play for the rule-based levels and the search's rollouts.

One scoring of a move ("what does it leave me and the table?") serves normal play from an
observation and the rollouts from a full state; easy is normal's cruder, noisier cousin.
"""

from __future__ import annotations

import random
from typing import Sequence

from game.domino.actions import Apollo, Pass, Play
from game.domino.scoring import block_outcome
from game.domino.state import DEFAULT_OPTIONS, TEAM_OF
from game.domino.tiles import (ALL_TILES, HIGH, IS_DOUBLE, LOW, PIPS, TILES_WITH, fits,
                               other_end)

from .determinize import sample_hands
from .knowledge import DominoKnowledge, read_knowledge

#: worlds sampled to judge a blocking move (D15/D16 turn on everybody's pips)
BLOCK_SAMPLES = 24
#: tile -> the numbers it shows, as a bit mask (bit n: number n)
NUMBERS_OF = tuple((1 << LOW[t]) | (1 << HIGH[t]) for t in ALL_TILES)


def ends_after(left: int, right: int, play: Play) -> tuple[int, int]:
    if play.end is None:
        return LOW[play.tile], HIGH[play.tile]
    if play.end == "L":
        return other_end(play.tile, left), right
    return left, other_end(play.tile, right)


def shown_counts(line) -> list[int]:
    """How many tiles on the line show each number."""
    counts = [0] * 7
    for tile, _ in line:
        counts[LOW[tile]] += 1
        if HIGH[tile] != LOW[tile]:
            counts[HIGH[tile]] += 1
    return counts


def blocks(on_table: Sequence[int], left: int, right: int, play: Play) -> bool:
    """D9 with all tiles dealt: both ends show X and the seventh X tile is the one laid.
    (A tie-break deal can also block on missing tiles; the rule-based play does not foresee
    that, the search does.)"""
    new_left, new_right = ends_after(left, right, play)
    # the tile laid shows the new end, so it adds one to that number's count
    return new_left == new_right and on_table[new_left] + 1 == 7


def shape_score(hand_after: Sequence[int], tile: int, left: int, right: int) -> float:
    """How good the hand and ends are that a play leaves, for its owner (in rough points)."""
    score = 0.15 * PIPS[tile]                      # shed weight: blocks are won on low pips
    if IS_DOUBLE[tile]:
        score += 0.6                               # doubles fit one number only: lay them early
    ends = (1 << left) | (1 << right)
    playable = shown = 0
    for t in hand_after:                           # (one pass, numbers as bit masks: hot in
        numbers = NUMBERS_OF[t]                    # the rollouts)
        shown |= numbers
        if numbers & ends:
            playable += 1
    score += 0.25 * playable if playable else -0.8  # be able to play next time round
    score += 0.1 * shown.bit_count()               # keep variety
    if len(hand_after) == 2:
        score += 1.0 if apollo_ready(hand_after, left, right) else 0.0
    elif len(hand_after) == 1:
        last = NUMBERS_OF[hand_after[0]]
        if last >> left & 1 and last >> right & 1:
            score += 0.5                           # a ceki finish (D12) if the ends stay
        elif last & ends:
            score += 0.3
        else:
            score -= 0.3
    return score


def apollo_ready(hand: Sequence[int], left: int, right: int) -> bool:
    """A double and a single that could go down together on these ends (D11)."""
    doubles = [t for t in hand if IS_DOUBLE[t]]
    if len(doubles) != 1:
        return False
    double = doubles[0]
    single = hand[0] if hand[1] == double else hand[1]
    for open_number, other in ((left, right), (right, left)):
        if fits(single, open_number):
            shown = other_end(single, open_number)
            if fits(double, shown) or fits(double, other):
                return True
    return False


def partner_of(player: int) -> int:
    """V-D3: partners sit opposite (chairs A and C, B and D; nobody changes seats in pairs)."""
    return (player + 2) % 4


def is_pairs(observation) -> bool:
    return (observation.options or DEFAULT_OPTIONS).partnership


def rivals_of(player: int, players, pairs: bool) -> list[int]:
    """Whom a blocker's pips are compared with (D15/D16): the others; in pairs the opponents."""
    return [p for p in players if p != player and not (pairs and TEAM_OF[p] == TEAM_OF[player])]


def block_value(knowledge: DominoKnowledge, hand_after: Sequence[int], own_hand,
                rng: random.Random, above: int | None = None, pairs: bool = False) -> float:
    """Expected points of blocking now (D15/D16, by the engine's scoring), over sampled hands
    of the others; in pairs (V-D3) the team's."""
    me = knowledge.player
    players = [p for p in range(len(knowledge.hand_sizes))
               if p == me or knowledge.hand_sizes[p]]
    above = players[players.index(me) - 1] if above is None else above
    rivals = rivals_of(me, players, pairs) if pairs else None
    mine = sum(PIPS[t] for t in hand_after)
    total = 0.0
    for _ in range(BLOCK_SAMPLES):
        hands = sample_hands(knowledge, own_hand, rng)
        pips = {p: sum(PIPS[t] for t in hands[p]) for p in players}
        pips[me] = mine
        points = block_outcome(me, above, pips, len(hands), rivals)[2]
        total += points[me] + (points[partner_of(me)] if pairs else 0)
    return total / BLOCK_SAMPLES


def next_player(observation) -> int:
    order = observation.play_order
    return order[(order.index(observation.player) + 1) % len(order)]


class DominoPolicy:
    """Normal play: finish when possible (Apollo first), block only when it likely pays, else
    the move that leaves the best hand, keeps the player below us passing, and sets up a
    ceki or Apollo finish."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def scores(self, observation, legal: Sequence) -> list[float]:
        knowledge = read_knowledge(observation)
        below = next_player(observation)
        on_table = shown_counts(observation.line)
        result = []
        for action in legal:
            result.append(self._score(action, observation, knowledge, below, on_table))
        return result

    def _score(self, action, observation, knowledge, below, on_table) -> float:
        kind = type(action)
        if kind is Apollo:
            return 100.0
        if kind is Pass:
            return 0.0
        hand = list(observation.hand)
        hand.remove(action.tile)
        if not hand:
            return 90.0
        left, right = observation.left, observation.right
        if action.end is not None and blocks(on_table, left, right, action):
            # the deal ends here: block when it is worth more than half a point on average
            order = observation.play_order
            above = order[order.index(observation.player) - 1]
            return 10.0 * (block_value(knowledge, hand, observation.hand, self.rng, above,
                                       is_pairs(observation)) - 0.5)
        new_left, new_right = ends_after(left, right, action)
        score = shape_score(hand, action.tile, new_left, new_right)
        missing = knowledge.missing[below]
        if new_left in missing and new_right in missing:
            score += 1.0                           # the player below must pass
        elif new_left in missing or new_right in missing:
            score += 0.2
        if is_pairs(observation):
            # V-D3: the player below is an opponent; the partner should be able to play
            partner_missing = knowledge.missing[partner_of(observation.player)]
            if new_left in partner_missing and new_right in partner_missing:
                score -= 0.6
        # ends on numbers we hold most of the rest of are ends we control
        for number in {new_left, new_right}:
            ours = sum(1 for t in hand if number in (LOW[t], HIGH[t]))
            unseen = sum(1 for t in TILES_WITH[number] if t in knowledge.unseen)
            if ours and ours >= unseen:
                score += 0.2
        return score

    def choose(self, observation, legal: Sequence):
        scores = self.scores(observation, legal)
        best = max(scores)
        return legal[scores.index(best)]


def candidates(observation, legal: Sequence) -> list:
    """Drop moves that are the same move: one tile on two ends showing the same number."""
    if observation.left != observation.right:
        return list(legal)
    seen, kept = set(), []
    for action in legal:
        key = action.tile if type(action) is Play else action
        if key not in seen:
            seen.add(key)
            kept.append(action)
    return kept


def easy_choice(observation, legal: Sequence, rng: random.Random):
    """Easy: always finishes when it can, otherwise mostly lays its heaviest tile, sometimes
    any tile; it neither counts passes nor plans a finish. It never blocks the line with a hand
    that is plainly heavier than the others' (that would be absurd, not human)."""
    for action in legal:
        if type(action) is Apollo:
            return action
    if len(observation.hand) == 1:
        return legal[0]
    sensible = [a for a in legal if not _plainly_bad_block(observation, a)] or list(legal)
    if rng.random() < 0.3:
        return sensible[rng.randrange(len(sensible))]
    return max(sensible, key=lambda a: (PIPS[a.tile] + (0.5 if IS_DOUBLE[a.tile] else 0)
                                        if type(a) is Play else -1, rng.random()))


def _plainly_bad_block(observation, action) -> bool:
    if type(action) is not Play or action.end is None:
        return False
    on_table = shown_counts(observation.line)
    if not blocks(on_table, observation.left, observation.right, action):
        return False
    knowledge = read_knowledge(observation)
    mine = sum(PIPS[t] for t in observation.hand) - PIPS[action.tile]
    others = [knowledge.expected_pips(p) for p in
              rivals_of(observation.player, observation.play_order, is_pairs(observation))]
    return mine > min(others)


def rollout_action(state, rng: random.Random):
    """A quick full-information policy for the search's playouts: finish when possible, block
    only when our pips are strictly the lowest, else the best-shaped move (a little noise keeps
    the playouts varied)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    hand = state.hands[state.current_player()]
    if len(hand) == 1:
        return legal[0]                            # the last tile goes out
    old_left, old_right, on_table = state.left, state.right, state.on_table
    random_share = rng.random
    best, best_score = legal[0], -1e9
    for action in legal:
        if type(action) is Apollo:
            return action
        tile, end = action.tile, action.end
        if end is None:
            left, right = LOW[tile], HIGH[tile]
        elif end == "L":
            left, right = other_end(tile, old_left), old_right
        else:
            left, right = old_left, other_end(tile, old_right)
        if left == right and on_table[left] == 6:  # this tile blocks the line (D9)
            score = 5.0 if _lowest_pips(state, [t for t in hand if t != tile]) else -5.0
        elif len(hand) > 3:
            score = _shape_laying(hand, tile, left, right)
        else:
            score = shape_score([t for t in hand if t != tile], tile, left, right)
        score += random_share() * 0.3
        if score > best_score:
            best, best_score = action, score
    return best


def _shape_laying(hand: Sequence[int], tile: int, left: int, right: int) -> float:
    """shape_score of the hand left after laying `tile` from `hand`, which keeps three tiles or
    more (the same sums in the same order, without building that hand: hot in the rollouts)."""
    score = 0.15 * PIPS[tile]
    if IS_DOUBLE[tile]:
        score += 0.6
    ends = (1 << left) | (1 << right)
    playable = shown = 0
    for t in hand:
        if t != tile:
            numbers = NUMBERS_OF[t]
            shown |= numbers
            if numbers & ends:
                playable += 1
    score += 0.25 * playable if playable else -0.8
    return score + 0.1 * shown.bit_count()


def _lowest_pips(state, rest) -> bool:
    """Whether the player to move, keeping `rest`, holds strictly fewer pips than each rival."""
    player = state.current_player()
    mine = sum(PIPS[t] for t in rest)
    return mine < min(sum(PIPS[t] for t in state.hands[p])
                      for p in rivals_of(player, state.order, state.options.partnership))
