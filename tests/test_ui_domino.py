"""The domino window, headless: whole matches through the real scenes, a human move made with
real mouse events, and screenshots of every screen (written to screenshots/)."""

import pygame
import pytest

from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.table_controller import Phase
from game.domino.actions import Play
from game.ui.dialogs import HandoffScene
from game.ui.domino.dialogs import MatchOverScene, SummaryScene
from game.ui.domino.table_scene import DominoTableScene
from game.ui.menu import MenuScene
from game.ui.scaling import px
from game.ui.setup import SetupScene

from ui_driver import UiDriver


def start_table(ui, kinds, seed="7", shot=False, assists=None):
    ui.frames(2)
    assert isinstance(ui.top(), MenuScene)
    menu = ui.top()
    domino_button = next(b for b, key in menu.buttons.items() if key == "domino")
    ui.press(domino_button)
    setup = ui.top()
    assert isinstance(setup, SetupScene)
    setup.seats = [SeatConfig(seat.name, kind, "easy") for seat, kind in zip(setup.seats, kinds)]
    setup.seed_text = seed
    if assists is not None:          # the tournament preset has hint and undo off
        setup.chosen["assists"] = assists
    setup.rebuild()
    ui.frames(2)
    if shot:
        ui.screenshot("domino-setup")
    ui.press(setup.start_button)
    table = ui.app.stack.scenes[1]
    assert isinstance(table, DominoTableScene)
    return table


def test_an_all_ai_match_runs_to_the_end_through_the_real_scenes(ui):
    table = start_table(ui, [AI] * 4)
    seen = set()

    def over():
        seen.add(type(ui.top()).__name__)
        return isinstance(ui.top(), MatchOverScene)

    ui.run_until(over, dt=0.35)
    assert table.ctl.state.is_terminal()
    assert "SummaryScene" in seen
    assert ui.app.saves.count() == 0 and table.ctl.save_path is None, \
        "a finished match leaves no Continue behind"
    ui.frames(2)
    ui.screenshot("domino-match-over")
    ui.press(ui.top().menu)
    assert isinstance(ui.top(), MenuScene)


def test_the_real_bot_thread_plays_a_deal_to_its_summary(tmp_path):
    """The window with bots on the worker thread, as in play: the driver waits for each answer
    before it moves simulated time on, so the deal runs the same on a busy machine."""
    driver = UiDriver(tmp_path, threaded=True)
    driver.app.settings["animation"] = "fast"
    try:
        table = start_table(driver, [AI] * 4)
        assert table.ctl.desk.runner.__class__.__name__ == "ThreadBotRunner"
        driver.run_until(lambda: isinstance(driver.top(), SummaryScene), dt=0.1)
        assert table.ctl.state.results, "the deal was played to its end and scored"
        assert len(table.ctl.table.record["actions"]) >= 7
    finally:
        driver.app.quit()


def wait_for_human(ui, table):
    def ready():
        if isinstance(ui.top(), SummaryScene):
            ui.press(ui.top().next)
        if isinstance(ui.top(), HandoffScene):
            ui.press(ui.top().ready)
        return table.ctl.phase is Phase.HUMAN
    ui.run_until(ready, dt=0.2)
    ui.frames(2)


def test_a_human_move_by_mouse_select_then_click_the_glowing_end(ui):
    table = start_table(ui, [HUMAN, AI, AI, AI])
    for _ in range(30):
        wait_for_human(ui, table)
        state = table.ctl.state
        plays = [a for a in state.legal_actions() if isinstance(a, Play) and a.end is not None]
        if plays:
            break
        ui.press(table.pass_button) if table.pass_button.visible else ui.click(
            dict(table.hand_rects)[state.opening_tile].center)
    play = plays[0]
    before = len(table.ctl.table.record["actions"])
    ui.click(dict(table.hand_rects)[play.tile].center)        # select the tile
    assert table.selected == play.tile
    ui.screenshot("domino-table-selected")
    ui.click(table.snake.targets[play.end].center)            # click the glowing end
    actions = table.ctl.table.record["actions"]
    assert len(actions) == before + 1
    assert actions[-1]["player"] == 0 and actions[-1]["type"] == "play"


def test_handoff_between_two_humans_hides_the_hands(ui):
    table = start_table(ui, [HUMAN, HUMAN, AI, AI], shot=True)
    ui.run_until(lambda: isinstance(ui.top(), HandoffScene), dt=0.2)
    assert table.ctl.hand_visible_to() is None
    ui.frames(1)
    ui.screenshot("domino-handoff")
    ui.press(ui.top().ready)
    ui.frames(2)
    assert table.ctl.phase is Phase.HUMAN and table.ctl.hand_visible_to() is not None
    assert table.hand_rects, "the player's own tiles are drawn face up"


def test_deal_summary_and_menu_screenshots(ui):
    table = start_table(ui, [AI] * 4, seed="3")
    ui.frames(10, 0.3)
    ui.screenshot("domino-table-mid-deal")
    ui.run_until(lambda: isinstance(ui.top(), SummaryScene), dt=0.3)
    ui.frames(2)
    ui.screenshot("domino-deal-summary")
    assert table.ctl.state.results
    menu = MenuScene(ui.app)
    ui.app.stack.push(menu)
    ui.frames(2)
    ui.screenshot("menu")
    assert any(key == "continue" for key in menu.buttons.values())


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_table_fits_small_and_large_windows(tmp_path, size):
    driver = UiDriver(tmp_path, size)
    driver.app.settings["animation"] = "fast"
    table = start_table(driver, [AI] * 4)
    driver.run_until(lambda: len(table.ctl.state.line) >= 14 or table.ctl.state.results,
                     dt=0.3)
    screen = pygame.Rect((0, 0), size)
    for placed in table.snake.tiles:
        assert screen.contains(placed.rect)
    driver.screenshot(f"domino-table-{size[0]}x{size[1]}")
    driver.app.quit()


def test_hint_and_undo_fit_beside_the_hand_at_800x600_in_georgian(tmp_path):
    from game.ui.i18n import set_language, t

    driver = UiDriver(tmp_path, (800, 600))
    set_language("ka")
    try:
        assert t("table.undo") != "Undo"                  # the Georgian word, not a fallback
        table = start_table(driver, [HUMAN, AI, AI, AI], seed="5", assists=True)
        driver.frames(3)
        hint, undo = table.assists.hint_button, table.assists.undo_button
        assert hint.text == t("table.hint") and undo.text == t("table.undo")    # not cut
        assert hint.rect.left > table.layout.hand.right and not hint.rect.colliderect(undo.rect)
        driver.app.quit()
    finally:
        set_language("en")


def test_a_wrong_tile_is_refused_with_minus_one_on_the_scoreboard(ui):
    from game.domino.tiles import fits

    table = start_table(ui, [HUMAN, AI, AI, AI], seed="11")
    for _ in range(40):
        wait_for_human(ui, table)
        state = table.ctl.state
        wrong = [tile for tile in state.hands[0] if state.opening_tile is None
                 and not fits(tile, state.left) and not fits(tile, state.right)]
        if wrong:
            break
        legal = state.legal_actions()
        table.attempt(legal[0])
    ui.click(dict(table.hand_rects)[wrong[0]].center)
    ui.click(table.snake.targets["L"].center)
    assert table.ctl.state.totals[0] == -1
    assert table.ctl.state.deal_penalties[0] == -1
    assert any("−1" in message.text for message in table.log.messages)
    ui.screenshot("domino-misplay")


def test_continue_resumes_exactly_where_play_stopped(ui):
    table = start_table(ui, [HUMAN, AI, AI, AI], seed="5")
    wait_for_human(ui, table)
    table.attempt(table.ctl.state.legal_actions()[0])
    wait_for_human(ui, table)
    record = list(table.ctl.table.record["actions"])
    table.open_pause()
    ui.frames(2)
    ui.press(ui.top().buttons[-1])                     # save and leave to the menu
    menu = ui.top()
    assert isinstance(menu, MenuScene)
    ui.open_saved()
    resumed = ui.app.stack.scenes[1]
    assert isinstance(resumed, DominoTableScene) and resumed is not table
    assert resumed.ctl.table.record["actions"] == record
    assert resumed.ctl.state.hands == table.ctl.state.hands


def test_view_table_opens_every_hand_once_the_deal_is_over(ui, monkeypatch):
    """D4: the hands are opened when a deal is complete; looking at the final table (View
    table) shows every seat's tiles face up."""
    import game.ui.domino.renderer as drawing
    from game.domino.tiles import TILE_ENDS

    scene = ui.open_game("domino", [AI] * 4, seed=2)
    scene.ctl.settings.auto_summary_s = 1e9
    ui.run_until(lambda: ui.top() is not scene and getattr(ui.top(), "view_table", None))
    ui.press(ui.top().view_table)
    ui.frames(2)
    faces = []
    real = drawing.tile_image

    def recording(first, second, *args, **kwargs):
        faces.append((first, second))
        return real(first, second, *args, **kwargs)
    monkeypatch.setattr(drawing, "tile_image", recording)
    scene.draw(ui.app.screen)
    left = [tile for hand in scene.view.revealed for tile in hand]
    assert left and all(TILE_ENDS[tile] in faces for tile in left)


def test_the_others_moves_are_said_at_their_seats_and_the_last_tile_marked(ui):
    """Play-tested: the three bots moved within seconds and nothing said who had laid what.
    Each tile another seat lays is said in a bubble at that seat, and the tile laid last keeps
    a gold frame until the next one."""
    from game.domino.actions import TilePlayed
    from game.domino.tiles import tile_text
    from game.ui.widgets import GOLD

    table = start_table(ui, [HUMAN, AI, AI, AI])
    for _ in range(10):
        wait_for_human(ui, table)
        laid = [e for e in table.ctl.events.kept if isinstance(e, TilePlayed)]
        if laid and laid[-1].player != 0:
            break
        table.ctl.human_action(table.view.legal[0], ui.now)
    assert laid and laid[-1].player != 0
    mark = table.marks.get(laid[-1].player)          # the seat's last action, at the seat
    assert mark is not None and mark[0] == tile_text(laid[-1].tile)
    ui.frames(30)                                  # the flight is over
    frame = table.last_placed.rect.inflate(px(6), px(6))
    assert ui.app.screen.get_at((frame.centerx, frame.top))[:3] == GOLD


def test_the_deal_summary_says_what_its_outcome_is(ui):
    """Play-tested: "Deal 1: Apollo" named the outcome but only the review said what it was.
    The summary adds the glossary's line for it, in every language."""
    from game.domino import scoring
    from game.ui.domino.dialogs import outcome_meaning
    from game.ui.drawn import recording
    from game.ui.i18n import set_language
    from game.ui.resources import wrap_text

    outcomes = (scoring.APOLLO, scoring.CEKI_HABIS, scoring.CEKI_BIASA, scoring.MENANG_BIASA,
                scoring.KANDANG, scoring.TANGKAP_KANDANG)
    for language in ("en", "id", "vi", "ka"):
        set_language(language)
        assert all(len(outcome_meaning(outcome)) > 20 for outcome in outcomes), language
    set_language("en")
    table = start_table(ui, [AI, AI, AI, AI])
    ui.run_until(lambda: isinstance(ui.top(), SummaryScene))
    outcome = table.view.observation.results[-1].outcome
    with recording() as drawn:
        ui.top().draw(ui.app.screen)
    first_line = wrap_text(outcome_meaning(outcome), 14, ui.top().panel().width - px(40))[0]
    assert first_line in [text for _, text in drawn.texts]


@pytest.mark.parametrize("size", [(800, 600), (2560, 1440)])
def test_marks_thinking_the_prompt_and_the_open_log_keep_clear_of_each_other(tmp_path, size):
    """A seat's mark (its pass, its tile) and '… is thinking' never cover each other; the
    top seat's mark stays out of the line's field; the open move log covers no seat and not
    the prompt, and the line's field ends above the prompt."""
    ui = UiDriver(tmp_path, size=size)
    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=21)
    layout = scene.layout
    prompt_top = layout.plates["bottom"][1] - px(44)
    assert layout.line.bottom <= prompt_top
    checked = set()
    for _ in range(3000):
        ui.frames(1, 0.1)
        if scene.ctl.phase is Phase.SUMMARY:
            scene.ctl.acknowledge_summary(ui.app.now)
        elif scene.ctl.phase is Phase.HUMAN and ui.top() is scene \
                and not scene.timeline.holding(ui.app.now):
            scene.attempt(scene.view.legal[0])
        thinker = scene.view.to_move
        if scene.ctl.phase is not Phase.BOT or thinker not in scene.marks:
            continue
        obs = scene.view.observation
        surface = ui.app.screen.copy()
        picture = scene.picture()            # the table as its renderer draws it now
        bubbles = picture.draw_bubbles(surface, {p: picture.bubble_point(obs, p)
                                                 for p in obs.play_order})
        thinking = picture.draw_thinking(surface, obs, bubbles)
        assert not thinking.colliderect(bubbles[thinker])
        top = next((p for p in obs.play_order if scene.side_of(p) == "top"), None)
        if top in bubbles:
            assert not bubbles[top].colliderect(layout.line)
        checked.add(scene.side_of(thinker))
        if len(checked) == 3:
            break
    assert checked == {"left", "top", "right"}
    scene.move_log.toggle()
    area = scene.move_log.area()
    assert area.bottom <= prompt_top
    assert not any(area.collidepoint(point) for point in layout.plates.values())
    ui.app.quit()


def test_a_tie_break_deals_summary_lists_only_the_tied_players(ui):
    """D17: the extra deal is played among the tied players only; its summary (reopened from
    the saved table, as Continue shows it) lists them and nobody else."""
    from game.controller.autosave import write_save
    from game.controller.random_play import play_game
    from game.core.table import Table

    played = play_game("domino", 0)                       # deal 13 breaks a tie of seats 1, 3
    record = played.table.record
    table = Table.for_scenario({**record, "deals": [], "actions": []})
    actions = iter(record["actions"])
    while not (len(table.record["deals"]) == 13 and table.state.needs_deal()):
        table.deal_if_needed()
        table.apply(table.definition.action_from_json(next(actions)))
    assert table.record["deals"][12] == record["deals"][12]
    path = ui.app.saves.new_path(table)
    write_save(path, table, [SeatConfig(name, HUMAN if seat == 1 else AI, "easy")
                             for seat, name in enumerate(table.players)], {})
    ui.app.show("menu", reset=True)                      # the menu counts the new save
    ui.frames(2)
    ui.open_saved()
    ui.run_until(lambda: isinstance(ui.top(), SummaryScene), dt=0.2)
    obs = ui.top().view.observation
    assert obs.results[-1].tiebreak
    assert SummaryScene.listed(obs, obs.results[-1]) == [1, 3]
    ui.screenshot("domino-tiebreak-summary")
