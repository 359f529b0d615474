"""The table's look: felt colours, card backs drawn by the game, the four-colour deck
(faces and coloured suit symbols), stored and checked like every setting."""

import json

import pygame
import pytest

from game.ui import config, look
from game.ui.cards import card_back, card_image
from game.ui.widgets import draw_felt


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((10, 10))
    yield
    look.use_settings(config.default_settings())      # the next test starts with today's look


def colours(image) -> set:
    width, height = image.get_size()
    return {tuple(image.get_at((x, y)))[:3] for x in range(0, width) for y in range(0, height)}


def has_ink(image, ink) -> bool:
    """Pixels near `ink` (anti-aliasing blends the edges: the middle of a pip is exact)."""
    return any(sum(abs(a - b) for a, b in zip(colour, ink)) < 30 for colour in colours(image))


def test_the_defaults_are_todays_look():
    defaults = config.default_settings()
    assert (defaults["felt"], defaults["card_back"]) == ("green", "lattice")
    assert defaults["four_colour"] is False and defaults["reduced_motion"] is False
    look.use_settings(defaults)
    surface = pygame.Surface((200, 150))
    draw_felt(surface)
    assert surface.get_at((100, 75))[:3] == (22, 88, 56)


@pytest.mark.parametrize("felt", sorted(look.FELTS))
def test_every_felt_colour_fills_the_table(felt):
    look.use_settings({"felt": felt})
    surface = pygame.Surface((200, 150))
    draw_felt(surface)
    assert surface.get_at((100, 75))[:3] == look.FELTS[felt][0]
    assert surface.get_at((5, 75))[:3] == look.FELTS[felt][1]          # the rim


def test_three_card_backs_all_different_and_unlike_any_face():
    faces = {pygame.image.tobytes(card_image(card, 90), "RGBA")
             for card in ("AS", "10H", "KD", "2C", "X1", "X2")}
    backs = {}
    for design in look.CARD_BACKS:
        look.use_settings({"card_back": design})
        backs[design] = pygame.image.tobytes(card_back(90), "RGBA")
    assert len(look.CARD_BACKS) >= 3 and len(set(backs.values())) == len(look.CARD_BACKS)
    assert not faces & set(backs.values())


def test_the_four_colour_deck_colours_every_face_and_is_two_colours_by_default():
    inks = look.PAPER_FOUR
    for suit in "SHDC":                       # default: ♦ red, ♣ black, no blue or green
        assert not has_ink(card_image("7" + suit, 80), inks["D"])
        assert not has_ink(card_image("7" + suit, 80), inks["C"])
    assert has_ink(card_image("7D", 80), inks["H"])
    look.use_settings({"four_colour": True})
    for rank in ("A", "7", "Q"):
        assert has_ink(card_image(rank + "D", 80), inks["D"])
        assert has_ink(card_image(rank + "C", 80), inks["C"])
        assert has_ink(card_image(rank + "H", 80), inks["H"])
        assert not has_ink(card_image(rank + "S", 80), inks["H"])
        assert not has_ink(card_image(rank + "D", 80), inks["H"])


def test_suit_symbols_on_dark_panels_follow_the_deck():
    assert look.suit_text_colour("D") == look.suit_text_colour("H")
    assert look.suit_button_id("D") == "#suit_red" and look.suit_button_id("C") == "#suit_black"
    look.use_settings({"four_colour": True})
    colours = {look.suit_text_colour(suit) for suit in "SHDC"}
    assert len(colours) == 4
    assert [look.suit_button_id(suit) for suit in "SHDC"] == [
        "#suit_black", "#suit_red", "#suit_blue", "#suit_green"]


def test_the_score_sheet_writes_trumps_in_the_decks_colours():
    from game.ui.joker.sheet import INK, RED_INK, suit_ink

    assert (suit_ink("♦"), suit_ink("♣")) == (RED_INK, INK)
    look.use_settings({"four_colour": True})
    assert (suit_ink("♦"), suit_ink("♣")) == (look.PAPER_FOUR["D"], look.PAPER_FOUR["C"])


def test_bad_look_values_go_back_to_their_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"felt": "purple", "card_back": 3, "four_colour": "yes",
                                "reduced_motion": True}))
    settings, problem = config.load_settings(path)
    assert (settings["felt"], settings["card_back"], settings["four_colour"]) == (
        "green", "lattice", False)
    assert settings["reduced_motion"] is True
    assert set(problem.reset) == {"felt", "card_back", "four_colour"}


# --- Settings → Table ---------------------------------------------------------------------

def open_table_tab(ui):
    from game.ui.settings import SettingsScene

    ui.app.show("settings")
    ui.frames(2)
    scene = ui.top()
    assert isinstance(scene, SettingsScene)
    ui.press(next(button for button, tab in scene.tabs.items() if tab == "table"))
    assert scene.tab == "table"
    return scene


def press_row(ui, scene, key):
    ui.press(next(button for button, k in scene.buttons.items() if k == key))


def test_the_table_tab_changes_the_look_at_once_and_stores_it(ui):
    scene = open_table_tab(ui)
    assert set(scene.buttons.values()) == {"felt", "card_back", "four_colour", "reduced_motion"}
    corner = (ui.app.size[0] - 40, ui.app.size[1] // 2)        # felt beside the panel
    assert ui.app.screen.get_at(corner)[:3] == look.FELTS["green"][0]
    press_row(ui, scene, "felt")
    assert ui.app.settings["felt"] == "blue" and look.felt() == look.FELTS["blue"]
    assert ui.app.screen.get_at(corner)[:3] == look.FELTS["blue"][0]
    green_back = pygame.image.tobytes(card_back(70), "RGBA")
    press_row(ui, scene, "card_back")
    assert ui.app.settings["card_back"] == "rosette"
    assert pygame.image.tobytes(card_back(70), "RGBA") != green_back
    press_row(ui, scene, "four_colour")
    press_row(ui, scene, "reduced_motion")
    assert look.four_colour() and look.reduced_motion()
    assert has_ink(card_image("9D", 70), look.PAPER_FOUR["D"])
    assert scene.tab == "table" and ui.top() is scene            # still on the Table tab
    stored = json.loads(ui.app.settings_path.read_text())
    assert (stored["felt"], stored["card_back"], stored["four_colour"],
            stored["reduced_motion"]) == ("blue", "rosette", True, True)
    for _ in range(len(look.FELTS) - 1):                         # cycles back to green
        press_row(ui, scene, "felt")
    assert ui.app.settings["felt"] == "green"


def test_the_table_tab_fits_every_size_and_language(ui):
    from text_fit import check_everywhere

    open_table_tab(ui)
    found = check_everywhere(ui, "settings table tab")
    assert not found, "\n".join(found[:20])


# --- suits on buttons -----------------------------------------------------------------------

def suit_buttons(ui, four: bool):
    """The joker lead dialog's buttons as drawn: suit letter -> the button's pixels."""
    from game.controller.seats import AI, HUMAN
    from game.joker.cards import JOKER_1, SUIT_LETTERS
    from game.ui.joker.dialogs import JokerLeadScene

    ui.app.settings["four_colour"] = four
    ui.app.apply_settings()
    ui.open_game("joker", [HUMAN, AI, AI, AI], seed=2, options={"game_type": "nines"})
    table = ui.top()
    ui.app.stack.push(JokerLeadScene(ui.app, table, JOKER_1))
    ui.frames(3)
    drawn = {}
    for button, action in ui.top().choices.items():
        inside = button.rect.inflate(-12, -12)             # not its border and shadow
        drawn.setdefault(SUIT_LETTERS[action.suit], ui.app.screen.subsurface(inside).copy())
    return drawn


@pytest.mark.parametrize("four", [False, True])
def test_the_joker_lead_dialog_shows_suits_in_their_colours_on_light_buttons(ui, four):
    drawn = suit_buttons(ui, four)
    inks = look.PAPER_FOUR if four else look.PAPER_TWO
    for suit, image in drawn.items():
        middle = image.get_at((image.get_width() // 5, image.get_height() // 2))[:3]
        assert min(middle) > 200, "a light face, for dark and coloured suits alike"
        assert has_ink(image, inks[suit])
        others = {inks[other] for other in "SHDC"} - {inks[suit]}
        assert not any(has_ink(image, ink) for ink in others)


def test_the_themes_suit_inks_are_the_cards_inks():
    from game.ui.resources import THEME

    theme = json.loads(THEME.read_text(encoding="utf-8"))
    for ink, name in look.SUIT_INK_NAMES.items():
        colours = theme[f"#suit_{name}"]["colours"]
        assert colours["normal_text"] == "#%02x%02x%02x" % ink
        assert colours["hovered_text"] == colours["normal_text"]
