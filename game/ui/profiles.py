"""Profiles (from Statistics): each player profile with the games it played, to rename or delete.

- Rename keeps the profile's id: its games and figures stay its own under the new name. The
  games already played keep, in the History list, the name they were played under (as their
  records, Review and an exported file do).
- Delete asks first. The profile goes; its games stay in the history as a guest's (their seats
  keep the name, no longer a profile). The last profile cannot be deleted (a human chair plays
  as a profile): it can be renamed.

The changes go through the history's writer (History.rename_profile / delete_profile), so no
frame waits on the database; this screen shows them at once. The setup's remembered chairs
follow: a renamed profile's chair gets the new name, a deleted one's chairs are forgotten (the
setup then opens with the first profile), so no chair brings an old name back as a new profile.
"""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from game.history.store import History, ProfileRefused

from .avatars import draw_avatar
from .i18n import number, t
from .resources import draw_text, draw_text_within
from .scaling import px
from .scene import Scene
from .widgets import CREAM, GOLD, dim, draw_felt, draw_panel, set_enabled, set_label

TOP = 84                 # design pixels, as every length here: the first row's top in the panel
ROW = 58
BUTTON = (150, 40)
BOTTOM = 120             # the message line and the Back row
REFUSED = (255, 170, 150)
FLUSH_S = 0.5            # seconds: the longest Back waits for the writer


def refusal_words(refusal: ProfileRefused) -> str:
    return t(f"profiles.refused.{refusal.code}", most=History.NAME_MAX)


class ProfilesScene(Scene):
    back_on_escape = True

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.renamed: dict[str, str] = {}      # shown at once, before the writer is through
        self.deleted: set[str] = set()
        self.message: tuple | None = None      # (text, colour) under the list
        self.rows: dict = {}                   # button -> ("rename" | "delete", Profile)
        self.games: dict[str, int] = {}        # profile id -> games played (read in build)
        self.shown: list = []                  # the profiles as listed (read in build)

    # --- the profiles ------------------------------------------------------------------------
    def profiles(self) -> list:
        return [dataclasses.replace(profile, name=self.renamed.get(profile.id, profile.name))
                for profile in self.app.history.profiles() if profile.id not in self.deleted]

    def panel(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(px(720), width - px(40)), min(px(600), height - px(30)))
        rect.center = (width // 2, height // 2)
        return rect

    def per_page(self) -> int:
        return max(1, (self.panel().height - px(TOP + BOTTOM)) // px(ROW))

    def page_of(self, profiles: list) -> list:
        pages = max(1, -(-len(profiles) // self.per_page()))
        self.page = min(self.page, pages - 1)
        start = self.page * self.per_page()
        return profiles[start:start + self.per_page()]

    # --- widgets ----------------------------------------------------------------------------
    def build(self) -> None:
        manager, panel = self.app.manager, self.panel()
        profiles = self.shown = self.profiles()    # read here, not at every frame
        self.rows = {}
        self.games = {profile.id: self.app.history.games_of_profile(profile.id)
                      for profile in self.page_of(profiles)}
        for index, profile in enumerate(self.page_of(profiles)):
            y = panel.y + px(TOP + index * ROW)
            delete = pygame.Rect(0, 0, px(BUTTON[0]), px(BUTTON[1]))
            delete.topright = (panel.right - px(24), y)
            rename = delete.move(-px(BUTTON[0] + 10), 0)
            for rect, what in ((rename, "rename"), (delete, "delete")):
                button = self.add(UIButton(rect, "", manager))
                set_label(button, t(f"profiles.{what}"))
                self.rows[button] = (what, profile)
                if what == "delete":
                    set_enabled(button, len(profiles) > 1)     # the last one stays
        back = pygame.Rect(0, 0, px(160), px(44))
        back.bottomleft = (panel.x + px(24), panel.bottom - px(14))
        self.back = self.add(UIButton(back, t("settings.back"), manager))
        self.earlier = self.later = None
        if len(profiles) > self.per_page():
            later = pygame.Rect(0, 0, px(60), px(44))
            later.bottomright = (panel.right - px(24), panel.bottom - px(14))
            self.later = self.add(UIButton(later, "›", manager))
            self.earlier = self.add(UIButton(later.move(-px(70), 0), "‹", manager))
            set_enabled(self.earlier, self.page > 0)
            set_enabled(self.later, (self.page + 1) * self.per_page() < len(profiles))

    def on_button(self, element) -> None:
        if element is self.back:
            self.go_back()
        elif element is self.earlier or element is self.later:
            self.page += 1 if element is self.later else -1
            self.rebuild()
        elif element in self.rows:
            what, profile = self.rows[element]
            if what == "rename":
                self.app.stack.push(RenameProfileScene(self.app, self, profile))
            else:
                self.ask_delete(profile)

    def go_back(self) -> None:
        """Back to Statistics, which reads the profiles again: the writer is given a moment
        (it takes milliseconds) so that they read as changed here; it never waits longer."""
        self.app.history.flush(timeout=FLUSH_S)
        super().go_back()

    def ask_delete(self, profile) -> None:
        self.app.show("confirm", t("profiles.delete_question", name=profile.name,
                                   games=games_words(self.games.get(profile.id, 0))),
                      t("profiles.delete"), lambda: self.delete(profile))

    # --- the changes -------------------------------------------------------------------------
    def rename(self, profile, name: str) -> None:
        """Called by the rename dialog with a name the history accepted."""
        self.renamed[profile.id] = name
        self.follow_in_setup(profile.name, name)
        self.message = (t("profiles.renamed", old=profile.name, name=name), CREAM)

    def delete(self, profile) -> None:
        try:
            self.app.history.delete_profile(profile.id)
        except ProfileRefused as refusal:
            self.message = (refusal_words(refusal), REFUSED)
        else:
            self.deleted.add(profile.id)
            self.follow_in_setup(profile.name, None)
            self.message = (t("profiles.deleted", name=profile.name), CREAM)
        self.rebuild()

    def follow_in_setup(self, old: str, new: str | None) -> None:
        """The setups' remembered chairs (the setting "last_setup") know a profile by its
        name: a renamed one's chair takes the new name; a deleted one's chairs are forgotten."""
        remembered = self.app.settings.get("last_setup")
        if not isinstance(remembered, dict):
            return
        for last in remembered.values():
            seats = last.get("seats") if isinstance(last, dict) else None
            if not isinstance(seats, list):
                continue
            for seat in seats:
                if isinstance(seat, dict) and seat.get("name") == old \
                        and seat.get("kind", "human") == "human":
                    if new is None:
                        last.pop("seats", None)
                        break
                    seat["name"] = new
        self.app.save_settings()

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        panel = self.panel()
        draw_panel(surface, panel)
        draw_text(surface, t("profiles.title"), (panel.centerx, panel.y + px(16)), 28, GOLD,
                  bold=True, anchor="midtop")
        right = panel.right - px(24 + 2 * BUTTON[0] + 10 + 16)
        for index, profile in enumerate(self.page_of(self.shown)):
            middle = panel.y + px(TOP + index * ROW + BUTTON[1] // 2)
            avatar = draw_avatar(surface, (panel.x + px(44), middle), profile.name)
            left = avatar.right + px(12)
            draw_text_within(surface, profile.name, (left, middle), 19, right - left,
                             CREAM, bold=True, anchor="bottomleft")
            draw_text_within(surface, games_words(self.games.get(profile.id, 0)),
                             (left, middle + px(4)), 14, right - left, (200, 210, 196),
                             anchor="topleft")
        message = self.message or (
            (t("profiles.refused.last"), CREAM) if len(self.shown) == 1 else None)
        if message:
            text, colour = message
            draw_text_within(surface, text, (panel.centerx, panel.bottom - px(68)), 15,
                             panel.width - px(48), colour, anchor="midbottom")


def games_words(count: int) -> str:
    return t("profiles.games_one") if count == 1 else t("profiles.games",
                                                         count=number(count))


class RenameProfileScene(Scene):
    """A new name for a profile: typed, checked by the history, said in words when refused."""
    opaque = False
    back_on_escape = True

    def __init__(self, app, owner: ProfilesScene, profile):
        super().__init__(app)
        self.owner = owner
        self.profile = profile
        self.text = profile.name
        self.refusal = ""

    def panel(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(px(520), width - px(40)), min(px(260), height - px(40)))
        rect.center = (width // 2, height // 2)
        return rect

    def build(self) -> None:
        manager, panel = self.app.manager, self.panel()
        entry = pygame.Rect(panel.x + px(40), panel.y + px(76), panel.width - px(80), px(40))
        self.entry = self.add(UITextEntryLine(entry, manager))
        self.entry.set_text_length_limit(History.NAME_MAX)
        self.entry.set_text(self.text[:History.NAME_MAX])    # (an imported name may be longer)
        self.entry.focus()
        save, cancel = pygame.Rect(0, 0, px(170), px(44)), pygame.Rect(0, 0, px(170), px(44))
        save.bottomright = (panel.centerx - px(10), panel.bottom - px(18))
        cancel.bottomleft = (panel.centerx + px(10), panel.bottom - px(18))
        self.save = self.add(UIButton(save, t("profiles.save"), manager))
        self.cancel = self.add(UIButton(cancel, t("confirm.cancel"), manager))

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.confirm()
            return
        super().handle(event)

    def on_button(self, element) -> None:
        if element is self.save:
            self.confirm()
        elif element is self.cancel:
            self.go_back()

    def confirm(self) -> None:
        self.text = self.entry.get_text()
        try:
            renamed = self.app.history.rename_profile(self.profile.id, self.text)
        except ProfileRefused as refusal:
            self.refusal = refusal_words(refusal)
            return
        self.owner.rename(self.profile, renamed.name)
        self.go_back()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        panel = self.panel()
        draw_panel(surface, panel, 255)
        draw_text_within(surface, t("profiles.rename_title", name=self.profile.name),
                         (panel.centerx, panel.y + px(20)), 24, panel.width - px(40), GOLD,
                         bold=True, anchor="midtop")
        if self.refusal:
            draw_text_within(surface, self.refusal, (panel.centerx, panel.y + px(126)), 15,
                             panel.width - px(40), REFUSED, anchor="midtop")
