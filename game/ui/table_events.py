"""What happened at a table, read once: the controller's two feeds (the door's `events`, the
engine's events of each move, and `notices`, what the table itself has to say, e.g. a save that
failed), each read in order from where the table last stopped.

A table scene marks its handlers with `@handles(EventType, …)`; `event_handlers` collects them
by type from the scene's class and its bases (TableScene.ON_EVENT). `TableFeed` is the part of
the scene (`scene.feed`) that knows how far each feed was read."""

from __future__ import annotations

from typing import Callable

from game.controller.door import TableDoor


def handles(*event_types: type) -> Callable:
    """Mark a table scene method as the handler of these engine event types."""
    def mark(method: Callable) -> Callable:
        method.handled_events = event_types
        return method
    return mark


def event_handlers(cls: type) -> dict:
    """event type -> handler, from the methods of `cls` marked with @handles (a subclass's
    handler of a type replaces its base's)."""
    table: dict = {}
    for klass in reversed(cls.__mro__):
        for member in vars(klass).values():
            for event_type in getattr(member, "handled_events", ()):
                table[event_type] = member
    return table


class TableFeed:
    """How far the table has read the controller's events and notices."""

    def __init__(self, ctl: TableDoor) -> None:
        self.ctl = ctl
        self.events_read = 0                    # every event, from the feed's first
        self.notices_read = ctl.notices.end     # the notices said from now on

    def new_events(self) -> list:
        events = self.ctl.events.since(self.events_read)
        self.events_read = self.ctl.events.end
        return events

    def new_notices(self) -> list:
        notices = self.ctl.notices.since(self.notices_read)
        self.notices_read = self.ctl.notices.end
        return notices

    def skip_to_end(self) -> None:
        """Undo started the feeds afresh: what is in them was never played on this table."""
        self.events_read = self.ctl.events.end
        self.notices_read = self.ctl.notices.end
