"""The table's message log: its recent announcements and the coach's pinned line."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Message:
    text: str
    colour: tuple
    until: float


class MessageLog:
    """The table's recent announcements (passes, refusals, time-outs), newest last, and the
    coach's line, pinned below them for as long as its position stands."""

    def __init__(self, keep: int = 3, seconds: float = 3.0):
        self.keep = keep
        self.seconds = seconds
        self.messages: list[Message] = []
        self.pinned: Message | None = None
        self.pinned_at: tuple | None = None       # the position the pinned line is about

    def say(self, text: str, colour, now: float, until: float | None = None) -> None:
        """A message until `until` (else the log's seconds from now). Over `keep`, the one
        that would go first makes room: a line said to stay longer outlives the passing ones."""
        until = now + self.seconds if until is None else until
        self.messages.append(Message(text, tuple(colour), until))
        while len(self.messages) > self.keep:
            self.messages.remove(min(self.messages, key=lambda message: message.until))

    def pin(self, text: str, colour, position: tuple) -> None:
        self.pinned, self.pinned_at = Message(text, tuple(colour), float("inf")), position

    def unpin(self) -> None:
        self.pinned = self.pinned_at = None

    def clear(self) -> None:
        self.messages = []
        self.unpin()

    def shown(self) -> list[Message]:
        """What the table shows: the recent messages, then the pinned line (kept in view)."""
        return self.messages + ([self.pinned] if self.pinned else [])

    def prune(self, now: float) -> None:
        self.messages = [message for message in self.messages if message.until > now]
