"""The player's hand as a card fan: sorted by rank (or by suit), hover lifts a card, a click
selects or deselects it, a drag across cards selects (or deselects) the run swept over."""

from __future__ import annotations

import pygame

from game.tienlen.cards import name

from ..cards import card_at, card_image, fan_rects

HOVER_LIFT = 0.07           # of the card height
SELECTED_LIFT = 0.2


def by_suit_key(card: int) -> tuple[int, int]:
    return card & 3, card >> 2      # suit ♠ ♣ ♦ ♥, then rank


class HandFan:
    def __init__(self) -> None:
        self.cards: list[int] = []          # in display order
        self.selected: set[int] = set()
        self.by_suit = False
        self.hover: int | None = None       # index into `cards`
        self.rects: list[pygame.Rect] = []  # resting places, same order as `cards`
        self.card_width = 80
        self._drag: tuple[int, bool, frozenset] | None = None  # (start index, select?, before)

    # --- contents --------------------------------------------------------------------------------

    def set_hand(self, hand: tuple[int, ...]) -> None:
        """Show these cards (in display order); cards no longer held leave the selection."""
        ordered = sorted(hand, key=by_suit_key) if self.by_suit else sorted(hand)
        if ordered != self.cards:
            self.cards = ordered
            self.selected &= set(hand)
            self.hover = None
            self._drag = None

    def toggle_sort(self) -> None:
        self.by_suit = not self.by_suit
        held = tuple(self.cards)
        self.cards = []
        self.set_hand(held)

    def clear(self) -> None:
        self.selected = set()
        self._drag = None

    def select_exactly(self, cards) -> None:
        self.selected = set(cards) & set(self.cards)

    @property
    def selection(self) -> tuple[int, ...]:
        return tuple(sorted(self.selected))

    # --- geometry --------------------------------------------------------------------------------

    def layout(self, area: pygame.Rect, card_width: int) -> None:
        self.card_width = card_width
        self.rects = fan_rects(len(self.cards), area.centerx, area.bottom, card_width,
                               area.width)

    def lift(self, index: int) -> int:
        height = self.rects[index].height
        if self.cards[index] in self.selected:
            return round(height * SELECTED_LIFT)
        return round(height * HOVER_LIFT) if index == self.hover else 0

    def drawn_rect(self, index: int) -> pygame.Rect:
        return self.rects[index].move(0, -self.lift(index))

    def index_at(self, pos) -> int | None:
        """The card under `pos`; each card answers from its highest lift down to its resting
        bottom, so a lifted card does not flicker away from under the pointer."""
        if not self.rects:
            return None
        reach = round(self.rects[0].height * SELECTED_LIFT)
        return card_at([rect.inflate(0, reach).move(0, -reach // 2) for rect in self.rects], pos)

    # --- pointer ---------------------------------------------------------------------------------

    def point(self, pos) -> None:
        self.hover = self.index_at(pos)

    def press(self, pos) -> bool:
        """Start a click or a drag on a card; False when no card is there."""
        index = self.index_at(pos)
        if index is None:
            return False
        card = self.cards[index]
        self._drag = (index, card not in self.selected, frozenset(self.selected))
        self.selected ^= {card}
        return True

    def drag(self, pos) -> None:
        """Sweep from the pressed card to the card under `pos`: every card in between takes the
        state the pressed card took; cards outside the sweep return to how they were."""
        if self._drag is None:
            return
        index = self.index_at(pos)
        self.hover = index
        if index is None:
            return
        start, select, before = self._drag
        low, high = min(start, index), max(start, index)
        swept = set(self.cards[low:high + 1])
        self.selected = (set(before) | swept) if select else (set(before) - swept)

    def release(self) -> None:
        self._drag = None

    @property
    def dragging(self) -> bool:
        return self._drag is not None

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        for index, card in enumerate(self.cards):
            image = card_image(name(card), self.card_width, card in self.selected)
            surface.blit(image, self.drawn_rect(index))


def follow_view(fan: HandFan, owner: int | None, view, layout) -> int | None:
    """Show in `fan` the hand of the player the view lets see it (none behind a hand-off, nor
    once they have left the table); a new owner's fan starts with nothing raised. `owner` is
    whose hand it showed; returns whose it shows now."""
    shown = view.seat if view.hand_shown else None
    if shown is not None and not view.observation.at_table[shown]:
        shown = None
    if shown != owner:
        fan.clear()
    if shown is not None:
        fan.set_hand(view.observation.hand)
        fan.layout(layout.hand, layout.card_width)
    return shown
