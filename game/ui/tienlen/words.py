"""Tiến Lên in words on the table: combinations, why a selection cannot be played, instant wins.

Every string goes through t(); the engine's own messages are for logs and replays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.core.errors import IllegalAction
from game.tienlen.actions import Leave, Play, TienLenObservation
from game.tienlen.cards import RANK_TEXT, cards_of, describe, pretty
from game.tienlen.combos import (FOUR_OF_A_KIND, FOUR_PAIRS, PAIR, PAIR_RUN, QUAD, SINGLE,
                                 STRAIGHT, THREE_PAIRS, TRIPLE, Combo, classify, is_chop)

from ..i18n import number, t
from ..move_words import GameWords
from ..refusals import refusal_words

#: pair runs by their number of pairs (3, 4 or 5)
_PAIRS_WORD = {3: "three", 4: "four", 5: "five"}


def rank_plural(rank: int) -> str:
    """"7s", "aces" ... (ranks are the engine's indexes: 0 is the 3, 12 is the 2)."""
    return t(f"tienlen.rank_plural.{RANK_TEXT[rank]}")


def combo_name(combo: Combo, chop: bool = False) -> str:
    """"Straight 5–9", "Pair of 2s", "Four of a kind — chặt!" (a chop names only its kind)."""
    kind, top = combo.kind, combo.top
    rank = top >> 2
    if kind == SINGLE:
        return t("tienlen.combo.single", card=pretty(top))
    if kind == PAIR:
        return t("tienlen.combo.pair", ranks=rank_plural(rank))
    if kind == TRIPLE:
        return t("tienlen.combo.triple", ranks=rank_plural(rank))
    if kind == QUAD:
        return t("tienlen.combo.quad_chop") if chop else t("tienlen.combo.quad",
                                                           ranks=rank_plural(rank))
    low = cards_of(combo.mask)[0] >> 2
    if kind == STRAIGHT:
        return t("tienlen.combo.straight", low=RANK_TEXT[low], high=RANK_TEXT[rank])
    assert kind == PAIR_RUN
    pairs = _PAIRS_WORD[combo.size // 2]
    if chop:
        return t(f"tienlen.combo.{pairs}_pairs_chop")
    return t(f"tienlen.combo.{pairs}_pairs", low=RANK_TEXT[low], high=RANK_TEXT[rank])


#: the bombs left in a hand, by combo type, as the payment table names them (T14)
_BOMB_WORD = {THREE_PAIRS: "three_pairs", FOUR_OF_A_KIND: "four_of_a_kind",
              FOUR_PAIRS: "four_pairs"}


def reason_words(reason) -> str:
    """One part of a payment (payments.Reason): "3♠ counts 10", "2♥ counts 20"."""
    if reason.kind == "cards":
        return (t("tienlen.why.cards_one") if reason.value == 1
                else t("tienlen.why.cards", count=reason.value))
    if reason.kind == "two":
        return t("tienlen.why.two", card=pretty(reason.card), value=reason.value)
    if reason.kind == "bomb":
        return t(f"tienlen.why.bomb.{_BOMB_WORD[reason.bomb]}", value=reason.value)
    return t(f"tienlen.why.{reason.kind}", value=reason.value)


def payment_words(row) -> str:
    """Why a loser pays what they pay: "5 cards + 3♠ counts 10 + 2♥ counts 20 = 35"."""
    if row.place is not None and row.reasons and row.reasons[0].kind == "place":
        return reason_words(row.reasons[0])         # V-T1: the place says it
    return t("tienlen.why.total", parts=" + ".join(reason_words(r) for r in row.reasons),
             total=row.penalty)


def describe_play(observation: TienLenObservation, cards: tuple[int, ...]) -> str:
    """The name of a combination as played on the table the observation shows (chop or not)."""
    combo = classify(cards)
    if combo is None:
        return describe(cards)
    table = classify(observation.table_cards) if observation.table_cards else None
    return combo_name(combo, chop=table is not None and is_chop(combo, table))


def move_words(action) -> str:
    """A move in a few words (the Review screen's list): the cards "5♠ 5♥", "Pass", or
    "leaves the table" (T16)."""
    if isinstance(action, Play):
        return describe(action.cards)
    if isinstance(action, Leave):
        return t("tienlen.move.leave")
    return t("table.pass")


def combination_words(cards: tuple[int, ...]) -> str:
    """"Pair of 9s", or the cards themselves when they are no combination."""
    combo = classify(cards)
    return combo_name(combo) if combo else describe(cards)


@dataclass(frozen=True)
class Verdict:
    """What the Play button says about the selected cards."""
    play: Play | None           # the legal Play, or None: the button is disabled
    label: str                  # "Play: Four of a kind — chặt!" (the sentence, e.g. for a log)
    reason: str = ""            # why the selection cannot be played, in words
    what: str = ""              # the selection's name when it can be played


def judge_selection(observation: TienLenObservation, legal: list,
                    refusal: Callable[[Play], IllegalAction | None],
                    selected: tuple[int, ...]) -> Verdict:
    """Is the selection a legal play for the observing player now? Says what it is, or why not:
    the reason is the engine's own refusal (`refusal`, e.g. TableController.refusal), translated."""
    if not selected:
        return Verdict(None, t("tienlen.play"))
    play = Play(tuple(sorted(selected)))
    if play in legal:
        what = describe_play(observation, play.cards)
        return Verdict(play, t("tienlen.play_what", what=what), what=what)
    refused = refusal(play)
    reason = refusal_words(refused) if refused else t("tienlen.why.not_now")
    return Verdict(None, t("tienlen.play"), reason)


def may_rechop(observation, player: int) -> bool:
    """T9: a player who passed this round and is to move may come back with four pairs."""
    return bool(observation.table_cards and player in observation.passed
                and observation.current_player == player)


def rechop_words(observation, seat: bool) -> str:
    """What a passed player may still do (T9; V-T6 any_bomb: any bomb), at the seat or above
    the fan."""
    bomb = observation.options.comeback == "any_bomb"
    if seat:
        return t("tienlen.may_comeback_seat" if bomb else "tienlen.may_rechop_seat")
    return t("tienlen.do.comeback" if bomb else "tienlen.do.rechop")


def lead_words(observation) -> str:
    """The leader's instruction: the card the play must hold (T7; every game under V-T7)."""
    card = observation.must_include
    if card is None:
        return t("tienlen.do.lead")
    if observation.game > 1:                    # V-T7 three_spades: again in every game
        return t("tienlen.do.every_game", number=observation.game, card=pretty(card))
    return t("tienlen.do.first", card=pretty(card))


def instant_win_name(win: str) -> str:
    return t(f"tienlen.instant.{win}")


#: refusal parameters (game.tienlen.actions.REFUSAL_CODES) in words, by parameter name
REFUSAL_PARAM_WORDS = {"card": pretty, "cards": describe, "play": combination_words,
                       "table": combination_words}


def logged_move(action) -> str:
    """A play by its combination ("Pair of 9s": the log draws its cards beside it)."""
    return combination_words(action.cards) if isinstance(action, Play) else move_words(action)


def deal_words(event, names: list[str]) -> str:
    """A game's header: "Game 2 · Chi leads"."""
    return " · ".join((t("tienlen.move.deal", number=event.game),
                       t("move_log.leads", name=names[event.leader])))


def game_end_words(event, names: list[str]) -> str:
    if event.winner is None:
        return t("move_log.tienlen.dead_end")
    return t("move_log.tienlen.won", name=names[event.winner])


#: the move log's words (game/ui/move_words.py)
WORDS = GameWords(
    move=move_words,
    logged_move=logged_move,
    deal=deal_words,
    events={
        "deal_end": game_end_words,
        "instant": lambda e, names: t("tienlen.instant_detail", name=names[e.winner],
                                      win=instant_win_name(e.win)),
        "chop": lambda e, names: t("tienlen.chop_log", title=t("tienlen.chop_title"),
                                   chopper=names[e.chopper], chopped=names[e.chopped],
                                   cards=e.cards),
        "chop_paid": lambda e, names: t("tienlen.chop_paid", payer=names[e.payer],
                                        receiver=names[e.receiver], gold=number(e.gold)),
        "round_end": lambda e, names: t("tienlen.new_round", name=names[e.leader]),
        "out": lambda e, names: t("tienlen.out", name=names[e.player], place=e.place),
        "cong": lambda e, names: t("tienlen.cong_paid", payer=names[e.payer],
                                   receiver=names[e.receiver], gold=number(e.gold)),
    },
    marked=("instant", "chop", "out", "cong"),
    told=("round_end", "chop_paid"))
