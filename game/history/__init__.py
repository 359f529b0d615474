"""Players over time: profiles, the finished games (an SQLite database) and their statistics.
No pygame here: `main.py stats` and the window share it."""
