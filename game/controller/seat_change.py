"""A seat changing hands mid-game, in one place: a remote seat (a friend at another screen,
game/net) given to an AI by the host while the friend is away. Every part of the live table that
knows who sits where is told here: the seats (the phase machine's and the recorder's list), the
bot desk, the hand privacy, the remote door and the assists; then the table moves on and is
saved at once (Continue opens it with the AI in the chair)."""

from __future__ import annotations

from typing import Any

from .door import Phase
from .seats import AI, SeatConfig


def remote_to_ai(ctl: Any, seat: int, level: str, now: float) -> None:
    """`ctl` (TableController): `seat`, a remote human's, is played by an AI of `level` from
    now on, to the game's end. The seat keeps its name: the record, the joiners' screens and
    the history name it as the game began. ValueError when the seat is not remote."""
    if not ctl.seats[seat].is_remote:
        raise ValueError(f"seat {seat} is not a remote seat")
    ctl.seats[seat] = SeatConfig(ctl.seats[seat].name, AI, level)   # the machine's list too
    ctl.privacy.remote = ctl.privacy.remote - {seat}
    ctl.remote_seats.seat_present(seat, False, now)     # a summary waits for it no more
    ctl.remote_seats.seats = ctl.remote_seats.seats - {seat}
    ctl.assists.humans = ctl.humans
    ctl.desk.add_bot(ctl.game, seat, level, ctl.table.seed)
    machine = ctl.machine
    if machine.phase is Phase.HUMAN and ctl.to_move() == seat:
        # the table waited for the friend: it moves on as after a move shown, and its next
        # step asks the seat's bot (a paused table, once resumed)
        machine.turn_goes_on = False
        machine.phase = Phase.SHOWING
        ctl.clock.show_for(0, now)
    # a paused table's save keeps its clock (a turn under way at this screen keeps its time)
    machine.save(ctl.clock.snapshot(ctl.time_left(now)) if ctl.paused else None)
