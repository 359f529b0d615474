"""Settings from a table's pause menu: they open over the paused table (drawn around the panel),
speed, size and language apply at once, and Back returns to the pause menu with the table as it
was (the same position, the clock still stopped, the move's time as it stood)."""

from __future__ import annotations

import pytest

from game.controller.table_controller import Phase
from game.ui.dialogs import PauseScene
from game.ui.drawn import recording
from game.ui.i18n import set_language, t
from game.ui.settings import SettingsScene
from game.controller.pace import pace_for
from test_lesson_to_table import start_from_setup


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def button_for(scene, key):
    return next(button for button, k in scene.buttons.items() if k == key)


def paused_table(ui, game: str):
    """A table started from its setup with the move timer on, at the human's move with the
    clock running, then its pause menu."""
    scene = start_from_setup(ui, game, timers=True, seed=3)
    ui.run_until(lambda: scene.view.phase is Phase.HUMAN and ui.top() is scene
                 and not scene.ctl.clock.stopped)
    ui.frames(60)
    scene.open_pause()
    ui.frames(1)
    return scene, ui.top()


def open_settings(ui, pause) -> SettingsScene:
    ui.press(next(button for button, action in pause.actions.items()
                  if action == pause.show_settings))
    settings = ui.top()
    assert isinstance(settings, SettingsScene) and settings.over_table
    return settings


def table_state(scene) -> tuple:
    ctl = scene.ctl
    return (len(ctl.table.record["deals"]), len(ctl.table.record["actions"]), ctl.phase,
            ctl.state.current_player(), ctl.paused)


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_pause_menu_opens_settings_and_comes_back_to_the_table_as_it_was(ui, game):
    scene, pause = paused_table(ui, game)
    assert t("pause.settings") in [button.text for button in pause.buttons]
    before, left = table_state(scene), scene.ctl.time_left(ui.now)
    assert ui.app.settings["animation"] == "fast"
    settings = open_settings(ui, pause)
    ui.frames(120, 0.5)                              # a minute reading the settings
    ui.press(button_for(settings, "animation"))      # fast → slow
    assert ui.app.settings["animation"] == "slow"
    ui.press(settings.back)
    assert ui.top() is pause                          # back on the pause menu
    assert scene.timeline.scale == pace_for("slow").animation_scale
    assert scene.ctl.settings.bot_move_pause_s == pace_for("slow").bot_move_pause_s
    assert table_state(scene) == before and scene.ctl.time_left(ui.now) == left
    pause.resume()                 # (as its button does; a click there may fall on the hand)
    ui.frames(1)
    assert ui.top() is scene and scene.view.phase is Phase.HUMAN
    assert left - 0.2 < scene.ctl.time_left(ui.now) <= left


def test_language_and_size_apply_at_once_over_the_table(ui):
    scene, pause = paused_table(ui, "tienlen")
    before = table_state(scene)
    settings = open_settings(ui, pause)
    ui.press(button_for(settings, "language"))        # English → Indonesian
    assert ui.app.settings["language"] == "id"
    assert ui.top() is settings and settings.back.text == t("settings.back") == "Kembali"
    ui.press(button_for(settings, "window"))
    size = ui.app.screen.get_size()
    assert size != (1280, 720) and list(size) == ui.app.settings["window"]
    assert scene.layout_size == size, "the table behind is laid out for the new size"
    ui.press(settings.back)
    assert ui.top() is pause
    assert pause.buttons[0].text == t("pause.resume") == "Lanjutkan"
    assert pause.panel().center == (size[0] // 2, size[1] // 2)
    assert table_state(scene) == before


def test_esc_closes_settings_back_to_the_pause_menu_with_the_speed_applied(ui):
    import pygame

    scene, pause = paused_table(ui, "joker")
    settings = open_settings(ui, pause)
    ui.press(button_for(settings, "animation"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=41))
    ui.frames(2)
    assert ui.top() is pause
    assert scene.timeline.scale == pace_for(ui.app.settings["animation"]).animation_scale


def test_the_table_stays_in_view_around_settings_and_they_say_what_waits_for_the_next(ui):
    """Over a table the panel stands on the paused table, not on an empty felt; the timers
    and the AI level are the next tables' (the table keeps its own timer)."""
    scene, pause = paused_table(ui, "domino")
    settings = open_settings(ui, pause)
    ui.frames(1)
    assert ui.app.stack.visible()[0] is scene, "the table is drawn behind"
    with recording() as drawn:
        settings.draw(ui.app.screen)
    assert t("settings.next_tables") in [text for _, text in drawn.texts]
    timer = scene.ctl.clock.timer.turn_seconds
    ui.press(button_for(settings, "timers"))
    assert scene.ctl.clock.timer.turn_seconds == timer
    ui.app.show("menu", reset=True)
    ui.frames(1)
    with recording() as drawn:
        ui.app.show("settings").draw(ui.app.screen)
    assert t("settings.next_tables") not in [text for _, text in drawn.texts]


def test_a_lesson_s_pause_menu_has_settings_too(ui):
    lesson = ui.app.show("lesson", "tienlen")
    ui.frames(2)
    lesson.open_pause()
    pause = ui.top()
    assert isinstance(pause, PauseScene)
    settings = open_settings(ui, pause)
    ui.press(settings.back)
    assert ui.top() is pause and lesson.ctl.paused


def test_settings_over_a_table_fit(ui):
    from text_fit import check_everywhere

    scene, pause = paused_table(ui, "joker")
    found = check_everywhere(ui, "pause")
    settings = open_settings(ui, pause)
    found += check_everywhere(ui, "settings over the table")
    assert not found, "\n".join(found[:40])
