"""The table state machine shared by the three games (no pygame): whose turn, hand-off screens,
timers, bots on a worker thread, autosave."""
