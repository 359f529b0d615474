"""What one Joker seat can know, read from its observation: the unseen cards, how many each hidden
hand holds, and what the play revealed (J8/J9: a follower who neither follows nor trumps is void
in the led suit and in trumps; after a joker led "high" a follower's card of that suit was their
highest)."""

from __future__ import annotations

from dataclasses import dataclass

from game.joker.actions import JokerMode, Phase
from game.joker.cards import JOKER_1, PACK_MASK, RANKS_PER_SUIT, SUIT_MASKS
from game.joker.state import FULL_DEAL, NUM_PLAYERS, JokerObservation

NO_TRUMP = 4


@dataclass(frozen=True, slots=True)
class JokerKnowledge:
    player: int
    unseen: int                   # mask: cards that may be in another hand (or undealt)
    #: by seat: how many unseen cards that hand holds (mine: the cards still to come in a
    #: 9-card deal's trump choice, else 0)
    hidden_counts: tuple
    #: by seat: mask of cards the seat cannot hold
    excluded: tuple
    undealt: int                  # unseen cards in no hand (1–8 card deals)
    trump: int                    # suit index, NO_TRUMP for bezi or not yet named
    played: int                   # mask of cards played this deal


def trump_of(observation: JokerObservation) -> int:
    return NO_TRUMP if observation.trump_suit is None else observation.trump_suit


def lead_suit_of(play) -> int:
    return play.suit if play.card >= JOKER_1 else play.card // RANKS_PER_SUIT


def read_knowledge(observation: JokerObservation) -> JokerKnowledge:
    me = observation.player
    trump = trump_of(observation)
    played = 0
    for play in observation.plays:
        played |= 1 << play.card
    mine = 0
    for card in observation.hand:
        mine |= 1 << card
    unseen = PACK_MASK & ~mine & ~played
    if observation.trump_card is not None:
        unseen &= ~(1 << observation.trump_card)
    if observation.phase is Phase.TRUMP_CHOICE:
        counts = [FULL_DEAL] * NUM_PLAYERS
        counts[me] = FULL_DEAL - len(observation.hand)
    else:
        counts = list(observation.hand_sizes)
        counts[me] = 0
    excluded = [0] * NUM_PLAYERS
    plays = observation.plays
    for start in range(0, len(plays), NUM_PLAYERS):
        trick = plays[start:start + NUM_PLAYERS]
        lead = trick[0]
        suit = lead_suit_of(lead)
        lead_high = lead.card >= JOKER_1 and lead.joker is JokerMode.HIGH
        for play in trick[1:]:
            card = play.card
            if card >= JOKER_1:
                continue                       # a joker may always be played: no news
            if card // RANKS_PER_SUIT != suit:
                excluded[play.seat] |= SUIT_MASKS[suit]
                if card // RANKS_PER_SUIT != trump:
                    excluded[play.seat] |= SUIT_MASKS[trump]
            elif lead_high:
                above = SUIT_MASKS[suit] & ~((1 << (card + 1)) - 1)
                excluded[play.seat] |= above
    return JokerKnowledge(player=me, unseen=unseen, hidden_counts=tuple(counts),
                          excluded=tuple(excluded),
                          undealt=unseen.bit_count() - sum(counts), trump=trump, played=played)
