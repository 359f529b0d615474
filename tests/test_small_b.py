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
    from game.ui.tienlen import renderer as drawing
    from game.ui.tienlen.dialogs import PaymentScene

    table = ui.open_game("tienlen", [AI] * 4, 7)
    ui.run_until(lambda: isinstance(ui.top(), PaymentScene), dt=0.35)
    shown = {name(card) for row in ui.top().summary().rows
             for card in row.cards_left}
    assert shown, "the losers have cards left"
    ui.press(ui.top().view_table)
    assert ui.top() is table and table.aside.shown
    faces = []
    real = drawing.card_image
    monkeypatch.setattr(drawing, "card_image",
                        lambda card, *a, **k: faces.append(card) or real(card, *a, **k))
    table.draw(ui.app.screen)
    assert shown <= set(faces)


def finished_lesson(ui, game: str):
    """The lesson of `game` played through to its deal's summary (tests/test_guided.py)."""
    from test_guided import open_lesson, play_lesson

    scene = open_lesson(ui, game)
    play_lesson(ui, scene)
    return scene, ui.top()


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_lesson_s_summary_button_says_it_finishes_the_lesson(ui, game):
    """A lesson is one deal: its summary's way on ends the lesson, and says so (not "Next
    deal" or "Next game"); Tiến Lên offers no second way (Leave the table) and names no
    leader of a next game."""
    from game.ui.guided.dialogs import LessonOverScene
    from game.ui.i18n import t

    scene, summary = finished_lesson(ui, game)
    assert summary.next.text == t("guided.finish")
    for language in ("en", "id", "vi", "ka"):           # its words fit it in every language
        set_language(language)
        assert summary.next.font.size(t("guided.finish"))[0] <= summary.next.rect.width - 12
    set_language("en")
    if game == "tienlen":
        assert summary.leave is None
        assert not any(t("tienlen.pay.next_leader", name=name) in summary.notes(
            summary.summary()) for name in scene.names)
    ui.press(summary.next)
    ui.run_until(lambda: isinstance(ui.top(), LessonOverScene))


def test_no_card_of_the_last_trick_shows_under_the_lesson_s_closing_words(ui, monkeypatch):
    """The Joker lesson's last trick lies on the table through its summary; under "Lesson
    complete" the table is clear (no edge of a card above the panel)."""
    from game.joker.cards import card_text
    from game.ui.drawn import recording
    from game.ui.guided.dialogs import LessonOverScene
    from game.ui.joker import renderer as drawing
    from game.ui.scaling import px

    scene, summary = finished_lesson(ui, "joker")
    trick = {card_text(play.card) for play in scene.last_taken.plays}
    faces = []
    real = drawing.card_image
    monkeypatch.setattr(drawing, "card_image",
                        lambda card, *a, **k: faces.append(card) or real(card, *a, **k))
    scene.draw(ui.app.screen)
    assert trick <= set(faces), "the summary's table shows the last trick"
    ui.press(summary.next)
    ui.run_until(lambda: isinstance(ui.top(), LessonOverScene))
    faces.clear()
    scene.draw(ui.app.screen)
    assert not trick & set(faces)
    over = ui.top()                        # and its panel is as tall as its words
    with recording() as drawn:
        over.draw(ui.app.screen)
    words = max(rect.bottom for rect, _ in drawn.texts if over.panel().contains(rect))
    assert 0 < over.real_game.rect.top - words <= px(26 + 12)


@pytest.mark.parametrize("language", ["en", "ka"])
@pytest.mark.parametrize("size", [(800, 600), BIG])
def test_the_lesson_dialogs_hold_no_empty_band(tmp_path, size, language):
    """The first start's lesson offer is as tall as what it holds: its words, the games'
    buttons and No thanks, at most a gap's height apart."""
    from game.controller.table_controller import InlineBotRunner
    from game.ui.app import App
    from game.ui.drawn import recording
    from game.ui.scaling import px

    from ui_driver import DESKTOP

    (tmp_path / "settings.json").write_text(f'{{"language": "{language}"}}', encoding="utf-8")
    app = App(size, data_dir=tmp_path, bot_runner=InlineBotRunner, desktop=DESKTOP,
              offer_lessons=True)
    app.frame(0.0, 1 / 60)
    offer = app.stack.top
    with recording() as drawn:
        offer.draw(app.screen)
    words = max(rect.bottom for rect, _ in drawn.texts)
    games = sorted(button.rect for button in offer.games)
    panel = offer.panel()
    assert 0 < games[0].top - words <= px(24 + 12)         # a line's own room below it
    assert 0 < offer.close.rect.top - games[-1].bottom <= px(24 + 12)
    assert 0 < panel.bottom - offer.close.rect.bottom <= px(24)
    app.quit()


def joker_after_first_pulka():
    """A Joker game's public observation once its first pulka is settled (random bots)."""
    import random

    from ai.bots import make_bot
    from game.core.table import Table
    from game.joker.actions import PulkaResult

    table = Table.open("joker", list("ABCD"), {}, seed=5)
    table.deal_if_needed()
    state = table.state
    bots = {p: make_bot("joker", "random", f"sheet/{p}") for p in range(4)}
    rng = random.Random(5)
    while not any(isinstance(line, PulkaResult) for line in state.observation(0).sheet):
        if state.needs_deal():
            table.deal_if_needed()
            continue
        player = state.current_player()
        legal = state.legal_actions()
        table.apply(bots[player].choose(state.observation(player), legal, 0.01)
                    if rng.random() < 0.9 else legal[-1])
    return state.observation(0)


def test_a_pulka_line_says_it_holds_running_totals():
    """J15/J16: the line under a pulka holds each player's total so far (the deals before it and
    the premiums): it is named so on the sheet, and the sheet's legend says what it is."""
    import pygame

    from game.joker.actions import DealResult, PulkaResult
    from game.ui.drawn import recording
    from game.ui.i18n import t
    from game.ui.joker.sheet import PulkaRow, draw_sheet, sheet_rows

    obs = joker_after_first_pulka()
    line = next(row for row in sheet_rows(obs) if isinstance(row, PulkaRow) and row.subtotals)
    deals = [entry for entry in obs.sheet if isinstance(entry, DealResult)]
    settled = next(entry for entry in obs.sheet if isinstance(entry, PulkaResult))
    assert line.subtotals == tuple(sum(deal.scores[p] for deal in deals) + settled.adjust[p]
                                   for p in range(4)), "a running total"
    with recording() as drawn:
        draw_sheet(pygame.Surface((700, 560)), pygame.Rect(0, 0, 700, 560), obs, list("ABCD"))
    words = [text for _, text in drawn.texts]
    assert t("joker.sheet.pulka_total", pulka=1) in words
    assert "total" in t("joker.sheet.pulka_total", pulka=1)
    from game.ui.joker.dialogs import LEGEND
    assert "joker.sheet.legend.pulka_total" in LEGEND


@pytest.mark.parametrize("language, thousands, fraction", [
    ("en", "1,610", "2.5"), ("id", "1.610", "2,5"), ("vi", "1.610", "2,5"),
    ("ka", "1\u00a0610", "2,5")])
def test_a_figure_is_written_one_way_in_the_player_s_language(language, thousands, fraction):
    from game.ui.i18n import number

    set_language(language)
    assert number(1610) == thousands
    assert number(-1610, signed=True) == "−" + thousands
    assert number(1610, signed=True) == "+" + thousands
    assert number(0, signed=True) == "+0" and number(-35) == "−35"
    assert number(2.5) == fraction and number(1610.0) == thousands


def test_every_screen_with_totals_writes_them_the_same_way():
    """The history's totals, the statistics and the Joker sheet show 1610 as the rest do:
    1,610 in English, 1 610 in Georgian (one function, i18n.number)."""
    import dataclasses
    from types import SimpleNamespace

    import pygame

    from game.history.stats import Figures
    from game.ui.drawn import recording
    from game.ui.history import totals_line
    from game.ui.joker.sheet import draw_sheet
    from game.ui.stats import figure_rows

    obs = dataclasses.replace(joker_after_first_pulka(), totals=(1610, -35, 0, 2000))
    for language, shown in (("en", "1,610"), ("ka", "1\u00a0610")):
        set_language(language)
        assert totals_line(SimpleNamespace(names=["Nino", "Levan"], totals=[1610, -35])) \
            == f"Nino {shown} · Levan −35"
        counts = dict.fromkeys(("games", "first_out", "chops_made", "chops_suffered",
                                "thui_heo"), 0) | {"total": 1610}
        rows = dict(figure_rows(Figures("tienlen", games=1610, counts=counts)))
        assert rows[_t("stats.games")] == rows[_t("stats.gold")] == shown
        with recording() as drawn:
            draw_sheet(pygame.Surface((700, 560)), pygame.Rect(0, 0, 700, 560), obs,
                       list("ABCD"))
        assert shown in [text for _, text in drawn.texts]


def _t(key: str) -> str:
    from game.ui.i18n import t
    return t(key)


def test_no_screen_formats_a_figure_its_own_way():
    """Figures reach the screen through i18n.number: no window file groups thousands or signs
    a score with Python's own format (",", "+d") beside it."""
    import re
    from pathlib import Path

    import game.ui

    own_way = re.compile(r"""\{[^{}]*:\+?,?d?\}|:\+d\}|:,\}|\.replace\(",", " "\)""")
    found = [f"{path.name}: {line.strip()}"
             for path in Path(game.ui.__file__).parent.rglob("*.py") if path.name != "i18n.py"
             for line in path.read_text(encoding="utf-8").splitlines()
             if own_way.search(line) and not line.lstrip().startswith("#")]
    assert not found, found


def test_continue_counts_only_the_saves_that_can_be_opened(tmp_path):
    """Two files in saves/, one of them damaged: the menu says Continue (1), not (2). The
    count sets nothing aside: the Continue list does, and names the file."""
    from game.controller.seats import AI, HUMAN
    from game.ui.i18n import t
    from game.ui.menu import MenuScene

    ui = UiDriver(tmp_path)
    table = ui.open_game("domino", [HUMAN, AI, AI, AI], 3)
    ui.run_until(lambda: table.ctl.save_path is not None and table.ctl.save_path.is_file())
    broken = table.ctl.save_path.with_name("broken.json")
    broken.write_text('{"format": 1, "game": "domino", "deals": [', encoding="utf-8")
    ui.app.show("menu", reset=True)
    ui.frames(2)
    menu = ui.top()
    assert isinstance(menu, MenuScene)

    def continue_labels():
        return [button.text for button, key in menu.buttons.items() if key == "continue"]

    assert continue_labels() == [t("menu.continue", count=1)]
    assert broken.exists(), "counting moves nothing"
    ui.press(next(button for button, key in menu.buttons.items() if key == "continue"))
    assert "broken" in ui.top().message and not broken.exists()
    ui.app.quit()


def test_a_folder_of_only_damaged_saves_still_leads_to_where_they_are_named(tmp_path):
    from game.ui.i18n import t

    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "joker-20261203-100000-1.json").write_text("[", encoding="utf-8")
    ui = UiDriver(tmp_path)
    ui.frames(2)
    assert [button.text for button, key in ui.top().buttons.items() if key == "continue"] \
        == [t("menu.continue", count=0)]
    ui.app.quit()
