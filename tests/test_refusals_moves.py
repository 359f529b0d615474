"""Real illegal moves on real states: each is refused with its code and parameters, changes
nothing, and keeps the English message `main.py replay` prints. Also the Tiến Lên selection
judge, which now says the engine's refusal in the player's language."""

from __future__ import annotations

import copy

import pytest

from game.controller.seats import AI, SeatConfig
from game.controller.table_controller import ControllerSettings, TableController
from game.core.errors import IllegalAction
from game.core.replay import _Replay, load_table, replay
from game.core.table import Table
from game.domino.actions import PASS as DOMINO_PASS
from game.domino.tiles import tile_from_text
from game.joker.actions import JokerMode, Play as JokerPlay
from game.joker.cards import parse_card_text
from game.tienlen.actions import Play as TienLenPlay
from game.tienlen.cards import parse
from game.ui.i18n import set_language, t
from game.ui.tienlen.words import Verdict, judge_selection
from test_tienlen_support import CHAIN_HANDS, cards, dealt, position

NAMES = ["Ani", "Budi", "Citra", "Dewi"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def views(state) -> tuple:
    """What every seat sees and what the player to move may do (all of it must stay put)."""
    return (tuple(state.observation(p) for p in range(state.num_players)),
            tuple(state.legal_actions()), tuple(state.returns()))


def is_plain(value) -> bool:
    if isinstance(value, tuple):
        return all(is_plain(item) for item in value)
    return type(value) in (int, str)


def refused(scenario: dict, bad: dict) -> IllegalAction:
    """Replay `scenario`, then try the action `bad` (scenario JSON) on the state reached: returns
    the refusal, having checked that it changed nothing, that its parameters are plain data, and
    that replaying the scenario with `bad` appended reports the same English message."""
    table = load_table(copy.deepcopy(scenario))
    state = table.state
    before = views(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(table.definition.action_from_json(bad))
    error = caught.value
    assert views(state) == before, "a refused move changes nothing"
    assert all(is_plain(value) for value in error.params.values()), error.params
    index = len(scenario["actions"])
    code, out = replay(copy.deepcopy({**scenario, "actions": scenario["actions"] + [bad]}))
    assert code == 2
    assert out["error"] == {"action_index": index, "message": f"action {index}: {error}"}
    return error


# --- domino (D5–D11) ----------------------------------------------------------------------------

DOMINO_DEAL = {"hands": [["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
                         ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"],
                         ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5"],
                         ["3-6", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"]]}
OPEN = {"type": "play", "tile": "6-6"}
T = tile_from_text


def domino(*actions, **options) -> dict:
    return {"format": "scenario/1", "game": "domino", "options": options, "players": NAMES,
            "deals": [DOMINO_DEAL], "actions": list(actions)}


@pytest.mark.parametrize("scenario, bad, code, params", [
    # D5: 6-6 opens the deal; the holder may neither play another tile nor pass
    (domino(), {"type": "play", "tile": "5-5"}, "must_open_with", {"tile": T("6-6")}),
    (domino(), {"type": "pass"}, "cannot_pass_must_open", {"tile": T("6-6"), "player": 3}),
    # D6: a player holding a tile that fits may not pass
    (domino(OPEN), {"type": "pass"}, "cannot_pass_tile_fits",
     {"tile": T("0-6"), "left": 6, "right": 6, "player": 0}),
    # D7: the end asked for must take the tile
    (domino(OPEN, {"type": "play", "tile": "0-6", "end": "R"}),
     {"type": "play", "tile": "1-6", "end": "R"}, "wrong_end",
     {"tile": T("1-6"), "end": "R", "number": 0}),
    (domino(OPEN, {"type": "play", "tile": "0-6", "end": "R"}),
     {"type": "play", "tile": "1-6"}, "end_not_chosen", {"tile": T("1-6")}),
    # D8 with the misplay penalty off: a tile matching no end is simply refused
    (domino(OPEN, misplay_penalty=False), {"type": "play", "tile": "0-0", "end": "L"},
     "tile_does_not_fit", {"tile": T("0-0"), "left": 6, "right": 6}),
    (domino(OPEN), {"type": "play", "tile": "1-1", "end": "L"}, "tile_not_in_hand",
     {"tile": T("1-1"), "player": 0}),
    # D11: Apollo is the last two tiles of a hand
    (domino(OPEN), {"type": "apollo", "plays": [{"tile": "0-6", "end": "L"},
                                               {"tile": "0-0", "end": "R"}]},
     "apollo_needs_two_tiles", {"held": 7, "player": 0}),
])
def test_domino_refusals(scenario, bad, code, params):
    error = refused(scenario, bad)
    assert (error.code, error.params) == (code, params)


# V-D1: after Budi's seven doubles (D14) won deal 1, he opens deal 2 with a tile of his choice
ALL_DOUBLES_TO_B = {"hands": [["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-2"],
                              ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6"],
                              ["1-3", "1-4", "1-5", "1-6", "2-3", "2-4", "2-5"],
                              ["2-6", "3-4", "3-5", "3-6", "4-5", "4-6", "5-6"]]}


def domino_opened_by_winner(opening: str) -> dict:
    return {**domino(opening=opening), "deals": [ALL_DOUBLES_TO_B, DOMINO_DEAL]}


@pytest.mark.parametrize("scenario, bad, code, params", [
    (domino_opened_by_winner("lampung"), {"type": "play", "tile": "1-2"},
     "must_open_with_double", {"tile": T("1-2"), "player": 1}),
    (domino_opened_by_winner("lampung"), {"type": "pass"}, "cannot_pass_you_open",
     {"player": 1}),
    (domino_opened_by_winner("winner"), {"type": "pass"}, "cannot_pass_you_open", {"player": 1}),
    (domino_opened_by_winner("winner"), {"type": "play", "tile": "6-6"}, "tile_not_in_hand",
     {"tile": T("6-6"), "player": 1}),
])
def test_domino_refusals_of_a_free_opening(scenario, bad, code, params):
    error = refused(scenario, bad)
    assert (error.code, error.params) == (code, params)


def test_D8_a_misplay_with_the_penalty_on_is_a_move_not_a_refusal():
    table = load_table(domino(OPEN))
    events = table.state.apply(table.definition.action_from_json(
        {"type": "play", "tile": "0-0", "end": "L"}))
    assert type(events[0]).__name__ == "Misplayed"


# --- Tiến Lên (T3–T16) --------------------------------------------------------------------------

def tienlen(*actions) -> dict:
    return {"format": "scenario/1", "game": "tienlen", "options": {}, "players": NAMES,
            "deals": [{"hands": [hand.split() for hand in CHAIN_HANDS]}],
            "actions": list(actions)}


def P(text: str) -> dict:  # noqa: N802 - reads like the notation
    return {"type": "play", "cards": text.split()}


PASS = {"type": "pass"}
ROUND_OF_3S = (P("3S"), PASS, PASS, PASS)      # Ani leads 3♠, everyone passes: Ani leads again


@pytest.mark.parametrize("scenario, bad, code, params", [
    # T7: the first play of the first game contains 3♠
    (tienlen(), P("4H"), "must_include", {"card": parse("3S")}),
    # T3: a play is a combination
    (tienlen(), P("3S 5H"), "not_a_combination", {"cards": cards("3S 5H")}),
    (tienlen(), P("3S 3H"), "cards_not_in_hand", {"cards": cards("3H"), "player": 0}),
    # T8: the leader plays
    (tienlen(), PASS, "cannot_pass_leading", {}),
    # T4: same kind and size, higher top card
    (tienlen(*ROUND_OF_3S, P("AH")), P("KD"), "does_not_beat",
     {"play": cards("KD"), "table": cards("AH")}),
    (tienlen(*ROUND_OF_3S, P("AH")), P("5S 5C"), "does_not_beat",
     {"play": cards("5S 5C"), "table": cards("AH")}),
    # T16: a player leaves once
    (tienlen({"type": "leave", "player": 1}), {"type": "leave", "player": 1}, "already_left",
     {"player": 1}),
])
def test_tienlen_refusals(scenario, bad, code, params):
    error = refused(scenario, bad)
    assert (error.code, error.params) == (code, params)


def test_T9_a_passed_player_comes_back_only_with_four_pairs():
    state = position(["3S", "5S 5H 6S 6H 7S 7H 8S 8H 2H", "4D", "5D"],
                     to_move=1, table="2C", table_player=0, passed=(1,))
    before = views(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(TienLenPlay(cards("2H")))
    assert (caught.value.code, caught.value.params) == ("passed_this_round", {"player": 1})
    assert str(caught.value) == ("Budi has passed this round and may only come back with four "
                                 "consecutive pairs")
    assert views(state) == before


# --- Joker (J5–J10) -----------------------------------------------------------------------------

#: a nines game (J4): seat 1 names trump, bids first and leads; seat 3 holds no heart
NINES_DEAL = {"hands": [
    "6H 7H 8H 6D 7D 7C 8C 7S 8S".split(),
    "9H 10H JH 8D 9D 9C 10C 9S X1".split(),
    "QH KH AH 10D JD JC QC 10S JS".split(),
    "KD AD QD KC AC QS KS AS X2".split()]}
TRUMP_S = {"type": "trump", "suit": "S"}
BIDS = ({"type": "bid", "n": 1}, {"type": "bid", "n": 2}, {"type": "bid", "n": 2})
DEALER_BIDS_1 = {"type": "bid", "n": 1}
C = parse_card_text


def joker(*actions) -> dict:
    return {"format": "scenario/1", "game": "joker", "options": {"game_type": "nines"},
            "players": NAMES, "first_dealer": 0, "deals": [NINES_DEAL],
            "actions": list(actions)}


def card(text: str, mode: str | None = None, suit: str | None = None) -> dict:
    action = {"type": "play", "card": text}
    if mode:
        action["joker"] = mode
    if suit:
        action["suit"] = suit
    return action


@pytest.mark.parametrize("scenario, bad, code, params", [
    # J5: trump is named before anything else
    (joker(), {"type": "bid", "n": 1}, "time_to_name_trump", {}),
    (joker(TRUMP_S), card("9H"), "time_to_bid", {}),
    # J6: the dealer may not make the bids add up to the cards dealt
    (joker(TRUMP_S, *BIDS), {"type": "bid", "n": 4}, "dealer_bid_forbidden",
     {"bid": 4, "cards": 9}),
    (joker(TRUMP_S, *BIDS), {"type": "bid", "n": 10}, "bid_out_of_range", {"cards": 9}),
    (joker(TRUMP_S, *BIDS, DEALER_BIDS_1), card("AH"), "card_not_in_hand",
     {"card": C("AH")}),
    # J8: follow suit; void in it, play a trump
    (joker(TRUMP_S, *BIDS, DEALER_BIDS_1, card("9H")), card("10D"), "must_follow_suit",
     {"suit": 0}),
    (joker(TRUMP_S, *BIDS, DEALER_BIDS_1, card("9H"), card("QH")), card("KD"), "must_trump",
     {"suit": 0, "trump": 3}),
    # J9: a led joker is high or takes, with a suit; "high" asks for the highest of that suit
    (joker(TRUMP_S, *BIDS, DEALER_BIDS_1), card("X1", "under", "H"), "joker_lead_under",
     {"card": C("X1")}),
    (joker(TRUMP_S, *BIDS, DEALER_BIDS_1), card("X1", "high"), "joker_lead_needs_suit",
     {"card": C("X1")}),
    (joker(TRUMP_S, *BIDS, DEALER_BIDS_1, card("X1", "high", "H")), card("QH"),
     "must_play_highest", {"suit": 0, "card": C("AH")}),
    # J10: a joker that does not lead is high or under, without a suit
    (joker(TRUMP_S, *BIDS, DEALER_BIDS_1, card("9H"), card("QH")), card("X2", "takes"),
     "joker_takes_only_when_led", {"card": C("X2")}),
    (joker(TRUMP_S, *BIDS, DEALER_BIDS_1, card("9H"), card("QH")), card("X2", "under", "H"),
     "joker_suit_only_when_led", {"card": C("X2")}),
])
def test_joker_refusals(scenario, bad, code, params):
    error = refused(scenario, bad)
    assert (error.code, error.params) == (code, params)


def test_J9_J10_only_a_joker_is_played_with_a_mode():
    state = load_table(joker(TRUMP_S, *BIDS, DEALER_BIDS_1)).state
    before = views(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(JokerPlay(C("9H"), JokerMode.HIGH, 0))
    assert (caught.value.code, caught.value.params) == ("mode_on_plain_card", {"card": C("9H")})
    with pytest.raises(IllegalAction) as caught:
        state.apply(JokerPlay(C("X1")))
    assert caught.value.code == "joker_lead_needs_suit"
    assert views(state) == before


# --- the table: replay and controller -----------------------------------------------------------

def test_a_scenario_move_by_the_wrong_player_is_refused_naming_both():
    walk = _Replay(domino())
    walk.deal_listed_deals()
    with pytest.raises(IllegalAction) as caught:
        walk.apply_action({"player": 1, **OPEN})
    assert (caught.value.code, caught.value.params) == ("wrong_player",
                                                        {"player": 3, "claimed": 1})
    assert str(caught.value) == "it is Dewi's turn (player 3), not player 1's"


def test_the_controller_refuses_a_human_move_on_a_bots_turn_and_reports_engine_refusals():
    table = Table("domino", NAMES, seed=1)
    ctl = TableController(table, [SeatConfig(name, AI, "easy") for name in NAMES],
                          ControllerSettings(bot_budget_s=0.01))
    with pytest.raises(IllegalAction) as caught:
        ctl.human_action(DOMINO_PASS, 0.0)
    assert caught.value.code == "not_your_turn"
    before = views(ctl.state)
    refusal = ctl.refusal(DOMINO_PASS)                 # 6-6 has not opened yet (D5)
    assert refusal.code == "cannot_pass_must_open" and views(ctl.state) == before
    ctl.close()


# --- the Tiến Lên judge says the engine's refusal, translated -----------------------------------

def engine_refusal(state):
    """What TableController.refusal does: ask a copy of the state."""
    def refusal(action):
        try:
            state.clone().apply(action)
        except IllegalAction as error:
            return error
        return None
    return refusal


def judge(state, selection: str):
    player = state.current_player()
    before = views(state)
    verdict = judge_selection(state.observation(player), state.legal_actions(),
                              engine_refusal(state), cards(selection))
    assert views(state) == before
    return verdict


@pytest.mark.parametrize("state, selection, reason", [
    (dealt(CHAIN_HANDS), "3S 5H", "Mấy lá này không thành bộ"),                  # T3
    (dealt(CHAIN_HANDS), "4H", "Lượt đánh đầu tiên phải có 3♠"),                  # T7
    (position(["5S 5H 3D", "9S 9H 4D", "4C", "5D"], to_move=0, table="9S 9H",
              table_player=1), "5S 5H", "Đôi 5 không bắt được Đôi 9"),             # T4
    (position(["3S", "5S 5H 6S 6H 7S 7H 8S 8H 2H", "4D", "5D"], to_move=1, table="2C",
              table_player=0, passed=(1,)), "2H",
     "Bạn đã bỏ lượt vòng này: chỉ bốn đôi thông mới được vào lại"),                # T9
])
def test_the_judge_gives_the_engines_reason_in_vietnamese(state, selection, reason):
    set_language("vi")
    verdict = judge(state, selection)
    assert verdict.play is None and verdict.label == t("tienlen.play") == "Đánh"
    assert verdict.reason == reason


def test_the_judge_names_a_legal_selection_and_a_chop():
    state = position(["3S", "5S 5H 6S 6H 7S 7H 8S 8H 2H", "4D", "5D"], to_move=1, table="2C",
                     table_player=0, passed=(1,))
    verdict = judge(state, "5S 5H 6S 6H 7S 7H 8S 8H")
    assert verdict.play == TienLenPlay(cards("5S 5H 6S 6H 7S 7H 8S 8H"))
    assert verdict.label == "Play: Four consecutive pairs — chặt!" and verdict.reason == ""
    assert judge(state, "") == Verdict(None, "Play")


def test_the_judge_falls_back_to_not_now_when_the_engine_gives_no_refusal():
    """The judge trusts `legal` for the Play button and the engine for its reasons."""
    state = dealt(CHAIN_HANDS)
    verdict = judge_selection(state.observation(0), [], lambda action: None, (parse("3S"),))
    assert verdict.play is None and verdict.reason == t("tienlen.why.not_now")
