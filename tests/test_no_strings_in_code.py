"""Every visible string goes through t(): no text literal is drawn or put on a widget directly."""

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "game" / "ui"
#: calls that put text on screen, and the position of their text argument
TEXT_CALLS = {"draw_text": 1, "UIButton": 1, "UILabel": 1, "UITextBox": 0, "set_text": 0,
              "say": 0, "text_image": 0}


def visible_literals(tree: ast.AST):
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in TEXT_CALLS or len(node.args) <= TEXT_CALLS[name]:
            continue
        argument = node.args[TEXT_CALLS[name]]
        parts = [argument] if isinstance(argument, ast.Constant) else (
            [v for v in argument.values if isinstance(v, ast.Constant)]
            if isinstance(argument, ast.JoinedStr) else [])
        for part in parts:
            if isinstance(part.value, str) and any(c.isalpha() for c in part.value):
                yield node.lineno, part.value


def test_no_visible_text_literal_in_the_ui_code():
    found = []
    for path in sorted(UI.rglob("*.py")):
        for line, text in visible_literals(ast.parse(path.read_text(encoding="utf-8"))):
            found.append(f"{path.relative_to(UI)}:{line}: {text!r}")
    assert not found, "text shown without t():\n" + "\n".join(found)


def test_the_check_sees_literals_and_lets_translated_and_symbol_text_pass():
    sample = ast.parse('draw_text(s, "Hello", p)\nUIButton(r, f"Pass {n}", m)\n'
                       'draw_text(s, t("menu.quit"), p)\ndraw_text(s, f"{a:+d}", p)\n'
                       'self.say("★")\n')
    assert [text for _, text in visible_literals(sample)] == ["Hello", "Pass "]
