"""What the three table scenes share: their controller, pausing (the clocks move on by the time
a menu or viewer was open), the controller's notices, the dialog over the table, and closing."""

from __future__ import annotations

from game.controller.table_controller import TableController

from .dialogs import PauseScene
from .notices import notice_message
from .scene import Scene


class TableScene(Scene):
    def __init__(self, app, controller: TableController):
        super().__init__(app)
        self.ctl = controller
        self.seen_events = 0                           # controller events already shown
        self.seen_notices = controller.notices.end
        self.paused_at: float | None = None
        self.dialog: Scene | None = None               # the dialog this table put up

    def say(self, text: str, colour) -> None:
        raise NotImplementedError

    def open_viewer(self, scene_class) -> None:
        """Open a scene over the table (pause menu, score sheet…); the game stops meanwhile."""
        if self.app.stack.top is self:
            if self.paused_at is None:
                self.paused_at = self.app.now
            self.app.stack.push(scene_class(self.app, self))

    def open_pause(self) -> None:
        self.open_viewer(PauseScene)

    def pause_actions(self) -> list:
        """The table's own pause-menu entries: (label, action)."""
        return []

    def resume_from_pause(self) -> float:
        """Give the controller the paused time back; returns how long the pause was."""
        if self.paused_at is None:
            return 0.0
        elapsed = self.app.now - self.paused_at
        self.ctl.pause_for(elapsed)
        self.paused_at = None
        return elapsed

    def announce_notices(self, names) -> None:
        for notice in self.ctl.notices.since(self.seen_notices):
            message = notice_message(notice, names)
            if message:
                self.say(*message)
        self.seen_notices = self.ctl.notices.end

    def on_close(self) -> None:
        super().on_close()
        self.ctl.close()
