"""A guided first game of each game. The lessons' scripts are legal and hold
the moments they teach; each guided table plays to the end headless, clicked as its prompts
ask, with the prompts shown in order; Skip leaves; nothing is saved or recorded; the first
start offers the lessons once."""

from __future__ import annotations

import json

import pytest

from game.domino.actions import Apollo, DealEnded
from game.domino.actions import Passed as DominoPassed
from game.domino.tiles import tile_from_text
from game.joker.actions import Bid, ChooseTrump, JokerMode
from game.joker.cards import JOKER_1
from game.lessons import HUMAN_SEAT, LessonProgress, check_lesson, lesson_for, lesson_games
from game.tienlen.actions import CardsPlayed, Chopped, GameOver, PASS
from game.tienlen.cards import parse as card_from_text

# --- the scripts ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", lesson_games())
def test_every_scripted_move_is_legal_and_the_deal_ends_with_the_script(game):
    check_lesson(lesson_for(game))      # raises on an illegal move or a deal left unfinished


@pytest.mark.parametrize("game", lesson_games())
def test_the_prompts_come_in_the_scripts_order_and_have_words(game):
    from game.ui.i18n import strings

    lesson = lesson_for(game)
    moments = [prompt.at for prompt in lesson.prompts]
    assert moments == sorted(moments)
    english = strings("en")
    assert all(prompt.key in english for prompt in lesson.prompts)
    assert f"{game}.lesson.done" in english


def test_the_tienlen_lesson_opens_with_the_three_of_spades_and_the_human_chops_a_two():
    events = check_lesson(lesson_for("tienlen"))
    first = events[0][0]
    assert isinstance(first, CardsPlayed) and first.player == HUMAN_SEAT
    assert card_from_text("3S") in first.cards
    chops = [e for move in events for e in move if isinstance(e, Chopped)]
    assert [chop.chopper for chop in chops] == [HUMAN_SEAT]
    beaten = [e for move in events for e in move if isinstance(e, CardsPlayed)]
    assert any(play.cards == (card_from_text("2S"),) for play in beaten)   # a 2 was chopped
    over = next(e for e in events[-1] if isinstance(e, GameOver))
    assert over.winner == HUMAN_SEAT


def test_the_domino_lesson_opens_with_six_six_has_a_pass_and_ends_in_the_humans_apollo():
    lesson = lesson_for("domino")
    events = check_lesson(lesson)
    assert lesson.moves[0] == {"type": "play", "tile": "6-6"}
    assert tile_from_text("6-6") in [tile_from_text(text) for text in lesson.deal["hands"][0]]
    passes = [e for move in events for e in move if isinstance(e, DominoPassed)]
    assert passes and all(p.player != HUMAN_SEAT for p in passes)
    result = next(e for e in events[-1] if isinstance(e, DealEnded)).result
    assert result.outcome == "apollo" and result.winners == (HUMAN_SEAT,)
    assert result.points[HUMAN_SEAT] == 6


def test_the_joker_lesson_has_a_bid_following_suit_and_a_joker_high_and_under():
    lesson = lesson_for("joker")
    table = lesson.table(["A", "B", "C", "D"])
    table.deal_next()
    moves = lesson.actions(table)
    seen = {"bid": False, "followed": False, "high": False, "under": False}
    for move in moves:
        state = table.state
        mine = state.current_player() == HUMAN_SEAT
        trick = state.observation(HUMAN_SEAT).current_trick
        if mine and isinstance(move, Bid):
            seen["bid"] = True
        elif mine and not isinstance(move, ChooseTrump) and trick:
            led = trick[0].card
            if move.card >= JOKER_1:
                seen["high" if move.joker is JokerMode.HIGH else "under"] = True
            elif led < JOKER_1 and move.card // 9 == led // 9:
                seen["followed"] = True
        table.apply(move)
    assert all(seen.values()), seen
    result = table.state.observation(HUMAN_SEAT).sheet[-1]
    assert result.bids[HUMAN_SEAT] == result.tricks[HUMAN_SEAT]       # the bid made exactly


def test_a_prompt_that_waits_for_next_holds_only_its_own_moment():
    progress = LessonProgress(lesson_for("tienlen"))
    assert progress.waiting(0) and progress.current(0).key == "tienlen.lesson.welcome"
    progress.acknowledge(0)
    assert not progress.waiting(0) and progress.current(0).key == "tienlen.lesson.open"
    assert progress.waiting(2) and not progress.waiting(3)   # a later moment is not held


# --- the window -----------------------------------------------------------------------------


def open_lesson(ui, game: str):
    ui.app.show("menu", reset=True)
    ui.press(next(b for b, key in ui.top().buttons.items() if key == "learn"))
    choice = ui.top()
    ui.press(next(b for b, g in choice.games.items() if g == game))
    return ui.top()


def click_card(ui, rect, button: int = 1) -> None:
    """A card of an overlapping fan: its left edge is the part that shows."""
    ui.click((rect.x + rect.width // 8, rect.centery), button)


def make_the_move(ui, scene, move) -> None:
    """The lesson's move, made as a player makes it: clicks on the hand and the buttons."""
    game = scene.ctl.game
    if game == "domino":
        if isinstance(move, Apollo):
            ui.press(scene.apollo_button)
        else:
            rect = dict(scene.hand_rects)[move.tile]
            ui.click(rect.center)
            ui.click(dict(scene.hand_rects)[move.tile].center)   # the second click lays it
    elif game == "tienlen":
        for card in move.cards:
            click_card(ui, scene.fan.rects[scene.fan.cards.index(card)])
        assert scene.fan.selection == move.cards
        ui.press(scene.play_button)
    elif isinstance(move, (Bid, ChooseTrump)):
        ui.press(next(b for b, action in scene.panels.buttons.items() if action == move))
    else:
        rect = dict(scene.hand_rects)[move.card]
        click_card(ui, rect, 3 if move.joker is JokerMode.UNDER else 1)


def play_lesson(ui, scene) -> list[str]:
    """Click through the lesson to its end dialog; returns the prompts in the order shown."""
    shown: list[str] = []

    def step() -> bool:
        if ui.top() is not scene:
            return True
        prompt = scene.progress.current(scene.ctl.moves_made)
        if prompt is not None and (not shown or shown[-1] != prompt.key):
            shown.append(prompt.key)
        if scene.waiting_for_next and scene.next_button.visible:
            ui.press(scene.next_button)
        elif scene.view.acting is not None:
            made = scene.ctl.moves_made
            make_the_move(ui, scene, scene.ctl.expected_move())
            assert scene.ctl.moves_made == made + 1, "the click did not make the move"
        return False

    ui.run_until(step)
    return shown


@pytest.mark.parametrize("game", lesson_games())
def test_a_guided_game_plays_to_the_end_as_its_prompts_ask(ui, game):
    from game.ui.guided.guide import GuidedTable
    from game.ui.guided.dialogs import LessonOverScene
    from game.ui.menu import MenuScene

    recorded = []
    ui.app.history.record = lambda *args, **kwargs: recorded.append(args)
    scene = open_lesson(ui, game)
    assert isinstance(scene, GuidedTable)
    assert scene.assists.hint_button is None and scene.assists.undo_button is None, "the guide says each move"
    shown = play_lesson(ui, scene)
    assert shown == [prompt.key for prompt in lesson_for(game).prompts]
    assert scene.ctl.moves_made == len(lesson_for(game).moves)
    assert not scene.skip_button.visible, "the lesson is over: nothing left to skip"
    summary = ui.top()                      # the deal's summary, as in a real game
    ui.press(summary.next)
    ui.run_until(lambda: isinstance(ui.top(), LessonOverScene))
    assert ui.app.saves.count() == 0        # never saved over a real table
    ui.press(ui.top().menu)
    assert isinstance(ui.top(), MenuScene)
    assert not recorded                     # practice: not in the history


def test_the_trick_the_joker_guide_talks_about_stays_on_the_table_until_next(ui):
    scene = open_lesson(ui, "joker")
    talks_about_the_trick = next(p.at for p in lesson_for("joker").prompts
                                 if p.key == "joker.lesson.trick_taken")

    def at_that_prompt() -> bool:
        if scene.waiting_for_next and scene.ctl.moves_made < talks_about_the_trick:
            ui.press(scene.next_button)
        elif scene.view.acting is not None:
            make_the_move(ui, scene, scene.ctl.expected_move())
        return scene.ctl.moves_made == talks_about_the_trick and scene.waiting_for_next

    ui.run_until(at_that_prompt)
    ui.frames(100, 0.1)                              # ten seconds of reading
    pickup = scene.timeline.first("pickup")
    assert pickup is not None, "the trick is still on the table"
    # still in its showing (its banner up), not being gathered
    assert ui.now - pickup.start < pickup.data.show_s
    assert scene.ctl.moves_made == talks_about_the_trick
    ui.press(scene.next_button)
    ui.run_until(lambda: scene.timeline.first("pickup") is None, within_s=5)


def test_another_move_than_the_lessons_is_refused_and_changes_nothing(ui):
    scene = open_lesson(ui, "tienlen")
    ui.press(scene.next_button)              # past the welcome
    ui.run_until(lambda: scene.view.acting is not None)
    for text in ("3S", "4S", "5C", "6S"):    # a legal straight, but the lesson asks for 3♠
        click_card(ui, scene.fan.rects[scene.fan.cards.index(card_from_text(text))])
    ui.press(scene.play_button)
    assert scene.ctl.moves_made == 0
    assert scene.note is not None and "lesson" in scene.note[0]
    with pytest.raises(Exception) as refused:
        scene.ctl.human_action(PASS, ui.now)
    assert getattr(refused.value, "code", None) == "not_the_lesson_move"


def test_skip_leaves_the_lesson_for_the_menu(ui):
    from game.ui.menu import MenuScene

    scene = open_lesson(ui, "domino")
    ui.press(scene.skip_button)
    assert isinstance(ui.top(), MenuScene)
    assert ui.app.saves.count() == 0


def test_the_first_start_offers_a_guided_game_once(tmp_path):
    from ui_driver import DESKTOP

    from game.controller.table_controller import InlineBotRunner
    from game.ui.app import App
    from game.ui.guided.dialogs import LessonChoiceScene
    from game.ui.menu import MenuScene

    app = App((1280, 720), data_dir=tmp_path, bot_runner=InlineBotRunner, desktop=DESKTOP,
              offer_lessons=True)
    offer = app.stack.top
    assert isinstance(offer, LessonChoiceScene) and offer.first_start
    offer.on_button(offer.close)            # No thanks
    assert isinstance(app.stack.top, MenuScene)
    app.quit()
    assert json.loads((tmp_path / "settings.json").read_text())["guided_offered"] is True
    again = App((1280, 720), data_dir=tmp_path, bot_runner=InlineBotRunner, desktop=DESKTOP,
                offer_lessons=True)
    assert isinstance(again.stack.top, MenuScene)
    again.quit()


@pytest.mark.parametrize("game", lesson_games())
def test_every_prompt_fits_its_guide_panel_at_every_size_and_in_every_language(ui, game):
    from game.ui.i18n import set_language, t
    from game.ui.guided.guide import guide_panel
    from text_fit import LANGUAGES, SIZES

    scene = open_lesson(ui, game)
    names = dict(you="Player", p1="Giorgi", p2="Tamar", p3="Levan")
    too_long = []
    for size in SIZES:
        ui.app.resize(size)
        for language in LANGUAGES:
            set_language(language)
            for prompt in lesson_for(game).prompts:
                if not guide_panel(scene.guide_rect(), t(prompt.key, **names)).fits:
                    too_long.append(f"{size} {language} {prompt.key}")
    set_language("en")
    assert not too_long, too_long


def test_a_lesson_s_pause_menu_leaves_without_promising_a_save(ui):
    """Play-tested: the lesson's pause menu said "Save and leave to the menu", yet a lesson is
    never saved. It says "Leave to the menu" there; a table with a save says it saves."""
    from game.controller.seats import AI, HUMAN

    scene = open_lesson(ui, "joker")
    scene.open_pause()
    assert [b.text for b in ui.top().buttons][-1] == "Leave to the menu"
    ui.top().resume()
    ui.open_game("joker", [HUMAN, AI, AI, AI], seed=1)
    ui.top().open_pause()
    assert [b.text for b in ui.top().buttons][-1] == "Save and leave to the menu"
