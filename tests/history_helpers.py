"""Finished games played headless through the TableController, for the history tests."""

# the games themselves are the package's (the benchmarks play them too)
from game.controller.random_play import NAMES, SESSION_GAMES, play_game  # noqa: F401


