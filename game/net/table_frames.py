"""What a hosted table sends its joiners, seat by seat, as it moves on (table_host.py).

Each seat gets its `welcome` when a game starts or it sits down (what happened before, it
learns from the welcome and the view); after each move, the public `events` and `notice`s since
the last ones, the same for every seat; then its own `view` (seat_view.py), sent again only
when something it shows changed (the position, the phase, the seat to act, the deal's end), so
an idle table sends nothing. What was sent is counted here: nothing is sent twice.
"""

from __future__ import annotations

from typing import Any

from game.controller.door import Notice

from .chairs import Chairs
from .codec import Codec
from .protocol import frame
from .seat_view import acting_seat, public_events, public_notice, seat_view


class TableFrames:
    def __init__(self, table_id: str, game: str, codec: Codec, chairs: Chairs):
        self.table_id, self.game = table_id, game
        self.codec, self.chairs = codec, chairs
        #: how far the controller's events, notices and moves have been sent
        self.events_seen = self.notices_seen = self.moves_seen = 0
        self.shown: dict[int, tuple] = {}      # seat -> the key of the last view it was sent

    def follow(self, ctl: Any, from_now: bool = False) -> None:
        """A game's controller to send from: from its start, or `from_now` (a window's table,
        already under way: its past is in each seat's welcome)."""
        if from_now:
            self.events_seen, self.notices_seen = ctl.events.end, ctl.notices.end
            self.moves_seen = len(ctl.table.record["actions"])
        else:
            self.events_seen = self.notices_seen = self.moves_seen = 0
        self.shown = {}

    def welcome(self, ctl: Any, number: int, seat: int, link: Any, returning: bool,
                away: dict[int, dict], now: float) -> None:
        """`number`: the game at this table; `away`: the seats away now (table_host.away)."""
        link.send(frame(
            "welcome", table=self.table_id, seat=seat, game=self.game, names=ctl.names,
            options=ctl.options, chairs=[chair.describe() for chair in self.chairs],
            settings={"turn_seconds": ctl.settings.turn_seconds,
                      "tambah_seconds": ctl.settings.tambah_seconds},
            deals_in_match=ctl.deals_in_match, number=number, returned=returning,
            moves=ctl.table.record["actions"][ctl.table.deal_began_at:],
            # who is away now, and (back in one's chair) the moves made for one meanwhile
            away=[{"player": other, **told} for other, told in away.items() if other != seat],
            away_moves=self.chairs[seat].moves_away if returning else 0))
        self.send_view(ctl, seat, link, now)

    def publish(self, ctl: Any, now: float) -> None:
        """What is new at the table since the last time, to every connected seat."""
        events = ctl.events.since(self.events_seen)
        self.events_seen = ctl.events.end
        notices = [n for n in map(public_notice, ctl.notices.since(self.notices_seen)) if n]
        self.notices_seen = ctl.notices.end
        # the moves themselves (scenario notation, with the player): every move of the three
        # games is made in the open, and a joiner's move log is told from them
        moves = ctl.table.record["actions"][self.moves_seen:]
        self.moves_seen += len(moves)
        self.chairs.count_moves_away(moves)
        links = self.chairs.links()
        if events or moves:
            text = frame("events", position=list(ctl.position()), moves=moves,
                         events=public_events(self.codec, events))
            for _, link in links:
                link.send(text)
        for notice in notices:
            for _, link in links:
                link.send(frame("notice", **notice))
        for seat, link in links:
            self.send_view(ctl, seat, link, now, only_if_changed=True)

    def send_view(self, ctl: Any, seat: int, link: Any, now: float,
                  only_if_changed: bool = False) -> None:
        key = (ctl.position(), ctl.phase, acting_seat(ctl), ctl.deal_over)
        if only_if_changed and self.shown.get(seat) == key:
            return
        self.shown[seat] = key
        link.send(frame("view", **seat_view(ctl, self.codec, seat, now)))

    def view_again(self, seat: int) -> None:
        """The seat is sent its view on the next publish, even unchanged (its move was refused
        as not its turn: what it shows may be behind the table)."""
        self.shown.pop(seat, None)

    def notify(self, ctl: Any, kind: str, seat: int, data: dict | None = None) -> None:
        """A joiner dropped or came back: every other seat hears it, and the table's own
        notices say it (a window hosting the table shows them; they never leave the host)."""
        text = frame("notice", kind=kind, player=seat, data=data or {})
        for other, link in self.chairs.links():
            if other != seat:
                link.send(text)
        ctl.notices.extend([Notice(kind, seat, "", dict(data or {}))])

    def to_every_seat(self, text: str) -> None:
        """One frame to every connected seat (a game's end, the table's end)."""
        for _, link in self.chairs.links():
            link.send(text)
