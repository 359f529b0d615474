"""Joker's side of the review (ai/review.py) and the coach (ai/coach.py): the facts kept from
each rollout, the mistake threshold, and the lines that say why (keys `joker.review.*` and
`joker.coach.*` in assets/locale/<language>/joker.json)."""

from __future__ import annotations

from game.joker.actions import Bid, ChooseTrump, DealResult, Phase, Play
from game.joker.cards import JOKER_1, RANK_TEXT, RANKS_PER_SUIT, SUIT_LETTERS

from .knowledge import trump_of

#: a move that loses at least this much score a deal on average (and surely, ai/review.py) is a
#: mistake; a made bid is worth 50 + 50·b, a missed one 10 a trick or the khishti (J12–J14)
THRESHOLD = 25.0
#: the worlds of a judgement (ai/judge.py: the coach's and the review's, the same for both):
#: a world costs 1–7 ms (up to fifteen candidates, a bid): 120 take under half a second at most
#: on an idle 2-core machine (and about twice that under load)
JUDGE_WORLDS = 120

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
#: the game's own word for no trump (J5), the same in every language
BEZI = "bezi"


def facts(before, after, player: int) -> tuple:
    """(the seat made its bid exactly,)"""
    deal = next(line for line in reversed(after.sheet) if isinstance(line, DealResult))
    return (deal.bids[player] == deal.tricks[player],)


def card_words(card: int) -> str:
    """"A♠", "10♥"; a joker as its card is printed, "JOKER 1" (red) / "JOKER 2" (black), never
    the file notation "X1" / "X2"."""
    if card >= JOKER_1:
        return f"JOKER {card - JOKER_1 + 1}"
    return RANK_TEXT[card % RANKS_PER_SUIT] + SUIT_SYMBOLS[SUIT_LETTERS[card // RANKS_PER_SUIT]]


def suit_words(suit: int | None) -> str:
    return BEZI if suit is None or suit >= 4 else SUIT_SYMBOLS[SUIT_LETTERS[suit]]


def words(action) -> str:
    if type(action) is Play:
        return card_words(action.card)
    if type(action) is Bid:
        return str(action.n)
    return suit_words(action.suit)


def _percent(rate: float) -> int:
    return round(100 * rate)


def _need(observation) -> int | None:
    bid = observation.bids[observation.player]
    return None if bid is None else bid - observation.tricks_taken[observation.player]


def review_note(observation, played, best, evaluation, names) -> tuple[str, dict]:
    p, b = evaluation.index(played), evaluation.index(best)
    loss, _ = evaluation.gain(b, p)
    rates = {"best": words(best), "played": words(played),
             "best_rate": _percent(evaluation.rate(b)),
             "played_rate": _percent(evaluation.rate(p))}
    if type(best) is Bid:
        return "joker.review.bid", rates
    if type(best) is ChooseTrump:
        return "joker.review.trump", {"best": words(best), "loss": round(loss),
                                      "worlds": evaluation.worlds}
    if _need(observation) == 0 and rates["best_rate"] > rates["played_rate"]:
        return "joker.review.overtake", rates      # J12: one trick more misses the bid (J13)
    if rates["best_rate"] - rates["played_rate"] >= 15:
        return "joker.review.made_rate", rates
    return "joker.review.score", {"best": words(best), "loss": round(loss),
                                  "worlds": evaluation.worlds}


def strong_cards(observation) -> list[int]:
    """The cards that take tricks on their own: jokers, aces, the trump king."""
    trump = trump_of(observation)
    strong = []
    for card in observation.hand:
        if card >= JOKER_1 or card % RANKS_PER_SUIT == RANKS_PER_SUIT - 1:
            strong.append(card)
        elif card // RANKS_PER_SUIT == trump and card % RANKS_PER_SUIT == RANKS_PER_SUIT - 2:
            strong.append(card)
    return sorted(strong, reverse=True)


def coach_reason(observation, legal, action, evaluation, names) -> tuple[str, dict]:
    rate = evaluation.rate(evaluation.index(action)) if evaluation.worlds else 0.0
    counted = {"rate": _percent(rate), "worlds": evaluation.worlds}
    if type(action) is ChooseTrump:
        if action.suit is None or action.suit >= 4:
            return "joker.coach.bezi", {}
        count = sum(1 for card in observation.hand
                    if card < JOKER_1 and card // RANKS_PER_SUIT == action.suit)
        return "joker.coach.trump", {"suit": words(action), "count": count}
    if type(action) is Bid:
        strong = strong_cards(observation)
        if action.n == 0:
            return "joker.coach.bid_zero", counted
        if not strong:
            return "joker.coach.bid_none", {"n": action.n, **counted}
        return "joker.coach.bid", {"n": action.n,
                                   "cards": " ".join(card_words(c) for c in strong), **counted}
    need = _need(observation)
    if observation.phase is Phase.PLAYING and need == 0:
        return "joker.coach.duck", {"card": words(action), **counted}
    if need is not None and need > 0:
        return "joker.coach.need", {"card": words(action), "need": need, **counted}
    return "joker.coach.play", {"card": words(action), **counted}
