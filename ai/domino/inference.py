"""Reading the others' hands from the tiles they chose (hard's worlds).

A pass says which numbers a player lacks (knowledge.py); a tile laid says more, when the player
is a normal bot: normal lays the move its scoring (play.DominoPolicy) likes best, so a sampled
hand under which that scoring would have chosen another move is unlikely. Each other player's
plays of this deal are replayed from the public log: at each of their choices the hand they held
then was their sampled hand plus the tiles they laid from then on. A sampled hand loses
`SHARPNESS` × the score by which normal's best move would have beaten the move made (in log
likelihood; 0 when the move made is normal's choice), so the worlds lean towards hands that
explain what the table saw without ruling out players who are not normal bots. The search draws
its worlds from a Markov chain over the pass-constrained deals (two tiles swapped between two
holders, the swap kept by the Metropolis rule).

Choices this cannot judge cheaply are left out: the first tile of a deal (forced, or a free
opening, V-D1) and any choice where one of the moves would have blocked the line (normal weighs a
block by sampling the others' pips)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.domino.actions import Apollo, Pass
from game.domino.state import DominoObservation, DominoState
from game.domino.tiles import HIGH, LOW, other_end

from .determinize import sample_hands
from .knowledge import DominoKnowledge, read_knowledge
from .play import NUMBERS_OF, apollo_ready, is_pairs, partner_of, shape_score

#: log likelihood lost per point of move score by which normal would have played otherwise
SHARPNESS = 20.0
#: a move normal would never make (it always takes an Apollo finish) costs at most this many
#: points of score, so a player who is not a normal bot leaves worlds a weight above zero
MAX_GAP = 10.0
#: chain steps before the first world of a decision, and between two worlds
BURN_IN = 30
STEPS = 3


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice a player made in this deal, with what the table showed then."""
    laid_before: int          # tiles the player had laid in this deal before it
    left: int
    right: int
    on_table: tuple           # tiles on the line showing each number
    below_missing: frozenset  # numbers the next player was known to lack (passes so far)
    partner_missing: frozenset  # in pairs (V-D3), the partner's; else empty
    action: object            # the Play or Apollo made


class PlayReader:
    """The log likelihood of a hand for each other player, from their choices in this deal."""

    def __init__(self, observation: DominoObservation):
        self.pairs = is_pairs(observation)
        order = observation.play_order
        me = observation.player
        self.choices: dict[int, list[Choice]] = {p: [] for p in order if p != me}
        #: tiles each player laid in this deal, in order
        self.laid: dict[int, list[int]] = {p: [] for p in range(len(observation.hand_sizes))}
        left = right = -1
        on_table = [0] * 7
        missing: list[set] = [set() for _ in observation.hand_sizes]
        for player, action in observation.log:
            kind = type(action)
            if kind is Pass:
                missing[player].update((left, right))
                continue
            plays = (action.first, action.second) if kind is Apollo else (action,)
            if player != me and plays[0].end is not None:
                below = order[(order.index(player) + 1) % len(order)]
                partner = frozenset(missing[partner_of(player)]) if self.pairs else frozenset()
                self.choices[player].append(Choice(
                    len(self.laid[player]), left, right, tuple(on_table),
                    frozenset(missing[below]), partner, action))
            for play in plays:
                tile = play.tile
                self.laid[player].append(tile)
                if play.end is None:
                    left, right = LOW[tile], HIGH[tile]
                elif play.end == "L":
                    left = other_end(tile, left)
                else:
                    right = other_end(tile, right)
                on_table[LOW[tile]] += 1
                if HIGH[tile] != LOW[tile]:
                    on_table[HIGH[tile]] += 1
        self.readable = frozenset(p for p, made in self.choices.items() if made)

    def log_likelihood(self, player: int, hand) -> float:
        """0 when normal, holding `hand` now, would have made every choice the player made."""
        if player not in self.readable:
            return 0.0
        total = 0.0
        laid = self.laid[player]
        for choice in self.choices[player]:
            gap = self._gap(choice, list(hand) + laid[choice.laid_before:])
            if gap:
                total -= SHARPNESS * min(gap, MAX_GAP)
        return total

    def _gap(self, choice: Choice, held: list) -> float:
        """How much better normal's best move scored than the move made, holding `held`
        (0 when the choice cannot be judged)."""
        if len(held) < 2:
            return 0.0
        left, right = choice.left, choice.right
        if len(held) == 2 and apollo_ready(held, left, right):
            return 0.0 if type(choice.action) is Apollo else MAX_GAP   # normal takes it (D11)
        made = choice.action
        if type(made) is Apollo:
            return 0.0
        shown = [0] * 7                             # tiles held showing each number
        for tile in held:
            shown[LOW[tile]] += 1
            if HIGH[tile] != LOW[tile]:
                shown[HIGH[tile]] += 1
        best = made_score = None
        for tile in held:
            for end, number in (("L", left), ("R", right)):
                if not NUMBERS_OF[tile] >> number & 1:
                    continue
                score = self._score(choice, held, shown, tile, end)
                if score is None:
                    return 0.0                      # a block was possible: not judged
                if best is None or score > best:
                    best = score
                if tile == made.tile and end == made.end:
                    made_score = score
        if made_score is None:
            return 0.0
        return best - made_score

    def _score(self, choice: Choice, held: list, shown: list, tile: int,
               end: str) -> float | None:
        """DominoPolicy._score of laying `tile` on `end` (None for a block); `shown` counts the
        tiles held that show each number."""
        rest = [t for t in held if t != tile]
        if not rest:
            return 90.0
        if end == "L":
            new_left, new_right = other_end(tile, choice.left), choice.right
        else:
            new_left, new_right = choice.left, other_end(tile, choice.right)
        on_table = choice.on_table
        if new_left == new_right and on_table[new_left] + 1 == 7:
            return None
        score = shape_score(rest, tile, new_left, new_right)
        missing = choice.below_missing
        if new_left in missing and new_right in missing:
            score += 1.0
        elif new_left in missing or new_right in missing:
            score += 0.2
        if self.pairs:
            partner_missing = choice.partner_missing
            if new_left in partner_missing and new_right in partner_missing:
                score -= 0.6
        # ends on numbers we hold most of the rest of are ends we control
        numbers = NUMBERS_OF[tile]
        for number in (new_left,) if new_left == new_right else (new_left, new_right):
            ours = shown[number] - (numbers >> number & 1)        # in the hand left
            unseen = 7 - on_table[number] - shown[number]         # neither held nor laid
            if ours and ours >= unseen:
                score += 0.2
        return score


class ReadWorlds:
    """Worlds for one decision from a Markov chain over the deals that respect the passes,
    weighted by `PlayReader`; a new observation starts a new chain."""

    def __init__(self, observation: DominoObservation, rng: random.Random,
                 knowledge: DominoKnowledge | None = None):
        self.observation = observation
        self.knowledge = knowledge or read_knowledge(observation)
        self.reader = PlayReader(observation)
        me = observation.player
        hands = sample_hands(self.knowledge, observation.hand, rng)
        #: hidden hands by holder: the other players, and -1 for tiles out of play (tie-breaks)
        self.hands: dict[int, list[int]] = {p: hand for p, hand in enumerate(hands)
                                            if p != me and self.knowledge.hand_sizes[p]}
        held = {t for hand in self.hands.values() for t in hand}
        spare = [t for t in self.knowledge.unseen if t not in held]
        if spare:
            self.hands[-1] = spare
        self.holders = list(self.hands)
        self.cache: dict = {}
        self.value = {p: self._value(p, hand) for p, hand in self.hands.items()}
        self.fresh = True
        self.moving = bool(self.reader.readable) and len(self.holders) > 1
        self._steps(rng, BURN_IN)

    def _value(self, holder: int, hand: list) -> float:
        if holder not in self.reader.readable:
            return 0.0
        key = (holder, tuple(sorted(hand)))
        value = self.cache.get(key)
        if value is None:
            value = self.cache[key] = self.reader.log_likelihood(holder, hand)
        return value

    def _steps(self, rng: random.Random, count: int) -> None:
        if not self.moving:
            return
        holders, hands, knowledge = self.holders, self.hands, self.knowledge
        randrange = rng.randrange
        for _ in range(count):
            first = randrange(len(holders))
            second = randrange(len(holders) - 1)
            p, q = holders[first], holders[second + (second >= first)]
            hand_p, hand_q = hands[p], hands[q]
            i, j = randrange(len(hand_p)), randrange(len(hand_q))
            a, b = hand_p[i], hand_q[j]
            if p >= 0 and not knowledge.may_hold(p, b) or q >= 0 and not knowledge.may_hold(q, a):
                continue                        # a number they passed on (D6)
            new_p, new_q = hand_p[:], hand_q[:]
            new_p[i], new_q[j] = b, a
            value_p, value_q = self._value(p, new_p), self._value(q, new_q)
            change = value_p + value_q - self.value[p] - self.value[q]
            if change >= 0 or rng.random() < math.exp(change):
                hands[p], hands[q] = new_p, new_q
                self.value[p], self.value[q] = value_p, value_q

    def world(self, rng: random.Random) -> DominoState:
        """The next world of the chain (the first one after the burn-in)."""
        if self.fresh:
            self.fresh = False
        else:
            self._steps(rng, STEPS)
        hands: list[list[int]] = [[] for _ in self.knowledge.hand_sizes]
        hands[self.observation.player] = list(self.observation.hand)
        for holder, hand in self.hands.items():
            if holder >= 0:
                hands[holder] = list(hand)
        return DominoState.from_observation(self.observation, hands)
