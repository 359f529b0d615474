"""The Tiến Lên window, headless: all-AI games through the real scenes, a straight selected by
dragging and played, a pass, chops, an instant win, leaving (T16), the timer (T11), Continue, and
screenshots of each screen (written to screenshots/tienlen-*.png)."""

import random

import pygame
import pytest

from game.controller.pace import Moment
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.table_controller import Phase
from game.core.table import Table
from game.tienlen.actions import (PASS, ChopSettled, Chopped, Deal, GameStarted, Play,
                                  PlayerLeft)
from game.tienlen.cards import FULL_DECK, cards_of, mask_of, parse
from game.tienlen.combos import classify
from game.ui.scaling import px
from game.tienlen.definition import TIENLEN
from game.tienlen.scoring import instant_win
from game.ui.dialogs import HandoffScene, PauseScene
from game.ui.games import open_table
from game.ui.menu import MenuScene
from game.ui.rules import RulesScene
from game.ui.setup import SetupScene
from game.ui.tienlen.dialogs import LeaveGameScene, PaymentScene, SessionOverScene
from game.ui.tienlen.table_scene import TienLenTableScene
from game.ui.tienlen.words import combo_name

from ui_driver import UiDriver

NAMES = ["An", "Bình", "Chi", "Dũng"]


def cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse(word) for word in text.split()))


# --- opening a table ----------------------------------------------------------------------------

def start_from_setup(ui, kinds, seed="7", timer=False, shot=False) -> TienLenTableScene:
    """Menu → setup (players, seats, options, seed) → the table, by clicking."""
    ui.frames(2)
    menu = ui.top()
    assert isinstance(menu, MenuScene)
    ui.press(next(b for b, key in menu.buttons.items() if key == "tienlen"))
    setup = ui.top()
    assert isinstance(setup, SetupScene)
    while len(setup.seats) != len(kinds):
        ui.press(setup.players_button)
    setup.seats = [SeatConfig(seat.name, kind, "easy") for seat, kind in zip(setup.seats, kinds)]
    setup.seed_text = seed
    setup.rebuild()
    if not timer:
        ui.press(next(b for b, option in setup.option_buttons.items() if option.key == "timers"))
    ui.frames(2)
    if shot:
        ui.screenshot("tienlen-setup")
    ui.press(setup.start_button)
    table = ui.app.stack.scenes[1]
    assert isinstance(table, TienLenTableScene)
    return table


def deal_for(hands: list[str], seed: int = 1) -> Deal:
    """The given hands; a "*" fills a hand up to 13 cards from the rest of the deck."""
    given = [cards(text.replace("*", "")) for text in hands]
    rest = list(cards_of(FULL_DECK & ~mask_of(c for hand in given for c in hand)))
    random.Random(seed).shuffle(rest)
    dealt = []
    for text, hand in zip(hands, given):
        if "*" in text:
            missing = 13 - len(hand)
            hand, rest = tuple(sorted(hand + tuple(rest[:missing]))), rest[missing:]
        dealt.append(hand)
    assert not any(instant_win(mask_of(hand), True) for hand in dealt)
    return Deal(tuple(dealt))


def open_rigged(ui, kinds, hands, before=()) -> TienLenTableScene:
    """A table whose first game was dealt `hands` and played up to `before` (as a resumed
    table would be), opened in the window like Continue does."""
    seats = [SeatConfig(name, kind, "easy") for name, kind in zip(NAMES, kinds)]
    table = Table("tienlen", NAMES[:len(kinds)], {"turn_seconds": 0}, seed=1)
    table.start_deal(deal_for(hands))
    for action in before:
        table.apply(action)
    ui.frames(1)
    open_table(ui.app, table, seats)    # no move timer
    ui.frames(2)
    scene = ui.app.stack.scenes[1]
    assert isinstance(scene, TienLenTableScene)
    return scene


# --- driving the mouse --------------------------------------------------------------------------

def card_point(table, card: int) -> tuple[int, int]:
    """A point on the visible sliver of `card` in the fan."""
    index = table.fan.cards.index(card)
    rect = table.fan.drawn_rect(index)
    return rect.left + 6, rect.centery


def post(kind, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def drag_select(ui, table, first: int, last: int) -> None:
    start, end = card_point(table, first), card_point(table, last)
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=end, rel=(end[0] - start[0], 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    ui.frames(2)


def wait_for_turn(ui, table, player: int | None = None) -> None:
    """Until a human is to act (clicking through hand-offs)."""
    def ready():
        if isinstance(ui.top(), HandoffScene):
            ui.press(ui.top().ready)
        elif isinstance(ui.top(), PaymentScene):
            ui.press(ui.top().next)
        return (table.ctl.phase is Phase.HUMAN and ui.top() is table
                and (player is None or table.ctl.to_move() == player))
    ui.run_until(ready, dt=0.2)
    ui.frames(2)


def last_action(table) -> dict:
    return table.ctl.table.record["actions"][-1]


# --- the tests ----------------------------------------------------------------------------------

def test_all_ai_games_run_through_the_real_scenes_to_the_payment_table_and_the_end(ui):
    table = start_from_setup(ui, [AI] * 4, shot=True)
    ui.frames(12, 0.2)
    ui.screenshot("tienlen-table-all-ai")
    summaries = 0
    while summaries < 2:
        ui.run_until(lambda: isinstance(ui.top(), PaymentScene), dt=0.35)
        summaries += 1
        state = table.ctl.state
        summary = ui.top().summary()
        # the payment table explains exactly the gold that moved
        for row in summary.rows:
            paid = sum(r.penalty for r in summary.rows) if row.won else -row.penalty
            assert row.gold == paid * state.stake + row.chops
        assert sum(row.gold for row in summary.rows) == 0
        if summaries == 1:
            ui.frames(2)
            ui.screenshot("tienlen-payment")
            ui.press(ui.top().next)
            ui.run_until(lambda: table.ctl.state.games_started == 2, dt=0.1)
            started = [e for e in table.ctl.events.kept if isinstance(e, GameStarted)]
            assert started[-1].leader == summary.winner, "the winner leads the next game (T7)"
    assert len(table.ctl.state.results) == 2
    ui.press(ui.top().leave)                            # leave the table between games
    ui.frames(2)
    assert isinstance(ui.top(), SessionOverScene)
    assert ui.app.saves.count() == 0 and table.ctl.save_path is None, \
        "a closed table leaves no Continue behind"
    ui.screenshot("tienlen-session-over")
    ui.press(ui.top().menu)
    assert isinstance(ui.top(), MenuScene)


STRAIGHT_HAND = "3S 4H 5C 6D 7S 8C 9D 10H JS QC KD KH 2C"


def test_select_a_straight_by_dragging_play_it_and_pass_with_the_mouse(ui):
    table = open_rigged(ui, [HUMAN, AI, AI, AI], [STRAIGHT_HAND, "*", "*", "*"])
    wait_for_turn(ui, table, 0)
    fan = table.fan
    assert fan.cards == list(cards(STRAIGHT_HAND))
    # hover lifts a card; a click selects it and a second click deselects it
    post(pygame.MOUSEMOTION, pos=card_point(table, parse("9D")), rel=(0, 0), buttons=(0, 0, 0))
    ui.frames(1)
    index = fan.cards.index(parse("9D"))
    assert fan.hover == index and fan.drawn_rect(index).y < fan.rects[index].y
    ui.click(card_point(table, parse("9D")))
    assert fan.selection == (parse("9D"),)
    assert not table.play_button.is_enabled, "9♦ does not contain the 3♠ of the first game"
    ui.click(card_point(table, parse("9D")))
    assert fan.selection == ()
    # a drag across 3♠ … 7♠ selects the run, and the Play button names it
    drag_select(ui, table, parse("3S"), parse("7S"))
    assert fan.selection == cards("3S 4H 5C 6D 7S")
    assert table.play_button.is_enabled and table.play_button.text == "Play"
    assert table.verdict().what == "Straight 3–7"             # named right above the button
    assert not table.pass_button.is_enabled, "nobody passes when leading"
    ui.screenshot("tienlen-fan-selection")
    ui.press(table.play_button)
    assert last_action(table) == {"type": "play", "cards": ["3S", "4H", "5C", "6D", "7S"],
                                  "player": 0}
    assert fan.selection == ()
    # later: pass with the Pass button when passing is allowed (else play the hint)
    for _ in range(30):
        wait_for_turn(ui, table, 0)
        if table.pass_button.is_enabled:
            ui.press(table.pass_button)
            assert last_action(table) == {"type": "pass", "player": 0}
            break
        ui.press(table.assists.hint_button)
        assert table.play_button.is_enabled
        ui.press(table.play_button)
    else:
        raise AssertionError("the human never had a chance to pass")


def test_sort_by_suit_and_the_coach_proposes_a_legal_play(ui):
    """Hint asks the coach (the hard bot's search): its cards are raised, not played,
    and its line why stays in the table's messages until the position changes."""
    table = open_rigged(ui, [HUMAN, AI], [STRAIGHT_HAND, "*"])
    wait_for_turn(ui, table, 0)
    ui.press(table.sort_button)
    suits = [card & 3 for card in table.fan.cards]
    assert suits == sorted(suits) and table.sort_button.text == "By rank"
    actions = len(table.ctl.table.record["actions"])
    ui.press(table.assists.hint_button)
    advice = table.ctl.coach_advice()
    assert advice is not None and advice.action in table.ctl.state.legal_actions()
    assert table.fan.selection == advice.action.cards and parse("3S") in table.fan.selection
    assert table.play_button.is_enabled                   # T7: the first play holds 3♠
    assert len(table.ctl.table.record["actions"]) == actions, "the coach never plays"
    assert table.log.pinned is not None and table.log.pinned.text.startswith("Coach: ")
    assert table.ctl.table.record["table"]["assists"] == {"coach": 1}
    ui.press(table.play_button)
    assert table.log.pinned is None, "the line goes once the position changed"


CHOPPER = "3S 4C 5D 6H 8S 9S 9C 9D 9H JC QD KH AS"
CHOPPED = "2H JS JD QS QC KS KC AC AD 3C 4D 6S 7D"     # a red 2 and four pairs J–A


def test_a_chop_and_a_chop_on_the_chop_are_announced_and_paid(ui):
    """Two humans at one screen: the 2♥ is chopped by four 9s, which four pairs chop again
    (chặt chồng: 20 + 40 = 60 cards), paid when the round ends (T12–T13)."""
    table = open_rigged(ui, [HUMAN, HUMAN], [CHOPPER, CHOPPED],
                        before=[Play(cards("3S")), Play(cards("2H"))])
    wait_for_turn(ui, table, 0)
    drag_select(ui, table, parse("9S"), parse("9H"))
    assert table.play_button.text == "Play" and table.verdict().what == "Four of a kind — chặt!"
    ui.press(table.play_button)
    chop = table.ctl.events.kept[-1]
    assert isinstance(chop, Chopped) and (chop.chopper, chop.chopped, chop.cards) == (0, 1, 20)
    title, detail = table.timeline.first("banner").data
    assert title == "Chặt!" and "20 cards" in detail
    ui.frames(13)                                        # the four 9s have landed
    ui.screenshot("tienlen-chop")
    # the hand-off hides both hands, once the banner is over (play-tested: it covered the
    # chop before the next player saw it); the second player chops back
    chopped_at = ui.now
    ui.run_until(lambda: isinstance(ui.top(), HandoffScene), dt=0.1)
    assert ui.now - chopped_at >= table.tempo.pace.visible_s(Moment.CHOP) - 0.3
    assert table.timeline.first("banner") is not None    # still up for the next player
    assert table.fan_owner is None
    wait_for_turn(ui, table, 1)
    assert table.fan_owner == 1
    drag_select(ui, table, parse("JS"), parse("AD"))
    assert table.play_button.text == "Play"
    assert table.verdict().what == "Four consecutive pairs — chặt!"
    ui.press(table.play_button)
    title, detail = table.timeline.first("banner").data
    assert title == "Chặt chồng!" and "60 cards" in detail
    ui.frames(13)
    ui.screenshot("tienlen-chop-chain")
    wait_for_turn(ui, table, 0)
    assert table.pass_button.is_enabled and not table.play_button.is_enabled
    ui.press(table.pass_button)                          # the round ends: the chain is paid
    settled = next(e for e in table.ctl.events.kept if isinstance(e, ChopSettled))
    assert (settled.payer, settled.receiver, settled.gold) == (0, 1, 60)
    assert table.ctl.state.gold == [940, 1060]
    assert any("60 gold" in text for message in table.log.messages for text in [message.text])


def test_t9_a_passed_player_is_offered_a_chop_with_four_pairs_and_told_so(ui):
    """T9: An passed on a 2; when the 2♥ comes round, An may still chop with 5–8 pairs."""
    table = open_rigged(ui, [HUMAN, AI, AI],
                        ["3S 5S 5C 6S 6C 7S 7C 8S 8C 9D JD QD KD", "10S 2H *", "2S *"],
                        before=[Play(cards("3S")), Play(cards("10S")), Play(cards("2S")), PASS,
                                Play(cards("2H")), PASS])
    wait_for_turn(ui, table, 0)
    assert table.pass_button.text == "Stay passed" and table.pass_button.is_enabled
    doing = table.picture().seat_doing(table.view.observation, 0, True, True)
    assert doing[0] == "passed — may still chop with 4 pairs"
    ui.screenshot("tienlen-t9-second-chance")
    ui.click(card_point(table, parse("9D")))
    assert not table.play_button.is_enabled
    ui.click(card_point(table, parse("9D")))
    drag_select(ui, table, parse("5S"), parse("8C"))
    assert table.play_button.text == "Play"
    assert table.verdict().what == "Four consecutive pairs — chặt!"
    ui.press(table.play_button)
    chop = next(e for e in table.ctl.events.kept if isinstance(e, Chopped))
    assert (chop.chopper, chop.chopped, chop.cards) == (0, 1, 20)


def instant_win_seed() -> int:
    """A table seed whose first deal (4 players) holds an instant win (T17/T18)."""
    state = TIENLEN.new_table(NAMES, {"stake": 1, "gold": 1000, "turn_seconds": 0}, {})
    for seed in range(1000):
        deal = TIENLEN.random_deal(state, random.Random(f"{seed}/1"))
        if any(instant_win(mask_of(hand), True) for hand in deal.hands):
            return seed
    raise AssertionError("no instant win in 1000 deals")


def test_an_instant_win_reveals_the_hand_and_names_the_win(ui):
    table = start_from_setup(ui, [HUMAN, AI, AI, AI], seed=str(instant_win_seed()))
    ui.run_until(lambda: isinstance(ui.top(), PaymentScene), dt=0.1, within_s=5)
    summary = ui.top().summary()
    assert summary.outcome == "instant" and len(summary.winner_hand) == 13
    assert all(row.penalty > 0 for row in summary.rows if not row.won)
    ui.frames(2)
    ui.screenshot("tienlen-instant-win")
    ui.press(ui.top().next)
    ui.run_until(lambda: table.ctl.state.games_started == 2, dt=0.1, within_s=5)


def test_leaving_a_game_from_the_pause_menu_costs_its_payment_and_ends_the_session(ui):
    table = start_from_setup(ui, [HUMAN, AI, AI], seed="5")
    wait_for_turn(ui, table, 0)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    ui.frames(2)
    pause = ui.top()
    assert isinstance(pause, PauseScene)
    leave = next(b for b in pause.buttons if b.text == "Leave this game")
    ui.press(leave)
    assert isinstance(ui.top(), LeaveGameScene)
    cost = ui.top().penalty
    ui.frames(1)
    ui.screenshot("tienlen-leave")
    ui.press(ui.top().confirm)
    assert ui.top() is table
    left = next(e for e in table.ctl.events.kept if isinstance(e, PlayerLeft))
    assert (left.player, left.penalty) == (0, cost) and not table.ctl.state.at_table[0]
    ui.run_until(lambda: isinstance(ui.top(), PaymentScene), dt=0.35)
    payment = ui.top()
    assert payment.next is None, "a player who left takes no part in later games"
    assert table.ctl.state.results[-1].gold[0] == -cost
    ui.press(payment.leave)
    assert isinstance(ui.top(), SessionOverScene)


def test_the_pause_menu_shows_the_tien_len_rules(ui):
    table = start_from_setup(ui, [HUMAN, AI])
    table.open_pause()
    ui.frames(2)
    ui.press(next(b for b in ui.top().buttons if b.text == "Rules"))
    rules = ui.top()
    assert isinstance(rules, RulesScene) and rules.game == "tienlen"
    ui.frames(2)
    ui.screenshot("tienlen-rules")
    ui.press(rules.back)
    assert isinstance(ui.top(), PauseScene)


def test_the_turn_timer_makes_the_move_when_time_is_up(ui):
    table = start_from_setup(ui, [HUMAN, AI], seed="3", timer=True)
    wait_for_turn(ui, table, 0)
    before = len(table.ctl.table.record["actions"])
    ui.frames(16, 1.0)                                   # T11: 15 s
    actions = table.ctl.table.record["actions"]
    assert len(actions) > before and actions[before]["player"] == 0
    assert any("Time is up" in text for message in table.log.messages for text in [message.text])


def test_continue_resumes_exactly_where_play_stopped(ui):
    table = start_from_setup(ui, [HUMAN, AI, AI, AI], seed="9")
    wait_for_turn(ui, table, 0)
    ui.press(table.assists.hint_button)
    ui.press(table.play_button)
    wait_for_turn(ui, table, 0)
    record = list(table.ctl.table.record["actions"])
    table.open_pause()
    ui.frames(2)
    ui.press(ui.top().buttons[-1])                       # save and leave to the menu
    menu = ui.top()
    assert isinstance(menu, MenuScene)
    ui.open_saved()
    resumed = ui.app.stack.scenes[1]
    assert isinstance(resumed, TienLenTableScene) and resumed is not table
    assert resumed.ctl.table.record["actions"] == record
    assert resumed.ctl.state.hands == table.ctl.state.hands
    wait_for_turn(ui, resumed, 0)
    assert resumed.fan.cards == list(cards_of(resumed.ctl.state.hands[0]))


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_table_fits_small_and_large_windows(tmp_path, size):
    driver = UiDriver(tmp_path, size)
    driver.app.settings["animation"] = "fast"
    table = open_rigged(driver, [HUMAN, AI, AI, AI], [STRAIGHT_HAND, "*", "*", "*"])
    wait_for_turn(driver, table, 0)
    driver.press(table.assists.hint_button)
    driver.press(table.play_button)
    wait_for_turn(driver, table, 0)
    driver.press(table.assists.hint_button)
    driver.frames(2)
    screen = pygame.Rect((0, 0), size)
    for index in range(len(table.fan.cards)):
        rect = table.fan.drawn_rect(index)
        assert screen.contains(rect) and not rect.colliderect(table.play_button.rect)
    for button in (table.play_button, table.pass_button, table.assists.hint_button, table.sort_button):
        assert screen.contains(button.rect)
    driver.screenshot(f"tienlen-table-{size[0]}x{size[1]}")
    driver.app.quit()


@pytest.mark.parametrize("text, chop, name", [
    ("5S 6H 7C 8D 9S", False, "Straight 5–9"),
    ("5S 5H 6C 6D 7S 7H", False, "Three consecutive pairs 5–7"),
    ("5S 5H 6C 6D 7S 7H", True, "Three consecutive pairs — chặt!"),
    ("9S 9C 9D 9H", True, "Four of a kind — chặt!"),
    ("9S 9C 9D 9H", False, "Four of a kind (9s)"),
    ("AS AH", False, "Pair of aces"),
    ("2H", False, "Single 2♥"),
])
def test_combinations_in_words(text, chop, name):
    assert combo_name(classify(cards(text)), chop) == name


def test_the_fan_drag_deselects_a_run_and_keeps_what_lies_outside_it():
    from game.ui.tienlen.hand import HandFan

    fan = HandFan()
    fan.set_hand(cards("3S 4H 5C 6D 7S 8C"))
    fan.layout(pygame.Rect(0, 0, 600, 114), 80)
    point = [(rect.left + 4, rect.centery) for rect in fan.rects]
    fan.select_exactly(cards("4H 5C 6D 8C"))
    fan.press(point[1])                 # 4♥ was selected: this drag deselects
    fan.drag(point[3])
    assert fan.selection == cards("8C")
    fan.drag(point[2])                  # back over 5♣: 6♦ returns to how it was
    assert fan.selection == cards("6D 8C")
    fan.release()
    fan.set_hand(cards("3S 4H 5C 7S 8C"))   # 6♦ played: it leaves the selection
    assert fan.selection == cards("8C")


def test_at_a_hand_off_nobody_may_be_made_to_leave_from_the_pause_menu(ui):
    """T16 is offered to the human who opened the menu with their hand up; at a hand-off no
    hand is up, so whoever holds the screen cannot make the last player leave."""
    from game.ui.i18n import t

    table = ui.open_game("tienlen", [HUMAN, AI, HUMAN, AI], seed=3)
    ui.run_until(lambda: isinstance(ui.top(), HandoffScene), dt=0.1)
    ui.press(ui.top().ready)
    ui.run_until(lambda: table.view.acting is not None, dt=0.1)
    table.attempt(table.view.legal[0])
    ui.run_until(lambda: isinstance(ui.top(), HandoffScene), dt=0.1)
    ui.press(ui.top().menu_button)
    assert isinstance(ui.top(), PauseScene)
    assert t("tienlen.leave_game") not in [label for label, _ in ui.top().entries()]
    ui.top().resume()
    ui.frames(2)
    ui.press(ui.top().ready)
    ui.frames(2)
    table.open_pause()
    assert t("tienlen.leave_game") in [label for label, _ in ui.top().entries()]


def test_a_seat_that_plays_loses_its_pass_bubble_of_the_last_round(ui):
    """Play-tested: Dũng's "pass" of the last round still stood over him as he led the new
    one. A seat's play ends its pass bubble (its cards are its last action now)."""
    from game.tienlen.actions import CardsPlayed, Passed

    table = open_rigged(ui, [HUMAN, HUMAN], [CHOPPER, CHOPPED])
    table.on_passed(Passed(1), ui.now)
    assert table.marks[1][0] == "passed"
    table.on_cards_played(CardsPlayed(1, cards("2H")), ui.now + 0.5)
    assert table.marks[1][0] == "2♥"


def test_the_payment_table_says_why_only_when_it_is_more_than_the_count(ui):
    """Play-tested: "6 cards = 6" under a row of six plain cards said the count again. The
    line under a loser's cards is there only when something counts more than a card (a 2, the
    3♠, a bomb); and the cards left stand side by side where there is room."""
    from game.ui.drawn import recording
    from game.ui.tienlen.words import payment_words
    from test_text_fit import play_for_humans, summary_up

    for seed in (8, 9, 10):
        ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=seed)
        play_for_humans(ui, lambda: summary_up(ui))
        payment = ui.top()
        with recording() as drawn:
            payment.draw(ui.app.screen)
        texts = [text for _, text in drawn.texts]
        for row in payment.summary().rows:
            if row.won or row.left or not row.reasons:
                continue
            plain = [r.kind for r in row.reasons] == ["cards"]
            assert (payment_words(row) in texts) is not plain, (seed, row)
        ui.app.show("menu", reset=True)


def test_a_chop_banner_keeps_its_full_height_where_there_is_room(tmp_path):
    from game.ui.tienlen.renderer import BANNER_HEIGHT, banner_rect

    for size in ((1280, 720), (1920, 1080)):
        ui = UiDriver(tmp_path, size=size)               # the window's scale with its layout
        scene = ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=20)
        rect = banner_rect(scene.layout, size[0])
        assert rect.height == px(BANNER_HEIGHT) and not rect.colliderect(scene.layout.score)
        ui.app.quit()


def test_a_chop_banner_is_seen_whole_over_the_marks_and_beside_the_gold(tmp_path):
    """T-chop's key moment: the banner covers neither the gold panel nor the move log's
    buttons (they step aside while it is up on a small window) and is drawn over the seats'
    marks; the chopping combination below it stays in view."""
    from game.ui.tienlen.renderer import banner_rect

    size = (800, 600)
    ui = UiDriver(tmp_path, size=size)
    scene = ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=20)
    for _ in range(3000):
        ui.frames(1, 0.1)
        if scene.timeline.first("banner") is not None:
            break
        if scene.ctl.phase is Phase.HUMAN and ui.top() is scene \
                and not scene.timeline.holding(ui.app.now):
            scene.attempt(scene.view.legal[-1])
    else:
        raise AssertionError("no chop")
    ui.frames(2, 0.05)
    rect = banner_rect(scene.layout, size[0])
    assert not rect.colliderect(scene.layout.score)
    for button in (scene.move_log.button, scene.move_log.previous_button):
        assert not (button.visible and rect.colliderect(button.rect))
    assert not scene.move_log.button.visible             # at 800×600 the banner reaches it
    ui.run_until(lambda: scene.timeline.first("banner") is None, dt=0.1)
    ui.frames(2)
    assert scene.move_log.button.visible and scene.move_log.previous_button.visible
    ui.app.quit()
