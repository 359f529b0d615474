"""The installed environment is the one the product card fixes: pygame-ce, never plain pygame."""

import importlib.metadata
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_pygame_is_pygame_ce():
    import pygame

    assert getattr(pygame, "IS_CE", False), "pygame here is not pygame-ce"


def test_plain_pygame_is_not_installed_beside_pygame_ce():
    distributions = {d.metadata["Name"].lower() for d in importlib.metadata.distributions()}
    assert "pygame-ce" in distributions
    assert "pygame" not in distributions


def test_requirements_pin_the_fixed_packages_in_one_place():
    text = open(os.path.join(ROOT, "requirements.txt"), encoding="utf-8").read()
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)(\S*)", text, re.MULTILINE))
    assert pins["pygame-ce"] == ">=2.5.3,<3"
    assert pins["pygame_gui"].endswith("<0.7")
    assert "pytest" in pins and "hypothesis" in pins
    assert "pygame" not in pins
