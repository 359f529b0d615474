"""Where things sit on the Joker table for a window size (design pixels: see scaling.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.joker.state import NUM_PLAYERS

from ..cards import card_size
from ..scaling import px

SIDES = ("bottom", "left", "top", "right")   # J2: play goes clockwise, so the next is on the left
#: how wide the other seats' fans of face-down cards are
SIDE_FAN = 180
#: design pixels at the window's left the bottom seat's name and record keep at the least (the
#: hand-off box leaves them in view)
BOTTOM_SEAT_ROOM = 190
HANDOFF_BOX = (600, 170)     # design pixels: the hand-off box at its widest


def bottom_seat_room(width: int) -> int:
    """Window pixels from the left edge to the hand-off box, for a window `width` wide: the
    bottom seat's name stays there, whole, when the box comes up."""
    return (width - min(px(HANDOFF_BOX[0]), width - 2 * px(BOTTOM_SEAT_ROOM))) // 2
#: how far below the trump panel a side seat's name must be for its bubble to clear the panel
SIDE_BUBBLE_ROOM = 116


@dataclass(frozen=True)
class JokerLayout:
    size: tuple[int, int]
    card_w: int                  # a card of the player's fan
    hand: pygame.Rect            # the fan's band (its cards fan out inside it)
    panel_y: int                 # the top of the bid / trump buttons, above the hand
    center: tuple[int, int]      # the middle of the trick
    trick_w: int                 # a card of the trick
    slots: dict                  # side -> centre of that seat's card in the trick
    trump: pygame.Rect           # the trump indicator panel
    seats: dict                  # side -> (x, y) of the seat's name

    @property
    def hand_bottom(self) -> int:
        return self.hand.bottom

    @property
    def hand_top(self) -> int:
        return self.hand.top


def joker_layout(size: tuple[int, int]) -> JokerLayout:
    width, height = size
    card_w = max(54, min(130, height // 8, width // 12))
    card_h = card_size(card_w)[1]
    hand = pygame.Rect(0, 0, min(width - 2 * 190, 11 * card_w), card_h)
    hand.midbottom = (width // 2, height - 16)
    panel_y = hand.top - 80
    top_band = 150
    center = (width // 2, (top_band + panel_y) // 2 + 6)
    trick_w = max(44, round(card_w * 0.85))
    side_x = max(110, width // 9)
    trump = pygame.Rect(width - 238, 10, 226, 176)
    # the side seats' bubbles (70 above the name, about 40 high) stay below the trump panel
    side_y = max(height // 2 - 20, trump.bottom + SIDE_BUBBLE_ROOM)
    return JokerLayout(
        size=size, card_w=card_w, hand=hand, panel_y=panel_y, center=center, trick_w=trick_w,
        slots=trick_slots(center, trick_w), trump=trump,
        seats={"bottom": (width // 2, hand.top - 12), "left": (side_x, side_y),
               "top": (width // 2, 58), "right": (width - side_x, side_y)})


def trick_slots(center: tuple[int, int], trick_w: int) -> dict:
    """side -> the centre of that seat's card in a trick around `center`: a cross, the seat's
    card on its own side."""
    dx, dy = round(trick_w * 0.78), round(card_size(trick_w)[1] * 0.5)
    return {"bottom": (center[0], center[1] + dy), "top": (center[0], center[1] - dy),
            "left": (center[0] - dx - trick_w // 2, center[1]),
            "right": (center[0] + dx + trick_w // 2, center[1])}


def side_of(seat: int, bottom: int) -> str:
    return SIDES[(seat - bottom) % NUM_PLAYERS]
