"""The app shell: the menu opens every game's setup, and the rules screen shows each game."""

import pytest

from game.core.registry import game_names
from game.ui.menu import MenuScene
from game.ui.rules import RulesScene
from game.ui.setup import SetupScene

from ui_driver import UiDriver


@pytest.fixture
def ui(tmp_path):
    driver = UiDriver(tmp_path)
    yield driver
    driver.app.quit()


def test_every_game_in_the_menu_opens_its_setup(ui):
    ui.frames(2)
    for game in game_names():
        menu = ui.top()
        assert isinstance(menu, MenuScene)
        button = next(b for b, key in menu.buttons.items() if key == game)
        ui.press(button)
        assert isinstance(ui.top(), SetupScene) and ui.top().game == game
        ui.press(ui.top().back_button)


def test_the_rules_screen_switches_between_the_games(ui):
    ui.frames(2)
    ui.press(next(b for b, key in ui.top().buttons.items() if key == "rules"))
    rules = ui.top()
    assert isinstance(rules, RulesScene) and rules.game == "domino"
    for game in ("tienlen", "joker"):
        ui.press(next(b for b, g in rules.game_buttons.items() if g == game))
        assert rules.game == game
    ui.screenshot("rules-joker")
    ui.press(rules.back)
    assert isinstance(ui.top(), MenuScene)


def test_escape_goes_back_from_rules_setup_and_settings(ui):
    import pygame

    ui.frames(2)
    for key in ("rules", "settings", "domino"):
        menu = ui.top()
        ui.press(next(b for b, k in menu.buttons.items() if k == key))
        assert not isinstance(ui.top(), MenuScene)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="\x1b", scancode=41))
        ui.frames(2)
        assert isinstance(ui.top(), MenuScene), key


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_every_setup_fits_its_window_without_overlaps(tmp_path, size):
    """The seed's row stays clear of Back and Start, and no two rows overlap, however many
    options a game has (Joker has the most)."""
    ui = UiDriver(tmp_path, size=size)
    ui.frames(2)
    screen = ui.app.screen.get_rect()
    for game in game_names():
        ui.press(next(b for b, key in ui.top().buttons.items() if key == game))
        setup = ui.top()
        rows = [row["name"].rect for row in setup.rows] + [b.rect for b in setup.option_buttons]
        rows.append(setup.seed_entry.rect)
        assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:]))
        for button in (setup.back_button, setup.start_button):
            assert screen.contains(button.rect)
            assert setup.seed_entry.rect.bottom <= button.rect.top
        ui.screenshot(f"setup-{game}-{size[0]}x{size[1]}")
        ui.press(setup.back_button)
    ui.app.quit()


def test_a_setup_remembers_how_it_last_started_a_table(tmp_path):
    """Play-tested: the setup forgot the hard bot and the nine-card game each time. It opens
    with the chairs and choices it last started a table with, after a restart too, and what
    no longer fits (an unknown level or value) is left at its default."""
    import dataclasses
    import json

    from game.controller.seats import HUMAN

    ui = UiDriver(tmp_path)
    setup = ui.app.show("setup", "joker")
    setup.seats[2] = dataclasses.replace(setup.seats[2], level="hard", name="Levan")
    setup.seats[1] = dataclasses.replace(setup.seats[1], kind=HUMAN, name="Giorgi")
    setup.chosen["game_type"] = "nines"
    setup.rebuild()
    ui.press(setup.start_button)
    table = ui.top()
    assert [seat.level for seat in table.ctl.seats][2] == "hard"
    wanted = ([(s.name, s.kind, s.level) for s in setup.seats], dict(setup.chosen))
    ui.app.quit()

    ui = UiDriver(tmp_path)                       # the game started again
    again = ui.app.show("setup", "joker")
    assert ([(s.name, s.kind, s.level) for s in again.seats], again.chosen) == wanted
    assert again.seats[1].profile is not None     # Giorgi's profile, made at the start
    ui.app.quit()

    path = next(tmp_path.rglob("settings.json"))
    settings = json.loads(path.read_text(encoding="utf-8"))
    settings["last_setup"]["joker"]["seats"][2]["level"] = "grandmaster"
    settings["last_setup"]["joker"]["options"]["game_type"] = "sevens"
    path.write_text(json.dumps(settings), encoding="utf-8")
    ui = UiDriver(tmp_path)
    fresh = ui.app.show("setup", "joker")
    assert fresh.chosen["game_type"] == "standard"
    assert fresh.seats[2].level == ui.app.settings["ai_level"]   # the chairs as new
    ui.app.quit()
