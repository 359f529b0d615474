"""Where the program keeps the player's files: the saved tables (data) and the settings
(config), and how a damaged one is set aside.

One place for both, so they agree on every platform: platformdirs gives the usual user
directories (XDG on Linux, Application Support on macOS, the roaming AppData on Windows), and an
environment variable overrides each (tests, portable installs).
"""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path
from typing import Callable, Iterable

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


#: what writing one of our files can raise: the system's refusals (a read-only folder, a full
#: disk, a folder where the file should be) and text that UTF-8 cannot hold (a lone surrogate)
WRITE_ERRORS = (OSError, UnicodeError)
#: the suffix of a file being written; `<name>.tmp` next to `<name>.json`
TEMPORARY_SUFFIX = ".tmp"
#: a `.tmp` younger than this may be another window's write in progress: it is left alone
STRAY_AFTER_S = 60.0


def temporary_of(path: Path) -> Path:
    return path.with_suffix(TEMPORARY_SUFFIX)


def write_atomically(path: Path, pieces: Iterable[str]) -> None:
    """Write `pieces` (the file's text, in order) to `path`, whole or not at all: into
    `<name>.tmp`, flushed and synced to the disk, then renamed over `path` (a kill leaves the
    old file or the new one). On failure the temporary file is removed and the error (one of
    WRITE_ERRORS) raised; `path` is then as it was."""
    temporary = temporary_of(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "w", encoding="utf-8") as file:
            for piece in pieces:             # never the whole text at once
                file.write(piece)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        _remove_file(temporary)
        raise


def _remove_file(path: Path) -> None:
    """Remove our own regular file if it is there (never a folder, never a link's target)."""
    try:
        if path.is_file() and not path.is_symlink():
            path.unlink()
    except OSError:
        pass


def remove_stray_temporaries(folder: Path, stems: Iterable[str] | None = None,
                             now: float | None = None) -> list[Path]:
    """The `.tmp` files a killed write left in `folder` (ours only: regular files named
    `<stem>.tmp`, any stem when `stems` is None, older than STRAY_AFTER_S). A `.tmp` is never a
    save: a write counts only once it is renamed. Returns the files removed."""
    now = time.time() if now is None else now
    wanted = None if stems is None else set(stems)
    removed = []
    try:
        candidates = sorted(folder.glob(f"*{TEMPORARY_SUFFIX}"))
    except OSError:
        return removed
    for path in candidates:
        if wanted is not None and path.stem not in wanted:
            continue
        try:
            if (path.is_symlink() or not path.is_file()
                    or abs(now - path.stat().st_mtime) < STRAY_AFTER_S):
                continue
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def write_failure(error: BaseException) -> str:
    """Why a file could not be written, as a word the window translates (never the system's
    own English message): "full", "denied", "bad_text" (a name UTF-8 cannot hold) or
    "other"."""
    if isinstance(error, UnicodeError):
        return "bad_text"
    number = getattr(error, "errno", None)
    if number in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return "full"
    if number in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "denied"
    return "other"
