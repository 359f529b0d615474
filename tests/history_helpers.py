"""Finished games played headless through the TableController, for the history tests."""

from __future__ import annotations

import random

from ai.bots import make_bot
from game.controller.seats import AI, SeatConfig
from game.controller.settings import ControllerSettings
from game.controller.table_controller import Phase, TableController
from game.core.table import Table

NAMES = ("Ana", "Budi", "Citra", "Dewi")
#: Tiến Lên never ends by itself: the session is ended after this many games
TIENLEN_GAMES = 3


def play_game(game: str, seed: int, history=None, human: SeatConfig | None = None,
              levels=("random", "random", "random", "random"), save_path=None):
    """One whole game: every seat a bot playing at random (seat 0 is `human` when given: the
    test plays its moves, also at random). Returns the finished controller."""
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
            if game == "tienlen" and len(ctl.state.results) >= TIENLEN_GAMES:
                ctl.finish()                      # the session ends between games
                break
            ctl.acknowledge_summary(now)
        elif ctl.phase is Phase.HUMAN:
            ctl.human_action(rng.choice(list(ctl.view().legal)), now)
        else:
            ctl.update(now)
    return ctl
