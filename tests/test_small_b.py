"""Smaller things players noticed at the tables and around them, each with its test: arrows
that grow with the window, View table after a game, doubles across a vertical run, the lesson's
last button, pulka totals named, one number format, the Continue count, the lesson dialogs."""

from __future__ import annotations

import pytest

from game.ui.i18n import set_language

from ui_driver import UiDriver

BIG = (2560, 1440)          # twice the 1280×720 design


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def test_drop_down_and_slider_arrows_grow_with_the_window(tmp_path):
    from game.ui.settings import SettingsScene
    from game.ui.setup import SetupScene

    ui = UiDriver(tmp_path, size=BIG)
    ui.app.stack.push(SetupScene(ui.app, "domino"))
    ui.frames(2)
    arrow = ui.top().preset_menu.current_state.open_button
    assert arrow.rect.width == 40                        # 20 design pixels, twice
    assert arrow.font.point_size >= 2 * 14 - 1           # the ▼ as big as the words' scale
    ui.app.stack.push(SettingsScene(ui.app))
    ui.frames(2)
    slider = ui.top().volume
    assert slider.left_button.rect.width == slider.right_button.rect.width == 40
    assert slider.sliding_button.rect.width == 40
    assert slider.left_button.font.point_size >= 2 * 14 - 1
    ui.app.quit()


def test_view_table_after_a_tien_len_game_shows_the_hands_the_payment_table_shows(ui,
                                                                                    monkeypatch):
    """T13: the payment table shows every loser's cards left; View table shows the same cards
    face up at the seats (an all-AI table: the bottom hand too), not their backs."""
    from game.controller.seats import AI
    from game.tienlen.cards import name
    from game.ui.tienlen import drawing
    from game.ui.tienlen.dialogs import PaymentScene

    table = ui.open_game("tienlen", [AI] * 4, 7)
    ui.run_until(lambda: isinstance(ui.top(), PaymentScene), dt=0.35)
    shown = {name(card) for row in ui.top().summary().rows
             for card in row.cards_left}
    assert shown, "the losers have cards left"
    ui.press(ui.top().view_table)
    assert ui.top() is table and table.viewing_table
    faces = []
    real = drawing.card_image
    monkeypatch.setattr(drawing, "card_image",
                        lambda card, *a, **k: faces.append(card) or real(card, *a, **k))
    table.draw(ui.app.screen)
    assert shown <= set(faces)
