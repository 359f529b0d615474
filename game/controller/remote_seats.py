"""The seats played at another screen (REMOTE: a friend who joined across machines, game/net):
their moves, and their tambah (D19), come from the network's side of the table, never from this
screen's input; the door's `human_action` and `tambah` are this screen's humans' alone."""

from __future__ import annotations

from typing import Any

from game.core.errors import IllegalAction


class RemoteSeats:
    def __init__(self, machine: Any, seats: tuple[int, ...]):
        self.machine = machine
        self.seats = frozenset(seats)

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
