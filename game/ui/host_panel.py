"""The host's "Table & friends" panel during play (docs/network.md, "The window's side: hosting"),
opened from the pause menu of a table this window hosts: the join code and the addresses (a late
friend can still join a chair left open), each chair's state, and "Fill with AI" for a remote
chair whose friend is away or never came: an AI of the level chosen plays it to the game's end
(table_host.fill_with_bot, game/controller/seat_change.py). The pause menu opens it (App.show
"friends") and carries the code and the first address on one line (WindowHosting.where)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from ai.bots import TABLE_LEVELS
from game.net.window_host import FAILED, LISTENING
from game.save_format import WAIT

from .dialogs import Dialog
from .hosting import STATE_KEYS
from .i18n import t
from .resources import draw_lines_within, draw_text, draw_text_within
from .scaling import px
from .widgets import CREAM, GOLD

#: the chairs' states whose remote chair the host may give to an AI
FILLABLE = ("open", "held")
ROW = 50                 # design pixels between two chairs' rows
CONTROLS = 340           # design pixels on a row's right for the level and Fill with AI


class FriendsScene(Dialog):
    """Over the pause menu (the table stays paused): Back, or Esc, returns to it."""
    back_on_escape = True

    def __init__(self, app, table_scene, hosting):
        super().__init__(app, table_scene)
        self.hosting = hosting
        self.shown: tuple = ()             # (status, chairs) the widgets were built for
        self.fill_buttons: dict = {}       # button -> seat
        self.level_menus: dict = {}        # seat -> its level's drop-down
        self.levels: dict = {}             # seat -> the level chosen (kept across rebuilds)
        self.asked: dict = {}              # seat -> the level a fill was asked with

    # layout ------------------------------------------------------------------------------------
    def addresses(self) -> list[str]:
        """What a friend types: address:port (at most four)."""
        return self.hosting.join_points()[:4]

    def chairs_top(self) -> int:
        return 190 + 22 * len(self.addresses())

    def panel(self) -> pygame.Rect:
        self.size = (720, self.chairs_top() + ROW * len(self.ctl.seats) + 110)
        return super().panel()

    def row_step(self, panel: pygame.Rect) -> int:
        room = panel.bottom - px(104) - (panel.y + px(self.chairs_top()))
        return min(px(ROW), room // max(1, len(self.ctl.seats)))

    def build(self) -> None:
        manager, panel = self.app.manager, self.panel()
        chairs = self.hosting.chairs()
        self.shown = self.moment(chairs)
        self.fill_buttons, self.level_menus = {}, {}
        words = [t(f"setup.level.{level}") for level in TABLE_LEVELS]
        y, step = panel.y + px(self.chairs_top()), self.row_step(panel)
        height = min(px(36), step - px(6))
        for seat, chair in enumerate(chairs):
            if chair["state"] in FILLABLE and self.hosting.status == LISTENING:
                level = self.levels.setdefault(seat, self.fallback_level(seat))
                menu = pygame.Rect(panel.right - px(24 + CONTROLS), y, px(140), height)
                self.level_menus[seat] = self.add(UIDropDownMenu(
                    words, words[TABLE_LEVELS.index(level)], menu, manager))
                button = pygame.Rect(menu.right + px(10), y, px(190), height)
                self.fill_buttons[self.add(UIButton(button, t("hosting.fill"), manager))] = seat
            y += step
        self.back = self.bottom_button(t("hostplay.back"), width=180)

    def fallback_level(self, seat: int) -> str:
        """The level offered first: the chair's fallback, else the player's usual one."""
        level = self.ctl.seats[seat].level
        if level == WAIT or level not in TABLE_LEVELS:
            level = self.app.settings["ai_level"]
        return level if level in TABLE_LEVELS else TABLE_LEVELS[0]

    def initial_focus(self):
        return next(iter(self.fill_buttons), self.back)

    def moment(self, chairs: list[dict]) -> tuple:
        return self.hosting.status, tuple((chair["name"], chair["state"]) for chair in chairs)

    # what happens ------------------------------------------------------------------------------
    def update(self, now: float, dt: float) -> None:
        chairs = self.hosting.chairs()
        for seat, level in list(self.asked.items()):
            state, name = chairs[seat]["state"], self.ctl.names[seat]
            if state == "bot":
                self.app.say(t("hostplay.filled", name=name, level=t(f"setup.level.{level}")))
            elif state == "taken":
                self.app.say(t("hostplay.not_filled", name=name))
            else:
                continue
            del self.asked[seat]
        if self.app.stack.top is self and self.shown != self.moment(chairs):
            self.rebuild()                 # a friend sat down or left, a chair was filled

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            words = [t(f"setup.level.{level}") for level in TABLE_LEVELS]
            for seat, menu in self.level_menus.items():
                if event.ui_element is menu and event.text in words:
                    self.levels[seat] = TABLE_LEVELS[words.index(event.text)]
        super().handle(event)

    def on_button(self, element) -> None:
        if element in self.fill_buttons:
            seat = self.fill_buttons[element]
            level = self.levels.get(seat, self.fallback_level(seat))
            self.asked[seat] = level
            self.hosting.fill_with_ai(seat, self.ctl.names[seat], level)
        elif element is self.back:
            self.close()

    # drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = self.panel()
        x, width = panel.x + px(24), panel.width - px(48)
        self.draw_title(surface, t("hostplay.title"), top=16)
        status = self.hosting.status
        if status != LISTENING:
            words = t("hosting.failed") if status == FAILED else t("hosting.opening")
            draw_lines_within(surface, words, (panel.centerx, panel.y + px(64)), 16, width,
                              (255, 150, 130) if status == FAILED else CREAM, most=3)
            return
        draw_text_within(surface, t("hosting.code"), (x, panel.y + px(58)), 16, width, CREAM)
        draw_text(surface, " ".join(self.hosting.code), (panel.centerx, panel.y + px(76)), 40,
                  GOLD, bold=True, anchor="midtop")
        y = panel.y + px(134)
        draw_text_within(surface, t("hosting.addresses"), (x, y), 16, width, CREAM)
        for point in self.addresses():
            y += px(22)
            draw_text(surface, point, (x + px(20), y), 18, GOLD, bold=True)
        y, step = panel.y + px(self.chairs_top()), self.row_step(panel)
        for seat, chair in enumerate(self.hosting.chairs()):
            words = t(STATE_KEYS.get(chair["state"], "hosting.chair.open"),
                      name=chair["name"] or self.ctl.names[seat])
            room = width - (px(CONTROLS + 10) if chair["state"] in FILLABLE else 0)
            draw_lines_within(surface, f"{t('setup.seat', chair='ABCD'[seat])}  {words}",
                              (x, y + px(7)), 16, room, CREAM, anchor="topleft",
                              most=2)
            y += step
        draw_lines_within(surface, t("hostplay.given_note"),
                          (panel.centerx, panel.bottom - px(100)), 14, width, CREAM, most=2)
