"""The post-game review (`main.py review`, ai/review.py) and the coach (ai/coach.py).

The planted mistakes are scenario/1 files in tests/data/review/, written by
tests/make_review_cases.py: seeded tables played by normal bots up to the first position where
the mistake can be made, then the mistake. Reviews here run over a fixed number of worlds, so they
are reproducible and quick.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ai.coach import advise, hard_bot
from ai.evaluate import evaluate, game_module, search_game
from ai.judge import judge_seed, position_key
from ai.review import default_seat, review, review_text
from ai.words import say, strings
from game.core.replay import replay, walk
from game.core.table import Table
from game.domino.actions import Apollo
from ai_helpers import random_position

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "data" / "review"
LANGUAGES = ("en", "id", "vi", "ka")
WORLDS = 40


def run_review(*args, text=None):
    done = subprocess.run([sys.executable, "main.py", "review", *args], input=text, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout


def load_case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


def review_last(data: dict) -> dict:
    """The review of the file's last action alone."""
    return review(data, worlds=WORLDS, only={len(data["actions"]) - 1})["moves"][0]


def planted_move(output: dict, data: dict) -> dict:
    """The review of the file's last action (the planted mistake)."""
    last = len(data["actions"]) - 1
    return next(move for move in output["moves"] if move["index"] == last)


# --- the planted mistakes, through the command line -----------------------------------------

@pytest.mark.parametrize("case, note_key", [
    ("tienlen_pass_out", "tienlen.review.missed_out"),       # T10: the first out wins
    ("domino_skip_apollo", "domino.review.missed_apollo"),   # D11: Apollo, +6
    ("joker_overtake", "joker.review.overtake"),             # J12/J13: one trick over misses
])
def test_review_json_marks_the_planted_mistake_with_a_positive_loss(case, note_key):
    data = load_case(case)
    code, stdout = run_review(str(CASES / f"{case}.json"), "--json", "--worlds", str(WORLDS))
    assert code == 0
    output = json.loads(stdout)
    seat = data["actions"][-1]["player"]
    assert output["game"] == data["game"]
    assert output["seat"] == seat       # the file's one human seat is the default
    move = planted_move(output, data)
    assert move["player"] == seat
    assert move["mistake"] is True and move["loss"] > 0
    assert move["note_key"] == note_key and move["note"] == say(note_key, move["note_params"])
    assert move["action"] == {k: v for k, v in data["actions"][-1].items() if k != "player"}


def test_the_best_move_of_each_planted_mistake_is_the_one_missed():
    data = load_case("tienlen_pass_out")
    best = review_last(data)["best"]
    # the seat's one card left: it beats the table and goes out (T10)
    seat = data["actions"][-1]["player"]
    played = {card for action in data["actions"][:-1]
              if action.get("player") == seat and action["type"] == "play"
              for card in action["cards"]}
    left = set(data["deals"][0]["hands"][seat]) - played
    assert len(left) == 1 and best == {"type": "play", "cards": sorted(left)}

    domino = load_case("domino_skip_apollo")
    assert review_last(domino)["best"]["type"] == "apollo"

    joker = load_case("joker_overtake")
    move = review_last(joker)
    assert move["best"]["type"] == "play" and move["best"] != move["action"]


def test_a_joker_duck_leaves_the_trick_to_another_seat():
    """J7: the best move the review names for the overtaking seat does not take the trick."""
    joker = load_case("joker_overtake")
    move = review_last(joker)
    table = Table.for_scenario(joker)
    raw, walked = before_last(joker)
    state = walked.state
    seat = state.current_player()
    taken = state.tricks_taken[seat]
    assert state.bids[seat] == taken and len(state.trick) == 3      # made, last to play
    ducked = state.clone()
    ducked.apply(table.definition.action_from_json(move["best"]))
    took = state.clone()
    took.apply(table.definition.action_from_json(raw))
    assert ducked.tricks_taken[seat] == taken     # the bid kept (J12)
    assert took.tricks_taken[seat] == taken + 1   # one trick over: missed (J13)


def before_last(data):
    """(the last raw action, the table just before it), walking the record."""
    for index, raw, table, _ in walk(data):
        if index == len(data["actions"]) - 1:
            return raw, table


# --- the contract: bad files, seats, the table, JSON shape ----------------------------------

def test_a_file_that_is_not_a_valid_record_gets_the_replays_error_and_exit_2():
    data = load_case("domino_skip_apollo")
    data["actions"][5] = {"type": "play", "tile": "6-6", "end": "L"}
    text = json.dumps(data)
    code, stdout = run_review("-", "--json", text=text)
    assert code == 2
    assert json.loads(stdout) == replay(json.loads(text))[1]
    assert json.loads(stdout)["error"]["action_index"] == 5
    for bad in ("not json", json.dumps({"format": "scenario/2", "game": "domino"})):
        code, stdout = run_review("-", text=bad)     # the table form prints the error too
        assert code == 2 and "error" in json.loads(stdout)


def test_a_seat_that_is_not_at_the_table_is_refused():
    code, output = review_text(json.dumps(load_case("tienlen_pass_out")), seat=4)
    assert code == 2 and "no seat 4" in output["error"]["message"]


def test_the_default_seat_is_the_first_human_else_seat_0():
    data = load_case("domino_skip_apollo")
    assert default_seat(data) == data["actions"][-1]["player"]
    del data["table"]
    assert default_seat(data) == 0
    data["table"] = {"seats": [{"name": n, "kind": "ai", "level": "hard"} for n in "ABCD"]}
    assert default_seat(data) == 0


def test_every_move_of_the_seat_is_listed_with_its_index_and_notation():
    data = load_case("domino_skip_apollo")
    output = review(data, seat=1, worlds=10)
    indices = [move["index"] for move in output["moves"]]
    assert indices == [i for i, action in enumerate(data["actions"]) if action["player"] == 1]
    for move in output["moves"]:
        raw = {k: v for k, v in data["actions"][move["index"]].items() if k != "player"}
        assert move["action"] == raw and move["player"] == 1
        assert move["loss"] >= 0 and isinstance(move["mistake"], bool)
        assert set(move) >= {"deal", "index", "player", "action", "best", "loss", "mistake",
                             "note"}
        assert (move["note"] != "") == move["mistake"]
    summary = output["summary"]
    assert summary["moves"] == len(indices) and summary["unit"] == "points"
    assert summary["mistakes"] == sum(move["mistake"] for move in output["moves"])
    assert [move["deal"] for move in output["moves"]] == sorted(m["deal"] for m in output["moves"])


def test_a_misplay_is_a_mistake_that_costs_its_penalty():
    """D8: a tile that fits neither end costs 1 point; the review counts it as the loss."""
    data = {"format": "scenario/1", "game": "domino", "options": {}, "players": list("ABCD"),
            "deals": [{"hands": [["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
                                 ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"],
                                 ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5"],
                                 ["3-6", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"]]}],
            "actions": [{"type": "play", "tile": "6-6"}, {"type": "play", "tile": "0-1",
                                                          "end": "L"}]}
    move = review(data, seat=0, worlds=5)["moves"][0]
    assert move["mistake"] and move["loss"] == 1 and move["note_key"] == "domino.review.misplay"
    assert move["best"]["tile"] == "0-6"       # the one tile that fits the 6s (either end)


def test_the_table_form_shows_each_move_and_marks_the_mistake():
    code, stdout = run_review(str(CASES / "domino_skip_apollo.json"), "--worlds", "10")
    assert code == 0
    lines = stdout.splitlines()
    assert lines[0].startswith("domino · seat 0 (Ani)")
    assert any("apollo 1-2 R 1-1 R" in line and "✗ Apollo was there" in line for line in lines)
    assert "mistakes" in lines[-1]


def test_review_never_imports_pygame():
    code = ("import sys, main; sys.argv = ['main.py']; "
            f"main.main(['review', {str(CASES / 'tienlen_pass_out.json')!r}, '--worlds', '3', "
            "'--json']); assert 'pygame' not in sys.modules, 'pygame loaded'")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr


# --- the paired evaluation ------------------------------------------------------------------

@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_every_action_is_played_in_the_same_worlds(game):
    """Paired: an action compared with itself gains exactly 0 in every world, and the review
    of a move equal to the best has no loss."""
    state = random_position(game, 3, 6)
    observation = state.observation(state.current_player())
    legal = state.legal_actions()
    search = search_game(game)
    actions = [legal[0], legal[-1], legal[0]]
    evaluation = evaluate(search, game_module(game).facts, observation, actions,
                          random.Random(1), worlds=12)
    assert evaluation.worlds == 12
    assert all(row[0] == row[2] for row in evaluation.values)
    assert evaluation.gain(0, 2) == (0.0, 0.0)


def test_hard_against_hard_domino_is_rarely_marked():
    """Fewer than 5 % of hard's own moves are mistakes (all games, at the review's
    budget: benchmarks/review_speed.py; here two domino deals, every seat, fixed worlds)."""
    moves = mistakes = 0
    for deal in range(2):
        table = Table("domino", list("ABCD"), {}, seed=f"hard/{deal}")
        bots = [hard_bot("domino", f"{deal}/{p}", max_worlds=40) for p in range(4)]
        state = table.state
        table.deal_if_needed()
        while not state.needs_deal() and not state.is_terminal():
            player = state.current_player()
            table.apply(bots[player].choose(state.observation(player), state.legal_actions(),
                                            1.0))
        for seat in range(4):
            summary = review(table.record, seat, worlds=60)["summary"]
            moves += summary["moves"]
            mistakes += summary["mistakes"]
    assert moves >= 40
    assert mistakes <= 0.05 * moves


# --- the coach ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_coach_move_is_the_hard_bots_in_the_worlds_of_the_position(game):
    """The coach's move is the one judge's choice (ai/judge.py): what the hard bot chooses when
    it samples the position's own worlds (its generator seeded by the position)."""
    for seed in range(4):
        state = random_position(game, seed, 4 + 5 * seed)
        player = state.current_player()
        observation, legal = state.observation(player), state.legal_actions()
        advice = advise(game, observation, legal, budget_s=None, worlds=12)
        bot = hard_bot(game, judge_seed(position_key(observation, legal)), 12)
        assert advice.action == bot.choose(observation, legal, 1.0)
        assert advice.action in legal
        assert advice.reason_key.startswith(f"{game}.coach.")
        assert say(advice.reason_key, advice.params) == advice.text()


def test_the_coach_plays_an_apollo_and_says_so():
    """D11: with an Apollo on, the hard bot lays it and the coach names it."""
    data = load_case("domino_skip_apollo")
    _, table = before_last(data)
    state = table.state
    observation, legal = state.observation(state.current_player()), state.legal_actions()
    assert any(type(a) is Apollo for a in legal)
    advice = advise("domino", observation, legal, budget_s=None, worlds=10)
    assert type(advice.action) is Apollo
    assert advice.reason_key == "domino.coach.apollo"
    assert advice.text() == "Apollo: 1-2 + 1-1 ends the deal for +6"


def test_the_coach_names_the_player_who_passed_on_the_end_it_leaves():
    """D6: a player who passed holds none of the two ends; leaving that number open blocks
    them. Found on seeded positions of normal play."""
    found = 0
    for seed, steps in [(seed, steps) for seed in range(60) for steps in (8, 12, 16)]:
        state = random_position("domino", seed, steps)
        player = state.current_player()
        advice = advise("domino", state.observation(player), state.legal_actions(),
                        budget_s=None, worlds=6, names=["Ani", "Budi", "Citra", "Dewi"])
        if advice.reason_key == "domino.coach.blocks":
            found += 1
            assert advice.params["player"] in ("Ani", "Budi", "Citra", "Dewi")
            assert f"passed on {advice.params['number']}" in advice.text()
    assert found


KEY = re.compile(r'"((?:domino|tienlen|joker)\.(?:review|coach)\.[a-z_]+)"')


def test_every_review_and_coach_line_is_translated_in_the_four_languages():
    used = set()
    for game in ("domino", "tienlen", "joker"):
        used |= set(KEY.findall((ROOT / "ai" / game / "coach.py").read_text(encoding="utf-8")))
    used |= {f"{game}.review.misplay" for game in ("domino",)}
    assert len(used) >= 30
    for language in LANGUAGES:
        missing = sorted(key for key in used if key not in strings(language))
        assert not missing, f"{language} lacks {missing}"
    # and they format with the parameters the code gives them
    assert say("joker.coach.bid", {"n": 2, "cards": "A♠ X1", "rate": 80, "worlds": 50},
               "ka").startswith("თქვი 2: A♠ X1")


def test_the_review_lines_read_in_another_language():
    output = review(load_case("domino_skip_apollo"), worlds=10)
    move = next(m for m in output["moves"] if m["mistake"]
                and m["note_key"] == "domino.review.missed_apollo")
    assert say(move["note_key"], move["note_params"], "id").startswith("Ada Apollo: 1-2 + 1-1")


def test_the_planted_files_are_what_the_tool_writes():
    """tests/data/review/*.json come from tests/make_review_cases.py (seeded normal play)."""
    import make_review_cases as tool
    from game.core.scenario import dump_scenario

    for name, game, find in (("tienlen_pass_out", "tienlen", tool.tienlen_pass_out),
                             ("domino_skip_apollo", "domino", tool.domino_skip_apollo),
                             ("joker_overtake", "joker", tool.joker_overtake)):
        record, player, index = tool.plant(game, find)
        assert dump_scenario(record) == (CASES / f"{name}.json").read_text(encoding="utf-8")
        assert record["actions"][index]["player"] == player


class _NoWorlds:
    """An evaluation of no worlds: the reasons that do not need the search's figures."""
    worlds = 0

    def index(self, action):
        return 0

    def rate(self, index, fact=0):
        return 0.0


def test_the_domino_coach_says_why_in_the_player_s_terms():
    """Each line names what is true of the move: a double laid while it fits (D6), a number
    left open that the seat holds more of, the heaviest tile shed (D15/D16: a blocked game
    goes to the fewest pips)."""
    from ai.domino.coach import coach_reason
    from ai.domino.play import ends_after
    from game.domino.actions import Play
    from game.domino.tiles import IS_DOUBLE, PIPS, TILE_ENDS

    seen = set()
    for seed in range(80):
        state = random_position("domino", seed, 6 + seed % 10)
        player = state.current_player()
        observation, legal = state.observation(player), state.legal_actions()
        for action in legal:
            if type(action) is not Play or len(observation.hand) == 1:
                continue
            key, params = coach_reason(observation, legal, action, _NoWorlds(), list("ABCD"))
            seen.add(key)
            rest = [t for t in observation.hand if t != action.tile]
            if key == "domino.coach.double":
                assert IS_DOUBLE[action.tile]
            elif key == "domino.coach.keeps_number":
                number = params["number"]
                assert number in ends_after(observation.left, observation.right, action)
                assert params["count"] == sum(number in TILE_ENDS[t] for t in rest) >= 2
            elif key == "domino.coach.heaviest":
                others = [a.tile for a in legal if type(a) is Play and a.tile != action.tile]
                assert all(PIPS[action.tile] > PIPS[t] for t in others)
            for language in LANGUAGES:
                assert "{" not in say(key, params, language)
    assert {"domino.coach.double", "domino.coach.keeps_number", "domino.coach.heaviest",
            "domino.coach.blocks"} <= seen


def test_a_joker_in_the_coach_s_and_review_s_lines_is_named_as_its_card_is_printed():
    """The players' words never show the file notation X1 / X2 (J1: two jokers)."""
    from ai.joker.coach import card_words
    from game.joker.cards import JOKER_1

    assert card_words(JOKER_1) == "JOKER 1" and card_words(JOKER_1 + 1) == "JOKER 2"
    assert "X" not in card_words(JOKER_1) + card_words(JOKER_1 + 1)
