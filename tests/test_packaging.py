"""The program as players get it: the `tabletrio` command's version and window check, and the
wheel installed in a fresh venv, started from another folder (packaging/install_smoke.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__

ROOT = Path(__file__).resolve().parents[1]


def run(args: list[str], folder: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   "TABLE_GAMES_DATA_DIR": str(folder / "data"),
                   "TABLE_GAMES_CONFIG_DIR": str(folder / "config")}
    return subprocess.run([sys.executable, *args], cwd=folder, env=environment,
                          capture_output=True, text=True, timeout=timeout)


def test_version_is_the_package_s(tmp_path):
    done = run([str(ROOT / "main.py"), "--version"], tmp_path)
    assert done.returncode == 0 and done.stdout.split() == ["tabletrio", __version__]


def test_the_window_opens_and_draws_the_menu_from_another_folder(tmp_path):
    """The assets (fonts, words, theme, icon) are found through the package, not the working
    directory: the Georgian menu draws from a folder that is not the checkout."""
    done = run([str(ROOT / "main.py"), "window-check", "--language", "ka"], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().startswith("window ok") and "MenuScene" in done.stdout
    assert "pygame-ce" not in done.stdout                  # no banner in the player's terminal


@pytest.mark.slow
def test_the_wheel_installed_in_a_fresh_venv_starts_and_plays(tmp_path):
    """pip wheel, a new venv, pip install the wheel, then the installed `tabletrio`: --version,
    a sim game, a replay and the window, from a temporary folder (no checkout on its path)."""
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "install_smoke.py")],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    checks = [line for line in done.stdout.splitlines() if line[:4] in ("ok  ", "FAIL")]
    assert len(checks) == 5 and all(line.startswith("ok") for line in checks), checks


def test_the_about_box_shows_the_version_and_closes_with_escape(ui, monkeypatch):
    import pygame

    import game.ui.about as about
    from game.ui.i18n import t

    said: list[str] = []
    real = about.draw_text
    monkeypatch.setattr(about, "draw_text", lambda surface, text, *rest, **named: said.append(
        text) or real(surface, text, *rest, **named))
    menu = ui.top()
    ui.press(next(button for button, key in menu.buttons.items() if key == "about"))
    box = ui.top()
    assert isinstance(box, about.AboutScene)
    ui.frames(2)
    assert t("about.version", version=__version__) in said
    assert any("MIT" in line for line in box.lines) and any("DejaVu" in line for line in box.lines)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    ui.frames(2)
    assert ui.top() is menu


def test_tests_and_benchmarks_use_the_installed_package():
    """No test edits sys.path to find the project, and no benchmark imports a test: both run
    against the package as installed (tienlen_identity.py alone puts a checkout it compares first)."""
    edits = [path.name for path in sorted((ROOT / "tests").glob("*.py"))
             + sorted((ROOT / "benchmarks").glob("*.py"))
             if "sys.path.insert" in path.read_text(encoding="utf-8")
             and path.name not in ("tienlen_identity.py", "test_packaging.py")]
    assert edits == []
    importing = [path.name for path in sorted((ROOT / "benchmarks").glob("*.py"))
                 if "from tests" in path.read_text(encoding="utf-8")
                 or "import tests" in path.read_text(encoding="utf-8")
                 or "ui_driver" in path.read_text(encoding="utf-8")]
    assert importing == []
