"""The figures of a profile, read from the history database (`main.py stats` and the Statistics
screen show the same ones), the list of finished games, export and import.

A game played with an undo or the coach is counted apart (`assisted`), never in the figures.
Every row is checked as it is read (game/history/rows.py): one that cannot be read is skipped
and counted (`skipped`), and the rest shows.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.core.scenario import dump_scenario, load_scenario
from game.core.untrusted import read_text
from game.paths import write_atomically
from game.save_format import READ_ERRORS, check_table_block

from game.core.registry import game_names, get_game

from .counts import game_facts
from .rows import (LEVELS, UnreadableRow, read_game, read_profiles, read_record, read_seat,
                   read_seat_line)

#: the periods the Statistics screen offers: name -> seconds (None: all time)
#: a uid an imported file may bring (a table's save name, an earlier import's)
UID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,119}")
PERIODS = {"all": None, "year": 365 * 86400, "month": 30 * 86400, "week": 7 * 86400}


@dataclass
class Figures:
    """One profile's figures in one game (under the filters)."""
    game: str
    games: int = 0
    wins: int = 0
    current_streak: int = 0
    best_streak: int = 0
    assisted: int = 0                   # games with an undo or the coach: not counted here
    counts: dict = field(default_factory=dict)       # the game's count_names summed, + "total"
    by_level: dict = field(default_factory=dict)     # level -> [games, wins]
    series: list = field(default_factory=list)       # (finished_at, total) in time order
    skipped: int = 0                    # rows that could not be read (not counted)

    @property
    def win_percent(self) -> float:
        return 100.0 * self.wins / self.games if self.games else 0.0

    def figures(self) -> dict:
        """The game's own figures, derived from the counts (what is shown and printed)."""
        return get_game(self.game).history_figures(self.counts, self.games)

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

    One narrow query in time order; each row is checked (game/history/rows.py) and a row that
    cannot be read is counted in `skipped`, never summed. 10,000 games take a few tens of
    milliseconds (benchmarks/stats_screen.py)."""
    where = "s.profile = ? AND g.game = ?"
    values: list = [profile, game]
    if since is not None:
        where += " AND g.finished_at >= ?"
        values.append(since)
    names = get_game(game).count_names
    figures = Figures(game, counts=dict.fromkeys(names + ("total",), 0))
    by_level: dict[str, list[int]] = {}
    streak = 0
    for row in connection.execute(
            "SELECT s.opponents, g.undo, g.coach, s.won, s.total, s.counts, g.finished_at "
            f"FROM seats s JOIN games g ON g.id = s.game_id WHERE {where} "
            "ORDER BY g.finished_at, g.id", values):
        seat = read_seat(row, game)
        if seat is None:
            figures.skipped += 1
            continue
        if seat.assisted:
            figures.assisted += 1
            continue
        split = by_level.setdefault(seat.opponents, [0, 0])
        split[0] += 1
        split[1] += seat.won
        if level is not None and seat.opponents != level:
            continue
        figures.games += 1
        figures.wins += seat.won
        figures.counts["total"] += seat.total
        for name in names:
            figures.counts[name] += seat.counts[name]
        streak = streak + 1 if seat.won else 0
        figures.best_streak = max(figures.best_streak, streak)
        figures.series.append((seat.finished_at, seat.total))
    figures.current_streak = streak
    figures.by_level = {name: by_level[name] for name in LEVELS if name in by_level}
    return figures


def since_for(period: str, now: float | None = None) -> float | None:
    seconds = PERIODS[period]
    return None if seconds is None else (now or time.time()) - seconds


def all_figures(connection: sqlite3.Connection, profile_name: str | None = None,
                game: str | None = None) -> tuple[list[dict], int]:
    """`main.py stats`: each profile (or the one named) and each game it played (or `game`);
    and how many rows could not be read (profiles and games skipped)."""
    result = []
    profiles, skipped = read_profiles(connection)
    for profile in profiles:
        if profile_name is not None and profile.name != profile_name:
            continue
        games = []
        for one in ((game,) if game else game_names()):
            figures = profile_figures(connection, profile.id, one)
            skipped += figures.skipped
            if figures.games or figures.assisted:
                games.append(figures.to_json())
        result.append({"profile": profile.name, "id": profile.id, "games": games})
    return result, skipped


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


@dataclass
class FinishedPage:
    """A page of the finished games' list, how many readable games there are in all, and
    how many could not be read (not shown)."""
    rows: list[FinishedRow]
    count: int
    skipped: int


def finished_games(connection: sqlite3.Connection, game: str | None = None, limit: int = 20,
                   offset: int = 0) -> FinishedPage:
    """A page of finished games, newest first. Every game's own row is checked (a few
    milliseconds for 10,000 games); the seats of the games on the page too."""
    where, values = ("WHERE game = ?", [game]) if game else ("", [])
    readable, skipped = [], 0
    for row in connection.execute(
            f"SELECT id, game, finished_at, deals FROM games {where} "
            "ORDER BY finished_at DESC, id DESC", values):
        checked = read_game(row)
        if checked is None:
            skipped += 1
        else:
            readable.append(checked)
    rows = []
    for checked in readable[offset:offset + limit]:
        seats = [read_seat_line(seat) for seat in connection.execute(
            "SELECT name, total, won FROM seats WHERE game_id = ? ORDER BY seat",
            (checked.id,))]
        if not seats or None in seats:
            skipped += 1
            continue
        rows.append(FinishedRow(checked.id, checked.game, checked.finished_at,
                                tuple(s[0] for s in seats), tuple(s[1] for s in seats),
                                tuple(s[0] for s in seats if s[2]), checked.deals))
    return FinishedPage(rows, len(readable), skipped)


def newest_game(connection: sqlite3.Connection) -> str | None:
    """The game of the newest readable finished game (the Statistics screen opens on it)."""
    for row in connection.execute("SELECT id, game, finished_at, deals FROM games "
                                  "ORDER BY finished_at DESC, id DESC LIMIT 50"):
        checked = read_game(row)
        if checked is not None:
            return checked.game
    return None


def game_record(connection: sqlite3.Connection, game_id: int) -> dict:
    """A finished game's scenario/1 record with its seats and uid (export, the Review
    screen), checked as a save is (it replays). Raises UnreadableRow when it cannot be read."""
    found = connection.execute(
        "SELECT g.uid, r.record FROM games g JOIN records r ON r.game_id = g.id WHERE g.id = ?",
        (game_id,)).fetchone()
    if found is None:
        raise UnreadableRow(f"the game {game_id} has no record")
    uid, blob = found
    record = read_record(blob)
    try:
        game_facts(record)                  # it replays (a hand-edited record may not)
    except READ_ERRORS as error:
        raise UnreadableRow(f"the game {game_id} does not replay: {error}") from None
    table = record.get("table")
    record["table"] = {**(table if isinstance(table, dict) else {}),
                       "uid": uid if isinstance(uid, str) else str(game_id)}
    return record


def export_game(connection: sqlite3.Connection, game_id: int, path: Path) -> Path:
    """Write a finished game's scenario/1 record (with its seats) to `path`, whole or not at all
    (a failure is one of paths.WRITE_ERRORS; the folder keeps what it had)."""
    write_atomically(path, [dump_scenario(game_record(connection, game_id))])
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
    try:
        text = read_text(path)              # size-limited; the JSON through the same door
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
    if not isinstance(uid, str) or not UID.fullmatch(uid):
        uid = "import-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]
    history.record(record, seats, uid=uid)
    return uid
