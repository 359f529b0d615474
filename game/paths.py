"""Where the program keeps the player's files: the saved tables (data) and the settings
(config), and how a damaged one is set aside.

One place for both, so they agree on every platform: platformdirs gives the usual user
directories (XDG on Linux, Application Support on macOS, the roaming AppData on Windows), and an
environment variable overrides each (tests, portable installs).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable

import platformdirs

#: the directory name under the user's data / config directories; existing saves live there
APP_NAME = "three-table-games"


def data_dir() -> Path:
    """The saved tables' directory: $TABLE_GAMES_DATA_DIR, else the user's data directory."""
    return _user_dir("TABLE_GAMES_DATA_DIR", platformdirs.user_data_dir)


def config_dir() -> Path:
    """The settings' directory: $TABLE_GAMES_CONFIG_DIR, else the user's config directory."""
    return _user_dir("TABLE_GAMES_CONFIG_DIR", platformdirs.user_config_dir)


def _user_dir(override_variable: str, platform_dir: Callable[..., str]) -> Path:
    override = os.environ.get(override_variable)
    if override:
        return Path(override)
    # no author level in the path, and roaming on Windows: where earlier versions saved
    return Path(platform_dir(APP_NAME, appauthor=False, roaming=True))


#: what marks a file set aside: `<name>.damaged-<stamp>.json` (`.sqlite3` for the history)
DAMAGED_MARK = ".damaged-"


def set_aside(path: Path) -> Path | None:
    """Move a damaged file out of the way, next to where it was, never deleting it (the player
    may want it back). Returns where it went; None when it is gone or cannot be moved."""
    if not path.exists():
        return None
    stamp = time.strftime('%Y%m%d-%H%M%S')
    suffix = path.suffix or ".json"
    target = path.with_name(f"{path.stem}{DAMAGED_MARK}{stamp}{suffix}")
    number = 1
    while target.exists():              # two in one second: never overwrite an earlier one
        number += 1
        target = path.with_name(f"{path.stem}{DAMAGED_MARK}{stamp}-{number}{suffix}")
    try:
        os.replace(path, target)
    except OSError:                     # a read-only folder: the file stays where it is
        return None
    return target


def is_set_aside(path: Path) -> bool:
    return DAMAGED_MARK in path.name
