"""The table scene's parts, each alone (game/ui/table_base.py composes them): the tempo (a
moment held for its time, a click or key moving on) and the seats' marks (table_pace.py), the
keyboard (table_keys.py), the assists (assists.py), the feeds read once (table_events.py), the
move log (move_log.py) and the summary set aside (summary_aside.py). Each gets fakes of what
the scene hands it (a door, a view, callables) and a clock that is just the `now` passed in."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.controller.door import Phase
from game.controller.pace import SKIP_AFTER_S, Moment, pace_for
from game.ui.assists import TableAssists
from game.ui.focus import Target
from game.ui.i18n import t
from game.ui.message_log import MessageLog
from game.ui.summary_aside import SummaryAside
from game.ui.table_events import TableFeed, event_handlers, handles
from game.ui.table_keys import TableKeys
from game.ui.table_pace import SeatMarks, TableTempo
from game.ui.timeline import Timeline


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")


def click(pos, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


# --- the tempo and the seats' marks (table_pace.py) ----------------------------------------------


def tempo(speed: str = "normal", deal_end: Moment | None = Moment.DEAL_END):
    settings = {"animation": speed}
    followed: list = []
    part = TableTempo(Timeline(), lambda: settings["animation"], followed.append, deal_end)
    return part, settings, followed


def test_the_tempo_follows_the_speed_of_settings_once_each_time_it_changes():
    part, settings, followed = tempo("slow")
    assert [pace.speed for pace in followed] == ["slow"], "the controller's pauses at once"
    assert part.timeline.scale == pace_for("slow").animation_scale
    part.follow_speed()
    assert len(followed) == 1, "an unchanged speed is not told again"
    settings["animation"] = "fast"
    part.follow_speed()
    assert [pace.speed for pace in followed] == ["slow", "fast"]
    assert part.timeline.scale == pace_for("fast").animation_scale


def test_a_moment_is_held_for_its_time_after_the_animation_that_shows_it():
    part, _, _ = tempo()
    seconds = part.pace.visible_s(Moment.CHOP)
    assert part.show_moment(Moment.CHOP, 10.0) == pytest.approx(10.0 + seconds)
    assert part.timeline.holding(10.0 + seconds - 0.01)
    assert not part.timeline.holding(10.0 + seconds)
    # an animation landing at 21.0 holds the table: the moment is seen from then
    part.timeline.start("flight", 20.0, 1.0, hold=True)
    assert part.show_moment(Moment.MOVE, 20.0) == pytest.approx(
        21.0 + part.pace.visible_s(Moment.MOVE))


def test_a_deal_end_is_held_as_its_moment_or_the_game_end_or_not_at_all():
    part, _, _ = tempo(deal_end=Moment.DEAL_END)
    part.show_deal_end(0.0, game_over=False)
    assert part.timeline.hold_until == pytest.approx(part.pace.visible_s(Moment.DEAL_END))
    part, _, _ = tempo(deal_end=Moment.DEAL_END)
    part.show_deal_end(0.0, game_over=True)
    assert part.timeline.hold_until == pytest.approx(part.pace.visible_s(Moment.GAME_END))
    part, _, _ = tempo(deal_end=None)              # the game's own animation holds it
    part.show_deal_end(0.0, game_over=True)
    assert not part.timeline.holding(0.0)


def test_a_click_or_space_moves_on_from_a_held_moment_once_it_was_seen():
    part, _, _ = tempo()
    button = SimpleNamespace(visible=True, rect=pygame.Rect(0, 0, 100, 40))
    hidden = SimpleNamespace(visible=False, rect=pygame.Rect(200, 0, 100, 40))
    widgets = [button, hidden]
    assert not part.skips_moment(key(pygame.K_SPACE), 0.0, widgets), "nothing is held"
    part.show_moment(Moment.TRICK, 0.0)
    early = SKIP_AFTER_S / 2                       # the click that made the move, not a "seen"
    assert not part.skips_moment(key(pygame.K_SPACE), early, widgets)
    later = SKIP_AFTER_S + 0.01
    for code in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
        assert part.skips_moment(key(code), later, widgets)
    assert not part.skips_moment(key(pygame.K_h), later, widgets)
    assert part.skips_moment(click((500, 300)), later, widgets)
    assert part.skips_moment(click((500, 300), button=3), later, widgets)
    assert not part.skips_moment(click((500, 300), button=2), later, widgets)
    assert not part.skips_moment(click((50, 20)), later, widgets), "a click on a button"
    assert part.skips_moment(click((250, 20)), later, widgets), "a hidden button is no button"


def test_a_seat_keeps_its_last_mark_until_it_is_unmarked_or_all_are_cleared():
    marks = SeatMarks()
    marks.say_at(1, "Pass", [200, 200, 200])
    marks.say_at(1, "9♠")
    marks.say_at(2, "Bid 3")
    assert marks[1][0] == "9♠" and isinstance(marks[1][1], tuple)
    marks.unmark(1)
    marks.unmark(3)                                # a seat without a mark: nothing happens
    assert set(marks) == {2}
    marks.clear()
    assert not marks


def test_a_cleared_timeline_is_the_same_one_with_nothing_running_or_held():
    timeline = Timeline(scale=2.0, reduced=True)
    timeline.start("flight", 0.0, 1.0, hold=True)
    timeline.clear()
    assert timeline.tweens == [] and not timeline.holding(0.0)
    assert timeline.scale == 2.0 and timeline.reduced
    assert not timeline.skippable(100.0)


# --- the keyboard (table_keys.py) --------------------------------------------------------------


def keyboard(phase=Phase.HUMAN, play=(), buttons=()):
    done: list = []
    view = SimpleNamespace(phase=phase, acting=0 if phase is Phase.HUMAN else None,
                           observation=SimpleNamespace(phase="play", deal_number=2))
    part = TableKeys(view=lambda: view, play_targets=lambda: list(play),
                     buttons=lambda: list(buttons), escape=lambda: done.append("escape"),
                     hint=lambda: done.append("hint"), undo=lambda: done.append("undo"),
                     pass_move=lambda: done.append("pass"))
    return part, done, view


def test_the_letter_keys_do_their_actions_and_nothing_else():
    part, done, _ = keyboard()
    for event in (key(pygame.K_ESCAPE), key(pygame.K_h), key(pygame.K_z, pygame.KMOD_CTRL),
                  key(pygame.K_p), key(pygame.K_z), key(pygame.K_q)):
        part.on_key(event)
    assert done == ["escape", "hint", "undo", "pass"], "z without Ctrl and q do nothing"


def test_the_moves_come_first_then_the_buttons_it_does_not_hold_already():
    card = Target(("card", 3), pygame.Rect(0, 0, 10, 10), group="hand")
    menu = Target("menu", pygame.Rect(0, 0, 10, 10))
    again = Target(("card", 3), pygame.Rect(0, 0, 10, 10))
    part, _, _ = keyboard(play=[card], buttons=[menu, again])
    assert [target.key for target in part.targets()] == [("card", 3), "menu"]
    assert part.first_target() == ("card", 3)


@pytest.mark.parametrize("phase", [Phase.BOT, Phase.SHOWING])
def test_nothing_is_focused_while_a_bot_moves_or_a_move_is_shown(phase):
    menu = Target("menu", pygame.Rect(0, 0, 10, 10))
    part, _, _ = keyboard(phase=phase, buttons=[menu])
    assert part.targets() == [] and part.first_target() is None
    part, _, _ = keyboard(phase=Phase.HUMAN, buttons=[menu])
    assert [target.key for target in part.targets()] == ["menu"]


def test_the_focus_epoch_changes_with_a_new_move_asked_for():
    part, _, view = keyboard()
    before = part.epoch()
    assert part.epoch() == before
    view.observation.deal_number = 3
    assert part.epoch() != before


# --- the assists (assists.py) ------------------------------------------------------------------


class FakeDoor:
    """What the assists ask of the table."""

    def __init__(self):
        self.settings = SimpleNamespace(assists=True)
        self.humans = (0,)
        self.coach_allowed = True
        self.advice = None
        self.asked = 0
        self.here = (1, 0)
        self.undo_works = True
        self.undone_at: list = []

    def coach_advice(self):
        return self.advice

    def ask_coach(self):
        self.asked += 1

    def coach_thinking(self):
        return self.asked > 0 and self.advice is None

    def position(self):
        return self.here

    def undo_point(self):
        return 0 if self.undo_works else None

    def undo(self, now):
        self.undone_at.append(now)
        return self.undo_works


class Advice:
    action = "play 6-6"

    def text(self, language):
        return "the double first"


def assists(acting=0):
    door, log = FakeDoor(), MessageLog()
    view = SimpleNamespace(acting=acting)
    pointed, undone = [], []
    part = TableAssists(door, log, lambda: view, pointed.append, lambda: undone.append(True))
    return part, door, log, view, pointed, undone


def test_the_coach_is_asked_once_and_its_advice_pointed_out_and_pinned():
    part, door, log, _, pointed, _ = assists()
    part.ask_coach()
    assert door.asked == 1 and part.advised is None and not pointed
    door.advice = Advice()
    part.follow_coach()                            # the answer comes
    assert part.advised == "play 6-6" and pointed == ["play 6-6"]
    assert log.pinned.text == t("table.coach_says", line="the double first")
    part.follow_coach()
    assert pointed == ["play 6-6"], "shown once for its position"
    part.ask_coach()                               # asked again: the same advice shown again
    assert door.asked == 1 and pointed == ["play 6-6", "play 6-6"]


def test_the_coach_line_goes_once_the_game_moved_on():
    part, door, log, _, _, _ = assists()
    door.advice = Advice()
    part.follow_coach()
    door.here, door.advice = (2, 1), None
    part.follow_coach()
    assert log.pinned is None and part.advised is None


def test_the_coach_is_not_asked_when_nobody_at_the_screen_is_to_move_or_it_is_not_allowed():
    part, door, log, view, _, _ = assists(acting=None)
    part.ask_coach()
    assert log.pinned is None
    view.acting, door.coach_allowed = 0, False
    part.ask_coach()
    assert door.asked == 0
    assert log.pinned.text == t("table.no_coach"), "H where the coach is off says so"


def test_undo_tells_the_scene_only_when_moves_were_taken_back():
    part, door, _, _, _, undone = assists()
    door.advice = Advice()
    part.follow_coach()
    door.undo_works = False
    part.undo(5.0)
    assert door.undone_at == [5.0] and not undone and part.advised == "play 6-6"
    door.undo_works = True
    part.undo(6.0)
    assert undone == [True] and part.advised is None


def test_ctrl_z_undoes_only_where_the_table_has_an_undo_button():
    part, door, _, _, _, undone = assists()
    part.undo_by_key(1.0)                          # no button (assists off, or a hotseat)
    assert door.undone_at == [] and not undone
    part.undo_button = object()
    part.undo_by_key(2.0)
    assert door.undone_at == [2.0] and undone
    assert not part.on_button(None, 3.0) and not part.on_button(object(), 3.0)


# --- the feeds (table_events.py) ----------------------------------------------------------------


class Feed:
    def __init__(self, items=()):
        self.items = list(items)

    @property
    def end(self):
        return len(self.items)

    def since(self, position):
        return self.items[position:]


def test_each_event_is_read_once_and_notices_from_when_the_table_opened():
    door = SimpleNamespace(events=Feed(["dealt"]), notices=Feed(["an old notice"]))
    feed = TableFeed(door)
    assert feed.new_events() == ["dealt"] and feed.new_events() == []
    assert feed.new_notices() == []
    door.events.items += ["played", "passed"]
    door.notices.items.append("not saved")
    assert feed.new_events() == ["played", "passed"]
    assert feed.new_notices() == ["not saved"]
    door.events.items.append("undone move")
    feed.skip_to_end()                             # Undo: the feeds start afresh
    assert feed.new_events() == [] and feed.new_notices() == []


def test_a_subclass_handler_replaces_its_bases_for_the_same_event_type():
    class Played:
        pass

    class Passed:
        pass

    class Base:
        @handles(Played, Passed)
        def on_move(self, event, now):
            pass

    class Game(Base):
        @handles(Passed)
        def on_passed(self, event, now):
            pass

    assert event_handlers(Game) == {Played: Base.on_move, Passed: Game.on_passed}


# --- the summary set aside (summary_aside.py) and the move log (move_log.py) -------------------


def test_the_summary_set_aside_ends_with_back_to_summary_only(ui):
    aside, added = SummaryAside(), []
    aside.build(ui.app.manager, lambda button: added.append(button) or button, ui.app.size,
                pygame.Rect(300, 600, 600, 100))
    assert added == [aside.button] and not aside.button.visible
    assert aside.button.rect.bottom <= 600, "above the hand"
    aside.set_aside()
    aside.show_button()
    assert aside.shown and aside.button.visible
    assert not aside.on_button(object()) and aside.shown
    assert aside.on_button(aside.button)
    assert not aside.shown and not aside.button.visible


def test_the_move_log_alone_opens_tells_scrolls_and_takes_only_its_own_input(ui):
    from game.controller.seats import AI, HUMAN
    from game.ui.move_log import MoveLog

    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=3)

    def a_dozen_lines_told() -> bool:
        """The human plays its first legal move until the story has a dozen lines."""
        if scene.view.acting is not None and ui.top() is scene:
            told = MoveLog(scene.ctl, scene.move_log_area, lambda: None)
            told.toggle()
            if len(told.lines()) >= 12:
                return True
            scene.attempt(scene.view.legal[0])
        elif scene.ctl.phase is Phase.SUMMARY:
            scene.ctl.acknowledge_summary(ui.now)
        return False

    ui.run_until(a_dozen_lines_told)
    scene.move_log.toggle()                         # the table's own log, to compare with
    area = pygame.Rect(10, 60, 300, 150)            # room for a few lines only
    previous: list = []
    log = MoveLog(scene.ctl, lambda: area, lambda: previous.append(True))
    assert not log.takes(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)), "closed"
    assert log.takes(key(pygame.K_l)) and log.shown
    assert log.texts() and log.texts() == scene.move_log.texts()
    assert log.takes(key(pygame.K_b)) and previous == [True]
    assert log.takes(click(area.center)) and not log.takes(click((area.right + 5, 5)))
    assert log.takes(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert 0 < log.back <= len(log.lines()) - log.rows_shown()
    assert log.takes(key(pygame.K_l)) and not log.shown


def test_a_message_said_to_stay_longer_outlives_the_passing_ones():
    """A returning friend's "while you were away …" stays its 10 s though the moves that
    follow say more than the log keeps: the line that would go first makes room."""
    log = MessageLog(keep=3, seconds=3.0)
    log.say("back: the AI played 2 moves for you", (1, 1, 1), 0.0, until=10.0)
    for second in range(1, 6):
        log.say(f"move {second}", (1, 1, 1), float(second))
    assert [m.text for m in log.messages] == ["back: the AI played 2 moves for you",
                                              "move 4", "move 5"]
