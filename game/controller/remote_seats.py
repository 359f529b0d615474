"""The seats played at another screen (REMOTE: a friend who joined across machines, game/net):
their moves, and their tambah (D19), come from the network's side of the table, never from this
screen's input; the door's `human_action` and `tambah` are this screen's humans' alone.

A deal's summary is read at every screen: the network's side says which remote seats have
a player connected (`present`) and when each has read the summary (`has_read`); this screen's
click (`acknowledge_summary`) deals the next deal only once every present seat has read it, or
once the network's side stops waiting (its time bound: `stop_waiting`). Where the network's
side says nothing (a headless host moves its summaries on itself) nothing waits here.
"""

from __future__ import annotations

from typing import Any

from game.core.errors import IllegalAction

from .door import Phase


class RemoteSeats:
    def __init__(self, machine: Any, seats: tuple[int, ...]):
        self.machine = machine
        self.seats = frozenset(seats)
        self.present: set[int] = set()     # remote seats whose player is connected
        self.read: dict[int, int] = {}     # seat -> the deal whose summary it read last
        self.waited_out: int | None = None     # the deal whose summary waits no longer
        self.read_here: int | None = None  # the deal whose summary this screen has read

    def acting(self) -> int | None:
        """The human seat (here or remote) whose move is awaited now, its clock running."""
        return self.machine.human_to_act()

    def awaited(self, seat: int) -> bool:
        """The table waits for `seat`'s move now."""
        return self.machine.human_to_act() == seat

    def action(self, seat: int, action: Any, now: float) -> list:
        """`seat`'s move (a joiner's, or its chair's fallback); IllegalAction out of its turn
        or against the rules, changing nothing."""
        if seat not in self.seats or not self.awaited(seat):
            raise IllegalAction("it is not this seat's turn", code="not_your_turn")
        return self.machine.human_action(action, now)

    def refuse_awaited(self) -> None:
        """This screen's input at a remote seat's turn: IllegalAction (not this screen's)."""
        if self.machine.human_to_act() in self.seats:
            raise IllegalAction("it is a remote player's turn", code="not_your_turn")

    def can_tambah(self, seat: int) -> bool:
        return self.awaited(seat) and self.machine.clock.can_tambah(seat)

    def tambah(self, seat: int, now: float) -> bool:
        return self.awaited(seat) and self.machine.tambah(now)

    # --- a deal's summary, read at every screen ------------------------------------------------

    def _summary(self) -> int | None:
        """The deal whose summary is on the table now (None: no summary)."""
        machine = self.machine
        return len(machine.table.record["deals"]) if machine.phase is Phase.SUMMARY else None

    def seat_present(self, seat: int, present: bool, now: float) -> None:
        """`seat`'s player connected, or gone (a summary waits for nobody who left; one who
        comes back during it is waited for again: their screen shows it to them again, and a
        `ready` they sent before the drop may have been lost)."""
        if seat not in self.seats:
            return
        if present:
            self.present.add(seat)
            self.read.pop(seat, None)
        else:
            self.present.discard(seat)
            self._go_on(now)

    def has_read(self, seat: int, now: float) -> None:
        """`seat`'s player has read the summary on the table."""
        if seat in self.seats and self._summary() is not None:
            self.read[seat] = self._summary()
            self._go_on(now)

    def stop_waiting(self, now: float) -> None:
        """The readers had their time: the next deal comes with this screen's click."""
        self.waited_out = self._summary()
        self._go_on(now)

    def still_reading(self) -> tuple[int, ...]:
        """The remote seats the summary on the table still waits for."""
        deal = self._summary()
        if deal is None or deal == self.waited_out:
            return ()
        return tuple(sorted(seat for seat in self.present if self.read.get(seat) != deal))

    def read_summary(self, now: float) -> None:
        """This screen's click on the summary: the next deal, now or once the remote seats
        still reading have read it."""
        if self.still_reading():
            self.read_here = self._summary()
        else:
            self.machine.acknowledge_summary(now)

    def waiting_for(self) -> tuple[int, ...]:
        """The remote seats this screen waits for, having read the summary itself."""
        deal = self._summary()
        return self.still_reading() if deal is not None and deal == self.read_here else ()

    def _go_on(self, now: float) -> None:
        deal = self._summary()
        if deal is not None and deal == self.read_here and not self.still_reading():
            self.read_here = None
            self.machine.acknowledge_summary(now)
