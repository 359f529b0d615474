"""The assists of a Casual table, once for the three games: the Hint button (H) asks
the coach and points its move out (each game's `point_out`), with its line why pinned to the
message log until the position changes; Undo (Ctrl+Z) takes the human's last move back, and the
table is drawn afresh from the controller (each game's `forget_moves`). A mixin of TableScene
(table_base.py), which builds the buttons and calls `follow_coach` and `sync_assists` in its
update."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from .i18n import language, t
from .scaling import px
from .timeline import Timeline
from .widgets import COACH, set_enabled, set_label, set_visible


class TableAssists:
    hint_button = undo_button = None     # until the table's widgets are built
    assists_key = None

    def build_assists(self) -> None:
        """Hint, and Undo with one human at the table (never at a hotseat table)."""
        self.hint_button = self.undo_button = None
        self.assists_key = None
        if not self.ctl.settings.assists:
            return
        hint, undo = self.assist_rects()
        self.hint_button = self.add(UIButton(hint, "", self.app.manager))
        set_label(self.hint_button, t("table.hint"))
        if len(self.ctl.humans) == 1:
            self.undo_button = self.add(UIButton(undo, "", self.app.manager))
            set_label(self.undo_button, t("table.undo"))

    def assist_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where Hint and Undo sit: one above the other in the corner right of the hand (a
        game whose corner is taken places them itself)."""
        width, height = self.app.size
        room = width - self.layout.hand.right - px(30)
        undo = pygame.Rect(0, 0, max(px(90), min(px(140), room)), px(38))
        undo.bottomright = (width - px(16), height - px(16))
        hint = undo.move(0, -px(46))
        return hint, undo

    def sync_assists(self) -> None:
        """Hint while the human at the screen is to move (it says so while the coach thinks);
        Undo while the human has a move to take back."""
        if not self.widgets or self.hint_button is None:
            return
        acting = self.view.acting is not None and self.ctl.coach_allowed
        thinking = acting and self.ctl.coach_thinking()
        undo = self.undo_button is not None and self.ctl.undo_point() is not None
        key = (acting, thinking, undo)
        if key == self.assists_key:
            return
        self.assists_key = key
        set_visible(self.hint_button, acting)
        set_label(self.hint_button, t("table.coach_thinking") if thinking else t("table.hint"))
        set_enabled(self.hint_button, not thinking)
        if self.undo_button is not None:
            set_visible(self.undo_button, undo)

    def ask_coach(self) -> None:
        """The Hint button or H: the coach's move for the human to act, pointed out when it
        has thought (follow_coach); asked again, the same advice is shown again."""
        if self.view.acting is None or not self.ctl.coach_allowed:
            return
        advice = self.ctl.coach_advice()
        if advice is not None:
            self.show_advice(advice)
        else:
            self.ctl.ask_coach()
        self.sync_assists()

    def follow_coach(self) -> None:
        """The coach's answer, once it comes, for the position it was asked about; its line
        goes once the game has moved on."""
        position = self.ctl.position()
        if self.log.pinned_at is not None and self.log.pinned_at != position:
            self.log.unpin()
            self.advised = None
        advice = self.ctl.coach_advice()
        if advice is not None and self.log.pinned_at != position:
            self.show_advice(advice)

    def show_advice(self, advice) -> None:
        self.log.pin(t("table.coach_says", line=advice.text(language())), COACH,
                     self.ctl.position())
        self.advised = advice.action
        self.point_out(advice.action)

    def point_out(self, action) -> None:
        """Show the coach's move on the table without playing it (each game's own way)."""

    def undo(self) -> None:
        """Undo or Ctrl+Z: the human's last move, and every move after it, taken back."""
        if not self.ctl.undo(self.app.now):
            return
        self.timeline = Timeline(self.timeline.scale, reduced=self.timeline.reduced)
        self.log.clear()
        self.clear_marks()                            # the seats' last actions were undone
        self.advised = None
        self.seen_events = self.ctl.events.end        # the controller's feeds start afresh
        self.seen_notices = self.ctl.notices.end
        self.deal_end_seen = self.ctl.deals_played if self.ctl.deal_over else 0
        self.viewing_table = False
        if self.widgets:
            self.back_to_summary.hide()
        self.forget_moves()
        self.refresh()
        self.say(t("table.undone"))

    def forget_moves(self) -> None:
        """Undo took moves back: forget what the scene kept of them (a selection, a trick)."""
