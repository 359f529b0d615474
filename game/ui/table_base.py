"""The skeleton of every table scene: one update pipeline, one message log, dialogs declared per
phase, event handlers looked up by event type, one timeline, a layout object for the window size.

    update = pause → controller → new events (and the holds they start) → dialogs → widgets

The assists of a Casual table (Hint and Undo) are the TableAssists mixin: assists.py; the
tempo (how long each moment is held, a click moving on, the seats' marks) is the TablePace
mixin: table_pace.py; the keyboard's way through a table is the TableKeys mixin: table_keys.py.

A table draws from `self.view` (the controller's TableView: the seat on screen's observation, or
the public table only) and never from the engine state; `draw` changes nothing.

A game's scene declares:
    DIALOGS = {Phase.HANDOFF: …, Phase.SUMMARY: …, Phase.OVER: …}   the dialog for each phase
    FINAL_DIALOG                                                    the end of the game
    make_layout(size) -> its layout dataclass, for a size in design pixels (scaling.py)
and marks its event handlers with `@handles(EventType, …)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame
from pygame_gui.elements import UIButton

from game.controller.door import Phase, TableDoor
from game.core.errors import IllegalAction

from .assists import TableAssists
from .avatars import draw_avatar
from .dialogs import HandoffScene, PauseScene
from .i18n import t
from .notices import notice_message
from .refusals import refusal_words
from .rules_in_force import (RULES_LINE_TOP, RulesInForceScene, add_rules_button,
                             house_rules_line, keep_clear)
from .scaling import px, px_rect, scaled_layout
from .scene import Scene
from .table_keys import TableKeys
from .table_pace import TablePace
from .timeline import Timeline
from .widgets import CREAM, draw_bubble

REFUSED = (255, 170, 150)


def handles(*event_types: type) -> Callable:
    """Mark a table scene method as the handler of these engine event types."""
    def mark(method: Callable) -> Callable:
        method.handled_events = event_types
        return method
    return mark


@dataclass(frozen=True)
class Message:
    text: str
    colour: tuple
    until: float


class MessageLog:
    """The table's recent announcements (passes, refusals, time-outs), newest last, and the
    coach's line, pinned below them for as long as its position stands."""

    def __init__(self, keep: int = 3, seconds: float = 3.0):
        self.keep = keep
        self.seconds = seconds
        self.messages: list[Message] = []
        self.pinned: Message | None = None
        self.pinned_at: tuple | None = None       # the position the pinned line is about

    def say(self, text: str, colour, now: float, until: float | None = None) -> None:
        until = now + self.seconds if until is None else until
        self.messages = (self.messages + [Message(text, tuple(colour), until)])[-self.keep:]

    def pin(self, text: str, colour, position: tuple) -> None:
        self.pinned, self.pinned_at = Message(text, tuple(colour), float("inf")), position

    def unpin(self) -> None:
        self.pinned = self.pinned_at = None

    def clear(self) -> None:
        self.messages = []
        self.unpin()

    def shown(self) -> list[Message]:
        """What the table shows: the recent messages, then the pinned line (kept in view)."""
        return self.messages + ([self.pinned] if self.pinned else [])

    def prune(self, now: float) -> None:
        self.messages = [message for message in self.messages if message.until > now]


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
        self.avatar_rects: dict = {}    # player -> where their avatar was drawn last
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
        return top + (RULES_LINE_TOP - 14 if self.rules_line() else 0)

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

    def draw_bubbles(self, surface, points: dict, below: frozenset = frozenset(),
                     avoid: pygame.Rect | None = None, clear_of=None) -> dict:
        """Each seat's mark (its last action: `say_at`) in a bubble, its tail at `points[seat]`
        (below it for the seats in `below`), kept left of `avoid` (a panel it must not cover)
        and off `clear_of`. Returns the bubbles' rects by seat. The human asked to move has
        none: what they did is past, their prompt is there."""
        return {seat: draw_bubble(surface, text, points[seat], 15, colour,
                                  below=seat in below, avoid=avoid, clear_of=clear_of)
                for seat, (text, colour) in self.marks.items()
                if seat in points and seat != self.view.acting}

    def draw_seat_avatar(self, surface, center, player: int, acting: bool,
                         dimmed: bool = False) -> pygame.Rect:
        """The seat's avatar, ringed on its turn, with the move timer around it on a human's
        turn (avatars.py)."""
        share = (self.ctl.time_share(self.app.now)
                 if acting and self.view.phase is Phase.HUMAN else None)
        rect = draw_avatar(surface, center, self.names[player], acting, share, dimmed)
        self.avatar_rects[player] = rect
        return rect

    def messages_width(self, left: int, width: int) -> int:
        """The message column from `left`: `width` wide at most, and clear of the avatars drawn
        in the top band this frame (a long name puts the top seat's avatar further left)."""
        band = self.app.size[1] // 4
        for rect in self.avatar_rects.values():
            if rect.top < band and rect.right > left:
                width = min(width, rect.left - px(12) - left)
        return max(px(160), width)

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
