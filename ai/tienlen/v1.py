"""Tiến Lên's `normal-v1` and `hard-v1`: the normal and hard levels as they stood when issue 22
began, kept for `sim` and the benchmarks only (not in ai.bots.TABLE_LEVELS), so that later levels
are measured against a fixed opponent.

They are still the live code (play.py and plan.py's rules, determinize.py, TienLenSearchGame and
its settings): nothing has changed it since. Whoever changes how normal or hard decides copies
that code here first, so these stay as they were; tests/test_ai_baselines.py pins their choices
on seeded positions and fails otherwise."""

from __future__ import annotations

from .bots import HardTienLenBot, NormalTienLenBot


class NormalTienLenBotV1(NormalTienLenBot):
    level = "normal-v1"


class HardTienLenBotV1(HardTienLenBot):
    level = "hard-v1"
