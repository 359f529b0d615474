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
