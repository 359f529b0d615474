"""How each other seat plays, read from the deals it has shown: Joker hard's opponent model.

Hard's rollouts play every seat by a rule set; the closer that rule set is to how a seat really
plays, the better the rollouts predict the deal. Two styles are known:

- "normal": normal's play (the bid of best expected score for the fitted estimate; cards
  weighed by their odds of holding the trick, the jokers kept);
- "plain": the plainer rules of before (the bid nearest the rough trick count; cards by the
  plain rules, no odds, a joker taken when short), as the older bots play.

Every card of a deal is played, so by this seat's last card every other seat's hand is known
from its plays (but for a last card not yet seen). The reader then replays the deal from the
bidding on: at each decision of another seat whose hand it knows, it asks what each style would
have chosen there, and where the styles differ it counts which one the seat agreed with. A seat
is modelled "plain" once plain has explained clearly more of those decisions (MARGIN), else
"normal". A seat whose last card is not seen (it plays after this seat in the last trick) is
read once for each card it may have held, and only its decisions that every such card judges
alike are counted."""

from __future__ import annotations

import dataclasses
from typing import Callable

from game.core.errors import IllegalAction
from game.joker.actions import BID_ACTIONS, Phase, Play
from game.joker.cards import JOKER_1, PACK_MASK, cards_of, mask_of
from game.joker.state import NUM_PLAYERS, JokerObservation, JokerState

from .knowledge import read_knowledge

STYLES = ("normal", "plain")
#: decisions by which plain must out-explain normal before a seat is modelled plain
MARGIN = 2


class StyleReader:
    """Reads the other seats' styles from one seat's observations, deal after deal."""

    def __init__(self, choose: Callable[..., object]) -> None:
        """`choose(observation, legal, style=…)`: a style's choice (bots.normal_choice, which
        holds the styles' rules)."""
        self.choose = choose
        #: by seat: decisions (where the styles differ) that each style explained
        self.explained = [[0] * len(STYLES) for _ in range(NUM_PLAYERS)]
        self._deal = 0
        self._bidding: JokerObservation | None = None   # my first observation of the bidding
        self._last: JokerObservation | None = None      # my latest observation of the deal

    def style(self, seat: int) -> str:
        normal, plain = self.explained[seat]
        return "plain" if plain >= normal + MARGIN else "normal"

    def styles(self) -> tuple[str, ...]:
        return tuple(self.style(seat) for seat in range(NUM_PLAYERS))

    def observe(self, observation: JokerObservation) -> None:
        """Called at each of the seat's decisions. The deal is read at the seat's last card:
        everything the seat will see of the deal is seen then, and that move is forced, so the
        reading takes none of the time of a decision that is searched (read at the next
        deal's first look, its bid, it took half of a small budget). A deal whose last card
        was not asked is read at the next deal's first look."""
        if observation.deal_number != self._deal:
            self._read_deal()
            self._deal = observation.deal_number
        if observation.phase is Phase.BIDDING and self._bidding is None:
            self._bidding = observation
        if observation.phase in (Phase.BIDDING, Phase.PLAYING):
            self._last = observation
        if observation.phase is Phase.PLAYING and len(observation.hand) == 1:
            self._read_deal()

    def _read_deal(self) -> None:
        """Reads the deal observed so far, once."""
        start, last = self._bidding, self._last
        self._bidding = self._last = None
        self._read(start, last)

    def _read(self, start: JokerObservation | None, last: JokerObservation | None) -> None:
        if start is None or last is None or last.phase is not Phase.PLAYING:
            return
        me = start.player
        cards = last.cards_dealt
        played = [0] * NUM_PLAYERS
        for play in last.plays:
            played[play.seat] |= 1 << play.card
        played[me] = mask_of(start.hand)
        spare = PACK_MASK
        for hand in played:
            spare &= ~hand
        if start.trump_card is not None:
            spare &= ~(1 << start.trump_card)
        excluded = read_knowledge(last).excluded
        # the hands as dealt: mine from my first look, the others' from their plays; a seat
        # whose last card was not seen (it played after me in the last trick) is read once for
        # each card it may have held, and only where every such card gives the same verdicts
        for seat in range(NUM_PLAYERS):
            missing = cards - played[seat].bit_count()
            if seat == me or missing > 1:
                continue
            guesses = cards_of(spare & ~excluded[seat]) if missing else [None]
            readings = []
            for guess in guesses:
                hands = list(played)
                if guess is not None:
                    hands[seat] |= 1 << guess
                hands = _filled(hands, cards, spare & ~hands[seat], excluded)
                reading = self._replay(start, last, hands, seat) if hands else None
                if reading is None:
                    break               # a card given to another seat did not fit: not read
                readings.append(reading)
            else:
                # decision by decision (a guess may leave the seat a choice another does not)
                for verdicts in zip(*readings):
                    if verdicts[0] is not None and all(v == verdicts[0] for v in verdicts):
                        self._count(seat, verdicts[0])

    def _replay(self, start: JokerObservation, last: JokerObservation, hands: list[int],
                seat: int) -> list | None:
        """The seat's verdicts in the deal with these hands: for each of its decisions, whether
        each style agreed with it (None where it had no choice); None when a card given to
        another seat did not fit the deal."""
        me = start.player
        verdicts = []
        # bidding order, from the seat after the dealer; the bids before mine are judged at
        # the bidding as it stood, the rest by replaying the deal from my bid on
        first = (start.dealer + 1) % NUM_PLAYERS
        order = [(first + step) % NUM_PLAYERS for step in range(NUM_PLAYERS)]
        mine = order.index(me)
        dealt = [cards_of(hand) for hand in hands]
        if seat in order[:mine]:
            turn = order.index(seat)
            bids = tuple(start.bids[other] if other in order[:turn] else None
                         for other in range(NUM_PLAYERS))
            early = dataclasses.replace(start, bids=bids, to_act=seat)
            verdicts.append(self._judge(JokerState.from_observation(early, dealt), seat,
                                        BID_ACTIONS[start.bids[seat]]))
        state = JokerState.from_observation(start, dealt)
        actions = [BID_ACTIONS[last.bids[other]] for other in order[mine:]]
        actions += [Play(play.card, play.joker, play.suit) for play in last.plays]
        for action in actions:
            if state.to_act == seat:
                verdicts.append(self._judge(state, seat, action))
            try:
                state.apply(action)
            except IllegalAction:
                return None
        return verdicts

    def _judge(self, state: JokerState, seat: int, made) -> tuple | None:
        """Whether each style would have made the seat's decision (None: no choice)."""
        legal = state.legal_actions()
        if len(legal) < 2:
            return None
        observation = state.observation(seat)
        return tuple(_same(self.choose(observation, legal, style=style), made)
                     for style in STYLES)

    def _count(self, seat: int, verdict: tuple) -> None:
        if all(verdict) or not any(verdict):
            return                      # the styles agree here: it says nothing
        for index, agrees in enumerate(verdict):
            self.explained[seat][index] += agrees


def _filled(hands: list[int], cards: int, spare: int, excluded) -> list[int] | None:
    """The hands with every short one given spare cards it may hold (None if none fits)."""
    hands = list(hands)
    for seat, hand in enumerate(hands):
        while hand.bit_count() < cards:
            allowed = spare & ~excluded[seat]
            if not allowed:
                return None
            card = allowed & -allowed
            hand |= card
            spare &= ~card
        hands[seat] = hand
    return hands


def _same(one, other) -> bool:
    """The same decision: the two jokers are one card."""
    if isinstance(one, Play) and isinstance(other, Play) and one.card >= JOKER_1 <= other.card:
        return (one.joker, one.suit) == (other.joker, other.suit)
    return one == other
