"""Dialogs every table shares: the base panel over the table, the hot-seat hand-off and the pause
menu. A game's own dialogs (deal summary, match end…) derive from `Dialog`.

A dialog reads the table through its table scene: `view` (what the screen may show) and `ctl`
(the controller, for input such as `acknowledge_summary`). The table scene offers
`resume_from_pause()`, `open_pause()` and `pause_actions()`: extra pause-menu entries as
(label, callback) pairs.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.controller.door import LessonDoor

from .focus import Target
from .games import follow_settings
from .i18n import t
from .resources import draw_text, draw_text_within, font, wrap_text
from .scaling import px, px_rect
from .scene import Scene
from .widgets import CREAM, GOLD, dim, draw_panel, set_enabled, set_label


class Dialog(Scene):
    """A box over the table. One that Esc closes sets `back_on_escape` (Scene.handle) and says
    in `close` what closing it does."""
    opaque = False
    size = (560, 360)            # design pixels (scaling.py), as every length below

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.table_scene = table_scene
        self.view_table: UIButton | None = None   # summaries: set aside to see the table
        self.review: UIButton | None = None       # summaries and the end: the Review screen
        self.waiting_shown: tuple = ()    # (button, players) its way on says it waits for

    def corner(self, width: int, right: bool) -> pygame.Rect:
        """A button's place in a top corner of the panel (`width` in design pixels)."""
        panel = self.panel()
        rect = px_rect(0, 0, width, 36)
        if right:
            rect.topright = (panel.right - px(14), panel.y + px(12))
        else:
            rect.topleft = (panel.x + px(14), panel.y + px(12))
        return rect

    def view_table_button(self) -> UIButton:
        """"View table", at the panel's top right: the table as the deal ended, and back."""
        self.view_table = self.add(UIButton(self.corner(170, right=True),
                                            t("table.view_table"), self.app.manager))
        return self.view_table

    def review_button(self) -> UIButton:
        """"Review", at the panel's top left: the deals played so far on the Review screen
        (the table waits meanwhile, and is as it was when the screen closes)."""
        self.review = self.add(UIButton(self.corner(130, right=False), t("review.open"),
                                        self.app.manager))
        return self.review

    def draw_title(self, surface, text: str, top: int = 18, size: int = 26) -> pygame.Rect:
        """The dialog's title, centred at `top` (design pixels below the panel's top): clear
        of the View table and Review buttons, smaller or cut short rather than out of the
        panel. (The buttons' places come from the panel: a covered dialog has no widgets.)"""
        panel = self.panel()
        left, right = panel.x + px(16), panel.right - px(16)
        if self.view_table is not None:
            right = self.corner(170, right=True).left - px(10)
        if self.review is not None:
            left = self.corner(130, right=False).right + px(10)
        centre = panel.centerx
        half = min(centre - left, right - centre)
        if half * 2 < font(size, True).get_rect(text).width:   # off centre, in the free band
            centre, half = (left + right) // 2, (right - left) // 2
        return draw_text_within(surface, text, (centre, panel.y + px(top)), size, 2 * half,
                                GOLD, bold=True, anchor="midtop")

    def handle(self, event) -> None:
        if self.view_table is not None and event.type == pygame.MOUSEBUTTONDOWN:
            self.ctl.keep_summary()        # a summary never goes from under the player's click
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and self.view_table is not None
                and event.ui_element is self.view_table):
            self.table_scene.view_final_table()
            return
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and self.review is not None
                and event.ui_element is self.review):
            self.table_scene.open_review()
            return
        if self.escape_pauses(event):
            self.table_scene.open_pause()
            return
        super().handle(event)

    def go_back(self) -> None:
        self.close()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def update(self, now: float, dt: float) -> None:
        self.follow_readers()

    def follow_readers(self) -> None:
        """A summary read at this screen while friends at other screens still read it (a
        table hosted across machines): its way on (`next`) says whom the next deal waits for,
        and is off meanwhile."""
        button = getattr(self, "next", None)
        hosting = hosting_of(self.table_scene) if self.table_scene is not None else None
        if not isinstance(button, UIButton) or self.app.stack.top is not self or hosting is None:
            return
        waiting = hosting.summary_waits_for()
        if (button, waiting) == self.waiting_shown or (not waiting and not self.waiting_shown):
            return
        if not waiting:                  # (the readers went: the way on as it was)
            self.waiting_shown = ()
            self.rebuild()
            return
        self.waiting_shown = (button, waiting)
        names = self.ctl.names
        set_label(button, t("session.waiting_for", names=", ".join(
            names[player] for player in waiting if 0 <= player < len(names))))
        set_enabled(button, False)

    def focus_targets(self) -> list:
        """While its way on waits for friends reading (off), the ring stays on it, doing
        nothing: a second Return meant for Next never reaches the button beside it (Leave)."""
        targets = super().focus_targets()
        if self.waiting_shown:
            button = self.waiting_shown[0]
            targets.insert(0, Target(button, button.rect, lambda: None))
        return targets

    def initial_focus(self):
        """The keyboard starts on the dialog's way on (Next, the result, Menu), not on View
        table or Review."""
        return next((widget for widget in self.widgets
                     if widget is not self.view_table and widget is not self.review), None)

    def escape_pauses(self, event) -> bool:
        """Esc over a deal's summary or the game's end opens the pause menu, as it does over
        the table and the hand-off (the summary waits under it; Esc again comes back)."""
        return (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                and self.table_scene.dialog is self and not isinstance(self, HandoffScene)
                and type(self) in self.table_scene.DIALOGS.values())

    @property
    def ctl(self):
        return self.table_scene.ctl

    @property
    def in_lesson(self) -> bool:
        """A lesson's table: its one deal is the whole lesson."""
        return isinstance(self.ctl, LessonDoor)

    def way_on(self, label: str) -> str:
        """The words of a summary's button on: the game's own, but at a lesson's table the
        button ends the lesson, and says so."""
        return t("guided.finish") if self.in_lesson else label

    @property
    def view(self):
        return self.table_scene.view

    def panel(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(px(self.size[0]), width - px(40)),
                           min(px(self.size[1]), height - px(40)))
        rect.center = (width // 2, height // 2)
        return rect

    def bottom_button(self, label: str, offset: int = 0, width: int = 220) -> UIButton:
        panel = self.panel()
        rect = px_rect(0, 0, width, 46)
        rect.midbottom = (panel.centerx + px(offset), panel.bottom - px(18))
        return self.add(UIButton(rect, label, self.app.manager))

    def to_menu(self) -> None:
        """Back to the menu (an unfinished table stays in its autosave for Continue)."""
        self.app.show("menu", reset=True)

    def next_game_coming(self) -> bool:
        """A table across machines of several games whose host has begun the next one
        (joining.RemoteWatch): the end's dialog offers it."""
        watch = getattr(self.app, "remote_watch", None)
        return watch is not None and watch.next_game_coming(self.ctl)

    def draw(self, surface) -> None:
        dim(surface)
        draw_panel(surface, self.panel(), 255)      # the table shows around it, not through it


class FinalDialog(Dialog):
    """The end of the game: the result, a button back to the menu, View table and Review; at
    a table across machines whose host plays another game, Next game too."""
    next_game: UIButton | None = None
    next_offered = False                 # Next game was offered when the widgets were built

    def build(self) -> None:
        self.next_offered = self.next_game_coming()
        if self.next_offered:
            self.next_game = self.bottom_button(t("session.next_game"), -125, 230)
            self.menu = self.bottom_button(t("over.menu"), 125, 230)
        else:
            self.menu = self.bottom_button(t("over.menu"))
        self.view_table_button()
        self.review_button()

    def update(self, now: float, dt: float) -> None:
        super().update(now, dt)
        if self.app.stack.top is self and self.next_offered != self.next_game_coming():
            self.rebuild()               # the host's next game began meanwhile

    def on_button(self, element) -> None:
        if element is self.menu:
            self.to_menu()
        elif element is self.next_game and element is not None:
            self.ctl.acknowledge_summary(self.app.now)      # on to the next game


class HandoffScene(Dialog):
    """D18: every hand is face down until the next human is at the screen and says ready. The
    public table (the line, the trick, the last play, the scores) stays in view around the box,
    which sits over the hands; Esc and Menu open the pause menu."""
    back_on_escape = True
    size = (560, 150)
    keeps_table_in_view = True
    #: a second line under the title (a game may say what stays public)
    detail_key: str | None = None
    #: design pixels kept free at each side of the box (a game's bottom seat may sit there)
    side_room = 20

    def panel(self) -> pygame.Rect:
        width, height = self.app.size
        box_width = min(px(self.size[0]), width - 2 * px(self.side_room))
        lines = len(self.detail_lines(box_width))
        rect = pygame.Rect(0, 0, box_width, px(self.size[1] + 20 * max(0, lines - 2)))
        rect.midbottom = (width // 2, height - px(12))
        return rect

    def detail_lines(self, box_width: int) -> list[str]:
        return wrap_text(t(self.detail_key), 15, box_width - px(32)) if self.detail_key else []

    def build(self) -> None:
        panel = self.panel()
        self.menu_button = self.add(UIButton(px_rect(12, 12, 100, 38), t("table.menu"),
                                             self.app.manager))
        rect = px_rect(0, 0, 240, 44)
        rect.midbottom = (panel.centerx, panel.bottom - px(14))
        self.ready = self.add(UIButton(rect, t("handoff.hint"), self.app.manager))
        self.rules_button = self.table_scene.add_rules_button(self)    # kept in view too

    def initial_focus(self):
        return self.ready

    def on_button(self, element) -> None:
        if element is self.ready:
            self.ctl.confirm_handoff(self.app.now)
        elif element is self.menu_button:
            self.table_scene.open_pause()
        elif element is self.rules_button and element is not None:
            self.table_scene.open_rules_in_force()

    def handle(self, event) -> None:
        super().handle(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.ctl.confirm_handoff(self.app.now)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_l, pygame.K_b):
            # the next player may read what happened before taking the screen: the log holds
            # public moves only
            self.table_scene.move_log.takes(event)

    def go_back(self) -> None:
        """Esc: the pause menu (the hands stay hidden under it)."""
        self.table_scene.open_pause()

    def draw(self, surface) -> None:
        panel = self.panel()
        draw_panel(surface, panel, 255)      # what lies under the box does not show through
        player = self.view.to_move
        name = self.ctl.names[player] if player is not None else ""
        self.draw_title(surface, t("handoff.title", name=name), top=14)
        if self.detail_key:
            y = panel.y + px(50)
            for line in self.detail_lines(panel.width):
                y = draw_text(surface, line, (panel.centerx, y), 15, CREAM,
                              anchor="midtop").bottom + px(2)


def hosting_of(table_scene):
    """The window's hosting (game/net/window_host.py) when the table on screen is the one it
    serves, else None."""
    hosting = getattr(table_scene.app, "hosting", None)
    if hosting is None or hosting.ctl is None or hosting.ctl is not table_scene.ctl:
        return None
    return hosting


class PauseScene(Dialog):
    """Resume, the game's rules, Settings, the table's own entries, save and leave to the
    menu. Esc resumes."""
    back_on_escape = True

    def entries(self) -> list:
        # a table that is not saved (a lesson) says so: nothing is kept when it is left
        leave = t("pause.quit") if self.ctl.save_path is not None else t("pause.leave")
        return ([(t("pause.resume"), self.resume), (t("pause.rules"), self.show_rules),
                 (t("pause.settings"), self.show_settings)]
                + list(self.table_scene.pause_actions()) + self.hosting_entries()
                + [(leave, self.to_menu)])

    def hosting_entries(self) -> list:
        """A table this window hosts: "Table & friends" (host_panel.py)."""
        hosting = hosting_of(self.table_scene)
        if hosting is None:
            return []
        return [(t("hostplay.entry"),
                 lambda: self.app.show("friends", self.table_scene, hosting))]

    @property
    def join_line(self) -> str | None:
        """A hosted table's join code and first address, under the title (once served)."""
        hosting = hosting_of(self.table_scene)
        where = hosting.where() if hosting is not None else None
        return t("hostplay.pause_line", code=where[0], address=where[1]) if where else None

    def entries_top(self) -> int:
        return 80 + (26 if self.join_line else 0)

    def panel(self) -> pygame.Rect:
        self.size = (420, self.entries_top() + 36 + 60 * len(self.entries())
                     + (52 if self.across_machines else 0))
        return super().panel()

    @property
    def across_machines(self) -> bool:
        """A table joined across machines (the App watches it): only this screen pauses."""
        watch = getattr(self.app, "remote_watch", None)
        return watch is not None and watch.door is self.ctl

    def build(self) -> None:
        panel = self.panel()
        self.buttons = []
        self.actions = {}
        for index, (label, action) in enumerate(self.entries()):
            rect = px_rect(0, 0, 340, 46)
            rect.midtop = (panel.centerx, panel.y + px(self.entries_top() + index * 60))
            button = self.add(UIButton(rect, label, self.app.manager))
            self.buttons.append(button)
            self.actions[button] = action

    def on_button(self, element) -> None:
        action = self.actions.get(element)
        if action is not None:
            action()

    def close(self) -> None:
        self.resume()

    def resume(self) -> None:
        self.app.stack.pop()
        self.table_scene.resume_from_pause()

    def show_rules(self) -> None:
        self.app.show("rules", self.ctl.game)

    def show_settings(self) -> None:
        """Settings over the paused table; back here when they close, the table as it was but
        for the speed and look just chosen (the language and size apply as they change)."""
        self.app.show("settings", over_table=True,
                      on_leave=lambda: follow_settings(self.table_scene))

    def draw(self, surface) -> None:
        super().draw(surface)
        self.draw_title(surface, t("pause.title"), top=22, size=28)
        join_line = self.join_line
        if join_line:                       # where a late friend joins
            panel = self.panel()
            draw_text_within(surface, join_line, (panel.centerx, panel.y + px(66)), 16,
                             panel.width - px(32), GOLD, anchor="midtop")
        if self.across_machines:            # the host's clock goes on meanwhile
            panel, width = self.panel(), self.panel().width - px(40)
            lines = wrap_text(t("remote.paused_alone"), 15, width)[:2]
            for index, line in enumerate(lines):
                draw_text_within(surface, line, (panel.centerx, panel.bottom - px(
                    20 + 20 * (len(lines) - index))), 15, width, CREAM, anchor="midtop")
