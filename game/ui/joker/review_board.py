"""The Joker table on the Review screen (game/ui/review_board.py): a still position laid out
as the table lays it and drawn by the table's own renderer."""

from __future__ import annotations

from game.joker.actions import TrickTaken

from ..review_board import StillBoard
from .layout import joker_layout
from .renderer import JokerLook, JokerRenderer, place_hand


class JokerReviewBoard(StillBoard):
    def make_renderer(self) -> JokerRenderer:
        return JokerRenderer()

    def make_layout(self, size):
        return joker_layout(size)

    def lay_out(self) -> None:
        self.hand_rects, self.joker_chips = place_hand(self.view, self.layout, self.timeline,
                                                       self.app.now)

    def look(self) -> JokerLook:
        # the deal's last trick stays in the middle once the deal is over (renderer.py)
        last_taken = next((event for event in reversed(self.position.events)
                           if isinstance(event, TrickTaken)), None)
        return JokerLook(**self.look_fields(), hand_rects=tuple(self.hand_rects),
                         joker_chips=tuple(self.joker_chips), last_taken=last_taken,
                         total_deals=self.reviewed.deals_in_match,
                         open_hands=self.position.hands)
