"""Tiến Lên bots: easy and normal are rule-based (play.py, on the hand plan of plan.py), hard is
the generic search (ai/search.py) over worlds from the determinizer (determinize.py)."""

from ..bots import register
from ..search import OmniscientBot
from .bots import EasyTienLenBot, HardTienLenBot, NormalTienLenBot, TienLenSearchGame
from .v1 import HardTienLenBotV1, NormalTienLenBotV1

register("tienlen", "easy", EasyTienLenBot)
register("tienlen", "normal", NormalTienLenBot)
register("tienlen", "hard", HardTienLenBot)
# frozen baselines for sim and the benchmarks (issue 22; never offered at the table)
register("tienlen", "normal-v1", NormalTienLenBotV1)
register("tienlen", "hard-v1", HardTienLenBotV1)


def omniscient_bot(seed: int | str = 0) -> OmniscientBot:
    """Benchmarks only: sees every hand."""
    return OmniscientBot(TienLenSearchGame(), seed)
