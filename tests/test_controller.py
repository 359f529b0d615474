"""The table controller without pygame: whole matches through its states, hand-off, timers,
autosave and resume (D18, D19)."""

import json

import pytest

from game.controller.autosave import DamagedSave, read_save
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.settings import ControllerSettings
from game.controller.table_controller import Phase, TableController
from game.core.errors import IllegalAction
from game.core.table import Table
from game.domino.actions import PASS, PLAY_AT, Misplayed
from game.domino.tiles import fits

NAMES = ["Ani", "Budi", "Citra", "Dewi"]
FAST = dict(bot_move_pause_s=0, human_move_pause_s=0, auto_summary_s=0, bot_budget_s=0.01)


def seats(*kinds):
    return [SeatConfig(name, kind, "easy") for name, kind in zip(NAMES, kinds)]


def controller(kinds, seed=1, save_path=None, **settings):
    table = Table("domino", NAMES, seed=seed)
    return TableController(table, seats(*kinds), ControllerSettings(**{**FAST, **settings}),
                           save_path=save_path)


def drive(ctl, humans_play=True, max_steps=20000, on_step=None):
    """Run the controller with simulated time; humans play their first legal action."""
    now = 0.0
    for _ in range(max_steps):
        if ctl.phase is Phase.OVER:
            return now
        if on_step:
            on_step(ctl)
        if ctl.phase is Phase.HANDOFF:
            ctl.confirm_handoff(now)
        elif ctl.phase is Phase.HUMAN and humans_play:
            ctl.human_action(ctl.state.legal_actions()[0], now)
        elif ctl.phase is Phase.SUMMARY and ctl.humans:
            ctl.acknowledge_summary(now)
        now += 0.5
        ctl.update(now)
    raise AssertionError("the match did not end")


def test_an_all_ai_match_runs_to_the_end():
    ctl = controller([AI] * 4)
    drive(ctl)
    assert ctl.state.is_terminal()
    assert sorted(ctl.state.ranking) == [0, 1, 2, 3]
    assert ctl.hand_visible_to() is None


def test_handoff_exactly_when_two_different_humans_alternate():
    """D18: a hand-off before every turn of a human other than the last one at the screen, and
    before the first human turn of every deal (the summary was everyone's); never between two
    turns of the same human within a deal."""
    ctl = controller([HUMAN, AI, HUMAN, AI], seed=4)
    log = []

    def watch(c):
        deal = len(c.table.record["deals"])
        if not log or log[-1] != ("deal", deal) and ("deal", deal) not in log:
            log.append(("deal", deal))
        if c.phase is Phase.HANDOFF:
            assert c.hand_visible_to() is None
            if log[-1] != ("handoff", c.to_move()):
                log.append(("handoff", c.to_move()))
        elif c.phase is Phase.HUMAN:
            if log[-1] != ("turn", c.to_move()):
                log.append(("turn", c.to_move()))

    drive(ctl, on_step=watch)
    last_human, new_deal = None, True
    for index, (kind, player) in enumerate(log):
        if kind == "deal":
            new_deal = True
        elif kind == "turn":
            if new_deal or player != last_human:
                assert log[index - 1] == ("handoff", player), "a hand-off was skipped"
            last_human, new_deal = player, False
        else:
            assert new_deal or player != last_human, "a hand-off between turns of one human"
    assert any(kind == "handoff" for kind, _ in log)


def test_a_single_human_never_sees_a_handoff_and_always_sees_their_hand():
    ctl = controller([AI, HUMAN, AI, AI], seed=2)
    drive(ctl, on_step=lambda c: (c.phase is not Phase.HANDOFF) or pytest.fail("hand-off"))
    assert ctl.hand_visible_to() == 1


def human_turn(seed=3, **settings):
    ctl = controller([HUMAN, AI, AI, AI], seed=seed, **settings)
    now = 0.0
    while ctl.phase is not Phase.HUMAN:
        now += 0.5
        ctl.update(now)
        if ctl.phase is Phase.SUMMARY:
            ctl.acknowledge_summary(now)
    return ctl, now


def test_D19_time_out_makes_the_move_and_announces_it():
    ctl, now = human_turn(turn_seconds=35, tambah_seconds=60)
    moves = len(ctl.table.record["actions"])
    ctl.update(now + 34.9)
    assert len(ctl.table.record["actions"]) == moves and ctl.time_left(now + 34.9) > 0
    legal = ctl.state.legal_actions()
    ctl.update(now + 35)
    assert len(ctl.table.record["actions"]) == moves + 1
    notice = ctl.notices.kept[-1]
    assert notice.kind == "timeout" and notice.player == 0
    if legal == [PASS]:
        assert notice.data["action"] == {"type": "pass"}


def test_D19_tambah_once_per_deal_extends_one_move_to_60_seconds():
    ctl, now = human_turn(turn_seconds=35, tambah_seconds=60)
    assert ctl.tambah(now)
    assert not ctl.tambah(now), "tambah is once per deal"
    ctl.update(now + 59)
    assert ctl.phase is Phase.HUMAN
    ctl.update(now + 60)
    assert ctl.notices.kept[-1].kind == "timeout"
    ctl.clock.timer.new_deal()
    assert ctl.clock.timer.can_tambah(0)


def misplay_position():
    """A human turn after the opening where the human holds a tile that fits neither end."""
    for seed in range(100):
        ctl, now = human_turn(seed=seed)
        state = ctl.state
        misfits = [t for t in state.hands[0] if state.opening_tile is None
                   and not fits(t, state.left) and not fits(t, state.right)]
        if misfits:
            return ctl, now, misfits[0]
    raise AssertionError("no position found")


def test_D8_a_human_misplay_costs_a_point_and_the_human_still_moves():
    ctl, now, tile = misplay_position()
    events = ctl.human_action(PLAY_AT[tile]["L"], now)
    assert events == [Misplayed(0, tile, -1)]
    assert ctl.state.totals[0] == -1
    ctl.update(now + 1)
    assert ctl.phase is Phase.HUMAN and ctl.to_move() == 0


def test_an_illegal_human_move_is_refused_and_changes_nothing():
    ctl, now, tile = misplay_position()
    before = json.dumps(ctl.table.record)
    with pytest.raises(IllegalAction):
        ctl.human_action(PASS if PASS not in ctl.state.legal_actions() else PLAY_AT[27]["L"],
                         now)
    assert json.dumps(ctl.table.record) == before and ctl.phase is Phase.HUMAN


def test_autosave_kill_and_resume_give_the_identical_state(tmp_path):
    path = tmp_path / "autosave.json"
    ctl = controller([HUMAN, AI, HUMAN, AI], seed=9, save_path=path)
    now = 0.0
    for _ in range(150):                       # play part of the match, then "kill"
        if ctl.phase is Phase.HANDOFF:
            ctl.confirm_handoff(now)
        elif ctl.phase is Phase.HUMAN:
            ctl.human_action(ctl.state.legal_actions()[-1], now)
        elif ctl.phase is Phase.SUMMARY:
            ctl.acknowledge_summary(now)
        now += 0.5
        ctl.update(now)
    table, saved_seats, settings = read_save(path)
    assert saved_seats == ctl.seats and settings.bot_budget_s == FAST["bot_budget_s"]
    assert table.record["actions"] == ctl.table.record["actions"]
    for name in type(table.state).__slots__:
        assert getattr(table.state, name) == getattr(ctl.state, name), name
    resumed = TableController(table, saved_seats, ControllerSettings(**FAST), save_path=path)
    drive(resumed)
    assert resumed.state.is_terminal()


@pytest.mark.parametrize("damage", [
    lambda text: text[: len(text) // 2],                         # truncated by a crash
    lambda text: text.replace('"tile": "', '"tile": "9', 1),     # hand-edited
    lambda text: "\x00garbage",
])
def test_a_damaged_save_is_reported_and_kept_aside(tmp_path, damage):
    path = tmp_path / "autosave.json"
    ctl = controller([HUMAN, AI, AI, AI], seed=9, save_path=path)
    now = 0.0
    while len(ctl.table.record["actions"]) < 5:
        if ctl.phase is Phase.HUMAN:
            ctl.human_action(ctl.state.legal_actions()[0], now)
        now += 0.5
        ctl.update(now)
    path.write_text(damage(path.read_text()))
    with pytest.raises(DamagedSave) as error:
        read_save(path)
    assert "could not be restored" in str(error.value)
    assert not path.exists() and error.value.moved_to.exists()


def test_the_event_feed_keeps_only_the_current_deal_once_read():
    """A long session must not hold every event of every deal: a reader that follows
    the feed gets every event exactly once, in order, and afterwards the feed keeps only the
    deal in play."""
    ctl = controller([AI] * 4, seed=3)
    read, seen, longest_kept = [], 0, 0

    def reader(ctl):
        nonlocal seen, longest_kept
        read.extend(ctl.events.since(seen))
        seen = ctl.events.end
        longest_kept = max(longest_kept, len(ctl.events.kept))

    drive(ctl, on_step=reader)
    reader(ctl)
    assert seen == len(read) and read, "positions count every event once"
    deals_started = [e for e in read if type(e).__name__ == "DealStarted"]
    assert len(deals_started) == len(ctl.table.record["deals"]) > 3
    assert type(ctl.events.kept[0]).__name__ == "DealStarted", "the kept part starts at a deal"
    assert ctl.events.kept == read[-len(ctl.events.kept):]
    assert longest_kept < len(read) / 2, "earlier deals were let go"


def test_an_unread_event_is_never_dropped():
    from game.controller.feed import Feed
    feed = Feed()
    feed.new_deal()
    feed.extend(["deal 1", "a"])
    feed.new_deal()
    feed.extend(["deal 2"])
    assert feed.since(1) == ["a", "deal 2"]          # read up to 1: only "deal 1" may go
    assert feed.kept == ["a", "deal 2"] and feed.end == 3
    assert feed.since(3) == [] and feed.kept == ["deal 2"]
    assert feed.since(0) == ["deal 2"], "a reader from the start gets what is kept"


def test_D19_the_move_timer_stands_still_while_the_table_is_paused():
    ctl, now = human_turn(turn_seconds=35, tambah_seconds=60)
    assert ctl.time_left(now + 5) == pytest.approx(30)
    ctl.pause(now + 5)
    assert ctl.time_left(now + 40) == pytest.approx(30), "the clock shown under the menu"
    ctl.update(now + 40)
    assert ctl.phase is Phase.HUMAN, "no time-out while paused"
    ctl.resume(now + 40)
    assert ctl.time_left(now + 41) == pytest.approx(29)


def hotseat_turn(seed=4, **settings):
    """A table of two humans and two bots at the first human's confirmed turn."""
    ctl = controller([HUMAN, AI, HUMAN, AI], seed=seed, **settings)
    now = 0.0
    while ctl.phase is not Phase.HUMAN:
        if ctl.phase is Phase.HANDOFF:
            ctl.confirm_handoff(now)
        now += 0.5
        ctl.update(now)
    return ctl, now


def test_D18_a_paused_hotseat_turn_asks_its_player_again_and_keeps_its_time():
    ctl, now = hotseat_turn(turn_seconds=35)
    player = ctl.to_move()
    left = ctl.time_left(now + 5)
    ctl.pause(now + 5)
    assert ctl.hand_visible_to() is None, "no hand under the menu"
    ctl.resume(now + 20)
    assert ctl.phase is Phase.HANDOFF and ctl.to_move() == player
    assert ctl.hand_visible_to() is None, "whoever closed the menu sees no hand"
    ctl.confirm_handoff(now + 50)
    assert ctl.phase is Phase.HUMAN and ctl.hand_visible_to() == player
    assert ctl.time_left(now + 50) == pytest.approx(left), "the hidden time did not count"


def test_D18_a_new_deal_asks_for_the_hand_off_even_for_the_same_human():
    ctl, now = hotseat_turn()
    deals = len(ctl.table.record["deals"])
    handoffs_in_new_deal = []
    while len(ctl.table.record["deals"]) == deals or ctl.phase is not Phase.HUMAN:
        if ctl.phase is Phase.HANDOFF:
            if len(ctl.table.record["deals"]) > deals:
                handoffs_in_new_deal.append(ctl.to_move())
            ctl.confirm_handoff(now)
        elif ctl.phase is Phase.HUMAN:
            ctl.human_action(ctl.state.legal_actions()[0], now)
        elif ctl.phase is Phase.SUMMARY:
            assert ctl.hand_visible_to() is None, "the summary is everyone's: no hand"
            ctl.acknowledge_summary(now)
        now += 0.5
        ctl.update(now)
    assert handoffs_in_new_deal, "the new deal's first human turn came without a hand-off"


def test_D19_a_misplay_buys_no_time():
    ctl, now = human_turn(seed=11, turn_seconds=35, tambah_seconds=60)
    state = ctl.state
    for _ in range(40):
        wrong = [tile for tile in state.hands[0] if state.opening_tile is None
                 and not fits(tile, state.left) and not fits(tile, state.right)]
        if wrong:
            break
        ctl.human_action(state.legal_actions()[0], now)
        while ctl.phase is not Phase.HUMAN:
            now += 0.5
            ctl.update(now)
            if ctl.phase is Phase.SUMMARY:
                ctl.acknowledge_summary(now)
    left = ctl.time_left(now + 10)
    ctl.human_action(PLAY_AT[wrong[0]]["L"], now + 10)          # D8: −1, still to move
    ctl.update(now + 11)
    assert ctl.phase is Phase.HUMAN and ctl.to_move() == 0
    assert ctl.time_left(now + 11) == pytest.approx(left - 1), "the clock went on"
