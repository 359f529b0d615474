"""The table's look, chosen in Settings → Table: the felt's colour, the card back's design, the
four-colour deck, and reduced motion.

Kept here like the window's scale (scaling.py): the App sets it from the settings at start and
whenever they change (`use_settings`), and the drawing code reads it on every frame, so a change
shows at once. Cached pictures (card faces and backs) take it into their cache key.
"""

from __future__ import annotations

#: felt name -> (the cloth, its darker rim)
FELTS = {
    "green": ((22, 88, 56), (14, 60, 38)),
    "blue": ((24, 66, 112), (14, 42, 76)),
    "burgundy": ((108, 28, 44), (72, 16, 28)),
    "grey": ((68, 74, 78), (44, 48, 52)),
}
#: the card back designs (drawn by cards.py)
CARD_BACKS = ("lattice", "rosette", "plaid")

#: suit colours on a card's paper: the usual two colours, and the four-colour deck
PAPER_TWO = {"S": (24, 24, 30), "C": (24, 24, 30), "H": (196, 30, 40), "D": (196, 30, 40)}
PAPER_FOUR = {"S": (24, 24, 30), "C": (18, 124, 52), "H": (196, 30, 40), "D": (22, 86, 196)}
#: suit colours as text on a dark panel or button
DARK_TWO = {"S": (235, 235, 235), "C": (235, 235, 235), "H": (230, 70, 70), "D": (230, 70, 70)}
DARK_FOUR = {"S": (235, 235, 235), "C": (120, 214, 130), "H": (240, 96, 96),
             "D": (124, 172, 255)}
#: the widget theme's entries for suit buttons (assets/theme.json: "#suit_<name>", whose text
#: is the paper colour)
SUIT_INK_NAMES = {(24, 24, 30): "black", (196, 30, 40): "red", (22, 86, 196): "blue",
                  (18, 124, 52): "green"}

_look = {"felt": "green", "card_back": "lattice", "four_colour": False, "reduced_motion": False}


def use_settings(settings: dict) -> None:
    """Take the look from the player's settings (values already checked by config.py)."""
    for name in _look:
        if name in settings:
            _look[name] = settings[name]


def felt() -> tuple[tuple, tuple]:
    """The felt's colour and its rim's."""
    return FELTS.get(_look["felt"], FELTS["green"])


def card_back_design() -> str:
    return _look["card_back"] if _look["card_back"] in CARD_BACKS else CARD_BACKS[0]


def four_colour() -> bool:
    return bool(_look["four_colour"])


def reduced_motion() -> bool:
    return bool(_look["reduced_motion"])


def suit_colour(suit: str) -> tuple:
    """The colour of a suit ("S", "H", "D", "C") on a card's paper."""
    return (PAPER_FOUR if four_colour() else PAPER_TWO)[suit]


def suit_text_colour(suit: str) -> tuple:
    """The colour of a suit symbol written on a dark panel."""
    return (DARK_FOUR if four_colour() else DARK_TWO)[suit]


def suit_button_id(suit: str) -> str:
    """The theme entry of a button that names a suit: a light face with the suit's ink."""
    return "#suit_" + SUIT_INK_NAMES[suit_colour(suit)]
