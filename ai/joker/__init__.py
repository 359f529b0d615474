"""Joker bots: easy and normal are rule-based (strategy.py), hard is the generic search
(ai/search.py) over worlds from the void- and bid-aware determinizer (determinize.py); it bids and
names trump by simulation too."""

from ..bots import register
from ..search import OmniscientBot
from .bots import EasyJokerBot, JokerHardBot, JokerSearchGame, NormalJokerBot
from .v1 import NormalJokerBotV1, hard_v1

register("joker", "easy", EasyJokerBot)
register("joker", "normal", NormalJokerBot)
register("joker", "hard", JokerHardBot)
# frozen baselines for sim and the benchmarks (issue 22; never offered at the table)
register("joker", "normal-v1", NormalJokerBotV1)
register("joker", "hard-v1", hard_v1)


def omniscient_bot(seed: int | str = 0) -> OmniscientBot:
    """Benchmarks only: sees every hand."""
    return OmniscientBot(JokerSearchGame(), seed)
