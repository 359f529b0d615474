"""The frozen baselines: each game's `normal-v1` and `hard-v1`, its normal and hard levels as they
stood when they were frozen, kept for `sim` and the benchmarks only (never offered at the table:
not in ai.bots.TABLE_LEVELS) so that every later level is measured against a fixed opponent.

Each game's package here registers its two levels (ai/bots.py loads it when one is asked for).
Everything they decide by is copied into these files, so that changing a live level leaves them as
they were; only the engines, the knowledge readers, the dealers and the generic search
(ai/search.py) are shared. tests/test_ai_baselines.py pins their choices on seeded positions.
Do not change their play."""
