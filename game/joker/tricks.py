"""One trick: what a follower may play (J8, J9) and who takes it (J11).

Pure functions over bitmask hands, shared by the state (hot path) and its refusals.
"""

from __future__ import annotations

from typing import Sequence

from ..core.errors import IllegalAction
from .actions import CardPlayed, JokerMode
from .cards import (JOKER_1, JOKER_MASK, SUIT_MASKS, SUIT_NAMES, SUIT_SINGULAR, card_text,
                    highest_card)

HIGH = JokerMode.HIGH


def follow_mask(hand: int, lead_suit: int, lead_high: bool, trump: int) -> int:
    """The cards of `hand` a follower may play. `lead_high`: a joker was led "high" in
    `lead_suit`, so the highest card of that suit is due (J9); otherwise the suit is simply
    followed (J8, and a joker led "takes"). A joker may always be played."""
    suited = hand & SUIT_MASKS[lead_suit]
    if suited:
        if lead_high:
            return (1 << (suited.bit_length() - 1)) | (hand & JOKER_MASK)
        return suited | (hand & JOKER_MASK)
    trumps = hand & SUIT_MASKS[trump]
    if trumps:
        return trumps | (hand & JOKER_MASK)
    return hand


def follow_refusal(hand: int, lead_suit: int, lead_high: bool, trump: int) -> IllegalAction:
    """The refusal of a follower's card that `follow_mask` does not allow (J8, J9)."""
    suited = hand & SUIT_MASKS[lead_suit]
    if suited and lead_high:
        highest = highest_card(suited)
        return IllegalAction(
            f"the joker was led high in {SUIT_NAMES[lead_suit]}: you must play your highest "
            f"{SUIT_SINGULAR[lead_suit]}, {card_text(highest)} (or a joker)",
            code="must_play_highest", suit=lead_suit, card=highest)
    if suited:
        return IllegalAction(f"you hold {SUIT_NAMES[lead_suit]} and must follow suit",
                             code="must_follow_suit", suit=lead_suit)
    return IllegalAction(
        f"you have no {SUIT_NAMES[lead_suit]} but hold trumps ({SUIT_NAMES[trump]}): you must "
        f"play a trump (or a joker)", code="must_trump", suit=lead_suit, trump=trump)


def trick_winner(plays: Sequence[CardPlayed], lead_suit: int, trump: int,
                 trump_beats_high_joker_lead: bool) -> int:
    """J11: the index in `plays` (lead first) of the card that takes the trick."""
    last_high_joker = -1
    for index, play in enumerate(plays):
        if play.joker is HIGH:
            last_high_joker = index
    trump_mask = SUIT_MASKS[trump]
    if last_high_joker > 0:
        return last_high_joker
    if last_high_joker == 0:
        # A joker led high wins, unless the option lets a trump of a void player beat it; any
        # trump played is such a trump, since the named suit is not trump.
        if not (trump_beats_high_joker_lead and trump_mask and lead_suit != trump
                and any(trump_mask >> p.card & 1 for p in plays)):
            return 0
    best, best_card = -1, -1
    for index, play in enumerate(plays):
        if trump_mask >> play.card & 1 and play.card > best_card:
            best, best_card = index, play.card
    if best >= 0:
        return best
    # No trump: the highest card of the led suit. A joker led "takes" is that suit's lowest card.
    best, best_card = 0, (-1 if plays[0].card >= JOKER_1 else plays[0].card)
    suit_mask = SUIT_MASKS[lead_suit]
    for index in range(1, len(plays)):
        card = plays[index].card
        if suit_mask >> card & 1 and card > best_card:
            best, best_card = index, card
    return best
