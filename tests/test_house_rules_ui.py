"""The window side of the house rules (docs/rules/variants.md): the setup presets
as the spec's Presets section names them, the House rules panel (V-T1–V-T7, V-J3, V-J4, V-D1,
V-D2, V-D3, V-D5), the rules in force on the table and kept by a save, the rules screens, and
the table words that change under a variant."""

from __future__ import annotations

import pytest

from game.controller.seats import AI, HUMAN
from game.ui.games import CUSTOM, GAMES
from game.ui.i18n import t

ALL_V_IDS = {"domino": {"V-D1", "V-D2", "V-D3", "V-D5"}, "joker": {"V-J3", "V-J4"},
             "tienlen": {f"V-T{n}" for n in range(1, 8)}}


def engine_options(game: str, preset: str) -> dict:
    spec = GAMES[game]
    return spec.table_options({**spec.defaults(), **spec.preset_values(preset)})[0]


# --- presets (variants.md "Presets") ----------------------------------------------------------

def test_the_presets_are_the_specs_and_the_first_is_the_default():
    assert list(GAMES["tienlen"].presets) == ["online_room", "truyen_thong"]
    assert list(GAMES["joker"].presets) == ["tbilisi", "online_room"]
    assert list(GAMES["domino"].presets) == ["tournament", "casual", "ldi_pairs"]
    for game, spec in GAMES.items():
        assert spec.preset_of(spec.defaults()) == next(iter(spec.presets))


def test_tienlen_presets_set_the_spec_options():
    """Online room (seed): defaults, 15 s turns; Truyền Thống: V-T1 places (unit 10), V-T2,
    V-T3, V-T4 extended, no timer."""
    assert engine_options("tienlen", "online_room") == {"stake": 1, "gold": 1000,
                                                        "turn_seconds": 15}
    home = engine_options("tienlen", "truyen_thong")
    assert home["settlement"] == "places" and home.get("place_unit", 10) == 10
    assert home["no_finish_on_two"] and home["three_spades_finish"]
    assert home["instant_wins"] == "extended" and home["turn_seconds"] == 0


def test_joker_presets_set_the_spec_options():
    """Tbilisi classic: all defaults; Online room: trump beats a high joker lead, V-J3
    single_erases, khishti −200."""
    classic = engine_options("joker", "tbilisi")
    assert "premium" not in classic and "partnership" not in classic
    assert classic["khishti"] == -200 and classic["dealer_cannot_fill"]
    online = engine_options("joker", "online_room")
    assert online["trump_beats_high_joker_lead"] and online["premium"] == "single_erases"
    assert online["khishti"] == -200


def test_domino_presets_set_the_spec_options():
    """Tournament sheet: defaults, 35 s / 60 s; Warung gaple: V-D1 winner, V-D2 6, no misplay
    penalty, no timer; LDI pairs to 7: V-D3, V-D5 7, V-D1 winner, V-D2 5."""
    assert engine_options("domino", "tournament") == {
        "misplay_penalty": True, "turn_seconds": 35, "tambah_seconds": 60}
    warung = engine_options("domino", "casual")
    assert warung["opening"] == "winner" and warung["redeal_doubles"] == 6
    assert not warung["misplay_penalty"] and warung["turn_seconds"] == 0
    ldi = engine_options("domino", "ldi_pairs")
    assert ldi["partnership"] and ldi["target_points"] == 7
    assert ldi["opening"] == "winner" and ldi["redeal_doubles"] == 5


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_every_house_rule_of_the_game_is_on_the_panel_with_words(game):
    spec = GAMES[game]
    assert {rule.spec_id for rule in spec.rules()} == ALL_V_IDS[game]
    from game.core.registry import get_game
    options = get_game(game).options
    for rule in spec.rules():
        assert rule.values[0] == options[rule.key].default      # the base rule first
        for value in rule.values:
            assert options[rule.key].check(value) is None
            assert t(rule.choice_key(game, value)) != rule.choice_key(game, value)
        assert t(f"{game}.rule.{rule.key}.about") != f"{game}.rule.{rule.key}.about"


# --- the panel, from setup to the table -------------------------------------------------------

def test_changing_a_rule_on_the_panel_makes_the_preset_custom_and_reaches_the_table(ui):
    """V-T7 changed on the panel: the setup's preset reads Custom, and the table opens with
    lead_rule three_spades."""
    from game.ui.house_rules import HouseRulesScene

    setup = ui.app.show("setup", "tienlen")
    ui.press(setup.house_rules_button)
    panel = ui.top()
    assert isinstance(panel, HouseRulesScene)
    button = next(b for b, rule in panel.rule_buttons.items() if rule.key == "lead_rule")
    ui.press(button)
    assert setup.chosen["lead_rule"] == "three_spades"
    ui.press(panel.done_button)
    assert ui.top() is setup and setup.preset == CUSTOM
    assert setup.preset_menu.selected_option[0] == t("setup.preset.custom")
    ui.press(setup.start_button)
    assert ui.controller().options["lead_rule"] == "three_spades"


def test_base_rules_on_the_panel_bring_the_preset_back(ui):
    setup = ui.app.show("setup", "domino")
    setup.chosen.update(GAMES["domino"].preset_values("ldi_pairs"))
    setup.rebuild()
    assert setup.preset == "ldi_pairs"
    ui.press(setup.house_rules_button)
    ui.press(ui.top().base_button)                  # V-D1, V-D2, V-D3, V-D5 to the base rules
    ui.press(ui.top().done_button)
    assert setup.preset == "tournament"


# --- the table --------------------------------------------------------------------------------

def test_the_table_names_its_house_rules_and_opens_the_list_while_the_game_waits(ui):
    """V-D1 + V-D3 + V-D5 on the table: the line names them; a click opens the viewer (paused),
    Close resumes."""
    from game.ui.rules_in_force import RulesInForceScene

    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=3,
                         options=GAMES["domino"].preset_values("ldi_pairs"))
    ui.frames(2)
    words = scene.rules_button.tool_tip_text or scene.rules_button.text
    assert t("domino.rule.opening.winner") in words and t("domino.rule.partnership.true") in words
    ui.press(scene.rules_button)
    assert isinstance(ui.top(), RulesInForceScene) and scene.ctl.paused
    ui.press(ui.top().close_button)
    assert ui.top() is scene and not scene.ctl.paused


def test_a_base_rules_table_shows_no_house_rules_line(ui):
    scene = ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=3)
    assert scene.rules_button is None


def test_a_saved_table_keeps_its_house_rules(ui):
    """Continue: the save's options carry V-T1 … as chosen."""
    options = GAMES["tienlen"].preset_values("truyen_thong")
    ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=6, options=options)
    ui.run_until(lambda: ui.controller().view().acting is not None)
    ui.app.show("menu", reset=True)
    ui.open_saved()
    resumed = ui.controller()
    assert resumed.options["settlement"] == "places" and resumed.options["no_finish_on_two"]
    assert resumed.options["instant_wins"] == "extended"
    assert ui.app.stack.scenes[1].rules_button is not None


def test_the_domino_header_of_a_match_to_a_target(ui):
    """V-D5: no "of 12" when the match plays to a target; V-D3: the team sums."""
    from game.ui.domino.board import deal_header, teams_words

    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=3,
                         options={"target_points": 7, "partnership": True})
    obs = scene.view.observation
    assert deal_header(obs) == t("domino.table.deal_to_target", number=1, target=7)
    assert "12" not in deal_header(obs)
    assert teams_words((3, -2, 1, 0)).count("+4") == 1


def test_tienlen_words_follow_v_t6_and_v_t7():
    from dataclasses import replace

    from game.tienlen.actions import BASE_RULES, TienLenObservation
    from game.ui.tienlen.words import lead_words, rechop_words

    obs = TienLenObservation(0, (), (13,) * 4, 0, 2, (), None, None, (), 0, (True,) * 4,
                             (1000,) * 4, ())
    assert lead_words(obs) == t("tienlen.do.every_game", number=2, card="3♠")   # V-T7
    assert lead_words(replace(obs, game=1)) == t("tienlen.do.first", card="3♠")
    assert rechop_words(obs, seat=False) == t("tienlen.do.rechop")
    bombs = replace(obs, options=replace(BASE_RULES, comeback="any_bomb"))      # V-T6
    assert rechop_words(bombs, seat=False) == t("tienlen.do.comeback")
    assert rechop_words(bombs, seat=True) == t("tienlen.may_comeback_seat")


def test_the_payment_table_follows_the_places(ui):
    """V-T1: the rows in the order of the places, what each paid is what the gold says."""
    from game.tienlen.actions import PlayerOut
    from game.ui.tienlen.payments import summarize_last_game

    options = GAMES["tienlen"].preset_values("truyen_thong")
    scene = ui.open_game("tienlen", [AI, AI, AI, AI], seed=5, options=options)
    ui.run_until(lambda: scene.view.revealed is not None and scene.view.observation.results)
    obs = scene.view.observation
    result = obs.results[-1]
    if result.places is None:
        pytest.skip("an instant win or tới trắng ended this game")
    assert any(isinstance(e, PlayerOut) for e in obs.history)
    summary = summarize_last_game(obs, scene.view.revealed, 1)
    assert [row.player for row in summary.rows][:len(result.places)] == list(result.places)
    for row in summary.rows:
        assert row.gold == result.gold[row.player]
        assert row.penalty == max(0, row.chops - row.gold)


# --- the rules screens ------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "id", "vi", "ka"])
@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_rules_screens_explain_every_house_rule(game, language):
    """One "House rule — …" paragraph per V rule, in every language, and no internal rule id
    (V-D1 …) in the players' words."""
    from game.ui.resources import ASSETS

    text = (ASSETS / "rules" / f"{game}.{language}.txt").read_text(encoding="utf-8")
    paragraphs = [line for line in text.splitlines()
                  if line.startswith(f"• {HOUSE_RULE_WORDS[language]} —")]
    assert len(paragraphs) == len(ALL_V_IDS[game]), f"{game}.{language}"
    assert not any(spec_id in text for spec_id in ALL_V_IDS[game])


#: how each language's guide opens a house rule's paragraph
HOUSE_RULE_WORDS = {"en": "House rule", "id": "Aturan rumah", "vi": "Luật riêng",
                    "ka": "საშინაო წესი"}


def test_in_pairs_every_domino_chair_names_its_team(ui):
    """V-D3: chairs A + C play against B + D; each seat's label says which pair it is in."""
    from game.ui.drawn import recording

    options = GAMES["domino"].preset_values("ldi_pairs")
    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=4, options=options)
    ui.run_until(lambda: scene.view.observation.deal_number >= 1)
    with recording() as drawn:
        scene.draw(ui.app.screen)
    texts = [text for _, text in drawn.texts]

    def team(chair: str) -> str:
        return "A+C" if chair in "AC" else "B+D"
    bottom = "ABCD"[scene.view.observation.chairs.index(scene.view.seat)]
    assert f"{bottom} · {scene.names[scene.view.seat]}  ({team(bottom)})" in texts
    others = sorted(team(chair) for chair in "ABCD" if chair != bottom)    # under their tiles
    assert sorted(text.split(" · ")[-1] for text in texts
                  if text.endswith(("A+C", "B+D")) and "(" not in text) == others


def test_rules_chosen_on_the_setup_page_are_in_force_too(ui):
    """J14 khishti −400 and "trump beats a joker led high" are chosen on the setup page, not the
    House rules panel: the table's line and the viewer name them all the same."""
    from game.ui.rules_in_force import RulesInForceScene, row_words, rule_groups

    options = {**GAMES["joker"].preset_values("tbilisi"), "khishti": -400,
               "trump_beats_high_joker_lead": True}
    scene = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=3, options=options)
    ui.frames(2)
    words = scene.rules_button.tool_tip_text or scene.rules_button.text
    assert t("joker.setup.khishti.400") in words
    assert t("joker.setup.trump_beats_high_joker_lead") in words
    rows = [row_words("joker", rule, scene.ctl.options)
            for _, rules in rule_groups("joker") for rule in rules]
    marked = [text for text, differs in rows if differs]
    assert any(t("joker.setup.khishti.400") in text for text in marked)
    assert not any(t("joker.setup.dealer_cannot_fill") in text for text in marked)   # base
    ui.press(scene.rules_button)
    assert isinstance(ui.top(), RulesInForceScene)
    ui.frames(1)


def test_a_tbilisi_joker_table_plays_the_base_rules(ui):
    scene = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=3,
                         options=GAMES["joker"].preset_values("tbilisi"))
    assert scene.rules_button is None
