"""About: the version, the licence and the credits (fonts, sounds, libraries, the rule
sources), over the menu; Close or Esc goes back."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game import __version__

from .i18n import t
from .resources import draw_text, wrap_text
from .scaling import px, px_rect
from .scene import Scene
from .widgets import CREAM, GOLD, dim, draw_panel

TEXT_SIZE = 16
LINE = 22                # design pixels, as every length here
#: the credits, each a locale key (the names in them are the works' own)
CREDIT_KEYS = ("about.credit.code", "about.credit.fonts", "about.credit.sounds",
               "about.credit.libraries", "about.credit.rules")


class AboutScene(Scene):
    opaque = False
    back_on_escape = True

    def __init__(self, app):
        super().__init__(app)
        self.lines: list[str] = []

    def panel_width(self) -> int:
        return min(px(640), self.app.size[0] - px(40))

    def panel(self) -> pygame.Rect:
        text = sum(LINE if line else LINE // 2 for line in self.lines)
        height = min(px(96 + text + 70), self.app.size[1] - px(20))
        rect = pygame.Rect(0, 0, self.panel_width(), height)
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    def build(self) -> None:
        inner = self.panel_width() - px(56)
        self.lines = []
        for key in CREDIT_KEYS:
            self.lines += wrap_text(t(key), TEXT_SIZE, inner) + [""]     # "": a gap
        panel = self.panel()
        close = px_rect(0, 0, 180, 44)
        close.midbottom = (panel.centerx, panel.bottom - px(18))
        self.close_button = self.add(UIButton(close, t("about.close"), self.app.manager))

    def on_button(self, element) -> None:
        if element is self.close_button:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        panel = self.panel()
        draw_panel(surface, panel, 240)
        draw_text(surface, t("app.title"), (panel.centerx, panel.y + px(20)), 24, GOLD,
                  bold=True, anchor="midtop")
        draw_text(surface, t("about.version", version=__version__),
                  (panel.centerx, panel.y + px(56)), 17, CREAM, anchor="midtop")
        y = panel.y + px(96)
        for line in self.lines:
            draw_text(surface, line, (panel.x + px(28), y), TEXT_SIZE, CREAM)
            y += px(LINE if line else LINE // 2)
