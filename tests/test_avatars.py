"""Seats that are present: a generated avatar at every seat, ringed on its turn, with
the move timer running down around it."""

import pytest

from game.controller.seats import AI, HUMAN
from game.ui import table_renderer
from game.ui.avatars import avatar_colour, initials


def test_initials_and_colour_are_the_players_own():
    assert initials("Budi Santoso") == "BS"
    assert initials("Ani") == "AN"
    assert initials("ნინო") == "ნი"
    assert avatar_colour("Ani") == avatar_colour("Ani")
    assert len({avatar_colour(name) for name in ("Ani", "Budi", "Citra", "Dewi")}) == 4


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_every_seat_has_its_avatar_and_the_human_sees_the_time_run_down(ui, game, monkeypatch):
    ui.app.settings["timers"] = True
    scene = ui.open_game(game, [HUMAN, AI, AI, AI], seed=3)
    scene.ctl.settings.turn_seconds = scene.ctl.clock.timer.turn_seconds = 30
    drawn = []
    real = table_renderer.draw_avatar

    def recording(surface, center, name, acting=False, share=None, dimmed=False):
        drawn.append((name, acting, share))
        return real(surface, center, name, acting, share, dimmed)
    monkeypatch.setattr(table_renderer, "draw_avatar", recording)
    ui.run_until(lambda: scene.view.acting is not None and ui.top() is scene)
    scene.ctl.clock.timer.start(ui.now)
    drawn.clear()
    scene.draw(ui.app.screen)
    assert sorted(name for name, _, _ in drawn) == sorted(scene.names)
    me = scene.names[scene.view.acting]
    acting = [(name, share) for name, on_turn, share in drawn if on_turn]
    assert acting == [(me, pytest.approx(1.0))]
    ui.frames(100, 0.1)                                   # 10 s of the 30
    drawn.clear()
    scene.draw(ui.app.screen)
    share = next(share for name, on_turn, share in drawn if on_turn)
    assert share == pytest.approx(2 / 3, abs=0.02)
