"""Renderers, not mixins: each game's table is drawn by its renderer (game/ui/<game>/renderer.py),
which the table scene composes and the lessons and the Review screen's board draw with too. A
renderer reads what it is handed (the view, the layout, the timeline and its look), never the
scene, the controller or the window; a table scene has no base class from its game's package,
nor any from the modules of the parts it composes (its assists, tempo, keys, move log…): its
bases are table scenes only; and a review board is not a table scene."""

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
#: the modules of the parts every table scene composes (table_base.py), never its bases
PART_MODULES = {"game.ui.assists", "game.ui.table_pace", "game.ui.table_keys",
                "game.ui.move_log", "game.ui.table_events", "game.ui.summary_aside"}


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


def foreign_bases(scene: type) -> list[str]:
    """The classes `scene` is built on that are not table scenes of game/ui (TableScene, a
    game's table scene) or the guide of a lesson's table (GuidedTable)."""
    from game.ui.guided.guide import GuidedTable
    from game.ui.scene import Scene

    return [base.__qualname__ for base in scene.__mro__[1:]
            if (base not in (object, Scene, GuidedTable)
                and not (issubclass(base, TableScene) and base.__module__.startswith("game.ui.")))
            or base.__module__ in PART_MODULES]


@pytest.mark.parametrize("game", GAMES)
def test_a_table_scene_is_built_on_table_scenes_and_composes_its_parts(game):
    from game.ui.games import GAMES as GAME_UIS

    spec = GAME_UIS[game]
    for scene in (spec.scene_class(), spec.guided_table_class()):
        assert not foreign_bases(scene), f"{scene.__name__} is built on {foreign_bases(scene)}"
    assert not foreign_bases(TableScene)


def test_a_part_mixed_in_as_a_base_is_found():
    from game.ui.table_keys import TableKeys
    from game.ui.table_pace import SeatMarks

    planted = type("Planted", (TableKeys, TableScene), {})
    assert foreign_bases(planted) == ["TableKeys"]
    assert foreign_bases(type("Marked", (SeatMarks, TableScene), {}))[0] == "SeatMarks"


def test_the_parts_of_a_table_are_composed_ones_of_their_kind(ui):
    from game.controller.seats import AI, HUMAN
    from game.ui.assists import TableAssists
    from game.ui.move_log import MoveLog
    from game.ui.summary_aside import SummaryAside
    from game.ui.table_events import TableFeed
    from game.ui.table_keys import TableKeys
    from game.ui.table_pace import SeatMarks, TableTempo

    table = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=5)
    parts = {"assists": TableAssists, "tempo": TableTempo, "marks": SeatMarks,
             "keyboard": TableKeys, "move_log": MoveLog, "feed": TableFeed,
             "aside": SummaryAside}
    assert {name: type(getattr(table, name)) for name in parts} == parts
    timeline = table.timeline
    assert table.tempo.timeline is timeline and table.animations.timeline is timeline
    table.start_afresh()                           # what an Undo does to the scene
    assert table.timeline is timeline, "cleared in place: the parts draw on the table's own"


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
