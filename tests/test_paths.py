"""Where saves and settings go: the environment overrides, else the platform's user directories
under the program's own name (where earlier versions saved on Linux)."""

from pathlib import Path

from game.paths import APP_NAME, config_dir, data_dir


def test_the_environment_overrides_each_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLE_GAMES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TABLE_GAMES_CONFIG_DIR", str(tmp_path / "config"))
    assert data_dir() == tmp_path / "data" and config_dir() == tmp_path / "config"


def test_linux_keeps_the_xdg_directories_of_earlier_versions(monkeypatch, tmp_path):
    monkeypatch.delenv("TABLE_GAMES_DATA_DIR", raising=False)
    monkeypatch.delenv("TABLE_GAMES_CONFIG_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert data_dir() == tmp_path / "share" / APP_NAME
    assert config_dir() == tmp_path / "config" / APP_NAME
    monkeypatch.delenv("XDG_DATA_HOME")
    assert data_dir() == Path.home() / ".local" / "share" / "three-table-games"


def test_a_write_is_whole_or_not_at_all(tmp_path):
    from game.paths import write_atomically

    path = tmp_path / "deep" / "file.json"
    write_atomically(path, ["{", '"a": 1', "}"])                 # the folder is made
    assert path.read_text() == '{"a": 1}'

    def pieces():
        yield '{"a": 2'
        raise OSError(28, "No space left on device")

    try:
        write_atomically(path, pieces())
    except OSError:
        pass
    else:
        raise AssertionError("the failure is the caller's to tell")
    assert path.read_text() == '{"a": 1}' and sorted(path.parent.iterdir()) == [path]


def test_only_old_tmp_files_of_our_names_are_removed(tmp_path):
    import os
    import time

    from game.paths import STRAY_AFTER_S, remove_stray_temporaries

    now = time.time()
    old, young = now - STRAY_AFTER_S - 1, now - 1
    made = {}
    for name, when in (("settings.tmp", old), ("other.tmp", old), ("fresh.tmp", young)):
        made[name] = tmp_path / name
        made[name].write_text("{")
        os.utime(made[name], (when, when))
    (tmp_path / "folder.tmp").mkdir()
    (tmp_path / "link.tmp").symlink_to(made["other.tmp"])
    assert remove_stray_temporaries(tmp_path, stems=["settings"], now=now) == [
        made["settings.tmp"]]
    assert remove_stray_temporaries(tmp_path, now=now) == [made["other.tmp"]]
    assert made["fresh.tmp"].exists() and (tmp_path / "folder.tmp").is_dir()
    assert (tmp_path / "link.tmp").is_symlink()
    assert remove_stray_temporaries(tmp_path / "missing", now=now) == []


def test_why_a_write_failed_is_a_word_never_the_systems_text():
    import errno

    from game.paths import write_failure

    assert write_failure(OSError(errno.EFBIG, "File too large")) == "full"     # ulimit -f
    assert write_failure(OSError(errno.ENOSPC, "No space")) == "full"
    assert write_failure(PermissionError(errno.EACCES, "Denied")) == "denied"
    assert write_failure(IsADirectoryError(errno.EISDIR, "Is a directory")) == "other"
    assert write_failure(UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates")) == "bad_text"
