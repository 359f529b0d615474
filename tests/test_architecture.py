"""The shape of the house: no import circles in game/ and ai/, the controller and the history
never import each other (the save format is their shared module), the window reaches a table only
through the table door (game/controller/door.py: no engine state, record or controller class),
no file in game/ui over 400 lines nor in game/controller over 250, and the engines never import
pygame."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "ai")
MAX_UI_LINES = 400
#: the table layer's modules: the controller is a phase machine composing parts with one job each
MAX_CONTROLLER_LINES = 250


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for package in PACKAGES
            for path in sorted((ROOT / package).rglob("*.py"))}


def under_type_checking(node: ast.AST, parents: dict) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules `name` imports, anywhere in the file (function-local imports too:
    they hide a circle, they do not break it), except under `if TYPE_CHECKING:`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if under_type_checking(node, parents):
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {target for target in targets if target in known and target != name}
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    done, on_path = set(), []

    def visit(node: str) -> list[str] | None:
        if node in on_path:
            return on_path[on_path.index(node):] + [node]
        if node in done:
            return None
        on_path.append(node)
        for target in sorted(graph[node]):
            cycle = visit(target)
            if cycle:
                return cycle
        on_path.pop()
        done.add(node)
        return None

    for node in sorted(graph):
        cycle = visit(node)
        if cycle:
            return cycle
    return None


def test_the_import_graph_of_game_and_ai_has_no_cycle():
    found = modules()
    known = set(found)
    # a package's __init__ importing its own modules is not a circle of the design
    graph = {name: {target for target in imports_of(name, path, known)
                    if not target.startswith(name + ".")}
             for name, path in found.items()}
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " → ".join(cycle)


def test_the_cycle_finder_finds_a_planted_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def window_trees():
    for path in sorted((ROOT / "game" / "ui").rglob("*.py")):
        yield path.relative_to(ROOT), ast.parse(path.read_text(encoding="utf-8"))


def names_a_controller(node: ast.AST) -> bool:
    """`ctl`, `self.ctl`, `controller`, `scene.table_controller`…: an expression naming one."""
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name in ("ctl", "controller") or name.endswith("_controller")


def test_the_window_reaches_nothing_past_the_door():
    """Table scenes and dialogs draw from the door's `view()` (game/controller/door.py): no
    engine state (`.state`, for tests and the sim), no record (`.record`: the door tells what
    the window needs of it, e.g. `review_record()`, `opening_to_show()`), and no controller's
    `.table`."""
    readers = []
    for path, tree in window_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and (
                    node.attr in ("state", "record")
                    or node.attr == "table" and names_a_controller(node.value)):
                readers.append(f"{path}:{node.lineno} {ast.unparse(node)}")
    assert not readers, f"the window reaches past the table door at {readers}"


def door_classes() -> set[str]:
    """The classes behind the table door: those in game/controller with a `human_action` (the
    door's protocols aside), and their subclasses there."""
    classes = {}
    for path in sorted((ROOT / "game" / "controller").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and "Protocol" not in map(ast.unparse,
                                                                        node.bases):
                classes[node.name] = node       # the door itself is no class behind it
    found = {name for name, node in classes.items()
             if any(isinstance(item, ast.FunctionDef) and item.name == "human_action"
                    for item in node.body)}
    grew = True
    while grew:
        more = {name for name, node in classes.items()
                if any(ast.unparse(base) in found for base in node.bases)} - found
        found |= more
        grew = bool(more)
    return found


def test_the_window_names_no_controller_class():
    """The window annotates with the door (TableDoor) and gets its tables from
    game/controller/factory.py: it never imports or names a class behind the door."""
    classes = door_classes()
    assert {"TableController", "LessonController"} <= classes
    naming = []
    for path, tree in window_trees():
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.Name):
                names = [node.id]
            elif isinstance(node, ast.Attribute):
                names = [node.attr]
            naming += [f"{path}:{node.lineno} {name}" for name in names if name in classes]
    assert not naming, f"the window names a controller class at {naming}"


def test_the_door_checks_find_a_planted_reach():
    planted = ast.parse("self.ctl.table.seed\nscene.table_controller.table\nx.table")
    reaches = [node for node in ast.walk(planted) if isinstance(node, ast.Attribute)
               and node.attr == "table" and names_a_controller(node.value)]
    assert sorted(ast.unparse(node) for node in reaches) == ["scene.table_controller.table",
                                                              "self.ctl.table"]


def test_no_window_file_is_over_400_lines():
    long = {str(path.relative_to(ROOT)): count for path in (ROOT / "game" / "ui").rglob("*.py")
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_UI_LINES}
    assert not long, long


def test_no_controller_file_is_over_250_lines():
    long = {str(path.relative_to(ROOT)): count
            for path in (ROOT / "game" / "controller").rglob("*.py")
            if (count := len(path.read_text(encoding="utf-8").splitlines()))
            > MAX_CONTROLLER_LINES}
    assert not long, long


def test_the_live_table_is_composed_of_its_parts_not_built_on_base_classes():
    """The door (TableController) and the phase machine hold their parts; neither inherits
    behaviour, so each part's job stays in its own class (and a split over files is a part)."""
    from game.controller.phase_machine import PhaseMachine
    from game.controller.seats import AI, SeatConfig
    from game.controller.table_controller import TableController
    from game.core.table import Table

    for cls in (TableController, PhaseMachine):
        assert cls.__mro__ == (cls, object), cls.__mro__
    ctl = TableController(Table.open("domino", list("ABCD"), seed=3),
                          [SeatConfig(name, AI, "random") for name in "ABCD"])
    parts = {"privacy": "hand_privacy", "clock": "clock", "desk": "bot_desk",
             "assists": "assists", "recorder": "recorder"}
    for attribute, module in parts.items():
        part = getattr(ctl, attribute)
        assert type(part).__module__ == f"game.controller.{module}"
        assert getattr(ctl.machine, attribute) is part      # one part, shared by both
    ctl.close()


def test_the_engines_and_bots_never_import_pygame():
    for name, path in modules().items():
        if name.startswith("game.ui"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                    if isinstance(node, ast.Import) for alias in node.names}
        imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom)}
        assert not imported & {"pygame", "pygame_gui"}, f"{name} imports pygame"


def reached_from(package: str, graph: dict[str, set[str]]) -> set[str]:
    """Every project module a module of `package` imports, directly or through others."""
    seen = set()
    todo = [name for name in graph if name == package or name.startswith(package + ".")]
    while todo:
        for target in graph[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def import_graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports_of(name, path, set(found)) for name, path in found.items()}


def test_the_controller_and_the_history_never_import_each_other():
    """They share the save's format (game/save_format.py), not each other's modules: not
    directly, not through a third module."""
    graph = import_graph()
    for package, other in (("game.controller", "game.history"),
                           ("game.history", "game.controller")):
        reached = {name for name in reached_from(package, graph)
                   if name == other or name.startswith(other + ".")}
        assert not reached, f"{package} imports {sorted(reached)}"


def test_the_import_reach_finds_a_planted_import():
    graph = {"a.x": {"c.z"}, "c.z": {"b.y"}, "b.y": set()}
    assert reached_from("a", graph) == {"c.z", "b.y"}
    assert reached_from("b", graph) == set()
