"""Any size: the window is the 1280×720 design at a scale (1 … 2); text, widgets,
cards, tiles and panels all grow with it."""

import dataclasses

import pygame
import pytest

from game.controller.seats import AI, HUMAN
from game.ui import scaling
from game.ui.resources import font, theme

SIZES = [(1280, 720), (1920, 1080), (2560, 1440)]


@pytest.mark.parametrize("size, scale", [((800, 600), 1.0), ((1280, 720), 1.0),
                                         ((1920, 1080), 1.5), ((2560, 1440), 2.0),
                                         ((3840, 2160), 2.0), ((2560, 1080), 1.5),
                                         ((1300, 730), 1.0)])
def test_the_scale_fits_the_design_in_the_window(size, scale):
    assert scaling.scale_for(size) == scale


def _rects(layout):
    """Every Rect of a layout dataclass, by field name."""
    found = {}
    for field in dataclasses.fields(layout):
        value = getattr(layout, field.name)
        if isinstance(value, pygame.Rect):
            found[field.name] = value
    return found


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_table_at_2560x1440_is_the_1280x720_table_at_twice_the_size(ui, game):
    scene = ui.open_game(game, [HUMAN, AI, AI, AI], seed=4)
    small = _rects(scene.layout)
    ui.app.resize((2560, 1440))
    ui.frames(2)
    scene = ui.app.stack.scenes[1]
    big = _rects(scene.layout)
    assert small and big.keys() == small.keys()
    for name, rect in small.items():
        doubled = big[name]
        for got, want in zip(doubled, rect):
            assert abs(got - 2 * want) <= 1, (name, rect, doubled)


def test_text_and_the_widget_theme_grow_with_the_window(ui):
    small_text = font(18).get_rect("Domino").width
    small_theme = int(theme()["button"]["font"]["size"])
    small_item = int(theme()["selection_list"]["misc"]["list_item_height"])
    ui.app.resize((2560, 1440))
    assert scaling.ui_scale() == 2.0
    assert abs(font(18).get_rect("Domino").width - 2 * small_text) <= 2
    assert int(theme()["button"]["font"]["size"]) == 2 * small_theme
    # an opened drop-down's rows hold its (bigger) words
    assert int(theme()["selection_list"]["misc"]["list_item_height"]) == 2 * small_item
    menu = ui.top()
    button = next(iter(menu.buttons))
    assert button.rect.height >= 2 * 44 - 2          # the menu's buttons doubled too
    ui.app.resize((1280, 720))
    assert scaling.ui_scale() == 1.0
    assert font(18).get_rect("Domino").width == small_text
