"""The figures of a profile, read from the history database (`main.py stats` and the Statistics
screen show the same ones), the list of finished games, export and import.

A game played with an undo or the coach is counted apart (`assisted`), never in the figures.
"""

from __future__ import annotations

import hashlib
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.core.scenario import dump_scenario, load_scenario

from .counts import COUNT_NAMES, game_facts
from .database import unpack_record

#: the opponents' levels the figures are split by, in order
LEVELS = ("easy", "normal", "hard", "random", "mixed", "humans")
#: the periods the Statistics screen offers: name -> seconds (None: all time)
PERIODS = {"all": None, "year": 365 * 86400, "month": 30 * 86400, "week": 7 * 86400}
GAMES = tuple(COUNT_NAMES)


@dataclass
class Figures:
    """One profile's figures in one game (under the filters)."""
    game: str
    games: int = 0
    wins: int = 0
    current_streak: int = 0
    best_streak: int = 0
    assisted: int = 0                   # games with an undo or the coach: not counted here
    counts: dict = field(default_factory=dict)       # COUNT_NAMES[game] summed, + "total"
    by_level: dict = field(default_factory=dict)     # level -> [games, wins]
    series: list = field(default_factory=list)       # (finished_at, total) in time order

    @property
    def win_percent(self) -> float:
        return 100.0 * self.wins / self.games if self.games else 0.0

    def figures(self) -> dict:
        """The game's own figures, derived from the counts (what is shown and printed)."""
        c, games = self.counts, max(1, self.games)
        if self.game == "domino":
            return {"apollo": c["apollo"], "ceki": c["ceki"], "kandang": c["kandang"],
                    "tangkap_kandang": c["tangkap_kandang"], "misplays": c["misplays"],
                    "points_per_deal": round(c["total"] / max(1, c["deals"]), 2)}
        if self.game == "tienlen":
            return {"games_played": c["games"], "first_out": c["first_out"],
                    "chops_made": c["chops_made"], "chops_suffered": c["chops_suffered"],
                    "thui_heo_paid": c["thui_heo"], "gold": c["total"]}
        return {"exact_bids": c["exact"], "bids": c["bids"],
                "exact_percent": round(100.0 * c["exact"] / max(1, c["bids"]), 1),
                "khishti": c["khishti"], "premiums": c["premiums"],
                "score_per_game": round(c["total"] / games, 1)}

    def to_json(self) -> dict:
        return {"game": self.game, "games": self.games, "wins": self.wins,
                "win_percent": round(self.win_percent, 1),
                "current_streak": self.current_streak, "best_streak": self.best_streak,
                "assisted_games": self.assisted, **self.figures(),
                "by_opponent_level": {level: {"games": g, "wins": w,
                                              "win_percent": round(100.0 * w / g, 1)}
                                      for level, (g, w) in self.by_level.items()}}


def profile_figures(connection: sqlite3.Connection, profile: str, game: str,
                    level: str | None = None, since: float | None = None) -> Figures:
    """`profile`'s figures in `game`, against AI opponents of `level` (None: any), for the
    games finished since `since` (None: all). `by_level` ignores `level`.

    The sums are made by SQLite (one grouped query), the streaks and the plot's series from one
    narrow query in time order: 10,000 games take a few milliseconds."""
    where = "s.profile = ? AND g.game = ?"
    values: list = [profile, game]
    if since is not None:
        where += " AND g.finished_at >= ?"
        values.append(since)
    names = COUNT_NAMES[game]
    sums = ", ".join(f"sum(json_extract(s.counts, '$.{name}'))" for name in names)
    figures = Figures(game, counts=dict.fromkeys(names + ("total",), 0))
    for opponents, assisted, games, wins, total, *counted in connection.execute(
            f"SELECT s.opponents, g.undo + g.coach > 0, count(*), sum(s.won), sum(s.total), "
            f"{sums} FROM seats s JOIN games g ON g.id = s.game_id WHERE {where} "
            f"GROUP BY 1, 2", values):
        if assisted:
            figures.assisted += games
            continue
        figures.by_level[opponents] = [games, wins]
        if level is not None and opponents != level:
            continue
        figures.games += games
        figures.wins += wins
        figures.counts["total"] += total
        for name, value in zip(names, counted):
            figures.counts[name] += value or 0
    figures.by_level = {name: figures.by_level[name] for name in LEVELS
                        if name in figures.by_level}
    if level is not None:
        where += " AND s.opponents = ?"
        values.append(level)
    streak = 0
    for won, finished_at, total in connection.execute(
            f"SELECT s.won, g.finished_at, s.total FROM seats s JOIN games g ON g.id = s.game_id "
            f"WHERE {where} AND g.undo + g.coach = 0 ORDER BY g.finished_at, g.id", values):
        streak = streak + 1 if won else 0
        figures.best_streak = max(figures.best_streak, streak)
        figures.series.append((finished_at, total))
    figures.current_streak = streak
    return figures


def since_for(period: str, now: float | None = None) -> float | None:
    seconds = PERIODS[period]
    return None if seconds is None else (now or time.time()) - seconds


def profiles(connection: sqlite3.Connection) -> list[tuple[str, str]]:
    """(id, name) of every profile, oldest first."""
    return list(connection.execute("SELECT id, name FROM profiles ORDER BY created, id"))


def all_figures(connection: sqlite3.Connection, profile_name: str | None = None,
                game: str | None = None) -> list[dict]:
    """`main.py stats`: each profile (or the one named) and each game it played (or `game`)."""
    result = []
    for profile_id, name in profiles(connection):
        if profile_name is not None and name != profile_name:
            continue
        games = [figures.to_json() for figures in (
            profile_figures(connection, profile_id, one) for one in ((game,) if game else GAMES))
            if figures.games or figures.assisted]
        result.append({"profile": name, "id": profile_id, "games": games})
    return result


@dataclass(frozen=True)
class FinishedRow:
    """A line of the History screen."""
    id: int
    game: str
    finished_at: float
    names: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[str, ...]
    deals: int


def finished_games(connection: sqlite3.Connection, game: str | None = None, limit: int = 20,
                   offset: int = 0) -> tuple[list[FinishedRow], int]:
    """A page of finished games, newest first, and how many there are."""
    where, values = ("WHERE game = ?", [game]) if game else ("", [])
    count = connection.execute(f"SELECT count(*) FROM games {where}", values).fetchone()[0]
    games = list(connection.execute(
        f"SELECT id, game, finished_at, deals FROM games {where} "
        "ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?", values + [limit, offset]))
    rows = []
    for game_id, name, finished_at, deals in games:
        seats = list(connection.execute(
            "SELECT name, total, won FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)))
        rows.append(FinishedRow(game_id, name, finished_at, tuple(s[0] for s in seats),
                                tuple(s[1] for s in seats),
                                tuple(s[0] for s in seats if s[2]), deals))
    return rows, count


def game_record(connection: sqlite3.Connection, game_id: int) -> dict:
    """A finished game's scenario/1 record with its seats and uid (export, the Review
    screen)."""
    uid, blob = connection.execute(
        "SELECT g.uid, r.record FROM games g JOIN records r ON r.game_id = g.id WHERE g.id = ?",
        (game_id,)).fetchone()
    record = unpack_record(blob)
    record["table"] = {**(record.get("table") or {}), "uid": uid}
    return record


def export_game(connection: sqlite3.Connection, game_id: int, path: Path) -> Path:
    """Write a finished game's scenario/1 record (with its seats) to `path`."""
    path.write_text(dump_scenario(game_record(connection, game_id)), encoding="utf-8")
    return path


class ImportRefused(Exception):
    """A file that cannot join the history; `code` names why for the window ("unreadable",
    "not_finished"); the message is English, for tests and the log."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.code = code


def import_game(history, path: Path) -> str:
    """Check a scenario/1 file as a save is checked (format, game, options, players, seats,
    every deal and action replayed) and record it if its game is finished. The file itself is
    left where it is. Returns the game's uid (from its content: the same file twice is stored
    once)."""
    from game.controller.autosave import READ_ERRORS, check_table_block

    try:
        text = path.read_text(encoding="utf-8")
        record = load_scenario(text)
        seats = (check_table_block(record)[0] if "table" in record
                 else [{"name": name, "kind": "human"} for name in record["players"]])
        facts = game_facts(record)
    except READ_ERRORS as error:
        raise ImportRefused(f"{path.name}: {error}", "unreadable") from None
    if not facts.finished:
        raise ImportRefused(f"{path.name}: the game is not finished", "not_finished")
    # a game exported from this history keeps its uid: imported again, it is stored once
    uid = (record.get("table") or {}).get("uid")
    if not isinstance(uid, str) or not uid:
        uid = "import-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]
    history.record(record, seats, uid=uid)
    return uid
