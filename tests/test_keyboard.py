"""Keyboard everywhere (game/ui/focus.py): a whole game of each kind — domino, Tiến Lên, Joker —
played from the main menu to the game's end by key presses only, and the focus ring seen.

The player at the keyboard looks at the screen (the focused target, the legal moves the table
offers) and presses keys; nothing is clicked and no scene method is called."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from pygame_gui.elements import UIButton

from game.controller.table_controller import Phase
from game.domino.actions import PASS as DOMINO_PASS, Apollo, Play
from game.joker.actions import BID_ACTIONS, JOKER_FOLLOWS, Bid, ChooseTrump
from game.joker.cards import JOKER_1
from game.tienlen.actions import PASS as TIENLEN_PASS
from game.ui.dialogs import Dialog
from game.ui.focus import RING
from game.ui.menu import MenuScene
from game.ui.table_base import TableScene


@pytest.fixture
def keys(tmp_path):
    from ui_driver import UiDriver

    driver = UiDriver(tmp_path, size=(800, 600))
    driver.app.settings["animation"] = "fast"
    driver.app.settings["ai_level"] = "easy"       # the player's saved choice: quick opponents
    yield driver
    driver.app.quit()


def press(driver, key: int, mod: int = 0, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text,
                                         scancode=0))
    driver.frames(1)


def type_text(driver, text: str) -> None:
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        driver.frames(1)


def focused(driver):
    return driver.app.focus.focused(driver.top())


def tab_to(driver, wanted, limit: int = 80) -> None:
    """Tab until the ring is on the target whose key is `wanted` (or satisfies it)."""
    check = wanted if callable(wanted) else (lambda key: key == wanted)
    for _ in range(limit):
        target = focused(driver)
        if target is not None and check(target.key):
            return
        press(driver, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {wanted!r} on {type(driver.top()).__name__}")


def arrow_to(driver, key, limit: int = 40) -> None:
    """← → within the focused group until the ring is on `key`."""
    for _ in range(limit):
        targets = driver.top().focus_targets()
        keys = [target.key for target in targets]
        here = focused(driver).key
        if here == key:
            return
        assert key in keys, f"{key!r} is not on the screen"
        press(driver, pygame.K_RIGHT if keys.index(key) > keys.index(here) else pygame.K_LEFT)
    raise AssertionError(f"the arrows never reached {key!r}")


def start_from_menu(driver, game: str, options: dict | None = None, seed: str = "7") -> None:
    """Menu → the game's setup (arrows, Return) → the seed typed → Start (Return)."""
    menu = driver.top()
    assert isinstance(menu, MenuScene)
    tab_to(driver, lambda key: menu.buttons.get(key) == game)
    press(driver, pygame.K_RETURN)
    setup = driver.top()
    assert setup.game == game
    for key, value in (options or {}).items():       # an option button: Return cycles it
        tab_to(driver, lambda widget: setup.option_buttons.get(widget) is not None
               and setup.option_buttons[widget].key == key)
        for _ in range(12):
            if setup.chosen[key] == value:
                break
            press(driver, pygame.K_RETURN)
        assert setup.chosen[key] == value
    tab_to(driver, setup.seed_entry)
    type_text(driver, seed)
    tab_to(driver, setup.start_button)
    press(driver, pygame.K_RETURN)
    assert isinstance(driver.top(), TableScene)


def table_of(driver):
    return next(scene for scene in driver.app.stack.scenes if isinstance(scene, TableScene))


def my_turn(driver) -> bool:
    table = next((s for s in driver.app.stack.scenes if isinstance(s, TableScene)), None)
    return (table is not None and driver.top() is table and table.view.acting is not None
            and not table.timeline.holding(driver.app.now)
            and not driver.app.focus.settling(table))   # a key this early is the last moment's


def play_to_the_end(driver, move, limit: int = 10000) -> None:
    """Let the game run; on the human's move call `move` (keys only); a dialog is answered
    with Return on its first button (the next deal, the result, the menu) until the menu is
    back."""
    for _ in range(limit):
        top = driver.top()
        if isinstance(top, MenuScene):
            return
        if my_turn(driver):
            move(driver, table_of(driver))
        elif isinstance(top, Dialog) and top.widgets:
            before = driver.progress()
            press(driver, pygame.K_RETURN)
            driver.frames(2)
            assert driver.progress() != before or driver.top() is not top, \
                f"Return did nothing on {type(top).__name__}"
        else:
            driver.frames(1, 0.5)
    raise AssertionError("the game did not end")


# --- each game's moves by key -------------------------------------------------------------------

#: which keyboard paths a game went through (each test resets it and asserts on it)
USED: Counter = Counter()


def domino_move(driver, table) -> None:
    """A legal move, a tile that fits both ends laid on the right end when there is one."""
    legal, obs = table.view.legal, table.view.observation
    plays = [action for action in legal if isinstance(action, Play)]
    both = [p for p in plays if obs.left != obs.right
            and len(table.fitting_ends(p.tile)) > 1 and p.end == "R"]
    domino_keys(driver, table, (both or plays or legal)[0])


def domino_keys(driver, table, action) -> None:
    before = len(table.ctl.table.record["actions"])
    if action == DOMINO_PASS:
        press(driver, pygame.K_p)
    elif isinstance(action, Apollo):                    # Apollo!: its button
        tab_to(driver, table.apollo_button)
        press(driver, pygame.K_RETURN)
        if driver.top() is not table:                   # the ends to choose (D7/D11)
            tab_to(driver, lambda key: driver.top().choices.get(key) == action)
            press(driver, pygame.K_RETURN)
    else:
        arrow_to(driver, ("tile", action.tile))
        press(driver, pygame.K_RETURN)                  # picked up, as a first click does
        assert table.selected == action.tile
        assert len(table.ctl.table.record["actions"]) == before, "one Return never lays"
        press(driver, pygame.K_RETURN)                  # laid (or its ends offered)
        ring = focused(driver)
        if ring is not None and isinstance(ring.key, tuple) and ring.key[0] == "end":
            arrow_to(driver, ("end", action.end))       # both ends fit: ← → the end
            press(driver, pygame.K_RETURN)
            USED["end chosen"] += 1
    assert len(table.ctl.table.record["actions"]) > before, "the keys made no move"


def tienlen_move(driver, table) -> None:
    """The smallest play, or a pass now and then."""
    legal = table.view.legal
    plays = [action for action in legal if action is not TIENLEN_PASS]
    if TIENLEN_PASS in legal and (not plays or len(table.ctl.table.record["actions"]) % 3 == 0):
        tienlen_keys(driver, table, TIENLEN_PASS)
    else:
        tienlen_keys(driver, table, min(plays, key=lambda action: len(action.cards)))


def tienlen_keys(driver, table, action) -> None:
    before = len(table.ctl.table.record["actions"])
    if action is TIENLEN_PASS:
        press(driver, pygame.K_p)
    else:
        for card in action.cards:
            arrow_to(driver, ("card", card))
            press(driver, pygame.K_UP)                  # raised
        assert table.fan.selection == tuple(sorted(action.cards))
        press(driver, pygame.K_RETURN)
    assert len(table.ctl.table.record["actions"]) > before, "the keys made no move"


def joker_move(driver, table) -> None:
    """Bids by digit and by arrows in turn; a joker whenever there is one, under as often as
    high; else the first legal card."""
    legal = table.view.legal
    action = legal[0]
    if isinstance(action, Bid):
        action = legal[-1]
    jokers = [a for a in legal if not isinstance(a, (Bid, ChooseTrump)) and a.card >= JOKER_1]
    if jokers:
        unders = [a for a in jokers if a == JOKER_FOLLOWS[a.card][1]]
        action = (unders[0] if unders and USED["joker under"] < USED["joker high"]
                  else jokers[0])
    joker_keys(driver, table, action,
               by_digit=len(table.ctl.table.record["actions"]) % 2 == 1)


def joker_keys(driver, table, action, by_digit: bool = False) -> None:
    before = len(table.ctl.table.record["actions"])
    if isinstance(action, Bid) and by_digit:
        n = BID_ACTIONS.index(action)
        press(driver, pygame.K_0 + n, text=str(n))       # a digit bids at once
    elif isinstance(action, (Bid, ChooseTrump)):
        arrow_to(driver, next(button for button, offered in table.panels.buttons.items()
                              if offered == action))
        press(driver, pygame.K_RETURN)
    elif action == JOKER_FOLLOWS.get(action.card, (None, None))[1]:    # under: ▼ (J10)
        arrow_to(driver, ("card", action.card))
        press(driver, pygame.K_RIGHT)
        press(driver, pygame.K_RIGHT)
        assert focused(driver).key == ("chip", 0)
        press(driver, pygame.K_RETURN)
        USED["joker under"] += 1
    else:
        arrow_to(driver, ("card", action.card))
        press(driver, pygame.K_RETURN)
        if driver.top() is not table:                   # a led joker: how (J9)
            lead = driver.top()
            tab_to(driver, lambda key: lead.choices.get(key) == action)
            press(driver, pygame.K_RETURN)
            USED["joker led"] += 1
        elif action.card >= JOKER_1:
            USED["joker high"] += 1
    assert driver.top() is table
    assert len(table.ctl.table.record["actions"]) > before, "the keys made no move"


KEYS_FOR = {"domino": domino_keys, "tienlen": tienlen_keys, "joker": joker_keys}


# --- the tests --------------------------------------------------------------------------------------

def test_domino_match_by_keyboard_alone(keys):
    """Menu → setup (house rules as remembered: a match to 5 points, V-D5) → a whole match →
    its end → the menu, by keys."""
    keys.app.settings["last_setup"]["domino"] = {"options": {"target_points": 5}}
    USED.clear()
    start_from_menu(keys, "domino", {"timers": False})
    play_to_the_end(keys, domino_move)
    assert USED["end chosen"], "a tile that fits both ends was laid by ← → and Return"
    finished = keys.app.history.finished
    assert finished, "the match went to the history"


def test_tienlen_game_by_keyboard_alone(keys):
    """A whole Tiến Lên game by keys (cards raised with ↑, Return plays, P passes), then
    Leave table at the payment table and the menu."""
    start_from_menu(keys, "tienlen", {"timers": False})
    table = table_of(keys)
    keys.run_until(lambda: my_turn(keys) or table.ctl.phase is Phase.SUMMARY)
    for _ in range(400):
        if table.ctl.phase is Phase.SUMMARY and keys.top() is not table:
            break
        if my_turn(keys):
            tienlen_move(keys, table)
        else:
            keys.frames(1, 0.1)
    summary = keys.top()
    assert focused(keys).key is summary.next, "the keyboard starts on Next game"
    tab_to(keys, summary.leave)
    press(keys, pygame.K_RETURN)
    keys.run_until(lambda: isinstance(keys.top(), Dialog) and keys.top().widgets)
    press(keys, pygame.K_RETURN)                        # the session's end: Menu
    assert isinstance(keys.top(), MenuScene)


def test_joker_match_by_keyboard_alone(keys):
    """A whole Joker match of nines (16 deals, J4) by keys: bids by digit and by ← → Return,
    trump named, cards chosen with ← → and played with Return, a led joker's mode chosen."""
    USED.clear()
    start_from_menu(keys, "joker", {"game_type": "nines"})
    play_to_the_end(keys, joker_move)
    assert USED["joker led"] and USED["joker under"] and USED["joker high"], USED
    assert keys.app.history.finished


def ring_pixels(surface, rect) -> int:
    """How many pixels of the ring's colour lie on the ring's band around `rect`."""
    count = 0
    band = rect.inflate(24, 24)
    for x in range(band.left, band.right):
        for y in (band.top + i for i in range(12)):
            if surface.get_at((x, y))[:3] == RING:
                count += 1
    return count


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_focus_ring_is_seen_on_the_menu_and_follows_tab(tmp_path, size):
    from ui_driver import UiDriver

    driver = UiDriver(tmp_path, size=size)
    try:
        driver.frames(2)
        menu = driver.top()
        first = focused(driver)
        assert isinstance(first.key, UIButton) and menu.buttons[first.key] == "domino"
        assert ring_pixels(driver.app.screen, first.rect) > 50
        press(driver, pygame.K_TAB)
        second = focused(driver)
        assert menu.buttons[second.key] == "tienlen"
        assert ring_pixels(driver.app.screen, second.rect) > 50
        assert ring_pixels(driver.app.screen, first.rect) == 0
        driver.click((5, 5))                    # a click hides it
        assert ring_pixels(driver.app.screen, second.rect) == 0
        press(driver, pygame.K_DOWN)            # a key shows it again, where it was
        assert focused(driver).key is second.key
        assert ring_pixels(driver.app.screen, second.rect) > 50
    finally:
        driver.app.quit()


def test_every_menu_screen_opens_by_keys_and_esc_comes_back(keys, tmp_path):
    """Continue, Learn to play, Statistics (and its Finished games), Rules and Settings: each
    reached with the arrows, opened with Return, left with Esc; the volume slider and a
    drop-down change with ← →."""
    driver = keys
    driver.open_game("domino", ["human", "ai", "ai", "ai"], seed=3)     # a table to continue
    driver.run_until(lambda: driver.top().view.acting is not None)
    driver.app.show("menu", reset=True)
    menu = driver.top()
    for entry in ("continue", "learn", "statistics", "rules", "settings"):
        tab_to(driver, lambda key: menu.buttons.get(key) == entry)
        press(driver, pygame.K_RETURN)
        screen = driver.top()
        assert screen is not menu, entry
        assert focused(driver) is not None, f"nothing to focus on {type(screen).__name__}"
        if entry == "statistics":                       # Finished games, then back
            tab_to(driver, screen.history_button)
            press(driver, pygame.K_RETURN)
            assert driver.top() is not screen
            press(driver, pygame.K_ESCAPE)
            assert driver.top() is screen
        if entry == "settings":
            before = driver.app.settings["volume"]
            tab_to(driver, screen.volume)
            press(driver, pygame.K_LEFT)
            assert driver.app.settings["volume"] < before
        press(driver, pygame.K_ESCAPE)
        menu = driver.top()
        assert isinstance(menu, MenuScene), entry


def test_setup_drop_downs_and_name_by_keys(keys):
    """A chair turned from AI to human and back with ← →, a name typed into its field."""
    menu = keys.top()
    tab_to(keys, lambda key: menu.buttons.get(key) == "joker")
    press(keys, pygame.K_RETURN)
    setup = keys.top()
    tab_to(keys, setup.rows[1]["kind"])
    press(keys, pygame.K_LEFT)                          # AI → Human
    assert setup.seats[1].is_human
    tab_to(keys, setup.rows[1]["name"])
    for _ in range(20):
        press(keys, pygame.K_BACKSPACE)
    type_text(keys, "Eka")
    press(keys, pygame.K_RETURN)                        # leaves the field for the next stop
    assert not isinstance(focused(keys).key, type(setup.rows[1]["name"]))
    tab_to(keys, setup.rows[1]["kind"])
    press(keys, pygame.K_RIGHT)                         # Human → AI (the name is read)
    assert not setup.seats[1].is_human and setup.seats[1].name == "Eka"


def test_esc_on_a_deal_summary_pauses_and_comes_back(keys):
    """The pause rule: Esc over the table, the hand-off or a summary opens the pause menu;
    Esc again resumes, and the summary is there as it was."""
    from game.ui.dialogs import PauseScene

    table = keys.open_game("domino", ["ai", "ai", "ai", "ai"], seed=5)
    keys.run_until(lambda: table.ctl.phase is Phase.SUMMARY and keys.top() is table.dialog)
    summary = keys.top()
    deals = table.ctl.deals_played
    press(keys, pygame.K_ESCAPE)
    assert isinstance(keys.top(), PauseScene) and table.ctl.paused
    press(keys, pygame.K_ESCAPE)
    assert keys.top() is summary and not table.ctl.paused
    assert table.ctl.deals_played == deals
    press(keys, pygame.K_RETURN)                        # Next deal
    keys.frames(2)
    assert table.ctl.phase is not Phase.SUMMARY


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_focus_ring_is_seen_on_each_table(keys, game):
    """On the human's move the ring stands on the hand (or the bids) and is drawn there."""
    table = keys.open_game(game, ["human", "ai", "ai", "ai"], seed=3)
    keys.run_until(lambda: my_turn(keys))
    keys.frames(3)
    press(keys, pygame.K_RIGHT)
    target = focused(keys)
    assert target.group in ("hand", "panel")
    assert ring_pixels(keys.app.screen, target.rect) > 50


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_lesson_by_keyboard_alone(keys, game):
    """Learn to play → the game → every prompt (Return goes on) and every move the lesson asks
    for, made by keys → the deal's summary → the lesson's end → the menu."""
    from game.ui.guided.dialogs import LessonOverScene

    menu = keys.top()
    tab_to(keys, lambda key: menu.buttons.get(key) == "learn")
    press(keys, pygame.K_RETURN)
    choice = keys.top()
    tab_to(keys, lambda key: choice.games.get(key) == game)
    press(keys, pygame.K_RETURN)
    table = keys.top()
    for _ in range(3000):
        if keys.top() is not table:
            break
        if table.waiting_for_next and table.guide_shown():
            press(keys, pygame.K_RETURN)                # the guide's next prompt
        elif my_turn(keys):
            KEYS_FOR[game](keys, table, table.ctl.expected_move())
        else:
            keys.frames(1, 0.2)
    assert table.ctl.expected_move() is None, "every move of the lesson was made"
    assert focused(keys).key is keys.top().next
    press(keys, pygame.K_RETURN)                        # the summary: next
    keys.run_until(lambda: isinstance(keys.top(), LessonOverScene))
    tab_to(keys, keys.top().menu)
    press(keys, pygame.K_RETURN)
    assert isinstance(keys.top(), MenuScene)


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_hot_seat_hand_off_by_keys_and_no_hidden_hand_is_reachable(keys, game):
    """Two humans: the hand-off starts on Ready (Return shows the hand); while it is up no
    card or tile of the hidden hands is a focus target (D18)."""
    from game.ui.dialogs import HandoffScene

    table = keys.open_game(game, ["human", "human", "ai", "ai"], seed=4)
    keys.run_until(lambda: isinstance(keys.top(), HandoffScene) and keys.top().widgets)
    handoff = keys.top()
    assert table.play_targets() == [] and not table.view.hand_shown
    assert focused(keys).key is handoff.ready
    press(keys, pygame.K_l)                             # the log at any time: public moves only
    assert table.move_log.shown and keys.top() is handoff and not table.view.hand_shown
    press(keys, pygame.K_l)
    assert not table.move_log.shown
    press(keys, pygame.K_RETURN)
    keys.frames(2)
    assert keys.top() is table and table.view.hand_shown
    assert table.play_targets(), "the hand (or the bids) is reachable once it is shown"


def test_the_ring_leaves_the_menu_button_alone_while_the_ai_moves(ui):
    """After the player's move the AI seats play: nothing is focused then (a Return on Menu
    would pause the game), and the player's next turn brings the focus back to the hand."""
    from game.controller.seats import AI, HUMAN
    from game.controller.table_controller import Phase

    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=5)
    ui.run_until(lambda: scene.ctl.phase is Phase.BOT)
    assert ui.app.focus.focused(scene) is None
    ui.run_until(lambda: scene.ctl.phase is Phase.HUMAN
                 and not scene.timeline.holding(ui.app.now))
    ui.frames(2)
    focused = ui.app.focus.focused(scene)
    assert focused is not None and focused.key in {t.key for t in scene.play_targets()}


def test_joker_ring_reaches_only_the_cards_that_may_be_played(ui):
    """J8: holding the led suit, only its cards may follow; the ring's stops are exactly the
    legal cards (and a following joker's ▲ ▼ chips), whichever card it starts on."""
    from game.controller.seats import AI, HUMAN
    from game.controller.table_controller import Phase
    from game.joker.cards import JOKER_1

    scene = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=11)
    restricted = 0
    for _ in range(200):
        ui.run_until(lambda: scene.ctl.phase is Phase.SUMMARY or (
            scene.ctl.phase is Phase.HUMAN and ui.top() is scene
            and not scene.timeline.holding(ui.app.now)), dt=0.2)
        if scene.ctl.phase is Phase.SUMMARY:
            scene.ctl.acknowledge_summary(ui.app.now)
            continue
        ui.frames(2)
        playable = scene.playable_cards()
        if playable is not None:
            cards = {t.key[1] for t in scene.play_targets() if t.key[0] == "card"}
            assert cards == playable
            focused = ui.app.focus.focused(scene)
            assert focused.key[0] != "card" or focused.key[1] in playable
            restricted += len(playable) < len(scene.view.observation.hand)
            if restricted >= 3:
                return
        legal = scene.view.legal
        scene.attempt(next((a for a in legal if getattr(a, "card", 0) < JOKER_1), legal[0]))
    raise AssertionError("no turn where J8 held a card back")


def test_a_return_meant_for_the_moment_before_does_not_make_the_first_move(ui):
    """The Joker ace cutting ends with Return; a second Return at once (under the pace's
    0.3 s) must not bid: the bids wait until the player has seen them."""
    from game.controller.pace import SKIP_AFTER_S
    from game.controller.seats import AI, HUMAN
    from game.controller.table_controller import Phase

    scene = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=3)
    ui.run_until(lambda: scene.ctl.phase is Phase.HUMAN and ui.top() is scene
                 and not scene.timeline.holding(ui.app.now), dt=0.05)
    assert ui.app.focus.settling(scene), "the turn was seen at once"
    actions = len(scene.ctl.table.record["actions"])
    press(ui, pygame.K_RETURN)
    assert len(scene.ctl.table.record["actions"]) == actions
    ui.frames(int(SKIP_AFTER_S * 60) + 2)
    press(ui, pygame.K_RETURN)
    ui.frames(2)
    assert len(scene.ctl.table.record["actions"]) == actions + 1


def test_domino_ring_starts_on_the_move_the_prompt_names_and_follows_the_hint(ui):
    """D5: the first deal opens with the tile the prompt names: the ring starts on it; with
    nothing that fits, on Pass; H (the coach) picks its tile up and the ring goes to it, so
    Return lays what the coach advised. Between turns nothing is focused."""
    from game.controller.seats import AI, HUMAN
    from game.controller.table_controller import Phase
    from game.domino.actions import PASS, Play

    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=5, options={"assists": True})
    seen = set()
    for _ in range(400):
        ui.run_until(lambda: scene.ctl.phase in (Phase.SUMMARY, Phase.SHOWING, Phase.BOT)
                     or my_turn(ui), dt=0.1)
        if scene.ctl.phase is Phase.SUMMARY:
            scene.ctl.acknowledge_summary(ui.app.now)
            continue
        if scene.ctl.phase in (Phase.SHOWING, Phase.BOT):
            assert ui.app.focus.focused(scene) is None, "a key between turns reaches nothing"
            ui.frames(1, 0.1)
            continue
        legal = scene.view.legal
        ring = ui.app.focus.focused(scene)
        opening = [a for a in legal if isinstance(a, Play) and a.end is None]
        if legal == (PASS,):
            assert ring.key is scene.pass_button
            seen.add("pass")
        elif len(opening) == 1:
            assert ring.key == ("tile", opening[0].tile)
            seen.add("opening")
        elif "hint" not in seen and len(legal) > 1:
            press(ui, pygame.K_h)
            ui.run_until(lambda: scene.assists.advised is not None, dt=0.1)
            if isinstance(scene.assists.advised, Play):
                assert focused(ui).key == ("tile", scene.assists.advised.tile)
                seen.add("hint")
        if seen == {"pass", "opening", "hint"}:
            return
        scene.attempt(legal[0])
    raise AssertionError(f"only {seen} was seen")


def test_joker_hint_puts_the_ring_on_the_advised_bid(ui):
    from game.controller.seats import AI, HUMAN

    scene = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=3, options={"assists": True})
    ui.run_until(lambda: my_turn(ui) and scene.panels.buttons, dt=0.1)
    press(ui, pygame.K_h)
    ui.run_until(lambda: scene.assists.advised is not None, dt=0.1)
    ui.frames(2)
    advised = next(button for button, offered in scene.panels.buttons.items()
                   if offered == scene.assists.advised)
    assert focused(ui).key is advised


def test_joker_hint_puts_the_ring_on_the_advised_card_and_return_plays_it(ui):
    """H while cards are played: the ring goes to the coach's card (not only its blue mark),
    so that Return plays what the coach advised."""
    from game.controller.seats import AI, HUMAN
    from game.controller.table_controller import Phase
    from game.joker.actions import Play

    scene = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=3, options={"assists": True})
    for _ in range(120):
        ui.run_until(lambda: scene.ctl.phase is Phase.SUMMARY or (
            my_turn(ui) and not scene.timeline.holding(ui.app.now)), dt=0.1)
        if scene.ctl.phase is Phase.SUMMARY:       # the first deals hold a card or two
            scene.ctl.acknowledge_summary(ui.app.now)
            continue
        legal = scene.view.legal
        if scene.panels.buttons or len(legal) < 2:
            scene.attempt(legal[0])
            continue
        press(ui, pygame.K_h)
        ui.run_until(lambda: scene.assists.advised is not None, dt=0.1)
        advised = scene.assists.advised
        ui.frames(2)
        assert isinstance(advised, Play) and focused(ui).key == ("card", advised.card)
        if advised.joker is not None:               # a joker asks how it is played first
            scene.attempt(advised)
            continue
        actions = scene.ctl.table.record["actions"]
        count = len(actions)
        ui.frames(20, 0.05)                         # the moment settles before Return acts
        press(ui, pygame.K_RETURN)
        ui.run_until(lambda: len(actions) > count, dt=0.05)
        assert scene.ctl.table.definition.action_from_json(actions[count]) == advised
        return
    raise AssertionError("no card play with a choice was met")


def test_tienlen_hint_to_pass_rings_the_pass_button_and_return_passes(ui):
    """The coach advises passing: the Pass button is lit and ringed, so Return passes (the
    ring does not stay on a card, where Return would play the raised ones)."""
    from game.controller.seats import AI, HUMAN
    from game.tienlen.actions import PASS

    scene = ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=3)
    for _ in range(60):
        ui.run_until(lambda: my_turn(ui) and not scene.timeline.holding(ui.app.now), dt=0.1)
        if PASS in scene.view.legal:
            break
        scene.attempt(scene.view.legal[0])
    else:
        raise AssertionError("no turn where passing is allowed")
    scene.point_out(PASS)                            # what the coach's advice does (assists.py)
    ui.frames(2)
    assert focused(ui).key is scene.pass_button
    actions = scene.ctl.table.record["actions"]
    count = len(actions)
    press(ui, pygame.K_RETURN)
    ui.run_until(lambda: len(actions) > count, dt=0.05)
    assert scene.ctl.table.definition.action_from_json(actions[count]) == PASS


def test_domino_hint_for_a_tile_that_fits_both_ends_starts_the_ring_on_its_end(ui, monkeypatch):
    """D7: a tile fitting both ends is laid where the player chooses; after H, Return sends
    the ring to the end the coach advised (not always the left one). The coach here advises
    the right end of such a tile whenever there is one, so that the case comes surely."""
    from ai.coach import Advice, Coach
    from game.controller.seats import AI, HUMAN
    from game.controller.table_controller import Phase
    from game.domino.actions import RIGHT, Play

    def both_ends_right(observation, legal) -> Play | None:
        tiles = [a.tile for a in legal if isinstance(a, Play)]
        if observation.left == observation.right:
            return None
        return next((a for a in legal if isinstance(a, Play) and a.end == RIGHT
                     and tiles.count(a.tile) > 1), None)

    def advise(coach, observation, legal, budget_s):
        # (its words do not matter here: a reason with no figures to fill in)
        return Advice(both_ends_right(observation, legal) or legal[0], "domino.coach.pass")
    monkeypatch.setattr(Coach, "choose", advise)

    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=5, options={"assists": True})
    for _ in range(600):
        ui.run_until(lambda: scene.ctl.phase is Phase.SUMMARY or (
            my_turn(ui) and not scene.timeline.holding(ui.app.now)), dt=0.1)
        if scene.ctl.phase is Phase.SUMMARY:
            scene.ctl.acknowledge_summary(ui.app.now)
            continue
        view = scene.view
        if both_ends_right(view.observation, view.legal) is None:
            scene.attempt(view.legal[0])
            continue
        press(ui, pygame.K_h)
        ui.run_until(lambda: scene.assists.advised is not None, dt=0.1)
        advised = scene.assists.advised
        assert focused(ui).key == ("tile", advised.tile)      # picked up, ringed
        ui.frames(20, 0.05)
        press(ui, pygame.K_RETURN)                          # the tile is up: choose its end
        ui.frames(2)
        assert focused(ui).key == ("end", RIGHT)
        return
    raise AssertionError("no tile fitting both ends was met")


def test_a_slow_frame_does_not_let_an_early_return_through(ui):
    """Under load a frame may take longer than the settling time: a Return handled in the
    first frames of a new turn is still the last moment's."""
    from game.controller.seats import AI, HUMAN

    scene = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=3)
    ui.run_until(lambda: scene.view.acting is not None and ui.top() is scene
                 and not scene.timeline.holding(ui.app.now), dt=0.05)
    actions = len(scene.ctl.table.record["actions"])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    ui.frames(1, 1.0)                                   # one frame of a whole second
    assert len(scene.ctl.table.record["actions"]) == actions
def test_esc_closes_every_box_the_player_opens_over_a_table(keys):
    """One rule (Scene.back_on_escape): Esc closes the rules in force, the Joker score sheet
    and last trick, a led joker's question and the pause menu; the game goes on (or, for the
    joker's question, waits for the move as before)."""
    from game.ui.dialogs import PauseScene
    from game.ui.joker.dialogs import JokerLeadScene, LastTrickScene, ScoreSheetScene
    from game.ui.rules_in_force import RulesInForceScene

    table = keys.open_game("joker", ["human", "ai", "ai", "ai"], seed=5)
    keys.run_until(lambda: keys.top() is table)
    for opened in (RulesInForceScene, ScoreSheetScene, LastTrickScene, PauseScene):
        table.open_viewer(opened)
        assert isinstance(keys.top(), opened) and table.ctl.paused, opened.__name__
        press(keys, pygame.K_ESCAPE)
        assert keys.top() is table and not table.ctl.paused, opened.__name__
    table.open_joker_lead(JOKER_1)
    assert isinstance(keys.top(), JokerLeadScene)
    press(keys, pygame.K_ESCAPE)
    assert keys.top() is table and table.dialog is None


def test_esc_on_the_leave_question_stays_at_the_table(keys):
    """T16's question (leaving costs the game): Esc is Stay, as its focused button is."""
    from game.ui.tienlen.dialogs import LeaveGameScene

    table = keys.open_game("tienlen", ["human", "ai", "ai", "ai"], seed=5)
    keys.run_until(lambda: keys.top() is table)
    keys.app.stack.push(LeaveGameScene(keys.app, table, 0))
    keys.frames(1)
    press(keys, pygame.K_ESCAPE)
    assert keys.top() is table
    assert not [action for action in table.ctl.table.record["actions"]
                if action.get("player") == 0 and action.get("type") == "leave"]