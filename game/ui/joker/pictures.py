"""The Joker pictures of the rules guide, drawn as the table draws them: a trick in a cross
(layout.py) with its winner's card ringed and a joker's tag saying how it was played
(animation.py), the trump indicator (panels.py) and the card faces and backs (cards.py).

A trick is led from the bottom seat and goes on clockwise (J2): left, top, right."""

from __future__ import annotations

import pygame

from game.joker.actions import JokerMode, Play
from game.joker.cards import (DIAMONDS, HEARTS, JOKER_1, JOKER_2, SPADES, card_text,
                              parse_card_text)

from ..cards import card_back, card_image, card_size
from ..look import suit_text_colour
from ..rules_pictures import Picture
from ..scaling import px
from ..widgets import GOLD
from .animation import draw_joker_tag
from .indicator import draw_suit_mark
from .layout import trick_slots
from .words import suit_symbol

CARD = 58               # design pixels: a card's width
TRICK_ORDER = ("bottom", "left", "top", "right")


def _play(text: str) -> Play:
    return Play(parse_card_text(text))


def draw_trick(surface: pygame.Surface, plays: list, winner: int) -> None:
    """`plays` in the order played, from the bottom seat; the card of `plays[winner]` ringed."""
    width = px(CARD)
    centre = (surface.get_width() // 2, card_size(width)[1] + px(4))
    slots = trick_slots(centre, width)
    for index, (side, play) in enumerate(zip(TRICK_ORDER, plays)):
        image = card_image(card_text(play.card), width, selected=index == winner)
        surface.blit(image, image.get_rect(center=slots[side]))
    for side, play in zip(TRICK_ORDER, plays):       # over the cards, as at the table
        draw_joker_tag(surface, play, slots[side], width)


def joker_high(surface: pygame.Surface) -> None:
    """Led "high" in ♥: everyone plays their highest heart; the joker takes (J9, J11)."""
    draw_trick(surface, [Play(JOKER_1, JokerMode.HIGH, HEARTS), _play("QH"), _play("AH"),
                         _play("8H")], winner=0)


def joker_takes(surface: pygame.Surface) -> None:
    """Led "takes" in ♦: the joker is the lowest diamond; K♦ takes (J9, J11)."""
    draw_trick(surface, [Play(JOKER_2, JokerMode.TAKES, DIAMONDS), _play("7D"), _play("KD"),
                         _play("9D")], winner=2)


def joker_under(surface: pygame.Surface) -> None:
    """Played under on 10♣: thrown away; Q♣ takes (J10)."""
    draw_trick(surface, [_play("10C"), Play(JOKER_1, JokerMode.UNDER), _play("QC"),
                         _play("8C")], winner=2)


def jokers(surface: pygame.Surface) -> None:
    """The red joker and the black one, instead of 6♣ and 6♠ (J1)."""
    width = px(CARD)
    for index, card in enumerate(("X1", "X2")):
        surface.blit(card_image(card, width), (index * (width + px(12)), 0))


def trump_card(surface: pygame.Surface) -> None:
    """Deals of 1 to 8 cards: the pack, and the card turned after the deal names trump (J5)."""
    width = px(CARD)
    for index in range(3):                     # the pack: a few backs a little apart
        surface.blit(card_back(width), (index * px(3), index * px(2)))
    surface.blit(card_image("9D", width), (width + px(22), px(4)))


def trump_named(surface: pygame.Surface) -> None:
    """Deals of 9 cards: the named suit in the card's place; ∅ for bezi (J5)."""
    width = px(CARD)
    size = card_size(width)
    draw_suit_mark(surface, pygame.Rect((0, 0), size), suit_symbol(SPADES),
                   suit_text_colour("S"))
    draw_suit_mark(surface, pygame.Rect((size[0] + px(22), 0), size), "∅", GOLD)


PICTURES = {
    "jokers": Picture((300, 120), jokers),
    "trump_card": Picture((300, 120), trump_card),
    "trump_named": Picture((300, 120), trump_named),
    "joker_high": Picture((400, 280), joker_high),
    "joker_takes": Picture((400, 280), joker_takes),
    "joker_under": Picture((400, 280), joker_under),
}
