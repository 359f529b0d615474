"""A hosted table in this process (game/net/table_host.py) joined through a pretend link with
the members of the window's WindowLink: the frames are the host's real frames (text, parsed by
the protocol's checks), time is a number, nothing goes over a network."""

from __future__ import annotations

from game.controller.bot_desk import InlineBotRunner
from game.net.chairs import BOT, REMOTE, Chair
from game.net.joiner import RemoteSeat
from game.net.protocol import Refused, error_frame, parse_host_frame
from game.net.table_host import HostedTable, TableSpec


class HostEnd:
    """The host's side of the pretend connection: the frames it sent, as text."""

    def __init__(self):
        self.texts: list[str] = []
        self.closed = False

    def send(self, text: str) -> None:
        self.texts.append(text)

    def close_soon(self) -> None:
        self.closed = True


class PretendLink:
    """The window's side, as WindowLink: poll / act / send / close, `seat`, `ended`."""

    def __init__(self, hosted: HostedTable, name: str = "Ana"):
        self.hosted, self.name = hosted, name
        self.host_end = HostEnd()
        self.seat = RemoteSeat()
        self.ended: str | None = None
        self.sent: list[tuple] = []
        self.received: list[dict] = []
        self.now = 0.0
        self.index = hosted.join(name, None, self.host_end, 0.0)

    def poll(self) -> list[dict]:
        texts, self.host_end.texts = self.host_end.texts, []
        messages = []
        for text in texts:                # as the Joiner and WindowLink.poll: a frame that
            try:                          # cannot be read is skipped
                message = parse_host_frame(text)
                if message["type"] == "end":
                    self.ended = "end"
                else:
                    self.seat.take(message)
            except Exception:             # noqa: BLE001
                continue
            messages.append(message)
        self.received += messages
        return messages

    def _answer(self, kind: str, call) -> None:
        try:
            call()
        except Refused as refused:
            self.host_end.send(error_frame(refused.code, refused.params, kind))

    def act(self, action) -> None:
        self.sent.append(("act", action))
        self._answer("act", lambda: self.hosted.act(
            self.index, self.seat.codec.action_out(action), tuple(self.seat.position),
            self.now))

    def send(self, kind: str, **fields) -> None:
        self.sent.append((kind, fields))
        if kind == "ready":
            self.hosted.mark_ready(self.index, self.now)
        elif kind == "tambah":
            self._answer("tambah", lambda: self.hosted.tambah(self.index, self.now))
        elif kind == "act":
            self._answer("act", lambda: self.hosted.act(self.index, fields["action"],
                                                        fields.get("at"), self.now))

    def close(self) -> None:
        self.sent.append(("bye", {}))
        self.hosted.left(self.index, self.host_end, self.now)

    def tick(self, now: float) -> None:
        """The host moves on (its bots, its summaries) up to `now`."""
        self.now = now
        self.hosted.tick(now)


def hosted_table(tmp_path, game: str, deals: int = 1, bots: str = "random",
                 **spec) -> HostedTable:
    """A table of `game`: chair 0 waits for a joiner, the others are bots."""
    chairs = [Chair(REMOTE, "wait")] + [Chair(BOT, bots) for _ in range(3)]
    return HostedTable(TableSpec("t1", game, chairs, seed=5, deals=deals, **spec), tmp_path,
                       InlineBotRunner())


def host_settings(**changed):
    """The hosted table's settings (the headless host's: no pauses) with `changed`."""
    from dataclasses import replace
    return replace(TableSpec("t", "domino", []).settings, **changed)


def window_hosted(tmp_path, game: str, seed: int = 3, **settings):
    """A table hosted from a window, in this process: the window's controller (a human at
    the host's screen in seat 0, a joiner's chair in seat 1, two bots) shared under a lock with
    its HostedTable, as window_host.py shares it; the joiner sits through a PretendLink.
    Returns (hosted, controller, link)."""
    import threading

    from game.controller.factory import open_controller
    from game.controller.seats import AI, HUMAN, REMOTE as REMOTE_SEAT, SeatConfig
    from game.controller.settings import ControllerSettings
    from game.core.table import Table
    from game.net.chairs import LOCAL

    chairs = [Chair(LOCAL, "easy", "Hoa"), Chair(REMOTE, "easy"), Chair(BOT, "random", "Bot 3"),
              Chair(BOT, "random", "Bot 4")]
    hosted = HostedTable(TableSpec("t1", game, chairs), tmp_path, InlineBotRunner(),
                         window_lock=threading.RLock())
    link = PretendLink(hosted, "Lan")
    hosted.tick(0.0)
    seats = [SeatConfig("Hoa", HUMAN), SeatConfig("Lan", REMOTE_SEAT, "easy"),
             SeatConfig("Bot 3", AI, "random"), SeatConfig("Bot 4", AI, "random")]
    chosen = dict(bot_move_pause_s=0, human_move_pause_s=0, auto_summary_s=1, assists=False)
    ctl = open_controller(Table.open(game, [seat.name for seat in seats], {}, seed=seed), seats,
                          ControllerSettings(**{**chosen, **settings}),
                          save_path=tmp_path / "saved-table.json", bot_runner=InlineBotRunner())
    hosted.attach(ctl, 0.0)
    return hosted, ctl, link
