"""One judge (ai/judge.py): the coach and the review judge a position the same way, so a move the
coach suggested is never marked down in the review of that position.

Over recorded positions of the three games (the records of tests/data/review/, every seat's
decisions with a choice), the coach is asked for its move; the record is then cut there and the
coach's move played, and the review judges it afresh (the judgements kept are forgotten in
between: the same worlds come from the position itself). At the table, the learner follows the
coach move after move and the review of the game marks none of them. Small numbers of worlds,
as the other review tests use, keep it quick.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ai.coach import advise
from ai.evaluate import Evaluation, search_game
from ai.judge import CONFIDENCE, MIN_WORLDS, Judgement, forget, judge, position_key
from ai.review import judged_action, review
from game.core.registry import get_game
from game.core.replay import walk

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "data" / "review"
RECORDS = {"domino": "domino_skip_apollo", "tienlen": "tienlen_pass_out",
           "joker": "joker_overtake"}
WORLDS = 16
POSITIONS = 8


def recorded_choices(data: dict, count: int) -> list:
    """`count` positions of the record spread over it, each a decision with a choice (two
    candidates or more, any seat): (action index, seat, observation, legal)."""
    found = []
    for index, raw, table, _ in walk(data):
        state = table.state
        seat = state.current_player()
        if judged_action(table, raw, seat) is None or len(state.legal_actions()) < 2:
            continue
        found.append((index, seat, state.observation(seat), state.legal_actions()))
    search = search_game(data["game"])
    choices = [position for position in found
               if len(search.candidates(position[2], position[3])) > 1]
    step = max(1, len(choices) // count)
    return choices[::step][:count]


def cut_with(data: dict, index: int, seat: int, action_json: dict) -> dict:
    """The record up to action `index`, then `action_json` played by `seat` there."""
    moved = copy.deepcopy(data)
    moved["actions"] = moved["actions"][:index] + [{"player": seat, **action_json}]
    return moved


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_coach_s_move_is_never_marked_in_the_review_of_the_same_position(game):
    data = json.loads((CASES / f"{RECORDS[game]}.json").read_text(encoding="utf-8"))
    definition = get_game(game)
    positions = recorded_choices(data, POSITIONS)
    assert len(positions) == POSITIONS
    others_marked = 0
    for index, seat, observation, legal in positions:
        forget()
        advice = advise(game, observation, legal, budget_s=None, worlds=WORLDS)
        forget()            # the review judges the position afresh
        moved = cut_with(data, index, seat, definition.action_to_json(advice.action))
        move = review(moved, seat, worlds=WORLDS, only={index})["moves"][0]
        assert move["action"] == definition.action_to_json(advice.action)
        assert move["choice"] == move["action"], f"{game} #{index}: not the judge's choice"
        assert move["best"] == move["action"], f"{game} #{index}: the coach's move marked down"
        assert move["loss"] == 0 and not move["mistake"]
        # the review is not blind: the same judgement marks other moves down where they lose
        judgement = judge(game, observation, legal, worlds=WORLDS, budget_s=None)
        others_marked += sum(judgement.verdict(action).significant
                             for action in judgement.actions if action != advice.action)
    assert others_marked, f"{game}: no other move of {POSITIONS} positions lost surely"


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_learner_who_follows_the_coach_is_never_marked_down(game):
    """At the table (the coach on the bot runner, its time capped as the tests do), the human
    plays the coach's move each time; the review of the game marks none of them, at the
    defaults the Review screen uses."""
    from game.controller.table_controller import Phase
    from test_assists import controller, play_until_human
    forget()
    ctl, now = controller(game, 5), 0.0
    followed, keys = [], []
    while len(followed) < 4:
        now = play_until_human(ctl, now)
        if ctl.phase is Phase.OVER:
            break
        assert ctl.ask_coach()
        advice = ctl.assists.coaching_for(ctl.position(), ctl.human_to_act()).result(timeout=30)
        followed.append(len(ctl.table.record["actions"]))
        keys.append(position_key(ctl.state.observation(0), ctl.state.legal_actions()))
        ctl.human_action(advice.action, now)
    # the review replays the record to the same positions as the table saw them
    assert [position_key(table.state.observation(0), table.state.legal_actions())
            for index, _, table, _ in walk(ctl.table.record) if index in followed] == keys
    moves = review(ctl.table.record, 0, only=set(followed))["moves"]
    assert [move["index"] for move in moves] == followed
    for move in moves:
        assert move["best"] == move["action"] and move["loss"] == 0 and not move["mistake"]


def test_a_loss_within_the_noise_is_not_counted():
    """As seen: a move 0.1 below the best mean, over worlds that do not agree (±3 a world), was
    marked −0.1. Against the judge's choice it is as good as the choice; a loss the worlds
    agree on is shown, and the choice itself never loses."""
    actions = ["choice", "close", "worse", "better"]
    evaluation = Evaluation(actions)
    for world in range(40):
        swing = 3.0 if world % 2 else -3.0
        evaluation.values.append([1.0 + swing, 0.9 - swing, swing, 1.1 - swing])
        evaluation.facts.append([()] * 4)
    judgement = Judgement("k", actions, 4, "choice", evaluation, True)
    close = judgement.verdict("close")
    assert evaluation.mean(0) - evaluation.mean(1) == pytest.approx(0.1)
    assert close.loss == 0 and close.best == "close" and not close.significant
    sure = judgement.verdict("worse")     # 1 below in every world
    assert sure.significant and sure.best == "choice" and sure.loss == pytest.approx(1.0)
    assert sure.loss > CONFIDENCE * sure.error
    assert judgement.verdict("better").loss == 0
    assert judgement.verdict("choice").loss == 0


def test_the_position_s_worlds_are_the_same_in_another_process():
    """The worlds are drawn from the position itself: a judgement made in a process with
    another hash seed picks the same move from the same values."""
    data = json.loads((CASES / "joker_overtake.json").read_text(encoding="utf-8"))
    _, _, observation, legal = recorded_choices(data, 3)[1]
    forget()
    here = judge("joker", observation, legal, worlds=WORLDS, budget_s=None)
    code = ("import json, sys; from test_one_judge import *; "
            "data = json.loads((CASES / 'joker_overtake.json').read_text(encoding='utf-8')); "
            "_, _, o, l = recorded_choices(data, 3)[1]; "
            f"j = judge('joker', o, l, worlds={WORLDS}, budget_s=None); "
            "print(json.dumps([j.key, repr(j.choice), j.evaluation.values]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parent,
                          capture_output=True, text=True, timeout=60,
                          env={"PYTHONHASHSEED": "123", "PATH": ""})
    assert done.returncode == 0, done.stderr
    key, choice, values = json.loads(done.stdout)
    assert key == here.key == position_key(observation, legal)
    assert choice == repr(here.choice) and values == here.evaluation.values


def test_a_choice_cut_short_is_the_one_the_review_of_that_position_measures_against():
    """The time cap may cut the coach's worlds short (a slow machine): its choice is kept, and
    the review of that position in the same session measures against it, whatever worlds it
    gets itself (here a position where 4 worlds and 16 choose differently)."""
    data = json.loads((CASES / "domino_skip_apollo.json").read_text(encoding="utf-8"))
    definition = get_game("domino")
    for index, seat, observation, legal in recorded_choices(data, 40):
        forget()
        cut = judge("domino", observation, legal, worlds=WORLDS, budget_s=0.0)
        forget()
        fresh = judge("domino", observation, legal, worlds=WORLDS, budget_s=None).choice
        if fresh != cut.choice:
            break
    else:
        raise AssertionError("no position where 4 worlds and 16 choose differently")
    forget()
    cut = judge("domino", observation, legal, worlds=WORLDS, budget_s=0.0)
    assert not cut.complete and cut.evaluation.worlds == MIN_WORLDS
    again = judge("domino", observation, legal, worlds=WORLDS, budget_s=None)
    assert again.complete and again.choice == cut.choice != fresh
    moved = cut_with(data, index, seat, definition.action_to_json(cut.choice))
    move = review(moved, seat, worlds=WORLDS, only={index})["moves"][0]
    assert move["worlds"] == WORLDS           # judged afresh, against the kept choice
    assert move["best"] == move["action"] and move["loss"] == 0


def test_a_move_the_search_would_not_consider_is_judged_against_the_same_choice():
    """A Tiến Lên play outside the candidates (an odd split of the hand) is played in the same
    worlds as they are; the choice, and every candidate's values, are the same as without it."""
    data = json.loads((CASES / "tienlen_pass_out.json").read_text(encoding="utf-8"))
    search = search_game("tienlen")
    index, seat, observation, legal = next(
        position for position in recorded_choices(data, 20)
        if any(action not in search.candidates(position[2], position[3])
               for action in position[3]))
    forget()
    plain = judge("tienlen", observation, legal, worlds=WORLDS, budget_s=None)
    odd = next(action for action in legal if action not in plain.actions)
    forget()
    wider = judge("tienlen", observation, legal, also=odd, worlds=WORLDS, budget_s=None)
    assert wider.actions == plain.actions + [odd] and wider.choice == plain.choice
    assert [row[:-1] for row in wider.evaluation.values] == plain.evaluation.values
    verdict = wider.verdict(odd)
    assert verdict.best in (odd, plain.choice)


def test_the_review_screen_says_a_move_within_the_noise_is_as_good_as_the_best(ui):
    """✓ on the move list, and "as good as the best, 0-5" (the judge's choice) where the move
    is not the choice but within the noise of it (domino 4-5 on the left, deal 1, 12 worlds)."""
    from game.controller.review import ReviewSearch
    from game.ui.i18n import t
    from game.ui.review_panel import judged_move_words, judgement_lines, row_words
    data = json.loads((CASES / "domino_skip_apollo.json").read_text(encoding="utf-8"))
    ui.app.review_search = ReviewSearch(worlds=12)
    scene = ui.app.show("review", data)
    scene.choose(deal=1)
    assert scene.job is None or scene.job.wait(120)
    ui.frames(2)
    step, result = next((step, scene.result(position))
                        for step, position in enumerate(scene.positions)
                        if position.judged and scene.result(position)["best"]
                        == scene.result(position)["action"] != scene.result(position)["choice"])
    scene.go_to(step)
    ui.frames(1)
    assert row_words(scene, step + 1, scene.position)[1] == "✓"
    line = t("judge.as_good", move=judged_move_words("domino", result["choice"]))
    assert any(text == line for text, _, _ in judgement_lines(scene))
    ui.screenshot("review_as_good")
