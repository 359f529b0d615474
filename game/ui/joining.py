"""Sitting down at a table across machines: "Joining…" over the Join screen until the host's
welcome and first view arrive (then the game's own table scene opens on the remote table door),
or a refusal or no host (then its words, back on the Join screen). Esc gives up.

Also the App's watch over a joined table (`RemoteWatch`): a finished game goes into the
joiner's own history, marked as played across machines; the host's next game at a table of
several games opens the game's table scene again, on a door of its own, once the player goes
on from the last one's end; when the table ends under the joiner (the host left), its words
stay over the table a moment, then the menu.
"""

from __future__ import annotations

import pygame

from game.net.remote_record import keep_finished_game
from game.net.remote_table import open_remote_table
from game.net.window_link import open_link, ready_to_open
from .games import GAMES
from .i18n import t
from .remote_words import ended_words, joining_failed_words, seated_words
from .resources import draw_text, draw_text_within
from .scaling import px
from .scene import Scene
from .widgets import CREAM, GOLD, dim, draw_panel

#: how long the table stays after it ended under the joiner, its words over it, before the menu
LEAVE_AFTER_S = 4.0
ENDED_NOTICE_S = 10.0


class JoiningScene(Scene):
    opaque = False
    back_on_escape = True

    def __init__(self, app, request):
        super().__init__(app)
        self.request = request
        self.link = open_link(request.address, request.port, request.code, request.name,
                              request.profile_id, table=request.table)
        self.arrived: list[dict] = []
        self.seated: dict | None = None   # the host's `seated`: the chair is ours
        self.handed_on = False            # the link is the table's now

    def update(self, now: float, dt: float) -> None:
        messages = self.link.poll()
        self.arrived += messages
        self.seated = self.seated or next(
            (m for m in messages if m.get("type") == "seated"), None)
        if self.link.ended is not None and not ready_to_open(self.arrived):
            ended = self.link.ended
            self.failed(str(self.link.joiner.ended) if ended == "end" else ended)
        elif ready_to_open(self.arrived) and self.link.seat.game in GAMES:
            self.open_table(now)

    def open_table(self, now: float) -> None:
        watch = RemoteWatch(self.app, self.request.profile_id)
        door = open_remote_table(self.link, now, self.arrived, watch.game_over)
        self.handed_on = True
        watch.sit_at(door)

    def failed(self, code: str) -> None:
        """Back on the Join screen, the reason in the player's words."""
        self.app.stack.pop()
        below = self.app.stack.top
        if below is not None and hasattr(below, "message"):
            below.message = joining_failed_words(code)

    def on_close(self) -> None:
        if not self.handed_on:
            self.link.close()             # given up: the chair (if any) is held as for a drop
        super().on_close()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        width, height = self.app.size
        panel = pygame.Rect(0, 0, min(px(560), width - px(40)), px(170))
        panel.center = (width // 2, height // 2)
        draw_panel(surface, panel, 245)
        where = f"{self.request.address}:{self.request.port}"
        inside = panel.width - px(40)
        draw_text_within(surface, t("remote.joining", address=where),
                         (panel.centerx, panel.y + px(24)), 24, inside, GOLD, bold=True,
                         anchor="midtop")
        if self.seated:
            draw_text_within(surface, seated_words(self.seated),
                             (panel.centerx, panel.y + px(72)), 16, inside, CREAM,
                             anchor="midtop")
        draw_text(surface, t("remote.cancel"), (panel.centerx, panel.bottom - px(36)), 15,
                  CREAM, anchor="midtop")


class RemoteWatch:
    """What the App keeps an eye on while a table across machines is open."""

    def __init__(self, app, profile_id: str | None):
        """`profile_id`: the joiner's profile in this machine's history (their games)."""
        self.app, self.profile_id = app, profile_id
        self.door = None
        self.leave_at: float | None = None
        self.recorded: set = set()
        self.said_finished = False

    def following(self, door) -> "RemoteWatch":
        self.door = door
        return self

    def sit_at(self, door) -> None:
        """The game's table scene on `door`, over the menu; the App follows it."""
        self.app.remote_watch = self.following(door)
        self.app.show("menu", reset=True)
        scene = GAMES[door.game].scene_class()(self.app, door)
        scene.marks.presence = door       # friends away, the host out of reach (drops.py)
        self.app.stack.push(scene)

    def next_game_coming(self, door) -> bool:
        """The host's next game at `door`'s table has begun (a table of several games): its
        end's dialog offers it."""
        return door is self.door and door.next_game_waiting

    def table_done(self, door) -> bool:
        """`door`'s table has played its games (its host ended the session): no next game."""
        return door is self.door and door.finished

    def game_over(self, message: dict, door) -> None:
        """The host's finished game: into this player's own history, once, marked as played
        across machines (the record's table block: `across_machines`)."""
        number = message.get("number")
        if number not in self.recorded and keep_finished_game(
                self.app.history, message, door.seats, door.seat, self.profile_id):
            self.recorded.add(number)

    def follow(self, now: float) -> None:
        """Every frame: the player gone on to the host's next game sits at it; a table that
        played its games says so; a table that ended under the joiner is left after a
        moment."""
        door = self.door
        if door is None:
            return
        if door.going_on and door.next_game_waiting:
            return self.open_next_game(now)
        if door.finished and not self.said_finished:
            self.said_finished = True
            self.app.say(ended_words("games_done"), ENDED_NOTICE_S)
        if door.left_reason is None:
            return
        if self.leave_at is None:
            self.leave_at = now + LEAVE_AFTER_S
        elif now >= self.leave_at:
            self.door = None
            if any(getattr(scene, "ctl", None) is door for scene in self.app.stack.scenes):
                self.app.show("menu", reset=True)
            # said over the table by its message log first, then once more over the menu
            # (not both at once: the same words twice)
            if door.left_reason != "games_done":
                self.app.say(ended_words(door.left_reason), ENDED_NOTICE_S)

    def open_next_game(self, now: float) -> None:
        """The game's table scene again, on the next game's door (the last one's scene closes
        without leaving the table)."""
        door = self.door.next_table(now)
        if door.game in GAMES:
            self.sit_at(door)
        else:                             # (the host changed the game: not a table we know)
            self.door = None
            door.close()
            self.app.show("menu", reset=True)
