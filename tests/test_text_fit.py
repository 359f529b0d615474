"""Text always fits: every screen in the four languages at 800×600, 1280×720,
1920×1080 and 2560×1440 (tests/text_fit.py says what is checked)."""

from __future__ import annotations

import pytest

from game.controller.seats import AI, HUMAN
from game.ui.dialogs import HandoffScene
from game.ui.i18n import set_language, t
from text_fit import LANGUAGES, check_everywhere, misfits


def fits(found: list[str]) -> None:
    assert not found, f"{len(found)} texts do not fit:\n" + "\n".join(found[:40])


def test_the_menu_settings_and_rules_fit(ui):
    found = check_everywhere(ui, "menu")
    ui.app.show("settings")
    found += check_everywhere(ui, "settings")
    ui.app.stack.pop()
    # the rules guide's page, at its top, its middle and its end (every line wholly in view is
    # drawn text: it must keep inside the page, clear of the buttons and of the other lines)
    for game in ("domino", "tienlen", "joker"):
        rules = ui.app.show("rules", game)
        for where in (0.0, 0.5, 1.0):
            found += check_everywhere(ui, f"rules {game} at {where:.0%}",
                                      prepare=lambda: rules.scroll_to_fraction(where))
        ui.app.stack.pop()
    fits(found)


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_setup_screens_fit(ui, game):
    ui.app.show("setup", game)
    fits(check_everywhere(ui, f"setup {game}"))


def test_the_saved_tables_list_and_its_question_fit(ui):
    for game in ("domino", "tienlen", "joker"):
        ui.open_game(game, [HUMAN, AI, AI, AI], seed=3)
        ui.run_until(lambda: ui.top().view.acting is not None)
        ui.app.show("menu", reset=True)
    ui.app.show("saves")
    found = check_everywhere(ui, "saves")
    saves = ui.top()
    saved = saves.tables[0]
    saves.ask_to_delete(saved)
    found += check_everywhere(ui, "delete question")
    fits(found)


def test_the_statistics_and_history_screens_fit(ui):
    """The Statistics, History and profile screens, over a history with a game of each kind
    (mixed opponents' levels)."""
    from game.controller.seats import SeatConfig
    from history_helpers import play_game

    history = ui.app.history
    me = history.profiles()[0]
    for game, seed in (("domino", 5), ("joker", 8), ("tienlen", 5)):
        play_game(game, seed, history=history, human=SeatConfig(me.name, HUMAN, profile=me.id),
                  levels=(None, "easy", "hard", "hard"))
    assert history.flush() and not history.failures
    found = []
    for game in ("domino", "tienlen", "joker"):
        ui.app.show("statistics", game)
        found += check_everywhere(ui, f"statistics {game}")
        ui.app.stack.pop()
    ui.app.show("history")
    found += check_everywhere(ui, "history")
    fits(found)


# --- the tables -----------------------------------------------------------------------------

def table(ui):
    return next(scene for scene in ui.app.stack.scenes if hasattr(scene, "ctl"))


def play_for_humans(ui, until) -> None:
    """Run the table until `until()`: the human seats play their first legal move, and say
    they are at the screen when a hand-off asks."""
    def done():
        if until():
            return True
        scene, top = table(ui), ui.top()
        if isinstance(top, HandoffScene):
            scene.ctl.confirm_handoff(ui.now)
        elif top is scene and scene.view.acting is not None:
            scene.attempt(scene.view.legal[0])
        return False
    ui.run_until(done)


def human_to_act(ui) -> bool:
    scene = table(ui)
    return scene is ui.top() and scene.view.acting is not None


def summary_up(ui) -> bool:
    top = ui.top()
    return top is not table(ui) and getattr(top, "view_table", None) is not None


def pause_and_summary(ui, name: str) -> list[str]:
    """The pause menu, then the deal's summary."""
    scene = table(ui)
    scene.open_pause()
    found = check_everywhere(ui, f"{name} pause")
    ui.top().resume()
    play_for_humans(ui, lambda: summary_up(ui))
    return found + check_everywhere(ui, f"{name} summary")


def test_the_domino_table_fits(ui):
    from game.ui.domino.dialogs import MatchOverScene

    ui.open_game("domino", [HUMAN, AI, AI, AI], seed=5)
    ui.run_until(lambda: human_to_act(ui))
    scene = table(ui)
    scene.selected = scene.view.observation.hand[0]
    found = check_everywhere(ui, "domino table")
    found += pause_and_summary(ui, "domino")
    ui.app.stack.push(MatchOverScene(ui.app, scene))
    found += check_everywhere(ui, "domino match over")
    fits(found)


def test_the_tienlen_table_fits(ui):
    from game.ui.tienlen.dialogs import LeaveGameScene, SessionOverScene

    ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=8)
    ui.run_until(lambda: human_to_act(ui))
    scene = table(ui)
    longest = max(scene.view.legal, key=lambda action: len(getattr(action, "cards", ())))
    select = lambda: scene.fan.select_exactly(longest.cards)     # noqa: E731
    select()
    found = check_everywhere(ui, "tienlen table", prepare=select)
    ui.app.stack.push(LeaveGameScene(ui.app, scene, 0))
    found += check_everywhere(ui, "tienlen leave")
    ui.app.stack.pop()
    found += pause_and_summary(ui, "tienlen")
    ui.app.stack.push(SessionOverScene(ui.app, scene))
    found += check_everywhere(ui, "tienlen session over")
    fits(found)


def test_the_joker_table_fits(ui):
    from game.joker.cards import JOKER_1
    from game.ui.joker.dialogs import (JokerLeadScene, LastTrickScene, MatchOverScene,
                                       ScoreSheetScene)

    ui.open_game("joker", [HUMAN, HUMAN, AI, AI], seed=2, options={"game_type": "nines"})
    ui.run_until(lambda: ui.top() is not table(ui))
    found = check_everywhere(ui, "joker hand-off")
    scene = table(ui)
    scene.ctl.confirm_handoff(ui.now)
    play_for_humans(ui, lambda: human_to_act(ui) and scene.panels.key is not None)
    found += check_everywhere(ui, f"joker {scene.panels.key[0]} panel")
    for dialog in (JokerLeadScene(ui.app, scene, JOKER_1), ScoreSheetScene(ui.app, scene),
                   LastTrickScene(ui.app, scene), MatchOverScene(ui.app, scene)):
        ui.app.stack.push(dialog)
        found += check_everywhere(ui, f"joker {type(dialog).__name__}")
        ui.app.stack.pop()
    found += pause_and_summary(ui, "joker")
    fits(found)


# --- the house rules --------------------------------------------------------------------------

#: a preset with house rules for each game (variants.md "Presets")
HOUSE_PRESETS = {"domino": "ldi_pairs", "tienlen": "truyen_thong", "joker": "online_room"}


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_house_rules_panel_fits(ui, game):
    setup = ui.app.show("setup", game)
    spec = setup.spec
    setup.chosen.update(spec.preset_values(HOUSE_PRESETS[game]))
    found = check_everywhere(ui, f"setup {game} {HOUSE_PRESETS[game]}")
    for rule in spec.rules():                   # every rule on its longest choice
        setup.chosen[rule.key] = max(rule.values, key=lambda v: len(
            t(rule.choice_key(game, v))))
    ui.app.show("house_rules", setup)
    found += check_everywhere(ui, f"house rules {game}")
    fits(found)


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_table_with_house_rules_fits(ui, game):
    from game.ui.games import GAMES
    from game.ui.rules_in_force import RulesInForceScene

    options = GAMES[game].preset_values(HOUSE_PRESETS[game])
    ui.open_game(game, [HUMAN, AI, AI, AI], seed=4, options=options)
    ui.run_until(lambda: human_to_act(ui) or ui.top() is not table(ui))
    found = check_everywhere(ui, f"{game} table with house rules")
    ui.app.stack.push(RulesInForceScene(ui.app, table(ui)))
    found += check_everywhere(ui, f"{game} rules in force")
    ui.app.stack.pop()
    # the summary under the house rules: places (V-T1), team sums (V-D3, V-J4)
    play_for_humans(ui, lambda: summary_up(ui))
    found += check_everywhere(ui, f"{game} summary with house rules")
    fits(found)


# --- the guided first games -------------------------------------------------------------------

@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_guided_tables_fit(ui, game):
    """The guide over the table: a prompt that waits for Next, then the first move's prompt,
    then the lesson's end."""
    from game.ui.guided.dialogs import LessonOverScene

    ui.app.show("menu", reset=True)
    scene = ui.app.show("lesson", game)
    ui.frames(2)
    found = check_everywhere(ui, f"guided {game} welcome")
    scene.next_prompt()
    ui.run_until(lambda: scene.view.acting is not None)
    found += check_everywhere(ui, f"guided {game} first move")
    ui.app.stack.push(LessonOverScene(ui.app, scene))
    found += check_everywhere(ui, f"guided {game} over")
    fits(found)


def test_the_lesson_choice_and_the_first_start_offer_fit(ui):
    ui.app.show("lessons", True)
    found = check_everywhere(ui, "first start offer")
    ui.app.stack.pop()
    ui.app.show("lessons")
    found += check_everywhere(ui, "learn to play")
    fits(found)


# --- the Review screen ------------------------------------------------------------------------

@pytest.mark.parametrize("game, case", [("domino", "domino_skip_apollo"),
                                        ("tienlen", "tienlen_pass_out"),
                                        ("joker", "joker_overtake")])
def test_the_review_screen_fits(ui, game, case):
    """On a planted mistake (tests/data/review): the table with every hand open, the moves,
    and the mistake's judgement with its line why."""
    import json
    from pathlib import Path

    from game.controller.review import ReviewSearch

    ui.app.review_search = ReviewSearch(worlds=12)
    record = json.loads((Path(__file__).parent / "data" / "review" / f"{case}.json")
                        .read_text(encoding="utf-8"))
    scene = ui.app.show("review", record)
    assert scene.job.wait(120)
    ui.frames(2)
    scene.go_to(len(scene.positions) - 2)          # the planted mistake, the deal's last move
    assert scene.result(scene.position)["mistake"]
    fits(check_everywhere(ui, f"review {game}"))


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_side_seat_thinking_fits(ui, game, language):
    """The "… is thinking" cue under the left seat stays inside the window (at 1024×768 the
    domino cue began off the window's edge: "wi sedang berpikir…"). Checked as it shows: a
    new layout would let the bot answer."""
    from game.controller.table_controller import Phase

    ui.app.resize((1024, 768))
    ui.app.settings["language"] = language
    set_language(language)
    ui.open_game(game, [HUMAN, AI, AI, AI], seed=3)
    scene = table(ui)
    play_for_humans(ui, lambda: scene.ctl.phase is Phase.BOT
                    and scene.view.to_move == scene.ctl.table.state.num_players - 1)
    fits(misfits(ui.app))
