"""Hosting a table from the window (docs/network.md, "The window's side: hosting").

A setup with an Open chair ends here: the table is served at once (game/net/window_host.py,
on its own thread) and this waiting panel shows where to join (the addresses and port), the
join code, big, and each chair: who took it, or a "Fill with AI" button. Start is pressed once
every chair is taken or filled; the table then opens with its Open chairs as REMOTE seats
(their hands never shown here) and the host goes on serving it. A save of a hosted table
(Continue) is served again with its code and port (`host_again`), its friends coming back to
their chairs by name.
"""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.elements import UIButton

from game.controller.autosave import read_save_data
from game.controller.seats import SeatConfig
from game.controller.settings import ControllerSettings
from game.core.table import Table
from game.net.discovery import discovery_mode
from game.net.window_host import FAILED, LISTENING, WindowHosting, new_code, saved_hosting
from game.save_format import READ_ERRORS, WAIT

from .i18n import t
from .resources import draw_text, draw_text_within
from .scaling import px, px_rect
from .scene import Scene
from .widgets import CREAM, GOLD, draw_felt, draw_panel, set_enabled

ROW = 44                 # design pixels between two chairs' rows
#: the chairs' states (window_host.WindowHosting.chairs) and their words
STATE_KEYS = {"open": "hosting.chair.open", "taken": "hosting.chair.taken",
              "held": "hosting.chair.held", "bot": "hosting.chair.bot",
              "local": "hosting.chair.local"}


def start_hosting(app, game: str, seats: list[SeatConfig], settings: ControllerSettings,
                  code: str | None = None, port: int = 0, returning: bool = False
                  ) -> WindowHosting:
    """Serve the window's table (its host on its own thread) and remember it as the app's."""
    if app.hosting is not None:            # one hosted table at a time
        app.hosting.stop()
    # announced nearby by the player's name (any language's joiner reads a name as it is)
    host_name = next((seat.name for seat in seats if seat.is_human and not seat.is_remote), "")
    hosting = WindowHosting(
        game, seats, code=code or new_code(), lock=app.table_lock, clock=lambda: app.now,
        hold_s=settings.remote_hold_s, records=Path(app.data_dir) / "hosted", port=port,
        returning=returning, discovery=discovery_mode(app.settings.get("discovery")).mode,
        host_name=host_name)
    app.hosting = hosting.start()
    return hosting


def serve_table(app, scene, table: Table, hosting: WindowHosting) -> None:
    """The table on screen is the hosted one: its joiners get its frames, and the host stops
    (telling them) when the table closes."""
    hosting.attach(scene.ctl)
    scene.marks.presence = hosting         # the friends away: marks at their seats
    scene.when_closed.append(hosting.stop)


def host_again(app, table: Table, seats: list[SeatConfig], settings: ControllerSettings,
               save_path: Path | None) -> WindowHosting:
    """A saved hosted table reopened: served again with its code and port (a save without
    them, or with a damaged block, gets a new code)."""
    try:
        saved = saved_hosting(read_save_data(save_path).get("table")) if save_path else None
    except READ_ERRORS:
        saved = None
    code, port = saved or (None, 0)
    hosting = start_hosting(app, table.definition.name, seats, settings, code, port,
                            returning=True)
    app.say(hosted_again_words(hosting), 8)
    return hosting


def hosted_again_words(hosting: WindowHosting) -> str:
    """All a friend needs to join again: the code, and where (the port may have changed: the
    saved one was taken). The host binds in milliseconds; it is waited for a moment at most."""
    hosting.wait_listening()
    points = hosting.join_points()
    if not points:
        return t("hosting.again", code=hosting.code)
    return t("nearby.hosted_again", code=hosting.code, address=", ".join(points))


class HostingScene(Scene):
    """The waiting panel of a table being hosted, before it starts."""

    def __init__(self, app, game: str, seats: list[SeatConfig], engine_options: dict,
                 settings: ControllerSettings, seed: int, open_table):
        """`open_table`: games.open_table (which comes back here to serve the table)."""
        super().__init__(app)
        self.open_table = open_table
        self.game, self.seats, self.seed = game, seats, seed
        self.engine_options, self.settings = engine_options, settings
        self.hosting = start_hosting(app, game, seats, settings)
        self.started = False
        self.shown: tuple = ()             # (status, chairs) the widgets were built for
        self.fill_buttons: dict = {}

    def go_back(self) -> None:
        self.app.stack.pop()

    def on_close(self) -> None:
        super().on_close()
        if not self.started:               # Back, or the window closed: nobody waits any more
            self.hosting.stop()

    # widgets ---------------------------------------------------------------------------------
    def panel(self) -> pygame.Rect:
        width, height = self.app.size
        wanted = px(300 + ROW * len(self.seats) + 22 * len(self.hosting.addresses()))
        rect = pygame.Rect(0, 0, min(px(760), width - px(40)), min(wanted, height - px(20)))
        rect.center = (width // 2, height // 2)
        return rect

    def chairs_top(self, panel: pygame.Rect) -> int:
        return panel.y + px(190 + 22 * len(self.hosting.addresses()))

    def row_step(self, panel: pygame.Rect) -> int:
        room = panel.bottom - px(74) - self.chairs_top(panel)
        return min(px(ROW), room // max(1, len(self.seats)))

    def build(self) -> None:
        manager, panel = self.app.manager, self.panel()
        chairs = self.hosting.chairs()
        self.shown = self.moment(chairs)
        self.fill_buttons = {}
        y, step = self.chairs_top(panel), self.row_step(panel)
        for seat, chair in enumerate(chairs):
            if chair["state"] == "open" and self.hosting.status == LISTENING:
                rect = pygame.Rect(0, 0, px(200), min(px(36), step - px(4)))
                rect.topright = (panel.right - px(30), y)
                self.fill_buttons[self.add(UIButton(rect, t("hosting.fill"), manager))] = seat
            y += step
        back, start = px_rect(0, 0, 150, 44), px_rect(0, 0, 180, 44)
        back.bottomleft = (panel.x + px(30), panel.bottom - px(14))
        start.bottomright = (panel.right - px(30), panel.bottom - px(14))
        self.back_button = self.add(UIButton(back, t("setup.back"), manager))
        self.start_button = self.add(UIButton(start, t("setup.start"), manager))
        set_enabled(self.start_button, self.hosting.status == LISTENING and self.hosting.ready())

    def initial_focus(self):
        return next(iter(self.fill_buttons), self.start_button)

    def update(self, now: float, dt: float) -> None:
        if self.app.stack.top is self and self.shown != self.moment(self.hosting.chairs()):
            self.rebuild()                 # a friend sat down, a chair was filled

    def moment(self, chairs: list[dict]) -> tuple:
        """What the widgets are built for: the host's status and each chair's name and state."""
        return self.hosting.status, tuple((chair["name"], chair["state"]) for chair in chairs)

    # input -----------------------------------------------------------------------------------
    def on_button(self, element) -> None:
        if element in self.fill_buttons:
            self.fill(self.fill_buttons[element])
        elif element is self.back_button:
            self.app.stack.pop()
        elif element is self.start_button and self.hosting.ready():
            self.start()

    def fill(self, seat: int) -> None:
        """An AI plays the chair: the chair's own fallback level (the setup's level when it
        was to wait), under the seat's default name unless a friend has it."""
        chair = self.seats[seat]
        level = chair.level if chair.level != WAIT else self.app.settings["ai_level"]
        taken = {c["name"] for c in self.hosting.chairs() if c["name"]}
        name = chair.name if chair.name not in taken else f"{chair.name} {seat + 1}"
        self.hosting.fill_with_ai(seat, name, level)

    def start(self) -> None:
        seats = self.hosting.seats(self.seats)
        table = Table.open(self.game, [seat.name for seat in seats], self.engine_options,
                           self.seed)
        self.started = True
        self.open_table(self.app, table, seats, self.settings, hosting=self.hosting)

    # drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        panel = self.panel()
        draw_panel(surface, panel)
        x, width = panel.x + px(30), panel.width - px(60)
        draw_text_within(surface, t("hosting.title", game=t(f"menu.{self.game}")),
                         (panel.centerx, panel.y + px(14)), 26, width, GOLD, bold=True,
                         anchor="midtop")
        status = self.hosting.status
        if status == FAILED:
            draw_text_within(surface, t("hosting.failed"), (x, panel.y + px(60)), 17, width,
                             (255, 150, 130))
            return
        if status != LISTENING:
            draw_text_within(surface, t("hosting.opening"), (x, panel.y + px(60)), 17, width,
                             CREAM)
            return
        draw_text(surface, t("hosting.code"), (x, panel.y + px(58)), 17, CREAM)
        draw_text(surface, " ".join(self.hosting.code), (panel.centerx, panel.y + px(78)), 44,
                  GOLD, bold=True, anchor="midtop")
        y = panel.y + px(142)
        draw_text_within(surface, t("hosting.addresses"), (x, y), 17, width, CREAM)
        for point in self.hosting.join_points():
            y += px(22)
            draw_text(surface, point, (x + px(20), y), 19, GOLD, bold=True)
        y, step = self.chairs_top(panel), self.row_step(panel)
        for seat, chair in enumerate(self.hosting.chairs()):
            words = t(STATE_KEYS.get(chair["state"], "hosting.chair.open"),
                      name=chair["name"] or "")
            draw_text_within(surface, f"{t('setup.seat', chair='ABCD'[seat])}  {words}",
                             (x, y + px(8)), 17, width - px(210), CREAM)
            y += step
        if not self.hosting.ready():
            draw_text_within(surface, t("hosting.waiting"),
                             (panel.centerx, panel.bottom - px(86)), 15, width - px(360),
                             CREAM, anchor="midbottom")
