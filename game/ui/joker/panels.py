"""The Joker table's bid and trump panels: the buttons above the hand that the human to act bids
or names trump with. A part of the table scene (its widgets are the table's); the trump
indicator and the prompt are drawn by the renderer (indicator.py)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.joker.actions import BID_ACTIONS, TRUMP_ACTIONS, Phase as JokerPhase

from ..i18n import t
from ..scaling import px
from .indicator import forbidden_reason
from .words import suit_button, trump_words


class JokerPanels:
    """The bid or trump buttons of the moment, added to `table` (the table scene) as its
    widgets: `key` says which panel is up, `buttons` maps each button to its action."""

    def __init__(self, table) -> None:
        self.table = table
        self.key = None
        self.widgets: list = []
        self.buttons: dict = {}              # button -> action

    def wanted_panel(self):
        """Which panel the human to act needs now: ("bid", …), ("trump", …) or None."""
        table = self.table
        player = table.view.acting
        if player is None or table.cutting() is not None:
            return None
        obs = table.view.observation
        if obs.phase is JokerPhase.BIDDING:
            return ("bid", obs.deal_number, player, table.view.legal)
        if obs.phase is JokerPhase.TRUMP_CHOICE:
            return ("trump", obs.deal_number, player)
        return None

    def sync(self) -> None:
        """Put up the panel the moment wants (built only when it changes)."""
        key = self.wanted_panel()
        if key == self.key:
            return
        self.drop()
        self.key = key
        if key is not None:
            (self.build_bid_panel if key[0] == "bid" else self.build_trump_panel)()

    def drop(self) -> None:
        """Take the bid or trump buttons away (the next sync puts up what the moment wants)."""
        for widget in self.widgets:
            widget.kill()
            if widget in self.table.widgets:
                self.table.widgets.remove(widget)
        self.forget()

    def forget(self) -> None:
        """No panel up (the table's widgets were cleared with it)."""
        self.widgets, self.buttons, self.key = [], {}, None

    def panel_button(self, rect, label, action, tip: str | None = None, object_id=None
                     ) -> UIButton:
        button = self.table.add(UIButton(rect, label, self.table.app.manager, tool_tip_text=tip,
                                         object_id=object_id))
        self.widgets.append(button)
        self.buttons[button] = action
        return button

    def build_bid_panel(self) -> None:
        """0 … n; the dealer's forbidden bid is there, disabled, with the reason (J6)."""
        view, layout = self.table.view, self.table.layout
        cards = view.observation.cards_dealt
        size, gap = px(52 if cards < 9 else 48), px(6)
        left = layout.center[0] - ((cards + 1) * (size + gap) - gap) // 2
        for n in range(cards + 1):
            rect = pygame.Rect(left + n * (size + gap), layout.panel_y, size, px(44))
            forbidden = BID_ACTIONS[n] not in view.legal
            button = self.panel_button(rect, str(n), BID_ACTIONS[n],
                                       forbidden_reason(n, cards) if forbidden else None)
            if forbidden:
                button.disable()

    def build_trump_panel(self) -> None:
        labels = [trump_words(suit) for suit in range(4)] + [t("joker.trump.bezi_button")]
        widths = [px(130)] * 4 + [px(190)]
        layout = self.table.layout
        left = layout.center[0] - (sum(widths) + px(6) * 4) // 2
        for suit, (action, label, width) in enumerate(zip(TRUMP_ACTIONS, labels, widths)):
            self.panel_button(pygame.Rect(left, layout.panel_y, width, px(44)), label,
                              action, object_id=suit_button(suit, words=True) if suit < 4 else None)
            left += width + px(6)

