"""`python main.py stats` against games played headless through the controller: one
human profile seat, played by the test, and bots at known levels."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.controller.seats import HUMAN, SeatConfig
from game.core.replay import replay
from game.history.store import History
from history_helpers import play_game

ROOT = Path(__file__).resolve().parents[1]
#: (game, seed, opponents' levels)
PLAYED = [("domino", 5, "easy"), ("domino", 6, "hard"), ("domino", 7, "easy"),
          ("joker", 8, "normal"), ("joker", 9, "normal"), ("tienlen", 5, "easy")]


def stats(data_dir: Path, *args: str) -> dict:
    env = {**os.environ, "TABLE_GAMES_DATA_DIR": str(data_dir)}
    code = ("import sys, main; code = main.main(sys.argv[1:]); "
            "assert 'pygame' not in sys.modules, 'stats loaded pygame'; sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", code, "stats", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_stats_json_agrees_with_the_games_played(tmp_path):
    history = History(tmp_path)
    ana = history.create_profile("Ana")
    expected: dict[str, dict] = {}
    for game, seed, level in PLAYED:
        ctl = play_game(game, seed, history=history, levels=(None, level, level, level),
                        human=SeatConfig("Ana", HUMAN, profile=ana.id))
        won = 0 in ([p for p, gold in enumerate(ctl.state.returns())
                     if gold == max(ctl.state.returns())] if game == "tienlen"
                    else ctl.table.definition.winners(ctl.state))
        _, output = replay(ctl.table.record)
        mine = expected.setdefault(game, {"games": 0, "wins": 0, "total": 0, "levels": {},
                                          "deals": [], "lines": []})
        mine["games"] += 1
        mine["wins"] += won
        mine["total"] += output["totals"][0]
        mine["levels"].setdefault(level, [0, 0])
        mine["levels"][level][0] += 1
        mine["levels"][level][1] += won
        mine["deals"] += output["deals"]
    play_game("domino", 11, history=history)           # no profile at the table: not Ana's
    assert history.flush() and not history.failures
    history.close()

    printed = stats(tmp_path, "--json")
    (entry,) = printed["profiles"]
    assert entry["profile"] == "Ana"
    by_game = {one["game"]: one for one in entry["games"]}
    assert set(by_game) == set(expected)
    for game, mine in expected.items():
        one = by_game[game]
        assert (one["games"], one["wins"]) == (mine["games"], mine["wins"])
        assert one["win_percent"] == round(100 * mine["wins"] / mine["games"], 1)
        assert {level: [split["games"], split["wins"]]
                for level, split in one["by_opponent_level"].items()} == mine["levels"]
        assert one["assisted_games"] == 0
    domino, deals = by_game["domino"], expected["domino"]["deals"]
    assert domino["apollo"] == sum(d["outcome"] == "apollo" and 0 in d["winners"] for d in deals)
    assert domino["points_per_deal"] == round(expected["domino"]["total"] / len(deals), 2)
    joker, lines = by_game["joker"], [d for d in expected["joker"]["deals"] if "bids" in d]
    assert joker["exact_bids"] == sum(line["bids"][0] == line["tricks"][0] for line in lines)
    assert joker["score_per_game"] == round(expected["joker"]["total"] / 2, 1)
    assert by_game["tienlen"]["gold"] == expected["tienlen"]["total"]
    assert by_game["tienlen"]["first_out"] == sum(
        d["winner"] == 0 for d in expected["tienlen"]["deals"])

    only = stats(tmp_path, "--json", "--profile", "Ana", "--game", "joker")
    assert [one["game"] for one in only["profiles"][0]["games"]] == ["joker"]
    assert stats(tmp_path, "--json", "--profile", "Nobody") == {"profiles": [], "skipped": 0}


def test_stats_in_words_and_with_no_history(tmp_path):
    env = {**os.environ, "TABLE_GAMES_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "main.py", "stats"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "No history yet" in done.stdout
    history = History(tmp_path)
    ana = history.create_profile("Ana")
    play_game("domino", 5, history=history, human=SeatConfig("Ana", HUMAN, profile=ana.id),
              levels=(None, "hard", "hard", "hard"))
    history.flush()
    history.close()
    done = subprocess.run([sys.executable, "main.py", "stats", "--game", "domino"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[0] == "Ana"
    assert "Domino: 1 game," in done.stdout and "against hard: 1 game," in done.stdout
