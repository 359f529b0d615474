"""The table's tempo (game/controller/pace.py, game/ui/table_pace.py): key moments — the play
that ends a deal or a game, a chop, a seat change (D3), the last trick of a Joker deal — stay at
least 2.5 s at every speed (a click moves on sooner), AI moves come one after another, each
readable before the next starts, and each seat's pass or last action stays marked. Driven with
the simulated clock (tests/ui_driver.py); the `ui` fixture plays at the fast setting."""

from __future__ import annotations

import pygame
import pytest

from game.controller.pace import (KEY_MOMENT_FLOOR_S, KEY_MOMENTS, NORMAL, SKIP_AFTER_S, SPEEDS,
                                  Moment, Pace, pace_for)
from game.controller.seats import AI, HUMAN
from game.controller.settings import ControllerSettings
from game.controller.table_controller import Phase
from game.ui.i18n import t
from game.ui.timeline import speed_scale
from test_moments import last_play_drawn, start_all_ai, summary_on_top

DT = 0.02


# --- the model --------------------------------------------------------------------------------

def test_every_key_moment_stays_at_least_two_and_a_half_seconds_at_every_speed():
    for speed in SPEEDS:
        pace = Pace(speed)
        for moment in KEY_MOMENTS:
            assert pace.visible_s(moment) >= KEY_MOMENT_FLOOR_S == 2.5, (speed, moment)
        assert pace.visible_s(Moment.MOVE) >= 0.7       # a move is read before the next
        assert pace.visible_s(Moment.TRICK) > pace.visible_s(Moment.MOVE)
    for moment in Moment:                                # slower is never shorter
        slow, normal, fast = (Pace(speed).visible_s(moment) for speed in SPEEDS)
        assert slow >= normal >= fast, moment
    assert speed_scale("slow") > speed_scale("normal") == 1 > speed_scale("fast")


def test_an_unknown_speed_is_normal_and_the_controller_pauses_come_from_the_pace():
    assert pace_for("warp") == pace_for(None) == NORMAL == Pace("normal")
    settings = ControllerSettings()
    assert settings.bot_move_pause_s == NORMAL.visible_s(Moment.MOVE)
    assert (settings.human_move_pause_s, settings.auto_summary_s) == (
        NORMAL.human_move_pause_s, NORMAL.auto_summary_s)


# --- helpers ----------------------------------------------------------------------------------

def play_on(ui, scene, stop, dt: float = 0.05, patience_s: float = 300.0) -> None:
    """Run the table until `stop()` holds; the human at the screen plays their first legal
    move (a pass when that is all) and moves on from each deal's summary."""
    def step() -> bool:
        if stop():
            return True
        top = ui.top()
        if top is not scene and getattr(top, "next", None) is not None:
            ui.press(top.next)
        elif scene.view.acting is not None and ui.top() is scene:
            scene.attempt(scene.view.legal[0])
        return stop()
    ui.run_until(step, dt=dt, patience_s=patience_s)


def moves_made(ui, scene, until, dt: float = DT) -> list[tuple[float, dict]]:
    """Each new move as it entered the record (simulated time, the move), until `until()`."""
    made, actions = [], scene.ctl.table.record["actions"]
    count = len(actions)
    while not until():
        ui.frames(1, dt)
        actions = scene.ctl.table.record["actions"]
        made += [(ui.now, action) for action in actions[count:]]
        count = len(actions)
        assert ui.now < 600, "the table stopped"
    return made


# --- key moments ------------------------------------------------------------------------------

def test_the_last_trick_of_a_joker_deal_is_still_on_the_table_after_2_4_s_on_fast(ui):
    """Play-tested: a completed trick, including a deal's last, was gone in 0.6–0.8 s."""
    assert ui.app.settings["animation"] == "fast"
    scene = start_all_ai(ui, "joker", seed=3)
    ui.run_until(lambda: scene.ctl.deal_over and scene.timeline.first("pickup") is not None,
                 dt=DT)
    completed = ui.now
    pickup = scene.timeline.first("pickup")
    while ui.now < completed + 2.4:
        ui.frames(1, DT)
        assert ui.top() is scene, "the summary covered the last trick"
        assert scene.timeline.first("pickup") is pickup
    assert last_play_drawn(scene, "joker"), "the last trick is no longer drawn"
    ui.screenshot("pace-joker-last-trick-fast")
    ui.run_until(lambda: summary_on_top(ui, scene), dt=0.1, within_s=5)


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_play_that_ends_a_deal_stays_2_5_s_before_its_summary_on_fast(ui, game):
    """Tiến Lên with fast animation: the game-ending play and the summary came within 2 s."""
    scene = start_all_ai(ui, game, seed=6)
    ui.run_until(lambda: scene.ctl.deal_over, dt=DT)
    ended_at, drawn_for = ui.now, 0.0
    while not summary_on_top(ui, scene):
        ui.frames(1, DT)
        if not summary_on_top(ui, scene) and last_play_drawn(scene, game):
            drawn_for += DT
        if game == "tienlen" and abs(ui.now - ended_at - 2.0) < DT / 2:
            ui.screenshot("pace-tienlen-game-end-fast")
        assert ui.now < ended_at + 30, "no summary came"
    assert drawn_for >= 2.5 - 2 * DT, f"the deal's last play was seen {drawn_for:.2f} s only"


def test_a_domino_seat_change_notice_stays_and_nobody_plays_while_it_shows(ui):
    """D3: before deal 5 the players change chairs. Play-tested: the notice was gone within
    2.5 s while the AI already played. With a human moving on from each summary."""
    from game.domino.actions import SeatsChanged

    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=1)    # an AI opens deal 5

    def change():
        return next((e for e in scene.ctl.events.kept if isinstance(e, SeatsChanged)), None)
    play_on(ui, scene, lambda: change() is not None)       # dealt from the summary's button
    assert scene.ctl.deals_played == 5 and not scene.ctl.seats[scene.ctl.to_move()].is_human
    a, b = change().swapped
    words = t("domino.seats.changed", number=5, a=scene.names[a], b=scene.names[b])
    moves, dealt_at = scene.ctl.table.deal_began_at, ui.now    # the moves before deal 5
    screenshot_taken = False
    notice = scene.timeline.first("seat_notice")
    assert notice is not None and notice.data == words
    while scene.timeline.first("seat_notice") is not None:
        assert len(scene.ctl.table.record["actions"]) == moves, \
            "a move was made while the seat change was announced"
        if not screenshot_taken and ui.now - dealt_at >= 1.5:
            ui.screenshot("pace-domino-seat-change")
            screenshot_taken = True
        ui.frames(1, DT)
    assert ui.now - dealt_at >= 2.5, f"the notice stayed {ui.now - dealt_at:.2f} s only"


# --- one move after another, and the marks ----------------------------------------------------

@pytest.mark.parametrize("speed", ["fast", "normal"])
def test_ai_moves_come_one_after_another_each_readable(ui, speed):
    """Domino at normal speed: the three AI moves were done 1.5 s after the player's. Now a
    tile lands (its flight) and stays readable before the next move; so does a pass."""
    from game.ui.domino.table_scene import TILE_FLIGHT_S

    ui.app.settings["animation"] = speed
    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=2)
    pace, gaps = Pace(speed), []
    for _ in range(5):
        ui.run_until(lambda: scene.view.acting is not None, dt=DT)
        scene.attempt(scene.view.legal[0])
        made = moves_made(ui, scene, lambda: scene.view.acting is not None
                          or scene.ctl.deal_over)
        for (earlier, move), (later, _) in zip(made, made[1:]):
            wanted = (pace.visible_s(Moment.PASS) if move["type"] == "pass" else
                      TILE_FLIGHT_S * pace.animation_scale + pace.visible_s(Moment.MOVE))
            gaps.append(later - earlier)
            assert later - earlier >= wanted - DT, (move, later - earlier, wanted)
        if scene.ctl.deal_over:
            break
    assert len(gaps) >= 6 and min(gaps) >= 0.7, gaps       # a person follows each move


def test_two_ai_passes_are_still_marked_at_the_players_next_turn(ui):
    """Domino: two AI passes left no trace by the player's next turn. A pass stays at the
    seat until that seat plays again or the deal ends."""
    from game.domino.actions import Passed, TilePlayed

    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=1)
    since = 0

    def two_passes_before_my_turn() -> bool:
        nonlocal since
        if scene.view.acting is None or ui.top() is not scene:
            return False
        events = scene.ctl.events.kept[since:]
        since = len(scene.ctl.events.kept)
        passed = {e.player for e in events if isinstance(e, Passed) and e.player != 0}
        played = {e.player for e in events if isinstance(e, TilePlayed)}
        return len(passed - played) >= 2

    play_on(ui, scene, two_passes_before_my_turn)
    events = scene.ctl.events.kept
    passed = {e.player for e in events[-12:] if isinstance(e, Passed) and e.player != 0}
    still = [seat for seat in passed if scene.marks.get(seat, ("",))[0] == t("table.pass")]
    assert len(still) >= 2, scene.marks
    ui.frames(1)
    ui.screenshot("pace-domino-two-passes")


def test_tienlen_passes_stay_marked_until_the_next_round_is_led(ui):
    from game.tienlen.actions import CardsPlayed, Passed, RoundEnded
    from game.tienlen.cards import parse

    scene = ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=1)
    scene.on_cards_played(CardsPlayed(1, (parse("9S"),)), ui.now)
    for seat in (2, 3):
        scene.on_passed(Passed(seat), ui.now)
    scene.on_round_ended(RoundEnded(1), ui.now)
    assert [scene.marks[seat][0] for seat in (1, 2, 3)] == ["9♠", "passed", "passed"], \
        "the round's last actions stay in view as it ends"
    scene.on_cards_played(CardsPlayed(1, (parse("3S"),)), ui.now)   # the next round is led
    assert set(scene.marks) == {1} and scene.marks[1][0] == "3♠"


# --- moving on --------------------------------------------------------------------------------

def test_a_click_or_a_key_moves_on_from_a_held_moment_but_not_at_once(ui):
    scene = start_all_ai(ui, "joker", seed=3)
    ui.run_until(lambda: scene.ctl.deal_over and scene.timeline.first("pickup") is not None,
                 dt=DT)
    centre = scene.layout.center
    ui.click(centre)                           # the click that came with the last card
    assert scene.timeline.first("pickup") is not None
    ui.frames(int(SKIP_AFTER_S / DT) + 1, DT)
    ui.click(centre)
    assert scene.timeline.first("pickup") is None and not scene.timeline.holding(ui.now)
    ui.run_until(lambda: summary_on_top(ui, scene), dt=0.1, within_s=5)
    ui.press(ui.top().next)
    ui.run_until(lambda: scene.ctl.deal_over and scene.timeline.first("pickup") is not None,
                 dt=DT)
    ui.frames(int(SKIP_AFTER_S / DT) + 1, DT)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" "))
    ui.frames(1, DT)
    assert scene.timeline.first("pickup") is None


def test_an_all_ai_table_plays_to_its_end_without_a_click(ui):
    scene = ui.open_game("domino", [AI] * 4, seed=5, options={"target_points": 1})
    ui.run_until(lambda: scene.ctl.phase is Phase.OVER, dt=0.1, within_s=600)
    assert scene.ctl.state.is_terminal()


def test_a_new_speed_in_settings_is_followed_at_once(ui):
    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=1)
    assert scene.ctl.settings.bot_move_pause_s == Pace("fast").bot_move_pause_s
    ui.app.settings["animation"] = "slow"
    ui.frames(1)
    assert scene.timeline.scale == Pace("slow").animation_scale
    assert scene.ctl.settings.bot_move_pause_s == Pace("slow").bot_move_pause_s
