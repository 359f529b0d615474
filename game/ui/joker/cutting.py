"""The ace cutting (ატუზვა, J3) shown at a new table. The rule and its seeded cut live in the
engine (game/joker/dealing.py); the table scene replays the same cut on screen."""

from game.joker.dealing import ace_cutting

__all__ = ["ace_cutting"]
