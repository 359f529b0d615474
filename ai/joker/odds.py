"""Joker normal's sense of the odds in play: how likely a card is to hold the trick it leads or
is winning, from what the seat knows (ai/joker/knowledge.py: the unseen cards, how many each
hand holds, the suits a seat has shown it lacks) and what each seat still needs (a seat that
has made its bid ducks when it can; one that still needs tricks, or has lost its bid, takes
them).

A rough model, cheap enough for every decision: each unseen card lies in a hand (or among the
undealt cards of a 1–8 card deal) in proportion to the cards there, and the hands are taken as
independent of one another."""

from __future__ import annotations

from typing import Sequence

from game.joker.cards import JOKER_MASK, RANKS_PER_SUIT, SUIT_MASKS

NO_TRUMP = 4
#: how often a seat that holds a card beating ours plays it when it has made its bid (it
#: beats us only when it must)
WILLING_MADE = 0.3
#: how often a joker held by a seat that wants the trick is spent on it
JOKER_SPENT = 0.7


def later_seats(me: int, trick_length: int, players: int = 4) -> list[int]:
    """The seats still to play to the trick after us (`trick_length` cards already down)."""
    return [(me + k) % players for k in range(1, players - trick_length)]


class Odds:
    __slots__ = ("trump", "needs", "_holds", "_jokers")

    def __init__(self, me: int, trump: int, unseen: int, counts: Sequence[int],
                 excluded: Sequence[int], undealt: int, needs: Sequence[int]):
        """`counts`: unseen cards in each hand; `excluded`: by seat, the cards it cannot hold;
        `undealt`: unseen cards in no hand; `needs`: by seat, its bid less its tricks."""
        self.trump, self.needs = trump, needs
        #: by seat, by card: the chance the seat holds that unseen card
        self._holds = holds = [[0.0] * 38 for _ in counts]
        seats = [s for s in range(len(counts)) if s != me and counts[s]]
        mask = unseen
        while mask:
            low = mask & -mask
            card = low.bit_length() - 1
            mask ^= low
            holders = [s for s in seats if not excluded[s] >> card & 1]
            total = sum(counts[s] for s in holders) + max(0, undealt)
            for s in holders:
                holds[s][card] = counts[s] / total
        self._jokers = unseen & JOKER_MASK

    def holds_any(self, seat: int, mask: int) -> float:
        """The chance `seat` holds at least one card of `mask`."""
        p = self._holds[seat]
        none = 1.0
        while mask:
            low = mask & -mask
            none *= 1.0 - p[low.bit_length() - 1]
            mask ^= low
        return 1.0 - none

    def beaten_by(self, seat: int, card: int, lead_suit: int) -> float:
        """The chance `seat`, playing after us, takes the trick our plain `card` is winning
        (`lead_suit`: the suit led)."""
        trump = self.trump
        suit = card // RANKS_PER_SUIT
        above = SUIT_MASKS[suit] & ~((1 << (card + 1)) - 1)
        if suit == lead_suit:
            beat = self.holds_any(seat, above)
            if trump != NO_TRUMP and suit != trump:
                # void in the suit, it must trump
                void = 1.0 - self.holds_any(seat, SUIT_MASKS[lead_suit])
                beat += void * self.holds_any(seat, SUIT_MASKS[trump])
        else:
            # our trump on a side suit: beaten by a higher trump of a seat void in it too
            void = 1.0 - self.holds_any(seat, SUIT_MASKS[lead_suit])
            beat = void * self.holds_any(seat, above)
        made = self.needs[seat] == 0
        beat = min(1.0, beat) * (WILLING_MADE if made else 1.0)
        if self._jokers and not made:
            joker = self.holds_any(seat, self._jokers) * JOKER_SPENT
            beat += (1.0 - beat) * joker
        return beat

    def holds(self, card: int, lead_suit: int, later: Sequence[int]) -> float:
        """The chance our plain `card`, now winning the trick, still wins it once the seats
        `later` have played."""
        keep = 1.0
        for seat in later:
            keep *= 1.0 - self.beaten_by(seat, card, lead_suit)
        return keep


class SeenOdds(Odds):
    """The same odds in a world where every hand is known (the search's rollouts): a seat
    holds a card or it does not, and the cost is a mask test instead of a table of
    chances."""

    __slots__ = ("_hands",)

    def __init__(self, me: int, trump: int, hands: Sequence[int], needs: Sequence[int]):
        self.trump, self.needs, self._hands = trump, needs, hands
        self._jokers = JOKER_MASK & ~hands[me]

    def holds_any(self, seat: int, mask: int) -> float:
        return 1.0 if self._hands[seat] & mask else 0.0
