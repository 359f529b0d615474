"""Shared builders for the AI tests (no tests here): random positions of a game, reached by
random legal play from a seeded table (the package's, which the benchmarks use too)."""

from game.controller.random_play import random_position  # noqa: F401
