"""Tiến Lên in words on the table: combinations, why a selection cannot be played, instant wins.

Every string goes through t(); the engine's own messages are for logs and replays.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.tienlen.actions import Play
from game.tienlen.cards import RANK_TEXT, cards_of, pretty
from game.tienlen.combos import (PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, Combo, beats,
                                 classify, is_chop)

from ..i18n import t

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


def describe_play(state, cards: tuple[int, ...]) -> str:
    """The name of a combination as played on the current table (chop or not)."""
    combo = classify(cards)
    if combo is None:
        return " ".join(pretty(card) for card in cards)
    table = state.table
    return combo_name(combo, chop=table is not None and is_chop(combo, table))


@dataclass(frozen=True)
class Verdict:
    """What the Play button says about the selected cards."""
    play: Play | None           # the legal Play, or None: the button is disabled
    label: str
    reason: str = ""            # why the selection cannot be played, in words


def judge_selection(state, player: int, legal: list, selected: tuple[int, ...]) -> Verdict:
    """Is the selection a legal play for `player` now? Says what it is, or why not."""
    if not selected:
        return Verdict(None, t("tienlen.play"))
    cards = tuple(sorted(selected))
    combo = classify(cards)
    if combo is None:
        return Verdict(None, t("tienlen.play"), t("tienlen.why.not_a_combination"))
    name = describe_play(state, cards)
    play = Play(cards)
    if play in legal:
        return Verdict(play, t("tienlen.play_what", what=name))
    table = state.table
    if table is None:
        if state.must_include and not combo.mask & state.must_include:
            need = cards_of(state.must_include)[0]
            return Verdict(None, t("tienlen.play"),
                           t("tienlen.why.must_include", card=pretty(need)))
        return Verdict(None, t("tienlen.play"), t("tienlen.why.not_now"))
    if state.passed >> player & 1:
        return Verdict(None, t("tienlen.play"), t("tienlen.why.passed"))
    if not beats(combo, table):
        return Verdict(None, t("tienlen.play"),
                       t("tienlen.why.does_not_beat", what=combo_name(table), name=name))
    return Verdict(None, t("tienlen.play"), t("tienlen.why.not_now"))


def may_rechop(observation, player: int) -> bool:
    """T9: a player who passed this round and is to move may come back with four pairs."""
    return bool(observation.table_cards and player in observation.passed
                and observation.current_player == player)


def instant_win_name(win: str) -> str:
    return t(f"tienlen.instant.{win}")
