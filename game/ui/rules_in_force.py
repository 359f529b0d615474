"""Which rules a table plays by: the short line on the table ("House rules: last
winner opens · pairs", a button under the Menu button) and the full list it opens, a small
viewer over the table (the game waits meanwhile, TableScene.open_viewer)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from .dialogs import Dialog
from .games import GAMES, SetupOption
from .i18n import t
from .resources import draw_lines_within, draw_text_within, fit_size, font
from .scaling import px
from .widgets import CREAM, GOLD, set_label

GROUP_ROW = 30
RULE_ROW = 26
SECOND_LINE = 20             # design pixels a rule's row grows by when its words wrap
RULE_TEXT = 15
RULES_LINE_TOP = 56          # design pixels: the house rules line, under the Menu button
RULES_LINE_HEIGHT = 28


def line_width(window_width: int) -> int:
    """The house rules line's width: clear of the top seat's name, centred above it."""
    return min(px(460), window_width // 2 - px(130))


def add_rules_button(scene, line: str) -> UIButton:
    """The house rules line under the Menu button of `scene` (the table, or the hand-off box
    over it, which keeps it in view): one click opens the whole list."""
    button = scene.add(UIButton(pygame.Rect(px(12), px(RULES_LINE_TOP),
                                            line_width(scene.app.size[0]),
                                            px(RULES_LINE_HEIGHT)), "", scene.app.manager))
    set_label(button, line)
    return button


def keep_clear(table_scene) -> None:
    """Shorten the house rules line (the table's, and the hand-off box's) to end before the
    avatars drawn beside it (the top seat's name and record are wide in some languages): its
    words are cut shorter then, and whole in its tooltip and in the list it opens."""
    line = table_scene.rules_line()
    for button in (table_scene.rules_button, getattr(table_scene.dialog, "rules_button", None)):
        if button is None or not line:
            continue
        right = button.rect.x + line_width(table_scene.app.size[0])
        for rect in table_scene.avatar_rects.values():
            if rect.top < button.rect.bottom + px(4) and rect.bottom > button.rect.top - px(4):
                right = min(right, rect.left - px(8))
        width = max(px(120), right - button.rect.x)
        if width != button.rect.width:
            button.set_dimensions((width, button.rect.height))
            set_label(button, line)


def house_rules_line(game: str, options: dict) -> str | None:
    """"House rules: …" naming each rule that differs from the base rules (a house rule, or a
    rule of play chosen on the setup page, like a −400 khishti); None when the table plays the
    base rules."""
    spec = GAMES[game]
    words = [t(rule.choice_key(game, options[rule.key]))
             for rule in spec.house_rules_in_force(options)]
    words += [setup_rule_words(option, options) for option in spec.setup_rules_in_force(options)]
    return t("house.line", rules=" · ".join(words)) if words else None


def setup_rule_words(option, options: dict) -> str:
    """"Khishti (ხიშტი) for taking no trick: −400"."""
    value = options.get(option.key, option.choices[0][0])
    return f"{t(option.label_key)}: {t(option.words(value))}"


def rule_groups(game: str) -> list[tuple[str, list]]:
    """The viewer's groups: (title, rows), a row being (words, differs from the base rules):
    the rules of play chosen on the setup page first, then each group of house rules."""
    spec = GAMES[game]
    return ([(t("house.group.setup"), list(spec.setup_rules()))] if spec.setup_rules() else []
            ) + [(t(f"{game}.rule_group.{group}"), list(rules))
                 for group, rules in spec.house_rules]


def row_words(game: str, rule, options: dict) -> tuple[str, bool]:
    if isinstance(rule, SetupOption):
        base = rule.choices[0][0]
        return setup_rule_words(rule, options), options.get(rule.key, base) != base
    value = options.get(rule.key, rule.values[0])
    return (f"{t(f'{game}.rule.{rule.key}')}: {t(rule.choice_key(game, value))}",
            value != rule.values[0])


class RulesInForceScene(Dialog):
    """Every house rule of the game with the choice this table made; the ones that differ
    from the base rules in gold. Esc or Close closes it."""
    back_on_escape = True

    def __init__(self, app, table_scene):
        super().__init__(app, table_scene)
        groups = rule_groups(self.ctl.game)
        rules = sum(len(rules) for _, rules in groups)
        self.size = (640, 70 + GROUP_ROW * len(groups) + RULE_ROW * rules + 80
                     + SECOND_LINE * len(self.two_line_rows()))

    def rows(self):
        """(words, a house rule) for each rule, None for each group's title before them."""
        game, options = self.ctl.game, self.ctl.options
        for title, rules in rule_groups(game):
            yield title, None
            for rule in rules:
                text, house = row_words(game, rule, options)
                yield (text + f" ({t('house.marked')})" if house else text), house

    def two_line_rows(self) -> list[str]:
        """The rows too wide for the panel even a little smaller: they wrap."""
        room = px(640 - 56 - 12)
        return [text for text, house in self.rows() if house is not None
                and font(fit_size(text, RULE_TEXT, room, house), house).get_rect(text).width
                > room]

    def build(self) -> None:
        self.close_button = self.bottom_button(t("house.close"), width=180)

    def on_button(self, element) -> None:
        if element is self.close_button:
            self.close()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
            self.table_scene.resume_from_pause()

    def draw(self, surface) -> None:
        super().draw(surface)
        panel = self.panel()
        self.draw_title(surface, t("house.in_force"), top=16, size=24)
        x, inner = panel.x + px(28), panel.width - px(56)
        y = panel.y + px(60)
        for text, house in self.rows():
            if house is None:                       # a group's title
                draw_text_within(surface, text, (x, y + px(4)), 16, inner, GOLD, bold=True)
                y += px(GROUP_ROW)
                continue
            rect = draw_lines_within(surface, text, (x + px(12), y), RULE_TEXT, inner - px(12),
                                     GOLD if house else CREAM, bold=house, anchor="topleft")
            y = max(y + px(RULE_ROW), rect.bottom + px(8))
