"""Hand privacy with a remote seat (D4, D18): at a table of two humans at this screen, one
friend at another screen (REMOTE) and one AI, the hand-off is only ever between the two local
humans, the remote seat's hand never reaches this screen's view, and while the remote seat is
to move this screen sees no acting human (its move comes through `remote_seats`).
Played through whole deals of each game with the controller alone (no window, no network)."""

from __future__ import annotations

import pytest

from game.controller.bot_desk import InlineBotRunner
from game.controller.seats import AI, HUMAN, REMOTE, SeatConfig
from game.controller.settings import ControllerSettings
from game.controller.table_controller import Phase, TableController
from game.core.errors import IllegalAction
from game.core.table import Table
from game.save_format import check_seat

FAST = dict(bot_move_pause_s=0, human_move_pause_s=0, auto_summary_s=0, bot_budget_s=0.01)
KINDS = (HUMAN, REMOTE, HUMAN, AI)
LOCAL, FRIEND = {0, 2}, 1
OPTIONS = {"domino": {}, "tienlen": {}, "joker": {"game_type": "nines"}}


def table_of(game: str, seed: int = 5) -> TableController:
    names = ["Ani", "Budi", "Citra", "Dewi"]
    seats = [SeatConfig(name, kind, "easy") for name, kind in zip(names, KINDS)]
    table = Table.open(game, names, OPTIONS[game], seed=seed)
    return TableController(table, seats, ControllerSettings(**FAST), bot_runner=InlineBotRunner())


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_hand_offs_only_between_local_humans_and_the_remote_hand_never_shown(game):
    ctl = table_of(game)
    now, confirmed_by, remote_moves, checks = 0.0, [], 0, 0
    while ctl.deals_played < 2 and ctl.phase is not Phase.OVER and checks < 20000:
        checks += 1
        view = ctl.view()
        # the remote seat's hand is never in this screen's view
        assert view.seat != FRIEND
        assert view.acting != FRIEND
        if view.hand_shown:
            assert view.seat in LOCAL and view.observation.hand
        else:
            assert view.observation.hand == ()
        if ctl.phase is Phase.HANDOFF:
            assert ctl.to_move() in LOCAL, "a hand-off to a seat not at this screen"
            confirmed_by.append(ctl.to_move())
            ctl.confirm_handoff(now)
        elif ctl.phase is Phase.HUMAN and ctl.to_move() == FRIEND:
            # this screen waits: no acting human, nothing it may play or ask for the friend
            assert ctl.human_to_act() is None and view.acting is None and view.legal == ()
            assert not ctl.can_tambah() and not ctl.coach_allowed
            with pytest.raises(IllegalAction):
                ctl.human_action(ctl.state.legal_actions()[0], now)
            ctl.remote_seats.action(FRIEND, ctl.state.legal_actions()[0], now)
            remote_moves += 1
        elif ctl.phase is Phase.HUMAN:
            assert ctl.human_to_act() in LOCAL and view.acting == ctl.to_move() == view.seat
            ctl.human_action(view.legal[0], now)
        elif ctl.phase is Phase.SUMMARY:
            assert view.revealed is not None      # every hand once the deal is over (D4)
            ctl.acknowledge_summary(now)
        now += 0.05
        ctl.update(now)
    assert remote_moves > 0 and set(confirmed_by) == LOCAL
    ctl.close()


def test_a_remote_seats_move_is_refused_out_of_that_seats_turn():
    ctl = table_of("tienlen")
    now = 0.0
    while not (ctl.phase is Phase.HUMAN and ctl.to_move() in LOCAL):
        if ctl.phase is Phase.HANDOFF:
            ctl.confirm_handoff(now)
        elif ctl.phase is Phase.HUMAN:
            ctl.remote_seats.action(FRIEND, ctl.state.legal_actions()[0], now)
        now += 0.05
        ctl.update(now)
    with pytest.raises(IllegalAction):
        ctl.remote_seats.action(FRIEND, ctl.state.legal_actions()[0], now)
    ctl.close()


def test_a_remote_seat_is_saved_with_its_fallback():
    assert check_seat({"name": "Budi", "kind": "remote", "level": "wait"})["kind"] == REMOTE
    assert check_seat({"name": "Budi", "kind": "remote", "level": "hard"})["level"] == "hard"
    for bad in ({"name": "B", "kind": "human", "level": "wait"},
                {"name": "B", "kind": "friend"}, {"name": "B", "kind": "remote", "level": 3}):
        with pytest.raises(ValueError):
            check_seat(bad)
    assert SeatConfig("Budi", REMOTE, "wait").is_human and SeatConfig("B", REMOTE).is_remote
