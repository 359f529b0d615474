"""The rules screen: each game's rules as implemented (spec and decisions), scrollable, with a
button per game to switch between them."""

from __future__ import annotations

import html

import pygame
from pygame_gui.elements import UIButton, UITextBox

from game.core.registry import game_names, get_game

from .i18n import language, t
from .resources import ASSETS, draw_text
from .scaling import px, px_rect
from .scene import Scene
from .widgets import GOLD, draw_felt


def rules_file(game: str):
    """The rules text in the chosen language (English when there is none)."""
    localised = ASSETS / "rules" / f"{game}.{language()}.txt"
    return localised if localised.exists() else ASSETS / "rules" / f"{game}.en.txt"


def rules_text(game: str) -> str:
    """The rules, then the game's words (its definition's glossary, explained in
    assets/locale/<lang>/glossary.json)."""
    words = [t(f"term.{term}") for term in get_game(game).glossary]
    text = rules_file(game).read_text(encoding="utf-8")
    return text + ("\n\n" + t("rules.glossary") + "\n" + "\n".join(f"• {w}" for w in words)
                   if words else "")


class RulesScene(Scene):
    back_on_escape = True

    def __init__(self, app, game: str = "domino"):
        super().__init__(app)
        self.game = game

    def build(self) -> None:
        width, height = self.app.size
        text = rules_text(self.game)
        body = "<br>".join(html.escape(line) for line in text.splitlines())
        self.add(UITextBox(body, pygame.Rect(px(40), px(80), width - px(80), height - px(160)),
                           self.app.manager))
        back = px_rect(0, 0, 160, 44)
        back.bottomright = (width - px(40), height - px(22))
        self.back = self.add(UIButton(back, t("rules.back"), self.app.manager))
        self.game_buttons = {}
        for index, game in enumerate(g for g in game_names() if rules_file(g).exists()):
            button = self.add(UIButton(pygame.Rect(px(40 + index * 230), height - px(66), px(220),
                                                   px(44)),
                                       t(f"menu.{game}"), self.app.manager))
            if game == self.game:
                button.disable()
            self.game_buttons[button] = game

    def on_button(self, element) -> None:
        if element is self.back:
            self.app.stack.pop()
        elif element in self.game_buttons:
            self.game = self.game_buttons[element]
            self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        draw_text(surface, t("rules.title") + " — " + t(f"menu.{self.game}"),
                  (surface.get_width() // 2, px(24)), 30, GOLD, bold=True, anchor="midtop")
