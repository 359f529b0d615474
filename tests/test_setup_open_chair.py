"""The setup's Open chair (game/ui/setup.py): its menu says what it is — who plays the chair
while the friend is away ("If away: easy AI", "If away: wait") — whole, in every language, at
800x600 and 1280x720, and the choice read back is the seat's fallback."""

from __future__ import annotations

import warnings

import pytest

from ai.bots import TABLE_LEVELS
from game.controller.seats import REMOTE, WAIT, SeatConfig
from game.ui.config import LANGUAGES
from game.ui.focus import step_drop_down
from game.ui.i18n import set_language, t
from game.ui.setup import FALLBACKS, SetupScene, fallback_words


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_open_chairs_menu_says_if_away_whole_in_every_language(tmp_path, size):
    from ui_driver import UiDriver

    ui = UiDriver(tmp_path, size)
    try:
        for language in LANGUAGES:
            set_language(language)
            words = fallback_words()
            assert words[-1] == t("hostplay.away.wait")
            assert all(t(f"setup.level.{level}") in word
                       for level, word in zip(TABLE_LEVELS, words))
            setup = SetupScene(ui.app, "joker")
            setup.seats[1] = SeatConfig("B", REMOTE, WAIT)
            setup.seats[3] = SeatConfig("D", REMOTE, "normal")
            with warnings.catch_warnings():
                warnings.filterwarnings("error", "Label Rect is too small")
                ui.app.stack.push(setup)
                ui.frames(2)
            if language in ("en", "ka"):
                ui.screenshot(f"setup_open_chair_{language}_{size[0]}")
            panel = setup.panel_rect()
            for chair in (1, 3):
                menu = setup.rows[chair]["level"]
                assert panel.contains(menu.rect)
                shown = menu.current_state.selected_option_button
                for word in words:                  # each choice fits the menu, uncut
                    assert shown.font.size(word)[0] <= shown.rect.width - 4, (language, word)
            assert setup.rows[1]["level"].selected_option[0] == words[-1]
            assert setup.rows[3]["level"].selected_option[0] == words[1]
            ui.app.stack.pop()
    finally:
        set_language("en")
        ui.app.quit()


def test_the_open_chairs_choice_is_the_seats_fallback(ui):
    setup = SetupScene(ui.app, "tienlen")
    setup.seats[1] = SeatConfig("B", REMOTE, "easy")
    ui.app.stack.push(setup)
    ui.frames(2)
    seen = []
    for _ in FALLBACKS:
        step_drop_down(setup, setup.rows[1]["level"], 1)
        ui.frames(1)
        seen.append(setup.seats[1].level)
        assert setup.seats[1].kind == REMOTE
    assert sorted(seen) == sorted(FALLBACKS)              # every level, and wait
