"""Playing-card art shared by the Tiến Lên and Joker tables: faces with rank and suit in the
corners, red and black suits (or the four-colour deck), court cards, two distinct jokers and
three back designs (look.py says which) — drawn crisp at any size and cached. Also the hand fan
layout and its hit test.

Cards are named in the scenario notation: "10H", "QS", "X1", "X2".
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import look
from .resources import for_display, pixel_font

RATIO = 1.42                                # height / width of a card
PAPER = (252, 250, 244)
EDGE = (150, 146, 136)
RED = (196, 30, 40)
BLACK = (24, 24, 30)
SELECT = (255, 206, 70)
BACK_COLOURS = ((32, 58, 120), (214, 196, 140))
BACK_LATTICE = (66, 96, 168)
ROSETTE_COLOURS = ((118, 24, 40), (226, 190, 120), (150, 50, 66))
PLAID_COLOURS = ((22, 86, 54), (236, 226, 196), (60, 130, 90))
SUIT_SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
COURT = {"J": "J", "Q": "Q", "K": "K"}

#: centre pip positions (x, y in 0..1 of the inner area) for number cards
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.1), (0.5, 0.9)],
    3: [(0.5, 0.1), (0.5, 0.5), (0.5, 0.9)],
    4: [(0.2, 0.1), (0.8, 0.1), (0.2, 0.9), (0.8, 0.9)],
    5: [(0.2, 0.1), (0.8, 0.1), (0.5, 0.5), (0.2, 0.9), (0.8, 0.9)],
    6: [(0.2, 0.1), (0.8, 0.1), (0.2, 0.5), (0.8, 0.5), (0.2, 0.9), (0.8, 0.9)],
    7: [(0.2, 0.1), (0.8, 0.1), (0.5, 0.3), (0.2, 0.5), (0.8, 0.5), (0.2, 0.9), (0.8, 0.9)],
    8: [(0.2, 0.1), (0.8, 0.1), (0.5, 0.3), (0.2, 0.5), (0.8, 0.5), (0.5, 0.7), (0.2, 0.9),
        (0.8, 0.9)],
    9: [(0.2, 0.1), (0.8, 0.1), (0.2, 0.37), (0.8, 0.37), (0.5, 0.5), (0.2, 0.63), (0.8, 0.63),
        (0.2, 0.9), (0.8, 0.9)],
    10: [(0.2, 0.1), (0.8, 0.1), (0.5, 0.25), (0.2, 0.37), (0.8, 0.37), (0.2, 0.63),
         (0.8, 0.63), (0.5, 0.75), (0.2, 0.9), (0.8, 0.9)],
}


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * RATIO)


def suit_colour(suit: str) -> tuple:
    """Red and black, or the four-colour deck's ♠ black, ♥ red, ♦ blue, ♣ green."""
    return look.suit_colour(suit)


def _blit_centered(surface, text: str, size: int, colour, center, bold=False) -> None:
    image, rect = pixel_font(max(6, size), bold).render(text, colour)
    rect.center = center
    surface.blit(image, rect)


def _corner(surface, rank: str, suit: str, width: int) -> None:
    colour = suit_colour(suit)
    size = max(8, width // 5)
    x = max(3, width // 9)
    rank_image, rank_rect = pixel_font(size, True).render(rank, colour)
    rank_rect.midtop = (x + size // 2, max(2, width // 14))
    surface.blit(rank_image, rank_rect)
    suit_image, suit_rect = pixel_font(size, False).render(SUIT_SYMBOL[suit], colour)
    suit_rect.midtop = (rank_rect.centerx, rank_rect.bottom + 1)
    surface.blit(suit_image, suit_rect)


def card_image(card: str, width: int, selected: bool = False, dimmed: bool = False
               ) -> pygame.Surface:
    """A card's face (cached; the deck's colours are part of the key)."""
    return _card_image(card, width, selected, dimmed, look.four_colour())


@lru_cache(maxsize=512)
def _card_image(card: str, width: int, selected: bool, dimmed: bool, four_colour: bool
                ) -> pygame.Surface:
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, width // 12)
    pygame.draw.rect(surface, PAPER, surface.get_rect(), border_radius=radius)
    if card in ("X1", "X2"):
        _draw_joker(surface, card, width)
    else:
        _draw_face(surface, card[:-1], card[-1], width)
    pygame.draw.rect(surface, SELECT if selected else EDGE, surface.get_rect(),
                     3 if selected else 1, border_radius=radius)
    if dimmed:
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(shade, (20, 30, 25, 120), shade.get_rect(), border_radius=radius)
        surface.blit(shade, (0, 0))
    return for_display(surface)


def _draw_face(surface, rank: str, suit: str, width: int) -> None:
    w, h = surface.get_size()
    colour = suit_colour(suit)
    _corner(surface, rank, suit, width)
    bottom = pygame.transform.rotate(surface.subsurface((0, 0, w // 2, h // 2)).copy(), 180)
    surface.blit(bottom, (w - w // 2, h - h // 2))
    inner = pygame.Rect(0, 0, round(w * 0.38), round(h * 0.6))
    inner.center = (w // 2, h // 2)
    if rank in COURT:
        frame = inner.inflate(w // 20, 0)
        pygame.draw.rect(surface, (236, 226, 196), frame, border_radius=max(2, width // 16))
        pygame.draw.rect(surface, colour, frame, max(1, width // 40),
                         border_radius=max(2, width // 16))
        _blit_centered(surface, rank, round(width * 0.42), colour,
                       (w // 2, h // 2 - h // 12), bold=True)
        _blit_centered(surface, SUIT_SYMBOL[suit], round(width * 0.3), colour,
                       (w // 2, h // 2 + h // 7))
    elif rank == "A":
        _blit_centered(surface, SUIT_SYMBOL[suit], round(width * 0.62), colour, (w // 2, h // 2))
    else:
        pip = round(width * (0.2 if int(rank) <= 8 else 0.17))
        for px, py in PIPS[int(rank)]:
            _blit_centered(surface, SUIT_SYMBOL[suit], pip, colour,
                           (inner.x + round(px * inner.width), inner.y + round(py * inner.height)))


def _draw_joker(surface, card: str, width: int) -> None:
    """X1 is the red joker, X2 the black one: different colours and stars."""
    w, h = surface.get_size()
    colour = RED if card == "X1" else BLACK
    letters = "JOKER"
    size = max(7, width // 7)
    for index, letter in enumerate(letters):
        _blit_centered(surface, letter, size, colour,
                       (max(6, width // 8), max(8, width // 7) + index * round(size * 1.05)),
                       bold=True)
    star = "★" if card == "X1" else "✦"
    _blit_centered(surface, star, round(width * 0.55), colour, (w // 2 + width // 10, h // 2))
    _blit_centered(surface, "1" if card == "X1" else "2", max(7, width // 7), colour,
                   (w - max(8, width // 7), h - max(8, width // 6)), bold=True)


def card_back(width: int) -> pygame.Surface:
    """The back of the design chosen in Settings (cached)."""
    return _card_back(width, look.card_back_design())


@lru_cache(maxsize=32)
def _card_back(width: int, design: str) -> pygame.Surface:
    """Every design is a dark pattern in a paper margin with a light emblem in the middle:
    unlike any face, and still a card back when only a sliver of it shows."""
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, width // 12)
    pygame.draw.rect(surface, PAPER, surface.get_rect(), border_radius=radius)
    inner = surface.get_rect().inflate(-max(4, width // 8), -max(4, width // 8))
    clip = surface.get_clip()
    surface.set_clip(inner)
    {"lattice": _lattice, "rosette": _rosette, "plaid": _plaid}[design](surface, inner, width,
                                                                        radius)
    surface.set_clip(clip)
    pygame.draw.rect(surface, EDGE, surface.get_rect(), 1, border_radius=radius)
    return for_display(surface)


def _lattice(surface, inner, width: int, radius: int) -> None:
    """Dark blue with a lighter lattice, a gold frame and a gold diamond."""
    w, h = surface.get_size()
    dark, light = BACK_COLOURS
    pygame.draw.rect(surface, dark, inner, border_radius=max(2, radius - 2))
    step = max(6, width // 6)
    for offset in range(-h, w + h, step):
        pygame.draw.line(surface, BACK_LATTICE, (inner.x + offset, inner.y),
                         (inner.x + offset + h, inner.y + h), 1)
        pygame.draw.line(surface, BACK_LATTICE, (inner.x + offset, inner.bottom),
                         (inner.x + offset + h, inner.bottom - h), 1)
    frame = inner.inflate(-max(4, width // 7), -max(4, width // 7))
    pygame.draw.rect(surface, light, frame, max(1, width // 40), border_radius=max(2, radius - 3))
    size = max(3, width // 6)
    cx, cy = surface.get_rect().center
    diamond = [(cx, cy - size * 3 // 2), (cx + size, cy), (cx, cy + size * 3 // 2), (cx - size, cy)]
    pygame.draw.polygon(surface, light, diamond)


def _rosette(surface, inner, width: int, radius: int) -> None:
    """Burgundy strewn with small gold dots; a gold rosette of rings and petals."""
    dark, light, mid = ROSETTE_COLOURS
    pygame.draw.rect(surface, dark, inner, border_radius=max(2, radius - 2))
    step = max(6, width // 7)
    dot = max(1, width // 60)
    for row, y in enumerate(range(inner.y + step // 2, inner.bottom, step)):
        for x in range(inner.x + step // 2 + (step // 2 if row % 2 else 0), inner.right, step):
            pygame.draw.circle(surface, mid, (x, y), dot + 1)
    cx, cy = surface.get_rect().center
    outer = max(6, width * 3 // 10)
    pygame.draw.circle(surface, dark, (cx, cy), outer + max(2, width // 30))
    line = max(1, width // 40)
    for ring in (outer, outer * 2 // 3):
        pygame.draw.circle(surface, light, (cx, cy), ring, line)
    petal = max(2, outer // 3)
    for index in range(8):
        angle = pygame.math.Vector2(0, -(outer - petal)).rotate(index * 45)
        pygame.draw.circle(surface, light, (cx + round(angle.x), cy + round(angle.y)),
                           max(1, petal // 2))
    pygame.draw.circle(surface, light, (cx, cy), max(2, outer // 4))


def _plaid(surface, inner, width: int, radius: int) -> None:
    """Dark green crossed by lighter bands and thin cream threads; a cream oval."""
    dark, light, band = PLAID_COLOURS
    pygame.draw.rect(surface, dark, inner, border_radius=max(2, radius - 2))
    step = max(8, width // 4)
    wide = max(2, step // 3)
    for x in range(inner.x + step // 3, inner.right, step):
        pygame.draw.rect(surface, band, (x, inner.y, wide, inner.height))
        pygame.draw.line(surface, light, (x + wide + wide // 2, inner.y),
                         (x + wide + wide // 2, inner.bottom), 1)
    for y in range(inner.y + step // 3, inner.bottom, step):
        pygame.draw.rect(surface, band, (inner.x, y, inner.width, wide))
        pygame.draw.line(surface, light, (inner.x, y + wide + wide // 2),
                         (inner.right, y + wide + wide // 2), 1)
    oval = pygame.Rect(0, 0, max(6, width * 2 // 5), max(8, width * 3 // 5))
    oval.center = surface.get_rect().center
    pygame.draw.ellipse(surface, dark, oval.inflate(max(2, width // 20), max(2, width // 20)))
    pygame.draw.ellipse(surface, light, oval, max(1, width // 30))
    pygame.draw.ellipse(surface, light, oval.inflate(-oval.width // 2, -oval.height // 2))


def fan_rects(count: int, center_x: int, bottom: int, card_width: int,
              max_width: int) -> list[pygame.Rect]:
    """Cards side by side, apart when there is room (a small gap), else overlapping just
    enough to fit `max_width`, left to right."""
    if count == 0:
        return []
    w, h = card_size(card_width)
    gap = max(2, w // 16)
    step = min(w + gap, (max_width - w) // max(1, count - 1)) if count > 1 else 0
    total = w + step * (count - 1)
    left = center_x - total // 2
    return [pygame.Rect(left + i * step, bottom - h, w, h) for i in range(count)]


def corner_size(width: int) -> tuple[int, int]:
    """How much of a card must show for its rank and suit to be read: its corner (as
    `_corner` draws it), in pixels across and down."""
    size = max(8, width // 5)
    return max(3, width // 9) + round(size * 1.3), max(2, width // 14) + 2 * size + 4


def open_hand_rects(count: int, card_width: int, midtop, max_width: int) -> list[pygame.Rect]:
    """Face-up cards in rows under `midtop`, each lying over the one before so that only its
    corner shows (every rank and suit stays readable): as many a row as `max_width` holds."""
    if count == 0:
        return []
    w, h = card_size(card_width)
    across, down = corner_size(card_width)
    per_row = max(1, min(count, (max_width - w) // across + 1))
    width = w + across * (per_row - 1)
    left = midtop[0] - width // 2
    return [pygame.Rect(left + (i % per_row) * across, midtop[1] + (i // per_row) * down, w, h)
            for i in range(count)]


def card_at(rects: list[pygame.Rect], pos) -> int | None:
    """The index of the top-most card under `pos` (later cards lie on top)."""
    for index in range(len(rects) - 1, -1, -1):
        if rects[index].collidepoint(pos):
            return index
    return None
