"""Games played at random, for the tests and the benchmarks (no pygame): a position reached by
random legal play, and a whole game played through the TableController by random bots."""

from __future__ import annotations

import random

from ai.bots import make_bot
from game.core.table import Table

from .seats import AI, SeatConfig
from .settings import ControllerSettings
from .table_controller import Phase, TableController

NAMES = ("Ana", "Budi", "Citra", "Dewi")
#: an open-ended table (Tiến Lên) never ends by itself: the session is ended after this many
#: games
SESSION_GAMES = 3


def random_position(game: str, seed: int, steps: int, **options):
    """A state with a player to move, after up to `steps` random actions (new deals as needed)."""
    table = Table.open(game, ["A", "B", "C", "D"], options, seed=seed)
    rng = random.Random(seed)
    state = table.state
    table.deal_if_needed()
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            return random_position(game, seed + 1, steps // 2, **options)
        if state.needs_deal():
            table.deal_if_needed()
    return state


def play_game(game: str, seed: int, history=None, human: SeatConfig | None = None,
              levels=("random", "random", "random", "random"), save_path=None):
    """One whole game: every seat a bot playing at random (seat 0 is `human` when given: its
    moves are made here, also at random). Returns the finished controller."""
    seats = [human] if human else [SeatConfig(NAMES[0], AI, levels[0])]
    seats += [SeatConfig(NAMES[i], AI, levels[i]) for i in range(1, 4)]
    table = Table.open(game, [seat.name for seat in seats], {}, seed=seed)
    ctl = TableController(table, seats, ControllerSettings(bot_move_pause_s=0, auto_summary_s=0),
                          save_path=save_path, history=history)
    for player in ctl.bots:                       # random play: fast, legal
        ctl.bots[player] = make_bot(game, "random", f"{seed}/{player}")
    rng, now = random.Random(seed), 0.0
    while ctl.phase is not Phase.OVER:
        now += 1.0
        if ctl.phase is Phase.SUMMARY:
            if (table.definition.open_ended
                    and len(table.record["deals"]) >= SESSION_GAMES):
                ctl.finish()                      # the session ends between games
                break
            ctl.acknowledge_summary(now)
        elif ctl.phase is Phase.HUMAN:
            ctl.human_action(rng.choice(list(ctl.view().legal)), now)
        else:
            ctl.update(now)
    return ctl
