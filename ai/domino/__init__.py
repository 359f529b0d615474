"""Domino bots: easy and normal are rule-based (play.py), hard is the generic search (ai/search.py)
over worlds from the pass-aware determinizer (determinize.py)."""

from ..bots import register
from ..search import OmniscientBot, SearchBot
from .bots import DominoSearchGame, EasyDominoBot, NormalDominoBot

register("domino", "easy", EasyDominoBot)
register("domino", "normal", NormalDominoBot)
register("domino", "hard", lambda seed: SearchBot(DominoSearchGame(seed), seed))


def omniscient_bot(seed: int | str = 0) -> OmniscientBot:
    """Benchmarks only: sees every hand."""
    return OmniscientBot(DominoSearchGame(seed), seed)
