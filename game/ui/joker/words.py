"""How the Joker table writes suits, trump and joker plays (through t(), with the Georgian
terms next to the English)."""

from __future__ import annotations

from game.joker.actions import Bid, ChooseTrump
from game.joker.cards import RANK_TEXT, RANKS_PER_SUIT, SUIT_LETTERS, is_joker

from pygame_gui.core import ObjectID

from ..cards import SUIT_SYMBOL
from ..i18n import number, t
from ..move_words import GameWords, game_over_words, names_of
from ..look import suit_button_id

MODE_KEYS = ("high", "takes", "under")   # JokerMode order


def suit_symbol(suit: int) -> str:
    return SUIT_SYMBOL[SUIT_LETTERS[suit]]


def suit_button(suit: int, words: bool = False) -> ObjectID:
    """The theme of a button naming a suit: a light face, the suit in its deck colour (red and
    black, or the four-colour deck); `words` for a button that also names it."""
    return ObjectID(object_id=suit_button_id(SUIT_LETTERS[suit]),
                    class_id="@suit_word" if words else "@suit")


def suit_words(suit: int) -> str:
    """"♥ hearts"."""
    return f"{suit_symbol(suit)} {t(f'joker.suit.{suit}')}"


def trump_words(suit: int | None) -> str:
    """"♥ hearts", or "ბეზი (no trump)"."""
    if suit is None:
        return t("joker.trump.bezi_words")
    return suit_words(suit)


def card_words(card: int) -> str:
    """"A♥", "10♠", or "joker"."""
    if is_joker(card):
        return t("joker.card.joker")
    suit, rank = divmod(card, RANKS_PER_SUIT)
    return f"{RANK_TEXT[rank]}{suit_symbol(suit)}"


def joker_words(play) -> str:
    """"high ♥", "takes ♠", "high", "under" (J9, J10)."""
    word = t(f"joker.mode.{MODE_KEYS[play.joker]}")
    if play.suit is not None:
        return f"{word} {suit_symbol(play.suit)}"
    return word


def move_words(action) -> str:
    """A move in a few words (the Review screen's list): "Bid 2", "Trump: ♥ hearts", "A♥",
    "joker high ♠"."""
    if isinstance(action, Bid):
        return t("joker.seat.bid_bubble", n=action.n)
    if isinstance(action, ChooseTrump):
        return t("joker.move.trump", trump=trump_words(action.suit))
    if action.joker is not None:
        return f"{card_words(action.card)} {joker_words(action)}"
    return card_words(action.card)


#: refusal parameters (game.joker.actions.REFUSAL_CODES) in words, by parameter name
REFUSAL_PARAM_WORDS = {"card": card_words, "suit": suit_words, "trump": suit_words}


def deal_words(event, names: list[str]) -> str:
    """"Deal 5 of 24 · 5 cards · dealer Levan · trump card 7♥"."""
    parts = [t("move_log.joker.deal_one", number=event.deal_number) if event.cards == 1
             else t("move_log.joker.deal", number=event.deal_number, cards=event.cards),
             t("move_log.dealer", name=names[event.dealer])]
    if event.trump_card is not None:
        parts.append(t("move_log.trump_card", card=card_words(event.trump_card)))
    return " · ".join(parts)


def deal_end_words(event, names: list[str]) -> str:
    scores = " · ".join(f"{names[player]} {number(score, signed=True)}"
                        for player, score in enumerate(event.scores))
    return t("move_log.joker.scored", number=event.deal_number, scores=scores)


#: the move log's words (game/ui/move_words.py)
WORDS = GameWords(
    move=move_words,
    deal=deal_words,
    events={
        "deal_end": deal_end_words,
        "game_over": game_over_words,
        "trick": lambda e, names: t("joker.table.takes_trick", name=names[e.winner]),
        "premium": lambda e, names: (t("joker.table.premium", pulka=e.pulka,
                                       names=names_of(e.premium, names))
                                     if e.premium else t("move_log.joker.no_premium",
                                                         pulka=e.pulka)),
    },
    told=("trick", "premium"))
