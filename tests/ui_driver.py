"""Driving the real window headless (SDL_VIDEODRIVER=dummy) with simulated time and real
pygame events."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.ui.app import App

SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", Path(__file__).resolve().parents[1]
                                  / "screenshots"))


class UiDriver:
    def __init__(self, tmp_path, size=(1280, 720)):
        self.app = App(size, data_dir=Path(tmp_path))
        self.now = 0.0

    def frames(self, count: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(count):
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

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        return path

    def run_until(self, predicate, max_frames: int = 20000, dt: float = 0.1) -> None:
        for _ in range(max_frames):
            if predicate():
                return
            self.frames(1, dt)
        raise AssertionError("the window never reached the expected state")
