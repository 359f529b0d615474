"""The small things players noticed (issue 19), each with its test."""

from __future__ import annotations

import pygame

from game.controller.seats import AI, HUMAN
from game.domino.actions import OPENING_PLAY, PLAY_AT
from game.domino.tiles import tile_text
from game.joker.actions import JOKER_FOLLOWS
from game.joker.cards import JOKER_1
from game.ui.i18n import t
from game.ui.joker.drawing import joker_chips


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


def texts_drawn(monkeypatch, module, draw) -> list[str]:
    """Every text `draw()` puts on screen through `module.draw_text` (or `draw_text_within`)."""
    texts: list[str] = []

    def recorder(real):
        def recording(surface, text, *args, **kwargs):
            texts.append(text)
            return real(surface, text, *args, **kwargs)
        return recording
    for name in ("draw_text", "draw_text_within"):
        if hasattr(module, name):
            monkeypatch.setattr(module, name, recorder(getattr(module, name)))
    draw()
    return texts


def test_domino_opening_prompt_names_the_tile_instead_of_glowing_ends(ui, monkeypatch):
    """D5: every deal opens with a given tile; nothing glows before it is laid."""
    import game.ui.domino.table_scene as module

    scene = open_game(ui, "domino", seed=1)
    human_turn(ui, scene, lambda scene: any(
        action in scene.view.legal for action in OPENING_PLAY), turns=600)
    opening = next(action for action in scene.view.legal if action in OPENING_PLAY)
    texts = texts_drawn(monkeypatch, module, lambda: scene.draw(ui.app.screen))
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


def test_joker_a_one_card_deal_says_card_not_cards(ui, monkeypatch):
    import game.ui.joker.panels as module

    scene = open_game(ui, "joker", 5, {"game_type": "standard"})
    ui.run_until(lambda: scene.view.observation.deal_number == 1 and not scene.busy(), dt=0.1)
    assert scene.view.observation.cards_dealt == 1
    texts = texts_drawn(monkeypatch, module,
                        lambda: scene.draw_trump_panel(ui.app.screen, scene.view.observation))
    assert t("joker.table.deal_one_card", number=1, total=24) in texts


def test_joker_lead_dialog_explains_the_trumpable_high_lead_when_the_option_is_on(
        ui, monkeypatch):
    """J11's option: a joker led high in a plain suit can lose to a trump."""
    import game.ui.joker.dialogs as module

    for option, wanted, unwanted in ((True, "joker.lead.high_explain_trumpable",
                                      "joker.lead.high_explain"),
                                     (False, "joker.lead.high_explain",
                                      "joker.lead.high_explain_trumpable")):
        scene = open_game(ui, "joker", 5, {"trump_beats_high_joker_lead": option})
        ui.frames(2)
        dialog = module.JokerLeadScene(ui.app, scene, JOKER_1)
        texts = texts_drawn(monkeypatch, module, lambda: dialog.draw(ui.app.screen))
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
        bubble = scene.timeline.first(f"bubble/{seat}")
        assert bubble is not None and bubble.data[0] == words(event)
        assert bubble.duration == scene.timeline.seconds(scene.BUBBLE_S)
        ui.screenshot(f"{game}-bubble")
