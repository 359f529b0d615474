"""Settings: language, window size / fullscreen, animation speed, sound and volume, the default
AI level and turn timers. Every change applies at once and is stored."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel

from ai.bots import TABLE_LEVELS

from .config import LANGUAGES, SPEEDS, WINDOW_SIZES
from .i18n import LANGUAGE_NAMES, t
from .resources import draw_text
from .scaling import px, px_rect
from .scene import Scene
from .widgets import GOLD, draw_felt, draw_panel

def _next(values, current):
    values = list(values)
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


class SettingsScene(Scene):
    back_on_escape = True

    def panel_rect(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(px(640), width - px(40)), min(px(560), height - px(30)))
        rect.center = (width // 2, height // 2 + px(10))
        return rect

    def rows(self) -> list[tuple[str, str]]:
        s = self.app.settings
        on_off = lambda on: t("setup.on") if on else t("setup.off")  # noqa: E731
        return [
            ("language", f"{t('settings.language')}: {LANGUAGE_NAMES[s['language']]}"),
            ("window", f"{t('settings.window')}: {s['window'][0]} × {s['window'][1]}"),
            ("fullscreen", f"{t('settings.fullscreen')}: {on_off(s['fullscreen'])}"),
            ("animation", f"{t('settings.animation')}: {t('settings.speed.' + s['animation'])}"),
            ("sound", f"{t('settings.sound')}: {on_off(s['sound'])}"),
            ("ai_level", f"{t('settings.ai_level')}: {t('setup.level.' + s['ai_level'])}"),
            ("timers", f"{t('settings.timers')}: {on_off(s['timers'])}"),
        ]

    def build(self) -> None:
        panel = self.panel_rect()
        manager = self.app.manager
        self.buttons = {}
        y = panel.y + px(70)
        for key, label in self.rows():
            button = self.add(UIButton(pygame.Rect(panel.x + px(40), y, panel.width - px(80),
                                                   px(42)), label, manager))
            self.buttons[button] = key
            y += px(50)
        self.add(UILabel(pygame.Rect(panel.x + px(40), y, px(170), px(36)), t("settings.volume"),
                         manager))
        self.volume = self.add(UIHorizontalSlider(
            pygame.Rect(panel.x + px(220), y, panel.width - px(260), px(36)),
            self.app.settings["volume"], (0, 100), manager))
        back = px_rect(0, 0, 160, 44)
        back.midbottom = (panel.centerx, panel.bottom - px(14))
        self.back = self.add(UIButton(back, t("settings.back"), manager))

    def on_button(self, element) -> None:
        if element is self.back:
            self.go_back()
            return
        key = self.buttons.get(element)
        if key is None:
            return
        s = self.app.settings
        if key == "language":
            s["language"] = _next(LANGUAGES, s["language"])
        elif key == "window":
            s["window"] = list(_next(self.app.window_sizes(WINDOW_SIZES), tuple(s["window"])))
        elif key == "animation":
            s["animation"] = _next(SPEEDS, s["animation"])
        elif key == "ai_level":
            s["ai_level"] = _next(TABLE_LEVELS, s["ai_level"])
        else:
            s[key] = not s[key]
        self.app.apply_settings()          # rebuilds this scene in the new language/size

    def go_back(self) -> None:
        self.app.stack.pop()
        self.app.apply_settings()          # stores the volume too

    def handle(self, event) -> None:
        super().handle(event)
        if (event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
                and event.ui_element is self.volume):
            self.app.settings["volume"] = int(event.value)
            self.app.sound.set(self.app.settings["sound"], int(event.value))

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        panel = self.panel_rect()
        draw_panel(surface, panel)
        draw_text(surface, t("settings.title"), (panel.centerx, panel.y + px(18)), 30, GOLD,
                  bold=True, anchor="midtop")
