"""The Joker table says who plays with whom (V-J4) and who named trump (J5), on the table and
in the deal's summary."""

from __future__ import annotations

from game.controller.seats import AI, HUMAN
from game.controller.table_controller import Phase
from game.joker.actions import Phase as JokerPhase
from game.joker.scoring import team_totals
from game.ui.games import GAMES
from game.ui.i18n import number, t
from game.ui.joker.dialogs import SummaryScene, teams_words
from game.ui.joker.indicator import trump_lines


def open_joker(ui, **options):
    values = {**GAMES["joker"].preset_values("tbilisi"), "game_type": "nines", **options}
    scene = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=4, options=values)
    ui.run_until(lambda: scene.ctl.phase is Phase.HUMAN and not scene.busy())
    return scene


def test_a_nine_card_trump_names_who_chose_it_all_deal_long(ui):
    """J5: the player after the dealer names trump; the trump box keeps saying who."""
    scene = open_joker(ui)
    obs = scene.view.observation
    chooser = scene.names[(obs.dealer + 1) % 4]
    if obs.phase is JokerPhase.TRUMP_CHOICE:                 # the human names it: spades
        scene.attempt(next(a for a in scene.ctl.state.legal_actions()
                           if getattr(a, "suit", None) == 3))
        ui.run_until(lambda: scene.ctl.phase is Phase.HUMAN and not scene.busy())
    obs = scene.view.observation
    assert obs.phase is JokerPhase.BIDDING and obs.trump_card is None
    shown = scene.picture().trump_shown()
    assert t("joker.trump.named_by", name=chooser) in trump_lines(obs, scene.names, shown)


def test_a_turned_trump_card_says_it_was_turned(ui):
    scene = open_joker(ui, game_type="standard")
    lines = trump_lines(scene.view.observation, scene.names, scene.picture().trump_shown())
    assert t("joker.trump.turned") in lines
    assert not any(t("joker.trump.named_by", name=name) in lines for name in scene.names)


def drawn_words(monkeypatch, module, function: str) -> list[str]:
    """Every text `module.function` is asked to draw from now on."""
    said: list[str] = []
    real = getattr(module, function)
    monkeypatch.setattr(module, function,
                        lambda surface, text, *rest, **named: said.append(text) or real(
                            surface, text, *rest, **named))
    return said


def play_to_the_summary(ui, scene) -> SummaryScene:
    """The human plays its first legal action each turn until the deal's summary is up."""
    for _ in range(60):
        ui.run_until(lambda: isinstance(ui.top(), SummaryScene) or (
            scene.ctl.phase is Phase.HUMAN and not scene.busy() and ui.top() is scene), dt=0.2)
        if isinstance(ui.top(), SummaryScene):
            return ui.top()
        scene.attempt(scene.ctl.state.legal_actions()[0])
    raise AssertionError("the deal never ended")


def test_pairs_show_each_pair_s_sum_at_both_partners_and_in_the_summary(ui, monkeypatch):
    """V-J4: partners sit opposite (seats 0 + 2, 1 + 3); each seat's line carries its pair's
    sum, and the deal summary names the pairs with their sums."""
    import game.ui.joker.dialogs as dialogs
    import game.ui.joker.renderer as drawing

    scene = open_joker(ui, partnership=True)
    summary = play_to_the_summary(ui, scene)
    totals = summary.view.observation.totals
    pairs = team_totals(totals)
    seat_lines = drawn_words(monkeypatch, drawing, "draw_text")
    scene.draw(ui.app.screen)
    for seat in range(4):
        assert any(t("joker.seat.total_pair", total=number(totals[seat]),
                     pair=number(pairs[seat % 2])) in line for line in seat_lines), seat
    said = drawn_words(monkeypatch, dialogs, "draw_wrapped")
    summary.draw(ui.app.screen)
    names = scene.names
    expected = teams_words(totals, names)
    assert f"{names[0]} & {names[2]}" in expected and f"{names[1]} & {names[3]}" in expected
    assert expected in said


def test_a_game_of_four_singles_shows_no_pairs(ui, monkeypatch):
    import game.ui.joker.renderer as drawing

    scene = open_joker(ui)
    seat_lines = drawn_words(monkeypatch, drawing, "draw_text")
    scene.draw(ui.app.screen)
    pair_word = t("joker.seat.total_pair", total=0, pair=0).split("·")[1].split()[0]
    assert not any(pair_word in line for line in seat_lines)


def test_a_joker_s_tag_is_drawn_over_every_card_of_the_trick(ui, monkeypatch):
    """J9: how a joker was played stays readable: its tag is drawn after every card of the
    trick (the next seat's card used to cover "high")."""
    from dataclasses import replace

    import game.ui.joker.renderer as drawing
    from game.joker.actions import CardPlayed, JokerMode
    from game.joker.cards import JOKER_1

    scene = open_joker(ui)
    order: list[str] = []
    real_card = drawing.card_image
    monkeypatch.setattr(drawing, "card_image", lambda *args, **named: order.append("card")
                        or real_card(*args, **named))
    monkeypatch.setattr(drawing.JokerPicture, "draw_joker_tag",
                        lambda self, surface, play, spot: order.append("tag"))
    trick = (CardPlayed(3, JOKER_1, JokerMode.HIGH), CardPlayed(0, 5), CardPlayed(1, 6))
    obs = replace(scene.view.observation, current_trick=trick)
    scene.picture().draw_trick(ui.app.screen, obs)
    assert order.count("card") == 3 and order.index("tag") > max(
        index for index, what in enumerate(order) if what == "card")


def test_a_bezi_row_of_the_score_sheet_has_an_ink_with_the_four_colour_deck(monkeypatch):
    """J5: a deal without trump (bezi) is marked "∅" on the sheet; with the four-colour deck on,
    its ink is the sheet's own (it used to find no suit for it and stop the window)."""
    import game.ui.joker.sheet as sheet

    monkeypatch.setattr(sheet, "four_colour", lambda: True)
    assert sheet.suit_ink("∅") == sheet.INK
    assert sheet.suit_ink("♠") != sheet.suit_ink("♥")
