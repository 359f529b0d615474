"""Profiles in the window: one made on the first start, the human chairs of the setup
choose one or make one, and a finished table reaches the history with its profiles."""

from __future__ import annotations

import json

import pygame
import pygame_gui

from game.ui.i18n import t
from game.ui.setup import SetupScene
from ui_driver import UiDriver


def choose(ui, dropdown, text: str) -> None:
    """What pygame_gui does when an option of a drop-down menu is clicked."""
    dropdown.selected_option = (text, text)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "text": text, "selected_option_id": text, "ui_element": dropdown,
        "ui_object_id": dropdown.most_specific_combined_id}))
    ui.frames(2)


def open_setup(ui, game: str = "domino") -> SetupScene:
    ui.press(next(b for b, key in ui.top().buttons.items() if key == game))
    assert isinstance(ui.top(), SetupScene)
    return ui.top()


def test_the_first_start_makes_one_default_profile_in_the_players_language(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"language": "vi"}))
    ui = UiDriver(tmp_path)
    assert [p.name for p in ui.app.history.profiles()] == ["Người chơi"]
    ui.app.quit()
    again = UiDriver(tmp_path)
    assert [p.name for p in again.app.history.profiles()] == ["Người chơi"], "made once"
    again.app.quit()


def test_a_human_chair_chooses_or_makes_a_profile(tmp_path):
    ui = UiDriver(tmp_path)
    default = ui.app.history.profiles()[0]
    setup = open_setup(ui)
    assert setup.seats[0].profile == default.id
    assert setup.rows[0]["profile"].selected_option[0] == default.name
    setup.rows[0]["name"].set_text("Ana")                 # a new name: a new profile
    ui.press(setup.start_button)
    ctl = ui.controller()
    assert ui.app.history.flush()
    ana = next(p for p in ui.app.history.profiles() if p.name == "Ana")
    assert ctl.seats[0].profile == ana.id and ana.avatar["initials"] == "AN"   # as at the table
    saved = json.loads(ctl.save_path.read_text())
    assert saved["table"]["seats"][0]["profile"] == ana.id

    ui.app.show("menu", reset=True)
    ui.frames(2)
    setup = open_setup(ui, "joker")
    menu = setup.rows[0]["profile"]
    assert menu.options_list[-1][0] == t("setup.profile.new")
    assert [option[0] for option in menu.options_list[:-1]] == [default.name, "Ana"]
    choose(ui, setup.rows[0]["profile"], "Ana")
    assert setup.rows[0]["name"].get_text() == "Ana" and setup.seats[0].profile == ana.id
    choose(ui, setup.rows[1]["kind"], t("setup.human"))     # a second human, also Ana
    choose(ui, setup.rows[1]["profile"], "Ana")
    ui.press(setup.start_button)
    seats = ui.controller().seats
    assert [seat.profile for seat in seats[:2]] == [ana.id, None], "one chair per profile"
    ui.app.quit()

