"""T16: leaving the table during a game (the player to move, another player, the last player
of the round, a player in a chop chain, until one player remains) and between games."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.tienlen.actions import PASS, ChopSettled, Deal, PlayerLeft, RoundEnded
from test_tienlen_support import (CHAIN_HANDS, CHOPS, OPENING, PASS_JSON, P, cards, dealt, leave,
                                  play, run, scenario)

THREE_HANDS = ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KD KH 5H",
               "3C 4C 5C 6C 7C 8C 9C 10C JC QC AC 2H 2C",
               "3D 4D 6D 7D 8D 9D 10D JD QD KS AS 2S 2D"]


def LEAVE(player: int) -> dict:  # noqa: N802
    return {"type": "leave", "player": player}


def test_t16_the_player_to_move_leaves_the_turn_passes_on_payment_at_the_end():
    """Budi (cóng: 26 + 2♥ 20 + 2♣ 10 = 56) leaves on his turn; Citra moves; Ani wins later and
    receives the 56 when the game ends."""
    actions = [P("3S 4S 5S 6S 7S 8S 9S 10S JS QS"), LEAVE(1)]
    code, out = run(scenario([THREE_HANDS], actions))
    assert code == 0 and out["next"]["player"] == 2 and out["totals"] == [0, 0, 0]
    assert {"type": "leave", "player": 1} not in out["next"]["legal"]
    actions += [PASS_JSON, P("5H"), P("6D"), P("KD"), PASS_JSON, P("KH")]
    code, out = run(scenario([THREE_HANDS], actions))
    assert code == 0, out
    assert out["deals"] == [{"outcome": "normal", "winner": 0, "gold": [96, -56, -40],
                             "chops": []}]


def test_t16_the_leaver_takes_no_part_in_later_games():
    actions = [P("3S 4S 5S 6S 7S 8S 9S 10S JS QS"), LEAVE(1), PASS_JSON, P("5H"), P("6D"),
               P("KD"), PASS_JSON, P("KH")]
    second = ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KD KH 5H", "",
              "3D 4D 6D 7D 8D 9D 10D JD QD KS AS 2S 2D"]
    code, out = run(scenario([THREE_HANDS, second], actions + [P("5H"), PASS_JSON]))
    assert code == 0, out
    assert out["next"]["player"] == 0 and out["finished"] is False   # Ani won: Ani leads
    bad = [THREE_HANDS, ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KD KH 5H", "3C", "3D"]]
    code, out = run(scenario(bad, actions))
    assert code == 2 and out["error"]["message"].startswith("deal 2: ")


def test_t16_another_player_leaves_the_turn_stays():
    state = dealt(CHAIN_HANDS)
    state.apply(play("3S"))
    events = state.apply(leave(3))
    assert events[0] == PlayerLeft(3, 26 + 10)          # cóng with 2♠
    assert state.current_player() == 1
    state.apply(play("4D"))
    state.apply(play("5D"))
    assert state.current_player() == 0                  # Dewi is skipped


def test_t16_the_last_player_of_the_round_leaves_the_next_remaining_player_leads():
    state = dealt(CHAIN_HANDS)
    state.apply(play("3S"))
    state.apply(play("3H"))
    state.apply(play("4C"))
    state.apply(PASS)
    state.apply(PASS)
    state.apply(play("8D"))
    state.apply(leave(1))                               # Budi played last, Citra is to move
    assert state.current_player() == 2 and state.table is None
    assert isinstance(state.history[-1], RoundEnded)
    # Budi's payment, T14: 4♦ 10♦ K♦ A♦ + 5 5 6 6 7 7 (3 pairs: 20) + 2♣ 10
    assert state.pending_leaves == [(1, 4 + 20 + 10)]


def test_t16_a_chain_whose_last_chopped_leaves_is_settled_at_once():
    state = dealt(CHAIN_HANDS)
    for action in (play("3S"), PASS, PASS, PASS, play("2H")):
        state.apply(action)
    state.apply(play("5S 5C 6S 6C 7S 7C"))              # Budi chops Ani's 2♥: chain 20
    events = state.apply(leave(0))
    assert ChopSettled(0, 1, 20, 20) in events
    assert state.returns() == [-20, 20, 0, 0]
    assert state.current_player() == 2
    state.apply(play("9S 9C 9D 9H"))                    # a new chain: 20 for the 3 pairs
    assert state.chain_cards == 20
    state.apply(PASS)
    state.apply(PASS)
    assert state.returns() == [-20, 0, 20, 0]


def test_t16_a_chain_whose_last_chopper_leaves_is_settled_and_the_round_ends():
    actions = OPENING + CHOPS[:2] + [LEAVE(2)]
    code, out = run(scenario([CHAIN_HANDS], actions))
    assert code == 0, out
    assert out["totals"] == [0, -40, 40, 0]            # settled at once
    assert out["next"]["player"] == 3                  # the next remaining player after Citra
    assert all(a != PASS_JSON for a in out["next"]["legal"])   # Dewi leads


def test_t16_when_one_player_remains_that_player_wins():
    code, out = run(scenario([THREE_HANDS], [P("3S 4S 5S"), LEAVE(0), LEAVE(2)]))
    assert code == 0, out
    # Ani: 10 ordinary cards left; Citra: cóng 26 + 2♠ 10 + 2♦ 20
    assert out["deals"] == [{"outcome": "normal", "winner": 1, "gold": [-10, 66, -56],
                             "chops": []}]
    assert out["finished"] is True and out["next"] is None


def test_t16_two_players_one_leaves_the_table_is_over():
    hands = THREE_HANDS[:2]
    code, out = run(scenario([hands], [LEAVE(0)]))
    assert code == 0, out
    # Ani has not played: cóng, 26 (no 2s)
    assert out["deals"] == [{"outcome": "normal", "winner": 1, "gold": [-26, 26], "chops": []}]
    assert out["finished"] is True
    code, out = run(scenario([hands], [LEAVE(0), PASS_JSON]))
    assert code == 2 and out["error"]["action_index"] == 1


def test_t16_leaving_between_games_costs_nothing_and_the_leader_is_the_runner_up():
    state = dealt(THREE_HANDS)
    for action in ("3S 4S 5S 6S 7S 8S 9S 10S JS QS", None, None, "5H", None, "6D", "KD", None,
                   "KH"):
        state.apply(play(action) if action else PASS)
    assert state.needs_deal() and state.results[-1].winner == 0
    before = state.returns()
    assert state.apply(leave(0)) == [PlayerLeft(0, 0)]
    assert state.returns() == before
    state.start_deal(Deal(((), cards(THREE_HANDS[1]), cards(THREE_HANDS[2]))))
    assert state.current_player() == 2                 # Citra had 12 cards left, Budi 13


def test_t16_leave_errors():
    state = dealt(THREE_HANDS)
    state.apply(leave(1))
    with pytest.raises(IllegalAction, match="already left"):
        state.apply(leave(1))
    with pytest.raises(IllegalAction, match="no player 7"):
        state.apply(leave(7))
    with pytest.raises(IllegalAction, match="no player"):
        state.apply(leave(True))
