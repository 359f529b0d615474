"""Tiến Lên's frozen baselines (v1.py, play_v1.py, plan_v1.py, determinize_v1.py)."""

from ai.bots import register

from .v1 import HardTienLenBotV1, NormalTienLenBotV1

register("tienlen", "normal-v1", NormalTienLenBotV1)
register("tienlen", "hard-v1", HardTienLenBotV1)
