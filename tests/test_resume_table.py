"""A table left and reopened is where it was left: on a deal's summary it shows that summary
again (the next deal is not dealt behind the player's back), and a turn left mid-move keeps the
time it had left (D19 / T11 timers), tambah included. The clock travels only in the save; a
hand-edited or stale clock costs the turn its time left, never the table."""

import json

import pytest

from dataclasses import replace

from game.controller.autosave import open_save
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.settings import ControllerSettings
from game.controller.table_controller import Phase, TableController
from game.core.table import Table

NAMES = {"domino": ["Ani", "Budi", "Citra", "Dewi"], "tienlen": ["An", "Bình", "Chi", "Dũng"],
         "joker": ["Nino", "Giorgi", "Tamar", "Levan"]}
FAST = dict(bot_move_pause_s=0, human_move_pause_s=0, auto_summary_s=0, bot_budget_s=0.01)


def open_table(game, kinds, save_path, seed=3, **settings):
    table = Table.open(game, NAMES[game], {}, seed)
    seats = [SeatConfig(name, kind, "easy") for name, kind in zip(NAMES[game], kinds)]
    return TableController(table, seats, ControllerSettings(**{**FAST, **settings}),
                           save_path=save_path)


def reopen(save_path, now=1000.0):
    table, seats, settings, clock = open_save(save_path)
    return TableController(table, seats, replace(settings, **FAST), save_path=save_path,
                           now=now, clock=clock)


def run_until(ctl, phase, now=0.0, max_steps=5000):
    """Humans play their first legal move; stops when the controller reaches `phase`."""
    for _ in range(max_steps):
        if ctl.phase is phase:
            return now
        if ctl.phase is Phase.HANDOFF:
            ctl.confirm_handoff(now)
        elif ctl.phase is Phase.HUMAN:
            ctl.human_action(ctl.state.legal_actions()[0], now)
        now += 0.5
        ctl.update(now)
    raise AssertionError(f"the table never reached {phase}")


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_table_left_on_a_summary_reopens_on_that_summary(tmp_path, game):
    path = tmp_path / "table.json"
    ctl = open_table(game, [HUMAN, AI, AI, AI], path)
    run_until(ctl, Phase.SUMMARY)
    deals = len(ctl.table.record["deals"])
    ctl.pause(100.0)                       # the pause menu's Leave
    ctl.close()

    again = reopen(path)
    assert again.phase is Phase.SUMMARY
    assert len(again.table.record["deals"]) == deals     # nothing dealt behind the summary
    assert again.view().revealed is not None             # D4: the hands shown as they ended
    again.acknowledge_summary(1001.0)
    assert len(again.table.record["deals"]) == deals + 1


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_turn_left_mid_move_keeps_the_time_it_had(tmp_path, game):
    path = tmp_path / "table.json"
    ctl = open_table(game, [HUMAN, AI, AI, AI], path, turn_seconds=35)
    start = run_until(ctl, Phase.HUMAN)
    ctl.pause(start + 12.0)
    assert ctl.time_left(start + 12.0) == pytest.approx(23.0)
    ctl.close()

    again = reopen(path, now=5000.0)
    assert again.phase is Phase.HUMAN
    assert again.time_left(5000.0) == pytest.approx(23.0)
    assert again.time_left(5020.0) == pytest.approx(3.0)
    saved = json.loads(path.read_text())
    assert "clock" not in again.table.record["table"]    # the history never carries it
    assert saved["table"]["clock"]["left_s"] == pytest.approx(23.0)


def test_tambah_said_before_leaving_is_kept_with_its_time(tmp_path):
    """D19: one tambah a deal; leaving and coming back neither gives a second nor takes the
    extended time away."""
    path = tmp_path / "table.json"
    ctl = open_table("domino", [HUMAN, AI, AI, AI], path, turn_seconds=35, tambah_seconds=60)
    start = run_until(ctl, Phase.HUMAN)
    assert ctl.tambah(start + 1.0)
    ctl.pause(start + 20.0)
    ctl.close()

    again = reopen(path, now=5000.0)
    assert again.time_left(5000.0) == pytest.approx(40.0)
    assert not again.can_tambah()


def test_a_hotseat_turn_waits_behind_the_handoff_with_its_time(tmp_path):
    path = tmp_path / "table.json"
    ctl = open_table("tienlen", [HUMAN, HUMAN, AI, AI], path, turn_seconds=15)
    start = run_until(ctl, Phase.HUMAN)
    ctl.pause(start + 5.0)
    left = ctl.time_left(start + 5.0)
    assert 0 < left < 15
    ctl.close()

    again = reopen(path, now=5000.0)
    assert again.phase is Phase.HANDOFF                  # D18: every hand hidden first
    again.confirm_handoff(5030.0)                        # however long the hand-off took
    assert again.time_left(5030.0) == pytest.approx(left)


@pytest.mark.parametrize("clock", [
    {"left_s": 1e9}, {"left_s": "abc"}, {"actions": 0}, {"tambah_used": [99]},
    {"tambah": "yes"}, {"extra": 1}, "not a clock"])
def test_a_hand_edited_or_stale_clock_gives_the_turn_its_full_time(tmp_path, clock):
    path = tmp_path / "table.json"
    ctl = open_table("domino", [HUMAN, AI, AI, AI], path, turn_seconds=35, seed=5)
    start = run_until(ctl, Phase.HUMAN)
    ctl.pause(start + 30.0)
    ctl.close()
    saved = json.loads(path.read_text())
    if isinstance(clock, dict):
        saved["table"]["clock"].update(clock)
    else:
        saved["table"]["clock"] = clock
    path.write_text(json.dumps(saved))

    again = reopen(path, now=5000.0)
    assert again.phase is Phase.HUMAN
    assert again.time_left(5000.0) == pytest.approx(35.0)


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_continue_opens_a_table_left_on_a_summary_on_that_summary(ui, game):
    """In the window: the Continue list's Open shows the deal's summary dialog again, with the
    same number of deals; its button deals the next one."""
    from test_saves import played, press_continue, save
    table = played(game, lambda table: bool(table.record["deals"]) and (
        table.state.needs_deal() and len(table.record["deals"]) >= 1), seed=6)
    deals = len(table.record["deals"])
    path = save(ui.app.saves, table)
    scene = press_continue(ui)
    scene.open(next(saved for saved in scene.open_buttons.values() if saved.path == path))
    resumed = ui.app.stack.scenes[1]
    ui.run_until(lambda: ui.top() is not resumed, dt=0.2, within_s=30)
    dialog = ui.top()
    assert isinstance(dialog, resumed.DIALOGS[Phase.SUMMARY]), type(dialog)
    assert resumed.ctl.phase is Phase.SUMMARY
    assert len(resumed.ctl.table.record["deals"]) == deals
    ui.screenshot(f"resumed-summary-{game}")
