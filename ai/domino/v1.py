"""Domino's `normal-v1` and `hard-v1`: the normal and hard levels as they stood when issue 22
began, kept for `sim` and the benchmarks only (not in ai.bots.TABLE_LEVELS), so that later levels
are measured against a fixed opponent.

They are still the live code (play.py's policy, determinize.py, DominoSearchGame): nothing has
changed it since. Whoever changes how normal or hard decides copies that code here first, so
these stay as they were; tests/test_ai_baselines.py pins their choices on seeded positions and
fails otherwise."""

from __future__ import annotations

from ..search import SearchBot
from .bots import DominoSearchGame, NormalDominoBot


class NormalDominoBotV1(NormalDominoBot):
    level = "normal-v1"


def hard_v1(seed: int | str = 0, max_worlds: int | None = None) -> SearchBot:
    bot = SearchBot(DominoSearchGame(seed), seed, max_worlds)
    bot.level = "hard-v1"
    return bot
