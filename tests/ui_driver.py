"""Driving the real window headless (SDL_VIDEODRIVER=dummy) with simulated time and real
pygame events.

What a test sees must never depend on how threads are scheduled: by default the bots answer at
once on the calling thread (the inline runner). A driver made with `threaded=True` keeps the
real worker thread, and waits for a bot's pending answer before it moves simulated time on,
so the window sees the answer at the same simulated moment on a quiet or a busy machine."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.controller.table_controller import InlineBotRunner, ThreadBotRunner
from game.ui.app import App

SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", Path(__file__).resolve().parents[1]
                                  / "screenshots"))


#: the screen the headless window pretends to be on (every window size of Settings fits)
DESKTOP = (2560, 1440)
#: how long a threaded bot may think before the test calls it stuck (real seconds)
BOT_ANSWER_TIMEOUT_S = 120


class UiDriver:
    def __init__(self, tmp_path, size=(1280, 720), threaded: bool = False):
        self.app = App(size, data_dir=Path(tmp_path),
                       bot_runner=ThreadBotRunner if threaded else InlineBotRunner,
                       desktop=DESKTOP)
        self.now = 0.0

    def controller(self):
        """The controller of the table on the stack, if a table is open."""
        return next((scene.ctl for scene in self.app.stack.scenes if hasattr(scene, "ctl")),
                    None)

    def wait_for_bot(self) -> None:
        """Block (in real time) until a bot's pending answer is ready."""
        ctl = self.controller()
        desk = getattr(ctl, "desk", None)          # a table across machines has none
        pending = desk.pending if desk is not None else None
        if pending is not None and not pending.cancelled():
            pending.result(timeout=BOT_ANSWER_TIMEOUT_S)

    def frames(self, count: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(count):
            self.wait_for_bot()
            self.now += dt
            self.app.frame(self.now, dt)

    def click(self, pos, button: int = 1) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(2)

    def press(self, ui_button) -> None:
        """Click a pygame_gui button where it is drawn."""
        self.frames(1)
        self.click(ui_button.rect.center)

    def top(self):
        return self.app.stack.top

    def open_game(self, game: str, kinds, seed: int, options: dict | None = None):
        """A table of `game` in the window, its chairs HUMAN or AI (`kinds`), with the setup's
        default options overlaid by `options`; its bots play at random (fast, and legal)."""
        from ai.bots import make_bot
        from game.controller.seats import SeatConfig
        from game.core.table import Table
        from game.ui.games import GAMES, open_table

        spec = GAMES[game]
        names = list(spec.default_names)
        chosen = {**spec.defaults(), **(options or {})}
        table = Table.open(game, names, spec.table_options(chosen)[0], seed=seed)
        open_table(self.app, table, [SeatConfig(name, kind, "easy")
                                     for name, kind in zip(names, kinds)])
        scene = self.top()
        for player in scene.ctl.bots:
            scene.ctl.bots[player] = make_bot(game, "random", f"{seed}/{player}")
        return scene

    def open_saved(self, index: int = 0) -> None:
        """From the menu: Continue, then Open on the list's `index`-th table (newest first)."""
        menu = self.top()
        self.press(next(b for b, key in menu.buttons.items() if key == "continue"))
        saves = self.top()
        wanted = saves.tables[index]
        self.press(next(b for b, saved in saves.open_buttons.items() if saved is wanted))

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        return path

    def progress(self) -> tuple:
        """What moves when the game moves on: the scene on top, the deals and actions played,
        and the table's phase."""
        ctl = self.controller()
        played = ((len(ctl.table.record["deals"]), len(ctl.table.record["actions"]), ctl.phase)
                  if ctl is not None else ())
        return (id(self.top()), *played)

    def run_until(self, predicate, dt: float = 0.1, patience_s: float = 300.0,
                  within_s: float | None = None) -> None:
        """Advance simulated time until `predicate()` holds. It fails when the game stops
        moving: nothing in `progress()` changed for `patience_s` of simulated time (no pause,
        hold or timer of the tables comes near it), however long the game itself is; and,
        with `within_s`, when the state takes longer than that in simulated time."""
        last, still, started = self.progress(), 0.0, self.now
        while not predicate():
            if within_s is not None and self.now - started > within_s:
                raise AssertionError(f"the window did not reach the expected state within "
                                     f"{within_s} s of simulated time")
            self.frames(1, dt)
            now = self.progress()
            still = 0.0 if now != last else still + dt
            last = now
            if still > patience_s:
                raise AssertionError(f"the window stopped moving for {patience_s:.0f} s of "
                                     f"simulated time before reaching the expected state "
                                     f"(top scene: {type(self.top()).__name__})")
