"""The shared card widget: every card of both packs draws, faces differ, the fan fits; a
banner laid over cards stays readable."""

import pygame
import pytest

from game.ui.cards import card_at, card_back, card_image, card_size, fan_rects
from game.ui.widgets import draw_banner

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
EVERY_CARD = [rank + suit for rank in RANKS for suit in "SCDH"] + ["X1", "X2"]


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((10, 10))
    yield


@pytest.mark.parametrize("width", [40, 90, 160])
def test_every_card_draws_at_every_size_and_no_two_faces_look_alike(width):
    images = {card: pygame.image.tobytes(card_image(card, width), "RGBA")
              for card in EVERY_CARD}
    assert len(set(images.values())) == len(EVERY_CARD)
    assert card_image("AS", width).get_size() == card_size(width)
    assert pygame.image.tobytes(card_back(width), "RGBA") not in set(images.values())


def test_red_and_black_suits():
    def has_red(card):
        image = card_image(card, 80)
        return any(image.get_at((x, y))[0] > 150 and image.get_at((x, y))[1] < 80
                   for x in range(0, 80, 2) for y in range(0, 113, 2))
    assert has_red("7H") and has_red("7D")
    assert not has_red("7S") and not has_red("7C")


def test_the_fan_fits_its_width_and_hits_the_top_card():
    rects = fan_rects(13, 400, 600, 80, 500)
    assert rects[0].left >= 400 - 250 and rects[-1].right <= 400 + 250
    shared = (rects[6].left + 2, rects[6].centery)        # inside both card 5 and card 6
    assert rects[5].collidepoint(shared) and card_at(rects, shared) == 6
    assert card_at(rects, (rects[-1].right - 2, rects[-1].centery)) == 12
    assert card_at(rects, (0, 0)) is None


def test_a_banner_over_a_card_sits_on_a_dark_plate_around_its_text():
    surface = pygame.Surface((400, 300))
    card = card_image("10D", 120)
    surface.blit(card, card.get_rect(center=(200, 150)))
    plate = draw_banner(surface, "Tamar takes the trick", (200, 150), 17)
    assert plate.center == (200, 150)
    assert plate.width > 150      # the whole text fits on it
    # inside the border, beside the text: the dark plate, not the white card face
    r, g, b, _ = surface.get_at((plate.x + 5, plate.centery))
    assert max(r, g, b) < 80


def test_a_few_cards_lie_apart_and_many_overlap_to_fit():
    """With room to spare, no card hides another (a Joker hand of 2–3 cards showed thin strips
    and a click took the wrong one); a full hand still fits its band."""
    from game.ui.cards import card_size, fan_rects

    few = fan_rects(3, 640, 700, 90, 900)
    assert all(not a.colliderect(b) for a, b in zip(few, few[1:]))
    many = fan_rects(13, 640, 700, 90, 900)
    assert many[-1].right - many[0].left <= 900
    assert many[0].colliderect(many[1]) and many[0].width == card_size(90)[0]
