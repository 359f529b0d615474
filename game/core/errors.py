"""The two errors every engine and the replay driver speak."""


class IllegalAction(Exception):
    """An action that the rules do not allow now.

    The message says in words what is wrong (e.g. "3-5 does not match the open ends 2 and 6").
    Raising it never changes the state: engines validate before they mutate.
    """


class ScenarioError(Exception):
    """A scenario / save file that is malformed (bad JSON, unknown option, bad notation)."""
