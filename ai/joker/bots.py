"""The Joker bots at each level, and the game's side of the generic search."""

from __future__ import annotations

import random
import time
from typing import Sequence

from game.joker.actions import (BID_ACTIONS, TRUMP_ACTIONS, Bid, ChooseTrump, DealResult, Phase,
                                Play, PulkaResult)
from game.joker.cards import JOKER_1, PACK_MASK, mask_of
from game.joker.schedule import Schedule
from game.joker.scoring import NEXT_SEAT_ELIGIBLE, khishti_value
from game.joker.state import JokerObservation, JokerState

from ..search import SearchBot
from .determinize import determinize
from .knowledge import lead_suit_of, read_knowledge, trump_of
from .odds import Odds, SeenOdds
from .styles import StyleReader
from .strategy import (best_bid, bid_features, choose_bid, choose_trump_suit, estimate_tricks,
                       fitted_estimate, play_card)

#: a made bid keeps the pulka's premium alive (J15); the hope of it is worth this share of the
#: best score so far, per deal still to make in the pulka
PREMIUM_ODDS = 0.6
#: the bids hard searches, around normal's: (lowest, highest) offset
BID_REACH = (-2, 1)
#: the rollouts' play: "seen", normal's play by the odds of holding a trick (jokers kept),
#: every hand of the world known (odds.SeenOdds), or "plain", the rules of before (no odds,
#: the joker taken when short). Judged decision by decision (benchmarks/joker_decisions.py,
#: 3,000 positions, 20 worlds) "seen" gains +8.2 a decision over normal, "plain" +1.2.
ROLLOUT = "seen"
#: the paired confidence test (ai.search.surely_better), None for the plain best mean: with
#: "seen" rollouts z 1.0 gains +5.6 a decision over normal, the best mean +8.2
CONFIDENCE = None
#: ...but where the time left fewer than this many worlds, the paired test at this z decides
#: (judged at fixed worlds: at 3 and 6 worlds z 1.0 gains +0.7 a decision over the best mean,
#: at 10 and 20 the best mean gains; at 0.02 s a bid gets a median 6 worlds)
THIN = (8, 1.0)
#: hard's rollouts play each other seat in the style it has shown (ai/joker/styles.py)
READ_STYLES = True


def _trump_action(suit: int | None) -> ChooseTrump:
    return TRUMP_ACTIONS[4 if suit is None else suit]


def _bid_action(estimate: float, legal: Sequence) -> Bid:
    allowed = [action.n for action in legal]
    return BID_ACTIONS[choose_bid(estimate, allowed)]


def partner_of(seat: int) -> int:
    """V-J4: partners sit opposite."""
    return (seat + 2) % 4


def _option(observation: JokerObservation, name: str, default):
    return getattr(observation.options, name, default) if observation.options else default


def normal_choice(observation: JokerObservation, legal: Sequence, card_counting: bool = True,
                  style: str = "normal"):
    """Rule-based play from what the seat sees. Without card counting every card not in hand
    counts as still out (easy's way). The "plain" style (ai/joker/styles.py) bids nearest the
    rough trick count and plays without the odds."""
    phase = observation.phase
    hand = mask_of(observation.hand)
    if phase is Phase.TRUMP_CHOICE:
        return _trump_action(choose_trump_suit(observation.hand))
    trump = trump_of(observation)
    if phase is Phase.BIDDING:
        if style == "plain":
            return _bid_action(estimate_tricks(hand, trump, observation.cards_dealt), legal)
        return BID_ACTIONS[normal_bid(observation, hand, trump, [a.n for a in legal])]
    me = observation.player
    trick = observation.current_trick
    need = observation.bids[me] - observation.tricks_taken[me]
    partner = partner_of(me) if _option(observation, "partnership", False) else None
    odds = None
    if card_counting:
        knowledge = read_knowledge(observation)
        outstanding = knowledge.unseen
        if style == "normal":
            # what each seat still needs: one that has made its bid ducks what it can
            needs = [bid - taken for bid, taken in zip(observation.bids,
                                                       observation.tricks_taken)]
            odds = Odds(me, trump, knowledge.unseen, knowledge.hidden_counts,
                        knowledge.excluded, knowledge.undealt, needs)
    else:
        outstanding = PACK_MASK & ~hand
    return play_card(legal, hand, trick, me, lead_suit_of(trick[0]) if trick else 0, trump,
                     need, len(observation.hand), outstanding,
                     _option(observation, "trump_beats_high_joker_lead", False), partner,
                     _still_needs(observation.bids, observation.tricks_taken, partner), odds,
                     keep_jokers=style != "plain")


def normal_bid(observation: JokerObservation, hand: int, trump: int, allowed: Sequence[int]
               ) -> int:
    """The bid of best expected score for the fitted estimate of the hand's tricks (its cards,
    the seat's place in the bidding and the bids already made: strategy.bid_features)."""
    cards = observation.cards_dealt
    position = (observation.player - observation.dealer - 1) % 4
    before = [bid for bid in observation.bids if bid is not None]
    estimate = fitted_estimate(bid_features(hand, trump, cards, position, before), cards)
    return best_bid(estimate, cards, allowed,
                    khishti_value(_option(observation, "khishti", -200), cards),
                    premium_at_stake(observation))


def premium_at_stake(observation: JokerObservation) -> tuple[float, float, float]:
    """J15 (V-J3) from the seat's side: (best score of the pulka so far, what the others would
    lose to the premium a seat, odds of making every later deal of it), when every bid of the
    pulka so far was made; all 0 when the premium is lost or off. A made bid keeps the premium
    within reach: the pulka's best score counted again and the others' erased, at those
    odds."""
    mode = _option(observation, "premium", "standard")
    if mode == "off" or not observation.deal_number:
        return 0.0, 0.0, 0.0
    me = observation.player
    lines = [line for line in observation.sheet
             if isinstance(line, DealResult) and line.pulka == observation.pulka]
    if any(line.bids[me] != line.tricks[me] for line in lines):
        return 0.0, 0.0, 0.0
    schedule = Schedule.for_game_type(_option(observation, "game_type", "standard"))
    later = schedule.pulka[observation.deal_number:].count(observation.pulka)
    scores = [line.scores[me] for line in lines]
    erased = 0.0
    if mode == "next_seat":
        scores = [score for score in scores if score >= NEXT_SEAT_ELIGIBLE]
    elif mode != "no_erase" and not _option(observation, "partnership", False):
        # the others who missed a bid of the pulka lose their best score to a premium: as
        # much to the good against each of them (the table's winner has the highest total)
        for other in range(len(observation.bids)):
            if other != me and any(line.bids[other] != line.tricks[other] for line in lines):
                erased += max(0, max(line.scores[other] for line in lines)) / 3
    return float(max(scores, default=0)), erased, PREMIUM_ODDS ** later


def _still_needs(bids, tricks_taken, seat: int | None) -> int:
    if seat is None or bids[seat] is None:
        return 0
    return bids[seat] - tricks_taken[seat]


class NormalJokerBot:
    level = "normal"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, observation: JokerObservation, legal: Sequence, budget_s: float):
        if len(legal) == 1:
            return legal[0]
        return normal_choice(observation, legal)


class EasyJokerBot:
    """Bids by a rough count give or take a trick, does not count cards, and now and then plays
    a loose card, but never when it is the last to play to a trick (that one is obvious)."""

    level = "easy"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, observation: JokerObservation, legal: Sequence, budget_s: float):
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        if observation.phase is Phase.BIDDING:
            estimate = estimate_tricks(mask_of(observation.hand), trump_of(observation),
                                       observation.cards_dealt)
            return _bid_action(max(0.0, estimate + rng.gauss(0, 0.8)), legal)
        if observation.phase is Phase.PLAYING and len(observation.current_trick) < 3 \
                and rng.random() < 0.2:
            plain = [p for p in legal if p.card < JOKER_1]
            if plain:
                return plain[rng.randrange(len(plain))]
        return normal_choice(observation, legal, card_counting=False)


# --- the search's side ----------------------------------------------------------------------

#: the last deal _undealt was asked about, and its answer (the rollouts of a world share a
#: deal); one tuple, replaced whole, so a bot thinking on another thread reads a matching pair
_undealt_last: tuple = (None, 0)


def _undealt(deal) -> int:
    """The cards of the pack in no hand of this deal (1–8 card deals), the turned card apart."""
    global _undealt_last
    cached, undealt = _undealt_last
    if cached is not deal:
        dealt = mask_of(card for hand in deal.hands for card in hand)
        if deal.trump_card is not None:
            dealt |= 1 << deal.trump_card
        undealt = PACK_MASK & ~dealt
        _undealt_last = (deal, undealt)
    return undealt


def rollout_action(state: JokerState, rng: random.Random, seen_odds: bool = False,
                   styles: Sequence[str] | None = None):
    """Every seat plays the normal rules from the full (sampled) state: quick and consistent.
    The cards not dealt (1–8 card deals) count as still out, as at the table. With `seen_odds`
    the cards are weighed as normal weighs them (the jokers kept), by odds that read the
    world's hands. `styles` (by seat, ai/joker/styles.py): a "plain" seat bids and plays by
    the plainer rules."""
    phase = state.phase
    seat = state.to_act
    plain = styles is not None and styles[seat] == "plain"
    legal = state.legal_actions()
    if phase is Phase.PLAYING:
        if len(legal) == 1:
            return legal[0]
        hand = state.hands[seat]
        outstanding = 0
        for other, mask in enumerate(state.hands):
            if other != seat:
                outstanding |= mask
        # at the table a seat sees no other hand, so the cards not dealt count as still out
        # for it: so they do here (plain then makes normal-v1's every choice)
        outstanding |= _undealt(state.deal)
        options = state.options
        partner = partner_of(seat) if options.partnership else None
        odds = None
        if seen_odds and not plain:
            needs = [bid - taken for bid, taken in zip(state.bids, state.tricks_taken)]
            odds = SeenOdds(seat, state.trump, state.hands, needs)
        return play_card(legal, hand, state.trick, seat, state.lead_suit, state.trump,
                         state.bids[seat] - state.tricks_taken[seat], hand.bit_count(),
                         outstanding, options.trump_beats_high_joker_lead, partner,
                         _still_needs(state.bids, state.tricks_taken, partner), odds,
                         keep_jokers=not plain)
    if phase is Phase.BIDDING:
        cards = state.cards
        if plain:
            return _bid_action(estimate_tricks(state.hands[seat], state.trump, cards), legal)
        before = [bid for bid in state.bids if bid is not None]
        features = bid_features(state.hands[seat], state.trump, cards,
                                (seat - state.dealer - 1) % 4, before)
        return BID_ACTIONS[best_bid(fitted_estimate(features, cards), cards,
                                    [a.n for a in legal],
                                    khishti_value(state.options.khishti, cards))]
    return _trump_action(choose_trump_suit(state.deal.hands[seat][:3]))


def premium_hope(state: JokerState, player: int) -> float:
    """J15 (or V-J3) not settled yet: if every bid of the pulka so far was made, the premium
    (the best deal counted again) is still within reach; value it by the odds of making the
    rest. No premium: nothing; "next_seat" counts only scores of 150 or more (the pulka's last
    deal never counts, and it is never still to come here)."""
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


class JokerSearchGame:
    """Joker for ai.search: bid-aware determinizations, rollouts that play as normal does (by
    the odds, read from the world's hands: ROLLOUT), and what the deal
    brings by the engine's own scoring: the deal's score (J12–J14) plus the premium it settles
    (J15 or the V-J3 variant, from the engine) or keeps within reach; in pairs (V-J4) the
    team's, the partner's included."""

    def __init__(self, rollout: str | None = None):
        """`rollout`: "seen" or "plain" (ROLLOUT)."""
        self.seen_odds = (rollout or ROLLOUT) == "seen"
        #: how each seat plays in the rollouts (by seat; None: all normal): JokerHardBot sets
        #: it from its StyleReader before each decision
        self.styles: tuple[str, ...] | None = None

    determinize = staticmethod(determinize)

    def rollout_action(self, state: JokerState, rng: random.Random):
        return rollout_action(state, rng, self.seen_odds, self.styles)

    @staticmethod
    def deal_value(before: JokerState, after: JokerState, player: int) -> float:
        seats = (player, partner_of(player)) if after.options.partnership else (player,)
        settled = isinstance(after.sheet[-1], PulkaResult)
        value = 0.0
        for seat in seats:
            # the deal's score, and the pulka's adjustment if it ended the pulka
            value += after.totals[seat] - before.totals[seat]
            if not settled:
                value += premium_hope(after, seat)
        return value

    @staticmethod
    def candidates(observation: JokerObservation, legal: Sequence) -> list:
        """The two jokers are the same card: search one of them. Bids: from two below normal's
        bid to one above it (BID_REACH). Played out in sampled worlds, a big bid is flattered
        (in some worlds every card falls right for it, and a lucky 900 outweighs many
        khishti): unbounded, hard was seen bidding 9 of 9 in a bezi deal and taking 5."""
        if observation.phase is Phase.BIDDING:
            normal = normal_bid(observation, mask_of(observation.hand), trump_of(observation),
                                [a.n for a in legal])
            low, high = BID_REACH
            return [a for a in legal if normal + low <= a.n <= normal + high]
        jokers = {a.card for a in legal if type(a) is Play and a.card >= JOKER_1}
        if len(jokers) < 2:
            return list(legal)
        dropped = max(jokers)
        return [a for a in legal if not (type(a) is Play and a.card == dropped)]

    @staticmethod
    def fallback(observation: JokerObservation, legal: Sequence, rng: random.Random):
        return normal_choice(observation, legal)


class JokerHardBot(SearchBot):
    """The search, its rollouts playing each other seat in the style that seat has shown
    (ai/joker/styles.py); this seat plays normal's rules in them."""

    def __init__(self, seed: int | str = 0, max_worlds: int | None = None):
        super().__init__(JokerSearchGame(), seed, max_worlds, CONFIDENCE, THIN)
        self.reader = StyleReader(normal_choice)

    def choose(self, observation: JokerObservation, legal: Sequence, budget_s: float):
        started = time.perf_counter()
        self.reader.observe(observation)     # a new deal reads the last: within the budget
        styles = list(self.reader.styles())
        styles[observation.player] = "normal"
        self.game.styles = tuple(styles) if READ_STYLES else None
        spent = time.perf_counter() - started
        return super().choose(observation, legal, max(0.0, budget_s - spent))
