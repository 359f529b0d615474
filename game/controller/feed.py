"""What the controller reports to the table on screen (events, notices), read by position."""

from __future__ import annotations


class Feed:
    """A stream of items that a reader follows by position (`since(seen)`, then `end`).

    Only the current deal's items, and any the reader has not yet read, are kept: the UI and
    tests may still look back over the deal (`kept`), while an evening of play does not hold
    every event of every deal in memory."""

    def __init__(self) -> None:
        self.kept: list = []
        self.start = 0          # stream position of kept[0]
        self.deal_start = 0     # stream position of the current deal's first item

    @property
    def end(self) -> int:
        """The position just after the last item: what a reader has seen once it read all."""
        return self.start + len(self.kept)

    def extend(self, items) -> None:
        self.kept += items

    def new_deal(self) -> None:
        """The items from here on belong to a new deal; the earlier ones may go once read."""
        self.deal_start = self.end

    def since(self, seen: int) -> list:
        """The items after position `seen`; older deals' items up to `seen` are dropped."""
        drop = min(seen, self.deal_start) - self.start
        if drop > 0:
            del self.kept[:drop]
            self.start += drop
        return self.kept[max(0, seen - self.start):]
