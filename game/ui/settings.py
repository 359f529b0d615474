"""Settings (for now: animation speed; issue 9 adds language, sound, window, timers)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from .i18n import t
from .resources import draw_text
from .scene import Scene
from .widgets import GOLD, draw_felt

SPEEDS = ("slow", "normal", "fast")
#: animation speed -> seconds a bot's move stays readable
MOVE_PAUSE = {"slow": 1.2, "normal": 0.7, "fast": 0.3}


class SettingsScene(Scene):
    def build(self) -> None:
        width, height = self.app.size
        speed = self.app.settings["animation"]
        self.speed_button = self.add(UIButton(
            pygame.Rect(width // 2 - 200, 160, 400, 48),
            f"{t('settings.animation')}: {t('settings.speed.' + speed)}", self.app.manager))
        self.back = self.add(UIButton(pygame.Rect(width // 2 - 80, height - 90, 160, 44),
                                      t("settings.back"), self.app.manager))

    def on_button(self, element) -> None:
        if element is self.speed_button:
            current = SPEEDS.index(self.app.settings["animation"])
            self.app.settings["animation"] = SPEEDS[(current + 1) % len(SPEEDS)]
            self.rebuild()
        elif element is self.back:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        draw_text(surface, t("settings.title"), (surface.get_width() // 2, 60), 32, GOLD,
                  bold=True, anchor="midtop")
