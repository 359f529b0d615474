"""Games plug in whole: shared code never names a game. Each game's knowledge lives in its own
packages (game/<game>/, game/ui/<game>/, ai/<game>/, ai/baselines/<game>/) and reaches the shared code through the
one place that registers the games (game/core/registry.py: its definition and its GameUi). A
string that is a game's name, or one of its words keys ("joker.move.deal"), or an import of a
game's package, anywhere else is a fourth game's edit waiting to happen. Docstrings and
comments may name games: they explain."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from game.core.registry import game_names

ROOT = Path(__file__).resolve().parents[1]
#: the one place that lists the games
REGISTERING = {ROOT / "game" / "core" / "registry.py"}


def game_pattern(names) -> re.Pattern:
    return re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, names)) + r")(?![A-Za-z0-9])")


def game_package(path: Path, names) -> bool:
    """A file in a game's own packages: game/<game>/, game/ui/<game>/, ai/<game>/ and its
    frozen baselines, ai/baselines/<game>/."""
    parts = path.relative_to(ROOT).parts
    return (len(parts) > 2 and parts[0] in ("game", "ai") and parts[1] in names
            or len(parts) > 3 and parts[:2] in (("game", "ui"), ("ai", "baselines"))
            and parts[2] in names)


def shared_files(names) -> list[Path]:
    files = [ROOT / "main.py"] + sorted(path for package in ("game", "ai")
                                        for path in (ROOT / package).rglob("*.py"))
    return [path for path in files if path not in REGISTERING and not game_package(path, names)]


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def names_a_game(source: str, names) -> list[str]:
    """Each place in `source` that names a game: a string (not a docstring) holding a game's
    name as a word, or an import of a game's package."""
    pattern, tree = game_pattern(names), ast.parse(source)
    skip, found = docstrings(tree), []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in skip and pattern.search(node.value)):
            found.append(f"line {node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {alias.name}" for alias in node.names
                      if pattern.search(alias.name.replace(".", " "))]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            imported = " ".join([module] + [alias.name for alias in node.names])
            if pattern.search(imported.replace(".", " ")):
                found.append(f"line {node.lineno}: from {module} import …")
    return found


def test_shared_modules_name_no_game():
    names = game_names()
    offenders = {str(path.relative_to(ROOT)): found for path in shared_files(names)
                 if (found := names_a_game(path.read_text(encoding="utf-8"), names))}
    assert not offenders, offenders


def test_the_check_finds_a_game_named_in_shared_code():
    names = ("domino", "tienlen", "joker")
    planted = '''"""A docstring may say domino."""
from game.domino.tiles import tile_text
from .joker import words
import game.tienlen.cards
# a comment may say joker
BOARDS = {"domino": 1}
key = f"joker.move.deal{1}"
'''
    found = names_a_game(planted, names)
    assert [line.split(":")[0] for line in found] == ["line 2", "line 3", "line 4", "line 6",
                                                       "line 7"], found
    assert not names_a_game('TEXT = "a dominoes set"\nfrom .games import GAMES\n', names)
    assert game_package(ROOT / "game" / "ui" / "joker" / "sheet.py", names)
    assert not game_package(ROOT / "game" / "ui" / "move_log.py", names)
