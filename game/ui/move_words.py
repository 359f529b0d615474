"""Moves and the deal's story in the player's language: one place for the words of a move (the
Review screen's list and the table's move log both use them) and for each line of the move log
(game/controller/story.py tells the lines, game/ui/move_log.py draws them)."""

from __future__ import annotations

from game.controller.story import Line
from game.domino.tiles import tile_text
from game.tienlen.actions import Play as TienLenPlay

from .domino.words import move_words as domino_move
from .i18n import number, t
from .joker.words import card_words, move_words as joker_move
from .tienlen.words import combination_words, instant_win_name, move_words as tienlen_move

#: a move in a few words, by game: "6-4 on the left", "5♠ 5♥", "Bid 2", "Pass"
MOVE_WORDS = {"domino": domino_move, "tienlen": tienlen_move, "joker": joker_move}


def move_words(game: str, action) -> str:
    return MOVE_WORDS[game](action)


def line_words(game: str, line: Line, names: list[str]) -> str:
    """A line of the move log: "Budi: 6-4 on the left", "Everyone passed: An leads a new
    round", "Levan takes the trick"."""
    if line.kind == "deal":
        return deal_words(game, line.event, names)
    if line.kind == "move":
        return t("move_log.line", name=names[line.player], move=logged_move(game, line.action))
    if line.kind == "misplay":
        return t("move_log.misplay", name=names[line.player], tile=tile_text(line.event.tile),
                 penalty=abs(line.event.penalty))
    return EVENT_WORDS[line.kind](game, line.event, names)


def logged_move(game: str, action) -> str:
    """The move as the log says it; a Tiến Lên play by its combination ("Pair of 9s": its
    cards are drawn beside it)."""
    if game == "tienlen" and isinstance(action, TienLenPlay):
        return combination_words(action.cards)
    return move_words(game, action)


def deal_words(game: str, event, names: list[str]) -> str:
    """The header of a deal: "Deal 3", "Game 2 · Chi leads", "Deal 5 of 24 · 5 cards · dealer
    Levan · trump card 7♥"."""
    if game == "domino":
        return (t("domino.table.tiebreak_deal") if event.tiebreak
                else t("domino.move.deal", number=event.number))
    if game == "tienlen":
        return " · ".join((t("tienlen.move.deal", number=event.game),
                           t("move_log.leads", name=names[event.leader])))
    parts = [t("move_log.joker.deal_one", number=event.deal_number) if event.cards == 1
             else t("move_log.joker.deal", number=event.deal_number, cards=event.cards),
             t("move_log.dealer", name=names[event.dealer])]
    if event.trump_card is not None:
        parts.append(t("move_log.trump_card", card=card_words(event.trump_card)))
    return " · ".join(parts)


def names_of(players, names: list[str]) -> str:
    return ", ".join(names[player] for player in players)


def deal_end_words(game: str, event, names: list[str]) -> str:
    if game == "domino":
        result = event.result
        if result.void:
            return t("domino.summary.void")
        outcome = t("summary.title", number=result.number,
                    outcome=t(f"domino.outcome.{result.outcome}"))
        return f"{outcome} · {t('summary.winner', names=names_of(result.winners, names))}"
    if game == "tienlen":
        if event.winner is None:
            return t("move_log.tienlen.dead_end")
        return t("move_log.tienlen.won", name=names[event.winner])
    scores = " · ".join(f"{names[player]} {number(score, signed=True)}"
                        for player, score in enumerate(event.scores))
    return t("move_log.joker.scored", number=event.deal_number, scores=scores)


def game_over_words(game: str, event, names: list[str]) -> str:
    return t("move_log.game_over", name=names[event.ranking[0]])


EVENT_WORDS = {
    "deal_end": deal_end_words,
    "game_over": game_over_words,
    "seats": lambda game, e, names: t("domino.seats.changed", number=e.before_deal,
                                      a=names[e.swapped[0]], b=names[e.swapped[1]]),
    "tiebreak": lambda game, e, names: t("move_log.tiebreak", names=names_of(e.players, names)),
    "instant": lambda game, e, names: t("tienlen.instant_detail", name=names[e.winner],
                                        win=instant_win_name(e.win)),
    "chop": lambda game, e, names: t("tienlen.chop_log", title=t("tienlen.chop_title"),
                                     chopper=names[e.chopper], chopped=names[e.chopped],
                                     cards=e.cards),
    "chop_paid": lambda game, e, names: t("tienlen.chop_paid", payer=names[e.payer],
                                          receiver=names[e.receiver], gold=number(e.gold)),
    "round_end": lambda game, e, names: t("tienlen.new_round", name=names[e.leader]),
    "out": lambda game, e, names: t("tienlen.out", name=names[e.player], place=e.place),
    "cong": lambda game, e, names: t("tienlen.cong_paid", payer=names[e.payer],
                                     receiver=names[e.receiver], gold=number(e.gold)),
    "trick": lambda game, e, names: t("joker.table.takes_trick", name=names[e.winner]),
    "premium": lambda game, e, names: (t("joker.table.premium", pulka=e.pulka,
                                         names=names_of(e.premium, names))
                                       if e.premium else t("move_log.joker.no_premium",
                                                           pulka=e.pulka)),
}

