"""The table controller's parts, each alone (game/controller: recorder.py, bot_desk.py,
clock.py, hand_privacy.py, assists.py): what each one decides, without the phase machine that
composes them (tests/test_controller.py drives the whole)."""

from __future__ import annotations

from concurrent.futures import Future

from ai.bots import make_bot
from game.controller.assists import Assists
from game.controller.autosave import open_save, read_save
from game.controller.bot_desk import BotDesk, InlineBotRunner
from game.controller.clock import HOLD, PAUSE, TableClock
from game.controller.door import Phase
from game.controller.hand_privacy import HandPrivacy
from game.controller.pace import pace_for
from game.controller.random_play import play_game
from game.controller.recorder import Recorder
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.settings import ControllerSettings
from game.core.table import Table

NAMES = ["Ani", "Budi", "Citra", "Dewi"]


def seats(*kinds) -> list[SeatConfig]:
    return [SeatConfig(name, kind, "easy") for name, kind in zip(NAMES, kinds)]


def dealt_table(game: str = "domino", seed: int = 1) -> Table:
    table = Table(game, NAMES, seed=seed)
    table.deal_next()
    return table


class FakeHistory:
    def __init__(self):
        self.records = []

    def record(self, record, seats, save_path):
        self.records.append((record, list(seats), save_path))


# --- the recorder --------------------------------------------------------------------------------

def test_the_recorder_saves_the_table_with_its_seats_and_settings(tmp_path):
    table, path = dealt_table(), tmp_path / "saves" / "domino-1.json"
    settings = ControllerSettings(turn_seconds=35, assists=False)
    recorder = Recorder(path, None, settings)
    assert recorder.save(table, seats(HUMAN, AI, AI, AI)) is None
    restored, restored_seats, restored_settings = read_save(path)
    assert restored.record["deals"] == table.record["deals"]
    assert [seat.kind for seat in restored_seats] == [HUMAN, AI, AI, AI]
    assert restored_settings.turn_seconds == 35 and restored_settings.assists is False


def test_the_recorder_keeps_the_clock_it_is_given_with_the_save(tmp_path):
    table, path = dealt_table(), tmp_path / "domino-1.json"
    recorder = Recorder(path, None, ControllerSettings(turn_seconds=35))
    recorder.save(table, seats(HUMAN, AI, AI, AI),
                  {"left_s": 12.5, "tambah": False, "tambah_used": [0]})
    clock = open_save(path).clock
    assert clock["left_s"] == 12.5 and clock["tambah_used"] == [0]


def test_a_table_without_a_save_path_writes_nothing(tmp_path):
    recorder = Recorder(None, None, ControllerSettings())
    assert recorder.save(dealt_table(), seats(HUMAN, AI, AI, AI)) is None
    assert not list(tmp_path.iterdir())


def test_a_failed_save_is_announced_once_until_a_save_works_again(tmp_path):
    (tmp_path / "not-a-folder").write_text("x")
    table, players = dealt_table(), seats(HUMAN, AI, AI, AI)
    recorder = Recorder(tmp_path / "not-a-folder" / "t.json", None, ControllerSettings())
    first = recorder.save(table, players)
    assert first is not None and first.kind == "save_failed" and first.data["reason"]
    assert recorder.save(table, players) is None and recorder.save_failed   # said once
    recorder.save_path = tmp_path / "t.json"
    assert recorder.save(table, players) is None and not recorder.save_failed
    recorder.save_path = tmp_path / "not-a-folder" / "t.json"
    assert recorder.save(table, players) is not None             # failing again: said again


def test_a_finished_game_goes_to_the_history_once_with_its_save(tmp_path):
    finished = play_game("domino", 5)
    path = tmp_path / "domino-5.json"
    history = FakeHistory()
    recorder = Recorder(path, history, ControllerSettings())
    recorder.save(finished.table, finished.seats)
    recorder.finish(finished.table, finished.seats)
    recorder.finish(finished.table, finished.seats)
    assert len(history.records) == 1
    record, recorded_seats, save_path = history.records[0]
    assert record is finished.table.record and save_path == path   # the history takes the save
    assert recorder.save_path is None and recorder.recorded


def test_a_game_left_in_its_first_deal_is_not_recorded_and_its_save_goes(tmp_path):
    path, history = tmp_path / "domino-1.json", FakeHistory()
    recorder = Recorder(path, history, ControllerSettings())
    table = dealt_table()
    recorder.save(table, seats(HUMAN, AI, AI, AI))
    assert path.exists()
    recorder.finish(table, seats(HUMAN, AI, AI, AI))
    assert history.records == [] and not path.exists() and recorder.save_path is None
    recorder.save(table, seats(HUMAN, AI, AI, AI))
    assert not path.exists()                                # nothing writes it again


# --- the bot desk --------------------------------------------------------------------------------

class HeldRunner:
    """A runner whose answers come when the test says (a worker thread, made still)."""

    def __init__(self):
        self.asked = []

    def submit(self, bot, observation, legal, budget_s):
        future = Future()
        self.asked.append((future, bot, observation, legal, budget_s))
        return future

    def shutdown(self):
        self.asked.clear()


def test_the_desk_has_a_bot_for_each_ai_seat_at_its_level():
    desk = BotDesk("domino", [SeatConfig("A", HUMAN), SeatConfig("B", AI, "hard"),
                              SeatConfig("C", AI, "easy"), SeatConfig("D", AI, "random")],
                   seed=1, settings=ControllerSettings())
    assert sorted(desk.bots) == [1, 2, 3]
    assert type(desk.bots[1]) is type(make_bot("domino", "hard", "x"))
    assert type(desk.bots[3]) is type(make_bot("domino", "random", "x"))
    assert isinstance(desk.runner, InlineBotRunner) and not desk.waiting


def test_a_bot_s_answer_is_taken_once_it_is_ready_and_the_desk_is_free_again():
    table, runner = dealt_table(), HeldRunner()
    settings = ControllerSettings(bot_budget_s=0.25)
    desk = BotDesk("domino", seats(HUMAN, AI, AI, AI), 1, settings, runner)
    player = table.state.current_player()
    desk.ask(player, table.state)
    future, bot, observation, legal, budget = runner.asked[0]
    assert bot is desk.bots[player] and budget == 0.25 and legal == table.state.legal_actions()
    assert observation == table.state.observation(player)       # the seat's view, no more
    assert desk.waiting and not desk.answered()
    future.set_result(legal[0])
    assert desk.answered() and desk.take_answer() == legal[0]
    assert not desk.waiting and not desk.answered()


def test_an_answer_for_an_old_position_is_cancelled():
    table, runner = dealt_table(), HeldRunner()
    desk = BotDesk("domino", seats(AI, AI, AI, AI), 1, ControllerSettings(), runner)
    desk.ask(table.state.current_player(), table.state)
    future = runner.asked[0][0]
    desk.cancel()
    assert future.cancelled() and not desk.waiting and not desk.answered()
    desk.cancel()                                                 # nothing awaited: no harm


def test_the_pause_after_a_bot_move_follows_the_settings_of_the_moment():
    settings = ControllerSettings(bot_move_pause_s=1.5)
    desk = BotDesk("domino", seats(AI, AI, AI, AI), 1, settings)
    assert desk.move_pause_s == 1.5
    settings.bot_move_pause_s = 0.4                               # the window's speed changed
    assert desk.move_pause_s == 0.4


def test_the_desk_follows_the_window_s_pace():
    settings = ControllerSettings()
    desk = BotDesk("domino", seats(AI, AI, AI, AI), 1, settings)
    for speed in ("slow", "fast"):
        pace = pace_for(speed)
        desk.follow_pace(pace)
        assert desk.move_pause_s == pace.bot_move_pause_s
        assert settings.auto_summary_s == pace.auto_summary_s
        assert settings.human_move_pause_s == pace.human_move_pause_s
    assert pace_for("slow").bot_move_pause_s > pace_for("fast").bot_move_pause_s


def test_a_human_out_of_time_gets_a_legal_move_by_the_game_s_rule():
    for game in ("domino", "tienlen", "joker"):
        table = dealt_table(game, 4)
        state = table.state
        player = state.current_player()
        desks = [BotDesk(game, seats(HUMAN, AI, AI, AI), 4, ControllerSettings())
                 for _ in range(2)]
        action = desks[0].move_for(player, state, table.definition)
        assert action in state.legal_actions()
        assert desks[1].move_for(player, state, table.definition) == action   # seeded


def test_the_coach_thinks_on_the_desk_s_runner():
    runner = HeldRunner()
    desk = BotDesk("domino", seats(HUMAN, AI, AI, AI), 1, ControllerSettings(), runner)
    adviser = make_bot("domino", "random", "coach")
    future = desk.consult(adviser, "observation", ["a"], 0.5)
    assert runner.asked == [(future, adviser, "observation", ["a"], 0.5)]
    assert not desk.waiting                           # the coach is no bot's turn


# --- the clock -----------------------------------------------------------------------------------

def test_a_move_s_time_runs_and_runs_out():
    clock = TableClock(35, 60)
    clock.start_turn(10.0)
    assert clock.time_left(20.0) == 25.0 and clock.time_share(20.0) == 25 / 35
    assert not clock.expired(44.9) and clock.expired(45.0)
    assert clock.time_left(100.0) == 0.0


def test_without_a_timer_there_is_no_time_to_show_and_no_tambah():
    clock = TableClock(0, 60)
    clock.start_turn(0.0)
    assert clock.time_left(5.0) is None and clock.time_share(5.0) is None
    assert not clock.expired(10_000.0) and not clock.can_tambah(0)


def test_a_pause_stops_the_move_s_time_and_gives_it_back():
    clock = TableClock(35, 0)
    clock.start_turn(0.0)
    clock.show_for(2.0, 0.0)                       # and a move shown until 2 s
    clock.stop(PAUSE, 5.0)
    assert clock.paused and not clock.running
    assert clock.time_left(50.0) == 30.0           # stands where it stopped
    clock.go(PAUSE, 50.0)
    assert clock.running and clock.time_left(50.0) == 30.0
    assert clock.resume_at == 47.0 and not clock.shown(46.9) and clock.shown(47.0)


def test_the_time_is_given_back_only_when_the_last_reason_ends():
    clock = TableClock(35, 0)
    clock.start_turn(0.0)
    clock.stop(HOLD, 5.0)                          # an animation plays
    clock.stop(PAUSE, 7.0)                         # then a menu opens over it
    clock.go(HOLD, 10.0)
    assert not clock.running and clock.time_left(10.0) == 30.0
    clock.go(PAUSE, 12.0)
    assert clock.running and clock.time_left(12.0) == 30.0   # 5 … 12 given back
    clock.go(PAUSE, 20.0)                          # not stopped: nothing changes
    assert clock.time_left(20.0) == 22.0


def test_undo_drops_a_hold_without_giving_time_back():
    clock = TableClock(35, 0)
    clock.start_turn(0.0)
    clock.stop(HOLD, 5.0)
    clock.drop(HOLD)
    assert clock.running and clock.time_left(10.0) == 25.0


def test_tambah_once_a_deal_for_each_player_d19():
    clock = TableClock(35, 60)
    clock.start_turn(0.0)
    assert clock.can_tambah(1) and clock.tambah(1)
    assert clock.time_left(10.0) == 50.0 and not clock.expired(59.0)
    assert not clock.can_tambah(1) and not clock.tambah(1) and clock.can_tambah(2)
    clock.start_turn(100.0)
    assert clock.time_left(100.0) == 35.0          # the next move has the usual time
    clock.new_deal()
    assert clock.can_tambah(1)


def test_a_reopened_table_s_turn_keeps_the_time_it_had_left():
    clock = TableClock(35, 60, resumed={"left_s": 12.0, "tambah": False, "tambah_used": [2]})
    assert not clock.can_tambah(2) and clock.can_tambah(1)
    clock.start_turn(100.0)
    assert clock.time_left(100.0) == 12.0
    clock.start_turn(200.0)                        # only the turn it was left in
    assert clock.time_left(200.0) == 35.0
    saved = clock.snapshot(clock.time_left(210.0))
    assert saved["left_s"] == 25.0 and saved["tambah_used"] == [2]


# --- hand privacy (D18) --------------------------------------------------------------------------

def test_one_human_always_sees_their_own_hand_and_sits_at_the_bottom():
    privacy = HandPrivacy([2])
    assert not privacy.hotseat and privacy.bottom_seat() == 2
    assert privacy.visible_to(Phase.BOT, paused=True) == 2      # a menu hides nothing from them
    assert not privacy.must_hand_off(2)


def test_an_all_ai_table_shows_no_hand_and_the_first_seat_at_the_bottom():
    privacy = HandPrivacy([])
    assert privacy.visible_to(Phase.BOT, paused=False) is None and privacy.bottom_seat() == 0


def test_at_a_hotseat_table_a_hand_shows_only_after_its_player_confirmed():
    privacy = HandPrivacy([0, 2])
    assert privacy.hotseat and privacy.visible_to(Phase.HUMAN, False) is None
    assert privacy.bottom_seat() == 0 and privacy.must_hand_off(0)
    assert privacy.confirm(0) is None                            # a new turn
    assert privacy.visible_to(Phase.HUMAN, False) == 0
    assert privacy.visible_to(Phase.HANDOFF, False) is None
    privacy.moved(0, 0)                                          # plays again (a misplay)
    assert privacy.visible_to(Phase.HUMAN, False) == 0 and not privacy.must_hand_off(0)
    privacy.moved(0, 1)                                          # the turn went on
    assert privacy.visible_to(Phase.BOT, False) is None
    assert privacy.must_hand_off(2)


def test_the_human_at_the_screen_plays_on_without_a_hand_off_until_a_pause():
    privacy = HandPrivacy([0, 2])
    privacy.confirm(0)
    privacy.moved(0, 1)
    assert not privacy.must_hand_off(0)                          # still confirmed, the bots
    privacy.plays_on(0)                                          # played: their turn again
    assert privacy.visible_to(Phase.HUMAN, False) == 0
    privacy.paused()                                             # anyone may come to the screen
    assert privacy.visible_to(Phase.HUMAN, True) is None and privacy.must_hand_off(0)


def test_a_turn_interrupted_by_a_pause_waits_and_keeps_its_time():
    privacy = HandPrivacy([0, 2])
    privacy.confirm(0)
    privacy.paused()
    assert privacy.resumed(mid_turn=True, now=30.0)              # the hand-off is shown
    assert privacy.visible_to(Phase.HUMAN, False) is None
    assert privacy.confirm(0) == 30.0                            # its time goes on from there
    assert privacy.confirm(0) is None
    assert not HandPrivacy([0]).resumed(mid_turn=True, now=1.0)  # one human: no hand-off
    assert not privacy.resumed(mid_turn=False, now=1.0)


def test_a_new_deal_asks_the_next_player_again():
    privacy = HandPrivacy([0, 2])
    privacy.confirm(2)
    privacy.deal_ended()
    assert privacy.visible_to(Phase.SUMMARY, False) is None and privacy.must_hand_off(2)


def test_the_view_holds_the_bottom_seat_s_hand_only_while_it_may_be_seen():
    table = dealt_table("tienlen", 3)
    state = table.state
    player = state.current_player()
    privacy = HandPrivacy([0, 1, 2, 3])
    hidden = privacy.view(state, Phase.HANDOFF, False, None)
    assert hidden.observation.hand == () and not hidden.hand_shown and hidden.legal == ()
    assert hidden.to_move == player and hidden.revealed is None
    privacy.confirm(player)
    shown = privacy.view(state, Phase.HUMAN, False, player)
    assert shown.seat == player and shown.hand_shown and shown.acting == player
    assert shown.observation.hand == state.observation(player).hand
    assert shown.legal == tuple(state.legal_actions())
    paused = privacy.view(state, Phase.HUMAN, True, None)
    assert paused.observation.hand == () and paused.acting is None and paused.legal == ()


def test_every_hand_is_opened_once_a_deal_is_over_d4():
    finished = play_game("domino", 5)
    state = finished.state
    view = HandPrivacy([]).view(state, Phase.OVER, False, None)
    assert view.game_over and view.revealed == tuple(state.observation(p).hand
                                                     for p in range(state.num_players))


# --- the assists: the coach and undo -------------------------------------------------------------

def played_to(table: Table, human: int, human_moves: int) -> Table:
    """`table` played on with its first legal moves until `human` made `human_moves` and it is
    their turn again (within the first deal)."""
    state, made = table.state, 0
    while made < human_moves or state.current_player() != human:
        if state.current_player() == human:
            made += 1
        table.apply(state.legal_actions()[0])
        assert not (state.needs_deal() or state.is_terminal()), "the deal ended too soon"
    return table


def test_the_coach_is_for_the_human_to_act_at_a_table_with_assists():
    assert Assists(ControllerSettings(assists=True), [0]).coach_allowed(0)
    assert not Assists(ControllerSettings(assists=True), [0]).coach_allowed(None)
    assert not Assists(ControllerSettings(assists=False), [0]).coach_allowed(0)


def test_the_coach_is_asked_once_for_a_position_and_answers_for_it_alone():
    table, runner = dealt_table("tienlen", 2), HeldRunner()
    desk = BotDesk("tienlen", seats(HUMAN, AI, AI, AI), 2, ControllerSettings(), runner)
    assists = Assists(ControllerSettings(), [0])
    player, here = table.state.current_player(), (1, 0)
    assert assists.ask_coach(desk, table, NAMES, here, player)
    assert not assists.ask_coach(desk, table, NAMES, here, player)   # asked already
    assert len(runner.asked) == 1 and table.record["table"]["assists"] == {"coach": 1}
    future, coach, observation, legal, budget = runner.asked[0]
    assert observation == table.state.observation(player) and legal == table.state.legal_actions()
    assert assists.thinking(here, player) and assists.advice(here, player) is None
    future.set_result("advice")
    assert not assists.thinking(here, player) and assists.advice(here, player) == "advice"
    assert assists.advice((1, 1), player) is None                   # another position
    assert assists.coaching_for(here, player + 1) is None           # another seat


def test_a_cancelled_thought_gives_no_advice():
    table, runner = dealt_table("tienlen", 2), HeldRunner()
    desk = BotDesk("tienlen", seats(HUMAN, AI, AI, AI), 2, ControllerSettings(), runner)
    assists = Assists(ControllerSettings(), [0])
    player = table.state.current_player()
    assists.ask_coach(desk, table, NAMES, (1, 0), player)
    runner.asked[0][0].cancel()
    assert assists.advice((1, 0), player) is None and not assists.thinking((1, 0), player)


def test_undo_takes_back_the_one_human_s_last_move_of_the_deal_in_play():
    table = played_to(dealt_table("tienlen", 2), human=0, human_moves=2)
    assists = Assists(ControllerSettings(), [0])
    point = assists.undo_point(table, deal_over=False)
    actions = table.record["actions"]
    assert actions[point]["player"] == 0
    assert all(action.get("player") != 0 for action in actions[point + 1:])
    assert assists.undo_point(table, deal_over=True) is None        # its hands lie open
    assert Assists(ControllerSettings(assists=False), [0]).undo_point(table, False) is None
    assert Assists(ControllerSettings(), [0, 2]).undo_point(table, False) is None   # hotseat
    assert Assists(ControllerSettings(), []).undo_point(table, False) is None


def test_undo_is_not_offered_before_the_human_moved_in_the_deal():
    table = played_to(dealt_table("tienlen", 2), human=0, human_moves=0)
    assert Assists(ControllerSettings(), [0]).undo_point(table, False) is None
    played_to(table, human=0, human_moves=1)
    assert Assists(ControllerSettings(), [0]).undo_point(table, False) is not None


def test_the_table_taken_back_is_the_table_before_that_move_marked_with_an_undo():
    table = played_to(dealt_table("tienlen", 2), human=0, human_moves=2)
    assists = Assists(ControllerSettings(), [0])
    assists.coaching = (((1, 9), 0), Future())
    point = assists.undo_point(table, deal_over=False)
    earlier = assists.taken_back(table, point)
    assert earlier.record["actions"] == table.record["actions"][:point]
    assert earlier.state.current_player() == 0
    assert earlier.record["table"]["assists"] == {"undo": 1} and assists.coaching is None
    assert "assists" not in table.record["table"]                  # the table it came from
