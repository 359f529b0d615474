"""Renderers, not mixins: each game's table is drawn by its renderer (game/ui/<game>/renderer.py),
which the table scene composes and the lessons and the Review screen's board draw with too. A
renderer reads what it is handed (the view, the layout, the timeline and its look), never the
scene, the controller or the window; a table scene has no base class from its game's package,
and a review board is not a table scene."""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path

import pytest

from game.ui.table_base import TableScene
from game.ui.table_renderer import TableLook, TableRenderer

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("domino", "tienlen", "joker")
CASES = ROOT / "tests" / "data" / "review"
PLANTED = {"domino": "domino_skip_apollo", "tienlen": "tienlen_pass_out",
           "joker": "joker_overtake"}
#: the files that draw a table (what a renderer is made of)
DRAWING_FILES = (["game/ui/table_renderer.py"]
                 + [f"game/ui/{game}/renderer.py" for game in GAMES]
                 + ["game/ui/joker/animation.py", "game/ui/joker/indicator.py"])
#: what a scene has and a renderer must never reach for
SCENE_MEMBERS = {"ctl", "app", "log", "stack", "widgets"}


def table_scene_classes(game: str) -> list[type]:
    module = importlib.import_module(f"game.ui.{game}.table_scene")
    return [value for value in vars(module).values() if isinstance(value, type)
            and issubclass(value, TableScene) and value.__module__ == module.__name__]


@pytest.mark.parametrize("game", GAMES)
def test_no_table_scene_mixes_in_a_class_of_its_game(game):
    """The game's drawing, animations and panels are parts the scene composes, not bases."""
    scenes = table_scene_classes(game)
    assert scenes, f"game/ui/{game}/table_scene.py has a table scene"
    for scene in scenes:
        mixed = [base.__qualname__ for base in scene.__mro__[1:]
                 if base.__module__.startswith(f"game.ui.{game}.")]
        assert not mixed, f"{scene.__name__} is built on {mixed}"
        assert scene.make_renderer is not TableScene.make_renderer, "it names its renderer"


def test_no_review_board_is_a_table_scene():
    from game.ui.games import GAMES, imported
    from game.ui.review_board import StillBoard

    found = [imported(GAMES[game].review_board) for game in GAMES]
    assert {board.__name__ for board in found} >= {"DominoReviewBoard", "TienLenReviewBoard",
                                                     "JokerReviewBoard"}
    assert all(issubclass(board, StillBoard) for board in found)
    assert not [board for board in found if issubclass(board, TableScene)]


@pytest.mark.parametrize("path", DRAWING_FILES)
def test_a_renderer_never_reaches_for_the_scene_the_controller_or_the_window(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    reached = sorted({f"{node.attr}:{node.lineno}" for node in ast.walk(tree)
                      if isinstance(node, ast.Attribute) and node.attr in SCENE_MEMBERS})
    assert not reached, f"{path} reads {reached}"


def test_a_look_is_read_only():
    look = TableLook(names=("A", "B"), now=0.0)
    with pytest.raises(AttributeError):
        look.now = 1.0                                   # frozen: a renderer cannot change it


@pytest.mark.parametrize("game", GAMES)
def test_the_table_the_lesson_and_the_review_draw_with_the_same_renderer(ui, game):
    from game.controller.seats import AI, HUMAN

    table = ui.open_game(game, [HUMAN, AI, AI, AI], seed=5)
    ui.frames(2)
    kind = type(table.renderer)
    assert issubclass(kind, TableRenderer) and kind is not TableRenderer
    assert kind.__module__ == f"game.ui.{game}.renderer"
    lesson = ui.app.show("lesson", game)
    ui.frames(2)
    assert type(lesson.renderer) is kind
    data = json.loads((CASES / f"{PLANTED[game]}.json").read_text(encoding="utf-8"))
    review = ui.app.show("review", data)
    ui.frames(2)
    assert type(review.board.renderer) is kind
    assert review.board.renderer.avatar_rects, "the board drew the seats with it"
    if review.job is not None:
        review.job.cancel()
        review.job.wait(60)
