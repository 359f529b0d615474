"""The House rules panel, opened from a game's setup: every house rule of the game
(docs/rules/variants.md, V-T1…, V-J3…, V-D1…) in groups, each with a one-line explanation and
its choices in words. A click on a rule's button moves it to its next choice; the setup's values
change in place, so the preset shown there turns to "custom" once they leave it."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from .games import CUSTOM
from .i18n import t
from .resources import draw_text_within
from .scaling import px, px_rect
from .scene import Scene
from .widgets import CREAM, GOLD, draw_felt, draw_panel, set_label

GROUP_ROW = 24           # design pixels of a group's heading
RULE_ROW = 46            # design pixels of a rule: its name and button, its explanation
BUTTON_WIDTH = 320
TOP = 92                 # design pixels from the panel's top to the first group
ABOUT = (190, 210, 195)


def rule_name(game: str, rule) -> str:
    return t(f"{game}.rule.{rule.key}")


def choice_words(game: str, rule, value) -> str:
    return t(rule.choice_key(game, value))


def preset_words(spec, chosen: dict) -> str:
    preset = spec.preset_of(chosen)
    return t(f"setup.preset.{preset}") if preset else t("setup.preset.custom")


class HouseRulesScene(Scene):
    back_on_escape = True

    def __init__(self, app, setup):
        """`setup`: the setup scene whose chosen values this panel changes."""
        super().__init__(app)
        self.game = setup.game
        self.spec = setup.spec
        self.chosen = setup.chosen
        self.rule_buttons: dict = {}

    def panel_rect(self) -> pygame.Rect:
        width, height = self.app.size
        groups = self.spec.house_rules
        rules = sum(len(rules) for _, rules in groups)
        wanted = px(TOP + GROUP_ROW * len(groups) + RULE_ROW * rules + 70)
        rect = pygame.Rect(0, 0, min(px(760), width - px(40)), min(wanted, height - px(20)))
        rect.center = (width // 2, height // 2)
        return rect

    def rows(self):
        """(kind, item, y) for each group heading and rule, y in window pixels."""
        panel = self.panel_rect()
        y = panel.y + px(TOP)
        for group, rules in self.spec.house_rules:
            yield "group", group, y
            y += px(GROUP_ROW)
            for rule in rules:
                yield "rule", rule, y
                y += px(RULE_ROW)

    def build(self) -> None:
        manager = self.app.manager
        panel = self.panel_rect()
        self.rule_buttons = {}
        for kind, rule, y in self.rows():
            if kind == "rule":
                rect = pygame.Rect(0, y, px(BUTTON_WIDTH), px(28))
                rect.right = panel.right - px(24)
                self.rule_buttons[self.add(UIButton(rect, "", manager))] = rule
        base, done = px_rect(0, 0, 200, 44), px_rect(0, 0, 160, 44)
        base.bottomleft = (panel.x + px(24), panel.bottom - px(14))
        done.bottomright = (panel.right - px(24), panel.bottom - px(14))
        self.base_button = self.add(UIButton(base, t("house.base"), manager))
        self.done_button = self.add(UIButton(done, t("house.done"), manager))
        self.refresh_labels()

    def refresh_labels(self) -> None:
        for button, rule in self.rule_buttons.items():
            set_label(button, choice_words(self.game, rule, self.value(rule)))

    def value(self, rule):
        return self.chosen.get(rule.key, rule.values[0])

    def on_button(self, element) -> None:
        rule = self.rule_buttons.get(element)
        if rule is not None:
            values = list(rule.values)
            self.chosen[rule.key] = values[(values.index(self.value(rule)) + 1) % len(values)]
            self.refresh_labels()
        elif element is self.base_button:
            for rule in self.spec.rules():
                self.chosen[rule.key] = rule.values[0]
            self.refresh_labels()
        elif element is self.done_button:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        panel = self.panel_rect()
        draw_panel(surface, panel)
        inner = panel.width - px(48)
        draw_text_within(surface, t("house.title", game=t(f"menu.{self.game}")),
                         (panel.centerx, panel.y + px(12)), 26, inner, GOLD, bold=True,
                         anchor="midtop")
        preset = preset_words(self.spec, self.chosen)
        colour = GOLD if self.spec.preset_of(self.chosen) == CUSTOM else CREAM
        draw_text_within(surface, t("house.preset", name=preset),
                         (panel.centerx, panel.y + px(46)), 16, inner, colour, anchor="midtop")
        draw_text_within(surface, t("house.hint"), (panel.centerx, panel.y + px(68)), 13,
                         inner, ABOUT, anchor="midtop")
        x = panel.x + px(24)
        text_width = panel.width - px(48 + BUTTON_WIDTH + 12)
        for kind, item, y in self.rows():
            if kind == "group":
                draw_text_within(surface, t(f"{self.game}.rule_group.{item}"), (x, y + px(2)),
                                 17, inner, GOLD, bold=True)
                continue
            house = self.value(item) != item.values[0]
            draw_text_within(surface, rule_name(self.game, item), (x + px(12), y + px(4)), 16,
                             text_width - px(12), GOLD if house else CREAM, bold=house)
            draw_text_within(surface, t(f"{self.game}.rule.{item.key}.about"),
                             (x + px(12), y + px(29)), 13, inner - px(12), ABOUT)
