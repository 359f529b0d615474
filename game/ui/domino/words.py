"""How the domino table names tiles and line ends in sentences (through t())."""

from __future__ import annotations

from game.domino.actions import Apollo, Pass
from game.domino.tiles import tile_text

from ..i18n import t
from ..move_words import GameWords, game_over_words, names_of


def end_words(end: str) -> str:
    """"left" / "right" for the engine's "L" / "R"."""
    return t(f"domino.end.{end}")


def play_words(play) -> str:
    """"6-4 on the left"."""
    return t("domino.play_at", tile=tile_text(play.tile), end=end_words(play.end))


def apollo_words(apollo) -> str:
    """"6-4 on the left, then 4-4 on the right": one way to make an Apollo (D11)."""
    return t("domino.apollo.option", first=play_words(apollo.first),
             second=play_words(apollo.second))


def move_words(action) -> str:
    """A move in a few words (the Review screen's list): "6-4 on the left", "Pass",
    "Apollo: 6-4 on the left, then 4-4 on the right"."""
    if isinstance(action, Pass):
        return t("table.pass")
    if isinstance(action, Apollo):
        return t("domino.move.apollo", ways=apollo_words(action))
    return play_words(action) if action.end else tile_text(action.tile)


def tiles_words(tiles) -> str:
    return ", ".join(tile_text(tile) for tile in tiles)


#: refusal parameters (game.domino.actions.REFUSAL_CODES) in words, by parameter name
REFUSAL_PARAM_WORDS = {"tile": tile_text, "tiles": tiles_words, "end": end_words}


def deal_words(event, names: list[str]) -> str:
    """A deal's header: "Deal 3", or the tie-break deal's."""
    return (t("domino.table.tiebreak_deal") if event.tiebreak
            else t("domino.move.deal", number=event.number))


def deal_end_words(event, names: list[str]) -> str:
    result = event.result
    if result.void:
        return t("domino.summary.void")
    outcome = t("summary.title", number=result.number,
                outcome=t(f"domino.outcome.{result.outcome}"))
    return f"{outcome} · {t('summary.winner', names=names_of(result.winners, names))}"


#: the move log's words (game/ui/move_words.py)
WORDS = GameWords(
    move=move_words,
    deal=deal_words,
    events={
        "misplay": lambda e, names: t("move_log.misplay", name=names[e.player],
                                      tile=tile_text(e.tile), penalty=abs(e.penalty)),
        "deal_end": deal_end_words,
        "game_over": game_over_words,
        "seats": lambda e, names: t("domino.seats.changed", number=e.before_deal,
                                    a=names[e.swapped[0]], b=names[e.swapped[1]]),
        "tiebreak": lambda e, names: t("move_log.tiebreak", names=names_of(e.players, names)),
    },
    marked=("seats", "tiebreak", "misplay"))
