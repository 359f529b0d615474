"""The table skeleton every game shares: drawing changes nothing, event handlers are
found by event type, the timeline scales with the animation setting and holds the game, the
layout follows the window size."""

from __future__ import annotations

import pytest

from game.controller.seats import AI, HUMAN
from game.domino.actions import Passed, TilePlayed
from game.ui.domino.table_scene import DominoTableScene
from game.ui.games import GAMES
from game.ui.timeline import Timeline, speed_scale


def open_game(ui, game: str):
    return ui.open_game(game, [HUMAN, AI, AI, AI], seed=4)


def snapshot(scene) -> str:
    """Everything a scene holds, as text (rects by their values)."""
    parts = [repr(sorted(vars(scene).items(), key=lambda item: item[0]))]
    parts.append(repr(scene.timeline.tweens))
    parts.append(repr(scene.log.messages))
    if hasattr(scene, "fan"):
        parts.append(repr(sorted(vars(scene.fan).items())))
    return "\n".join(parts)


@pytest.mark.parametrize("game", list(GAMES))
def test_draw_changes_nothing(ui, game):
    scene = open_game(ui, game)

    def mid_deal_with_the_hand_shown():
        if scene.view.acting is not None:
            if len(scene.ctl.table.record["actions"]) >= 4:
                return True
            scene.attempt(scene.view.legal[0])
        if ui.top() is not scene and hasattr(ui.top(), "next"):
            ui.press(ui.top().next)
        return False
    ui.run_until(mid_deal_with_the_hand_shown, dt=0.05)
    assert scene.view.hand_shown
    scene.say("a message that expires")     # things that end with time: drawing must not
    scene.timeline.start("probe", ui.app.now, 0.3)      # be what ends them
    before = snapshot(scene)
    for step in range(10):                  # later and later, as frames would be drawn
        ui.app.now += 1.0
        scene.draw(ui.app.screen)
    assert snapshot(scene) == before


def test_handlers_are_found_by_event_type():
    assert DominoTableScene.ON_EVENT[TilePlayed] is DominoTableScene.on_tile_played
    assert DominoTableScene.ON_EVENT[Passed] is DominoTableScene.on_passed


def test_the_timeline_scales_with_the_speed_setting_and_holds():
    fast = Timeline(speed_scale("fast"))
    slow = Timeline(speed_scale("slow"))
    assert fast.start("x", 0.0, 1.0).duration < 1.0 < slow.start("x", 0.0, 1.0).duration
    timeline = Timeline()
    tween = timeline.start("pickup", 10.0, 0.4, delay=0.2, hold=True)
    assert (tween.start, tween.end) == (10.2, pytest.approx(10.6))
    assert timeline.holding(10.5) and not timeline.holding(10.61)
    assert tween.progress(10.0) == 0 and tween.progress(10.4) == pytest.approx(0.5)
    timeline.prune(10.61)
    assert timeline.first("pickup") is None
    timeline.start("a", 0, 1, replace=False)
    timeline.start("a", 0, 1, replace=False)
    assert len(timeline.running("a")) == 2
    timeline.skip(0.5)
    assert not timeline.tweens and not timeline.holding(0.5)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_layout_follows_the_window(ui, game):
    scene = open_game(ui, game)
    ui.frames(2)
    assert scene.layout.size == (1280, 720)
    ui.app.resize((1920, 1080))
    ui.frames(2)
    assert scene.layout.size == (1920, 1080)
