"""A question asked before something is done for good (e.g. deleting a saved table): the
scene below stays in view, dimmed; one button does it, Cancel (or Esc) does not."""

from __future__ import annotations

from typing import Callable

import pygame
from pygame_gui.elements import UIButton

from .i18n import t
from .resources import draw_text, wrap_text
from .scaling import px
from .scene import Scene
from .widgets import CREAM, dim, draw_panel

TEXT_SIZE = 18
LINE = 26                # design pixels, as every length here
BUTTON = (180, 46)


class ConfirmScene(Scene):
    opaque = False
    back_on_escape = True

    def __init__(self, app, question: str, do_label: str, on_confirm: Callable[[], None]):
        super().__init__(app)
        self.question = question
        self.do_label = do_label
        self.on_confirm = on_confirm
        self.lines: list[str] = []


    def panel_width(self) -> int:
        return min(px(600), self.app.size[0] - px(40))

    def panel(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.panel_width(), px(LINE * len(self.lines) + 124))
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    def build(self) -> None:
        self.lines = wrap_text(self.question, TEXT_SIZE, self.panel_width() - px(60))
        panel = self.panel()
        button = (px(BUTTON[0]), px(BUTTON[1]))
        do, cancel = pygame.Rect((0, 0), button), pygame.Rect((0, 0), button)
        do.bottomright = (panel.centerx - px(10), panel.bottom - px(22))
        cancel.bottomleft = (panel.centerx + px(10), panel.bottom - px(22))
        self.do_button = self.add(UIButton(do, self.do_label, self.app.manager))
        self.cancel_button = self.add(UIButton(cancel, t("confirm.cancel"), self.app.manager))

    def initial_focus(self):
        """The keyboard starts on Cancel: a Return pressed at once changes nothing."""
        return self.cancel_button

    def on_button(self, element) -> None:
        if element is self.do_button:
            self.app.stack.pop()
            self.on_confirm()
        elif element is self.cancel_button:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        panel = self.panel()
        draw_panel(surface, panel, 240)
        for number, line in enumerate(self.lines):
            draw_text(surface, line, (panel.centerx, panel.y + px(30 + number * LINE)),
                      TEXT_SIZE, CREAM, anchor="midtop")
