"""Settings, on two tabs. General: language, window size / fullscreen, animation speed, sound and
volume, the default AI level and turn timers. Table: the felt's colour, the card back, the
four-colour deck and reduced motion, with a small table showing them. Every change applies at
once and is stored.

Opened from a table's pause menu (`over_table`), the paused table stays in view around the
panel, dimmed as under the pause menu, and `on_leave` is called when Settings close (the table
takes the new speed and look). The timers
and the AI level are the defaults of the next tables: the table in play keeps its own, and the
panel says so."""

from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from ai.bots import TABLE_LEVELS

from . import look
from .cards import card_back, card_image, card_size
from .config import LANGUAGES, SPEEDS, WINDOW_SIZES
from .i18n import LANGUAGE_NAMES, t
from .resources import draw_text, draw_text_within
from .scaling import px, px_rect
from .scene import Scene
from .widgets import CREAM, GOLD, ScaledSlider, draw_felt, draw_panel

#: the values a row cycles through (the others are on / off)
CHOICES = {"language": LANGUAGES, "animation": SPEEDS, "ai_level": TABLE_LEVELS,
           "felt": tuple(look.FELTS), "card_back": look.CARD_BACKS}
TABS = ("general", "table")
#: the cards of the Table tab's preview: one of each suit
PREVIEW = ("AS", "KH", "9D", "5C")
ROW_STEP, ROW_HEIGHT = 48, 40        # design pixels (rows get closer when the panel is short)
NOTE_ROOM = 22                       # over a table: the line above Back


def _next(values, current):
    values = list(values)
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


class SettingsScene(Scene):
    back_on_escape = True

    def __init__(self, app, over_table: bool = False,
                 on_leave: Callable[[], None] | None = None):
        super().__init__(app)
        self.over_table = over_table
        self.opaque = not over_table      # the paused table and its menu's shade show around
        self.on_leave = on_leave
        self.tab = "general"
        self.tabs: dict = {}
        self.volume = None

    def panel_rect(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(px(640), width - px(40)), min(px(560), height - px(30)))
        rect.center = (width // 2, height // 2 + px(10))
        return rect

    def rows(self) -> list[tuple[str, str]]:
        """(setting, its button's words) of the tab shown."""
        s = self.app.settings
        on_off = lambda on: t("setup.on") if on else t("setup.off")  # noqa: E731
        if self.tab == "table":
            return [
                ("felt", f"{t('settings.felt')}: {t('settings.felt.' + s['felt'])}"),
                ("card_back",
                 f"{t('settings.card_back')}: {t('settings.card_back.' + s['card_back'])}"),
                ("four_colour", f"{t('settings.four_colour')}: {on_off(s['four_colour'])}"),
                ("reduced_motion",
                 f"{t('settings.reduced_motion')}: {on_off(s['reduced_motion'])}"),
            ]
        return [
            ("language", f"{t('settings.language')}: {LANGUAGE_NAMES[s['language']]}"),
            ("window", f"{t('settings.window')}: {s['window'][0]} × {s['window'][1]}"),
            ("fullscreen", f"{t('settings.fullscreen')}: {on_off(s['fullscreen'])}"),
            ("animation", f"{t('settings.animation')}: {t('settings.speed.' + s['animation'])}"),
            ("sound", f"{t('settings.sound')}: {on_off(s['sound'])}"),
            ("ai_level", f"{t('settings.ai_level')}: {t('setup.level.' + s['ai_level'])}"),
            ("timers", f"{t('settings.timers')}: {on_off(s['timers'])}"),
        ]

    def back_rect(self) -> pygame.Rect:
        panel = self.panel_rect()
        back = px_rect(0, 0, 160, 44)
        back.midbottom = (panel.centerx, panel.bottom - px(14))
        return back

    def rows_top(self) -> int:
        return self.panel_rect().y + px(112)

    def row_step(self, count: int) -> int:
        """Rows get closer when the panel is short (the volume slider comes after them)."""
        room = self.back_rect().top - px(14) - self.rows_top() - (
            px(36) + (px(NOTE_ROOM) if self.over_table else 0)
            if self.tab == "general" else 0)
        return min(px(ROW_STEP), room // max(1, count))

    def build(self) -> None:
        panel = self.panel_rect()
        manager = self.app.manager
        self.buttons, self.tabs = {}, {}
        width = (panel.width - px(90)) // 2
        for index, tab in enumerate(TABS):
            rect = pygame.Rect(panel.x + px(40) + index * (width + px(10)), panel.y + px(60),
                               width, px(38))
            button = self.add(UIButton(rect, t(f"settings.tab.{tab}"), manager))
            if tab == self.tab:
                button.select()
            self.tabs[button] = tab
        rows = self.rows()
        step = self.row_step(len(rows))
        y = self.rows_top()
        for key, label in rows:
            button = self.add(UIButton(pygame.Rect(panel.x + px(40), y, panel.width - px(80),
                                                   min(px(ROW_HEIGHT), step - px(4))),
                                       label, manager))
            self.buttons[button] = key
            y += step
        self.volume = None
        if self.tab == "general":
            self.add(UILabel(pygame.Rect(panel.x + px(40), y, px(170), px(36)),
                             t("settings.volume"), manager))
            self.volume = self.add(ScaledSlider(
                pygame.Rect(panel.x + px(220), y, panel.width - px(260), px(36)),
                self.app.settings["volume"], (0, 100), manager))
        self.back = self.add(UIButton(self.back_rect(), t("settings.back"), manager))

    def on_button(self, element) -> None:
        if element is self.back:
            self.go_back()
            return
        if element in self.tabs:
            self.tab = self.tabs[element]
            self.rebuild()
            return
        key = self.buttons.get(element)
        if key is None:
            return
        s = self.app.settings
        if key == "window":
            s["window"] = list(_next(self.app.window_sizes(WINDOW_SIZES), tuple(s["window"])))
        elif key in CHOICES:
            s[key] = _next(CHOICES[key], s[key])
        else:
            s[key] = not s[key]
        self.app.apply_settings()          # rebuilds this scene in the new language/size

    def go_back(self) -> None:
        self.app.stack.pop()
        self.app.apply_settings()          # stores the volume too
        if self.on_leave is not None:
            self.on_leave()

    def handle(self, event) -> None:
        super().handle(event)
        if (event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and self.volume is not None
                and event.ui_element is self.volume):
            self.app.settings["volume"] = int(event.value)
            self.app.sound.set(self.app.settings["sound"], int(event.value))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.over_table:
            draw_felt(surface)
        panel = self.panel_rect()
        draw_panel(surface, panel, 255 if self.over_table else 215)   # not through it
        draw_text(surface, t("settings.title"), (panel.centerx, panel.y + px(14)), 30, GOLD,
                  bold=True, anchor="midtop")
        if self.tab == "table":
            self.draw_preview(surface)
        elif self.over_table:
            self.draw_next_tables_note(surface)

    def draw_next_tables_note(self, surface: pygame.Surface) -> None:
        """Over a table: the timers and the AI level are for the next tables (this one keeps
        its own), said above Back."""
        panel, back = self.panel_rect(), self.back_rect()
        draw_text_within(surface, t("settings.next_tables"), (panel.centerx, back.top - px(6)),
                         13, panel.width - px(60), CREAM, anchor="midbottom")

    def preview_rect(self) -> pygame.Rect:
        """Below the Table tab's rows, above Back."""
        panel = self.panel_rect()
        top = self.rows_top() + self.row_step(4) * 4 + px(6)
        return pygame.Rect(panel.x + px(40), top, panel.width - px(80),
                           self.back_rect().top - px(14) - top)

    def draw_preview(self, surface: pygame.Surface) -> None:
        """A corner of the table as chosen: the felt, a card back and one card of each suit."""
        rect = self.preview_rect()
        cloth, rim = look.felt()
        pygame.draw.rect(surface, cloth, rect, border_radius=px(10))
        pygame.draw.rect(surface, rim, rect, px(5), border_radius=px(10))
        width = min(px(70), int((rect.height - px(24)) / card_size(100)[1] * 100))
        w, h = card_size(width)
        images = [card_back(width)] + [card_image(card, width) for card in PREVIEW]
        gap = px(14)
        x = rect.centerx - (len(images) * (w + gap) - gap) // 2
        for index, image in enumerate(images):
            surface.blit(image, (x + index * (w + gap) + (gap if index else 0) - gap // 2,
                                 rect.centery - h // 2))
