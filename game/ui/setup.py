"""Table setup for any game: each seat Human (with a name), AI (easy / normal / hard) or Open
(a friend joins from another screen: the table is hosted, game/ui/hosting.py; the chair's
menu says who plays it while the friend is away: an AI level, or wait; one button says how
long a dropped friend keeps the chair), the number of players where the game allows a choice, a rule preset (e.g. "Tournament" / "Casual"),
each option, and an optional seed.

A human chair plays as a profile (game/history): its menu (where an AI chair has its level)
lists the profiles and fills the name in; the name decides: an existing profile's name is that
profile, another name makes a new profile when the table starts."""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from ai.bots import TABLE_LEVELS
from game.controller.seats import AI, HUMAN, REMOTE, WAIT, SeatConfig
from game.controller.settings import ControllerSettings
from game.controller.factory import new_seed
from game.core.table import Table
from game.core.untrusted import UntrustedInput, parse_int, printable_name
from game.save_format import MAX_SEED

from .games import CUSTOM, GAMES, open_table
from .i18n import t
from .resources import draw_text
from .scaling import px, px_rect
from .scene import Scene
from .widgets import GOLD, draw_felt, draw_panel, set_label

ROW = 46                 # design pixels between two rows
NAME_LENGTH = 16         # a chair's name, at most
#: how long a friend whose connection dropped keeps the chair (seconds; the first is the
#: default, ControllerSettings.remote_hold_s)
HOLD_CHOICES = (120, 300, 600, 60)
#: an Open chair's menu: what plays its turns while the friend is away
FALLBACKS = (*TABLE_LEVELS, WAIT)


def fallback_words() -> list[str]:
    """An Open chair's menu, FALLBACKS in words: who plays while the friend is away."""
    return [t("hostplay.away.level", level=t(f"setup.level.{level}")) for level in TABLE_LEVELS
            ] + [t("hostplay.away.wait")]


def is_one_of(value, allowed) -> bool:
    """`value` is one of `allowed`, of the same type too (a settings file's `1` or `[]` is not
    the option's `True`)."""
    return any(type(value) is type(choice) and value == choice for choice in allowed)


class SetupScene(Scene):
    back_on_escape = True

    def __init__(self, app, game: str):
        super().__init__(app)
        self.game = game
        self.spec = GAMES[game]
        names = self.spec.default_names
        level = app.settings["ai_level"]
        first = app.history.ensure_profile(t("profile.default"))
        # the human chair keeps the default level too: it is the level it gets as an AI
        self.seats = [SeatConfig(first.name, HUMAN, level, profile=first.id)] + [
            SeatConfig(n, AI, level) for n in names[1:self.spec.max_seats]]
        self.preset = next(iter(self.spec.presets), None)
        self.chosen = self.spec.defaults()
        if "timers" in self.chosen:          # the player's default from Settings
            self.chosen["timers"] = app.settings["timers"]
        self.recall(app.settings["last_setup"].get(game))
        self.seed_text = ""
        self.hold_s = HOLD_CHOICES[0]
        self.hold_button = None
        self.rows: list[dict] = []
        self.option_buttons: dict = {}

    def recall(self, last) -> None:
        """The chairs and choices this game's setup last started a table with (what no longer
        fits, a level or an option value unknown now, is left at its default)."""
        if not isinstance(last, dict):
            return
        allowed = self.spec.allowed_values()
        options = last.get("options")
        for key, value in (options.items() if isinstance(options, dict) else ()):
            if key in self.chosen and is_one_of(value, allowed.get(key, (self.chosen[key],))):
                self.chosen[key] = value
        chairs = last.get("seats")
        if not isinstance(chairs, list) or not (
                self.spec.min_seats <= len(chairs) <= self.spec.max_seats):
            return
        try:
            seats = [SeatConfig.from_json(chair) for chair in chairs]
            for seat in seats:
                printable_name(seat.name, NAME_LENGTH)
        except ValueError:
            return
        if not all(seat.level in (FALLBACKS if seat.is_remote else TABLE_LEVELS)
                   for seat in seats):
            return                              # the window offers the table's levels only
        # a profile by its name: the one remembered may have been deleted since
        profiles = {profile.name: profile.id for profile in self.app.history.profiles()}
        self.seats = [dataclasses.replace(seat, profile=profiles.get(seat.name)
                                          if seat.is_human and not seat.is_remote else None)
                      for seat in seats]

    def remember(self) -> None:
        self.app.settings["last_setup"][self.game] = {
            "seats": [seat.to_json() for seat in self.seats],
            "options": dict(self.chosen)}
        self.app.save_settings()

    # widgets ---------------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        width, height = self.app.size
        wanted = px(200 + ROW * (len(self.seats) + len(self.spec.options) + 2))
        rect = pygame.Rect(0, 0, min(px(760), width - px(40)), min(wanted, height - px(30)))
        rect.center = (width // 2, height // 2 + px(6))
        return rect

    def build(self) -> None:
        manager = self.app.manager
        panel = self.panel_rect()
        x, y = panel.x + px(30), panel.y + px(66)
        # on a short window the rows close up (and their controls shrink) so that the seed's
        # row stays above the Back and Start buttons
        rows_height = (ROW * (len(self.seats) + (self.spec.min_seats != self.spec.max_seats)
                              + bool(self.spec.presets) + self.hosted)
                       + (ROW - 6) * len(self.spec.options) + 36)
        fixed = 66 + 10 + 10 + 8 + 44 + 14       # title, gaps, the buttons and their margin
        fit = min(1.0, (panel.height - px(fixed)) / px(rows_height))

        def step(length: float) -> int:
            """A vertical length of the design, closed up to fit."""
            return round(px(length) * fit)

        def cell(left: int, width: int) -> pygame.Rect:
            """A control of the row at `y`, `left` and `width` in design pixels from `x`."""
            return pygame.Rect(x + px(left), y, px(width), step(36))

        self.rows = []
        kinds = self.kind_words()
        levels = [t(f"setup.level.{level}") for level in TABLE_LEVELS]
        fallbacks = fallback_words()
        for chair, seat in enumerate(self.seats):
            row = {}
            self.add(UILabel(cell(0, 110), t("setup.seat", chair="ABCD"[chair]), manager))
            row["kind"] = self.add(UIDropDownMenu(list(kinds.values()), kinds[seat.kind],
                                                  cell(115, 120), manager))
            if seat.is_remote:           # the friend's own name comes with them
                # its menu, wider than a level's: "If away: easy AI" whole, in every language
                self.add(UILabel(cell(245, 165), t("hosting.open_chair"), manager))
                row["level"] = self.add(UIDropDownMenu(
                    fallbacks, fallbacks[FALLBACKS.index(seat.level)], cell(415, 260),
                    manager))
                self.rows.append(row)
                y += step(ROW)
                continue
            row["name"] = self.add(UITextEntryLine(cell(245, 220), manager))
            row["name"].set_text(seat.name)
            if seat.is_human:            # the profile menu stands where the AI's level is
                names = self.profile_names()
                row["profile"] = self.add(UIDropDownMenu(
                    names, seat.name if seat.name in names else names[-1], cell(475, 200),
                    manager))
            else:
                row["level"] = self.add(UIDropDownMenu(
                    levels, levels[TABLE_LEVELS.index(seat.level)], cell(475, 200), manager))
            self.rows.append(row)
            y += step(ROW)
        y += px(10)
        self.hold_button = None
        if self.hosted:                  # how long a dropped friend keeps the chair
            self.hold_button = self.add(UIButton(cell(0, 420), t(
                "hosting.hold", minutes=self.hold_s // 60), manager))
            y += step(ROW)
        self.players_button = None
        if self.spec.min_seats != self.spec.max_seats:
            self.players_button = self.add(UIButton(
                cell(0, 200), f"{t('setup.players')}: {len(self.seats)}", manager))
            y += step(ROW)
        self.preset_menu = self.house_rules_button = None
        if self.spec.presets:
            self.preset = self.spec.preset_of(self.chosen)     # "custom" once a rule changed
            names = list(self.spec.presets) + ([CUSTOM] if self.preset == CUSTOM else [])
            presets = [t(f"setup.preset.{name}") for name in names]
            self.add(UILabel(cell(0, 110), t("setup.preset"), manager))
            self.preset_menu = self.add(UIDropDownMenu(presets, presets[names.index(self.preset)],
                                                       cell(115, 240), manager))
            if self.spec.house_rules:
                self.house_rules_button = self.add(UIButton(cell(365, 220),
                                                            t("setup.house_rules"), manager))
            y += step(ROW)
        self.option_buttons = {}
        for option in self.spec.options:
            option_row = pygame.Rect(x, y, panel.width - px(60), step(36))   # the panel's width
            button = self.add(UIButton(option_row, "", manager))
            self.option_buttons[button] = option
            y += step(ROW - 6)
        y += px(10)
        self.add(UILabel(cell(0, 230), t("setup.seed"), manager))  # any language
        self.seed_entry = self.add(UITextEntryLine(cell(235, 200), manager))
        self.seed_entry.set_text(self.seed_text)
        back, start = px_rect(0, 0, 150, 44), px_rect(0, 0, 180, 44)
        back.bottomleft = (panel.x + px(30), panel.bottom - px(14))
        start.bottomright = (panel.right - px(30), panel.bottom - px(14))
        self.back_button = self.add(UIButton(back, t("setup.back"), manager))
        self.start_button = self.add(UIButton(start, t("setup.start"), manager))
        self.refresh_option_labels()

    def initial_focus(self):
        """The keyboard starts on Start: a table as last time is one Return away."""
        return self.start_button

    def refresh_option_labels(self) -> None:
        for button, option in self.option_buttons.items():
            label = dict(option.choices).get(self.chosen[option.key], "?")
            set_label(button, f"{t(option.label_key)}: {t(label)}")

    @property
    def hosted(self) -> bool:
        """A chair is Open: the table is hosted."""
        return any(seat.is_remote for seat in self.seats)

    @staticmethod
    def kind_words() -> dict[str, str]:
        return {HUMAN: t("setup.human"), AI: t("setup.ai"), REMOTE: t("hosting.open")}

    # input -----------------------------------------------------------------------------------
    def profile_names(self) -> list[str]:
        """The profile menu: every profile's name, then "New profile"."""
        return [profile.name for profile in self.app.history.profiles()] + [
            t("setup.profile.new")]

    def read_rows(self, picked=None) -> None:
        """The seats as the rows say; `picked` is a profile menu just changed (its profile's
        name goes into the row's name)."""
        labels = [t(f"setup.level.{level}") for level in TABLE_LEVELS]
        fallbacks = fallback_words()
        kinds = {words: kind for kind, words in self.kind_words().items()}
        profiles = {profile.name: profile.id for profile in self.app.history.profiles()}
        for chair, row in enumerate(self.rows):
            kind = kinds.get(row["kind"].selected_option[0], AI)
            human = kind == HUMAN
            level = self.seats[chair].level
            if "level" in row:           # an Open chair's row has its fallback's words
                words = fallbacks if "name" not in row else labels
                level = FALLBACKS[words.index(row["level"].selected_option[0])]
            if level == WAIT and kind != REMOTE:
                level = self.app.settings["ai_level"]     # an AI chair plays, never waits
            if "name" not in row:        # an Open chair: its default name until a friend sits
                self.seats[chair] = SeatConfig(self.spec.default_names[chair], kind, level)
                continue
            name = row["name"].get_text().strip() or self.spec.default_names[chair]
            if row.get("profile") is not None and row["profile"] is picked:
                name = picked.selected_option[0]
                if name not in profiles:          # "New profile": a name of the chair's own
                    name = self.spec.default_names[chair]
            name = name[:NAME_LENGTH]
            self.seats[chair] = SeatConfig(name, kind, level,
                                           profiles.get(name) if human else None)
        self.seed_text = self.seed_entry.get_text().strip()

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.read_rows(picked=event.ui_element)
            if event.ui_element is self.preset_menu:
                names = {t(f"setup.preset.{name}"): name for name in self.spec.presets}
                if event.text in names:             # (choosing "custom" changes nothing)
                    self.chosen.update(self.spec.preset_values(names[event.text]))
            self.rebuild()

    def on_button(self, element) -> None:
        if element in self.option_buttons:
            option = self.option_buttons[element]
            values = [value for value, _ in option.choices]
            current = values.index(self.chosen[option.key])
            self.chosen[option.key] = values[(current + 1) % len(values)]
            self.refresh_option_labels()
            if option.key in self.spec.rule_keys():     # the preset may turn to "custom"
                self.read_rows()
                self.rebuild()
        elif element is self.house_rules_button:
            self.read_rows()
            self.app.show("house_rules", self)
        elif element is self.hold_button and element is not None:
            self.read_rows()
            self.hold_s = HOLD_CHOICES[(HOLD_CHOICES.index(self.hold_s) + 1) % len(HOLD_CHOICES)]
            self.rebuild()
        elif element is self.players_button:
            self.read_rows()
            self.cycle_players()
        elif element is self.back_button:
            self.app.stack.pop()
        elif element is self.start_button:
            self.read_rows()
            self.start()

    def cycle_players(self) -> None:
        count = len(self.seats) + 1
        if count > self.spec.max_seats:
            count = self.spec.min_seats
        names = self.spec.default_names
        level = self.app.settings["ai_level"]
        added = [SeatConfig(n, AI, level) for n in names[len(self.seats):]]  # chairs' own names
        self.seats = (self.seats + added)[:count]
        self.rebuild()

    def typed_seed(self) -> int | None:
        """The seed typed (ASCII digits, 0 to MAX_SEED), a new one when none is typed, or None
        when what is typed is not such a number (the window says so; the table waits)."""
        if not self.seed_text:
            return new_seed()
        try:
            return parse_int(self.seed_text, 0, MAX_SEED)
        except UntrustedInput:
            self.app.say(t("files.seed_refused", digits=len(str(MAX_SEED))))
            return None

    def start(self) -> None:
        seed = self.typed_seed()
        if seed is None:
            return
        used: set[str] = set()
        for chair, seat in enumerate(self.seats):
            if not seat.is_human or seat.is_remote:
                continue
            profile = seat.profile or self.app.history.create_profile(seat.name).id
            # one chair per profile: a second chair of the same name plays without one
            self.seats[chair] = dataclasses.replace(
                seat, profile=None if profile in used else profile)
            used.add(profile)
        self.remember()
        engine_options, settings = self.spec.table_options(dict(self.chosen))
        if self.hosted:                  # the waiting panel first: friends join, then Start
            from .hosting import HostingScene
            settings = ControllerSettings.from_json({**settings, "remote_hold_s": self.hold_s})
            self.app.stack.push(HostingScene(self.app, self.game, list(self.seats),
                                             engine_options, settings, seed, open_table))
            return
        table = Table.open(self.game, [seat.name for seat in self.seats], engine_options, seed)
        open_table(self.app, table, list(self.seats), ControllerSettings.from_json(settings))

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        panel = self.panel_rect()
        draw_panel(surface, panel)
        draw_text(surface, t("setup.title", game=t(f"menu.{self.game}")),
                  (panel.centerx, panel.y + px(16)), 28, GOLD, bold=True, anchor="midtop")
