"""Three table games: Indonesian domino, Tiến Lên and Georgian Joker."""

#: the release, shown by `--version` and the window's About box (CHANGELOG.md says what changed)
__version__ = "0.9.0"
