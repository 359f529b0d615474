"""The Tiến Lên pictures of the rules guide, drawn as the table draws its cards: a combination
in the middle (renderer.py, the one it beat dimmed behind it), the player's fan (hand.py) and the
card faces (cards.py). Cards are written as in the scenarios: "3S", "10H", "2D"."""

from __future__ import annotations

import pygame

from game.tienlen.cards import parse

from ..cards import card_image, card_size, fan_rects
from ..rules_pictures import Picture
from ..scaling import px
from .renderer import draw_combo
from .hand import HandFan

CARD = 58               # design pixels: a card's width, a little smaller than the table's


def _cards(text: str) -> list[int]:
    return [parse(card) for card in text.split()]


def _in_a_row(surface: pygame.Surface, text: str, gap: bool) -> None:
    """Cards side by side (`gap`) or overlapping, as the fan lays them out."""
    width = px(CARD)
    cards = text.split()
    room = (card_size(width)[0] + px(8)) * len(cards) if gap else surface.get_width()
    for card, rect in zip(cards, fan_rects(len(cards), surface.get_width() // 2,
                                           surface.get_height(), width, room)):
        surface.blit(card_image(card, width), rect)


def ranks(surface: pygame.Surface) -> None:
    """3 lowest … 2 highest (T2)."""
    _in_a_row(surface, "3S 4C 5D 6H 7S 8C 9D 10H JS QC KD AH 2S", gap=False)


def suits(surface: pygame.Surface) -> None:
    """♠ < ♣ < ♦ < ♥ (T2)."""
    _in_a_row(surface, "7S 7C 7D 7H", gap=True)


def straight(surface: pygame.Surface) -> None:
    centre = surface.get_rect().center
    draw_combo(surface, _cards("5S 6D 7C 8H 9S"), centre, px(CARD))


def chop(surface: pygame.Surface) -> None:
    """The table's middle: the 2 that was played, dimmed, and the three consecutive pairs that
    chop it in front (T5)."""
    width = px(CARD)
    height = card_size(width)[1]
    chop = _cards("4S 4H 5C 5D 6S 6H")
    cx, cy = surface.get_width() // 2, surface.get_height() - height // 2
    # the 2 stands out to the left of the chop (at the table it hides behind it a little more)
    span = width + (len(chop) - 1) * width * 3 // 5
    draw_combo(surface, _cards("2H"), (cx - span // 2 - width // 3, cy - height // 4), width,
               dimmed=True)
    draw_combo(surface, chop, (cx, cy), width)


def opening(surface: pygame.Surface) -> None:
    """The first game's first play holds 3♠ (T7): the fan with 3♠ chosen."""
    fan = HandFan()
    fan.set_hand(tuple(_cards("3S 5D 7C 8H 10S JD QC KH AS 2C")))
    fan.select_exactly({parse("3S")})
    fan.layout(surface.get_rect(), px(CARD))
    fan.draw(surface)


PICTURES = {
    "ranks": Picture((600, 120), ranks),
    "suits": Picture((600, 100), suits),
    "straight": Picture((600, 100), straight),
    "chop": Picture((600, 130), chop),
    "opening": Picture((600, 120), opening),
}
