"""D18, hotseat privacy, for every game: a table of two humans and two AI seats is
driven headless through whole deals. At every frame no hand but the confirmed acting human's is
face-up (in the view the table draws from, and in what the scene laid out on screen), a paused
table shows no hand, and every AI move has played out on the public table before the next
hand-off screen appears."""

from __future__ import annotations

import pytest

from game.controller.seats import AI, HUMAN
from game.controller.table_controller import Phase
from game.ui.dialogs import Dialog, HandoffScene, PauseScene

SEATS = (HUMAN, AI, HUMAN, AI)
#: deals (Tiến Lên: games) to play through, and the options that keep them short
PLAN = {"domino": (2, {}), "tienlen": (2, {}), "joker": (3, {"game_type": "standard"})}
DT = 0.05


def face_up_on_screen(scene) -> set[int]:
    """The seats whose cards the scene laid out face up (what `draw` blits as faces)."""
    if hasattr(scene, "fan_owner"):                       # Tiến Lên's fan
        return {scene.fan_owner} if scene.fan_owner is not None else set()
    return {scene.view.seat} if scene.hand_rects else set()


class Watch:
    """What happened so far, checked frame by frame."""

    def __init__(self, ui, scene):
        self.ui, self.scene, self.ctl = ui, scene, scene.ctl
        self.confirmed: int | None = None     # the human who last said ready
        self.applied_at: list[tuple[float, bool]] = []   # (time, by an AI) of each action
        self.handoffs = 0
        self.handoff_on_screen = None
        self.ai_moves_before_handoff = 0
        self.paused_checks = 0
        self.frames_checked = 0
        real_frame = ui.app.frame

        def checked_frame(now, dt):            # every frame the window runs is checked
            real_frame(now, dt)
            self.after_frame()
        ui.app.frame = checked_frame

    def after_frame(self) -> None:
        ctl, scene, now = self.ctl, self.scene, self.ui.app.now
        self.frames_checked += 1
        top = self.ui.top()
        if isinstance(top, HandoffScene) and top is not self.handoff_on_screen:
            self.handoff_on_screen = top
            self.on_handoff_shown()
        actions = ctl.table.record["actions"]
        while len(self.applied_at) < len(actions):
            player = actions[len(self.applied_at)].get("player")
            self.applied_at.append((now, player is not None and not ctl.seats[player].is_human))
        view = scene.view
        shown = face_up_on_screen(scene)
        if view.hand_shown or shown:
            assert self.confirmed is not None, "a hand is face-up before anyone said ready"
            assert shown <= {self.confirmed} and view.seat == self.confirmed, \
                f"seat {shown or view.seat} face-up; {self.confirmed} confirmed the hand-off"
            assert view.to_move == self.confirmed, "a hand stays face-up after its move"
        else:
            assert view.observation.hand == (), "a hidden hand still travels in the view"
        if scene.paused:
            assert not view.hand_shown and not shown, "a paused table shows a hand"
            self.paused_checks += 1

    def on_handoff_shown(self) -> None:
        """The hand-off screen just appeared: the AI moves since the last human move are on
        the public table, read by the scene and played out for their pause."""
        ctl, scene, now = self.ctl, self.scene, self.ui.app.now
        assert scene.feed.events_read == ctl.events.end, "an event was not shown before the hand-off"
        assert not scene.timeline.holding(now), "the hand-off covers a running animation"
        ai_moves = []
        for at, by_ai in reversed(self.applied_at):
            if not by_ai:
                break
            ai_moves.append(at)
        if ai_moves:
            shown_for = now - max(ai_moves)
            assert shown_for >= ctl.settings.bot_move_pause_s - 1e-9, \
                f"the last AI move was on the table for {shown_for:.2f} s only"
        self.ai_moves_before_handoff += len(ai_moves)
        self.handoffs += 1


def start(ui, game: str, options: dict):
    return ui.open_game(game, SEATS, seed=21, options=options)


@pytest.mark.parametrize("game", list(PLAN))
def test_two_humans_and_two_bots_never_see_each_others_hands(ui, game):
    deals, options = PLAN[game]
    scene = start(ui, game, options)
    watch = Watch(ui, scene)
    finished = 0
    paused_once = False
    for _ in range(60000):
        top = ui.top()
        if isinstance(top, HandoffScene):
            ui.frames(3, DT)                               # the screen is handed over…
            watch.confirmed = scene.view.to_move
            ui.press(top.ready)                            # …and the next player says ready
        elif top is not scene and isinstance(top, Dialog) and hasattr(top, "next"):
            finished += 1                                  # a deal summary: its hands are open
            if finished >= deals:
                break
            ui.press(top.next)
        elif top is scene and scene.view.acting is not None:
            if not paused_once:                            # a pause hides the hand
                scene.open_pause()
                ui.frames(2, DT)
                assert isinstance(ui.top(), PauseScene)
                ui.top().resume()
                paused_once = True
                ui.frames(1, DT)
                assert isinstance(ui.top(), HandoffScene), "back from the menu: asked again"
                continue
            scene.attempt(scene.view.legal[0])
        ui.frames(1, DT)
    else:
        raise AssertionError("the deals did not finish")
    assert finished >= deals and watch.handoffs >= 4
    assert watch.ai_moves_before_handoff > 0, "AI seats moved between the humans"
    assert watch.paused_checks > 0 and watch.frames_checked > 100
    assert watch.scene.ctl.phase is Phase.SUMMARY
