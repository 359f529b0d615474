"""Tiến Lên bots: easy and normal are rule-based (play.py, on the hand plan of plan.py), hard is
the generic search (ai/search.py) over worlds from the determinizer (determinize.py)."""

from ..bots import register
from ..search import OmniscientBot
from .bots import EasyTienLenBot, HardTienLenBot, NormalTienLenBot, TienLenSearchGame

register("tienlen", "easy", EasyTienLenBot)
register("tienlen", "normal", NormalTienLenBot)
register("tienlen", "hard", HardTienLenBot)


def omniscient_bot(seed: int | str = 0) -> OmniscientBot:
    """Benchmarks only: sees every hand."""
    return OmniscientBot(TienLenSearchGame(), seed)
