"""Every table and the main dialogs laid out from 800×600 to 2560×1440 and in fullscreen:
every pygame_gui widget on screen, no two buttons overlapping, the table's own drawn
regions (hand, line / trick area, seat plates, scoreboard) on screen and apart. Screenshots go to
screenshots/layout-<game>-<w>x<h>.png (and layout-<game>-<dialog>-<w>x<h>.png)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from pygame_gui.elements import UIButton

from ai.bots import make_bot
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.table_controller import Phase
from game.core.table import Table
from game.ui.scaling import ui_scale
from game.ui.dialogs import Dialog, PauseScene
from game.ui.games import GAMES, open_table
from game.ui.setup import SetupScene


SIZES = [(800, 600), (1024, 768), (1280, 720), (1920, 1080), (2560, 1440), "fullscreen"]
#: the table's regions that must not overlap each other (fields of its layout)
APART = {"domino": [("hand", "line"), ("hand", "score")],
         "tienlen": [("hand", "buttons"), ("hand", "score"), ("ring", "hand")],
         "joker": [("trump", "hand")]}


def widgets(app) -> list:
    """The visible pygame_gui elements (not the root container or tool tips)."""
    root = app.manager.get_root_container()
    return [element for element in app.manager.get_sprite_group().sprites()
            if element is not root and element.visible and element.alive()
            and "tool_tip" not in " ".join(map(str, element.object_ids))]


def assert_widgets_fit(app, where: str) -> None:
    screen = app.screen.get_rect()
    shown = widgets(app)
    for element in shown:
        assert screen.contains(element.rect), f"{where}: {element} at {element.rect} is off screen"
    buttons = [e for e in shown if isinstance(e, UIButton) and e.ui_container
               is app.manager.get_root_container()]
    for index, first in enumerate(buttons):
        for second in buttons[index + 1:]:
            assert not first.rect.colliderect(second.rect), \
                f"{where}: {first.text!r} {first.rect} overlaps {second.text!r} {second.rect}"


def regions(geometry: dict, prefix: str = "") -> dict:
    """Every Rect and point of a table's geometry, by name."""
    found = {}
    for key, value in geometry.items():
        if isinstance(value, dict):
            found.update(regions(value, f"{prefix}{key}."))
        elif isinstance(value, pygame.Rect) or (isinstance(value, tuple) and len(value) == 2):
            found[prefix + key] = value
    return found


def assert_table_fits(scene, game: str, where: str) -> None:
    screen = scene.app.screen.get_rect()
    geometry = {field.name: getattr(scene.layout, field.name)
                for field in dataclasses.fields(scene.layout) if field.name != "size"}
    assert scene.layout.size == scene.app.size, f"{where}: the layout is for another size"
    for name, value in regions(geometry).items():
        if isinstance(value, pygame.Rect):
            assert value.width > 0 and value.height > 0, f"{where}: {name} is empty: {value}"
            assert screen.contains(value), f"{where}: {name} {value} falls off {screen}"
        else:
            assert screen.collidepoint(value), f"{where}: {name} {value} is off screen"
    for first, second in APART[game]:
        assert not geometry[first].colliderect(geometry[second]), \
            f"{where}: {first} {geometry[first]} overlaps {second} {geometry[second]}"
    buttons = [w for w in scene.widgets if isinstance(w, UIButton) and w.visible]
    for card, rect in getattr(scene, "hand_rects", []):
        assert screen.contains(rect), f"{where}: a hand card {rect} falls off screen"
        for button in buttons:
            assert not rect.colliderect(button.rect), \
                f"{where}: a hand card {rect} is under {button.text!r} {button.rect}"


def set_size(ui, size) -> str:
    app = ui.app
    if size == "fullscreen":
        app.settings["fullscreen"] = True
        app.resize(app.size, force=True)
    else:
        app.settings["fullscreen"] = False
        app.resize(size, force=True)
    ui.frames(2)
    width, height = app.size
    return f"{width}x{height}" + ("-fullscreen" if size == "fullscreen" else "")


def check_every_size(ui, shot: str, check_scene) -> None:
    for size in SIZES:
        label = set_size(ui, size)
        where = f"{shot} at {label}"
        assert_widgets_fit(ui.app, where)
        check_scene(where)
        ui.screenshot(f"layout-{shot}-{label}")


def wait_for_human_turn(ui, scene) -> None:
    def ready():
        top = ui.top()
        if top is not scene and isinstance(top, Dialog) and hasattr(top, "next"):
            top.on_button(top.next)                    # move past summaries
        busy = getattr(scene, "busy", lambda: False)()
        return scene.ctl.phase is Phase.HUMAN and not busy and ui.top() is scene
    ui.run_until(ready, dt=0.2)
    ui.frames(3)


def make_table(ui, game: str, seed: int = 5):
    spec = GAMES[game]
    names = list(spec.default_names)
    table = Table.open(game, names, spec.table_options(spec.defaults())[0], seed=seed)
    seats = [SeatConfig(names[0], HUMAN)] + [SeatConfig(n, AI, "easy") for n in names[1:]]
    open_table(ui.app, table, seats)
    scene = ui.top()
    for player in scene.ctl.bots:
        scene.ctl.bots[player] = make_bot(game, "random", player)
    return scene


@pytest.mark.parametrize("game", list(GAMES))
def test_setup_and_table_fit_every_window(ui, game):
    ui.app.stack.push(SetupScene(ui.app, game))
    check_every_size(ui, f"{game}-setup", lambda where: None)
    scene = make_table(ui, game)
    set_size(ui, (1280, 720))
    wait_for_human_turn(ui, scene)
    check_every_size(ui, game, lambda where: assert_table_fits(scene, game, where))
    scene.open_pause()
    assert isinstance(ui.top(), PauseScene)
    check_every_size(ui, f"{game}-pause",
                     lambda where: assert_panel_fits(ui.top(), where))


def assert_panel_fits(dialog, where: str) -> None:
    screen = dialog.app.screen.get_rect()
    assert screen.contains(dialog.panel()), f"{where}: the dialog {dialog.panel()} falls off"


@pytest.mark.parametrize("game", list(GAMES))
def test_deal_summaries_and_sheets_fit_every_window(ui, game):
    scene = make_table(ui, game, seed=8)
    ctl = scene.ctl
    ctl.seats[0] = SeatConfig(ctl.seats[0].name, AI, "easy")   # an all-AI table from here
    ctl.bots[0] = make_bot(game, "random", 0)
    ctl.settings.bot_move_pause_s = 0
    ui.run_until(lambda: ui.top() is not scene and isinstance(ui.top(), Dialog)
                 and hasattr(ui.top(), "next"), dt=0.3)
    summary = ui.top()
    check_every_size(ui, f"{game}-{type(summary).__name__}",
                     lambda where: assert_panel_fits(summary, where))
    if game == "joker":
        from game.ui.joker.dialogs import ScoreSheetScene

        summary.on_button(summary.next)
        ui.frames(2)
        scene.open_viewer(ScoreSheetScene)
        sheet = ui.top()
        assert isinstance(sheet, ScoreSheetScene)
        check_every_size(ui, f"{game}-sheet", lambda where: assert_panel_fits(sheet, where))


@pytest.mark.filterwarnings("error:Label Rect is too small")
def test_every_label_fits_its_text_in_every_language(ui):
    from game.ui.config import LANGUAGES
    from game.ui.i18n import set_language
    from game.ui.settings import SettingsScene

    try:
        for language in LANGUAGES:
            set_language(language)
            for scene in [SetupScene(ui.app, game) for game in GAMES] + [SettingsScene(ui.app)]:
                ui.app.stack.push(scene)
                ui.frames(1)
                ui.app.stack.pop()
    finally:
        set_language("en")


def test_the_menu_with_continue_and_a_long_message_fits_every_window(ui):
    from game.ui.config import FIELDS, SettingsProblem
    from game.ui.menu import MenuScene, settings_problem_words

    ui.app.saves.directory.mkdir(parents=True)
    (ui.app.saves.directory / "domino-20261129-203000-5.json").write_text("{}")  # Continue
    menu = MenuScene(ui.app)
    menu.message = settings_problem_words(SettingsProblem(ui.app.settings_path,
                                                          reset=tuple(FIELDS)))
    ui.app.stack.reset(menu)
    ui.app.settings["fullscreen"] = False

    def message_apart(where):
        screen = ui.app.screen.get_rect()
        assert "continue" in menu.buttons.values()
        for _, rect in menu.message_rects():
            assert screen.contains(rect), f"{where}: the message {rect} falls off"
            for button in menu.buttons:
                assert not rect.colliderect(button.rect), f"{where}: {button.text!r} hides it"
        for button in menu.buttons:            # a short window takes two columns instead
            assert button.rect.height >= 34 * ui_scale() - 1, f"{where}: {button.text!r} is thin"
    check_every_size(ui, "menu", message_apart)


def test_the_saved_tables_list_and_its_message_fit_every_window(ui):
    from game.controller.autosave import write_save

    for number in range(16):                                 # more than a page at any size
        game = ("domino", "tienlen", "joker")[number % 3]
        spec = GAMES[game]
        table = Table.open(game, list(spec.default_names), spec.table_options(spec.defaults())[0],
                           seed=number)
        table.deal_if_needed()
        seats = [SeatConfig(name, AI, "hard") for name in table.players]
        write_save(ui.app.saves.new_path(table), table, seats, {})
    ui.app.saves.directory.joinpath("broken.json").write_text("{")   # a message at the bottom
    ui.app.show("saves")
    scene = ui.top()
    assert scene.message and len(scene.tables) == 16

    def rows_buttons_and_message_apart(where):
        screen = ui.app.screen.get_rect()
        assert scene.pages > 1 and scene.rows, where
        rows = [row for _, row, _ in scene.rows]
        for index, row in enumerate(rows):
            assert screen.contains(row), f"{where}: row {index} {row} falls off"
            for button in (*scene.open_buttons, *scene.delete_buttons):
                assert row.contains(button.rect) or not row.colliderect(button.rect), where
        for line, rect in scene.message_placed:
            assert screen.contains(rect), f"{where}: the message {rect} falls off"
            assert rect.collidelist(rows) == -1, f"{where}: the message covers a row"
            assert not any(rect.colliderect(button.rect) for button in scene.widgets), where
    check_every_size(ui, "saves", rows_buttons_and_message_apart)
