"""Join a table: the tables heard nearby (game, host, free chairs, worded in the joiner's
language by nearby.py; refreshed while the screen is open), or an address and a join code
typed; then who sits down (a profile, or a new one by its name), and Join. The last join's
address, code and profile come back when the screen opens (nearby.py: the setting
"last_join").

What is typed goes through the door of game/net/address.py and is refused in the player's
words; what is heard nearby was checked by game/net/discovery.py. Join ends in
`app.join_table(JoinRequest(...))`. Where tables are looked for is the "discovery" setting (the
mode button here), unless the environment decides (then the button is off and the status line
says so in plain words)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from game.core.untrusted import UntrustedInput, printable_name
from game.net.address import JoinRequest, parse_address, parse_code
from game.net.discovery import MODES, OFF, TableBrowser, discovery_mode

from .focus import widget_targets
from .i18n import t
from .nearby import remember, remembered, shared_hosts, status_words, table_label, table_words
from .resources import draw_text, draw_text_within, wrap_text
from .scaling import px
from .scene import Scene
from .widgets import CREAM, GOLD, draw_felt, draw_panel, set_enabled, set_label

ROW = 46                 # design pixels between two rows of fields
TABLE_ROW = 40           # a heard table's button and its gap
POLL_S = 0.5             # how often the list looks at what was heard
NAME_LENGTH = 16         # a player's name, as at the setup
MESSAGE_COLOUR = (255, 190, 160)
STATUS_COLOUR = (200, 210, 196)
PAGE_BUTTON = 52


def open_browser(mode: str) -> TableBrowser:
    """The browser of tables nearby (a test puts a fake one here)."""
    return TableBrowser(mode)


class JoinScene(Scene):
    back_on_escape = True

    def __init__(self, app):
        super().__init__(app)
        self.decision = discovery_mode(app.settings["discovery"])
        self.browser = open_browser(self.decision.mode)
        self.browser.start()
        self.found: list = []
        self.page = 0
        self.next_poll = 0.0
        first = app.history.ensure_profile(t("profile.default"))
        profiles = {profile.id: profile.name for profile in app.history.profiles()}
        self.last = remembered(app.settings, profiles)
        self.typed = {"address": self.last.get("address", ""), "code": self.last.get("code", ""),
                      "name": profiles.get(self.last.get("profile"), first.name)}
        self.picked: tuple[str, str] | None = None     # (the address filled in, its table)
        self.picked_label = ""            # the table picked, as its line says it
        self.message = ""
        self.entries: dict = {}
        self.table_buttons: dict = {}
        self.previous = self.next = None

    # layout ----------------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(px(820), width - px(40)), height - px(30))
        rect.center = (width // 2, height // 2)
        return rect

    def places(self) -> dict:
        """The tops of the screen's parts, from the bottom of the panel up."""
        panel = self.panel_rect()
        buttons = panel.bottom - px(14 + 44)
        message = buttons - px(46)
        profile = message - px(ROW)
        code = profile - px(ROW)
        address = code - px(ROW)
        tools = address - px(ROW + 6)
        return {"list": panel.y + px(86), "tools": tools, "address": address, "code": code,
                "profile": profile, "message": message, "buttons": buttons}

    def per_page(self) -> int:
        places = self.places()
        return max(1, (places["tools"] - px(8) - places["list"]) // px(TABLE_ROW))

    def build(self) -> None:
        manager, panel, places = self.app.manager, self.panel_rect(), self.places()
        x, inner = panel.x + px(30), panel.width - px(60)
        self.table_buttons = {}
        self.add_table_rows()
        rows = list(self.widgets)

        def cell(left: int, top: int, width: int) -> pygame.Rect:
            return pygame.Rect(x + px(left), top, px(width), px(36))

        self.refresh_button = self.add(UIButton(cell(0, places["tools"], 150),
                                                t("join.refresh"), manager))
        # the mode's words have the room up to the page buttons (there or not)
        mode = pygame.Rect(x + px(160), places["tools"], 0, px(36))
        mode.width = panel.right - px(30 + 2 * PAGE_BUTTON + 8 + 12) - mode.x
        self.mode_button = self.add(UIButton(mode, "", manager))
        set_label(self.mode_button, t("join.mode",
                                      mode=t(f"join.mode.{self.decision.mode}")))
        set_enabled(self.mode_button, not self.decision.by_environment)
        set_enabled(self.refresh_button, self.decision.mode != OFF)
        field_width = inner - px(170)
        self.entries = {}
        for key, label in (("address", "join.address"), ("code", "join.code")):
            self.add(UILabel(cell(0, places[key], 160), t(label), manager))
            entry = self.add(UITextEntryLine(pygame.Rect(x + px(170), places[key], field_width,
                                                         px(36)), manager))
            entry.set_text(self.typed[key])
            self.entries[key] = entry
        names = self.profile_names()
        self.add(UILabel(cell(0, places["profile"], 160), t("join.profile"), manager))
        chosen = self.typed["name"] if self.typed["name"] in names else names[-1]
        half = (field_width - px(10)) // 2
        self.profile_menu = self.add(UIDropDownMenu(names, chosen, pygame.Rect(
            x + px(170), places["profile"], half, px(36)), manager))
        self.entries["name"] = self.add(UITextEntryLine(pygame.Rect(
            x + px(180) + half, places["profile"], field_width - half - px(10), px(36)),
            manager))
        self.entries["name"].set_text(self.typed["name"])
        back = pygame.Rect(x, places["buttons"], px(150), px(44))
        join = pygame.Rect(0, places["buttons"], px(180), px(44))
        join.right = panel.right - px(30)
        self.back_button = self.add(UIButton(back, t("setup.back"), manager))
        self.join_button = self.add(UIButton(join, t("join.join"), manager))
        self.field_widgets = [w for w in self.widgets if w not in rows]

    def add_table_rows(self) -> None:
        """The page of heard tables (buttons), and ◀ ▶ when there is more than one page."""
        manager, panel, places = self.app.manager, self.panel_rect(), self.places()
        per_page = self.per_page()
        pages = max(1, -(-len(self.found) // per_page))
        self.page = min(self.page, pages - 1)
        shown = self.found[self.page * per_page:(self.page + 1) * per_page]
        lobbies = shared_hosts(self.found)
        for index, found in enumerate(shown):
            rect = pygame.Rect(panel.x + px(30), places["list"] + index * px(TABLE_ROW),
                               panel.width - px(60), px(TABLE_ROW - 4))
            button = self.add(UIButton(rect, "", manager))
            set_label(button, table_words(found, (found.address, found.ad.port) in lobbies))
            self.table_buttons[button] = found
        self.previous = self.next = None
        if pages > 1:
            top, right = places["tools"], panel.right - px(30)
            self.next = self.add(UIButton(pygame.Rect(right - px(PAGE_BUTTON), top,
                                                      px(PAGE_BUTTON), px(36)), "▶", manager))
            self.previous = self.add(UIButton(pygame.Rect(
                right - px(2 * PAGE_BUTTON + 8), top, px(PAGE_BUTTON), px(36)), "◀", manager))
            set_enabled(self.previous, self.page > 0)
            set_enabled(self.next, self.page < pages - 1)

    def rebuild_rows(self) -> None:
        """The list anew (tables came or went), the fields as they are: what is being typed
        and where the focus stands stay."""
        for widget in list(self.widgets):
            if widget in self.table_buttons or widget in (self.previous, self.next):
                widget.kill()
        fields = self.field_widgets
        self.widgets = []
        self.table_buttons = {}
        self.add_table_rows()
        self.widgets += fields

    def focus_targets(self) -> list:
        """The heard tables are one stop (the arrows go along them), then each field."""
        rows = [w for w in self.widgets if w in self.table_buttons]
        return (widget_targets(self, rows, group="tables")
                + widget_targets(self, [w for w in self.widgets if w not in rows]))

    def initial_focus(self):
        return self.entries.get("address")

    def keep_typed(self) -> None:
        for key, entry in self.entries.items():
            if entry.alive():
                self.typed[key] = entry.get_text()

    def clear(self) -> None:
        self.keep_typed()
        super().clear()

    # input -----------------------------------------------------------------------------------
    def profile_names(self) -> list[str]:
        return [profile.name for profile in self.app.history.profiles()] + [
            t("setup.profile.new")]

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and \
                event.ui_element is self.entries.get("code") and self.picked_label and \
                self.message == t("nearby.picked", table=self.picked_label):
            # the code is being typed: "type its join code" is no longer what to do
            self.message = t("nearby.picked_coded", table=self.picked_label)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.profile_menu:
            picked = self.profile_menu.selected_option[0]
            if picked != t("setup.profile.new"):
                self.entries["name"].set_text(picked)
            else:
                self.entries["name"].set_text("")
                self.app.focus.focus_on(self, self.entries["name"])

    def on_button(self, element) -> None:
        if element in self.table_buttons:
            self.pick(self.table_buttons[element])
        elif element is self.previous or element is self.next:
            self.page += -1 if element is self.previous else 1
            self.rebuild_rows()
        elif element is self.refresh_button:
            self.restart_browser()
        elif element is self.mode_button:
            self.next_mode()
        elif element is self.back_button:
            self.app.stack.pop()
        elif element is self.join_button:
            self.join()

    def pick(self, found) -> None:
        """A heard table: its address goes into the field (a code remembered for another
        address goes), and the code is asked for; Join then asks for that table."""
        address = f"{found.address}:{found.ad.port}"
        self.entries["address"].set_text(address)
        if address != self.last.get("address") and \
                self.entries["code"].get_text() == self.last.get("code"):
            self.entries["code"].set_text("")
        self.picked = (address, found.ad.table)
        several = (found.address, found.ad.port) in shared_hosts(self.found)
        self.picked_label = table_label(found, several)
        self.message = t("nearby.picked", table=self.picked_label)
        self.app.focus.focus_on(self, self.entries["code"])

    def restart_browser(self, mode: str | None = None) -> None:
        self.browser.close()
        if mode is not None:
            self.browser = open_browser(mode)
        self.browser.start()
        self.found, self.page, self.next_poll = [], 0, 0.0
        self.rebuild_rows()

    def next_mode(self) -> None:
        """The setting's next value (off → this computer → the local network)."""
        current = self.app.settings["discovery"]
        wanted = MODES[(MODES.index(current) + 1) % len(MODES)] if current in MODES else OFF
        self.app.settings["discovery"] = wanted
        self.app.save_settings()
        self.decision = discovery_mode(wanted)
        self.restart_browser(self.decision.mode)
        set_enabled(self.refresh_button, self.decision.mode != OFF)
        set_label(self.mode_button, t("join.mode",
                                      mode=t(f"join.mode.{self.decision.mode}")))

    def join(self) -> None:
        """Check what is typed; a refusal is said, a good request goes to the App."""
        self.keep_typed()
        try:
            host, port = parse_address(self.typed["address"])
            code = parse_code(self.typed["code"])
            name = self.typed["name"].strip()
            try:
                printable_name(name, NAME_LENGTH)
            except UntrustedInput:
                raise UntrustedInput("a name of at most 16 characters", code="bad_name") \
                    from None
        except UntrustedInput as refusal:
            self.message = t(f"join.refused.{refusal.code}", length=NAME_LENGTH)
            return
        profiles = {profile.name: profile.id for profile in self.app.history.profiles()}
        profile = profiles.get(name)
        if profile is None:
            profile = self.app.history.create_profile(name).id
        self.message = ""
        remember(self.app.settings, self.typed["address"], code, profile)
        self.app.save_settings()
        picked = self.picked if self.picked and self.picked[0] == self.typed["address"].strip() \
            else None
        self.app.join_table(JoinRequest(host, port, code, profile, name,
                                        table=picked[1] if picked else None))

    # frame -----------------------------------------------------------------------------------
    def update(self, now: float, dt: float) -> None:
        if now < self.next_poll:
            return
        self.next_poll = now + POLL_S
        found = self.browser.tables()
        if found != self.found:
            self.found = found
            if self.app.stack.top is self and self.widgets:
                self.rebuild_rows()

    def status_words(self) -> str:
        words = status_words(self.decision, self.browser.status, len(self.found))
        pages = -(-len(self.found) // self.per_page())
        if self.found and pages > 1:
            words = f"{words} · {t('saves.page', page=self.page + 1, pages=pages)}"
        return words

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        panel, places = self.panel_rect(), self.places()
        draw_panel(surface, panel)
        draw_text(surface, t("join.title"), (panel.centerx, panel.y + px(14)), 28, GOLD,
                  bold=True, anchor="midtop")
        draw_text_within(surface, self.status_words(), (panel.centerx, panel.y + px(56)), 16,
                         panel.width - px(60), STATUS_COLOUR, anchor="midtop")
        if not self.found and self.decision.mode != OFF:   # off: the status line says it
            draw_text(surface, t("join.none"), (panel.centerx, places["list"] + px(10)), 18,
                      CREAM, anchor="midtop")
        lines = wrap_text(self.message, 16, panel.width - px(60)) if self.message else []
        for number, line in enumerate(lines[:2]):
            draw_text(surface, line, (panel.x + px(30), places["message"] + px(4 + 20 * number)),
                      16, MESSAGE_COLOUR)

    def on_close(self) -> None:
        self.browser.close()
        super().on_close()
