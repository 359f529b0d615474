"""FROZEN: what domino's `normal-v1` and `hard-v1` decide by, copied from ai/domino/play.py and
determinize.py as they stood when they were frozen (the normal move scoring, easy's cousin left
out, the rollout policy, the candidates, the pass-aware determinizer), so that changing the live
levels leaves the baselines as they were. Only the engine, the knowledge reader (knowledge.py),
the tile dealer (ai/assign.py) and the generic search (ai/search.py) are shared.
tests/test_ai_baselines.py pins their choices on seeded positions. Do not change this file."""

from __future__ import annotations

import random
from typing import Sequence

from ai.assign import assign_cards
from ai.domino.knowledge import DominoKnowledge, read_knowledge
from game.domino.actions import Apollo, Pass, Play
from game.domino.scoring import block_outcome
from game.domino.state import DEFAULT_OPTIONS, TEAM_OF, DominoObservation, DominoState
from game.domino.tiles import HIGH, IS_DOUBLE, LOW, PIPS, TILES_WITH, fits, other_end


# --- determinize.py ---


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


# --- play.py ---
#: worlds sampled to judge a blocking move (D15/D16 turn on everybody's pips)
BLOCK_SAMPLES = 24


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
    playable = sum(1 for t in hand_after if fits(t, left) or fits(t, right))
    score += 0.25 * playable if playable else -0.8  # be able to play next time round
    score += 0.1 * len({n for t in hand_after for n in (LOW[t], HIGH[t])})  # keep variety
    if len(hand_after) == 2:
        score += 1.0 if apollo_ready(hand_after, left, right) else 0.0
    elif len(hand_after) == 1:
        last = hand_after[0]
        if fits(last, left) and fits(last, right):
            score += 0.5                           # a ceki finish (D12) if the ends stay
        elif fits(last, left) or fits(last, right):
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


def rollout_action(state, rng: random.Random):
    """A quick full-information policy for the search's playouts: finish when possible, block
    only when our pips are strictly the lowest, else the best-shaped move (a little noise keeps
    the playouts varied)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = state.current_player()
    hand = state.hands[player]
    best, best_score = legal[0], -1e9
    for action in legal:
        if type(action) is Apollo:
            return action
        tile = action.tile
        if len(hand) == 1:
            return action
        rest = [t for t in hand if t != tile]
        left, right = ends_after(state.left, state.right, action)
        if left == right and state.on_table[left] == 6:  # this tile blocks the line (D9)
            mine = sum(PIPS[t] for t in rest)
            lowest = min(sum(PIPS[t] for t in state.hands[p])
                         for p in rivals_of(player, state.order, state.options.partnership))
            score = 5.0 if mine < lowest else -5.0
        else:
            score = shape_score(rest, tile, left, right)
        score += rng.random() * 0.3
        if score > best_score:
            best, best_score = action, score
    return best
