"""Games plug in whole: a fourth game, for tests only (tests/toygame: three cards each, the
higher card takes the trick), registered in one place through the registry's public function,
plays in the window headless, saves and continues, replays, is recorded in the history with
its own counts and figures, is reviewed and tells its move log — all through the shared code,
which names no game (tests/test_no_game_names.py)."""

from __future__ import annotations

import json

import pytest

import toygame
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.story import Story
from game.core.registry import game_names, get_game, is_game
from game.core.replay import replay_text
from game.core.table import Table
from toygame.engine import DEALS, HAND, Play

SEED = 7


@pytest.fixture(autouse=True)
def toy():
    toygame.register()
    yield
    toygame.unregister()


def test_the_toy_is_registered_only_while_a_test_wants_it():
    assert game_names()[-1] == "toy" and is_game("toy")
    assert get_game("toy").timer_default_s == 20
    toygame.unregister()
    assert not is_game("toy") and "toy" not in game_names()
    toygame.register()


def test_a_game_without_a_window_part_is_not_offered_by_the_window():
    from game.core.registry import register_game, unregister_game
    from game.ui.games import GAMES
    from toygame.engine import TOY

    register_game("bare", TOY)                  # an engine only: replays and sims, no table
    try:
        assert is_game("bare") and "bare" not in GAMES and "bare" not in list(GAMES)
        assert "toy" in GAMES and list(GAMES)[-1] == "toy"
    finally:
        unregister_game("bare")


def test_the_toy_engine_keeps_the_contract_and_replays():
    table = Table.open("toy", ["Uma", "Vic"], {}, seed=SEED)
    state = table.state
    while not state.is_terminal():
        table.deal_if_needed()
        before = state.clone()
        with pytest.raises(Exception) as refused:
            table.apply(Play(0))                 # no such card: refused, nothing changed
        assert refused.value.code == "card_not_in_hand"
        assert state.returns() == before.returns() and state.hands == before.hands
        table.apply(state.legal_actions()[-1])
    assert sum(state.returns()) == DEALS * HAND            # a trick is a point
    code, output = replay_text(json.dumps(table.record))
    assert code == 0 and output["game"] == "toy" and output["totals"] == state.returns()
    assert len(output["deals"]) == DEALS


def play_on(ui, scene, until) -> None:
    """Play the human's moves (the highest card) and move on from every summary."""
    def step():
        if until():
            return True
        top = ui.top()
        if scene.view.acting is not None and top is scene and scene.card_buttons:
            button = max(scene.card_buttons, key=scene.card_buttons.get)
            ui.press(button)
        elif hasattr(top, "next"):
            ui.press(top.next)
        return False
    ui.run_until(step, dt=0.1)


def open_toy(ui):
    from game.controller.settings import ControllerSettings
    from game.ui.games import GAMES, open_table

    spec = GAMES["toy"]
    profile = ui.app.history.ensure_profile("Uma")
    chosen = spec.defaults()
    engine, settings = spec.table_options(chosen)
    assert settings["turn_seconds"] == get_game("toy").timer_default_s     # from its definition
    table = Table.open("toy", list(spec.default_names), engine, seed=SEED)
    open_table(ui.app, table, [SeatConfig("Uma", HUMAN, profile=profile.id),
                               SeatConfig("Vic", AI, "easy")],
               ControllerSettings.from_json(settings))
    return ui.top(), profile


def test_the_toy_plays_saves_continues_and_is_recorded_and_reviewed(ui):
    from game.history.stats import finished_games, profile_figures
    from game.ui.i18n import t
    from game.ui.review_panel import GREY, judgement_lines
    from game.ui.review_screen import ReviewScene
    from toygame.ui import ToyOver, ToyRenderer, ToyReviewBoard, ToyTableScene

    scene, profile = open_toy(ui)
    assert isinstance(scene, ToyTableScene)
    # a deal and a move in: the table's save holds them
    play_on(ui, scene, lambda: len(scene.ctl.table.record["actions"]) >= 3)
    # no coach for a game whose registry entry names no bots' package: no Hint (Undo stays)
    play_on(ui, scene, lambda: scene.view.acting is not None and ui.top() is scene)
    ui.frames(1)
    assert not scene.ctl.coach_allowed and not scene.assists.hint_button.visible
    assert scene.assists.undo_button is not None
    save = scene.ctl.save_path
    saved = json.loads(save.read_text())
    assert saved["game"] == "toy" and len(saved["actions"]) >= 3
    played = len(saved["actions"])
    # the menu, then Continue: the same table comes back through the shared screens
    ui.app.show("menu", reset=True)
    ui.frames(2)
    ui.open_saved(0)
    scene = ui.top()
    assert isinstance(scene, ToyTableScene)
    assert scene.ctl.table.record["actions"][:played] == saved["actions"]
    # the move log open (key L): the toy's story in its words, its cards drawn small
    scene.move_log.toggle()
    ui.frames(2)
    ui.screenshot("toy-table")
    # to the end: the final dialog, the save given to the history
    play_on(ui, scene, lambda: isinstance(ui.top(), ToyOver))
    scene.move_log.follow()
    kinds = [line.kind for line in scene.move_log.lines()]
    assert {"deal", "move", "trick", "deal_end", "game_over"} <= set(kinds)
    assert all(scene.move_log.texts())
    assert ui.app.history.flush() and not ui.app.history.failures
    connection = ui.app.history.read
    figures = profile_figures(connection, profile.id, "toy")
    tricks = sum(1 for line in scene.move_log.lines()
                 if line.kind == "trick" and line.event.winner == 0)
    assert figures.games == 1 and figures.counts["tricks"] == tricks
    assert figures.figures() == {"tricks": tricks, "high_cards": figures.counts["high_cards"]}
    assert [row.game for row in finished_games(connection).rows] == ["toy"]
    assert not save.exists()
    # the review, from the final dialog: the toy's own board draws the recorded deals with its
    # table's renderer
    ui.press(ui.top().review)
    review = ui.top()
    assert isinstance(review, ReviewScene) and review.reviewed.game == "toy"
    ui.frames(5)
    assert isinstance(review.board, ToyReviewBoard)
    assert isinstance(review.board.renderer, ToyRenderer)
    assert review.job is None and not review.judging        # shown, not judged: no coach
    assert (t("review.no_coach"), GREY, False) in judgement_lines(review)
    assert review.board.view.observation.hand == review.positions[0].hands[0]
    ui.screenshot("toy-review")
    # the history's screens show it
    ui.app.show("statistics", "toy")
    ui.frames(3)
    ui.screenshot("toy-statistics")
    ui.app.show("history")
    ui.frames(3)
    assert any(row.game == "toy" for row, _, _ in ui.top().rows)


def test_the_toys_story_is_told_with_its_own_words():
    from game.ui.move_words import line_words

    table = Table.open("toy", ["Uma", "Vic"], {}, seed=SEED)
    while not table.state.is_terminal():
        table.deal_if_needed()
        table.apply(table.state.legal_actions()[0])
    story = Story()
    story.follow(table.record)
    kinds = [line.kind for line in story.lines]
    assert kinds.count("deal") == DEALS and kinds.count("trick") == DEALS * HAND
    assert kinds[-1] == "game_over"
    words = [line_words("toy", line, ["Uma", "Vic"]) for line in story.lines]
    assert all(words) and any("Uma" in text or "Vic" in text for text in words)
    # the key B: the last trick, its two cards and who took it
    assert [line.kind for line in story.previous()] == ["move", "move", "trick"]


def test_the_toy_is_on_the_menu_and_its_setup_starts_a_table(ui):
    from game.ui.setup import SetupScene
    from toygame.ui import ToyTableScene

    ui.app.show("menu", reset=True)
    ui.frames(1)
    menu = ui.top()
    ui.press(next(button for button, key in menu.buttons.items() if key == "toy"))
    setup = ui.top()
    assert isinstance(setup, SetupScene) and len(setup.seats) == 2     # its own two chairs
    ui.screenshot("toy-setup")
    ui.press(setup.start_button)
    scene = ui.top()
    assert isinstance(scene, ToyTableScene)
    assert scene.ctl.table.record["game"] == "toy" and len(scene.ctl.seats) == 2
