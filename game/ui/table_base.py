"""The skeleton of every table scene: one update pipeline, one message log, dialogs declared per
phase, event handlers looked up by event type (table_events.py), one timeline, a layout object
for the window size, and the game's renderer (table_renderer.py), handed the view, the layout,
the timeline and the scene's `look()` (drawing changes nothing).

    update = pause → controller → new events (and the holds they start) → dialogs → widgets

Its parts, each with one job, get what they need (the door, the log, the timeline, callables):
    assists    TableAssists (assists.py): Hint and its advice shown, Undo
    tempo      TableTempo (table_pace.py): each moment held for its time, a click moving on
    marks      SeatMarks (table_pace.py): what each seat did last, in a bubble at the seat
    keyboard   TableKeys (table_keys.py): what the focus ring reaches, Esc / H / Ctrl+Z / P
    move_log   MoveLog (move_log.py): its buttons, the game's story followed, its panel
    feed       TableFeed (table_events.py): how far the controller's feeds were read
    aside      SummaryAside (summary_aside.py): a deal's summary set aside to see the table

A game's scene declares DIALOGS (a dialog per Phase), FINAL_DIALOG, `make_layout(size)` (design
pixels), `make_renderer()` and `look()`, marks its event handlers with `@handles(EventType, …)`
and answers the parts' questions (below: "what the parts ask of the game").
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton

from game.controller.door import Phase, TableDoor
from game.controller.pace import Moment
from game.core.errors import IllegalAction

from .assists import TableAssists, corner_rects
from .dialogs import HandoffScene, PauseScene
from .focus import widget_targets
from .i18n import t
from .message_log import MessageLog
from .move_log import PREVIOUS, MoveLog, corner_buttons, left_column
from .notices import notice_message
from .refusals import refusal_words
from .rules_in_force import RulesInForceScene, add_rules_button, house_rules_line, keep_clear
from .scaling import px, px_rect, scaled_layout
from .scene import Scene
from .summary_aside import SummaryAside
from .table_events import TableFeed, event_handlers
from .table_keys import TableKeys
from .table_pace import SeatMarks, TableTempo
from .table_renderer import TableLook, TablePicture, TableRenderer, messages_top
from .timeline import Timeline
from .widgets import CREAM

REFUSED = (255, 170, 150)


class TableScene(Scene):
    #: the dialog shown in each controller phase (a Dialog class)
    DIALOGS: dict = {Phase.HANDOFF: HandoffScene}
    #: the dialog that ends the game: putting it up removes the autosave
    FINAL_DIALOG: type | None = None
    MESSAGES_KEPT = 3
    MESSAGE_S = 3.0
    #: the moment a deal's last play is (None: the game's own animation holds it: Joker's)
    DEAL_END_MOMENT: Moment | None = Moment.DEAL_END
    #: event type -> handler, collected from the methods marked with @handles
    ON_EVENT: dict = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.ON_EVENT = event_handlers(cls)

    def __init__(self, app, controller: TableDoor):
        super().__init__(app)
        self.ctl = controller
        self.view = controller.view()
        self.names = controller.names
        self.timeline = Timeline(reduced=app.settings.get("reduced_motion", False))
        self.tempo = TableTempo(self.timeline, lambda: app.settings.get("animation"),
                                controller.follow_pace, self.DEAL_END_MOMENT)
        self.marks = SeatMarks()
        self.log = MessageLog(self.MESSAGES_KEPT, self.MESSAGE_S)
        self.assists = TableAssists(controller, self.log, lambda: self.view, self.point_out,
                                    self.start_afresh)
        self.keyboard = TableKeys(
            view=lambda: self.view, play_targets=self.play_targets,
            buttons=lambda: widget_targets(self, self.widgets), escape=self.on_escape,
            hint=self.assists.ask_coach, undo=lambda: self.assists.undo_by_key(self.app.now),
            pass_move=self.pass_by_key)
        self.move_log = MoveLog(controller, self.move_log_area, self.show_previous)
        self.feed = TableFeed(controller)
        self.dialog: Scene | None = None               # the dialog this table put up
        self.layout: Any = None
        self.layout_size: tuple | None = None
        self.deal_end_seen = controller.deals_played if controller.deal_over else 0
        self.aside = SummaryAside()     # the summary set aside to look at the final table
        self.seat_at_screen: int | None = None   # whose hand was up when a menu was opened
        self.renderer = self.make_renderer()
        self.ensure_layout()

    # --- layout ------------------------------------------------------------------------------

    def make_layout(self, size: tuple[int, int]) -> Any:
        """The geometry for a window of `size` design pixels (scaled to the window after)."""
        raise NotImplementedError

    def ensure_layout(self) -> None:
        """The layout for the window's size (computed again when the window changes)."""
        if self.layout_size != self.app.size:
            self.layout_size = self.app.size
            self.layout = scaled_layout(self.make_layout, self.app.size)

    def resized(self) -> None:
        """Covered by a dialog (the table stays in view, paused or not): lay out again."""
        self.ensure_layout()
        self.sync_widgets()            # covered: places the hand and the line, no widgets

    def build(self) -> None:
        """The table's widgets; a game's scene adds its own after this (the Menu button)."""
        self.ensure_layout()
        self.menu_button = self.add(UIButton(px_rect(12, 12, 100, 38), t("table.menu"),
                                             self.app.manager))
        self.aside.build(self.app.manager, self.add, self.app.size, self.layout.hand)
        self.assists.build(self.app.manager, self.add, self.assist_rects)
        self.rules_button = self.add_rules_button(self)
        self.move_log.build(self.app.manager, self.add, *self.move_log_buttons())

    def add_rules_button(self, scene) -> UIButton | None:
        """The rules in force, one click from the whole list (none under the base rules)."""
        line = self.rules_line()
        return add_rules_button(scene, line) if line else None

    def rules_line(self) -> str | None:     # the rules in force away from the base rules
        return house_rules_line(self.ctl.game, self.ctl.options)

    def messages_top(self, top: int) -> int:   # design pixels: below the house rules line
        return messages_top(top, bool(self.rules_line()))

    def open_rules_in_force(self) -> None:
        self.open_viewer(RulesInForceScene)

    def on_button(self, element) -> None:
        if element is self.menu_button:
            self.open_pause()
        elif element is self.rules_button and element is not None:
            self.open_rules_in_force()
        elif not self.assists.on_button(element, self.app.now):    # Hint, Undo
            self.aside.on_button(element)                            # Back to summary

    def open_review(self) -> None:
        """The Review screen (from a deal's summary or the game's end) on the deals played so
        far, from the seat at the screen. The table waits, paused, and is as it was when the
        screen closes."""
        self.ctl.pause(self.app.now)
        self.app.show("review", self.ctl.review_record(), seat=self.view.seat,
                      on_leave=self.resume_from_pause)

    def view_final_table(self) -> None:
        """From a deal's summary: set it aside to look at the table as the deal ended."""
        self.aside.set_aside()
        self.sync_dialog(self.app.now)
        self.aside.show_button()

    # --- the pipeline -------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self.ctl.paused

    def update(self, now: float, dt: float) -> None:
        if self.paused:                 # (nothing moves: the move log has nothing new to tell)
            return
        self.ensure_layout()
        self.tempo.follow_speed()
        self.timeline.prune(now)
        self.view = self.ctl.view()
        self.read_events(now)           # a deal dealt from its summary's button: held first
        self.hold_for_animations(now)
        self.ctl.update(now)
        self.view = self.ctl.view()
        self.read_events(now)
        self.follow_deal_end(now)
        self.hold_for_animations(now)       # an animation the new events started
        self.view = self.ctl.view()
        self.read_notices(now)
        self.log.prune(now)
        self.assists.follow_coach()
        self.sync_dialog(now)
        self.sync_widgets()
        self.assists.sync()
        keep_clear(self)            # the house rules line, clear of the top seat
        self.move_log.follow()

    def follow_deal_end(self, now: float) -> None:
        """A deal just ended: its last play (the last tile, the last trick, the winning
        combination) stays on the table (the pace's time) before the summary covers it. Once
        the next deal begins, the table is no longer being looked at in place of its summary."""
        if self.ctl.deal_over and self.deal_end_seen != self.ctl.deals_played:
            self.deal_end_seen = self.ctl.deals_played
            self.tempo.show_deal_end(now, self.view.game_over)
        if self.aside.shown and not self.ctl.deal_over:
            self.aside.end()                    # the next deal began

    def hold_for_animations(self, now: float) -> None:
        """While the timeline holds, the game waits (no bot moves, no clock runs)."""
        if self.timeline.holding(now):
            self.ctl.hold(now)
        else:
            self.ctl.release(now)

    def read_events(self, now: float) -> None:
        new_events = self.feed.new_events()
        if not new_events:
            return
        self.app.sound.play_events(self.ctl.game, new_events)
        for event in new_events:
            handler = self.ON_EVENT.get(type(event))
            if handler is not None:
                handler(self, event, now)

    def read_notices(self, now: float) -> None:
        for notice in self.feed.new_notices():
            message = notice_message(notice, self.names)     # (text, colour[, seconds])
            if message:
                self.say(message[0], message[1], now + message[2] if len(message) > 2 else None)

    def wanted_dialog(self) -> type | None:
        if self.aside.shown and self.ctl.phase in (Phase.SUMMARY, Phase.OVER):
            return None
        return self.DIALOGS.get(self.ctl.phase)

    def sync_dialog(self, now: float) -> None:
        """Keep the dialog over the table in step with the controller: take down the one no
        longer wanted, put up the wanted one once the running animations are over."""
        wanted = self.wanted_dialog()
        current = type(self.dialog) if self.dialog is not None else None
        if current is wanted:
            return
        stack = self.app.stack
        if self.dialog is not None and stack.top is self.dialog:
            stack.pop()
        self.dialog = None
        if wanted is None or self.timeline.holding(now) or stack.top is not self:
            return
        if wanted is self.FINAL_DIALOG:
            self.ctl.forget_save()
        self.dialog = wanted(self.app, self)
        stack.push(self.dialog)

    def sync_widgets(self) -> None:
        """Show, hide and label the table's own buttons for the moment."""

    # --- what the parts ask of the game (each game's scene answers its own) ---------------------

    def play_targets(self) -> list:
        """What the human to act picks from, drawn by the table (focus.Target, grouped)."""
        return []

    def focus_targets(self) -> list:
        return self.keyboard.targets()

    def initial_focus(self):
        return self.keyboard.first_target()

    def focus_epoch(self):
        return self.keyboard.epoch()

    def pass_by_key(self) -> None:
        """P: pass, where the game has a pass."""

    def assist_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where Hint and Undo sit (a game whose corner is taken places them itself)."""
        return corner_rects(self.app.size, self.layout.hand)

    def point_out(self, action) -> None:
        """Show the coach's move on the table without playing it (each game's own way)."""

    def forget_moves(self) -> None:
        """Undo took moves back: forget what the scene kept of them (a selection, a trick)."""

    def start_afresh(self) -> None:
        """Undo took moves back: the table afresh from the controller, its feeds from their end."""
        self.timeline.clear()
        self.log.clear()
        self.marks.clear()                      # the seats' last actions were undone
        self.feed.skip_to_end()
        self.deal_end_seen = self.ctl.deals_played if self.ctl.deal_over else 0
        self.aside.end()
        self.forget_moves()
        self.refresh()
        self.say(t("table.undone"))

    def move_log_buttons(self) -> tuple[pygame.Rect, pygame.Rect | None]:
        """The log's button and the previous trick / round's (None: the game has its own)."""
        return corner_buttons(self.app.size, self.layout.hand)

    def move_log_bottom(self) -> int:
        """The open log's bottom edge (window pixels): above the table's buttons and hand."""
        return self.layout.hand.top - px(60)

    def move_log_area(self) -> pygame.Rect:
        """The open log: the left column, under the Menu and the house rules line, over the
        table's messages (the log says them too)."""
        return left_column(self.app.size, px(self.messages_top(56)), self.move_log_bottom())

    def show_previous(self) -> None:
        """The trick or round before this one (key B): in the log's panel."""
        self.move_log.toggle(PREVIOUS)

    # --- input -----------------------------------------------------------------------------------

    def attempt(self, action) -> list | None:
        """Send the human's move; a refusal is said in the player's language."""
        try:
            events = self.ctl.human_action(action, self.app.now)
        except IllegalAction as refusal:
            self.say(t("table.refused", reason=refusal_words(refusal, self.names)), REFUSED)
            return None
        self.refresh()
        return events

    def say(self, text: str, colour=CREAM, until: float | None = None) -> None:
        self.log.say(text, colour, self.app.now, until)

    # --- drawing: the game's renderer (table_renderer.py) ---------------------------------------

    def make_renderer(self) -> TableRenderer:
        """The game's renderer, which the table draws with."""
        return TableRenderer()

    def look(self) -> TableLook:
        """What the renderer is told beyond the view, layout and timeline (a game adds its own)."""
        return TableLook(**self.look_fields())

    def look_fields(self) -> dict:
        now = self.app.now
        return dict(names=tuple(self.names), now=now, **self.marks.look(self.names, now),
                    messages=tuple(self.log.shown()), rules_line=bool(self.rules_line()),
                    time_left=self.ctl.time_left(now), time_share=self.ctl.time_share(now),
                    advised=self.assists.advised, log_area=self.move_log.covering())

    def picture(self) -> TablePicture:
        """The table as its renderer draws it this frame (the tests measure it)."""
        return self.renderer.PICTURE(self.renderer, self.view, self.layout, self.timeline,
                                     self.look())

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.view, self.layout, self.timeline, self.look(),
                           self.draw_under_marks)
        self.move_log.draw(surface)         # the open log lies over everything on the table

    def draw_under_marks(self, surface: pygame.Surface) -> None:
        """A layer of the scene's own under the seats' marks (none here; a lesson's guide)."""

    @property
    def avatar_rects(self) -> dict:
        """player -> where their avatar was drawn last."""
        return self.renderer.avatar_rects

    # --- pausing ----------------------------------------------------------------------------------

    def open_viewer(self, scene_class, *args) -> None:
        """Open a scene over the table (pause menu, score sheet…); the game stops meanwhile and
        a hotseat table hides its hands."""
        stack = self.app.stack
        if stack.top is self or stack.top is self.dialog:
            # who opened it: the human whose hand was face-up (None at a hand-off)
            self.seat_at_screen = self.view.seat if self.view.hand_shown else None
            self.ctl.pause(self.app.now)
            stack.push(scene_class(self.app, self, *args))
            self.refresh()                     # under the menu, a hotseat hand turns over

    def open_pause(self) -> None:
        self.open_viewer(PauseScene)

    def pause_actions(self) -> list:
        """The table's own pause-menu entries: (label, action)."""
        return []

    def resume_from_pause(self) -> None:
        self.ctl.resume(self.app.now)
        self.refresh()

    def refresh(self) -> None:
        """Read the view again now (not at the next frame) and lay the table out from it."""
        self.view = self.ctl.view()
        self.sync_widgets()
        self.assists.sync()

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if self.tempo.skips_moment(event, self.app.now, self.widgets):
            self.timeline.skip(self.app.now)    # seen: the game moves on
        elif event.type == pygame.KEYDOWN:
            self.keyboard.on_key(event)     # Esc, H, Ctrl+Z, P

    def on_escape(self) -> None:
        self.open_pause()

    def on_close(self) -> None:
        super().on_close()
        self.ctl.close()
