"""The table controller's parts, each alone (game/controller: recorder.py, bot_desk.py,
clock.py, hand_privacy.py, assists.py): what each one decides, without the phase machine that
composes them (tests/test_controller.py drives the whole)."""

from __future__ import annotations

from game.controller.autosave import RESUMED_CLOCK, read_save
from game.controller.random_play import play_game
from game.controller.recorder import Recorder
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.settings import ControllerSettings
from game.core.table import Table

NAMES = ["Ani", "Budi", "Citra", "Dewi"]


def seats(*kinds) -> list[SeatConfig]:
    return [SeatConfig(name, kind, "easy") for name, kind in zip(NAMES, kinds)]


def dealt_table(game: str = "domino", seed: int = 1) -> Table:
    table = Table(game, NAMES, seed=seed)
    table.deal_next()
    return table


class FakeHistory:
    def __init__(self):
        self.records = []

    def record(self, record, seats, save_path):
        self.records.append((record, list(seats), save_path))


# --- the recorder --------------------------------------------------------------------------------

def test_the_recorder_saves_the_table_with_its_seats_and_settings(tmp_path):
    table, path = dealt_table(), tmp_path / "saves" / "domino-1.json"
    settings = ControllerSettings(turn_seconds=35, assists=False)
    recorder = Recorder(path, None, settings)
    assert recorder.save(table, seats(HUMAN, AI, AI, AI)) is None
    restored, restored_seats, restored_settings = read_save(path)
    assert restored.record["deals"] == table.record["deals"]
    assert [seat.kind for seat in restored_seats] == [HUMAN, AI, AI, AI]
    assert restored_settings["turn_seconds"] == 35 and restored_settings["assists"] is False


def test_the_recorder_keeps_the_clock_it_is_given_with_the_save(tmp_path):
    table, path = dealt_table(), tmp_path / "domino-1.json"
    recorder = Recorder(path, None, ControllerSettings(turn_seconds=35))
    recorder.save(table, seats(HUMAN, AI, AI, AI),
                  {"left_s": 12.5, "tambah": False, "tambah_used": [0]})
    clock = read_save(path)[2][RESUMED_CLOCK]
    assert clock["left_s"] == 12.5 and clock["tambah_used"] == [0]


def test_a_table_without_a_save_path_writes_nothing(tmp_path):
    recorder = Recorder(None, None, ControllerSettings())
    assert recorder.save(dealt_table(), seats(HUMAN, AI, AI, AI)) is None
    assert not list(tmp_path.iterdir())


def test_a_failed_save_is_announced_once_until_a_save_works_again(tmp_path):
    (tmp_path / "not-a-folder").write_text("x")
    table, players = dealt_table(), seats(HUMAN, AI, AI, AI)
    recorder = Recorder(tmp_path / "not-a-folder" / "t.json", None, ControllerSettings())
    first = recorder.save(table, players)
    assert first is not None and first.kind == "save_failed" and first.data["reason"]
    assert recorder.save(table, players) is None and recorder.save_failed   # said once
    recorder.save_path = tmp_path / "t.json"
    assert recorder.save(table, players) is None and not recorder.save_failed
    recorder.save_path = tmp_path / "not-a-folder" / "t.json"
    assert recorder.save(table, players) is not None             # failing again: said again


def test_a_finished_game_goes_to_the_history_once_with_its_save(tmp_path):
    finished = play_game("domino", 5)
    path = tmp_path / "domino-5.json"
    history = FakeHistory()
    recorder = Recorder(path, history, ControllerSettings())
    recorder.save(finished.table, finished.seats)
    recorder.finish(finished.table, finished.seats)
    recorder.finish(finished.table, finished.seats)
    assert len(history.records) == 1
    record, recorded_seats, save_path = history.records[0]
    assert record is finished.table.record and save_path == path   # the history takes the save
    assert recorder.save_path is None and recorder.recorded


def test_a_game_left_in_its_first_deal_is_not_recorded_and_its_save_goes(tmp_path):
    path, history = tmp_path / "domino-1.json", FakeHistory()
    recorder = Recorder(path, history, ControllerSettings())
    table = dealt_table()
    recorder.save(table, seats(HUMAN, AI, AI, AI))
    assert path.exists()
    recorder.finish(table, seats(HUMAN, AI, AI, AI))
    assert history.records == [] and not path.exists() and recorder.save_path is None
    recorder.save(table, seats(HUMAN, AI, AI, AI))
    assert not path.exists()                                # nothing writes it again
