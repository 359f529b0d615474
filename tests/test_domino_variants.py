"""Domino house rules (docs/rules/variants.md): V-D1 `opening`, V-D2 `redeal_doubles`, V-D3
`partnership` and V-D5 `target_points`, rule by rule, from hand-built deals and positions, and
through the replay."""

from __future__ import annotations

import random

import pytest

from game.core.errors import IllegalAction, ScenarioError
from game.core.options import resolve_options
from game.core.replay import replay
from game.core.scenario import dump_scenario, load_scenario
from game.core.table import Table
from game.domino.actions import (OPENING_PLAY, PLAY_AT, DealStarted, SeatsChanged,
                                 TiebreakNeeded, TilePlayed)
from game.domino.definition import DOMINO
from game.domino.state import DominoDeal, DominoOptions, DominoState
from game.domino.tiles import ALL_TILES, fits, tile_text

from domino_helpers import (ALL_DOUBLES, LEFT, NAMES, NON_DOUBLES, PASS, RIGHT, T, apollo,
                            opening, play, position, tiles)

ALL_TEXTS = [tile_text(t) for t in ALL_TILES]


def new(**options) -> DominoState:
    return DOMINO.new_table(NAMES, resolve_options(DOMINO.options, options), {})


def hands_with(chair: int, hand: list[str]) -> list[list[str]]:
    """Four hands by chair: `hand` in `chair`, the other tiles dealt in order to the rest."""
    rest = [t for t in ALL_TEXTS if t not in hand]
    others = [rest[0:7], rest[7:14], rest[14:21]]
    others.insert(chair, hand)
    return others


def deal(state: DominoState, *by_chair) -> DominoDeal:
    """The next regular deal, hands by chair as the state seats them."""
    chairs = state.next_deal_chairs()
    hands: list = [None] * 4
    for chair, hand in enumerate(by_chair):
        hands[chairs[chair]] = tuple(tiles(*hand))
    return DominoDeal(tuple(hands), chairs, tiebreak=False)


def tiebreak_deal(state: DominoState, by_player: dict) -> DominoDeal:
    hands: list = [None] * 4
    for player, hand in by_player.items():
        hands[player] = tuple(tiles(*hand))
    return DominoDeal(tuple(hands), state.next_deal_chairs(), tiebreak=True)


def doubles_to(state: DominoState, chair: int) -> DominoDeal:
    """A regular deal with all seven doubles in `chair` (D14, or void under V-D2)."""
    return deal(state, *hands_with(chair, ALL_DOUBLES))


def with_options(state: DominoState, **options) -> DominoState:
    state.options = DominoOptions(**options)
    return state


def result(state):
    return state.results[-1]


FIRST_DEAL = [["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
              ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"],
              ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5"],
              ["3-6", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"]]
#: no doubles in chair A or B; C holds 0-0 and 1-1, D the other five
NO_DOUBLES_AB = [NON_DOUBLES[0:7], NON_DOUBLES[7:14], ["0-0", "1-1", *NON_DOUBLES[14:19]],
                 ["2-2", "3-3", "4-4", "5-5", "6-6", *NON_DOUBLES[19:21]]]


# --- V-D1: who opens ----------------------------------------------------------------------------

def test_VD1_winner_deal_1_is_opened_with_6_6():
    state = new(opening="winner")
    state.start_deal(deal(state, *FIRST_DEAL))
    assert state.current_player() == 3 and state.legal_actions() == [opening("6-6")]


def test_VD1_winner_the_previous_winner_opens_with_any_tile():
    state = new(opening="winner")
    state.start_deal(doubles_to(state, 1))           # D14: Budi wins deal 1
    assert result(state).winners == (1,)
    state.start_deal(deal(state, *FIRST_DEAL))
    assert state.current_player() == 1
    assert state.legal_actions() == [OPENING_PLAY[t] for t in tiles(*FIRST_DEAL[1])]
    events = state.apply(opening("1-3"))
    assert events == [TilePlayed(1, T("1-3"), None, 1, 3)] and state.current_player() == 2


@pytest.mark.parametrize("action, code", [
    (opening("6-6"), "tile_not_in_hand"),
    (PASS, "cannot_pass_you_open"),
    (apollo("1-2", LEFT, "2-2", RIGHT), "apollo_needs_two_tiles"),
])
def test_VD1_winner_the_opener_must_lay_one_of_their_tiles(action, code):
    state = new(opening="winner")
    state.start_deal(doubles_to(state, 1))
    state.start_deal(deal(state, *FIRST_DEAL))
    before = state.observation(1)
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert refused.value.code == code and state.observation(1) == before


def test_VD1_winner_after_kandang_the_blocker_opens():
    state = with_options(position([["2-5", "0-0"], ["6-6"], ["5-6"], ["4-4"]], left=2, right=5),
                         opening="winner")
    state.apply(play("2-5", RIGHT))
    assert result(state).outcome == "kandang"
    state.start_deal(deal(state, *FIRST_DEAL))
    assert state.current_player() == 0 and len(state.legal_actions()) == 7


def test_VD1_winner_after_a_split_tangkap_the_first_catcher_after_the_blocker_opens():
    """VD-a: Citra blocks, Budi and Dewi catch her with 3 pips each: Dewi comes first after
    Citra in turn order (Budi has the lower index)."""
    state = with_options(position([["6-6"], ["0-3"], ["2-5", "3-4"], ["1-1", "0-1"]], left=2,
                                  right=5, to_move=2), opening="winner")
    state.apply(play("2-5", RIGHT))
    assert (result(state).outcome, result(state).winners) == ("tangkap_kandang", (1, 3))
    state.start_deal(deal(state, *FIRST_DEAL))
    assert state.current_player() == 3


def test_VD1_winner_after_a_void_deal_the_winner_of_the_last_counted_deal_opens():
    state = with_options(position([["2-5", "0-0"], ["6-6"], ["5-6"], ["4-4"]], left=2, right=5),
                         opening="winner", redeal_doubles=5)
    state.apply(play("2-5", RIGHT))                  # Ani wins deal 1 (kandang)
    state.start_deal(deal(state, *hands_with(3, ["2-2", "3-3", "4-4", "5-5", "6-6", "0-1",
                                                 "0-2"])))
    assert result(state).void and state.needs_deal()
    state.start_deal(deal(state, *FIRST_DEAL))
    assert state.deal_number == 2 and state.current_player() == 0


def test_VD1_the_winner_is_a_player_and_follows_the_seat_change():
    state = new(opening="winner")
    state.deal_number = 3
    state.start_deal(doubles_to(state, 0))           # deal 4: Ani (chair A) wins
    events = state.start_deal(deal(state, *FIRST_DEAL))   # deal 5: Ani sits in chair C
    assert SeatsChanged(5, (2, 0), (2, 1, 0, 3)) in events
    assert state.chairs == (2, 1, 0, 3) and state.current_player() == 0
    assert state.legal_actions() == [OPENING_PLAY[t] for t in tiles(*FIRST_DEAL[2])]


@pytest.mark.parametrize("number, double", [(1, "0-0"), (2, "1-1"), (7, "6-6"), (8, "0-0"),
                                            (12, "4-4")])
def test_VD1_rotating_deal_k_is_opened_by_double_k_minus_1_mod_7(number, double):
    state = new(opening="rotating")
    state.deal_number = number - 1
    state.start_deal(deal(state, *FIRST_DEAL))
    holder = next(p for p in range(4) if T(double) in state.hands[p])
    assert state.current_player() == holder and state.legal_actions() == [opening(double)]
    with pytest.raises(IllegalAction) as refused:
        state.apply(opening("6-6" if double != "6-6" else "5-5"))
    assert refused.value.code in ("must_open_with", "tile_not_in_hand")


def test_VD1_rotating_a_void_deal_keeps_its_number():
    """VD-b: deal 2 is void; its replacement is still deal 2, opened by 1-1."""
    state = new(opening="rotating", redeal_doubles=5)
    state.start_deal(doubles_to(state, 0))
    assert result(state).void and state.deal_number == 1
    state.start_deal(deal(state, *FIRST_DEAL))
    assert state.deal_number == 1 and state.legal_actions() == [opening("0-0")]


def test_VD1_lampung_deal_1_is_opened_with_0_0():
    state = new(opening="lampung")
    state.start_deal(deal(state, *FIRST_DEAL))
    assert state.current_player() == 0 and state.legal_actions() == [opening("0-0")]


def test_VD1_lampung_the_winner_opens_with_a_double_of_their_choice():
    state = new(opening="lampung")
    state.start_deal(doubles_to(state, 3))           # Dewi wins deal 1
    state.start_deal(deal(state, *FIRST_DEAL))
    assert state.current_player() == 3
    assert state.legal_actions() == [opening("4-4"), opening("5-5"), opening("6-6")]
    with pytest.raises(IllegalAction) as refused:
        state.apply(opening("3-6"))
    assert (refused.value.code, refused.value.params) == ("must_open_with_double",
                                                          {"tile": T("3-6"), "player": 3})
    state.apply(opening("5-5"))
    assert (state.left, state.right) == (5, 5) and state.current_player() == 0


def test_VD1_lampung_without_a_double_the_next_holder_in_turn_order_after_the_winner_opens():
    state = new(opening="lampung")
    state.start_deal(doubles_to(state, 0))           # Ani wins deal 1
    # deal 2: Ani (A) and Budi (B) hold no double: Citra (C) opens with 0-0 or 1-1
    state.start_deal(deal(state, *NO_DOUBLES_AB))
    assert state.current_player() == 2
    assert state.legal_actions() == [opening("0-0"), opening("1-1")]


def test_VD1_lampung_in_pairs_the_winners_partner_comes_first():
    state = new(opening="lampung", partnership=True)
    state.start_deal(doubles_to(state, 1))           # Budi wins deal 1
    # deal 2: Budi (B) holds no double; his partner Dewi (D) opens before Citra (C)
    state.start_deal(deal(state, *NO_DOUBLES_AB))
    assert state.current_player() == 3
    assert len(state.legal_actions()) == 5


@pytest.mark.parametrize("opening_option", ["winner", "rotating", "lampung"])
def test_VD1_a_tiebreak_deal_is_still_opened_by_the_highest_double(opening_option):
    state = new(opening=opening_option)
    state.deal_number, state.totals = 11, [5, 3, 3, 0]
    state.start_deal(doubles_to(state, 3))
    assert state.tiebreak_group == (1, 2)
    state.start_deal(tiebreak_deal(state, {1: NON_DOUBLES[0:7],
                                           2: ["5-5", "4-4", *NON_DOUBLES[7:12]]}))
    assert state.current_player() == 2 and state.legal_actions() == [opening("5-5")]


# --- V-D2: too many doubles ---------------------------------------------------------------------

FIVE_DOUBLES = ["0-0", "1-1", "2-2", "3-3", "4-4", "0-1", "0-2"]


def scenario(options: dict, deals: list, actions: list) -> dict:
    return {"format": "scenario/1", "game": "domino", "options": options, "players": list(NAMES),
            "deals": deals, "actions": actions}


def test_VD2_a_void_deal_in_the_replay_output():
    void = {"hands": hands_with(0, FIVE_DOUBLES)}
    code, out = replay(scenario({"redeal_doubles": 5}, [void, {"hands": FIRST_DEAL}],
                                [{"type": "play", "tile": "6-6"}]))
    assert code == 0
    pips = [sum(a + b for a, b in (map(int, t.split("-")) for t in hand))
            for hand in hands_with(0, FIVE_DOUBLES)]
    assert out["deals"] == [{"outcome": "redeal", "winners": [], "points": [0, 0, 0, 0],
                             "penalties": [0, 0, 0, 0], "pips": pips, "void": True}]
    assert out["totals"] == [0, 0, 0, 0] and out["next"]["player"] == 0


def test_VD2_no_action_may_be_given_for_a_void_deal():
    void = {"hands": hands_with(0, FIVE_DOUBLES)}
    code, out = replay(scenario({"redeal_doubles": 5}, [void], [{"type": "play",
                                                                "tile": "0-0"}]))
    assert code == 2 and out["error"]["message"] == "action 0: it needs deal 2, which is not listed"


@pytest.mark.parametrize("threshold", [5, 6, 7])
def test_VD2_seven_doubles_void_the_deal_instead_of_winning_it(threshold):
    state = new(redeal_doubles=threshold)
    events = state.start_deal(doubles_to(state, 1))
    assert result(state).outcome == "redeal" and result(state).winners == ()
    assert state.totals == [0, 0, 0, 0] and state.needs_deal()
    assert DealStarted(1, (0, 1, 2, 3), False) in events


def test_VD2_off_keeps_D14():
    state = new(redeal_doubles=0)
    state.start_deal(doubles_to(state, 1))
    assert result(state).outcome == "all_doubles"


@pytest.mark.parametrize("threshold, doubles, void", [(5, 5, True), (5, 4, False),
                                                      (6, 5, False), (6, 6, True),
                                                      (7, 6, False)])
def test_VD2_the_threshold_counts_doubles_in_one_hand(threshold, doubles, void):
    hand = ALL_DOUBLES[:doubles] + NON_DOUBLES[:7 - doubles]
    state = new(redeal_doubles=threshold)
    state.start_deal(deal(state, *hands_with(2, hand)))
    assert (bool(state.results) and result(state).void) == void


def test_VD2_the_replacement_keeps_the_number_and_the_seats():
    state = new(redeal_doubles=5)
    state.deal_number = 4
    events = state.start_deal(doubles_to(state, 0))  # deal 5: void
    assert any(isinstance(e, SeatsChanged) for e in events) and state.deal_number == 5
    events = state.start_deal(deal(state, *FIRST_DEAL))
    assert not any(isinstance(e, SeatsChanged) for e in events)
    assert state.deal_number == 5 and state.chairs == (2, 1, 0, 3)


def test_VD2_void_deals_do_not_count_towards_the_12():
    for seed in range(200):
        table = Table("domino", NAMES, {"redeal_doubles": 5}, seed=seed)
        rng = random.Random(seed)
        while not table.state.is_terminal():
            table.deal_if_needed()
            if not table.state.is_terminal():
                table.apply(rng.choice(table.state.legal_actions()))
        results = table.state.results
        if any(r.void for r in results):
            break
    else:
        raise AssertionError("no void deal in 200 matches")
    counted = [r for r in results if not (r.void or r.tiebreak)]
    assert [r.number for r in counted] == list(range(1, 13))
    for void in (r for r in results if r.void):
        assert void.points == void.penalties == (0, 0, 0, 0)
    assert table.state.totals == [sum(r.points[p] + r.penalties[p] for r in counted)
                                  for p in range(4)]


def test_VD2_a_void_tiebreak_deal_is_dealt_again_among_the_same_players():
    """VD-c: its entry carries "tiebreak": true."""
    state = new(redeal_doubles=5)
    # after deal 12: Budi and Citra tied (chairs of deals 9-12)
    state.deal_number, state.chairs, state.tiebreak_group = 12, (1, 2, 0, 3), (1, 2)
    state.start_deal(tiebreak_deal(state, {1: FIVE_DOUBLES, 2: NON_DOUBLES[7:14]}))
    assert result(state).void and result(state).tiebreak
    assert state.tiebreak_group == (1, 2) and state.next_deal_players() == (1, 2)
    state.start_deal(tiebreak_deal(state, {1: NON_DOUBLES[0:7],
                                           2: ["5-5", *NON_DOUBLES[7:13]]}))
    assert state.deal_number == 13 and state.order == (1, 2)


# --- V-D3: pairs --------------------------------------------------------------------------------

def test_VD3_nobody_changes_seats():
    state = new(partnership=True)
    state.deal_number = 4
    events = state.start_deal(deal(state, *FIRST_DEAL))
    assert not any(isinstance(e, SeatsChanged) for e in events)
    assert state.chairs == (0, 1, 2, 3) and state.next_deal_chairs() == (0, 1, 2, 3)


def test_VD3_the_blocker_is_compared_with_the_two_opponents_only():
    # Ani blocks holding 0-3 (3 pips); her partner Citra holds 0-0 (0 pips), the opponents more
    hands = [["2-5", "0-3"], ["6-6"], ["0-0"], ["4-4"]]
    alone = position(hands, left=2, right=5)
    alone.apply(play("2-5", RIGHT))
    assert (result(alone).outcome, result(alone).winners) == ("tangkap_kandang", (2,))
    pairs = with_options(position(hands, left=2, right=5), partnership=True)
    pairs.apply(play("2-5", RIGHT))
    assert (result(pairs).outcome, result(pairs).points) == ("kandang", (3, 0, 0, -2))


def test_VD3_tangkap_among_the_opponents():
    pairs = with_options(position([["2-5", "3-4"], ["0-1"], ["0-0"], ["4-4"]], left=2, right=5),
                         partnership=True)
    pairs.apply(play("2-5", RIGHT))
    assert (result(pairs).outcome, result(pairs).winners, result(pairs).points) == \
        ("tangkap_kandang", (1,), (-3, 4, 0, 0))


def test_VD3_team_points_team_totals_and_the_ranking_in_the_replay_output():
    table = Table("domino", NAMES, {"partnership": True}, seed=3)
    rng = random.Random(3)
    misplays = 0
    while not table.state.is_terminal():
        table.deal_if_needed()
        state = table.state
        if state.is_terminal():
            break
        hand = state.hands[state.current_player()]
        misfit = [t for t in hand if state.line and not fits(t, state.left)
                  and not fits(t, state.right)]
        if misfit and misplays < 3:                  # D8: a misplay costs a point at once
            table.apply(PLAY_AT[misfit[0]]["L"])
            misplays += 1
        else:
            table.apply(rng.choice(state.legal_actions()))
    code, out = replay(load_scenario(dump_scenario(table.record)))
    assert code == 0 and out["finished"]
    for entry in out["deals"]:
        assert entry["team_points"] == [entry["points"][0] + entry["points"][2],
                                        entry["points"][1] + entry["points"][3]]
    totals = out["totals"]
    assert out["team_totals"] == [totals[0] + totals[2], totals[1] + totals[3]]
    penalties = sum(sum(entry["penalties"]) for entry in out["deals"])
    assert penalties == -misplays == sum(out["team_totals"]) - sum(
        sum(entry["team_points"]) for entry in out["deals"] if not entry.get("tiebreak"))
    first = out["ranking"][:2]
    assert sorted(first) in ([0, 2], [1, 3])
    assert DOMINO.winners(table.state) == first


def test_VD3_tied_teams_play_a_four_player_tiebreak_deal():
    state = new(partnership=True)
    state.deal_number, state.totals = 11, [2, 0, 1, 0]
    events = state.start_deal(doubles_to(state, 3))  # Dewi +2, Citra (above) -1: 2 : 2
    assert state.totals == [2, 0, 0, 2] and TiebreakNeeded((0, 1, 2, 3)) in events
    with pytest.raises(IllegalAction, match="tie-break deal among players 0, 1, 2, 3"):
        state.start_deal(deal(state, *FIRST_DEAL))
    state.start_deal(tiebreak_deal(state, {p: hand for p, hand in
                                           enumerate(hands_with(1, ALL_DOUBLES))}))
    assert result(state).tiebreak and result(state).points == (-1, 2, 0, 0)
    assert state.totals == [2, 0, 0, 2], "tie-break points order the teams only"
    assert state.is_terminal() and state.ranking == (3, 1, 0, 2)


def test_VD3_teams_still_tied_after_a_tiebreak_deal_play_another():
    """Budi's misplays cancel Ani's win in the tie-break deal: the teams play again."""
    state = with_options(position([["4-4"], ["0-0", "5-6"], ["0-1"], ["2-2"]], left=4, right=1),
                         partnership=True)
    state.tiebreak, state.deal_number = True, 13
    state.deal_penalties = [-3, 0, 0, 0]
    events = state.apply(play("4-4", LEFT))          # Ani +2, Dewi -1: 2 - 3 against -1
    assert TiebreakNeeded((0, 1, 2, 3)) in events and state.needs_deal()


# --- V-D5: play to a target ---------------------------------------------------------------------

def test_VD5_the_match_ends_when_a_side_reaches_the_target_alone():
    state = new(target_points=7)
    state.totals = [5, 6, 0, 0]
    state.start_deal(doubles_to(state, 0))           # Ani +2, Dewi -1
    assert state.totals == [7, 6, 0, -1] and state.is_terminal()
    assert state.ranking == (0, 1, 2, 3)


def test_VD5_a_tie_for_the_lead_plays_on_until_one_side_leads():
    state = new(target_points=7)
    state.totals = [5, 7, 0, 0]
    state.start_deal(doubles_to(state, 0))
    assert state.totals == [7, 7, 0, -1] and state.needs_deal() and state.target_reached
    state.start_deal(doubles_to(state, 1))           # Budi +2, Ani -1
    assert state.totals == [6, 9, 0, -1] and state.is_terminal()


def test_VD5_once_reached_the_first_single_leader_wins_even_below_the_target():
    """VD-e: the leaders dropped below the target since (misplays)."""
    state = new(target_points=7)
    state.totals, state.target_reached = [6, 5, 4, 0], True
    state.start_deal(doubles_to(state, 2))           # Citra +2, Budi -1: 6, 4, 6, 0
    assert state.needs_deal()
    state.start_deal(doubles_to(state, 3))           # Dewi +2, Citra -1: 6, 4, 5, 2
    assert state.is_terminal() and state.ranking[0] == 0


def test_VD5_ties_below_first_place_play_tiebreak_deals_in_the_chairs_of_the_last_deal():
    state = new(target_points=5)
    state.deal_number, state.totals = 5, [4, 3, 3, 0]   # deal 6: chairs 2, 1, 0, 3
    state.start_deal(doubles_to(state, 2))              # chair C = Ani +2, chair B = Budi -1
    assert state.totals == [6, 2, 3, 0] and state.is_terminal() and state.ranking == (0, 2, 1, 3)
    state = new(target_points=5)
    state.deal_number, state.totals = 5, [4, 3, 2, 0]
    events = state.start_deal(doubles_to(state, 2))     # 6, 2, 2, 0
    assert TiebreakNeeded((1, 2)) in events
    assert state.next_deal_chairs() == (2, 1, 0, 3) and state.next_deal_players() == (2, 1)
    with pytest.raises(IllegalAction, match="tie-break deal among players 2, 1"):
        state.start_deal(deal(state, *FIRST_DEAL))


def test_VD5_teams_play_to_the_target_and_stay_as_they_are_below():
    state = new(target_points=7, partnership=True)
    state.totals = [3, 3, 3, 0]
    state.start_deal(doubles_to(state, 0))           # Ani +2, Dewi -1: teams 8 against 2
    assert state.is_terminal() and state.ranking == (0, 2, 1, 3)


def test_VD5_seat_changes_still_happen_and_hold_after_deal_12():
    state = new(target_points=100)
    seen = []
    for number in range(1, 15):
        for event in state.start_deal(doubles_to(state, number % 4)):
            if isinstance(event, SeatsChanged):
                seen.append(event.before_deal)
        assert state.deal_number == number and not state.is_terminal()
    assert seen == [5, 9] and state.chairs == (1, 2, 0, 3)


@pytest.mark.parametrize("options, named", [
    ({"opening": "loser"}, "opening"),
    ({"redeal_doubles": 4}, "redeal_doubles"),
    ({"redeal_doubles": True}, "redeal_doubles"),
    ({"partnership": "pairs"}, "partnership"),
    ({"target_points": -1}, "target_points"),
    ({"target_points": 7.5}, "target_points"),
    ({"target_points": "7"}, "target_points"),
])
def test_VD_invalid_values_are_refused_in_words_naming_the_option(options, named):
    with pytest.raises(ScenarioError, match=named):
        new(**options)
    code, out = replay(scenario(options, [], []))
    assert code == 2 and f"'{named}'" in out["error"]["message"]


def test_VD_the_options_reach_the_bots_worlds():
    from ai.domino.determinize import determinize

    state = new(opening="lampung", partnership=True, redeal_doubles=6, target_points=7)
    state.start_deal(doubles_to(state, 1))
    state.start_deal(deal(state, *FIRST_DEAL))
    world = determinize(state.observation(state.current_player()), random.Random(1))
    assert world.options == state.options
    assert set(world.legal_actions()) == set(state.legal_actions())
