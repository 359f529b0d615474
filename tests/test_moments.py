"""Moments that land and hold: the last play of a deal is seen on the table for at
least its time in the tempo model (game/controller/pace.py) before the summary covers it; a summary can be set aside to look at the
final table; Last trick still works once a Joker deal is over."""

from __future__ import annotations

import pytest

from game.controller.pace import Moment
from game.controller.seats import AI
from game.tienlen.actions import CardsPlayed
from game.ui.dialogs import Dialog
from game.ui.tienlen.renderer import round_plays

DT = 0.02


def start_all_ai(ui, game: str, seed: int):
    short = {"game_type": "standard"} if game == "joker" else None    # 1-card deals first
    return ui.open_game(game, [AI] * 4, seed, short)


def last_play_drawn(scene, game: str) -> bool:
    """Is the move that ended the deal on the table as drawn now?"""
    obs = scene.view.observation
    if game == "domino":                 # the last tile (or Apollo's double) lies in the line
        return scene.timeline.first("flight") is None and scene.last_placed is not None
    if game == "tienlen":                # the winning combination in the centre
        plays = round_plays(obs.history)
        return bool(plays) and isinstance(plays[-1], CardsPlayed)
    pickup = scene.timeline.first("pickup")   # Joker: the last trick, readable
    return pickup is not None and scene.app.now < pickup.start + pickup.data.show_s


def summary_on_top(ui, scene) -> bool:
    top = ui.top()
    return top is not scene and isinstance(top, Dialog) and top.view_table is not None


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_last_play_of_a_deal_holds_before_the_summary(ui, game):
    ui.app.settings["animation"] = "normal"
    scene = start_all_ai(ui, game, seed=6)
    ended_at = None
    drawn_for = 0.0
    while not summary_on_top(ui, scene):
        ui.frames(1, DT)
        if scene.ctl.deal_over and ended_at is None:
            ended_at = ui.now
        if ended_at is not None and not summary_on_top(ui, scene) \
                and last_play_drawn(scene, game):
            drawn_for += DT
        assert ui.now < 600, "no summary came"
    wanted = scene.tempo.pace.visible_s(Moment.LAST_TRICK if game == "joker"
                                  else scene.DEAL_END_MOMENT)
    assert ui.now - ended_at >= wanted - DT
    assert drawn_for >= wanted - 2 * DT, f"the last play was seen {drawn_for:.2f} s only"


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_summary_can_be_set_aside_to_view_the_table(ui, game):
    scene = start_all_ai(ui, game, seed=2)
    scene.ctl.settings.auto_summary_s = 1e9          # the summary waits for the player
    ui.run_until(lambda: summary_on_top(ui, scene), dt=0.1)
    summary = ui.top()
    ui.press(summary.view_table)
    ui.frames(3)
    assert ui.top() is scene and scene.aside.shown
    assert scene.aside.button.visible
    assert not scene.aside.button.rect.colliderect(scene.layout.hand), \
        "the way back lies over the hand: a click there would also pick a card"
    ui.screenshot(f"{game}-view-table")
    ui.press(scene.aside.button)
    ui.frames(2)
    assert summary_on_top(ui, scene) and not scene.aside.shown


def test_last_trick_opens_once_a_joker_deal_is_over(ui):
    from game.ui.joker.dialogs import LastTrickScene

    scene = start_all_ai(ui, "joker", seed=3)
    scene.ctl.settings.auto_summary_s = 1e9
    ui.run_until(lambda: summary_on_top(ui, scene), dt=0.1)
    ui.press(ui.top().view_table)
    ui.frames(2)
    assert scene.last_trick_button.is_enabled, "the deal's last trick can be looked at"
    plays, winner = scene.last_trick(scene.view.observation)
    assert len(plays) == 4 and winner == scene.last_taken.winner
    ui.press(scene.last_trick_button)
    assert isinstance(ui.top(), LastTrickScene)
