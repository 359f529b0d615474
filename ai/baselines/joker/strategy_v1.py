"""FROZEN: the Joker card sense of normal-v1 and hard-v1 (the frozen baselines), a copy of
ai/joker/strategy.py as it stood when they were frozen. Do not change it: the levels measured
against it must stay the same opponent (tests/test_ai_baselines.py pins their choices). The live
levels use ai/joker/strategy.py."""

from __future__ import annotations

from typing import Sequence

from game.joker.actions import CardPlayed, JokerMode, Play
from game.joker.cards import JOKER_1, JOKER_MASK, RANKS_PER_SUIT, SUIT_MASKS
from game.joker.tricks import trick_winner

NO_TRUMP = 4
HIGH, TAKES, UNDER = JokerMode.HIGH, JokerMode.TAKES, JokerMode.UNDER
#: chance a trump of each rank (6 … A) takes a trick, before length is counted
TRUMP_VALUE = (0.12, 0.15, 0.2, 0.25, 0.3, 0.45, 0.6, 0.8, 0.95)
#: the same for a plain card by rank, with a suit of one, two, three or more cards
SIDE_VALUE = {8: (0.75, 0.8, 0.8), 7: (0.2, 0.45, 0.5), 6: (0.0, 0.1, 0.25)}
BEZI_ACE, BEZI_KING = 0.9, 0.55


def suit_count(mask: int, suit: int) -> int:
    return (mask & SUIT_MASKS[suit]).bit_count()


def estimate_tricks(hand: int, trump: int, cards: int) -> float:
    """Expected tricks of a hand of `cards` cards (a crude but honest count: jokers are sure
    tricks, high trumps nearly so, side aces often, short suits let small trumps ruff)."""
    tricks = 0.95 * (hand & JOKER_MASK).bit_count()
    trumps = suit_count(hand, trump) if trump != NO_TRUMP else 0
    trump_tricks = 0.0
    for suit in range(4):
        chunk = (hand >> (suit * RANKS_PER_SUIT)) & 511
        length = chunk.bit_count()
        if not length:
            continue
        if suit == trump:
            for rank in range(RANKS_PER_SUIT):
                if chunk >> rank & 1:
                    trump_tricks += TRUMP_VALUE[rank]
            continue
        for rank in (8, 7, 6):
            if chunk >> rank & 1:
                if trump == NO_TRUMP:
                    tricks += BEZI_ACE if rank == 8 else BEZI_KING if rank == 7 and length > 1 \
                        else SIDE_VALUE[rank][min(length, 3) - 1]
                else:
                    tricks += SIDE_VALUE[rank][min(length, 3) - 1]
    # long trumps: beyond the third, each small trump is nearly a trick
    if trumps > 3:
        trump_tricks += 0.45 * (trumps - 3)
    # short side suits let spare trumps ruff
    if trumps:
        spare = max(0, trumps - round(trump_tricks))
        shortness = sum(1 for s in range(4) if s != trump and cards >= 3
                        and suit_count(hand, s) == 0)
        trump_tricks += 0.35 * min(spare, shortness)
    tricks += trump_tricks
    if cards <= 2:
        tricks *= 0.85  # few cards: a lone high card is often not in the led suit
    return min(float(cards), tricks)


def choose_bid(estimate: float, allowed: Sequence[int]) -> int:
    """The allowed bid nearest the estimate (the dealer may be barred from one, J6)."""
    return min(allowed, key=lambda n: (abs(n - estimate), n))


def choose_trump_suit(first_three: Sequence[int]) -> int | None:
    """J5: name trump from three cards: the suit with most (and highest) cards; no trump (bezi)
    when three different suits show only aces, kings and jokers."""
    best, best_score = None, 0.0
    high_cards = 0
    for suit in range(4):
        cards = [c for c in first_three if c < JOKER_1 and c // RANKS_PER_SUIT == suit]
        score = 10 * len(cards) + sum(c % RANKS_PER_SUIT for c in cards)
        high_cards += sum(1 for c in cards if c % RANKS_PER_SUIT >= 7)
        if score > best_score:
            best, best_score = suit, score
    high_cards += sum(1 for c in first_three if c >= JOKER_1)
    if best is None or (best_score < 20 and high_cards == len(first_three)):
        return None
    return best


# --- play -----------------------------------------------------------------------------------

def _wins_now(trick: Sequence[CardPlayed], play: Play, seat: int, lead_suit: int, trump: int,
              trump_beats_high_joker_lead: bool) -> bool:
    if not trick:
        return True
    plays = list(trick)
    plays.append(CardPlayed(seat, play.card, play.joker, play.suit))
    suit = lead_suit
    return trick_winner(plays, suit, trump, trump_beats_high_joker_lead) == len(trick)


def _is_boss(card: int, outstanding: int) -> bool:
    """No card still out there is higher in this card's suit."""
    suit_mask = SUIT_MASKS[card // RANKS_PER_SUIT]
    return not (outstanding & suit_mask & ~((1 << (card + 1)) - 1))


def _rank(card: int) -> int:
    return card % RANKS_PER_SUIT


def play_card(legal: Sequence[Play], hand: int, trick: Sequence[CardPlayed], seat: int,
              lead_suit: int, trump: int, need: int, tricks_left: int, outstanding: int,
              trump_beats_high_joker_lead: bool = False, partner: int | None = None,
              partner_need: int = 0) -> Play:
    """A card for a player who still `need`s that many tricks (0: bid made, duck; negative or
    more than `tricks_left`: the bid is lost, take what can be taken). `outstanding`: cards that
    may be in the other hands. In pairs (V-J4) `partner` is the partner's seat: a trick the
    partner is winning and still needs is left to them unless every trick is needed."""
    if len(legal) == 1:
        return legal[0]
    want = need != 0  # a lost bid still scores 10 a trick (J13): take them
    if not trick:
        return _lead(legal, hand, trump, need, tricks_left, outstanding, want)
    if want and partner is not None and partner_need > 0 and need < tricks_left and \
            trick[trick_winner(list(trick), lead_suit, trump,
                               trump_beats_high_joker_lead)].seat == partner:
        want = False  # the partner's trick: throw a card that does not take it from them
    winners, losers = [], []
    for play in legal:
        if play.joker is UNDER:
            losers.append(play)
        elif _wins_now(trick, play, seat, lead_suit, trump, trump_beats_high_joker_lead):
            winners.append(play)
        else:
            losers.append(play)
    last = len(trick) == 3
    plain_winners = [p for p in winners if p.card < JOKER_1]
    plain_losers = [p for p in losers if p.card < JOKER_1]
    if want:
        if plain_winners:
            if last:
                return min(plain_winners, key=_plain_order(trump))
            safe = [p for p in plain_winners if _is_boss(p.card, outstanding)]
            if safe:
                return min(safe, key=_plain_order(trump))
            joker = [p for p in winners if p.joker is HIGH]
            if joker and need >= tricks_left:
                return joker[0]
            return max(plain_winners, key=_plain_order(trump))
        joker = [p for p in winners if p.joker is HIGH]
        if joker:
            return joker[0]
        return _discard(plain_losers or losers, hand, trump)
    # duck: the highest card that loses, else the joker thrown under, else the lowest
    if plain_losers:
        return max(plain_losers, key=_plain_order(trump))
    under = [p for p in losers if p.joker is UNDER]
    if under:
        return under[0]
    if last:
        return max(plain_winners or winners, key=_plain_order(trump))
    return min(plain_winners or winners, key=_plain_order(trump))


def _plain_order(trump: int):
    """Cheapest first: side cards before trumps, low ranks before high."""
    return lambda play: (play.card >= JOKER_1, play.card // RANKS_PER_SUIT == trump,
                         _rank(play.card) if play.card < JOKER_1 else 9)


def _discard(plays: Sequence[Play], hand: int, trump: int) -> Play:
    """The least useful card: low, from a short side suit (making a void to ruff later)."""
    plain = [p for p in plays if p.card < JOKER_1]
    if not plain:
        return plays[0]
    return min(plain, key=lambda p: (p.card // RANKS_PER_SUIT == trump, _rank(p.card),
                                     suit_count(hand, p.card // RANKS_PER_SUIT)))


def _lead(legal: Sequence[Play], hand: int, trump: int, need: int, tricks_left: int,
          outstanding: int, want: bool) -> Play:
    plain = [p for p in legal if p.card < JOKER_1]
    jokers = [p for p in legal if p.card >= JOKER_1]
    if want:
        bosses = [p for p in plain if _is_boss(p.card, outstanding)]
        side_bosses = [p for p in bosses if p.card // RANKS_PER_SUIT != trump]
        if side_bosses:
            # the side suit where others hold most cards: least likely to be ruffed
            return max(side_bosses, key=lambda p: suit_count(outstanding,
                                                             p.card // RANKS_PER_SUIT))
        if bosses:
            return bosses[0]
        if jokers:
            # lead "high" in the suit where it draws the card above ours, or in trumps
            return max((p for p in jokers if p.joker is HIGH),
                       key=lambda p: (_joker_draw(p.suit, hand, trump, outstanding), -p.suit))
        if plain:
            # no sure trick: lead low from the shortest side suit, to ruff it later
            return min(plain, key=lambda p: (p.card // RANKS_PER_SUIT == trump,
                                             suit_count(hand, p.card // RANKS_PER_SUIT),
                                             _rank(p.card)))
        return legal[0]
    # duck: lead the card most likely to be beaten
    if plain:
        return max(plain, key=lambda p: (p.card // RANKS_PER_SUIT != trump,
                                         _higher_out(p.card, outstanding), -_rank(p.card)))
    takes = [p for p in jokers if p.joker is TAKES]
    return max(takes, key=lambda p: (suit_count(outstanding, p.suit), p.suit != trump))


def _higher_out(card: int, outstanding: int) -> int:
    return (outstanding & SUIT_MASKS[card // RANKS_PER_SUIT] & ~((1 << (card + 1)) - 1)
            ).bit_count()


def _joker_draw(suit: int, hand: int, trump: int, outstanding: int) -> float:
    """How good it is to lead a joker high in `suit`: draw out the one card above our best."""
    mine = hand & SUIT_MASKS[suit]
    if not mine:
        return 1.0 if suit == trump else 0.0
    best = mine.bit_length() - 1
    above = _higher_out(best, outstanding)
    return 3.0 if above == 1 else 2.0 if suit == trump else 1.5 if above == 0 else 0.5

