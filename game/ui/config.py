"""The player's settings, kept in the user's config directory as JSON.

A damaged or hand-edited file never stops the game: it is read through the untrusted-input door
(size, depth, numbers, text), every bad or missing value falls back to its default (each check
below is type-safe: a list where a name belongs is only a bad value), a file that cannot be read
at all is set aside (never overwritten), and `load_settings` says what happened (the menu says it
in the player's language). Writing is atomic (paths.write_atomically); a failure is the caller's
to announce, and the settings stay in memory.
"""

from __future__ import annotations

import json
import locale
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.bots import TABLE_LEVELS
from game.core.untrusted import UntrustedInput, read_json
from game.net.discovery import DEFAULT_MODE as DISCOVERY_DEFAULT, MODES as DISCOVERY_MODES
from game.paths import remove_stray_temporaries, set_aside, temporary_of, write_atomically

from .look import CARD_BACKS, FELTS

LANGUAGES = ("en", "id", "vi", "ka")
SPEEDS = ("slow", "normal", "fast")
WINDOW_SIZES = ((800, 600), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
#: a settings file is a few KB (the last setup of three games included)
MAX_SETTINGS_BYTES = 256 * 1024
#: settings → last_setup → game → seats → seat → value
MAX_SETTINGS_DEPTH = 8


def _one_of(values):
    """A check for a name from `values` (text only: `[] in FELTS` would raise)."""
    return lambda v: isinstance(v, str) and v in values


def _whole(low: int, high: int):
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


#: name -> (default, check returning True for a good value)
FIELDS: dict[str, tuple[Any, Any]] = {
    "language": ("en", _one_of(LANGUAGES)),
    "window": ([1280, 720], lambda v: isinstance(v, list) and len(v) == 2 and all(
        map(_whole(320, 10000), v))),
    "fullscreen": (False, lambda v: isinstance(v, bool)),
    "animation": ("normal", _one_of(SPEEDS)),
    "sound": (True, lambda v: isinstance(v, bool)),
    "volume": (70, _whole(0, 100)),
    "ai_level": ("normal", _one_of(TABLE_LEVELS)),
    "timers": (True, lambda v: isinstance(v, bool)),
    "felt": ("green", _one_of(FELTS)),
    "card_back": ("lattice", _one_of(CARD_BACKS)),
    "four_colour": (False, lambda v: isinstance(v, bool)),
    "reduced_motion": (False, lambda v: isinstance(v, bool)),
    #: each game's setup as it last started a table (game/ui/setup.py checks what it reads)
    "last_setup": ({}, lambda v: isinstance(v, dict)),
    #: the guided first game was offered (the first start offers it once)
    "guided_offered": (False, lambda v: isinstance(v, bool)),
    #: where tables nearby are looked for and advertised (game/net/discovery.py; the
    #: environment's TABLE_GAMES_DISCOVERY wins over it)
    "discovery": (DISCOVERY_DEFAULT, _one_of(DISCOVERY_MODES)),
    #: the last table joined: its address, code and profile (game/ui/nearby.py checks each
    #: part as it reads it)
    "last_join": ({}, lambda v: isinstance(v, dict)),
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
    moved), or readable with some bad values, which are back to their defaults. `code` says
    why it could not be read: the untrusted-input door's code, or "unreadable" (the system
    refused to read it, or it is a folder)."""
    file: Path
    set_aside_as: Path | None = None
    reset: tuple[str, ...] = ()          # the names of the bad values (FIELDS keys)
    code: str | None = None


def load_settings(path: Path) -> tuple[dict, SettingsProblem | None]:
    """The settings, and what was wrong with the file (None when all was well)."""
    settings = default_settings()
    if not path.exists():
        return settings, None
    try:
        stored = read_json(path, MAX_SETTINGS_BYTES, MAX_SETTINGS_DEPTH)
        if not isinstance(stored, dict):
            raise UntrustedInput("the settings must be a JSON object", code="wrong_type")
    except (OSError, UntrustedInput) as error:
        # kept for the player to look at: the next save would overwrite it
        return settings, SettingsProblem(path, set_aside_as=set_aside(path),
                                         code=getattr(error, "code", "unreadable"))
    bad = []
    for name, (_, check) in FIELDS.items():
        if name in stored:
            if check(stored[name]):
                settings[name] = stored[name]
            else:
                bad.append(name)
    return settings, (SettingsProblem(path, reset=tuple(bad)) if bad else None)


def save_settings(path: Path, settings: dict) -> None:
    """Atomic, like a save; raises one of paths.WRITE_ERRORS (nothing is left half-written)."""
    write_atomically(path, [json.dumps({k: settings[k] for k in FIELDS}, indent=2,
                                       ensure_ascii=False)])


def remove_stray_temporary(path: Path) -> list[Path]:
    """The settings' own `.tmp`, when a kill left it (at start)."""
    return remove_stray_temporaries(path.parent, stems=[temporary_of(path).stem])
