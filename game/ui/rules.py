"""The Rules screen: each game's guide (rules_guide.py: a summary, short sections with pictures
the game draws itself, the game's words) on a page that scrolls (rules_page.py), with a button
per game to switch between them.

Scrolling: the mouse wheel, the arrow keys, Page Up / Page Down (and Space), Home / End, and the
bar at the page's right edge (click or drag)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.core.registry import game_names, get_game

from .i18n import language, t
from .resources import draw_text_within
from .rules_guide import guide_path, read_guide
from .rules_page import draw_page, lay_out_page
from .scaling import px, px_rect
from .scene import Scene
from .widgets import GOLD, draw_felt, draw_panel

PAGE_WIDTH = 1000        # design pixels: the page at most (longer lines are hard to read)
LINE_STEP = 40           # design pixels the arrow keys move the page
WHEEL_STEP = 110         # design pixels a notch of the mouse wheel moves it (about three lines)
BAR = (120, 150, 120)


class RulesScene(Scene):
    back_on_escape = True
    #: the page scrolls with these; Tab and ← → move the focus over the game buttons
    OWN_KEYS = frozenset((pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
                          pygame.K_SPACE, pygame.K_HOME, pygame.K_END))

    def __init__(self, app, game: str | None = None):
        super().__init__(app)
        self.game = game or game_names()[0]
        self.scroll = 0
        self.dragging_bar = False

    # --- the layout ---------------------------------------------------------------------------

    def build(self) -> None:
        width, height = self.app.size
        self.panel = pygame.Rect(0, px(60), min(width - px(60), px(PAGE_WIDTH)),
                                 height - px(60 + 76))
        self.panel.centerx = width // 2
        self.view = self.panel.inflate(-px(8), -px(16))        # the page shows inside the panel
        self.bar = pygame.Rect(self.panel.right - px(16), self.view.top, px(6), self.view.height)
        self.left = self.panel.left + px(24)
        self.page = lay_out_page(read_guide(self.game, language()), self.game,
                                 get_game(self.game).glossary,
                                 self.bar.left - px(12) - self.left)
        self.scroll_to(self.scroll)
        self.build_buttons(width, height)

    def build_buttons(self, width: int, height: int) -> None:
        """A button per game at the left of the bottom row, Back at its right."""
        back = px_rect(0, 0, 140, 44)
        back.bottomright = (width - px(30), height - px(22))
        self.back = self.add(UIButton(back, t("rules.back"), self.app.manager))
        games = [game for game in game_names() if guide_path(game, "en").exists()]
        gap = px(10)
        room = back.left - px(20) - px(30)                 # from the left margin to Back
        button_width = min(px(220), (room - gap * (len(games) - 1)) // len(games))
        self.game_buttons = {}
        for index, game in enumerate(games):
            rect = pygame.Rect(px(30) + index * (button_width + gap), back.top, button_width,
                               back.height)
            button = self.add(UIButton(rect, t(f"menu.{game}"), self.app.manager))
            if game == self.game:
                button.disable()
            self.game_buttons[button] = game

    # --- scrolling ----------------------------------------------------------------------------

    @property
    def max_scroll(self) -> int:
        return max(0, self.page.height - self.view.height)

    def scroll_to(self, scroll: int) -> None:
        self.scroll = max(0, min(self.max_scroll, round(scroll)))

    def scroll_to_fraction(self, fraction: float) -> None:
        """0 the top, 1 the end (tests and the bar)."""
        self.scroll_to(fraction * self.max_scroll)

    def thumb(self) -> pygame.Rect:
        """The bar's thumb: as tall as the share of the page in view, where the view is."""
        shown = min(1.0, self.view.height / max(1, self.page.height))
        height = max(px(24), round(self.bar.height * shown))
        top = self.bar.top + round((self.bar.height - height) * self.scroll
                                   / max(1, self.max_scroll))
        return pygame.Rect(self.bar.left, top, self.bar.width, height)

    def scroll_by_bar(self, y: int) -> None:
        height = self.thumb().height
        self.scroll_to_fraction((y - self.bar.top - height / 2) / max(1, self.bar.height - height))

    # --- events -------------------------------------------------------------------------------

    def handle(self, event) -> None:
        super().handle(event)
        if self.app.stack.top is not self:
            return
        page_step = self.view.height - px(LINE_STEP)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * px(WHEEL_STEP))
        elif event.type == pygame.KEYDOWN:
            moves = {pygame.K_UP: -px(LINE_STEP), pygame.K_DOWN: px(LINE_STEP),
                     pygame.K_PAGEUP: -page_step, pygame.K_PAGEDOWN: page_step,
                     pygame.K_SPACE: page_step}
            if event.key in moves:
                self.scroll_to(self.scroll + moves[event.key])
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.max_scroll)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.bar.inflate(px(12), 0).collidepoint(event.pos) and self.max_scroll:
            self.dragging_bar = True
            self.scroll_by_bar(event.pos[1])
        elif event.type == pygame.MOUSEMOTION and self.dragging_bar:
            self.scroll_by_bar(event.pos[1])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging_bar = False

    def on_button(self, element) -> None:
        if element is self.back:
            self.app.stack.pop()
        elif element in self.game_buttons:
            self.game = self.game_buttons[element]
            self.scroll = 0
            self.rebuild()

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        title = t("rules.title") + " — " + t(f"menu.{self.game}")
        draw_text_within(surface, title, (surface.get_width() // 2, px(16)), 28,
                         surface.get_width() - px(60), GOLD, bold=True, anchor="midtop")
        draw_panel(surface, self.panel, 200)
        draw_page(surface, self.page, self.view, self.left, self.scroll)
        if self.max_scroll:
            pygame.draw.rect(surface, (30, 50, 38), self.bar, border_radius=px(3))
            pygame.draw.rect(surface, GOLD if self.dragging_bar else BAR, self.thumb(),
                             border_radius=px(3))
