"""The two errors every engine and the replay driver speak."""

from __future__ import annotations

from functools import partial

#: refusals of the game-independent machinery: the replay driver and the table controller (each
#: engine lists its own in its actions module)
REFUSAL_CODES = (
    "already_over",       # the scenario goes on after the game ended
    "deal_not_listed",    # the game needs a deal the scenario does not list
    "wrong_player",       # the scenario says another player makes the move
    "not_your_turn",      # the window's human acted while nobody human is to move
    "not_the_lesson_move",  # a guided first game asks for another move (game/lessons)
)


class IllegalAction(Exception):
    """An action that the rules do not allow now.

    `str(error)` says in English what is wrong (e.g. "3-5 does not match the open ends 2 and 6"):
    it is what `main.py replay` prints. `code` names the refusal ("tile_does_not_fit", one of the
    raising package's REFUSAL_CODES) and `params` hold its details as plain data (tiles and cards
    as engine ints, suits and players as indexes, counts), so that the window can say it in the
    player's language. Raising it never changes the state: engines validate before they mutate.
    """

    def __init__(self, message: str, *, code: str, **params):
        super().__init__(message)
        self.code = code
        self.params = params

    def __reduce__(self):
        # copy and pickle rebuild an exception from its args, which hold only the message
        return partial(type(self), code=self.code, **self.params), (str(self),)


def refusal_of(attempt) -> IllegalAction | None:
    """The IllegalAction `attempt()` raises (a move tried on a copy), else None: a door's
    `refusal`, whatever world it tries the move on."""
    try:
        attempt()
    except IllegalAction as refused:
        return refused
    return None


class ScenarioError(Exception):
    """A scenario / save file that is malformed (bad JSON, unknown option, bad notation).
    `code` is set when the untrusted-input door refused it (game/core/untrusted.py), so the
    window can say why in the player's words; None for a refusal told in English only."""

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.code = code
