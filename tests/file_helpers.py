"""Trouble on the file system, made for tests: a read-only folder (also when the tests run as
root, who may write anywhere: the system's refusal is then given at the same door), and a
`.tmp` left by a write killed a while ago."""

from __future__ import annotations

import builtins
import errno
import os
import time
from pathlib import Path

import pytest

WRITING = set("wax+")


def read_only(folder: Path, monkeypatch) -> None:
    """`folder` refuses new files, renames and removals in it, as a read-only folder does."""
    folder.chmod(0o555)
    if os.geteuid() != 0:
        return
    real_open, real_replace, real_mkdir = builtins.open, os.replace, os.mkdir
    real_unlink = os.unlink

    def refused(path) -> OSError:
        return PermissionError(errno.EACCES, "Permission denied", str(path))

    def inside(path) -> bool:
        return isinstance(path, (str, os.PathLike)) and Path(path).parent == folder

    def guarded_open(file, mode="r", *args, **kwargs):
        if inside(file) and WRITING & set(mode):
            raise refused(file)
        return real_open(file, mode, *args, **kwargs)

    def guarded_replace(source, target, *args, **kwargs):
        if inside(source) or inside(target):
            raise refused(target)
        return real_replace(source, target, *args, **kwargs)

    def guarded_mkdir(path, *args, **kwargs):
        if inside(path) and not os.path.exists(path):
            raise refused(path)
        return real_mkdir(path, *args, **kwargs)

    def guarded_unlink(path, *args, **kwargs):
        if inside(path):
            raise refused(path)
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded_open)
    monkeypatch.setattr(os, "unlink", guarded_unlink)
    monkeypatch.setattr(os, "mkdir", guarded_mkdir)
    monkeypatch.setattr(os, "replace", guarded_replace)


@pytest.fixture
def make_read_only(monkeypatch):
    """`make_read_only(folder)`; the folders are writable again after the test."""
    folders = []

    def make(folder: Path) -> Path:
        folders.append(folder)
        read_only(folder, monkeypatch)
        return folder

    yield make
    for folder in folders:
        folder.chmod(0o755)


def left_by_a_kill(path: Path, text: str = '{"half": ') -> Path:
    """A `.tmp` a killed write left, some minutes ago."""
    path.write_text(text, encoding="utf-8")
    old = time.time() - 600
    os.utime(path, (old, old))
    return path
