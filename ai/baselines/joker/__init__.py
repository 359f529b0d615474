"""Joker's frozen baselines (v1.py, strategy_v1.py)."""

from ai.bots import register

from .v1 import NormalJokerBotV1, hard_v1

register("joker", "normal-v1", NormalJokerBotV1)
register("joker", "hard-v1", hard_v1)
