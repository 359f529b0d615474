"""One game at a hosted table (table_host.py): the controller it opens from the chairs, and what
its end tells (the line the host prints, the `game_over` its joiners get).

A headless table opens its games itself, one after another (`open_game`); a window hosting its
table hands its own controller in instead (table_host.attach). Either way a game's end is told
the same (`game_over`).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from game.controller.factory import open_controller
from game.controller.seats import AI, REMOTE, SeatConfig
from game.core.table import Table
from game.save_format import with_seats

from .chairs import BOT, Chairs

#: what a save's table block says of its hosting (its join code and port: window_host.py)
HOSTING_KEY = "hosting"


def without_hosting(record: dict) -> dict:
    """A record to give away: its table block without the hosting (the join code stays on the
    host)."""
    table = {key: value for key, value in record.get("table", {}).items() if key != HOSTING_KEY}
    return {**record, "table": table}


def open_game(spec: Any, chairs: Chairs, number: int, records: Path, runner: Any,
              history: Any, now: float) -> tuple[Any, Path]:
    """The controller of the table's game `number` (from 1; spec: table_host.TableSpec) and
    the file its record goes to."""
    # a joiner's profile id names them at this table only: it is never one of the host's
    # history profiles (a joiner could claim any id)
    seats = [SeatConfig(chair.name, AI, chair.level) if chair.kind == BOT
             else SeatConfig(chair.name, REMOTE, chair.level) for chair in chairs]
    table = Table.open(spec.game, [seat.name for seat in seats], spec.options,
                       seed=spec.seed + number - 1)
    records.mkdir(parents=True, exist_ok=True)
    record_path = records / f"{spec.id}-{number}-{table.seed}.json"
    # a match cut short is no finished game; a Tiến Lên-like session of N games is
    kept = history if spec.deals is None or table.definition.open_ended else None
    # the record is written by the host's writer thread, not inside the loop (records.py)
    ctl = open_controller(table, seats, dataclasses.replace(spec.settings), save_path=None,
                          bot_runner=runner, now=now, history=kept)
    return ctl, record_path


def game_over(spec: Any, number: int, chairs: Chairs, ctl: Any,
              record_path: Path) -> tuple[dict, dict]:
    """The game just ended: the line the host prints for it, and the `game_over` message's
    fields for its joiners."""
    state, table = ctl.state, ctl.table
    definition = table.definition
    finished = state.is_terminal() or (definition.open_ended and state.needs_deal())
    line = {"table": spec.id, "game": spec.game, "number": number,
            "seats": [chair.describe() for chair in chairs],
            "result": {"totals": list(state.returns()),
                       "winners": list(definition.winners(state)),
                       "deals": ctl.deals_played, "finished": finished},
            "record": str(record_path)}
    # the game is over: every hand was shown at its deal's end, so the record is public
    # (each joiner's own history keeps it); the join code stays on the host
    public = {**line, "record": record_path.name,
              "game_record": without_hosting(with_seats(table.record, ctl.seats))}
    return line, public
