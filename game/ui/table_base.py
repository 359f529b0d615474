"""The skeleton of every table scene: one update pipeline, one message log, dialogs declared per
phase, event handlers looked up by event type, one timeline, a layout object for the window size.

    update = pause → controller → new events (and the holds they start) → dialogs → widgets

The assists of a Casual table (Hint and Undo) are the TableAssists mixin: assists.py; the
tempo (how long each moment is held, a click moving on, the seats' marks) is the TablePace
mixin: table_pace.py; the keyboard's way through a table is the TableKeys mixin: table_keys.py.

A table is drawn by its game's renderer (table_renderer.py), which the scene composes and hands
`self.view` (the controller's TableView: the seat on screen's observation, or the public table
only, never the engine state), the layout, the timeline and the scene's `look()`; drawing changes
nothing.

A game's scene declares:
    DIALOGS = {Phase.HANDOFF: …, Phase.SUMMARY: …, Phase.OVER: …}   the dialog for each phase
    FINAL_DIALOG                                                    the end of the game
    make_layout(size) -> its layout dataclass, for a size in design pixels (scaling.py)
    make_renderer() -> its renderer; look() -> what its renderer is told beyond the view
and marks its event handlers with `@handles(EventType, …)`.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame
from pygame_gui.elements import UIButton

from game.controller.door import Phase, TableDoor
from game.core.errors import IllegalAction

from .assists import TableAssists
from .dialogs import HandoffScene, PauseScene
from .i18n import t
from .message_log import MessageLog
from .notices import notice_message
from .refusals import refusal_words
from .rules_in_force import (RulesInForceScene, add_rules_button, house_rules_line,
                             keep_clear)
from .scaling import px, px_rect, scaled_layout
from .scene import Scene
from .table_keys import TableKeys
from .table_pace import TablePace
from .table_renderer import TableLook, TablePicture, TableRenderer, messages_top
from .timeline import Timeline
from .widgets import CREAM

REFUSED = (255, 170, 150)


def handles(*event_types: type) -> Callable:
    """Mark a table scene method as the handler of these engine event types."""
    def mark(method: Callable) -> Callable:
        method.handled_events = event_types
        return method
    return mark


class TableScene(TableAssists, TablePace, TableKeys, Scene):
    #: the dialog shown in each controller phase (a Dialog class)
    DIALOGS: dict = {Phase.HANDOFF: HandoffScene}
    #: the dialog that ends the game: putting it up removes the autosave
    FINAL_DIALOG: type | None = None
    MESSAGES_KEPT = 3
    MESSAGE_S = 3.0
    #: event type -> handler, collected from the methods marked with @handles
    ON_EVENT: dict = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        table: dict = {}
        for klass in reversed(cls.__mro__):
            for member in vars(klass).values():
                for event_type in getattr(member, "handled_events", ()):
                    table[event_type] = member
        cls.ON_EVENT = table

    def __init__(self, app, controller: TableDoor):
        super().__init__(app)
        self.ctl = controller
        self.view = controller.view()
        self.names = controller.names
        self.timeline = Timeline(reduced=app.settings.get("reduced_motion", False))
        self.init_pace()                # the timeline's scale and the controller's pauses
        self.log = MessageLog(self.MESSAGES_KEPT, self.MESSAGE_S)
        self.seen_events = 0                           # controller events already read
        self.seen_notices = controller.notices.end
        self.dialog: Scene | None = None               # the dialog this table put up
        self.layout: Any = None
        self.layout_size: tuple | None = None
        self.deal_end_seen = controller.deals_played if controller.deal_over else 0
        self.viewing_table = False      # the summary set aside to look at the final table
        self.seat_at_screen: int | None = None   # whose hand was up when a menu was opened
        self.advised = None             # the coach's move while its line is shown
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
        back = px_rect(0, 0, 280, 44)        # right, above the hand: a click on it never
        back.bottomright = (self.app.size[0] - px(20), self.layout.hand.top - px(8))  # picks a card
        self.back_to_summary = self.add(UIButton(back, t("table.back_to_summary"),
                                                 self.app.manager))
        if not self.viewing_table:
            self.back_to_summary.hide()
        self.build_assists()
        self.rules_button = self.add_rules_button(self)

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
        elif element is self.hint_button and element is not None:
            self.ask_coach()
        elif element is self.undo_button and element is not None:
            self.undo()
        elif element is self.rules_button and element is not None:
            self.open_rules_in_force()
        elif element is self.back_to_summary:
            self.viewing_table = False
            self.back_to_summary.hide()

    def open_hand(self, player: int) -> tuple:
        """The tiles or cards `player` holds when they lie face up at the seat: none on a live
        table (a game may say otherwise: domino's D4); the Review screen opens every hand."""
        return ()

    def open_review(self) -> None:
        """The Review screen (from a deal's summary or the game's end) on the deals played so
        far, from the seat at the screen. The table waits, paused, and is as it was when the
        screen closes."""
        self.ctl.pause(self.app.now)
        self.app.show("review", self.ctl.review_record(), seat=self.view.seat,
                      on_leave=self.resume_from_pause)

    def view_final_table(self) -> None:
        """From a deal's summary: set it aside to look at the table as the deal ended."""
        self.viewing_table = True
        self.sync_dialog(self.app.now)
        if self.widgets:
            self.back_to_summary.show()

    # --- the pipeline -------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self.ctl.paused

    def update(self, now: float, dt: float) -> None:
        if self.paused:
            return
        self.ensure_layout()
        self.follow_speed()
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
        self.follow_coach()
        self.sync_dialog(now)
        self.sync_widgets()
        self.sync_assists()
        keep_clear(self)            # the house rules line, clear of the top seat

    def follow_deal_end(self, now: float) -> None:
        """A deal just ended: its last play (the last tile, the last trick, the winning
        combination) stays on the table (the pace's time) before the summary covers it. Once
        the next deal begins, the table is no longer being looked at in place of its summary."""
        if self.ctl.deal_over and self.deal_end_seen != self.ctl.deals_played:
            self.deal_end_seen = self.ctl.deals_played
            self.show_deal_end(now)
        if self.viewing_table and not self.ctl.deal_over:
            self.viewing_table = False          # the next deal began
            if self.widgets:
                self.back_to_summary.hide()

    def hold_for_animations(self, now: float) -> None:
        """While the timeline holds, the game waits (no bot moves, no clock runs)."""
        if self.timeline.holding(now):
            self.ctl.hold(now)
        else:
            self.ctl.release(now)

    def read_events(self, now: float) -> None:
        new_events = self.ctl.events.since(self.seen_events)
        self.seen_events = self.ctl.events.end
        if not new_events:
            return
        self.app.sound.play_events(self.ctl.game, new_events)
        for event in new_events:
            handler = self.ON_EVENT.get(type(event))
            if handler is not None:
                handler(self, event, now)
        self.after_events(new_events, now)

    def after_events(self, events: list, now: float) -> None:
        """Called once a batch of new events was handled (e.g. to forget stale hints)."""

    def read_notices(self, now: float) -> None:
        for notice in self.ctl.notices.since(self.seen_notices):
            message = notice_message(notice, self.names)
            if message:
                self.say(*message)
        self.seen_notices = self.ctl.notices.end

    def wanted_dialog(self) -> type | None:
        if self.viewing_table and self.ctl.phase in (Phase.SUMMARY, Phase.OVER):
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
        """What the renderer is told beyond the view, the layout and the timeline (a game's
        table adds its own)."""
        return TableLook(**self.look_fields())

    def look_fields(self) -> dict:
        now = self.app.now
        return dict(names=tuple(self.names), now=now, marks=dict(self.marks),
                    messages=tuple(self.log.shown()), rules_line=bool(self.rules_line()),
                    time_left=self.ctl.time_left(now), time_share=self.ctl.time_share(now),
                    advised=self.advised)

    def picture(self) -> TablePicture:
        """The table as its renderer draws it this frame (the tests measure it)."""
        return self.renderer.PICTURE(self.renderer, self.view, self.layout, self.timeline,
                                     self.look())

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.view, self.layout, self.timeline, self.look(),
                           self.draw_under_marks)

    def draw_under_marks(self, surface: pygame.Surface) -> None:
        """A layer of the scene's own over the table, under the seats' marks (none here; a
        lesson's guide lies there)."""

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
        self.sync_assists()

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if self.skips_moment(event):
            self.timeline.skip(self.app.now)    # seen: the game moves on
        elif event.type == pygame.KEYDOWN:
            self.on_key(event)              # Esc, H, Ctrl+Z, P: table_keys.py

    def on_escape(self) -> None:
        self.open_pause()

    def on_close(self) -> None:
        super().on_close()
        self.ctl.close()
