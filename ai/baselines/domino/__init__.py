"""Domino's frozen baselines (v1.py, play_v1.py)."""

from ai.bots import register

from .v1 import NormalDominoBotV1, hard_v1

register("domino", "normal-v1", NormalDominoBotV1)
register("domino", "hard-v1", hard_v1)
