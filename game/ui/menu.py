"""Main menu: Continue (when tables are saved: how many can be opened), the three games, Join a
table (across machines), Learn to play (the
guided first games), Statistics, Rules, Settings, About, Quit."""

from __future__ import annotations

import pygame


from .file_words import shown_name, with_reason
from .games import GAMES
from .history_words import history_problem_words
from .i18n import t
from .resources import draw_text, text_image, wrap_text
from .scaling import px, ui_scale
from .scene import Scene
from .widgets import GOLD, CREAM, button_column, draw_felt

MENU_TOP = 156           # design pixels: below the title and subtitle
COLUMN_WIDTH = 320      # design pixels: a button of the menu
#: design pixels a row would have in one column, under which the menu takes two columns
#: (a button is its row less a 12-pixel gap: at least 34 high then)
TWO_COLUMNS_BELOW = 46
MESSAGE_SIZE = 16
MESSAGE_COLOUR = (255, 190, 160)
#: the menu's entries that open a scene: entry -> the scene's name (App.SCENES)
SHOWN = {"continue": "saves", "join": "join", "learn": "lessons", "statistics": "statistics", "rules": "rules",
         "settings": "settings", "about": "about"}


def settings_problem_words(problem) -> str:
    """What was wrong with the settings file (config.SettingsProblem), in the player's words."""
    if problem.reset:
        return t("menu.settings_reset",
                 names=", ".join(t(f"settings.{name}") for name in problem.reset))
    if problem.set_aside_as is not None:
        return with_reason(t("menu.settings_set_aside", file=shown_name(problem.set_aside_as)),
                           problem.code)
    return with_reason(t("menu.settings_unreadable", file=shown_name(problem.file)),
                       problem.code)


class MenuScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.message = ""
        if app.settings_problem:          # shown once, on the first menu
            self.message = settings_problem_words(app.settings_problem)
            app.settings_problem = None
        if app.history.problem:           # the same for the history (set aside, kept as it is)
            self.message = " ".join(filter(None, (self.message, history_problem_words(
                app.history.problem, app.history.inbox))))
            app.history.problem = None
        self.buttons: dict = {}

    def build(self) -> None:
        width, height = self.app.size
        entries = []
        # the count is of the tables that can be opened; Continue shows while any file is
        # there (a damaged one is named on its list, and set aside there)
        if self.app.saves.files():
            entries.append(("continue", t("menu.continue", count=self.app.saves.count())))
        entries += [(game, t(f"menu.{game}")) for game in GAMES]
        entries.append(("join", t("join.menu")))
        entries += [("learn", t("menu.learn")),
                    ("statistics", t("menu.statistics")), ("rules", t("menu.rules")),
                    ("settings", t("menu.settings")), ("about", t("menu.about")),
                    ("quit", t("menu.quit"))]
        # the column sits between the subtitle and the message, closer-packed when short of room
        message = self.message_rects()
        room_bottom = (message[0][1].top if message else height) - px(12)
        columns = [entries]
        if (room_bottom - px(MENU_TOP)) // len(entries) < px(TWO_COLUMNS_BELOW) \
                and width >= px(2 * COLUMN_WIDTH + 60):
            rows = (len(entries) + 1) // 2      # a short window: two columns of tall buttons
            columns = [entries[:rows], entries[rows:]]
        rows = len(columns[0])
        # (shorter than 38 design pixels, only the gaps close up: a button stays 26 high)
        pitch = max(px(32), min(px(60), (room_bottom - px(MENU_TOP)) // rows))
        top = max(px(MENU_TOP), min(height // 2 - rows * pitch // 2,
                                    room_bottom - rows * pitch + px(12)))
        design_pitch = round(pitch / ui_scale())
        button_height = max(26, design_pitch - 12)
        step = px(COLUMN_WIDTH + 20)
        self.buttons = {}
        for index, column in enumerate(columns):
            centre = width // 2 + (index - (len(columns) - 1) / 2) * step
            made = button_column(self.app.manager, [label for _, label in column], int(centre),
                                 top, width=COLUMN_WIDTH, height=button_height,
                                 gap=design_pitch - button_height)
            for (key, _), button in zip(column, made):
                self.add(button)
                self.buttons[button] = key

    def on_button(self, element) -> None:
        key = self.buttons.get(element)
        if key in GAMES:
            self.app.show("setup", key)
        elif key in SHOWN:
            self.app.show(SHOWN[key])
        elif key == "quit":
            self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        width, height = surface.get_size()
        draw_text(surface, t("app.title"), (width // 2, px(60)), 44, GOLD, bold=True,
                  anchor="midtop")
        draw_text(surface, t("menu.subtitle"), (width // 2, px(118)), 22, CREAM, anchor="midtop")
        for line, rect in self.message_rects():
            draw_text(surface, line, rect.topleft, MESSAGE_SIZE, MESSAGE_COLOUR)

    def message_rects(self) -> list:
        """The message wrapped to the window, bottom-aligned: (line, rect) pairs."""
        width, height = self.app.size
        lines = wrap_text(self.message, MESSAGE_SIZE, width - px(80)) if self.message else []
        placed, bottom = [], height - px(20)
        for line in reversed(lines):
            rect = text_image(line, MESSAGE_SIZE, MESSAGE_COLOUR).get_rect()
            rect.midbottom = (width // 2, bottom)
            placed.append((line, rect))
            bottom = rect.top - px(4)
        return placed[::-1]
