"""Where things sit on the Tiến Lên table for a window size (in design pixels: see scaling.py)
and a number of players."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..cards import card_size

#: where each player sits on screen, from the one drawn at the bottom, in turn order (T6:
#: counter-clockwise, so the next player sits on the right)
SIDES = {2: ("bottom", "top"), 3: ("bottom", "right", "left"),
         4: ("bottom", "right", "top", "left")}


@dataclass(frozen=True)
class TienLenLayout:
    size: tuple[int, int]
    card_width: int              # the player's fan
    hand: pygame.Rect
    buttons: pygame.Rect         # Play / Pass / Hint / sort, right of the fan
    center: tuple[int, int]      # the combination to beat
    ring: pygame.Rect            # the faint ring where cards are played
    table_card_width: int
    back_width: int              # the other players' face-down cards
    score: pygame.Rect
    plates: dict                 # side -> (x, y) of the name plate


#: design pixels between the bottom seat's name and a raised card's top
BOTTOM_GAP = 18


def tienlen_layout(size: tuple[int, int], players: int) -> TienLenLayout:
    width, height = size
    card_width = max(52, min(150, height * 13 // 100, width // 12))
    column_width = max(214, min(270, width // 5))
    buttons = pygame.Rect(width - column_width - 18, height - 168, column_width, 150)
    hand = pygame.Rect(24, 0, buttons.left - 48, card_size(card_width)[1])
    hand.bottom = height - 14
    side_room = max(110, width // 9)
    middle_top = 130
    middle_bottom = hand.top - round(hand.height * 0.2) - 70
    center = (width // 2, (middle_top + middle_bottom) // 2)
    ring = pygame.Rect(0, 0, width - 2 * side_room - 40, middle_bottom - middle_top + 60)
    ring.center = center
    return TienLenLayout(
        size=size, card_width=card_width, hand=hand, buttons=buttons,
        center=center, ring=ring,
        table_card_width=max(44, min(card_width * 17 // 20,
                                     (middle_bottom - middle_top) * 10 // 24)),
        back_width=max(24, min(56, height // 22)),
        score=pygame.Rect(width - 262, 10, 250, 40 + 26 * players),
        # above a raised card with a gap: the avatar beside the name reaches below it
        plates={"bottom": (hand.centerx, hand.top - round(hand.height * 0.2) - BOTTOM_GAP),
                "right": (width - side_room // 2, height * 2 // 5),
                "top": (width // 2, 16),
                "left": (side_room // 2, height * 2 // 5)})


def side_of(player: int, bottom: int, players: int) -> str:
    return SIDES[players][(player - bottom) % players]
