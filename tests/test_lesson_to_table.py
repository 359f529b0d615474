"""Newcomers and the move timers: after a lesson the first real table opens without a timer;
a timer that is on runs and shows in every game (Joker's too: 30 s a move, a table setting, not a
rule of spec/joker.md); a pause stops it."""

from __future__ import annotations

import pytest

from ai.bots import make_bot
from game.controller.table_controller import Phase
from game.lessons import lesson_games
from game.ui.drawn import recording
from game.core.registry import get_game
from game.ui.games import GAMES
from game.ui.guided.dialogs import LessonOverScene
from game.ui.i18n import t
from game.ui.setup import SetupScene

#: each game's move timer when it is on (D19: 35 s, T11: 15 s, Joker: the table's 30 s)
TURN_S = {"domino": 35, "tienlen": 15, "joker": get_game("joker").timer_default_s}


def start_from_setup(ui, game: str, timers: bool, seed: int = 5):
    """A table started as a player starts it: the setup (one human, three AI chairs), its timer
    option on or off, then Start."""
    ui.app.show("menu", reset=True)
    setup = ui.app.show("setup", game)
    setup.chosen["timers"] = timers
    setup.seed_entry.set_text(str(seed))      # (Start reads the seed from its field)
    ui.press(setup.start_button)
    scene = ui.top()
    assert scene.ctl.game == game and scene.ctl.table.seed == seed
    for player in scene.ctl.bots:      # bots at random: quick, and the same game every run
        scene.ctl.bots[player] = make_bot(game, "random", f"{seed}/{player}")
    return scene


def human_turn(ui, scene) -> None:
    """The human's move, its clock running (not held by an animation: Joker's cut, a deal).
    A deal that ends before the human moves (the table's seed is drawn: a Tiến Lên instant
    win, tới trắng: T17, T18) is moved past, as the player would."""
    for _ in range(20):
        ui.run_until(lambda: scene.ctl.phase is Phase.SUMMARY or (
            scene.view.phase is Phase.HUMAN and ui.top() is scene
            and not scene.ctl.clock.stopped))
        if scene.ctl.phase is not Phase.SUMMARY:
            return
        scene.ctl.acknowledge_summary(ui.now)
        ui.frames(2)
    raise AssertionError("no human turn in twenty deals")


def seconds_shown(ui, scene) -> list[str]:
    """The texts of the table that read like the move timer ("12 s")."""
    with recording() as drawn:
        scene.draw(ui.app.screen)
    words = {t("table.seconds", seconds=n) for n in range(0, 61)}
    return [text for _, text in drawn.texts if text in words]


@pytest.mark.parametrize("game, seed", [(game, None) for game in lesson_games()]
                         + [("tienlen", 55)])      # 55: its first deal is an instant win
def test_play_a_real_game_after_a_lesson_opens_a_table_without_a_timer(ui, game, seed,
                                                                        monkeypatch):
    """Play-tested: "Play a real game" after the Tiến Lên lesson opened the Online room preset
    with its 15 s timer, which ran out twice while the newcomer read the hand. Settings say
    timers on (the default), and the last setup of the game had the timer on too. The table's
    seed is drawn (`seed` None) or, to be sure of the instant win's path, given."""
    if seed is not None:
        monkeypatch.setattr("game.ui.setup.new_seed", lambda: seed)
    assert ui.app.settings["timers"] is True
    ui.app.settings["last_setup"][game] = {"options": {"timers": True}}
    lesson = ui.app.show("lesson", game)
    ui.frames(2)
    ui.app.stack.push(LessonOverScene(ui.app, lesson))       # the lesson's last words
    ui.press(ui.top().real_game)
    setup = ui.top()
    assert isinstance(setup, SetupScene) and setup.game == game
    assert setup.chosen["timers"] is False and setup.chosen["assists"] is True
    assert setup.preset == GAMES[game].lesson_preset
    ui.press(setup.start_button)
    scene = ui.top()
    assert scene.ctl.game == game and scene.ctl.save_path is not None    # a real table
    assert not scene.ctl.clock.timer.enabled and scene.ctl.settings.turn_seconds == 0
    human_turn(ui, scene)
    assert scene.ctl.time_left(ui.now) is None and not seconds_shown(ui, scene)


def test_the_calm_presets_keep_the_rules_the_lesson_taught():
    """Tiến Lên's and Joker's first real table plays the base rules (the lessons' rules);
    domino's is the casual warung table (its misplay costs nothing)."""
    for game in ("tienlen", "joker"):
        rules = GAMES[game].preset_values(GAMES[game].lesson_preset)
        engine, _ = GAMES[game].table_options({**GAMES[game].base_values(), **rules})
        assert not GAMES[game].house_rules_in_force(engine), game
    assert GAMES["domino"].presets["casual"]["misplay_penalty"] is False


@pytest.mark.parametrize("game", sorted(TURN_S))
def test_a_timer_that_is_on_runs_and_shows_in_every_game(ui, game):
    scene = start_from_setup(ui, game, timers=True)
    assert scene.ctl.clock.timer.turn_seconds == TURN_S[game]
    human_turn(ui, scene)
    ui.frames(30)                                    # half a second into the move
    assert seconds_shown(ui, scene) == [t("table.seconds", seconds=TURN_S[game])]
    ui.frames(60 * 3)
    left = scene.ctl.time_left(ui.now)
    assert TURN_S[game] - 4 < left < TURN_S[game] - 3
    assert seconds_shown(ui, scene) == [t("table.seconds", seconds=int(left + 0.999))]


@pytest.mark.parametrize("game", sorted(TURN_S))
def test_a_timer_that_is_off_shows_no_seconds(ui, game):
    scene = start_from_setup(ui, game, timers=False)
    human_turn(ui, scene)
    ui.frames(30)
    assert not scene.ctl.clock.timer.enabled and not seconds_shown(ui, scene)


def test_the_joker_clock_makes_the_move_when_it_runs_out(ui):
    """As in an online Joker room: the move (here the bid) is made for the player and said."""
    scene = start_from_setup(ui, "joker", timers=True)
    human_turn(ui, scene)
    actions = len(scene.ctl.table.record["actions"])
    player = scene.view.acting
    ui.run_until(lambda: len(scene.ctl.table.record["actions"]) > actions,
                 within_s=get_game("joker").timer_default_s + 1)
    assert ui.now >= get_game("joker").timer_default_s
    kinds = [notice.kind for notice in scene.ctl.notices.since(0)]
    assert "timeout" in kinds and scene.ctl.table.record["actions"][actions]["player"] == player


def test_the_joker_timer_is_the_table_s_not_a_rule(ui):
    """The engine's options (and so a save's rules) are as without a timer; the save keeps the
    timer in the table's settings, so Continue brings it back."""
    spec = GAMES["joker"]
    on = spec.table_options({**spec.defaults(), "timers": True})
    off = spec.table_options({**spec.defaults(), "timers": False})
    assert on[0] == off[0] and "timers" not in on[0]
    assert on[1]["turn_seconds"] == get_game("joker").timer_default_s
    assert off[1]["turn_seconds"] == 0
    assert spec.presets["online_room"]["timers"] is True
    assert spec.presets["tbilisi"]["timers"] is False
    scene = start_from_setup(ui, "joker", timers=True)
    human_turn(ui, scene)
    ui.app.show("menu", reset=True)
    ui.open_saved()
    assert ui.controller().clock.timer.turn_seconds == get_game("joker").timer_default_s


@pytest.mark.parametrize("game", sorted(TURN_S))
def test_a_pause_stops_the_timer_and_the_move_goes_on_with_the_time_it_had(ui, game):
    scene = start_from_setup(ui, game, timers=True)
    human_turn(ui, scene)
    ui.frames(60 * 2)
    left = scene.ctl.time_left(ui.now)
    actions = len(scene.ctl.table.record["actions"])
    scene.open_pause()
    pause = ui.top()
    ui.frames(2 * (TURN_S[game] + 10), dt=0.5)         # longer than the whole move
    assert len(scene.ctl.table.record["actions"]) == actions, "no move was made meanwhile"
    assert scene.ctl.time_left(ui.now) == left
    assert seconds_shown(ui, scene) == [t("table.seconds", seconds=int(left + 0.999))]
    pause.resume()                 # (as its button does; a click there may fall on the hand)
    ui.frames(1)
    assert ui.top() is scene and scene.view.phase is Phase.HUMAN
    assert left - 0.2 < scene.ctl.time_left(ui.now) <= left
