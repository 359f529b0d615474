"""Reading the others' hands from their bids and plays in this deal (Joker hard's worlds).

Hard knows how each other seat plays (ai/joker/styles.py: normal's rules or the plainer ones),
and both are rules: given the hand a seat held, its bid and its cards are nearly certain. So a
sampled hand under which the seat's style would have bid or played otherwise is unlikely. Each
judged seat's bid is judged with the hand it was dealt (its sampled hand plus the cards it has
played) and the bids before it, and its plays are replayed from the public history: at each of
them the hand it held was its sampled hand plus the cards it played from then on, and every
other thing its style looks at (the trick, the tricks taken, the cards seen, what the play
showed of the others' voids) is public. A hand loses the seat's `penalty` (log likelihood) for
each decision its style would have made otherwise; the penalty comes from how often the style
has agreed with that seat in the deals it has shown, so a seat that plays by neither rule set
is read softly.

The worlds come from a Markov chain over the deals that respect what the play showed (voids,
J8/J9): two cards swapped between two holders (the undealt cards one of them), kept by the
Metropolis rule on that reading (a seat not read: the determinizer's soft fit to its bid)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from game.joker.actions import BID_ACTIONS, JokerMode, Phase, Play
from game.joker.cards import JOKER_1, PACK_MASK, RANKS_PER_SUIT, cards_of
from game.joker.state import NUM_PLAYERS, JokerObservation, JokerState, legal_plays
from game.joker.tricks import trick_winner

from .determinize import bid_fit, sample_masks
from .knowledge import JokerKnowledge, read_knowledge, trump_of, voids_shown
from .odds import Odds
from .strategy import play_card

#: chain steps before a decision's first world, and between two worlds
BURN_IN = 40
STEPS = 12


@dataclass(frozen=True, slots=True)
class Decision:
    """One play a seat made in this deal, with what the table showed then."""
    before: int                 # cards the seat had played in this deal before it
    played: int                 # every card played before it
    trick: tuple                # the trick so far
    lead_suit: int
    lead_high: bool
    need: int                   # the seat's bid less its tricks then
    partner_need: int
    hidden_counts: tuple        # cards in each hand then (the seat's own 0)
    excluded: tuple             # by seat, the cards the play had shown it cannot hold
    needs: tuple                # by seat, bid less tricks then
    made: Play


def same_play(one: Play, other: Play) -> bool:
    """The same decision: the two jokers are one card."""
    if one.card >= JOKER_1 <= other.card:
        return (one.joker, one.suit) == (other.joker, other.suit)
    return one == other


class PlayReader:
    """The log likelihood of a hand for each judged seat, from its bid and plays in this deal.

    `styles[seat]`: the style the seat is read in ("normal" or "plain"), None for a seat not
    judged; `penalties[seat]`: the log likelihood a hand loses for each play its style would
    have made otherwise."""

    def __init__(self, observation: JokerObservation, styles: Sequence[str | None],
                 penalties: Sequence[float], choose: Callable[..., object] | None = None):
        """`choose(observation, legal, style=…)`: a style's choice (bots.normal_choice), by
        which each judged seat's bid is judged too; None: the bids are not judged."""
        self.observation = observation
        self.trump = trump = trump_of(observation)
        self.styles, self.penalties = styles, penalties
        options = observation.options
        self.trump_beats_high = bool(options and options.trump_beats_high_joker_lead)
        self.partnership = bool(options and options.partnership)
        trump_card = observation.trump_card
        self.out_of_play = 0 if trump_card is None else 1 << trump_card
        me = observation.player
        bids = observation.bids
        #: by seat, the cards it played in this deal
        self.laid = [0] * NUM_PLAYERS
        self.decisions: list[list[Decision]] = [[] for _ in range(NUM_PLAYERS)]
        taken = [0] * NUM_PLAYERS
        played = 0
        sizes = [observation.cards_dealt] * NUM_PLAYERS
        plays = observation.plays
        for start in range(0, len(plays), NUM_PLAYERS):
            trick = plays[start:start + NUM_PLAYERS]
            lead = trick[0]
            lead_suit = lead.suit if lead.card >= JOKER_1 else lead.card // RANKS_PER_SUIT
            lead_high = lead.card >= JOKER_1 and lead.joker is JokerMode.HIGH
            for index, play in enumerate(trick):
                seat = play.seat
                if seat != me and styles[seat] is not None:
                    partner = (seat + 2) % NUM_PLAYERS
                    counts = list(sizes)
                    counts[seat] = 0
                    self.decisions[seat].append(Decision(
                        self.laid[seat], played, tuple(trick[:index]), lead_suit, lead_high,
                        bids[seat] - taken[seat],
                        bids[partner] - taken[partner] if self.partnership else 0,
                        tuple(counts), voids_shown(plays[:start + index], trump),
                        tuple(bid - took for bid, took in zip(bids, taken)),
                        Play(play.card, play.joker, play.suit)))
                self.laid[seat] |= 1 << play.card
                played |= 1 << play.card
                sizes[seat] -= 1
            if len(trick) == NUM_PLAYERS:
                taken[trick[trick_winner(trick, lead_suit, trump, self.trump_beats_high)].seat] += 1
        #: by judged seat: (the bidding as the seat saw it, its legal bids), when its bid is read
        self.bidding: dict[int, tuple] = {}
        self.choose = choose
        if choose is not None:
            first = (observation.dealer + 1) % NUM_PLAYERS
            order = [(first + step) % NUM_PLAYERS for step in range(NUM_PLAYERS)]
            for turn, seat in enumerate(order):
                if seat == me or styles[seat] is None or bids[seat] is None:
                    continue
                before = tuple(bids[other] if other in order[:turn] else None
                               for other in range(NUM_PLAYERS))
                forbidden = -1
                if seat == observation.dealer and options and options.dealer_cannot_fill:
                    forbidden = observation.cards_dealt - sum(b for b in before if b is not None)
                legal = [BID_ACTIONS[n] for n in range(observation.cards_dealt + 1)
                         if n != forbidden]
                view = replace(observation, player=seat, phase=Phase.BIDDING, to_act=seat,
                               bids=before, tricks_taken=(0,) * NUM_PLAYERS, current_trick=(),
                               plays=(), hand_sizes=(observation.cards_dealt,) * NUM_PLAYERS)
                self.bidding[seat] = (view, legal)
        self.readable = frozenset(seat for seat in range(NUM_PLAYERS)
                                  if self.decisions[seat] or seat in self.bidding)

    def log_likelihood(self, seat: int, hidden: int) -> float:
        """0 when the seat's style, holding `hidden` now, would have made its bid and every
        play it made."""
        if seat not in self.readable:
            return 0.0
        decisions = self.decisions[seat]
        dealt = hidden | self.laid[seat]
        normal = self.styles[seat] == "normal"
        trump = self.trump
        partner = (seat + 2) % NUM_PLAYERS if self.partnership else None
        missed = 0
        bidding = self.bidding.get(seat)
        if bidding is not None and len(bidding[1]) > 1:
            view, legal = bidding
            view = replace(view, hand=tuple(cards_of(dealt)))
            if self.choose(view, legal, style=self.styles[seat]).n != self.observation.bids[seat]:
                missed += 1
        for d in decisions:
            hand = dealt & ~d.before
            legal = legal_plays(hand, not d.trick, d.lead_suit, d.lead_high, trump)
            if len(legal) < 2:
                continue
            outstanding = PACK_MASK & ~hand & ~d.played & ~self.out_of_play
            odds = None
            if normal:
                undealt = outstanding.bit_count() - sum(d.hidden_counts)
                odds = Odds(seat, trump, outstanding, d.hidden_counts, d.excluded, undealt,
                            d.needs)
            choice = play_card(legal, hand, d.trick, seat, d.lead_suit, trump, d.need,
                               hand.bit_count(), outstanding, self.trump_beats_high, partner,
                               d.partner_need, odds, keep_jokers=normal)
            if not same_play(choice, d.made):
                missed += 1
        return -self.penalties[seat] * missed


class ReadWorlds:
    """Worlds for one decision from a Markov chain over the deals that respect the voids,
    weighted by `PlayReader` and the bids' fit; a new observation starts a new chain."""

    def __init__(self, observation: JokerObservation, rng: random.Random,
                 styles: Sequence[str | None], penalties: Sequence[float],
                 choose: Callable[..., object] | None = None,
                 knowledge: JokerKnowledge | None = None):
        self.observation = observation
        self.knowledge = knowledge = knowledge or read_knowledge(observation)
        self.reader = PlayReader(observation, styles, penalties, choose)
        masks = sample_masks(observation, knowledge, rng)
        me = observation.player
        #: hidden cards by holder: the other seats, and -1 for the undealt cards
        self.hands: dict[int, int] = {seat: mask for seat, mask in enumerate(masks)
                                      if seat != me and knowledge.hidden_counts[seat]}
        spare = knowledge.unseen
        for mask in self.hands.values():
            spare &= ~mask
        if spare:
            self.hands[-1] = spare
        self.holders = list(self.hands)
        self.cache: dict = {}
        self.value = {holder: self._value(holder, mask) for holder, mask in self.hands.items()}
        self.fresh = True
        self.moving = bool(self.reader.readable) and len(self.holders) > 1
        self._steps(rng, BURN_IN)

    def _value(self, holder: int, mask: int) -> float:
        if holder < 0:
            return 0.0
        key = (holder, mask)
        value = self.cache.get(key)
        if value is None:
            if holder in self.reader.bidding:
                value = self.reader.log_likelihood(holder, mask)
            else:   # the determinizer's soft fit to the bid (and the plays, if read)
                masks = [0] * NUM_PLAYERS
                masks[holder] = mask
                value = self.reader.log_likelihood(holder, mask) + bid_fit(
                    self.observation, self.knowledge, masks)
            self.cache[key] = value
        return value

    def _steps(self, rng: random.Random, count: int) -> None:
        if not self.moving:
            return
        holders, hands, excluded = self.holders, self.hands, self.knowledge.excluded
        randrange = rng.randrange
        for _ in range(count):
            first = randrange(len(holders))
            second = randrange(len(holders) - 1)
            p, q = holders[first], holders[second + (second >= first)]
            a = _random_card(hands[p], rng)
            b = _random_card(hands[q], rng)
            if p >= 0 and excluded[p] >> b & 1 or q >= 0 and excluded[q] >> a & 1:
                continue                        # a void the play showed (J8/J9)
            new_p = hands[p] & ~(1 << a) | 1 << b
            new_q = hands[q] & ~(1 << b) | 1 << a
            value_p, value_q = self._value(p, new_p), self._value(q, new_q)
            change = value_p + value_q - self.value[p] - self.value[q]
            if change >= 0 or rng.random() < math.exp(change):
                hands[p], hands[q] = new_p, new_q
                self.value[p], self.value[q] = value_p, value_q

    def world(self, rng: random.Random) -> JokerState:
        """The next world of the chain (the first one after the burn-in)."""
        if self.fresh:
            self.fresh = False
        else:
            self._steps(rng, STEPS)
        observation = self.observation
        hands = [tuple(cards_of(self.hands.get(seat, 0))) for seat in range(NUM_PLAYERS)]
        hands[observation.player] = tuple(observation.hand)
        return JokerState.from_observation(observation, hands)


def _random_card(mask: int, rng: random.Random) -> int:
    cards = cards_of(mask)
    return cards[rng.randrange(len(cards))]


def readable(observation: JokerObservation) -> bool:
    """The chain is worth running: another seat has bid (its cards then played, if any)."""
    me = observation.player
    return observation.phase in (Phase.BIDDING, Phase.PLAYING) and any(
        bid is not None for seat, bid in enumerate(observation.bids) if seat != me)

