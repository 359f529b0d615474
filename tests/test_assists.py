"""The assists of a Casual table — Undo (the human's last move and every move after it
taken back, the record replayed without them) and the coach in the window (Hint / H: the hard
bot's move pointed out, never played, with its line why) — for the three games; neither in a
tournament's preset, Undo never at a hotseat table; a game that used either is marked."""

from __future__ import annotations

import copy
import json
import random

import pygame
import pytest

from ai.bots import make_bot
from game.controller.autosave import read_save
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.settings import ControllerSettings
from game.controller.table_controller import Phase, TableController
from game.core.replay import replay
from game.core.table import Table
from game.ui.games import GAMES, open_table

GAMES_ = ("domino", "tienlen", "joker")
NAMES = ("Ana", "Budi", "Citra", "Dewi")


def controller(game: str, seed: int, humans=(0,), assists: bool = True, save_path=None):
    seats = [SeatConfig(NAMES[i], HUMAN if i in humans else AI, "easy") for i in range(4)]
    table = Table.open(game, list(NAMES), {}, seed=seed)
    ctl = TableController(table, seats, ControllerSettings(bot_move_pause_s=0, auto_summary_s=0,
                                                           assists=assists),
                          save_path=save_path)
    for player in ctl.bots:
        ctl.bots[player] = make_bot(game, "random", f"{seed}/{player}")
    return ctl


def play_until_human(ctl, now: float) -> float:
    """Let the table run (past deal summaries) until a human is to move."""
    for _ in range(2000):
        if ctl.phase in (Phase.HUMAN, Phase.OVER):
            return now
        if ctl.phase is Phase.SUMMARY:
            ctl.acknowledge_summary(now)
        elif ctl.phase is Phase.HANDOFF:
            ctl.confirm_handoff(now)
        now += 1.0
        ctl.update(now)
    raise AssertionError("the table never came to a human's move")


def snapshot(ctl) -> dict:
    """Everything the table is: its record and what every seat sees, the move and its legal
    actions (the state is compared through the Rules protocol, never its internals)."""
    state = ctl.state
    return {"record": copy.deepcopy({k: v for k, v in ctl.table.record.items() if k != "table"}),
            "observations": [state.observation(p) for p in range(state.num_players)],
            "to_move": state.current_player(), "legal": list(state.legal_actions()),
            "returns": list(state.returns())}


@pytest.mark.parametrize("game", GAMES_)
@pytest.mark.parametrize("seed", [3, 11])
def test_undo_gives_exactly_the_earlier_record_and_state(game, seed):
    ctl, rng, now = controller(game, seed), random.Random(seed), 0.0
    moves = 0
    while True:           # from the human's third move, the first one followed by another
        now = play_until_human(ctl, now)    # in the same deal is the one taken back
        assert ctl.phase is Phase.HUMAN
        before, deals = snapshot(ctl), len(ctl.table.record["deals"])
        ctl.human_action(rng.choice(list(ctl.view().legal)), now)
        moves += 1
        now = play_until_human(ctl, now)    # the bots answer
        if moves >= 3 and len(ctl.table.record["deals"]) == deals:
            break
        if len(ctl.table.record["deals"]) != deals:
            assert not ctl.can_undo()       # a new deal, the human has not moved in it
    assert ctl.can_undo()
    assert ctl.undo(now)
    assert snapshot(ctl) == before
    assert ctl.phase is Phase.HUMAN and ctl.human_to_act() == 0
    assert ctl.table.record["table"]["assists"] == {"undo": 1}
    # the record left is a valid scenario that replays to the same table
    code, output = replay(json.loads(json.dumps(ctl.table.record)))
    assert code == 0 and output["next"]["player"] == 0
    # the game goes on from there: the human moves again, the bots answer
    ctl.human_action(ctl.view().legal[0], now)
    play_until_human(ctl, now)


def test_undo_at_the_start_of_the_human_s_turn_takes_back_the_previous_move_too():
    """Pressed while it is the human's move again, Undo goes back to their previous turn."""
    ctl, now = controller("domino", 5), 0.0
    now = play_until_human(ctl, now)
    first = snapshot(ctl)
    ctl.human_action(ctl.view().legal[0], now)
    now = play_until_human(ctl, now)
    if ctl.phase is Phase.HUMAN:
        ctl.undo(now)
        assert snapshot(ctl) == first


def test_undo_is_kept_in_the_save_and_marks_the_game(tmp_path):
    path = tmp_path / "table.json"
    ctl, now = controller("joker", 4, save_path=path), 0.0
    now = play_until_human(ctl, now)
    ctl.human_action(ctl.view().legal[0], now)
    now = play_until_human(ctl, now)
    assert ctl.undo(now)
    assert ctl.ask_coach()
    table, seats, settings = read_save(path)
    assert table.record["table"]["assists"] == {"undo": 1, "coach": 1}
    assert table.record["actions"] == ctl.table.record["actions"]
    assert settings.assists is True


def test_no_undo_in_a_tournament_at_a_hotseat_table_or_before_the_human_moved():
    ctl, now = controller("domino", 5, assists=False), 0.0
    now = play_until_human(ctl, now)
    ctl.human_action(ctl.view().legal[0], now)
    now = play_until_human(ctl, now)
    assert not ctl.can_undo() and not ctl.undo(now) and not ctl.ask_coach()
    hotseat = controller("tienlen", 2, humans=(0, 2))
    now = play_until_human(hotseat, 0.0)
    hotseat.human_action(hotseat.view().legal[-1], now)
    assert hotseat.undo_point() is None and not hotseat.undo(now)
    fresh = controller("joker", 1)
    assert fresh.undo_point() is None or fresh.table.record["actions"]


def test_an_undo_while_a_bot_thinks_drops_the_bot_s_answer():
    """A bot thinking on the worker thread when Undo comes answers for a state that is gone."""
    from concurrent.futures import Future

    class Slow:                               # a runner whose answers never come by themselves
        def __init__(self):
            self.futures = []

        def submit(self, bot, observation, legal, budget_s):
            future = Future()
            self.futures.append((future, bot, observation, legal))
            return future

        def shutdown(self):
            pass

    ctl, now = controller("tienlen", 8), 0.0
    runner = ctl.desk.runner = Slow()
    for _ in range(200):
        if ctl.phase is Phase.HUMAN and ctl.table.record["actions"]:
            break
        if runner.futures and ctl.phase is Phase.BOT:
            future, bot, observation, legal = runner.futures.pop()
            future.set_result(bot.choose(observation, legal, 0.01))
        now += 1.0
        ctl.update(now)
    ctl.human_action(ctl.view().legal[-1], now)
    now += 1.0
    ctl.update(now)
    assert ctl.phase is Phase.BOT
    pending = ctl.desk.pending
    assert ctl.undo(now)
    assert pending.cancelled() and ctl.phase is Phase.HUMAN
    ctl.update(now + 1.0)
    assert ctl.phase is Phase.HUMAN


@pytest.mark.parametrize("game", GAMES_)
def test_the_coach_proposes_the_hard_bot_s_move_and_never_plays_it(game):
    ctl, now = controller(game, 6), 0.0
    now = play_until_human(ctl, now)
    actions = list(ctl.table.record["actions"])
    assert ctl.ask_coach()
    assert not ctl.ask_coach(), "asked once per position"
    advice = ctl.coach_advice()
    assert advice.action in ctl.state.legal_actions()
    assert advice.text("en") and advice.text("ka") != advice.text("en")
    assert ctl.table.record["actions"] == actions
    ctl.human_action(advice.action, now)
    assert ctl.coach_advice() is None, "the advice was for the position before"


# --- in the window ----------------------------------------------------------------------------

def open_assisted(ui, game: str, seed: int, assists: bool = True, kinds=(HUMAN, AI, AI, AI)):
    spec = GAMES[game]
    names = list(spec.default_names)
    chosen = {**spec.defaults(), "assists": assists}
    if "timers" in chosen:
        chosen["timers"] = False
    engine, settings = spec.table_options(chosen)
    table = Table.open(game, names, engine, seed=seed)
    open_table(ui.app, table, [SeatConfig(name, kind, "easy") for name, kind in zip(names, kinds)],
               ControllerSettings.from_json(settings))
    scene = ui.top()
    for player in scene.ctl.bots:
        scene.ctl.bots[player] = make_bot(game, "random", f"{seed}/{player}")
    return scene


def human_turn(ui, scene) -> None:
    ui.run_until(lambda: ui.top() is scene and scene.view.acting == 0
                 and not scene.timeline.holding(ui.now))


def test_the_domino_tournament_preset_has_no_hint_and_no_undo():
    spec = GAMES["domino"]
    assert spec.preset_values("tournament")["assists"] is False
    assert spec.table_options(spec.defaults())[1]["assists"] is False
    assert spec.table_options(spec.preset_values("casual"))[1]["assists"] is True
    assert "assists" not in spec.table_options(spec.preset_values("casual"))[0]


def test_no_assist_buttons_in_a_tournament(ui):
    scene = open_assisted(ui, "domino", 2, assists=False)
    human_turn(ui, scene)
    assert scene.assists.hint_button is None and scene.assists.undo_button is None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    ui.frames(2)
    assert scene.ctl.assists.coaching is None


def test_hotseat_has_the_coach_but_no_undo(ui):
    scene = open_assisted(ui, "tienlen", 2, kinds=(HUMAN, AI, HUMAN, AI))
    assert scene.assists.hint_button is not None and scene.assists.undo_button is None


@pytest.mark.parametrize("game", GAMES_)
def test_hint_points_out_the_coach_s_move_and_undo_takes_a_move_back(ui, game):
    scene = open_assisted(ui, game, 4)
    human_turn(ui, scene)
    assert scene.assists.hint_button.visible and not scene.assists.undo_button.visible
    actions = len(scene.ctl.table.record["actions"])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    ui.frames(3)
    advice = scene.ctl.coach_advice()
    assert advice is not None and scene.assists.advised == advice.action
    assert len(scene.ctl.table.record["actions"]) == actions
    assert scene.log.pinned.text == "Coach: " + advice.text("en")
    ui.screenshot(f"assists-{game}-hint")
    if game == "domino" and hasattr(advice.action, "tile"):
        assert scene.selected == advice.action.tile
    if game == "tienlen" and getattr(advice.action, "cards", ()):    # a pass raises none
        assert scene.fan.selection == advice.action.cards
    before = snapshot(scene.ctl)
    scene.ctl.human_action(advice.action, ui.now)
    ui.run_until(lambda: scene.assists.undo_button.visible and ui.top() is scene
                 and not scene.timeline.holding(ui.now))
    assert scene.log.pinned is None
    ui.press(scene.assists.undo_button)
    assert snapshot(scene.ctl) == before
    assert scene.view.acting == 0 and scene.assists.advised is None
    assert any(m.text == "Your last move was taken back" for m in scene.log.messages)
    ui.frames(5)
    ui.screenshot(f"assists-{game}-undone")
    human_turn(ui, scene)                     # the table plays on from there


def test_undo_stays_within_the_deal_in_play(ui):
    """Play-tested: once a deal was scored, its summary laid every hand open and Undo could
    still take back the human's last move, to play it again knowing them. A deal's moves now
    stand once it is over: no Undo at its summary, nor in the next deal before the human moves
    in it (which left the new deal's bid buttons up when it was allowed)."""
    scene = open_assisted(ui, "joker", 4)
    summaries = []

    def bidding_in_deal_2() -> bool:
        return (ui.top() is scene and scene.view.acting == 0 and scene.ctl.deals_played == 2
                and scene.panels.key is not None and scene.panels.key[0] == "bid")

    def next_step() -> bool:
        if bidding_in_deal_2():
            return True
        if scene.dialog is not None and ui.top() is scene.dialog and hasattr(scene.dialog, "next"):
            summaries.append(scene.ctl.can_undo())
            ui.press(scene.dialog.next)               # the deal's summary: Next deal
        elif ui.top() is scene and scene.view.acting == 0 and not scene.panels.buttons:
            scene.ctl.human_action(scene.view.legal[0], ui.now)
        elif ui.top() is scene and scene.view.acting == 0:
            ui.press(next(b for b, a in scene.panels.buttons.items() if a in scene.view.legal))
        return False

    ui.run_until(next_step)
    assert summaries == [False]
    assert not scene.ctl.can_undo() and not scene.assists.undo_button.visible
    assert not scene.ctl.undo(ui.now) and scene.ctl.deals_played == 2
    ui.press(next(b for b, a in scene.panels.buttons.items() if a in scene.view.legal))
    ui.run_until(lambda: scene.assists.undo_button.visible)   # the human's bid in this deal
