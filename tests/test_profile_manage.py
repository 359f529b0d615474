"""Profiles renamed and deleted (History.rename_profile / delete_profile, the Profiles screen from
Statistics): a renamed profile keeps its id, games and figures, the games' seats keep the name
they were played under; a deleted one asks first, its games stay in the history as a guest's
(their seats no longer name a profile); the last profile stays; a name is checked at the door."""

from __future__ import annotations

import pytest

from game.controller.seats import HUMAN, SeatConfig
from game.history.stats import finished_games, profile_figures
from game.history.store import History, ProfileRefused
from game.ui.confirm import ConfirmScene
from game.ui.i18n import set_language, t
from game.ui.profiles import ProfilesScene, RenameProfileScene
from game.ui.stats import StatisticsScene
from history_helpers import play_game


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def names(history) -> list[str]:
    return [profile.name for profile in history.profiles()]


def played_by(history, name: str, seed: int = 1):
    """A profile named `name` that finished one domino game (seat 0)."""
    profile = history.create_profile(name)
    play_game("domino", seed, history, SeatConfig(name, HUMAN, "normal", profile.id))
    assert history.flush()
    return profile


# --- the history ---------------------------------------------------------------------------

def test_a_renamed_profile_keeps_its_id_games_and_figures(tmp_path):
    history = History(tmp_path)
    ani = played_by(history, "Ani")
    renamed = history.rename_profile(ani.id, "  Ani Lestari ")
    assert renamed.id == ani.id and renamed.name == "Ani Lestari"
    assert renamed.avatar["initials"] == "AL"
    assert history.flush()
    assert [(p.id, p.name) for p in history.profiles()] == [(ani.id, "Ani Lestari")]
    assert history.games_of_profile(ani.id) == 1
    assert profile_figures(history.read, ani.id, "domino").games == 1
    rows = finished_games(history.read).rows
    assert rows[0].names[0] == "Ani", "a game played keeps the name it was played under"
    history.close()
    again = History(tmp_path)
    assert names(again) == ["Ani Lestari"]
    again.close()


@pytest.mark.parametrize("name, code", [
    ("", "bad_name"), ("   ", "bad_name"), ("x" * 17, "bad_name"), ("Ani\nBudi", "bad_name"),
    ("bell\x07", "bad_name"), ("\ud800", "bad_name"), (None, "bad_name"), (16, "bad_name"),
    ("budi", "taken"), ("BUDI", "taken")])
def test_a_name_is_checked_before_anything_changes(tmp_path, name, code):
    history = History(tmp_path)
    ani, budi = history.create_profile("Ani"), history.create_profile("Budi")
    with pytest.raises(ProfileRefused) as refused:
        history.rename_profile(ani.id, name)
    assert refused.value.code == code
    assert history.flush() and names(history) == ["Ani", "Budi"]
    history.rename_profile(budi.id, "budi")             # its own name, in other letters
    history.rename_profile(ani.id, "x" * History.NAME_MAX)
    history.rename_profile(ani.id, "ნინო")
    assert history.flush() and names(history) == ["ნინო", "budi"]
    history.close()


def test_a_deleted_profile_s_games_stay_as_a_guest_s(tmp_path):
    history = History(tmp_path)
    ani = played_by(history, "Ani", seed=1)
    budi = played_by(history, "Budi", seed=2)
    history.delete_profile(ani.id)
    assert history.flush()
    assert names(history) == ["Budi"]
    page = finished_games(history.read)
    rows, count = page.rows, page.count
    assert count == 2 and sorted(row.names[0] for row in rows) == ["Ani", "Budi"]
    seats = list(history.read.execute("SELECT name, profile FROM seats WHERE seat = 0 "
                                      "ORDER BY name"))
    assert seats == [("Ani", None), ("Budi", budi.id)]
    assert profile_figures(history.read, ani.id, "domino").games == 0
    assert history.games_of_profile(budi.id) == 1
    history.close()


def test_the_last_profile_cannot_be_deleted_and_an_unknown_one_is_refused(tmp_path):
    history = History(tmp_path)
    only = history.create_profile("Ani")
    with pytest.raises(ProfileRefused) as refused:
        history.delete_profile(only.id)
    assert refused.value.code == "last"
    for change in (lambda: history.delete_profile("nobody"),
                   lambda: history.rename_profile("nobody", "Budi")):
        with pytest.raises(ProfileRefused) as refused:
            change()
        assert refused.value.code == "unknown"
    assert history.flush() and names(history) == ["Ani"]
    history.close()


def test_a_profile_not_written_yet_is_renamed_or_deleted_in_order(tmp_path):
    """The changes go through the writer's queue after the profile's creation."""
    history = History(tmp_path)
    history.create_profile("Ani")
    budi, citra = history.create_profile("Budi"), history.create_profile("Citra")
    history.rename_profile(budi.id, "Budi Santoso")
    history.delete_profile(citra.id)
    assert names(history)[:2] == ["Ani", "Budi Santoso"]
    assert history.flush() and not history.failures
    assert names(history) == ["Ani", "Budi Santoso"]
    history.close()


# --- the window ----------------------------------------------------------------------------

def open_profiles(ui) -> ProfilesScene:
    ui.app.show("menu", reset=True)
    ui.press(next(button for button, key in ui.top().buttons.items() if key == "statistics"))
    stats = ui.top()
    assert isinstance(stats, StatisticsScene)
    ui.press(stats.profiles_button)
    assert isinstance(ui.top(), ProfilesScene)
    return ui.top()


def row_button(scene: ProfilesScene, what: str, name: str):
    return next(button for button, (kind, profile) in scene.rows.items()
                if kind == what and profile.name == name)


def test_rename_from_statistics_shows_at_once_and_the_setup_follows(ui):
    history = ui.app.history
    player = history.profiles()[0]
    play_game("domino", 1, history, SeatConfig(player.name, HUMAN, "normal", player.id))
    ui.app.settings["last_setup"]["domino"] = {
        "seats": [SeatConfig(player.name, HUMAN, "normal", player.id).to_json()]
        + [SeatConfig(name, "ai", "normal").to_json() for name in ("Budi", "Citra", "Dewi")],
        "options": {}}
    scene = open_profiles(ui)
    ui.press(row_button(scene, "rename", player.name))
    dialog = ui.top()
    assert isinstance(dialog, RenameProfileScene) and dialog.entry.get_text() == player.name
    dialog.entry.set_text("Nino")
    ui.press(dialog.save)
    assert ui.top() is scene
    assert [p.name for p in scene.profiles()] == ["Nino"]
    ui.press(scene.back)
    stats = ui.top()
    assert isinstance(stats, StatisticsScene) and stats.profile.name == "Nino"
    assert stats.profile.id == player.id and stats.figures.games == 1
    assert ui.app.settings["last_setup"]["domino"]["seats"][0]["name"] == "Nino"
    setup = ui.app.show("setup", "domino")
    assert setup.seats[0].name == "Nino" and setup.seats[0].profile == player.id


def test_a_refused_name_is_said_in_the_players_language_and_changes_nothing(ui):
    ui.app.settings["language"] = "vi"
    ui.app.apply_settings()
    ui.app.history.create_profile("Bình")
    scene = open_profiles(ui)
    ui.press(row_button(scene, "rename", "Bình"))
    dialog = ui.top()
    dialog.entry.set_text(ui.app.history.profiles()[0].name.upper())    # "PLAYER"
    ui.press(dialog.save)
    assert ui.top() is dialog and dialog.refusal == t("profiles.refused.taken")
    assert dialog.refusal == "Một hồ sơ khác đã dùng tên này."
    dialog.entry.set_text("   ")
    ui.press(dialog.save)
    assert dialog.refusal == t("profiles.refused.bad_name", most=History.NAME_MAX)
    ui.press(dialog.cancel)
    assert ui.app.history.flush() and "Bình" in names(ui.app.history)


def test_delete_asks_first_and_keeps_the_games(ui):
    history = ui.app.history
    ani = history.create_profile("Ani")
    play_game("domino", 1, history, SeatConfig("Ani", HUMAN, "normal", ani.id))
    assert history.flush()
    ui.app.settings["last_setup"]["joker"] = {
        "seats": [SeatConfig("Ani", HUMAN, "normal", ani.id).to_json()]
        + [SeatConfig(name, "ai", "normal").to_json() for name in ("Giorgi", "Tamar", "Levan")],
        "options": {"game_type": "nines"}}
    scene = open_profiles(ui)
    ui.press(row_button(scene, "delete", "Ani"))
    question = ui.top()
    assert isinstance(question, ConfirmScene)
    assert question.question == t("profiles.delete_question", name="Ani",
                                  games=t("profiles.games_one"))
    ui.press(question.cancel_button)
    assert ui.top() is scene and "Ani" in names(history)
    ui.press(row_button(scene, "delete", "Ani"))
    ui.press(ui.top().do_button)
    assert ui.top() is scene and "Ani" not in [p.name for p in scene.profiles()]
    assert scene.message == (t("profiles.deleted", name="Ani"), scene.message[1])
    assert history.flush() and "Ani" not in names(history)
    assert finished_games(history.read).count == 1, "the game stays in the history"
    remembered = ui.app.settings["last_setup"]["joker"]
    assert "seats" not in remembered and remembered["options"] == {"game_type": "nines"}
    ui.press(scene.back)
    assert "Ani" not in [p.name for p in ui.top().profiles]


def test_the_last_profile_s_delete_is_off_and_says_why(ui):
    from game.ui.drawn import recording

    scene = open_profiles(ui)
    only = ui.app.history.profiles()
    assert len(only) == 1
    assert not row_button(scene, "delete", only[0].name).is_enabled
    assert row_button(scene, "rename", only[0].name).is_enabled
    with recording() as drawn:
        scene.draw(ui.app.screen)
    assert t("profiles.refused.last") in [text for _, text in drawn.texts]


def test_many_profiles_are_paged(ui):
    for number in range(1, 15):
        ui.app.history.create_profile(f"P{number}")
    scene = open_profiles(ui)
    first_page = [profile.name for _, profile in scene.rows.values()]
    assert scene.later is not None and scene.later.is_enabled and not scene.earlier.is_enabled
    ui.press(scene.later)
    second_page = [profile.name for _, profile in scene.rows.values()]
    assert second_page and not set(first_page) & set(second_page)


def test_the_profiles_screen_its_rename_dialog_and_its_question_fit(ui):
    """At every size and in every language (tests/text_fit.py), with long names, a refusal
    and a one-line message."""
    from text_fit import check_everywhere

    for name in ("Giorgi Beridze 1", "ნინო ბერიძე", "Nguyễn Thị Bình"):
        ui.app.history.create_profile(name)
    scene = open_profiles(ui)
    scene.message = (t("profiles.renamed", old="Giorgi Beridze 1", name="ნინო ბერიძე"), None)

    def said_again():                   # the words follow the language
        scene.message = (t("profiles.renamed", old="Giorgi Beridze 1", name="ნინო ბერიძე"),
                         (255, 255, 255))

    found = check_everywhere(ui, "profiles", prepare=said_again)
    ui.press(row_button(scene, "rename", "ნინო ბერიძე"))
    dialog = ui.top()

    def refused():
        dialog.refusal = t("profiles.refused.bad_name", most=History.NAME_MAX)

    found += check_everywhere(ui, "rename", prepare=refused)
    ui.press(dialog.cancel)
    scene.ask_delete(next(p for p in scene.profiles() if p.name == "Nguyễn Thị Bình"))
    found += check_everywhere(ui, "delete question")
    assert not found, "\n".join(found[:40])
