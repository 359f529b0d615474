"""The small things players noticed, each with its test."""

from __future__ import annotations

import pygame

from game.controller.seats import AI, HUMAN
from game.domino.actions import OPENING_PLAY, PLAY_AT
from game.domino.tiles import tile_text
from game.joker.actions import JOKER_FOLLOWS
from game.joker.cards import JOKER_1
from game.ui.drawn import recording
from game.ui.i18n import t
from game.ui.joker.indicator import draw_trump_panel
from game.ui.joker.renderer import joker_chips


def open_game(ui, game: str, seed: int, options: dict | None = None):
    """One human (the first chair) and three bots."""
    return ui.open_game(game, [HUMAN, AI, AI, AI], seed, options)


def human_turn(ui, scene, wanted, turns: int = 300) -> None:
    """Play the human's first legal move until it is their turn and `wanted(scene)` holds."""
    for _ in range(turns):
        def ready():
            top = ui.top()
            if top is not scene and hasattr(top, "next") and top.next is not None:
                ui.press(top.next)                         # past a deal summary
            return scene.view.acting is not None and ui.top() is scene
        ui.run_until(ready, dt=0.1)
        if wanted(scene):
            return
        scene.attempt(scene.view.legal[0])
    raise AssertionError("the wanted turn never came")


def texts_drawn(draw) -> list[str]:
    """Every text `draw()` puts on screen."""
    with recording() as drawn:
        draw()
    return [text for _, text in drawn.texts]


def test_domino_opening_prompt_names_the_tile_instead_of_glowing_ends(ui):
    """D5: every deal opens with a given tile; nothing glows before it is laid."""
    scene = open_game(ui, "domino", seed=1)
    human_turn(ui, scene, lambda scene: any(
        action in scene.view.legal for action in OPENING_PLAY), turns=600)
    opening = next(action for action in scene.view.legal if action in OPENING_PLAY)
    texts = texts_drawn(lambda: scene.draw(ui.app.screen))
    assert t("domino.table.open_with", tile=tile_text(opening.tile)) in texts
    assert t("domino.table.select_tile") not in texts


def test_domino_a_picked_tile_that_fits_both_ends_asks_for_the_end(ui):
    """D7: the player chooses the end; a second click on the tile says so."""
    def both_ends(scene):
        legal = scene.view.legal
        return [tile for tile in scene.view.observation.hand
                if PLAY_AT[tile]["L"] in legal and PLAY_AT[tile]["R"] in legal
                and scene.view.observation.left != scene.view.observation.right]

    scene = open_game(ui, "domino", seed=3)
    human_turn(ui, scene, lambda scene: bool(both_ends(scene)), turns=600)
    tile = both_ends(scene)[0]
    before = len(scene.ctl.table.record["actions"])
    scene.selected = tile
    scene.play_obvious(tile)
    assert len(scene.ctl.table.record["actions"]) == before, "nothing was laid"
    assert scene.log.messages[-1].text == t("domino.table.fits_both", tile=tile_text(tile))


def test_joker_chips_put_under_nearest_the_card_and_high_above_it():
    card = pygame.Rect(100, 300, 80, 120)
    (under_rect, under, _), (high_rect, high, _) = joker_chips(JOKER_1, card)
    assert (high, under) == JOKER_FOLLOWS[JOKER_1]
    assert high_rect.bottom < under_rect.top < card.top


def test_joker_a_one_card_deal_says_card_not_cards(ui):
    scene = open_game(ui, "joker", 5, {"game_type": "standard"})
    ui.run_until(lambda: scene.view.observation.deal_number == 1 and not scene.busy(), dt=0.1)
    assert scene.view.observation.cards_dealt == 1
    texts = texts_drawn(lambda: draw_trump_panel(scene.picture(), ui.app.screen,
                                                 scene.view.observation))
    assert t("joker.table.deal_one_card", number=1, total=24) in texts


def test_joker_lead_dialog_explains_the_trumpable_high_lead_when_the_option_is_on(ui):
    """J11's option: a joker led high in a plain suit can lose to a trump."""
    import game.ui.joker.dialogs as module

    for option, wanted, unwanted in ((True, "joker.lead.high_explain_trumpable",
                                      "joker.lead.high_explain"),
                                     (False, "joker.lead.high_explain",
                                      "joker.lead.high_explain_trumpable")):
        scene = open_game(ui, "joker", 5, {"trump_beats_high_joker_lead": option})
        ui.frames(2)
        dialog = module.JokerLeadScene(ui.app, scene, JOKER_1)
        texts = texts_drawn(lambda: dialog.draw(ui.app.screen))
        assert t(wanted) in texts and t(unwanted) not in texts


def test_a_pass_and_a_bid_show_in_a_bubble_at_the_seat(ui):
    """Domino passes were small text at the top left for a second; now the seat says it."""
    from game.domino.actions import Passed
    from game.joker.actions import BidMade

    for game, event_type, words in (("domino", Passed, lambda e: t("table.pass")),
                                    ("joker", BidMade,
                                     lambda e: t("joker.seat.bid_bubble", n=e.n))):
        scene = open_game(ui, game, 5, {"game_type": "standard"} if game == "joker" else None)
        seen = 0

        def said():
            if scene.view.acting is not None:
                scene.attempt(scene.view.legal[0])
            return any(isinstance(e, event_type) for e in scene.ctl.events.kept[seen:])
        ui.run_until(said, dt=0.05)
        event = next(e for e in scene.ctl.events.kept if isinstance(e, event_type))
        seat = getattr(event, "player", getattr(event, "seat", None))
        mark = scene.marks.get(seat)            # it stays (tests/test_pace.py: how long)
        assert mark is not None and mark[0] == words(event)
        ui.screenshot(f"{game}-bubble")


def test_domino_two_ways_to_make_apollo_are_the_players_choice(ui):
    """D7/D11: Apollo! asks which ends when the two tiles can be laid more than one way."""
    from game.domino.actions import Apollo
    from game.ui.domino.dialogs import ApolloChoiceScene
    from game.ui.domino.words import apollo_words

    def apollos(scene):
        return [action for action in scene.view.legal if isinstance(action, Apollo)]

    scene = open_game(ui, "domino", seed=0)
    human_turn(ui, scene, lambda scene: len(apollos(scene)) >= 2, turns=300)
    ways = apollos(scene)
    ui.press(scene.apollo_button)
    choice = ui.top()
    assert isinstance(choice, ApolloChoiceScene)
    assert sorted(button.text for button in choice.choices) == \
        sorted(apollo_words(way) for way in ways)
    wanted = ways[-1]                                    # not the first: the player's own
    ui.press(next(button for button, way in choice.choices.items() if way == wanted))
    assert ui.top() is not choice
    laid = dict(scene.ctl.table.record["actions"][-1])
    assert laid.pop("player") == 0
    assert laid == scene.ctl.table.definition.action_to_json(wanted)


def test_domino_a_misplay_says_why(ui):
    """D8: the message names the tile and the two ends it fits neither of."""
    from game.domino.actions import Play
    from game.domino.tiles import TILE_ENDS

    def misfit(scene):
        obs = scene.view.observation
        return [tile for tile in obs.hand if obs.line
                and obs.left not in TILE_ENDS[tile] and obs.right not in TILE_ENDS[tile]]

    scene = open_game(ui, "domino", seed=2)
    human_turn(ui, scene, lambda scene: bool(misfit(scene)), turns=600)
    tile = misfit(scene)[0]
    obs = scene.view.observation
    scene.attempt(Play(tile, "L"))
    ui.frames(1)
    assert scene.log.messages[-1].text == t(
        "domino.table.misplay", name=scene.names[obs.player], tile=tile_text(tile),
        left=obs.left, right=obs.right, penalty=1)


def test_an_all_ai_summary_stays_once_the_player_clicks_on_it(ui):
    """All-AI tables move past summaries by themselves, but never from under a click."""
    scene = ui.open_game("domino", [AI] * 4, seed=1)
    ui.run_until(lambda: ui.top() is not scene and getattr(ui.top(), "next", None) is not None)
    summary = ui.top()
    auto = scene.ctl.settings.auto_summary_s
    ui.click(summary.panel().move(0, 8).midtop)                 # on the panel, not a button
    ui.frames(int(3 * auto / 0.1), 0.1)
    assert ui.top() is summary, "the summary moved on after the player clicked on it"
    ui.press(summary.next)
    ui.frames(2)
    assert ui.top() is not summary
    ui.run_until(lambda: ui.top() is not scene and ui.top() is not summary
                 and getattr(ui.top(), "next", None) is not None)
    again = ui.top()
    ui.frames(int(2 * auto / 0.1), 0.1)
    assert ui.top() is not again, "an untouched summary moves on by itself"


def test_the_human_chair_keeps_the_default_ai_level(ui):
    """While it is human the chair shows its profile where an AI shows its level;
    the level it gets as an AI is the default of Settings, not a fixed "normal"."""
    from test_profiles import choose

    ui.app.settings["ai_level"] = "hard"
    setup = ui.app.show("setup", "joker")
    human_row = setup.rows[0]
    assert "level" not in human_row and "profile" in human_row
    assert setup.seats[0].level == "hard"
    ui.frames(1)
    choose(ui, human_row["kind"], t("setup.ai"))
    assert setup.rows[0]["level"].selected_option[0] == t("setup.level.hard")


def test_a_play_button_too_narrow_for_its_words_shortens_them_and_shows_all_on_hover(ui):
    """Text is never cut by the button's edge: "Play: Three consecutive pairs…" fits."""
    from game.ui.widgets import set_label

    scene = open_game(ui, "tienlen", seed=3)
    ui.run_until(lambda: scene.view.acting is not None and ui.top() is scene)
    ui.frames(1)
    button = scene.play_button
    words = "Play: Three consecutive pairs 9–J, then more words than any button holds"
    set_label(button, words)
    assert button.text.endswith("…") and words.startswith(button.text[:-1])
    assert button.font.size(button.text)[0] <= button.rect.width
    assert button.tool_tip_text == words
    set_label(button, "Play")
    assert button.text == "Play" and button.tool_tip_text is None


def test_the_selection_is_named_above_the_play_button(ui):
    def plays(scene):
        return [action for action in scene.view.legal if len(getattr(action, "cards", ())) >= 3]

    scene = open_game(ui, "tienlen", seed=3)
    human_turn(ui, scene, lambda scene: bool(plays(scene)))
    scene.fan.select_exactly(max(plays(scene), key=lambda action: len(action.cards)).cards)
    ui.frames(1)
    what = scene.verdict().what
    with recording() as drawn:
        scene.draw(ui.app.screen)
    named = [(rect, text) for rect, text in drawn.texts if text and text in what]
    assert " ".join(text for _, text in named) == what
    assert all(rect.bottom <= scene.play_button.rect.top for rect, _ in named)
    assert scene.play_button.text == t("tienlen.play")


def test_a_selection_does_not_outlive_the_turn(ui):
    """Cards raised when the clock ends the turn (the timeout plays for the player) are not
    played by a late Enter on the next turn."""
    scene = open_game(ui, "tienlen", seed=3)
    scene.ctl.settings.turn_seconds = scene.ctl.clock.timer.turn_seconds = 5
    ui.run_until(lambda: scene.view.acting is not None and ui.top() is scene)
    scene.ctl.clock.timer.start(ui.now)
    ui.frames(1)
    scene.fan.select_exactly(scene.fan.cards[-2:])
    ui.run_until(lambda: scene.view.acting is None, within_s=10)      # the clock ran out
    ui.frames(2)
    assert scene.fan.selection == ()
