"""A deal's summary set aside: from the summary (its View table button, dialogs.py) the player
looks at the table as the deal ended; Back to summary brings the summary back, and the next
deal (or an Undo) ends the look. A part the table scene composes (`scene.aside`,
table_base.py), which asks it whether the summary's dialog is wanted."""

from __future__ import annotations

from typing import Callable

import pygame
from pygame_gui.elements import UIButton

from .i18n import t
from .scaling import px, px_rect


class SummaryAside:
    def __init__(self) -> None:
        self.shown = False                  # the table is looked at in place of its summary
        self.button: UIButton | None = None     # Back to summary, while the table's widgets are up

    def build(self, manager, add: Callable[[UIButton], UIButton], size: tuple[int, int],
              hand: pygame.Rect) -> None:
        """Back to summary, made with the table's buttons (`add`): right, above the hand, where
        a click on it never picks a card."""
        rect = px_rect(0, 0, 280, 44)
        rect.bottomright = (size[0] - px(20), hand.top - px(8))
        self.button = add(UIButton(rect, t("table.back_to_summary"), manager))
        if not self.shown:
            self.button.hide()

    def set_aside(self) -> None:
        """The summary's View table: the table in its place (the scene takes the dialog down)."""
        self.shown = True

    def show_button(self) -> None:
        if self.button is not None and self.button.alive():
            self.button.show()

    def end(self) -> None:
        """Back to summary, the next deal or an Undo: the table is no longer looked at."""
        self.shown = False
        if self.button is not None and self.button.alive():
            self.button.hide()

    def on_button(self, element) -> bool:
        """A click on Back to summary: True when it was that."""
        if element is None or element is not self.button:
            return False
        self.end()
        return True
