"""The Joker window, headless: a whole nines game through the real scenes, human bids, trump
choice and joker plays made with real mouse events, hot-seat hand-off, Continue, and screenshots
(written to screenshots/joker-*.png)."""

from __future__ import annotations

import pygame
import pytest

from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.table_controller import Phase
from game.core.table import Table
from game.joker.actions import BID_ACTIONS, DealResult, JokerMode, Phase as JokerPhase
from game.joker.cards import JOKER_1
from game.joker.state import FULL_DEAL
from game.ui.games import open_table
from game.joker.dealing import ace_cutting
from game.ui.joker.dialogs import (JokerHandoffScene, JokerLeadScene, LastTrickScene,
                                   MatchOverScene, ScoreSheetScene, SummaryScene)
from game.ui.joker.sheet import DOUBLED, ERASED, DealRow, sheet_rows
from game.ui.joker.animation import CUT_CARD_S
from game.ui.joker.table_scene import JokerTableScene
from game.ui.menu import MenuScene
from game.ui.rules import RulesScene
from game.ui.scaling import px
from game.ui.setup import SetupScene

from ui_driver import UiDriver


def start_table(ui, kinds, seed, game_type="nines", shot=None) -> JokerTableScene:
    ui.frames(2)
    menu = ui.top()
    assert isinstance(menu, MenuScene)
    ui.press(next(b for b, key in menu.buttons.items() if key == "joker"))
    setup = ui.top()
    assert isinstance(setup, SetupScene)
    setup.seats = [SeatConfig(seat.name, kind, "easy") for seat, kind in zip(setup.seats, kinds)]
    setup.seed_text = str(seed)
    setup.chosen["game_type"] = game_type
    setup.rebuild()
    ui.frames(2)
    if shot:
        ui.screenshot(shot)
    ui.press(setup.start_button)
    table = ui.app.stack.scenes[1]
    assert isinstance(table, JokerTableScene)
    return table


def seed_where(predicate) -> int:
    """The first seed whose table starts as the test needs (the deals follow from the seed)."""
    for seed in range(500):
        table = Table.open("joker", ["A", "B", "C", "D"], {"game_type": "nines"}, seed=seed)
        table.deal_if_needed()
        if predicate(table.state):
            return seed
    raise AssertionError("no seed fits")


def holds_joker(state, seat: int) -> bool:
    return any(card >= JOKER_1 for card in state.deal.hands[seat])


def wait_for_human(ui, table, dt=0.1) -> None:
    def ready():
        if isinstance(ui.top(), SummaryScene):
            ui.press(ui.top().next)
        return table.ctl.phase is Phase.HUMAN and not table.busy() and ui.top() is table
    ui.run_until(ready, dt=dt)
    ui.frames(2)


def last_action(table) -> dict:
    return table.ctl.table.record["actions"][-1]


def rect_of(table, card) -> pygame.Rect:
    return dict(table.hand_rects)[card]


def test_an_all_ai_nines_game_runs_to_the_end_through_the_real_scenes(ui):
    table = start_table(ui, [AI] * 4, seed=7)
    seen, shots = set(), set()

    def over():
        top = ui.top()
        seen.add(type(top).__name__)
        trick = table.ctl.state.trick
        if "trick" not in shots and top is table and not table.timeline.running("flight") and any(
                play.card >= JOKER_1 and play.joker is not None for play in trick):
            ui.screenshot("joker-trick-with-joker")
            shots.add("trick")
        if "summary" not in shots and isinstance(top, SummaryScene):
            ui.frames(1)
            ui.screenshot("joker-deal-summary")
            shots.add("summary")
        return isinstance(top, MatchOverScene)

    ui.run_until(over, dt=0.5)
    state = table.ctl.state
    assert state.is_terminal() and len(state.sheet) == 16 + 4   # 16 deals, 4 pulka lines
    assert {"SummaryScene", "JokerTableScene"} <= seen
    assert shots == {"trick", "summary"}
    assert ui.app.saves.count() == 0 and table.ctl.save_path is None, \
        "a finished game leaves no Continue behind"
    ui.frames(2)
    ui.screenshot("joker-game-over")
    ui.press(ui.top().menu)
    assert isinstance(ui.top(), MenuScene)


def test_the_ace_cutting_is_shown_and_decides_the_first_dealer(ui):
    seed = 11
    dealer, shown = ace_cutting(seed)
    table = start_table(ui, [HUMAN, AI, AI, AI], seed, shot="joker-setup")
    assert table.ctl.state.first_dealer == dealer
    assert table.ctl.table.record["first_dealer"] == dealer
    assert shown[-1][0] == dealer and shown[-1][1] % 9 == 8        # J3: the ace ends it
    every_card_shown = table.timeline.seconds(len(shown) * CUT_CARD_S)
    ui.run_until(lambda: table.cutting() is None
                 or ui.now - table.cutting().start >= every_card_shown, dt=0.05)
    assert table.cutting() is not None, "the first dealer stays announced for a moment"
    ui.screenshot("joker-ace-cutting")
    assert table.ctl.human_to_act() is None or table.busy(), "the game waits for the cut"
    ui.run_until(lambda: table.cutting() is None, dt=0.1)
    assert table.ctl.state.dealer == dealer


def test_a_human_bids_by_clicking_and_the_dealers_forbidden_bid_is_disabled(ui):
    # seat 0 deals first, so bids last: J6's restriction applies to them
    seed = seed_where(lambda state: state.dealer == 0)
    table = start_table(ui, [HUMAN, AI, AI, AI], seed)
    wait_for_human(ui, table)
    state = table.ctl.state
    assert state.phase is JokerPhase.BIDDING and state.current_player() == 0
    forbidden = FULL_DEAL - sum(bid for bid in state.bids if bid is not None)
    buttons = {action.n: button for button, action in table.panels.buttons.items()}
    assert sorted(buttons) == list(range(FULL_DEAL + 1))
    if 0 <= forbidden <= FULL_DEAL:
        assert not buttons[forbidden].is_enabled
        ui.click(buttons[forbidden].rect.center)             # refused: nothing happens
        assert state.bids[0] is None
    ui.screenshot("joker-bidding")
    choice = next(n for n in range(FULL_DEAL + 1) if n != forbidden)
    ui.click(buttons[choice].rect.center)
    assert last_action(table) == {"type": "bid", "n": choice, "player": 0}
    assert state.phase is JokerPhase.PLAYING


def test_the_nine_card_trump_choice_shows_three_cards_then_deals_the_rest(ui):
    seed = seed_where(lambda state: state.current_player() == 0)     # seat 0 names trump
    table = start_table(ui, [HUMAN, AI, AI, AI], seed)
    wait_for_human(ui, table)
    assert table.ctl.state.phase is JokerPhase.TRUMP_CHOICE
    assert len(table.hand_rects) == 3, "the chooser sees only their first three cards"
    ui.screenshot("joker-trump-choice")
    spades = next(button for button, action in table.panels.buttons.items()
                  if action.suit == 3)
    ui.click(spades.rect.center)
    assert last_action(table) == {"type": "trump", "suit": "S", "player": 0}
    wait_for_human(ui, table)                                          # the bid, after the deal
    assert len(table.hand_rects) == FULL_DEAL
    assert table.view.observation.trump_suit == 3


def play_until(ui, table, wanted, max_turns=80) -> None:
    """Play the human's turns plainly (bid the first legal bid, never lead a joker) until
    `wanted(state)` says the test's moment has come."""
    for _ in range(max_turns):
        wait_for_human(ui, table)
        state = table.ctl.state
        if wanted(state):
            return
        legal = state.legal_actions()
        plain = [a for a in legal if getattr(a, "card", 0) < JOKER_1] or legal
        table.attempt(plain[-1] if state.phase is JokerPhase.PLAYING else legal[0])
    raise AssertionError("the moment never came")


def test_two_jokers_side_by_side_get_one_pair_of_chips_that_do_not_overlap(tmp_path):
    ui = UiDriver(tmp_path, size=(800, 600))
    seed = seed_where(lambda state: sum(card >= JOKER_1 for card in state.deal.hands[0]) == 2
                      and state.current_player() != 0)
    table = start_table(ui, [HUMAN, AI, AI, AI], seed)

    def may_follow_with_both(state):
        return state.phase is JokerPhase.PLAYING and state.trick and sum(
            a.card >= JOKER_1 for a in state.legal_actions()) >= 2

    play_until(ui, table, may_follow_with_both)
    assert len(table.joker_chips) == 2, "the jokers play alike: one ▲ and one ▼"
    (first, _, _), (second, _, _) = table.joker_chips
    assert not first.colliderect(second)
    ui.screenshot("joker-two-jokers-follow-800")


def test_a_human_plays_a_following_joker_under_with_a_right_click(ui):
    seed = seed_where(lambda state: holds_joker(state, 0) and state.current_player() != 0)
    table = start_table(ui, [HUMAN, AI, AI, AI], seed)

    def may_follow_with_joker(state):
        return state.phase is JokerPhase.PLAYING and state.trick and any(
            a.card >= JOKER_1 for a in state.legal_actions())

    play_until(ui, table, may_follow_with_joker)
    joker = next(card for card, _ in table.hand_rects if card >= JOKER_1)
    assert table.joker_chips, "the touchpad alternative is drawn over the joker"
    ui.screenshot("joker-joker-follow")
    ui.click(rect_of(table, joker).center, button=3)                 # right click: under
    play = last_action(table)
    assert play["type"] == "play" and play["card"] == f"X{joker - JOKER_1 + 1}"
    assert play["joker"] == "under" and "suit" not in play
    # when the trick is complete it can be looked at again
    ui.run_until(lambda: not table.busy() and ui.top() is table
                 and table.last_trick_button.is_enabled, dt=0.1)
    ui.press(table.last_trick_button)
    viewer = ui.top()
    assert isinstance(viewer, LastTrickScene) and table.paused
    plays, winner = table.last_trick(table.view.observation)
    assert any(p.card == joker and p.joker is JokerMode.UNDER for p in plays)
    assert winner != 0, "a joker played under never takes the trick"
    ui.frames(2)
    ui.screenshot("joker-last-trick")
    ui.press(viewer.close_button)
    assert ui.top() is table and not table.paused


def test_a_led_joker_asks_high_or_takes_and_the_suit(ui):
    seed = seed_where(lambda state: holds_joker(state, 0) and state.current_player() == 0)
    table = start_table(ui, [HUMAN, AI, AI, AI], seed)
    play_until(ui, table, lambda state: state.phase is JokerPhase.PLAYING and not state.trick)
    joker = next(card for card, _ in table.hand_rects if card >= JOKER_1)
    ui.click(rect_of(table, joker).center)
    dialog = ui.top()
    assert isinstance(dialog, JokerLeadScene)
    ui.frames(2)
    ui.screenshot("joker-lead-dialog")
    takes_clubs = next(button for button, action in dialog.choices.items()
                       if action.joker is JokerMode.TAKES and action.suit == 2)
    ui.click(takes_clubs.rect.center)
    assert ui.top() is table
    assert last_action(table) == {"type": "play", "card": f"X{joker - JOKER_1 + 1}",
                                  "joker": "takes", "suit": "C", "player": 0}


def test_hotseat_hands_stay_hidden_at_the_hand_off_while_bids_stay_public(ui):
    table = start_table(ui, [HUMAN, HUMAN, AI, AI], seed=3)
    ui.run_until(lambda: isinstance(ui.top(), JokerHandoffScene), dt=0.1)
    assert table.ctl.hand_visible_to() is None
    ui.frames(2)
    assert table.hand_rects == [], "no face is drawn while the screen is handed over"
    ui.screenshot("joker-handoff")
    ui.press(ui.top().ready)
    ui.frames(2)
    assert table.ctl.phase is Phase.HUMAN and table.hand_rects


def scripted_sheet_table() -> Table:
    """A standard game to deal 13, played by the real engine with every seat playing its first
    legal card: Nino and Giorgi bid what they will take (on premium), Tamar and Levan one more
    (missed bids, and a khishti when they take nothing)."""
    table = Table("joker", ["Nino", "Giorgi", "Tamar", "Levan"],
                  {"dealer_cannot_fill": False}, seed=5, extra={"first_dealer": 0})
    while len(table.state.sheet) < 14:                 # 12 deals and the two pulka lines
        table.deal_if_needed()
        state = table.state
        if state.phase is JokerPhase.TRUMP_CHOICE:
            table.apply(state.legal_actions()[1])
        rehearsal = state.clone()                      # the plays do not depend on the bids
        while rehearsal.phase is not JokerPhase.PLAYING:
            rehearsal.apply(BID_ACTIONS[0])
        while rehearsal.phase is JokerPhase.PLAYING:
            rehearsal.apply(rehearsal.legal_actions()[0])
        takes = next(line for line in reversed(rehearsal.sheet)
                     if isinstance(line, DealResult)).tricks
        while state.phase is JokerPhase.BIDDING:
            seat = state.current_player()
            table.apply(BID_ACTIONS[takes[seat] if seat < 2 else min(takes[seat] + 1,
                                                                       state.cards)])
        while state.phase is JokerPhase.PLAYING:
            table.apply(state.legal_actions()[0])
    table.deal_if_needed()
    table.apply(BID_ACTIONS[1])
    return table


def test_the_score_sheet_is_the_classic_paper_sheet_and_opens_at_any_time(ui):
    table = scripted_sheet_table()
    rows = sheet_rows(table.state.observation(0))
    assert len(rows) == 24 + 4
    marks = [mark for row in rows if isinstance(row, DealRow) for mark in row.marks if mark]
    assert DOUBLED in marks and ERASED in marks
    assert any(any(row.khishti) for row in rows if isinstance(row, DealRow))
    assert rows[1 + 8 + 4 + 1].current and rows[1 + 8 + 4 + 1].bids.count(1) == 1
    ui.frames(2)
    seats = [SeatConfig(name, AI, "easy") for name in table.players]
    open_table(ui.app, table, seats)
    scene = ui.top()
    assert isinstance(scene, JokerTableScene) and scene.cutting() is None
    ui.frames(3)
    ui.press(scene.sheet_button)
    sheet = ui.top()
    assert isinstance(sheet, ScoreSheetScene) and scene.paused
    ui.frames(2)
    ui.screenshot("joker-score-sheet")
    ui.press(sheet.close_button)
    assert ui.top() is scene and not scene.paused


def test_continue_resumes_the_joker_table_where_it_stopped(ui):
    table = start_table(ui, [HUMAN, AI, AI, AI], seed=5)
    play_until(ui, table, lambda state: state.phase is JokerPhase.PLAYING)
    record = list(table.ctl.table.record["actions"])
    table.open_pause()
    ui.frames(2)
    pause = ui.top()
    ui.press(pause.buttons[1])                          # the rules of this game
    assert isinstance(ui.top(), RulesScene) and ui.top().game == "joker"
    ui.press(ui.top().back)
    ui.press(pause.buttons[-1])                         # save and leave to the menu
    menu = ui.top()
    assert isinstance(menu, MenuScene)
    ui.open_saved()
    resumed = ui.app.stack.scenes[1]
    assert isinstance(resumed, JokerTableScene) and resumed is not table
    assert resumed.cutting() is None
    assert resumed.ctl.table.record["actions"] == record
    assert resumed.ctl.state.hands == table.ctl.state.hands


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_table_fits_small_and_large_windows(tmp_path, size):
    driver = UiDriver(tmp_path, size)
    driver.app.settings["animation"] = "fast"
    table = start_table(driver, [HUMAN, AI, AI, AI], seed=9)
    play_until(driver, table, lambda state: state.phase is JokerPhase.PLAYING
               and len(state.trick) >= 2)
    screen = pygame.Rect((0, 0), size)
    for _, rect in table.hand_rects:
        assert screen.contains(rect)
    for spot in table.layout.slots.values():
        assert screen.collidepoint(spot)
    driver.screenshot(f"joker-table-{size[0]}x{size[1]}")
    # every seat's bubble (a bid) clear of the trump panel, which shows the bids so far; the
    # human asked to move has none (their prompt is where it would be)
    for seat in range(4):
        table.marks.say_at(seat, "Bid 9 · თქვა 9")
    driver.frames(1)
    bubbles = table.renderer.bubbles            # where the renderer drew them
    assert set(bubbles) == {0, 1, 2, 3} - {table.view.acting} and table.view.acting == 0
    for seat, rect in bubbles.items():
        assert screen.contains(rect) and not rect.colliderect(table.layout.trump)
        assert rect.left < table.picture().bubble_point(seat)[0] < rect.right    # its tail under it
    driver.app.quit()


def test_the_trick_s_winner_banner_clears_the_bottom_joker_s_tag(ui):
    """Play-tested: the human's joker led high, its tag ("high ♣") was half under the
    "… takes the trick" banner. The banner goes below the tag."""
    from game.joker.actions import CardPlayed, TrickTaken
    from game.joker.cards import parse_card_text
    from game.ui.drawn import recording
    from game.ui.joker.words import joker_words
    from test_text_fit import human_to_act, play_for_humans, table

    ui.open_game("joker", [HUMAN, AI, AI, AI], seed=2, options={"game_type": "nines"})
    scene = table(ui)
    play_for_humans(ui, lambda: human_to_act(ui) and scene.panels.key is None)
    joker = CardPlayed(0, JOKER_1, JokerMode.HIGH, 2)
    plays = (joker, CardPlayed(1, parse_card_text("AS")), CardPlayed(2, parse_card_text("7S")),
             CardPlayed(3, parse_card_text("JC")))
    scene.on_trick_taken(TrickTaken(0, plays), ui.now)
    ui.frames(40)                                   # the trick shown, not yet gathered
    with recording() as drawn:
        scene.draw(ui.app.screen)
    texts = dict((text, rect) for rect, text in drawn.texts)
    tag, banner = texts[joker_words(joker)], texts[f"{scene.names[0]} takes the trick"]
    assert banner.top - tag.bottom >= px(16)       # the two plates' padding apart


def test_the_score_sheet_s_faint_ink_reads_on_every_paper():
    """Play-tested: a missed bid's score (grey) was hard to read on the cream and yellow rows.
    Every ink of the sheet is at least 4.5:1 against every paper (WCAG AA for text)."""
    from game.ui.joker import sheet

    def luminance(colour) -> float:
        linear = [(v / 255 / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4)
                  for v in colour]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    for paper in (sheet.PAPER, sheet.PULKA_PAPER, sheet.CURRENT_PAPER):
        for ink in (sheet.INK, sheet.FAINT_INK, sheet.RED_INK, sheet.GREEN_INK):
            ratio = (luminance(paper) + 0.05) / (luminance(ink) + 0.05)
            assert ratio >= 4.5, (paper, ink, round(ratio, 2))


def test_the_bottom_seat_s_name_with_dealer_is_whole_beside_a_short_hand(ui):
    """Play-tested at 1920×1080 in Georgian: "მოთამაშე · დამრი…" was cut short beside a
    four-card hand, its room measured to the widest fan's edge. It is measured to the cards
    held."""
    from game.ui.drawn import recording
    from game.ui.i18n import set_language, t
    from test_text_fit import human_to_act, play_for_humans, table

    ui.app.resize((1920, 1080))
    ui.app.settings["language"] = "ka"
    set_language("ka")
    ui.open_game("joker", [HUMAN, AI, AI, AI], seed=3)
    scene = table(ui)

    def dealing_small() -> bool:
        obs = scene.view.observation
        return (human_to_act(ui) and obs.dealer == 0 and 1 <= obs.deal_number
                and len(obs.hand) <= 4)

    play_for_humans(ui, dealing_small)
    with recording() as drawn:
        scene.draw(ui.app.screen)
    label = f"{scene.names[0]}  ·  {t('joker.seat.dealer')}"
    assert label in [text for _, text in drawn.texts]
