"""Joker card sense shared by the rule-based levels and the search's rollouts: how many tricks a
hand is worth (bidding, J6: a rough count for easy, and normal's fitted estimate and the bid of
best expected score, from ai/joker/bid_model.py), which trump to name from three cards (J5), and
how to play a card to make or avoid tricks (J8–J11). Everything works on bitmask hands, so the
same code reads an observation (normal play) or a full state (rollouts)."""

from __future__ import annotations

from typing import Sequence

from game.joker.actions import CardPlayed, JokerMode, Play
from game.joker.cards import JOKER_1, JOKER_MASK, RANKS_PER_SUIT, SUIT_MASKS
from game.joker.tricks import trick_winner

from . import bid_model
from .odds import Odds, later_seats

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
              partner_need: int = 0, odds: Odds | None = None, keep_jokers: bool = True
              ) -> Play:
    """A card for a player who still `need`s that many tricks (0: bid made, duck; negative or
    more than `tricks_left`: the bid is lost, take what can be taken). `outstanding`: cards that
    may be in the other hands. In pairs (V-J4) `partner` is the partner's seat: a trick the
    partner is winning and still needs is left to them unless every trick is needed.

    With `odds` (normal, from what its seat knows: ai/joker/odds.py) the cards are weighed by
    their chance of holding the trick, and a joker is kept until every trick left is needed
    (played under, it can still duck a trick the plain cards would take); without (easy, and
    the plain style) the plainer rules of before. `keep_jokers` False: the jokers are
    not kept for the tricks still needed but taken when short, as the rules of before did (the
    "plain" style of ai/joker/styles.py)."""
    if len(legal) == 1:
        return legal[0]
    want = need != 0  # a lost bid still scores 10 a trick (J13): take them
    # the tricks still needed are in the jokers held: keep them for it and duck the rest
    reserve = keep_jokers and 0 < need <= _sure_tricks(hand, trump, outstanding) \
        and need < tricks_left
    if reserve:
        want = False
    if not trick:
        if reserve and any(p.card < JOKER_1 for p in legal):
            legal = [p for p in legal if p.card < JOKER_1]
        if odds is not None:
            return _lead_odds(legal, hand, trump, need, tricks_left, outstanding, want, odds,
                              seat)
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
    if odds is not None:
        return _follow_odds(legal, winners, losers, hand, trick, seat, lead_suit, trump, need,
                            tricks_left, want, reserve, odds)
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
    return _duck(legal, winners, losers, trump, reserve, last)


def _duck(legal: Sequence[Play], winners: list, losers: list, trump: int, reserve: bool,
          last: bool, chance: dict | None = None) -> Play:
    """A card for a trick not wanted: the highest card that loses, else (a joker kept for a
    trick) the cheapest winner, else the joker thrown under, else the card likeliest to be
    beaten by those still to play: by its `chance` of holding the trick when the odds are
    known (normal), else the lowest. The last to play takes it with the highest."""
    plain_winners = [p for p in winners if p.card < JOKER_1]
    plain_losers = [p for p in losers if p.card < JOKER_1]
    if plain_losers:
        return max(plain_losers, key=_plain_order(trump))
    if reserve:
        # nothing loses but a joker kept for a trick: take this one as cheaply as can be
        if plain_winners:
            return min(plain_winners, key=_plain_order(trump))
        return next((p for p in winners if p.joker is HIGH), legal[0])
    under = [p for p in losers if p.joker is UNDER]
    if under:
        return under[0]
    if last:
        return max(plain_winners or winners, key=_plain_order(trump))
    if chance is None:
        return min(plain_winners or winners, key=_plain_order(trump))
    if plain_winners:
        return min(plain_winners, key=lambda p: (round(chance[p.card], 3), _rank(p.card)))
    return winners[0]


def _sure_tricks(hand: int, trump: int, outstanding: int) -> int:
    """Tricks the hand can take whenever it likes: its jokers, and its trumps from the top
    down while no higher trump is still out."""
    sure = (hand & JOKER_MASK).bit_count()
    if trump == NO_TRUMP:
        return sure
    for rank in range(RANKS_PER_SUIT - 1, -1, -1):
        card = trump * RANKS_PER_SUIT + rank
        if hand >> card & 1:
            sure += 1
        elif outstanding >> card & 1:
            break
    return sure


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


#: normal leads a card that is not a sure trick (a boss trump) when it holds the trick at
#: least this often; else a boss trump, else (every trick left needed) a joker, else low
LEAD_CHANCE = 0.65
#: winners within this chance of the best one are as good: the cheapest of them is played
CHANCE_SLACK = 0.05


def _lead_odds(legal: Sequence[Play], hand: int, trump: int, need: int, tricks_left: int,
               outstanding: int, want: bool, odds: Odds, seat: int) -> Play:
    plain = [p for p in legal if p.card < JOKER_1]
    jokers = [p for p in legal if p.card >= JOKER_1]
    later = later_seats(seat, 0)
    chance = {p.card: odds.holds(p.card, p.card // RANKS_PER_SUIT, later) for p in plain}
    if want:
        unsure = [p for p in plain if not (p.card // RANKS_PER_SUIT == trump
                                           and _is_boss(p.card, outstanding))]
        if unsure:
            best = max(unsure, key=lambda p: (chance[p.card], -_rank(p.card)))
            if chance[best.card] >= LEAD_CHANCE:
                return best
        sure = [p for p in plain if p not in unsure]
        if sure:
            return sure[0]
        if jokers and (not plain or need >= tricks_left):
            # lead "high" in the suit where it draws the card above ours, or in trumps
            return max((p for p in jokers if p.joker is HIGH),
                       key=lambda p: (_joker_draw(p.suit, hand, trump, outstanding), -p.suit))
        if plain:
            # no likely trick: lead low from the shortest side suit, to ruff it later
            return min(plain, key=lambda p: (p.card // RANKS_PER_SUIT == trump,
                                             suit_count(hand, p.card // RANKS_PER_SUIT),
                                             _rank(p.card)))
        return legal[0]
    # duck: lead the card least likely to hold the trick (a small trump too)
    if plain:
        return min(plain, key=lambda p: (round(chance[p.card], 3),
                                         p.card // RANKS_PER_SUIT == trump, _rank(p.card)))
    takes = [p for p in jokers if p.joker is TAKES]
    return max(takes, key=lambda p: (suit_count(outstanding, p.suit), p.suit != trump))


def _follow_odds(legal: Sequence[Play], winners: list, losers: list, hand: int,
                 trick: Sequence[CardPlayed], seat: int, lead_suit: int, trump: int, need: int,
                 tricks_left: int, want: bool, reserve: bool, odds: Odds) -> Play:
    later = later_seats(seat, len(trick))
    plain_winners = [p for p in winners if p.card < JOKER_1]
    plain_losers = [p for p in losers if p.card < JOKER_1]
    chance = {p.card: odds.holds(p.card, lead_suit, later) if later else 1.0
              for p in plain_winners}
    high = [p for p in winners if p.joker is HIGH]
    if want:
        if plain_winners:
            best = max(chance.values())
            if high and need >= tricks_left and best < 0.95:
                return high[0]
            return min((p for p in plain_winners if chance[p.card] >= best - CHANCE_SLACK),
                       key=_plain_order(trump))
        if high and need >= tricks_left:
            return high[0]
        # a joker is a trick whenever it is wanted, and a duck when it is not: keep it
        return _discard(plain_losers or losers, hand, trump)
    return _duck(legal, winners, losers, trump, reserve, not later, chance)


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



# --- bidding by a fitted estimate (normal, and the search's rollouts) -----------------------

def bid_features(hand: int, trump: int, cards: int, position: int, bids_before: Sequence[int]
                 ) -> list[float]:
    """What a hand's tricks depend on, as numbers (the estimate is a weighted sum of them,
    fitted by benchmarks/joker_bid_fit.py): jokers; trumps by rank and length; side aces, kings
    and queens by the length of their suit; void and single side suits a trump can ruff; the
    seat's place in the bidding (0 leads the first trick, 3 is the dealer); how far the bids
    already made exceed an even share of the tricks."""
    bezi = trump == NO_TRUMP
    trumps = 0 if bezi else suit_count(hand, trump)
    chunk_t = 0 if bezi else (hand >> (trump * RANKS_PER_SUIT)) & 511
    side_ace = side_king_long = side_king_single = side_queen_long = side_queen_short = 0
    ace_king = voids = singles = 0
    for suit in range(4):
        if suit == trump:
            continue
        chunk = (hand >> (suit * RANKS_PER_SUIT)) & 511
        length = chunk.bit_count()
        if not length:
            voids += 1
            continue
        if length == 1:
            singles += 1
        ace, king, queen = chunk >> 8 & 1, chunk >> 7 & 1, chunk >> 6 & 1
        side_ace += ace
        side_king_long += king and length >= 2
        side_king_single += king and length == 1
        side_queen_long += queen and length >= 3
        side_queen_short += queen and length < 3
        ace_king += ace and king
    ruffs = min(trumps, voids) if cards >= 3 else 0
    ruffs_single = min(max(0, trumps - ruffs), singles) if cards >= 3 else 0
    excess = sum(bids_before) - cards * len(bids_before) / 4
    return [1.0, (hand & JOKER_MASK).bit_count(),
            chunk_t >> 8 & 1, chunk_t >> 7 & 1, chunk_t >> 6 & 1, chunk_t >> 5 & 1,
            chunk_t >> 4 & 1, (chunk_t & 15).bit_count(), max(0, trumps - 3),
            side_ace, side_king_long, side_king_single, side_queen_long, side_queen_short,
            ace_king, ruffs, ruffs_single,
            position == 0, position == 3, excess, bezi]



def fitted_estimate(features: Sequence[float], cards: int) -> float:
    """The fitted trick estimate (ai/joker/bid_model.py)."""
    weights = bid_model.WEIGHTS[cards]
    return min(float(cards), max(0.0, sum(w * f for w, f in zip(weights, features))))


def exact_rate(bid: int, estimate: float, cards: int) -> float:
    """How often the fitted tables say a bid this far from the estimate is made exactly."""
    span = bid_model.SPAN
    step = round(2 * (bid - estimate))
    if abs(step) > span:
        return 0.0                          # further than the fit saw: never made
    return (bid_model.EXACT if bid else bid_model.EXACT_NIL)[cards][step + span]


def bid_value(bid: int, estimate: float, cards: int, khishti: int) -> float:
    """The expected deal score of `bid` for a hand whose fitted estimate is `estimate`: made
    (J12) as often as the fitted tables say bids that far from the estimate are, khishti (J14)
    as often as they take nothing, else ten a trick (J13)."""
    span = bid_model.SPAN
    step = max(-span, min(span, round(2 * (bid - estimate))))
    exact = exact_rate(bid, estimate, cards)
    nothing = bid_model.KHISHTI[cards][step + span] if bid else 0.0
    made = 100 * cards if bid == cards else 50 + 50 * bid
    missed = 10 * max(1.0 if bid == 0 else 0.0, estimate)
    return exact * made + nothing * khishti + max(0.0, 1 - exact - nothing) * missed


def best_bid(estimate: float, cards: int, allowed: Sequence[int], khishti: int,
             premium: tuple[float, float, float] = (0.0, 0.0, 0.0)) -> int:
    """The allowed bid of best expected score (ties: the smaller). `premium`: (the best score
    of the pulka so far, what the others lose to a premium a seat, the odds of making the rest
    of the pulka) when its premium is still in reach (J15): a made bid then also keeps it,
    worth the better of that best score and this bid's, and the others' loss, at those
    odds."""
    best_so_far, erased, odds = premium

    def value(bid: int) -> float:
        plain = bid_value(bid, estimate, cards, khishti)
        if not odds:
            return plain
        made = 100 * cards if bid == cards else 50 + 50 * bid
        return plain + odds * (max(best_so_far, made) + erased) * exact_rate(bid, estimate,
                                                                             cards)

    return max(allowed, key=lambda n: (value(n), -n))
