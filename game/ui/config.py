"""The player's settings, kept in the user's config directory as JSON.

A damaged or hand-edited file never stops the game: every bad or missing value falls back to its
default, a file that cannot be read at all is set aside (never overwritten), and `load_settings`
says what happened (the menu says it in the player's language).
"""

from __future__ import annotations

import json
import locale
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.bots import TABLE_LEVELS
from game.paths import set_aside

from .look import CARD_BACKS, FELTS

LANGUAGES = ("en", "id", "vi", "ka")
SPEEDS = ("slow", "normal", "fast")
WINDOW_SIZES = ((800, 600), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))

#: name -> (default, check returning True for a good value)
FIELDS: dict[str, tuple[Any, Any]] = {
    "language": ("en", lambda v: v in LANGUAGES),
    "window": ([1280, 720], lambda v: isinstance(v, list) and len(v) == 2 and all(
        isinstance(n, int) and 320 <= n <= 10000 for n in v)),
    "fullscreen": (False, lambda v: isinstance(v, bool)),
    "animation": ("normal", lambda v: v in SPEEDS),
    "sound": (True, lambda v: isinstance(v, bool)),
    "volume": (70, lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100),
    "ai_level": ("normal", lambda v: v in TABLE_LEVELS),
    "timers": (True, lambda v: isinstance(v, bool)),
    "felt": ("green", lambda v: v in FELTS),
    "card_back": ("lattice", lambda v: v in CARD_BACKS),
    "four_colour": (False, lambda v: isinstance(v, bool)),
    "reduced_motion": (False, lambda v: isinstance(v, bool)),
    #: each game's setup as it last started a table (game/ui/setup.py checks what it reads)
    "last_setup": ({}, lambda v: isinstance(v, dict)),
    #: the guided first game was offered (the first start offers it once)
    "guided_offered": (False, lambda v: isinstance(v, bool)),
}


def detect_language() -> str:
    """The system locale's language when it is one of ours (first start), else English."""
    candidates = [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for value in candidates:
        code = value.split(".")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def default_settings() -> dict:
    settings = {name: (type(default)(default) if isinstance(default, (list, dict)) else default)
                for name, (default, _) in FIELDS.items()}
    settings["language"] = detect_language()
    return settings


@dataclass(frozen=True)
class SettingsProblem:
    """What was wrong with the settings file: unreadable (and then set aside, when it could be
    moved), or readable with some bad values, which are back to their defaults."""
    file: Path
    set_aside_as: Path | None = None
    reset: tuple[str, ...] = ()          # the names of the bad values (FIELDS keys)


def load_settings(path: Path) -> tuple[dict, SettingsProblem | None]:
    """The settings, and what was wrong with the file (None when all was well)."""
    settings = default_settings()
    if not path.exists():
        return settings, None
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(stored, dict):
            raise ValueError("not an object")
    except (OSError, UnicodeDecodeError, ValueError):
        # kept for the player to look at: the next save would overwrite it
        return settings, SettingsProblem(path, set_aside_as=set_aside(path))
    bad = []
    for name, (_, check) in FIELDS.items():
        if name in stored:
            if check(stored[name]):
                settings[name] = stored[name]
            else:
                bad.append(name)
    return settings, (SettingsProblem(path, reset=tuple(bad)) if bad else None)


def save_settings(path: Path, settings: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({k: settings[k] for k in FIELDS}, indent=2),
                         encoding="utf-8")
    os.replace(temporary, path)
