"""The installed environment is the one the product card fixes: pygame-ce, never plain pygame."""

import importlib.metadata
import os
import re
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_pygame_is_pygame_ce():
    import pygame

    assert getattr(pygame, "IS_CE", False), "pygame here is not pygame-ce"


def test_plain_pygame_is_not_installed_beside_pygame_ce():
    distributions = {d.metadata["Name"].lower() for d in importlib.metadata.distributions()}
    assert "pygame-ce" in distributions
    assert "pygame" not in distributions


def test_pyproject_is_the_one_list_of_dependencies():
    """pygame-ce and pygame_gui for the game, the test tools apart, never plain pygame; no
    second list beside it."""
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as file:
        project = tomllib.load(file)["project"]
    pins = dict(re.match(r"([A-Za-z0-9_.-]+)(.*)", line).groups()
                for line in project["dependencies"])
    assert pins["pygame-ce"] == ">=2.5.3,<3"
    assert pins["pygame_gui"].endswith("<0.7")
    assert "pygame" not in pins
    tests = " ".join(project["optional-dependencies"]["test"])
    assert "pytest" in tests and "hypothesis" in tests
    assert project["scripts"] == {"tabletrio": "game.cli:main"}
    assert not os.path.exists(os.path.join(ROOT, "requirements.txt"))


def test_the_installed_version_is_the_package_s():
    from game import __version__

    assert importlib.metadata.version("tabletrio") == __version__
