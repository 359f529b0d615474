"""Joker bots: easy and normal are rule-based (strategy.py), hard is the generic search
(ai/search.py) over worlds from the void- and bid-aware determinizer (determinize.py); it bids and
names trump by simulation too."""

from ..bots import register
from ..search import OmniscientBot
from .bots import EasyJokerBot, JokerHardBot, JokerSearchGame, NormalJokerBot

register("joker", "easy", EasyJokerBot)
register("joker", "normal", NormalJokerBot)
register("joker", "hard", JokerHardBot)


def omniscient_bot(seed: int | str = 0) -> OmniscientBot:
    """Benchmarks only: sees every hand."""
    return OmniscientBot(JokerSearchGame(), seed)
