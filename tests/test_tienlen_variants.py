"""The Tiến Lên house rules, rule by rule (docs/rules/variants.md V-T1–V-T7 and the binding
decisions VT-a…VT-k), with the spec's own examples. Property tests over random combinations are
in test_tienlen_variant_properties.py."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.tienlen.actions import (PASS, ChopSettled, Chopped, CongPaid, Deal, GameOver, Leave,
                                  PlayerOut, RoundEnded, TienLenOptions)
from game.tienlen.cards import name, parse
from game.tienlen.definition import OPTIONS, TIENLEN
from game.tienlen.scoring import penalty_parts, special_values
from test_tienlen_support import (NAMES, PASS_JSON, P, cards, dealt, hand, legal_texts, play,
                                  position, run, scenario)

PLACES = {"settlement": "places"}
NO_TWO = {"no_finish_on_two": True}


def refused(state, action) -> IllegalAction:
    before = (state.observation(0), state.legal_actions(), state.returns())
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert (state.observation(0), state.legal_actions(), state.returns()) == before
    return caught.value


def apply_all(state, actions) -> list:
    events = []
    for action in actions:
        events += state.apply(action)
    return events


def json_deals(state) -> list[dict]:
    return TIENLEN.finished_deals_json(state)


# --- the options (Conventions, VT-a) --------------------------------------------------------------

NEW_OPTIONS = {"settlement": "count", "place_unit": 10, "no_finish_on_two": False,
               "three_spades_finish": False, "instant_wins": "standard",
               "chop_settlement": "chain_last", "comeback": "four_pairs", "lead_rule": "winner"}

FIRST_GAME = [  # four first-game hands without an instant win
    "3S 4H 5H 6H 7H 8H 10H JH QH KH AH 2D 2H",
    "3H 4D 8D 10D KD AD 2C 5S 5C 6S 6C 7S 7C",
    "3D 4C 5D 6D 7D 8C 10C JD QD 9S 9C 9D 9H",
    "3C 4S 8S 2S 10S JS JC QS QC KS KC AS AC",
]


def test_the_new_options_and_their_defaults_are_the_base_rules():
    assert {name: OPTIONS[name].default for name in NEW_OPTIONS} == NEW_OPTIONS
    assert TienLenOptions(**NEW_OPTIONS) == TienLenOptions()


def test_defaults_given_explicitly_replay_exactly_as_none_given():
    actions = [P("3S"), PASS_JSON, PASS_JSON, PASS_JSON, P("2H")]
    plain = run(scenario([FIRST_GAME], actions))
    explicit = run(scenario([FIRST_GAME], actions, options=dict(NEW_OPTIONS)))
    assert plain == explicit and plain[0] == 0


@pytest.mark.parametrize("name, value", [
    ("settlement", "rank"), ("settlement", 1), ("place_unit", 0), ("place_unit", "10"),
    ("place_unit", True), ("no_finish_on_two", "yes"), ("three_spades_finish", 1),
    ("instant_wins", True), ("instant_wins", "none"), ("chop_settlement", "first"),
    ("comeback", None), ("comeback", "four pairs"), ("lead_rule", "loser"),
])
def test_a_bad_value_exits_2_naming_the_option(name, value):
    code, out = run(scenario([FIRST_GAME], [], options={name: value}))
    assert code == 2 and out["error"]["action_index"] is None
    assert f"option {name!r}" in out["error"]["message"]
    assert "must be" in out["error"]["message"]


def test_every_combination_is_valid_and_place_unit_is_ignored_when_counting():
    """VT-a."""
    actions = [P("3S"), PASS_JSON, PASS_JSON, PASS_JSON]
    counted = run(scenario([FIRST_GAME], actions))
    assert run(scenario([FIRST_GAME], actions, options={"place_unit": 3})) == counted
    everything = {"settlement": "places", "place_unit": 5, "no_finish_on_two": True,
                  "three_spades_finish": True, "instant_wins": "off",
                  "chop_settlement": "each", "comeback": "any_bomb",
                  "lead_rule": "three_spades"}
    assert run(scenario([FIRST_GAME], actions, options=everything))[0] == 0
    # Dewi's hand is all ♠♣: with "extended" it wins at the deal (V-T4)
    code, out = run(scenario([FIRST_GAME], [], options={**everything, "instant_wins": "extended"}))
    assert code == 0 and out["deals"][0]["outcome"] == "instant" and out["deals"][0]["winner"] == 3


def test_the_options_travel_in_the_observation_and_into_worlds():
    options = {"settlement": "places", "no_finish_on_two": True, "comeback": "off"}
    state = dealt(FIRST_GAME, options=options)
    observation = state.observation(1)
    assert observation.options == TienLenOptions(**{**NEW_OPTIONS, **options})
    world = type(state).from_observation(observation, [cards_of_hand(state, p) for p in range(4)])
    assert world.options == observation.options and world.places and world.no_two


def cards_of_hand(state, player):
    return tuple(c for c in range(52) if state.hands[player] >> c & 1)


# --- V-T1 places ----------------------------------------------------------------------------------

def test_v_t1_spec_example_four_players():
    """V-T1: out in order P2, P0, P3; P1 last holding 2♥ and four ordinary cards → P1 pays P2
    20 + 20 (red 2) = 40; P3 pays P0 10."""
    state = position(["5S", "6C 7C 8C 9C JD 2H", "3C", "QD"], to_move=2, options=PLACES)
    events = apply_all(state, [play("3C"), PASS, play("5S"), PASS])
    assert PlayerOut(2, 1) in events and PlayerOut(0, 2) in events
    # P0 went out on the round's last play: the next holder after P0 leads, not P3 (passed)
    assert state.to_move == 1 and state.table is None
    events = apply_all(state, [play("JD"), play("QD")])
    assert PlayerOut(3, 3) in events and type(events[-1]) is GameOver
    result = state.results[-1]
    assert result.places == (2, 0, 3, 1) and result.winner == 2
    assert list(result.gold) == [10, -40, 40, -10]
    assert json_deals(state)[-1] == {"outcome": "normal", "winner": 2,
                                     "gold": [10, -40, 40, -10], "chops": [],
                                     "places": [2, 0, 3, 1]}


def test_v_t1_two_players_the_loser_pays_two_units_and_thoi():
    state = position(["9S", "3S 5D 6D 2C"], to_move=0, options={**PLACES, "place_unit": 7},
                     stake=3)
    apply_all(state, [play("9S")])
    # 3♠ 10 + black 2 10, ordinary cards 0; two units of 7
    assert state.results[-1].places == (0, 1)
    assert list(state.results[-1].gold) == [(14 + 20) * 3, -(14 + 20) * 3]


def test_v_t1_three_players_the_second_pays_and_receives_nothing():
    state = position(["8S", "4D", "5C 6H KD"], to_move=1, options=PLACES)
    apply_all(state, [play("4D"), PASS, play("8S")])
    assert state.results[-1].places == (1, 0, 2)
    assert list(state.results[-1].gold) == [0, 20, -20]


def test_v_t1_going_out_on_the_rounds_last_play_hands_the_lead_on():
    """V-T1.2: nobody beats the out player's last play: the next holder after them leads, not
    whoever passed before."""
    state = position(["9S 4C", "5C 6C", "10S", "7D 8D"], to_move=0, options=PLACES)
    apply_all(state, [play("9S"), PASS, play("10S"), PASS, PASS])
    assert state.to_move == 3 and state.table is None and state.passed == 0
    assert type(state.history[-1]) is RoundEnded and state.history[-1].leader == 3


def test_v_t1_the_round_goes_on_after_an_out_and_may_be_beaten():
    state = position(["9S 4C", "5C 6C", "10S", "JD 8D"], to_move=0, options=PLACES)
    apply_all(state, [play("9S"), PASS, play("10S")])
    assert state.to_move == 3 and "JD" in legal_texts(state)
    apply_all(state, [play("JD"), PASS])
    # P1 passed and P2 is out: the round is P3's
    assert state.to_move == 3 and state.table is None


def test_v_t1_two_cong_players_end_the_game_at_once():
    """V-T1.3: at the first out every player who has played no card pays T15 at once and
    stops; with one other holder left the game ends, cóng players ranked last in turn order."""
    cong_2 = "3D 4D 5D 6D 7D 8D 9C 10C JC QC KC AC 2S"
    cong_3 = "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 4S 2H"
    state = position(["9S", "5C 6C", cong_2, cong_3], to_move=0, options=PLACES, cong=(2, 3))
    events = apply_all(state, [play("9S")])
    assert [e for e in events if type(e) is CongPaid] == [CongPaid(2, 0, 36, 36),
                                                          CongPaid(3, 0, 46, 46)]
    result = state.results[-1]
    assert result.outcome == "normal" and result.places == (0, 1, 2, 3)
    # P1 last of the two ranked (m = 2): two units, no special values
    assert list(result.gold) == [36 + 46 + 20, -20, -36, -46]


def test_v_t1_cong_players_are_skipped_and_totals_include_their_payment_at_once():
    cong_3 = "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 4S 2H"
    state = position(["9S", "5C 6C", "JD QD", cong_3], to_move=0, options=PLACES, cong=(3,))
    apply_all(state, [play("9S")])
    assert state.in_game and state.returns() == [46, 0, 0, -46]
    assert state.to_move == 1
    apply_all(state, [PASS])
    assert state.to_move == 2   # P3 stopped: skipped
    apply_all(state, [PASS])
    assert state.to_move == 1   # the out player's round ended: P1 leads
    error = refused(state, Leave(3))
    assert error.code == "already_out" and error.params == {"player": 3}
    assert refused(state, Leave(0)).code == "already_out"
    apply_all(state, [play("5C"), play("JD"), PASS, play("QD")])
    assert state.results[-1].places == (0, 2, 1, 3)
    assert list(state.results[-1].gold) == [46 + 20, -20, 0, -46]


def test_v_t1_cong_all_is_paid_as_today_without_places():
    """VT-c: tới trắng (T15) when every other player is cóng."""
    hands = ["9S", "3D 4D 5D 6D 7D 8D 9C 10C JC QC KC AC 2S",
             "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 4S 2H"]
    state = position(hands, to_move=0, options=PLACES, cong=(1, 2))
    apply_all(state, [play("9S")])
    entry = json_deals(state)[-1]
    assert entry["outcome"] == "cong_all" and "places" not in entry
    assert entry["gold"] == [36 + 46, -36, -46]


def test_v_t1_leavers_before_and_after_playing():
    """V-T1.5: a leaver pays T15 if cóng, else two units and the special values; it goes to the
    eventual first player; leavers come last in the places, latest first."""
    cong_1 = "3D 4D 5D 6D 7D 8D 9C 10C JC QC KC AC 2S"
    state = position(["9S 5S", cong_1, "2D 6C 7C", "10S JS"], to_move=0, options=PLACES,
                     cong=(1,))
    apply_all(state, [Leave(1)])           # cóng: 26 + 10
    apply_all(state, [Leave(2)])           # played: 20 + red 2 20
    assert state.returns() == [0, 0, 0, 0]  # leave payments enter when the game ends (VT-b)
    apply_all(state, [play("5S"), play("10S"), PASS, play("JS")])
    result = state.results[-1]
    assert result.places == (3, 0, 2, 1)
    assert list(result.gold) == [-20, -36, -40, 36 + 40 + 20]


def test_v_t1_a_game_won_by_leaves_ranks_the_remaining_player_first():
    """VT-c: nobody out, everyone else left: m = 1, no place payment."""
    state = position(["9S 5S", "6C 7C", "2D 6D"], to_move=0, options=PLACES)
    apply_all(state, [Leave(1), Leave(2)])
    result = state.results[-1]
    assert result.places == (0, 2, 1) and result.winner == 0
    assert list(result.gold) == [20 + 20 + 20, -20, -40]


def test_v_t1_next_game_is_led_by_first_place_or_the_best_placed_still_seated():
    """V-T1.6."""
    state = position(["5S", "6C 7C", "3C", "QD 2S"], to_move=2, options=PLACES)
    apply_all(state, [play("3C"), PASS, play("5S"), PASS, play("6C"), play("QD"), PASS,
                      play("2S")])
    assert state.results[-1].places == (2, 0, 3, 1)
    state.apply(Leave(2))                    # first place leaves between games
    hands = FIRST_GAME[:2] + [""] + FIRST_GAME[3:]
    state.start_deal(Deal(tuple(cards(h) if h else () for h in hands)))
    assert state.history[0].leader == 0 and state.history[0].must_include is None


# --- V-T2 no_finish_on_two ------------------------------------------------------------------------

def test_v_t2_a_lone_2_may_only_pass_even_leading():
    state = position(["2H", "5C 6C", "7D 8D"], to_move=0, options=NO_TWO)
    assert state.legal_actions() == [PASS]
    assert state.timeout_action() == PASS
    error = refused(state, play("2H"))
    assert error.code == "cannot_finish_on_two"
    events = state.apply(PASS)
    # VT-e: the next holder leads a new round in which nobody has passed
    assert state.to_move == 1 and state.table is None and state.passed == 0
    assert RoundEnded(1) in events
    apply_all(state, [play("5C"), PASS])
    assert state.to_move == 0 and state.legal_actions() == [PASS]


def test_v_t2_two_2s_may_lead_singly_but_not_as_the_last_pair():
    state = position(["2S 2H", "5C 6C", "7D 8D"], to_move=0, options=NO_TWO)
    assert legal_texts(state) == {"2S", "2H"}
    assert refused(state, play("2S 2H")).code == "cannot_finish_on_two"


def test_v_t2_following_out_on_a_2_is_refused_and_a_bomb_may_go_out():
    state = position(["2H", "9S", "7D 8D"], to_move=0, table="9S", table_player=1,
                     options=NO_TWO)
    assert state.legal_actions() == [PASS]
    state = position(["5S 5C 6S 6C 7S 7C", "2H 9S", "7D 8D"], to_move=0, table="2D",
                     table_player=1, options=NO_TWO)
    assert "5S 5C 6S 6C 7S 7C" in legal_texts(state)
    state.apply(play("5S 5C 6S 6C 7S 7C"))
    assert state.results[-1].winner == 0


def test_v_t2_without_the_option_a_2_goes_out():
    state = position(["2H", "5C 6C", "7D 8D"], to_move=0)
    assert legal_texts(state) == {"2H"}


def test_v_t2_replay_refuses_going_out_on_a_2_in_words():
    hands = ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H", "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C",
             "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D", "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S"]
    # no instant win here: each hand is a dragon, so play with instant wins off
    actions = [P("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"), PASS_JSON, PASS_JSON, PASS_JSON]
    options = {"no_finish_on_two": True, "instant_wins": "off"}
    code, out = run(scenario([hands], actions, options=options))
    assert code == 0 and out["next"] == {"player": 0, "legal": [{"type": "pass"}]}
    code, out = run(scenario([hands], actions + [P("2H")], options=options))
    assert code == 2 and out["error"]["action_index"] == 4
    assert "may not go out on a 2" in out["error"]["message"]


def test_v_t2_dead_end_with_four_players_each_holding_one_2():
    """VT-f, count: no winner, no T14 payment, chops stand; the next game is led by 3♠."""
    state = position(["5S 2S", "2C", "2D", "2H"], to_move=0, options=NO_TWO)
    events = state.apply(play("5S"))
    assert GameOver("normal", None, (0, 0, 0, 0)) in events
    assert json_deals(state)[-1] == {"outcome": "normal", "winner": None, "gold": [0, 0, 0, 0],
                                     "chops": []}
    assert TIENLEN.winners(state) == []
    state.start_deal(Deal(tuple(cards(h) for h in FIRST_GAME)))
    assert state.history[0].leader == 0 and state.history[0].must_include == parse("3S")
    error = refused(state, play("4H"))
    assert error.code == "must_include" and "first play of this game" in str(error)


def test_v_t2_dead_end_leave_debts_lapse_and_chops_stand():
    state = position(["5S 5C 6S 6C 7S 7C 9D 2S", "2C 8H", "2D", "2H"], to_move=1, table="AH",
                     table_player=0, options=NO_TWO)
    apply_all(state, [play("2C"), PASS, PASS])      # P1 keeps 8♥; P2, P3 may not go out
    state.apply(play("5S 5C 6S 6C 7S 7C"))          # P0 chops the 2♣: chain 10
    assert state.to_move == 1
    state.apply(Leave(1))                           # chain settled at once (P1 chopped)
    assert state.in_game
    state.apply(play("9D"))                          # P0 is stuck on 2♠: everyone is
    result = state.results[-1]
    assert result.winner is None and list(result.gold) == [10, -10, 0, 0]


def test_v_t2_dead_end_with_places():
    """VT-f, places: the stuck players take the places in turn order after the player who
    made the last play (nobody out), and V-T1 pays."""
    state = position(["5S 2S", "2C", "2D", "2H"], to_move=0, options={**NO_TWO, **PLACES})
    state.apply(play("5S"))
    result = state.results[-1]
    assert result.places == (1, 2, 3, 0) and result.winner == 1
    # P0 last: 20 + black 2 10 to P1; P3 third: 10 to P2
    assert list(result.gold) == [-30, 30, 10, -10]


def test_v_t2_stuck_players_take_places_after_the_last_out():
    state = position(["9S", "2C", "2D", "2H 5H"], to_move=3, options={**NO_TWO, **PLACES})
    state.apply(play("5H"))
    assert state.to_move == 0
    state.apply(play("9S"))
    assert state.results[-1].places == (0, 1, 2, 3)
    # VT-d: the last pays two units + its 2; the third pays the second one unit
    assert list(state.results[-1].gold) == [40, 10, -10, -40]


def test_v_t2_a_stuck_2_is_paid_as_thui_heo():
    state = position(["9S", "2H", "2C 4D"], to_move=0, options=NO_TWO)
    state.apply(play("9S"))
    assert list(state.results[-1].gold) == [20 + 11, -20, -11]


# --- V-T3 three_spades_finish ---------------------------------------------------------------------

def test_v_t3_going_out_on_the_single_3s_doubles_the_payments():
    state = position(["3S", "5D 6D 8H 9H JC"], to_move=0, options={"three_spades_finish": True})
    state.apply(play("3S"))
    assert list(state.results[-1].gold) == [10, -10]
    assert json_deals(state)[-1]["three_spades_finish"] is True


def test_v_t3_a_final_play_containing_3s_does_not_count():
    state = position(["3S 3H", "5D 6D 8H 9H JC"], to_move=0,
                     options={"three_spades_finish": True})
    state.apply(play("3S 3H"))
    assert list(state.results[-1].gold) == [5, -5]
    assert "three_spades_finish" not in json_deals(state)[-1]


def test_v_t3_never_in_the_first_game_nor_without_the_option():
    state = position(["3S", "5D 6D 8H 9H JC"], to_move=0, options={"three_spades_finish": True})
    state.games_started = 1
    state.apply(play("3S"))
    assert list(state.results[-1].gold) == [5, -5]
    state = position(["3S", "5D 6D 8H 9H JC"], to_move=0)
    state.apply(play("3S"))
    assert list(state.results[-1].gold) == [5, -5]


def test_v_t3_doubles_places_thoi_and_cong_but_not_chops():
    """VT-g."""
    options = {**PLACES, "three_spades_finish": True}
    cong_3 = "3D 4D 5D 6D 7D 8D 9C 10C JC QC KC AC 2S"
    state = position(["3S", "2H 9S 9H", "5S 5C 6S 6C 7S 7C", cong_3], to_move=0,
                     options=options, cong=(3,))
    events = state.apply(play("3S"))              # P0 first, on the single 3♠
    assert CongPaid(3, 0, 72, 72) in events      # (26 + 10) × 2 at once
    state.apply(play("2H"))
    state.apply(play("5S 5C 6S 6C 7S 7C"))       # P2 chops the 2♥ and goes out
    result = state.results[-1]
    assert result.places == (0, 2, 1, 3) and result.three_spades_finish
    # P1 last of three: (20 + no special values) × 2 = 40 to P0; the chop: 20, not doubled
    assert list(result.gold) == [72 + 40, -40 - 20, 20, -72]


def test_v_t3_doubles_a_leavers_payment():
    options = {**PLACES, "three_spades_finish": True}
    state = position(["3S", "4H 8H", "5D 6D 7D 9H"], to_move=0, options=options)
    state.apply(Leave(1))                         # played: two units, fixed now (20)
    assert state.pending_leaves == [(1, 20)]
    state.apply(play("3S"))
    result = state.results[-1]
    assert result.places == (0, 2, 1) and list(result.gold) == [80, -40, -40]


# --- V-T4 instant_wins ----------------------------------------------------------------------------

DRAGON_HAND = "3S 4D 5S 6H 7C 8D 9S 10H JC QD KS AH 4H"


def other_hands(taken: str) -> list[str]:
    used = set(cards(taken))
    rest = [c for c in range(52) if c not in used]
    return [" ".join(name(c) for c in rest[i::3]) for i in range(3)]


def test_v_t4_off_a_dealt_dragon_is_played():
    hands = [DRAGON_HAND] + other_hands(DRAGON_HAND)
    state = dealt(hands, options={"instant_wins": "off"})
    assert state.in_game and state.to_move == 0
    assert "3S 4D 5S 6H 7C 8D 9S 10H JC QD KS AH" in legal_texts(state)
    state.apply(play("3S 4D 5S 6H 7C 8D 9S 10H JC QD KS AH"))
    assert state.hands[0] == hand("4H")
    standard = dealt(hands)
    assert standard.results[-1].outcome == "instant"


def test_v_t4_off_four_2s_are_a_four_of_a_kind():
    """VT-h: beats every lower four of a kind; chopped by 4 pairs it is worth 40."""
    options = {"instant_wins": "off"}
    state = position(["2S 2C 2D 2H 5S", "3S 3C 4S 4C 5C 5D 6S 6C 9H", "7D"], to_move=0,
                     table="KS KC KD KH", table_player=2, options=options)
    assert "2S 2C 2D 2H" in legal_texts(state)
    state.apply(play("2S 2C 2D 2H"))
    events = state.apply(play("3S 3C 4S 4C 5C 5D 6S 6C"))
    assert [e for e in events if type(e) is Chopped] == [Chopped(1, 0, 40, 80)]
    # left in hand the 2s count singly (T14)
    assert penalty_parts(hand("2S 2C 2D 2H")).total == 60


def test_v_t4_off_a_5_pair_run_is_no_bomb():
    options = {"instant_wins": "off"}
    state = position(["2H 9S", "4S 4C 5S 5C 6S 6C 7S 7C 8S 8C", "7D"], to_move=1, table="2D",
                     table_player=0, options=options)
    assert "4S 4C 5S 5C 6S 6C 7S 7C 8S 8C" not in legal_texts(state)
    state = position(["9S", "4S 4C 5S 5C 6S 6C 7S 7C 8S 8C KH", "9D"], to_move=1,
                     table="3S 3C 4D 4H 5D 5H 6D 6H 7D 7H", table_player=0, options=options)
    assert "4S 4C 5S 5C 6S 6C 7S 7C 8S 8C" in legal_texts(state)
    events = state.apply(play("4S 4C 5S 5C 6S 6C 7S 7C 8S 8C"))
    assert not [e for e in events if type(e) is Chopped]


RED_HAND = "3D 3H 4D 5H 6D 7H 8D 9H 10D JH QD 2D 2H"


def test_v_t4_extended_thirteen_of_one_colour_wins_at_once():
    hands = ["3S 4S 5S 6S 7S 8S 9S 10S JS QS 4H 5D 6H", RED_HAND,
             "3C 4C 5C 6C 7C 8C 9C 10C JC QC 7D 8H 9D",
             "KS KC AS AC 2S 2C 10H JD QH KD KH AD AH"]
    state = dealt(hands, later_game_winner=0, options={"instant_wins": "extended"})
    result = state.results[-1]
    assert result.outcome == "instant" and result.winner == 1
    assert list(result.gold) == [-26, 78, -26, -26]
    assert dealt(hands, later_game_winner=0).in_game          # standard: played out
    assert dealt(hands, later_game_winner=0, options={"instant_wins": "off"}).in_game


# --- V-T5 chop_settlement -------------------------------------------------------------------------

CHOP_HANDS = ["2H 9D", "5S 5C 5D 5H KD", "JS JC QS QC KS KC AS AC 10D", "8H"]


def test_v_t5_spec_example_each_chop_is_paid_at_once():
    """V-T5: P0 plays 2♥ (20); P1 chops with four 5s → P0 pays P1 20; P2 chops with a 4-pair
    run → P1 pays P2 40."""
    state = position(CHOP_HANDS, to_move=0, options={"chop_settlement": "each"})
    state.apply(play("2H"))
    events = state.apply(play("5S 5C 5D 5H"))
    assert ChopSettled(0, 1, 20, 20) in events and state.returns() == [-20, 20, 0, 0]
    events = state.apply(play("JS JC QS QC KS KC AS AC"))
    assert ChopSettled(1, 2, 40, 40) in events and state.returns() == [-20, -20, 40, 0]
    apply_all(state, [PASS, PASS, PASS])
    assert state.returns() == [-20, -20, 40, 0]
    assert [(c.payer, c.receiver, c.cards) for c in state.game_chops] == [(0, 1, 20), (1, 2, 40)]


def test_v_t5_under_chain_last_the_last_chopped_pays_all():
    state = position(CHOP_HANDS, to_move=0)
    apply_all(state, [play("2H"), play("5S 5C 5D 5H"), play("JS JC QS QC KS KC AS AC")])
    assert state.returns() == [0, 0, 0, 0]
    apply_all(state, [PASS, PASS, PASS])
    assert state.returns() == [0, -60, 60, 0]


def test_v_t5_a_leavers_chops_are_already_paid():
    state = position(CHOP_HANDS, to_move=0, options={"chop_settlement": "each"})
    apply_all(state, [play("2H"), play("5S 5C 5D 5H")])
    events = state.apply(Leave(1))
    assert not [e for e in events if type(e) is ChopSettled]
    assert state.chain_cards == 0


# --- V-T6 comeback --------------------------------------------------------------------------------

def test_v_t6_off_a_passed_player_never_comes_back():
    hands = ["9D", "JS JC QS QC KS KC AS AC 10D", "8H 9H", "7C"]
    state = position(hands, to_move=0, table="2D", table_player=3, passed=(1,),
                     options={"comeback": "off"})
    state.apply(PASS)
    assert state.to_move == 2              # P1 skipped although they hold 4 pairs
    four_pairs = position(hands, to_move=0, table="2D", table_player=3, passed=(1,))
    four_pairs.apply(PASS)
    assert four_pairs.to_move == 1        # T9


def test_v_t6_any_bomb_offers_every_bomb_that_beats_the_table():
    hands = ["9D", "5S 5C 5D 5H 6S 6C 7S 7C 8S 8C 2H", "8H 9H", "7C"]
    state = position(hands, to_move=0, table="2D", table_player=3, passed=(1,),
                     options={"comeback": "any_bomb"})
    state.apply(PASS)
    assert state.to_move == 1
    texts = legal_texts(state)
    assert {"5S 5C 5D 5H", "5S 5C 6S 6C 7S 7C", "5S 5C 6S 6C 7S 7C 8S 8C", "pass"} <= texts
    assert "2H" not in texts
    error = refused(state, play("2H"))
    assert error.code == "passed_bomb_only" and error.params == {"player": 1}
    events = state.apply(play("5S 5C 5D 5H"))
    assert Chopped(1, 3, 20, 20) in events and not state.passed >> 1 & 1


def test_v_t6_any_bomb_never_brings_back_a_5_pair_run():
    """VT-j."""
    hands = ["9D", "4S 4C 5S 5C 6S 6C 7S 7C 8S 8C 2C", "8H 9H", "KH"]
    options = {"comeback": "any_bomb", "instant_wins": "off"}
    state = position(hands, to_move=0, table="3S 3C 4D 4H 5D 5H 6D 6H 7D 7H", table_player=3,
                     passed=(1,), options=options)
    state.apply(PASS)
    assert state.to_move == 2


def test_v_t6_any_bomb_under_v_t2_keeps_the_2_rule():
    hands = ["9D", "5S 5C 5D 5H", "8H 9H", "7C"]
    options = {"comeback": "any_bomb", "no_finish_on_two": True}
    state = position(hands, to_move=0, table="2D", table_player=3, passed=(1,),
                     options=options)
    state.apply(PASS)
    assert state.to_move == 1 and "5S 5C 5D 5H" in legal_texts(state)


# --- V-T7 lead_rule -------------------------------------------------------------------------------

def test_v_t7_three_spades_leads_every_game():
    state = dealt(FIRST_GAME, later_game_winner=2, options={"lead_rule": "three_spades"})
    assert state.to_move == 0 and state.history[0].must_include == parse("3S")
    error = refused(state, play("4H"))
    assert error.code == "must_include" and "first play of this game" in str(error)
    assert dealt(FIRST_GAME, later_game_winner=2).to_move == 2


def test_v_t7_fewer_players_nobody_holding_3s_the_lowest_card_leads():
    """VT-k."""
    hands = FIRST_GAME[1:]
    state = dealt(hands, later_game_winner=2, options={"lead_rule": "three_spades"})
    assert state.to_move == 2 and state.history[0].must_include == parse("3C")


def test_v_t7_t19_counts_from_the_3s_holder_in_later_games():
    six_pairs = "4S 4H 6S 6H 8C 8D 10S 10H QC QD AS AH 3S"
    other = "5S 5H 7S 7H 9C 9D JS JH KC KD 2S 2H 3D"
    rest = [c for c in range(52) if c not in set(cards(six_pairs)) | set(cards(other))]
    hands = [" ".join(name(c) for c in rest[:13]), other, six_pairs,
             " ".join(name(c) for c in rest[13:26])]
    state = dealt(hands, later_game_winner=1, options={"lead_rule": "three_spades"})
    assert state.results[-1].winner == 2          # the 3♠ holder among the instant winners
    assert dealt(hands, later_game_winner=1).results[-1].winner == 1


# --- thối (VT-d) ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("5S 6D 9H", 0), ("3S 5D", 10), ("2S 2H 4C", 30), ("3S 3C 4S 4C 5D 5H 9C", 20),
    ("7S 7C 7D 7H 3S", 50), ("3S 3C 4S 4C 5D 5H 6S 6C", 60),
])
def test_special_values_count_only_3s_2s_and_bombs(text, value):
    assert special_values(hand(text)) == value


def test_a_replay_with_places_writes_the_places():
    hands = [["3S 4H 5H 6H 7H 8H 10H JH QH KH AH 2D 2H", "3H 4D 8D 10D KD AD 2C 5S 5C 6S 6C 7S 7C"]]
    code, out = run(scenario(hands, [P("3S")], options=PLACES))
    assert code == 0 and out["deals"] == [] and out["next"]["player"] == 1
    assert NAMES[:2] == out["players"]


def test_v_t2_dead_end_payment_table_shows_no_winner_and_no_payment():
    """The window's payment table (game/ui/tienlen/payments.py, no pygame) after VT-f."""
    from game.ui.tienlen.payments import summarize_last_game

    state = position(["5S 2S", "2C", "2D", "2H"], to_move=0, options=NO_TWO)
    state.apply(play("5S"))
    revealed = tuple(state.observation(p).hand for p in range(4))
    summary = summarize_last_game(state.observation(0), revealed, stake=1)
    assert summary.winner is None and not any(row.won for row in summary.rows)
    assert [row.penalty for row in summary.rows] == [0, 0, 0, 0]
    assert [row.gold for row in summary.rows] == [0, 0, 0, 0]
