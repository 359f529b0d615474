"""Where the program keeps the player's files: the autosave (data) and the settings (config).

One place for both, so they agree on every platform: platformdirs gives the usual user
directories (XDG on Linux, Application Support on macOS, the roaming AppData on Windows), and an
environment variable overrides each (tests, portable installs).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import platformdirs

#: the directory name under the user's data / config directories; existing saves live there
APP_NAME = "three-table-games"


def data_dir() -> Path:
    """The autosave's directory: $TABLE_GAMES_DATA_DIR, else the user's data directory."""
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
