"""Statistics: one profile's figures in one game, with filters (player, game, the opponents'
level, period), a plot of the score (Tiến Lên: the gold balance) game after game, and the win %
by the opponents' level. The figures are read from the history database (game/history/stats.py,
the same as `main.py stats`) when a filter changes, and the plots drawn once into surfaces: a
frame only blits them.

Games with an undo or the coach are counted apart (a line says how many)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.core.registry import game_names
from game.history.stats import (LEVELS, PERIODS, Figures, newest_game,
                                profile_figures, since_for)

from .games import GAMES
from .history_words import skipped_words
from .i18n import decimal, language, number, t, t_own
from .plots import bar_chart, line_plot
from .resources import clip_text, draw_lines_within, draw_text, first_fitting
from .scaling import px
from .scene import Scene
from .widgets import CREAM, GOLD, draw_felt, draw_panel, set_enabled

TOP = 24                     # design pixels, as every length here
FILTER_TOP, FILTER_HEIGHT, GAP = 70, 40, 10
BODY_TOP = 124
BOTTOM_BAR = 70
ROW_SIZE, ROW_PITCH = 16, 26
DETAIL = (200, 210, 196)
NOTE, NOTE_SIZE, NOTE_LINE = (255, 190, 160), 14, 24
#: the filter of the opponents' level: None is "any"
LEVEL_CHOICES = (None,) + LEVELS
AI_LEVELS = ("easy", "normal", "hard", "random")


def level_words(level: str | None) -> str:
    if level is None:
        return t("stats.level.all")
    if level in AI_LEVELS:
        return t(f"setup.level.{level}")
    return t(f"stats.level.{level}")


def figure_rows(figures: Figures) -> list[tuple[str, str]]:
    """(label, value) of every figure shown, in order."""
    rows = [(t("stats.games"), number(figures.games)),
            (t("stats.wins"), number(figures.wins)),
            (t("stats.win_percent"), f"{decimal(figures.win_percent)} %"),
            (t("stats.current_streak"), number(figures.current_streak)),
            (t("stats.best_streak"), number(figures.best_streak))]
    rows += [(t(f"stats.{name}"), number(value) if "percent" not in name
              else f"{decimal(value)} %") for name, value in figures.figures().items()]
    if figures.assisted:
        rows.append((t("stats.assisted_games"), number(figures.assisted)))
    return rows


def plotted_values(figures: Figures) -> list[float]:
    """Each game's total, or the balance after each game where the game's GameUi plots a
    running total (Tiến Lên's gold after each session)."""
    totals = [total for _, total in figures.series]
    spec = GAMES.get(figures.game)
    if spec is None or not spec.plot_running_total:
        return totals
    balance, values = 0, []
    for total in totals:
        balance += total
        values.append(balance)
    return values


class StatisticsScene(Scene):
    back_on_escape = True

    def __init__(self, app, game: str | None = None):
        super().__init__(app)
        self.profiles = app.history.profiles()
        self.profile_index = 0
        # from the menu: the game played last (a Joker player looks for Joker's figures)
        self.game = game or newest_game(app.history.read) or game_names()[0]
        self.level: str | None = None
        self.period = "all"
        self.plots: tuple | None = None       # (size, line surface, bar surface)
        self.note = ""                        # rows not read, a history not readable now
        self.load()

    def on_uncover(self) -> None:
        """Back from Profiles: the profiles as they are now (renamed, deleted), the one shown
        kept when it is still there."""
        shown = self.profile.id if self.profile else None
        self.profiles = self.app.history.profiles()
        ids = [profile.id for profile in self.profiles]
        self.profile_index = ids.index(shown) if shown in ids else 0
        self.load()
        super().on_uncover()

    # the figures -------------------------------------------------------------------------------
    @property
    def profile(self):
        return self.profiles[self.profile_index] if self.profiles else None

    def load(self) -> None:
        """Read the figures for the filters (a query; nothing waits on the writer)."""
        if self.profile is None:
            self.figures = Figures(self.game, counts={})
        else:
            self.figures = profile_figures(self.app.history.read, self.profile.id, self.game,
                                           self.level, since_for(self.period))
        self.values = plotted_values(self.figures)
        self.plots = None
        # rows that could not be read are not counted, and the screen says so
        notes = [skipped_words("skipped_profiles", self.app.history.skipped_profiles),
                 skipped_words("skipped_figures", self.figures.skipped)]
        if not self.app.history.live:
            notes.insert(0, t("history_safety.stand_in"))
        self.note = " ".join(filter(None, notes))

    def plot_surfaces(self) -> tuple:
        left, plot_rect, bars_rect = self.regions()
        key = (self.app.size, language())      # the plots' titles are in the language
        if self.plots is None or self.plots[0] != key:
            bars = [(level_words(level), 100.0 * wins / games, games)
                    for level, (games, wins) in self.figures.by_level.items()]
            self.plots = (key,
                          line_plot(plot_rect.size, t(f"stats.plot.{self.game}"), self.values),
                          bar_chart(bars_rect.size, t("stats.plot.levels"), bars))
        return self.plots[1:]

    # layout ------------------------------------------------------------------------------------
    def regions(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The figures' panel, the line plot and the bar chart."""
        width, height = self.app.size
        note = px(NOTE_LINE) if self.note else 0        # the note's line, above the buttons
        body = pygame.Rect(px(30), px(BODY_TOP), width - px(60),
                           height - px(BODY_TOP + BOTTOM_BAR) - note)
        left = pygame.Rect(body.x, body.y, max(px(280), round(body.width * 0.38)), body.height)
        right = pygame.Rect(left.right + px(20), body.y, body.right - left.right - px(20),
                            body.height)
        inner = right.inflate(-px(24), -px(20))
        line_height = round(inner.height * 0.56)
        plot = pygame.Rect(inner.x, inner.y, inner.width, line_height)
        bars = pygame.Rect(inner.x, plot.bottom + px(14), inner.width,
                           inner.bottom - plot.bottom - px(14))
        return left, plot, bars

    def filter_labels(self) -> list[list[str]]:
        """Each filter's label, then a shorter form where there is one: the profile's name
        alone, a game's short name (`menu.<game>.short`)."""
        name = self.profile.name if self.profile else "—"
        game = t(f"menu.{self.game}")
        return [[t("stats.profile", name=name), name],
                [game, t_own(f"menu.{self.game}", f"menu.{self.game}.short")],
                [t("stats.against", level=level_words(self.level))],
                [t(f"stats.period.{self.period}")]]

    def build(self) -> None:
        width, height = self.app.size
        manager = self.app.manager
        room = width - px(60)
        button_width = (room - 3 * px(GAP)) // 4
        self.filters = []
        for index, label in enumerate(self.filter_labels()):
            rect = pygame.Rect(px(30) + index * (button_width + px(GAP)), px(FILTER_TOP),
                               button_width, px(FILTER_HEIGHT))
            self.filters.append(self.add(UIButton(rect, first_fitting(label, 18,
                                                                      rect.width - px(16)),
                                                  manager)))
        set_enabled(self.filters[0], len(self.profiles) > 1)
        self.back = self.add(UIButton(pygame.Rect(px(30), height - px(56), px(160), px(44)),
                                      t("saves.back"), manager))
        history = pygame.Rect(0, 0, px(260), px(44))
        history.bottomright = (width - px(30), height - px(12))
        self.history_button = self.add(UIButton(history, clip_text(
            t("stats.history"), 18, history.width - px(16)), manager))
        profiles = pygame.Rect(0, 0, px(200), px(44))       # rename and delete profiles
        profiles.midbottom = (width // 2, height - px(12))
        self.profiles_button = self.add(UIButton(profiles, clip_text(
            t("profiles.title"), 18, profiles.width - px(16)), manager))

    # input -------------------------------------------------------------------------------------
    def on_button(self, element) -> None:
        if element is self.back:
            self.go_back()
        elif element is self.history_button:
            self.app.show("history")
        elif element is self.profiles_button:
            self.app.show("profiles")
        elif element in self.filters:
            self.turn_filter(self.filters.index(element))

    def turn_filter(self, which: int) -> None:
        """The next choice of a filter (player, game, opponents' level, period)."""
        if which == 0 and self.profiles:
            self.profile_index = (self.profile_index + 1) % len(self.profiles)
        elif which == 1:
            games = game_names()
            self.game = games[(games.index(self.game) + 1) % len(games)]
        elif which == 2:
            self.level = LEVEL_CHOICES[(LEVEL_CHOICES.index(self.level) + 1)
                                       % len(LEVEL_CHOICES)]
        elif which == 3:
            periods = list(PERIODS)
            self.period = periods[(periods.index(self.period) + 1) % len(periods)]
        self.load()
        self.rebuild()

    # drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        width, _ = surface.get_size()
        draw_text(surface, t("stats.title"), (width // 2, px(TOP)), 30, GOLD, bold=True,
                  anchor="midtop")
        left, plot_rect, bars_rect = self.regions()
        draw_panel(surface, left, 200)
        draw_panel(surface, pygame.Rect(plot_rect.x - px(12), left.y, plot_rect.width + px(24),
                                        left.height), 200)
        self.draw_figures(surface, left.inflate(-px(28), -px(20)))
        self.draw_note(surface)
        if not self.figures.games:
            draw_lines_within(surface, t("stats.none"), plot_rect.center, 18,
                              plot_rect.width - px(24), CREAM, anchor="midtop", most=3)
            return
        line, bars = self.plot_surfaces()
        surface.blit(line, plot_rect)
        surface.blit(bars, bars_rect)

    def draw_note(self, surface: pygame.Surface) -> None:
        """Rows skipped, a history that cannot be read now: one line under the panels."""
        if self.note:
            left, _, _ = self.regions()
            width = surface.get_width() - px(60)
            draw_text(surface, clip_text(self.note, NOTE_SIZE, width),
                      (surface.get_width() // 2, left.bottom + px(5)), NOTE_SIZE, NOTE,
                      anchor="midtop")

    def draw_figures(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        rows = figure_rows(self.figures)
        pitch = min(px(ROW_PITCH), area.height // max(1, len(rows)))
        size = ROW_SIZE if pitch >= px(ROW_PITCH) - 2 else 14
        for index, (label, value) in enumerate(rows):
            y = area.y + index * pitch
            value_image = draw_text(surface, value, (area.right, y), size, GOLD, bold=True,
                                    anchor="topright")
            draw_text(surface, clip_text(label, size, value_image.left - area.x - px(10)),
                      (area.x, y), size, CREAM)
