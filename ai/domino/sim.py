"""Domino's part of the `sim` table: points are few per deal (more decimals), and the tie-break
deals (D17) and void deals (V-D2) are not deals of the match."""

from __future__ import annotations

from game.domino.state import DominoState

from ..sim import SimReport


def match_deals(state: DominoState, started: int) -> int:
    return sum(1 for result in state.results if not (result.tiebreak or result.void))


REPORT = SimReport(game_digits=2, deal_digits=3, deals=match_deals)
