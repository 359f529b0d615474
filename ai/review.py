"""`tabletrio review FILE [--seat N] [--budget S] [--worlds N] [--json]`: the post-game review.

Every move of one seat in a scenario/1 record (a saved game is one) is judged from that seat's
observation only, as a bot would see it, by the one judge the coach asks too (ai/judge.py): the
search's candidates and the move played are played out in the same worlds, drawn from the
position itself, and the move is measured world by world against the judge's choice (the
coach's move). A loss counts only when it is above zero at `CONFIDENCE` standard errors of that
paired difference; within the noise the move is as good as the choice, so the coach's move is
never marked down. A move is a mistake when its loss also reaches the game's threshold
(ai/<game>/coach.py: 1 domino point, 5 Tiến Lên gold, 25 Joker score a deal). A mistake gets one
line why, as a translation key and its parameters (ai/words.py) and in English. See
docs/review.md.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Iterator

from game.command_line import error_object, print_json, read_input, seconds, whole_number
from game.core.errors import ScenarioError
from game.core.registry import game_names, get_game
from game.core.replay import EXIT_BAD_INPUT, EXIT_OK, replay, walk
from game.core.scenario import load_scenario

from .evaluate import game_module
from .judge import CONFIDENCE, TIME_CAP_S, judge
from .words import say

#: at most this many seconds of search a decision of the seat: the judge's cap, the coach's too
#: (the judge's worlds take about half a second; a move with one legal action costs nothing)
DEFAULT_BUDGET_S = TIME_CAP_S


def default_seat(data: dict) -> int:
    """The first human seat of a saved table (its `"table": {"seats": [...]}` block); seat 0
    when the record does not say (a plain scenario)."""
    table = data.get("table")
    seats = table.get("seats") if isinstance(table, dict) else None
    if isinstance(seats, list):
        for index, seat in enumerate(seats):
            if isinstance(seat, dict) and seat.get("kind", "human") == "human":
                return index
    return 0


def _rounded(value: float) -> float:
    return round(value + 0.0, 2)


def review_move(game: str, state, seat: int, action, budget_s: float | None,
                worlds: int | None, names) -> dict:
    """The judgement of one move of `seat` (to move in `state`)."""
    definition, module = get_game(game), game_module(game)
    legal = state.legal_actions()
    observation = state.observation(seat)
    judged: dict[str, Any] = {"value": None, "best_value": None, "worlds": 0}
    note, choice = None, action
    if action not in legal:
        # a refused move that costs points (D8's misplay): the cost is its penalty
        after = state.clone()
        after.apply(action)
        loss = state.returns()[seat] - after.returns()[seat]
        best = choice = judge(game, observation, legal, worlds=worlds, budget_s=budget_s).choice
        note = (f"{game}.review.misplay", {"loss": loss})
        mistake = loss > 0
    elif len(legal) == 1:
        best, loss, mistake = action, 0.0, False
    else:
        judgement = judge(game, observation, legal, also=action, worlds=worlds,
                          budget_s=budget_s)
        evaluation = judgement.evaluation
        if not evaluation.worlds:   # every legal move is the same move (ai.search candidates)
            return review_move_result(definition, action, action, action, 0.0, False, None,
                                      judged)
        verdict, choice = judgement.verdict(action), judgement.choice
        best, loss = verdict.best, verdict.loss
        mistake = verdict.significant and loss >= module.THRESHOLD
        judged = {"value": _rounded(evaluation.mean(evaluation.index(action))),
                  "best_value": _rounded(evaluation.mean(evaluation.index(choice))),
                  "worlds": evaluation.worlds}
        if mistake:
            note = module.review_note(observation, action, best, evaluation, names)
    return review_move_result(definition, action, best, choice, loss, mistake, note, judged)


def review_move_result(definition, action, best, choice, loss: float, mistake: bool, note,
                       judged: dict):
    """A judged move as the JSON lists it: `best` is the move itself when it is as good as the
    judge's `choice` (the coach's move), else the choice."""
    key, params = note if mistake and note else (None, {})
    return {"action": definition.action_to_json(action), "best": definition.action_to_json(best),
            "choice": definition.action_to_json(choice),
            "loss": _rounded(loss), "mistake": mistake,
            "note": say(key, params) if key else "", "note_key": key, "note_params": params,
            **judged}


def judged_action(table, raw: dict, seat: int):
    """The action of the record (`raw`, at this point of `walk`) a review of `seat` judges:
    None for another seat's move, and for Tiến Lên's leave (T16), which is not a move of the
    game."""
    if table.state.current_player() != seat:
        return None
    action = table.definition.action_from_json(raw)
    return None if hasattr(action, "player") else action


def review_moves(data: dict, seat: int, budget_s: float | None = DEFAULT_BUDGET_S,
                 worlds: int | None = None, only=None) -> Iterator[dict]:
    """Each move of `seat` judged in turn, as `review` lists them (the Review screen shows
    them as they come); with `only` (action indices), those moves alone. With `worlds`, every
    decision gets exactly that many worlds (no time cap: reproducible)."""
    game = data["game"]
    names = list(data["players"])
    last = max(only) if only else None
    for index, raw, table, deal in walk(data):
        if last is not None and index > last:
            return
        if only is not None and index not in only:
            continue
        action = judged_action(table, raw, seat)
        if action is None:
            continue
        judged = review_move(game, table.state, seat, action, None if worlds else budget_s,
                             worlds, names)
        yield {"deal": deal, "index": index, "player": seat, **judged}


def review(data: dict, seat: int | None = None, budget_s: float = DEFAULT_BUDGET_S,
           worlds: int | None = None, only=None) -> dict:
    """The review of a valid scenario (check it with `replay` first): every move of `seat`
    (default: `default_seat`), each judged over the game's JUDGE_WORLDS worlds or exactly
    `worlds`, within `budget_s` seconds a decision; with `only` (action indices), those moves
    alone."""
    started = time.perf_counter()
    game = data["game"]
    seat = default_seat(data) if seat is None else seat
    names = list(data["players"])
    moves = list(review_moves(data, seat, budget_s, worlds, only))
    module = game_module(game)
    decisions = [move for move in moves if move["worlds"]]
    mistakes = [move for move in moves if move["mistake"]]
    return {
        "game": game, "seat": seat, "moves": moves,
        "summary": {
            "player": names[seat],
            "moves": len(moves),
            "decisions": len(decisions),
            "mistakes": len(mistakes),
            "mistake_share": round(len(mistakes) / len(moves), 3) if moves else 0.0,
            "loss": _rounded(sum(move["loss"] for move in moves)),
            "unit": get_game(game).unit,
            "threshold": module.THRESHOLD,
            "confidence": CONFIDENCE,
            "budget_s": None if worlds else budget_s,
            "worlds": worlds,
            "deals": len({move["deal"] for move in moves}),
            "seconds": round(time.perf_counter() - started, 2),
        },
    }


def review_text(text: str, seat: int | None = None, budget_s: float = DEFAULT_BUDGET_S,
                worlds: int | None = None) -> tuple[int, dict]:
    """(exit code, output object): the replay's error and exit 2 for a file that is not a valid
    scenario/1 record, or a seat that is not at the table."""
    try:
        data = load_scenario(text)
    except ScenarioError as error:
        return EXIT_BAD_INPUT, {"error": {"action_index": None, "message": str(error)},
                                "state": None}
    code, output = replay(json.loads(text))
    if code != EXIT_OK:
        return code, output
    if seat is not None and not 0 <= seat < len(data["players"]):
        return EXIT_BAD_INPUT, {"error": {"action_index": None, "message":
                                          f"there is no seat {seat}: the players are 0 to "
                                          f"{len(data['players']) - 1}"}, "state": None}
    return EXIT_OK, review(data, seat, budget_s, worlds)


def _words(action: dict) -> str:
    """The scenario notation in short: "play 3-5 R", "play 5S 5H", "apollo 1-2 R 2-2 R"."""
    words = []
    for key, value in action.items():
        if key == "player":
            continue
        if isinstance(value, list):
            words += [" ".join(str(v) for v in item.values()) if isinstance(item, dict)
                      else str(item) for item in value]
        else:
            words.append(str(value))
    return " ".join(words)


def format_table(output: dict) -> str:
    """The review as a readable table: one line a move, mistakes marked with their note."""
    summary = output["summary"]
    lines = [f"{output['game']} · seat {output['seat']} ({summary['player']}) · "
             f"loss in {summary['unit']}, mistake ≥ {summary['threshold']:g}",
             f"{'deal':>4} {'#':>4}  {'played':<26} {'best':<26} {'loss':>7}  note"]
    for move in output["moves"]:
        mark = "✗ " + move["note"] if move["mistake"] else ""
        same = move["best"] == move["action"]
        lines.append(f"{move['deal']:>4} {move['index']:>4}  {_words(move['action']):<26} "
                     f"{'=' if same else _words(move['best']):<26} "
                     f"{move['loss']:>7.2f}  {mark}".rstrip())
    lines.append(f"{summary['moves']} moves ({summary['decisions']} with a choice), "
                 f"{summary['mistakes']} mistakes, {summary['loss']:g} {summary['unit']} lost "
                 f"in all; {summary['seconds']:.1f} s")
    return "\n".join(lines)


#: bounds of the arguments, so that no review runs without end ("inf", "nan", "1e308")
MAX_BUDGET_S = 60.0
MAX_WORLDS = 10_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the scenario or saved game, or - for standard input")
    parser.add_argument("--seat", type=whole_number(0, max_seat()), default=None,
                        help="the player index to review (default: the first human seat of a "
                             "saved table, else 0)")
    parser.add_argument("--budget", type=seconds(MAX_BUDGET_S), default=DEFAULT_BUDGET_S,
                        help=f"the most seconds the judge may take a decision (it stops "
                             f"sooner once its worlds are done), more than 0 and at most "
                             f"{MAX_BUDGET_S:g} (default {DEFAULT_BUDGET_S})")
    parser.add_argument("--worlds", type=whole_number(1, MAX_WORLDS), default=None,
                        help="exactly this many sampled worlds a decision instead "
                             f"(reproducible; 1 to {MAX_WORLDS:,})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def max_seat() -> int:
    """The highest player index of any game's table (a seat past the file's own table is
    refused with the file's JSON error)."""
    return max(get_game(name).max_players for name in game_names()) - 1


def main(args: argparse.Namespace) -> int:
    """Review the checked arguments' file: the table (or one JSON object with --json), or the
    one JSON error object of a file that cannot be read or is not a valid record."""
    try:
        text = read_input(args.file)
    except ValueError as error:
        print_json(error_object(str(error)))
        return EXIT_BAD_INPUT
    code, output = review_text(text, args.seat, args.budget, args.worlds)
    if code != EXIT_OK or args.json:
        print_json(output)
    else:
        print(format_table(output))
    return code
