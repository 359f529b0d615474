"""The assists of a Casual table, once for the three games: the Hint button (H) asks the coach
and points its move out (the scene's `point_out`, each game's own way), with its line why pinned
to the message log until the position changes; Undo (Ctrl+Z) takes the human's last move back,
and the scene draws the table afresh from the controller (its `start_afresh`).

`TableAssists` is a part the table scene composes (`scene.assists`, table_base.py): the scene
builds its buttons with its own, and calls `follow_coach` and `sync` in its update."""

from __future__ import annotations

from typing import Any, Callable

import pygame
from pygame_gui.elements import UIButton

from game.controller.door import TableDoor, TableView

from .i18n import language, t
from .message_log import MessageLog
from .scaling import px
from .widgets import COACH, set_enabled, set_label, set_visible


def corner_rects(size: tuple[int, int], hand: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """Where Hint and Undo sit unless a game says otherwise: one above the other in the corner
    right of the hand (window pixels)."""
    width, height = size
    room = width - hand.right - px(30)
    undo = pygame.Rect(0, 0, max(px(90), min(px(140), room)), px(38))
    undo.bottomright = (width - px(16), height - px(16))
    return undo.move(0, -px(46)), undo


class TableAssists:
    """Hint, and Undo with one human at the table (never at a hotseat table), while the table's
    settings allow them. It asks the table (`ctl`, the door) and writes the coach's line in the
    table's message `log`; `view` is the table as it stands, `point_out` shows the coach's move
    on the table without playing it, `undone` tells the scene that moves were taken back."""

    def __init__(self, ctl: TableDoor, log: MessageLog, view: Callable[[], TableView],
                 point_out: Callable[[Any], None], undone: Callable[[], None]) -> None:
        self.ctl = ctl
        self.log = log
        self.view = view
        self.point_out = point_out
        self.undone = undone
        self.hint_button: UIButton | None = None     # until the table's widgets are built
        self.undo_button: UIButton | None = None
        self.shown_key = None                        # what the buttons show, set when it changes
        self.advised = None                          # the coach's move while its line is shown

    def build(self, manager, add: Callable[[UIButton], UIButton],
              rects: Callable[[], tuple[pygame.Rect, pygame.Rect]]) -> None:
        """The buttons, made with the table's (`add`), where `rects` (hint, undo) puts them."""
        self.hint_button = self.undo_button = None
        self.shown_key = None
        if not self.ctl.settings.assists:
            return
        hint, undo = rects()
        self.hint_button = add(UIButton(hint, "", manager))
        set_label(self.hint_button, t("table.hint"))
        if len(self.ctl.humans) == 1:
            self.undo_button = add(UIButton(undo, "", manager))
            set_label(self.undo_button, t("table.undo"))

    def on_button(self, element, now: float) -> bool:
        """A click on Hint or Undo: True when it was one of them."""
        if element is None:
            return False
        if element is self.hint_button:
            self.ask_coach()
        elif element is self.undo_button:
            self.undo(now)
        else:
            return False
        return True

    def sync(self) -> None:
        """Hint while the human at the screen is to move (it says so while the coach thinks);
        Undo while the human has a move to take back. Nothing while the buttons are down (the
        table is covered)."""
        if self.hint_button is None or not self.hint_button.alive():
            return
        acting = self.view().acting is not None and self.ctl.coach_allowed
        thinking = acting and self.ctl.coach_thinking()
        undo = self.undo_button is not None and self.ctl.undo_point() is not None
        key = (acting, thinking, undo)
        if key == self.shown_key:
            return
        self.shown_key = key
        set_visible(self.hint_button, acting)
        set_label(self.hint_button, t("table.coach_thinking") if thinking else t("table.hint"))
        set_enabled(self.hint_button, not thinking)
        if self.undo_button is not None:
            set_visible(self.undo_button, undo)

    # --- the coach ----------------------------------------------------------------------------

    def ask_coach(self) -> None:
        """The Hint button or H: the coach's move for the human to act, pointed out when it
        has thought (follow_coach); asked again, the same advice is shown again."""
        if self.view().acting is None:
            return
        if not self.ctl.coach_allowed:    # H where the coach is off (a tournament, a table
            # across machines): said, for this move, rather than nothing happening
            self.log.pin(t("table.no_coach"), COACH, self.ctl.position())
            return
        advice = self.ctl.coach_advice()
        if advice is not None:
            self.show_advice(advice)
        else:
            self.ctl.ask_coach()
        self.sync()

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

    # --- undo ---------------------------------------------------------------------------------

    def undo(self, now: float) -> None:
        """Undo: the human's last move, and every move after it, taken back."""
        if not self.ctl.undo(now):
            return
        self.advised = None
        self.undone()

    def undo_by_key(self, now: float) -> None:
        """Ctrl+Z: as the Undo button, where the table has one."""
        if self.undo_button is not None:
            self.undo(now)
