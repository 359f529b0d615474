"""The deals of a game (J4): how many cards each deal has and which pulka it belongs to."""

from __future__ import annotations

from dataclasses import dataclass

STANDARD = "standard"
NINES = "nines"
GAME_TYPES = (STANDARD, NINES)

_PULKAS = {
    STANDARD: ((1, 2, 3, 4, 5, 6, 7, 8), (9,) * 4, (8, 7, 6, 5, 4, 3, 2, 1), (9,) * 4),
    NINES: ((9,) * 4,) * 4,
}


@dataclass(frozen=True)
class Schedule:
    cards: tuple[int, ...]         # cards per hand, by deal index
    pulka: tuple[int, ...]         # pulka number (from 1), by deal index
    ends_pulka: tuple[bool, ...]   # True for the last deal of a pulka, by deal index

    @classmethod
    def for_game_type(cls, game_type: str) -> "Schedule":
        cards, pulka, ends = [], [], []
        for number, deals in enumerate(_PULKAS[game_type], start=1):
            cards += deals
            pulka += [number] * len(deals)
            ends += [False] * (len(deals) - 1) + [True]
        return cls(tuple(cards), tuple(pulka), tuple(ends))

    def __len__(self) -> int:
        return len(self.cards)
