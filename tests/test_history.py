"""The history database: finished games recorded with their counts (replayed through
the engines), a migration from an older schema, writes off the render loop, a damaged file set
aside, profiles, export and import."""

from __future__ import annotations

import json
import sqlite3

import pytest

from game.controller.seats import HUMAN, SeatConfig
from game.core.replay import replay
from game.history import database
from game.history.counts import game_facts
from game.history.rows import read_record
from game.history.stats import (ImportRefused, export_game, finished_games, import_game,
                                profile_figures)
from game.history.store import History
from history_helpers import play_game


@pytest.fixture
def history(tmp_path):
    made = History(tmp_path)
    yield made
    made.close()


def stored_counts(history, game):
    rows = history.read.execute(
        "SELECT s.seat, s.total, s.won, s.counts FROM seats s JOIN games g ON g.id = s.game_id "
        "WHERE g.game = ? ORDER BY s.seat", (game,))
    return [(seat, total, won, json.loads(counts)) for seat, total, won, counts in rows]


def test_a_finished_domino_match_is_recorded_with_its_counts(history):
    ctl = play_game("domino", seed=5, history=history)
    assert history.flush() and not history.failures
    _, output = replay(ctl.table.record)          # the replay's own account, deal by deal
    rows = stored_counts(history, "domino")
    assert [total for _, total, _, _ in rows] == output["totals"]
    assert [seat for seat, _, won, _ in rows if won] == ctl.table.definition.winners(ctl.state)
    for seat, _, _, counts in rows:
        won = [deal["outcome"] for deal in output["deals"] if seat in deal["winners"]]
        assert counts["apollo"] == won.count("apollo")
        assert counts["ceki"] == won.count("ceki_habis") + won.count("ceki_biasa")
        assert counts["kandang"] == won.count("kandang")
        assert counts["deals"] == len(output["deals"])
    assert sum(counts["apollo"] + counts["ceki"] + counts["kandang"]
               for *_, counts in rows) > 0, "the seed was chosen to have some"


def test_joker_counts_exact_bids_khishti_and_premiums(history):
    ctl = play_game("joker", seed=8, history=history)
    assert history.flush() and not history.failures
    _, output = replay(ctl.table.record)
    lines = [line for line in output["deals"] if "bids" in line]
    premiums = [line for line in output["deals"] if "premium" in line]
    for seat, total, _, counts in stored_counts(history, "joker"):
        assert total == output["totals"][seat]
        assert counts["bids"] == len(lines) == 24
        assert counts["exact"] == sum(line["bids"][seat] == line["tricks"][seat]
                                      for line in lines)
        assert counts["khishti"] == sum(line["bids"][seat] > 0 == line["tricks"][seat]
                                        for line in lines)
        assert counts["premiums"] == sum(seat in line["premium"] for line in premiums)


def test_a_tienlen_session_ended_between_games_is_recorded(history):
    ctl = play_game("tienlen", seed=5, history=history)
    assert history.flush() and not history.failures
    results = ctl.state.results
    rows = stored_counts(history, "tienlen")
    assert [total for _, total, _, _ in rows] == ctl.state.returns()
    best = max(ctl.state.returns())
    assert [seat for seat, _, won, _ in rows if won] == [
        seat for seat, gold in enumerate(ctl.state.returns()) if gold == best]
    for seat, _, _, counts in rows:
        assert counts["games"] == len(results)
        assert counts["first_out"] == sum(result.winner == seat for result in results)
    chops = [event for event in ctl.events.kept if type(event).__name__ == "Chopped"]
    assert sum(counts["chops_made"] for *_, counts in rows) == sum(
        counts["chops_suffered"] for *_, counts in rows) >= max(1, len(chops))


def test_thui_heo_is_the_value_of_the_twos_left_in_a_losers_hand():
    """What the payment table calls thúi heo (T14's split of each loser's hand), × stake."""
    from game.tienlen.scoring import penalty_parts
    ctl = play_game("tienlen", seed=4)
    record = ctl.table.record
    facts = game_facts(record)
    expected = [0] * 4
    state_results = ctl.state.results
    assert facts.counts[0]["games"] == len(state_results)
    # recount from the engine, game by game, from the deal records and the actions
    from game.core.replay import load_table
    seen = []
    load_table(record, lambda events, state: seen.extend(
        (event, [hand for hand in state.hands], state.stake, state.doubled)
        for event in events if type(event).__name__ == "GameOver"))
    for event, hands, stake, doubled in seen:
        if event.outcome == "normal":
            for player, hand in enumerate(hands):
                if hand and player != event.winner:
                    expected[player] += (penalty_parts(hand).twos * stake
                                         * (2 if doubled else 1))
    assert sum(expected) > 0, "the seed was chosen to leave a 2 in a loser's hand"
    assert [counts["thui_heo"] for counts in facts.counts] == expected


def test_a_game_is_stored_once_and_its_save_goes_only_after_the_commit(history, tmp_path):
    save = tmp_path / "saves" / "domino-20261201-100000-5.json"
    ctl = play_game("domino", seed=5, history=history, save_path=save)
    assert not save.exists(), "the finished table's save left the saves folder"
    assert history.flush()
    assert not list(history.inbox.glob("*.json")), "the inbox is emptied once committed"
    history.record(ctl.table.record, ctl.seats, uid=save.stem)     # the same game again
    assert history.flush()
    assert history.read.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    assert history.read.execute("SELECT uid FROM games").fetchone()[0] == save.stem


def test_recording_never_waits_for_the_database(tmp_path, monkeypatch):
    """Another connection holds the write lock: `record` (called in a frame) returns while the
    writer is still waiting for it, and the game is written once the lock goes."""
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 600.0)     # the writer waits, not gives up
    history = History(tmp_path)
    blocker = sqlite3.connect(str(history.path), timeout=0)
    blocker.execute("BEGIN EXCLUSIVE")
    ctl = play_game("domino", seed=5)
    history.record(ctl.table.record, ctl.seats)
    assert history.recorded == [] and history.finished < history.submitted, \
        "record returned before the writer could commit"
    assert not history.flush(timeout=0.3), "the writer is still waiting for the lock"
    blocker.execute("ROLLBACK")
    blocker.close()
    assert history.flush() and len(history.recorded) == 1
    history.close()


def test_a_migration_from_the_first_schema_keeps_every_game(tmp_path):
    path = tmp_path / database.FILE_NAME
    old = database.connect(path)
    old.execute("PRAGMA journal_mode = WAL")
    database.migrate(old, upto=1)
    record = play_game("domino", seed=5).table.record
    old.execute("INSERT INTO games (uid, game, finished_at, options, deals) "
                "VALUES ('old-1', 'domino', 1.0, '{}', 12)")
    old.execute("INSERT INTO records (game_id, record) VALUES (1, ?)",
                (database.pack_record(record),))
    old.execute("INSERT INTO profiles (id, name, created) VALUES ('p1', 'Ana', 1.0)")
    old.close()
    connection, damaged = database.open_history(path)
    assert damaged is None
    assert connection.execute("PRAGMA user_version").fetchone()[0] == database.VERSION == 2
    assert connection.execute("SELECT uid, undo, coach FROM games").fetchall() == [
        ("old-1", 0, 0)]
    assert connection.execute("SELECT name, avatar FROM profiles").fetchall() == [("Ana", "{}")]
    blob = connection.execute("SELECT record FROM records").fetchone()[0]
    assert read_record(blob) == record


@pytest.mark.parametrize("content", [b"not a database at all\xff" * 50, b"SQLite format 3\x00"
                                     + b"\x00" * 90])
def test_a_damaged_database_is_set_aside_and_a_new_one_started(tmp_path, content):
    path = tmp_path / database.FILE_NAME
    path.write_bytes(content)
    (tmp_path / f"{database.FILE_NAME}-wal").write_bytes(b"old log")
    history = History(tmp_path)
    assert history.problem.kind == "set_aside" and history.problem.path == path
    aside = history.problem.moved_to
    assert aside.read_bytes() == content and "damaged" in aside.name
    if not content.startswith(database.HEADER):       # SQLite never opened it: its log kept
        assert (aside.parent / f"{aside.name}-wal").read_bytes() == b"old log"
    play_game("domino", seed=5, history=history)
    assert history.flush() and len(history.recorded) == 1 and not history.failures
    history.close()


def test_a_history_of_a_newer_version_is_kept_as_it_is_and_never_written(tmp_path):
    """Neither set aside nor written: its profiles are offered (read-only) and the games
    finished meanwhile wait in the inbox, for the newer version to take in."""
    path = tmp_path / database.FILE_NAME
    newer = database.connect(path)
    newer.execute("CREATE TABLE profiles (id TEXT PRIMARY KEY, name TEXT, created REAL, "
                  "avatar TEXT, photo BLOB)")
    newer.execute("INSERT INTO profiles VALUES ('p1', 'Ana', 1.0, '{}', NULL)")
    newer.execute("PRAGMA user_version = 99")
    newer.close()
    before = path.read_bytes()
    history = History(tmp_path)
    assert history.problem.kind == "newer" and history.newer and not history.live
    assert [(p.id, p.name) for p in history.profiles()] == [("p1", "Ana")]
    save = tmp_path / "saves" / "domino-20261201-100000-5.json"
    play_game("domino", seed=5, history=history, save_path=save)
    assert history.flush() and not history.failures and history.recorded == []
    assert (history.inbox / f"{save.stem}.json").exists()
    assert history.take_notices()[0].reason == "newer"
    history.close()
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.damaged-*"))


def test_profiles_a_default_on_first_start_and_their_figures(history):
    first = history.ensure_profile("Player")
    assert history.ensure_profile("Other") == first and first.avatar["initials"] == "PL"
    ana = history.create_profile("Ana Lee")
    assert ana.avatar["initials"] == "AL" and ana.avatar["colour"].startswith("#")
    human = SeatConfig("Ana Lee", HUMAN, profile=ana.id)
    played = [play_game("domino", seed=seed, history=history, human=human,
                        levels=("easy", "easy", "easy", "easy")) for seed in (5, 6, 7)]
    assert history.flush() and not history.failures
    assert [p.name for p in history.profiles()] == ["Player", "Ana Lee"]
    figures = profile_figures(history.read, ana.id, "domino")
    won = [0 in ctl.table.definition.winners(ctl.state) for ctl in played]
    assert figures.games == 3 and figures.wins == sum(won)
    assert figures.series == [(at, ctl.state.returns()[0]) for (at, _), ctl
                              in zip(figures.series, played)]
    assert figures.by_level == {"easy": [3, sum(won)]}
    streaks, best = 0, 0
    for result in won:
        streaks = streaks + 1 if result else 0
        best = max(best, streaks)
    assert (figures.current_streak, figures.best_streak) == (streaks, best)
    assert profile_figures(history.read, ana.id, "domino", level="hard").games == 0


def test_games_with_an_undo_or_the_coach_are_counted_apart(history):
    ana = history.create_profile("Ana")
    ctl = play_game("domino", seed=5, human=SeatConfig("Ana", HUMAN, profile=ana.id))
    record = {**ctl.table.record, "table": {**ctl.table.record["table"],
                                            "assists": {"undo": 2}}}
    history.record(record, ctl.seats)
    play_game("domino", seed=6, history=history, human=SeatConfig("Ana", HUMAN, profile=ana.id))
    assert history.flush() and not history.failures
    figures = profile_figures(history.read, ana.id, "domino")
    assert (figures.games, figures.assisted) == (1, 1)


def test_export_then_import_round_trips_and_refuses_what_a_save_would(history, tmp_path):
    play_game("joker", seed=8, history=history)
    assert history.flush()
    page = finished_games(history.read)
    rows, count = page.rows, page.count
    assert count == 1 and rows[0].game == "joker" and len(rows[0].names) == 4
    exported = export_game(history.read, rows[0].id, tmp_path / "game.json")
    assert import_game(history, exported) and history.flush()
    assert finished_games(history.read).count == 1, "its own game imported again: stored once"
    other = History(tmp_path / "elsewhere")
    import_game(other, exported)
    assert other.flush() and finished_games(other.read).count == 1
    assert stored_counts(other, "joker") == stored_counts(history, "joker")
    other.close()
    data = json.loads(exported.read_text())
    data["actions"] = data["actions"][:-5]
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps(data))
    with pytest.raises(ImportRefused) as refused:
        import_game(history, unfinished)
    assert refused.value.code == "not_finished"
    data["actions"][3] = {"bid": 99}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    for path in (broken, tmp_path / "missing.json"):
        with pytest.raises(ImportRefused) as refused:
            import_game(history, path)
        assert refused.value.code == "unreadable"
    assert broken.exists(), "the player's own file stays where it was"
