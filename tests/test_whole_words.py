"""Whole words and clear places at 800×600 and 2560×1440: a seat's "… is thinking" cue, the
domino header and pairs scoreboard, the house rules line (clear of the top seat, in view at a
hand-off, above the ace cutting), the lesson's guide free of bubbles, raised cards clear of the
avatar, the Joker seat labels and joker chips in Georgian, the saved tables' lines, the rules in
force, the House rules panel and Review's move list. "Cut" means shortened with "…" to fit
(tests/text_fit.py `cut_words`)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.controller.seats import AI, HUMAN
from game.controller.table_controller import Phase
from game.ui.dialogs import HandoffScene
from game.ui.games import GAMES
from game.ui.i18n import set_language, t
from game.ui.resources import font
from text_fit import LANGUAGES, cut_everywhere, cut_words, misfits

SIZES = [(800, 600), (2560, 1440)]


def table(ui):
    return next(scene for scene in ui.app.stack.scenes if hasattr(scene, "ctl"))


def each_look(ui, check) -> list[str]:
    """`check()` at both sizes in the four languages, without letting time pass (a bot would
    answer, a hold would end): what it found, prefixed with where."""
    found = []
    for size in SIZES:
        ui.app.resize(size)
        for language in LANGUAGES:
            ui.app.settings["language"] = language
            set_language(language)
            ui.app.lay_out_again()
            found += [f"{size[0]}×{size[1]} {language}: {problem}" for problem in check()]
    set_language("en")
    return found


def play_for_humans(ui, until) -> None:
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


# --- cut words -------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_side_seats_thinking_cue_is_whole(ui, game):
    """"Bình đang suy n…" was cut beside the side seat: now whole, on two lines if need be."""
    ui.open_game(game, [HUMAN, AI, AI, AI], seed=3)
    scene = table(ui)
    players = scene.ctl.table.state.num_players
    play_for_humans(ui, lambda: scene.ctl.phase is Phase.BOT
                    and scene.view.to_move == players - 1)
    name = scene.names[players - 1]

    def check():
        problems = cut_words(ui.app) + misfits(ui.app)
        from game.ui.drawn import recording
        with recording() as drawn:
            scene.draw(ui.app.screen)
        shown = " ".join(text for _, text in drawn.texts).split()
        missing = [word for word in t("table.thinking", name=name).split() if word not in shown]
        return problems + ([f"the cue misses {missing}"] if missing else [])
    found = each_look(ui, check)
    assert not found, "\n".join(found[:20])


def test_the_domino_pairs_header_and_scoreboard(ui):
    """At 800×600 the pairs scoreboard covered the right seat's avatar and the header was cut."""
    ui.open_game("domino", [HUMAN, AI, AI, AI], seed=4,
                 options=GAMES["domino"].preset_values("ldi_pairs"))
    ui.run_until(lambda: table(ui).view.acting is not None and ui.top() is table(ui))
    scene = table(ui)
    right = next(p for p in range(4) if scene.side_of(p) == "right")

    def check():
        scene.draw(ui.app.screen)
        covered = scene.avatar_rects[right].colliderect(scene.layout.score)
        return cut_words(ui.app) + (["the scoreboard covers the right seat's avatar"]
                                    if covered else [])
    found = each_look(ui, check)
    assert not found, "\n".join(found[:20])


def test_the_saved_tables_lines_are_whole(ui):
    for game in ("domino", "tienlen", "joker"):
        ui.open_game(game, [HUMAN, AI, AI, AI], seed=3)
        ui.run_until(lambda: ui.top().view.acting is not None)
        ui.app.show("menu", reset=True)
    saves = ui.app.show("saves")

    def check():
        lines = [line for _, _, (title, players, played) in saves.rows
                 for line in (title, *players.split("\n"), played)]
        assert len(saves.rows) == 3
        return [f"{line!r} is cut short" for line in lines if line.endswith("…")]
    found = each_look(ui, check)
    assert not found, "\n".join(found[:20])


def test_the_statistics_game_filter_and_empty_note_are_whole(ui):
    """A game's name on the filter button takes its short form when the whole one is too wide
    ("Tiến Lên" for "Tiến Lên Miền Nam" at 800×600), and the note of no games wraps."""
    screen = ui.app.show("statistics")

    def check():
        found = cut_words(ui.app)
        for _ in range(3):                          # every game on the filter
            screen.turn_filter(1)
            found += [f"{screen.game}: {label.text!r} is cut short"
                      for label in screen.filters if label.text.endswith("…")]
            found += cut_words(ui.app)
        return found
    found = each_look(ui, check)
    assert not found, "\n".join(found[:20])


def longest_choices(game: str) -> dict:
    return {rule.key: max(rule.values, key=lambda v: len(t(rule.choice_key(game, v))))
            for rule in GAMES[game].rules()}


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_house_rules_panel_and_the_rules_in_force_are_whole(ui, game):
    """Every rule on its longest choice (the words depend on the language: the longest is
    taken in each)."""
    setup = ui.app.show("setup", game)

    def choose_longest():
        setup.chosen.update(longest_choices(game))
    ui.app.show("house_rules", setup)
    found = cut_everywhere(ui, f"house rules {game}", prepare=choose_longest)
    ui.app.show("menu", reset=True)
    options = {**GAMES[game].defaults(), **longest_choices(game)}
    if game == "joker":
        options.update(khishti=-400, trump_beats_high_joker_lead=True, partnership=True)
    ui.open_game(game, [HUMAN, AI, AI, AI], seed=4, options=options)
    ui.frames(3)
    table(ui).open_rules_in_force()
    found += cut_everywhere(ui, f"rules in force {game}")
    assert not found, "\n".join(found[:20])


def test_reviews_move_list_is_whole(ui):
    """Every row of a deal's moves, in each language, at 800×600 (the narrowest list)."""
    from game.controller.review import ReviewSearch

    ui.app.review_search = ReviewSearch(worlds=4)
    record = json.loads((Path(__file__).parent / "data" / "review" / "domino_skip_apollo.json")
                        .read_text(encoding="utf-8"))
    scene = ui.app.show("review", record)
    assert scene.job.wait(120)
    ui.app.resize((800, 600))
    found = []
    for language in LANGUAGES:
        set_language(language)
        ui.app.lay_out_again()
        for step in range(len(scene.positions)):
            scene.go_to(step)
            found += [f"{language} move {step}: {cut}" for cut in cut_words(ui.app)]
    set_language("en")
    assert not found, "\n".join(found[:20])


# --- clear places ----------------------------------------------------------------------------

def test_the_house_rules_line_stays_in_view_at_a_hand_off(ui):
    """The hand-off box hid the table's house rules line: it has its own, which opens the list,
    and the box comes back when the list closes."""
    from game.ui.rules_in_force import RulesInForceScene

    ui.open_game("domino", [HUMAN, HUMAN, AI, AI], seed=4,
                 options=GAMES["domino"].preset_values("ldi_pairs"))
    ui.run_until(lambda: isinstance(ui.top(), HandoffScene))
    handoff = ui.top()
    assert handoff.rules_button is not None and handoff.rules_button.visible
    assert not handoff.rules_button.rect.colliderect(handoff.panel())
    ui.press(handoff.rules_button)
    assert isinstance(ui.top(), RulesInForceScene)
    ui.press(ui.top().close_button)
    assert ui.top() is handoff


def test_the_joker_house_rules_line_clears_the_top_seat_and_the_ace_cutting(ui):
    """Pairs and a −400 khishti at 800×600: the line lay over the top seat's avatar and over
    the ace cutting's title."""
    from game.ui.drawn import recording

    ui.app.resize((800, 600))
    ui.open_game("joker", [HUMAN, AI, AI, AI], seed=4,
                 options={"partnership": True, "khishti": -400})
    scene = table(ui)
    ui.frames(2, 0.1)
    assert scene.timeline.first("cut") is not None, "the ace cutting is shown first"

    def cut_clear():
        with recording() as drawn:
            scene.draw(ui.app.screen)
        line = scene.rules_button.rect
        return [f"the line lies over {text!r}" for rect, text in drawn.texts
                if rect.colliderect(line)]
    found = each_look(ui, cut_clear)
    ui.run_until(lambda: scene.view.acting is not None and ui.top() is scene)
    top = next(p for p in range(4) if scene.side_of(p) == "top")

    def seat_clear():
        scene.draw(ui.app.screen)
        ui.frames(1, 0.0)
        return (["the line lies over the top seat's avatar"]
                if scene.rules_button.rect.colliderect(scene.avatar_rects[top]) else [])
    found += each_look(ui, seat_clear)
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_bubbles_stay_off_the_lesson_guide(ui, game, monkeypatch):
    import game.ui.table_renderer as table_renderer

    drawn = []
    original = table_renderer.draw_bubble
    monkeypatch.setattr(table_renderer, "draw_bubble",
                        lambda *args, **kwargs: drawn.append(original(*args, **kwargs))
                        or drawn[-1])
    scene = ui.app.show("lesson", game)
    ui.frames(2)
    scene.next_prompt()
    ui.run_until(lambda: scene.view.acting is not None)
    for seat in range(scene.ctl.table.state.num_players):
        scene.marks[seat] = (t("tienlen.passed_tag"), (240, 240, 230))

    def check():
        drawn.clear()
        scene.draw(ui.app.screen)
        guide = scene.panel().rect
        assert drawn, "the seats' marks are drawn"
        return [f"a bubble at {rect} lies over the guide {guide}" for rect in drawn
                if rect.colliderect(guide)]
    found = each_look(ui, check)
    assert not found, "\n".join(found[:20])


def test_raised_cards_clear_the_bottom_avatar(ui):
    from game.ui.scaling import px

    GAP = 4                 # design pixels at least between a raised card and the avatar
    ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=8)
    ui.run_until(lambda: table(ui).view.acting is not None and ui.top() is table(ui))
    scene = table(ui)
    longest = max(scene.view.legal, key=lambda action: len(getattr(action, "cards", ())))

    def check():
        scene.fan.select_exactly(longest.cards)
        scene.draw(ui.app.screen)
        avatar = scene.avatar_rects[scene.view.seat]
        raised = [scene.fan.drawn_rect(i) for i in range(len(scene.fan.cards))
                  if scene.fan.cards[i] in scene.fan.selected]
        assert raised
        # above the raised cards' tops: a card raised beside the avatar never reaches it
        return [f"the raised card {rect} comes within {px(GAP)} px of the avatar {avatar}"
                for rect in raised if rect.top < avatar.bottom + px(GAP)]
    found = each_look(ui, check)
    assert not found, "\n".join(found[:20])


def test_joker_chips_hold_their_words():
    """"▼ ქვევიდან" spilled out of its chip."""
    from game.joker.cards import JOKER_1
    from game.ui.joker.renderer import CHIP_TEXT, joker_chips
    from game.ui.scaling import px

    pygame.init()
    for language in LANGUAGES:
        set_language(language)
        for chip, _, words in joker_chips(JOKER_1, pygame.Rect(300, 450, 60, 90)):
            assert font(CHIP_TEXT, True).get_rect(words).width <= chip.width - px(8), words
    set_language("en")


def test_the_joker_dealer_label_is_whole_beside_the_hand_off(ui):
    """Two humans at 800×600 in Georgian: "Nino · დამრიგებელი" was cut, under the box."""
    ui.open_game("joker", [HUMAN, HUMAN, AI, AI], seed=4,
                 options=GAMES["joker"].preset_values("online_room"))
    ui.run_until(lambda: isinstance(ui.top(), HandoffScene))
    scene = table(ui)
    bottom = next(p for p in range(4) if scene.side_of(p) == "bottom")
    assert scene.ctl.table.state.dealer == bottom, "the seed deals from the bottom seat"
    found = each_look(ui, lambda: cut_words(ui.app) + [
        problem for problem in misfits(ui.app) if "covers" in problem])
    assert not found, "\n".join(found[:20])
