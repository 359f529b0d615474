"""Draw the window and desktop icon (assets/icon.png) with the game's own card and tile art.

    python tools/make_icon.py

A 256×256 picture: the green felt, a domino tile, the ace of spades and a joker fanned over it.
Deterministic: the file is the project's own work (see assets/LICENSES.md).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui.cards import card_image  # noqa: E402
from game.ui.domino.tiles import tile_image  # noqa: E402

SIZE = 256
OUT = Path(__file__).resolve().parents[1] / "assets" / "icon.png"
FELT, RIM = (22, 92, 58), (120, 84, 40)


def draw_icon() -> pygame.Surface:
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, RIM, icon.get_rect(), border_radius=44)
    pygame.draw.rect(icon, FELT, icon.get_rect().inflate(-20, -20), border_radius=36)
    tile = pygame.transform.rotate(tile_image(6, 6, 62, vertical=True), 18)
    icon.blit(tile, tile.get_rect(center=(78, 128)))
    for card, angle, centre in (("AS", -4, (140, 124)), ("X1", -20, (184, 136))):
        face = pygame.transform.rotozoom(card_image(card, 92), angle, 1.0)
        icon.blit(face, face.get_rect(center=centre))
    return icon


def main() -> int:
    pygame.init()
    pygame.display.set_mode((1, 1))
    pygame.image.save(draw_icon(), str(OUT))
    print(OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
