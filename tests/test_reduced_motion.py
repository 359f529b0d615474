"""Reduced motion: nothing flies across the table (cards and tiles played, cards dealt,
a trick gathered, seats changing chairs); things fade in where they arrive or out where they
were, in the same time, and the game waits exactly as long."""

import pytest

from game.controller.seats import AI
from game.ui.timeline import OPAQUE, Timeline

from ui_driver import UiDriver

#: the module that draws each game's flights
DRAWING = {"domino": "game.ui.domino.renderer", "tienlen": "game.ui.tienlen.renderer",
           "joker": "game.ui.joker.animation"}


def test_place_flies_or_fades_in_place():
    flying, still = Timeline(), Timeline(reduced=True)
    start, end = (0, 0), (100, 200)
    assert flying.place(start, end, 0.0) == (start, OPAQUE)
    point, alpha = flying.place(start, end, 0.5)
    assert alpha == OPAQUE and 50 < point[0] < 100 and 100 < point[1] < 200
    assert flying.place(start, end, 1.0) == (end, OPAQUE)
    assert still.place(start, end, 0.0) == (end, 0)
    assert still.place(start, end, 0.25) == (end, round(OPAQUE / 4))
    assert still.place(start, end, 1.0) == (end, OPAQUE)
    assert still.place(start, end, 0.25, way="leave") == (start, round(OPAQUE * 3 / 4))
    assert still.place(start, end, 0.25, way="move") == (start, round(OPAQUE / 2))
    assert still.place(start, end, 0.75, way="move") == (end, round(OPAQUE / 2))


def driver(tmp_path, reduced: bool) -> UiDriver:
    ui = UiDriver(tmp_path)
    ui.app.settings.update(animation="fast", reduced_motion=reduced)
    return ui


def record_fades(monkeypatch, game: str) -> list:
    """(centre or None, alpha) of every faded drawing of the game's table."""
    import importlib

    module = importlib.import_module(DRAWING[game])
    seen = []
    if hasattr(module, "blit_faded"):
        real_blit = module.blit_faded

        def blit(surface, image, center, alpha):
            seen.append((tuple(center), alpha))
            real_blit(surface, image, center, alpha)
        monkeypatch.setattr(module, "blit_faded", blit)
    if hasattr(module, "fading"):
        real_fading = module.fading

        def fading(surface, alpha):
            seen.append((None, alpha))
            return real_fading(surface, alpha)
        monkeypatch.setattr(module, "fading", fading)
    return seen


def first_deal(ui, game: str, seed: int) -> float:
    """All-AI table of `game` until the first deal's summary: when it came up."""
    ui.open_game(game, [AI] * 4, seed=seed)
    table = ui.top()
    ui.run_until(lambda: ui.top() is not table and table.ctl.deal_over, dt=0.03)
    return round(ui.now, 6)


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_reduced_motion_fades_instead_of_flying_and_keeps_the_time(tmp_path, monkeypatch, game):
    times = {}
    for reduced in (False, True):
        seen = record_fades(monkeypatch, game)
        ui = driver(tmp_path / str(reduced), reduced)
        times[reduced] = first_deal(ui, game, seed=4)
        ui.app.quit()
        monkeypatch.undo()
        alphas = [alpha for _, alpha in seen]
        assert alphas, "the table draws its flights through the timeline"
        if reduced:
            assert any(0 < alpha < OPAQUE for alpha in alphas), "it fades"
        else:
            assert set(alphas) == {OPAQUE}, "it flies, opaque"
    assert times[True] == times[False], "the same holds: the summary comes at the same time"


def test_joker_cards_played_and_gathered_stay_on_their_spots(tmp_path, monkeypatch):
    """Mid-flight, a card played is drawn on its place in the trick (not between the seat
    and the trick); a gathered trick fades where it lay."""
    seen = record_fades(monkeypatch, "joker")
    ui = driver(tmp_path, True)
    ui.open_game("joker", [AI] * 4, seed=4)
    table = ui.top()
    slots = set(table.layout.slots.values())
    ui.run_until(lambda: table.ctl.deal_over, dt=0.03)
    ui.app.quit()
    centres = [centre for centre, alpha in seen if centre is not None and 0 < alpha < OPAQUE]
    on_slots = [centre for centre in centres if centre in slots]
    assert len(on_slots) > 4            # cards played (fading in) and gathered (fading out)


def test_a_fading_layer_shows_what_is_drawn_on_it_every_time():
    import pygame

    from game.ui.timeline import fading

    pygame.init()
    screen = pygame.display.set_mode((60, 40))
    for alpha in (128, 200, 128):               # the layer is reused from frame to frame
        screen.fill((0, 0, 0))
        with fading(screen, alpha) as layer:
            layer.fill((200, 200, 200), (10, 10, 20, 20))
        assert abs(screen.get_at((20, 20))[0] - 200 * alpha / 255) < 3
        assert screen.get_at((5, 5))[:3] == (0, 0, 0)
