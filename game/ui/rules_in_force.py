"""Which rules a table plays by (issue 24): the short line on the table ("House rules: last
winner opens · pairs", a button under the Menu button) and the full list it opens, a small
viewer over the table (the game waits meanwhile, TableScene.open_viewer)."""

from __future__ import annotations

import pygame

from .dialogs import Dialog
from .games import GAMES
from .i18n import t
from .resources import draw_text_within
from .scaling import px
from .widgets import CREAM, GOLD

GROUP_ROW = 30
RULE_ROW = 26


def house_rules_line(game: str, options: dict) -> str | None:
    """"House rules: …" naming each rule that differs from the base rules; None when the
    table plays the base rules."""
    spec = GAMES[game]
    rules = spec.house_rules_in_force(options)
    if not rules:
        return None
    words = " · ".join(t(rule.choice_key(game, options[rule.key])) for rule in rules)
    return t("house.line", rules=words)


class RulesInForceScene(Dialog):
    """Every house rule of the game with the choice this table made; the ones that differ
    from the base rules in gold."""

    def __init__(self, app, table_scene):
        super().__init__(app, table_scene)
        groups = GAMES[self.ctl.game].house_rules
        rules = sum(len(rules) for _, rules in groups)
        self.size = (640, 70 + GROUP_ROW * len(groups) + RULE_ROW * rules + 80)

    def build(self) -> None:
        self.close_button = self.bottom_button(t("house.close"), width=180)

    def on_button(self, element) -> None:
        if element is self.close_button:
            self.close()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
            self.table_scene.resume_from_pause()

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, surface) -> None:
        super().draw(surface)
        game, options = self.ctl.game, self.ctl.options
        panel = self.panel()
        self.draw_title(surface, t("house.in_force"), top=16, size=24)
        x, inner = panel.x + px(28), panel.width - px(56)
        y = panel.y + px(60)
        for group, rules in GAMES[game].house_rules:
            draw_text_within(surface, t(f"{game}.rule_group.{group}"), (x, y + px(4)), 16,
                             inner, GOLD, bold=True)
            y += px(GROUP_ROW)
            for rule in rules:
                value = options.get(rule.key, rule.values[0])
                house = value != rule.values[0]
                text = f"{t(f'{game}.rule.{rule.key}')}: {t(rule.choice_key(game, value))}"
                if house:
                    text += f" ({t('house.marked')})"
                draw_text_within(surface, text, (x + px(12), y), 15, inner - px(12),
                                 GOLD if house else CREAM, bold=house)
                y += px(RULE_ROW)
