"""Table setup: each seat Human (with a name) or AI (easy / normal / hard), the rule preset
("Tournament": timers and misplay penalty on; "Casual": off), each option, and an optional seed."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from ai.bots import TABLE_LEVELS
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.table_controller import new_seed
from game.core.table import Table

from .i18n import t
from .resources import draw_text
from .scene import Scene
from .widgets import GOLD, draw_felt, draw_panel

DEFAULT_NAMES = {"domino": ["Ani", "Budi", "Citra", "Dewi"]}
PRESETS = {"tournament": {"misplay_penalty": True, "timers": True},
           "casual": {"misplay_penalty": False, "timers": False}}


class SetupScene(Scene):
    def __init__(self, app, game: str):
        super().__init__(app)
        self.game = game
        names = DEFAULT_NAMES[game]
        self.seats = [SeatConfig(names[0], HUMAN)] + [SeatConfig(n, AI, "normal")
                                                      for n in names[1:]]
        self.preset = "tournament"
        self.options = dict(PRESETS[self.preset])
        self.seed_text = ""
        self.rows: list[dict] = []

    # widgets ---------------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(760, width - 40), min(560, height - 40))
        rect.center = (width // 2, height // 2 + 10)
        return rect

    def build(self) -> None:
        manager = self.app.manager
        panel = self.panel_rect()
        x, y = panel.x + 30, panel.y + 70
        self.rows = []
        kinds = [t("setup.human"), t("setup.ai")]
        levels = [t(f"setup.level.{level}") for level in TABLE_LEVELS]
        for chair, seat in enumerate(self.seats):
            row = {}
            self.add(UILabel(pygame.Rect(x, y, 110, 36), t("setup.seat", chair="ABCD"[chair]),
                             manager))
            row["kind"] = self.add(UIDropDownMenu(kinds, kinds[0 if seat.is_human else 1],
                                                  pygame.Rect(x + 115, y, 120, 36), manager))
            row["name"] = self.add(UITextEntryLine(pygame.Rect(x + 245, y, 220, 36), manager))
            row["name"].set_text(seat.name)
            row["level"] = self.add(UIDropDownMenu(levels, levels[TABLE_LEVELS.index(
                seat.level)], pygame.Rect(x + 475, y, 150, 36), manager))
            if seat.is_human:
                row["level"].disable()
            self.rows.append(row)
            y += 48
        y += 14
        presets = [t("setup.preset.tournament"), t("setup.preset.casual")]
        self.add(UILabel(pygame.Rect(x, y, 110, 36), t("setup.preset"), manager))
        self.preset_menu = self.add(UIDropDownMenu(
            presets, presets[0 if self.preset == "tournament" else 1],
            pygame.Rect(x + 115, y, 200, 36), manager))
        y += 48
        self.misplay_button = self.add(UIButton(pygame.Rect(x, y, 420, 36), "", manager))
        y += 44
        self.timer_button = self.add(UIButton(pygame.Rect(x, y, 420, 36), "", manager))
        y += 52
        self.add(UILabel(pygame.Rect(x, y, 170, 36), t("setup.seed"), manager))
        self.seed_entry = self.add(UITextEntryLine(pygame.Rect(x + 175, y, 200, 36), manager))
        self.seed_entry.set_text(self.seed_text)
        self.back_button = self.add(UIButton(pygame.Rect(panel.x + 30, panel.bottom - 60, 150,
                                                         44), t("setup.back"), manager))
        self.start_button = self.add(UIButton(pygame.Rect(panel.right - 210, panel.bottom - 60,
                                                          180, 44), t("setup.start"), manager))
        self.refresh_option_labels()

    def refresh_option_labels(self) -> None:
        state = lambda on: t("setup.on") if on else t("setup.off")  # noqa: E731
        self.misplay_button.set_text(
            f"{t('setup.misplay_penalty')}: {state(self.options['misplay_penalty'])}")
        self.timer_button.set_text(f"{t('setup.timers')}: {state(self.options['timers'])}")

    # input -----------------------------------------------------------------------------------
    def read_rows(self) -> None:
        for chair, row in enumerate(self.rows):
            human = row["kind"].selected_option[0] == t("setup.human")
            labels = [t(f"setup.level.{level}") for level in TABLE_LEVELS]
            level = TABLE_LEVELS[labels.index(row["level"].selected_option[0])]
            name = row["name"].get_text().strip() or DEFAULT_NAMES[self.game][chair]
            self.seats[chair] = SeatConfig(name[:16], HUMAN if human else AI, level)
        self.seed_text = self.seed_entry.get_text().strip()

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.read_rows()
            if event.ui_element is self.preset_menu:
                self.preset = ("tournament" if event.text == t("setup.preset.tournament")
                               else "casual")
                self.options = dict(PRESETS[self.preset])
            self.rebuild()

    def on_button(self, element) -> None:
        if element is self.misplay_button:
            self.options["misplay_penalty"] = not self.options["misplay_penalty"]
            self.refresh_option_labels()
        elif element is self.timer_button:
            self.options["timers"] = not self.options["timers"]
            self.refresh_option_labels()
        elif element is self.back_button:
            self.app.stack.pop()
        elif element is self.start_button:
            self.read_rows()
            self.start()

    def start(self) -> None:
        from .domino.table_scene import open_table

        seed = int(self.seed_text) if self.seed_text.isdigit() else new_seed()
        timers = self.options["timers"]
        options = {"misplay_penalty": self.options["misplay_penalty"],
                   "turn_seconds": 35 if timers else 0, "tambah_seconds": 60}
        table = Table(self.game, [seat.name for seat in self.seats], options, seed=seed)
        settings = {"turn_seconds": options["turn_seconds"] if timers else 0,
                    "tambah_seconds": 60 if timers else 0}
        open_table(self.app, table, list(self.seats), settings)

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        panel = self.panel_rect()
        draw_panel(surface, panel)
        draw_text(surface, t("setup.title", game=t(f"menu.{self.game}")),
                  (panel.centerx, panel.y + 18), 28, GOLD, bold=True, anchor="midtop")
