"""Tiến Lên in the window: its setup form, presets and house rules, and its table scene (the
GameUi that game/core/registry.py names)."""

from __future__ import annotations

from game.tienlen.definition import TIENLEN

from game.tienlen.cards import name as card_name

from ..games import ASSISTS, ON_OFF, GameUi, HouseRule, SetupOption, house_options
from ..move_log import small_card
from .words import REFUSAL_PARAM_WORDS, WORDS

RULES = ("settlement", "place_unit", "no_finish_on_two", "three_spades_finish",
         "instant_wins", "chop_settlement", "comeback", "lead_rule")


def table_options(chosen: dict) -> tuple[dict, dict]:
    seconds = TIENLEN.timer_default_s if chosen["timers"] else 0          # T11
    return ({"stake": chosen["stake"], "gold": chosen["gold"], "turn_seconds": seconds,
             **house_options(chosen, TIENLEN.name, RULES)},
            {"turn_seconds": seconds})


TIENLEN_UI = GameUi(
    game=TIENLEN.name,
    table_scene="game.ui.tienlen.table_scene:TienLenTableScene",
    review_board="game.ui.tienlen.review_board:TienLenReviewBoard",
    default_names=("An", "Bình", "Chi", "Dũng"),
    options=(SetupOption("stake", "tienlen.setup.stake",
                         ((1, "tienlen.setup.stake_1"), (10, "tienlen.setup.stake_10"),
                          (100, "tienlen.setup.stake_100"))),
             SetupOption("gold", "tienlen.setup.gold",
                         ((1000, "tienlen.setup.gold_1000"),
                          (10_000, "tienlen.setup.gold_10000"),
                          (100_000, "tienlen.setup.gold_100000"))),
             SetupOption("timers", "tienlen.setup.timer", ON_OFF), ASSISTS),
    presets={"online_room": {"timers": True},
             "truyen_thong": {"settlement": "places", "place_unit": 10,
                              "no_finish_on_two": True, "three_spades_finish": True,
                              "instant_wins": "extended", "timers": False}},
    house_rules=(("end", (HouseRule("settlement", "V-T1", ("count", "places")),
                          HouseRule("place_unit", "V-T1", (10, 5, 20)),
                          HouseRule("three_spades_finish", "V-T3", (False, True)),
                          HouseRule("instant_wins", "V-T4", ("standard", "off", "extended")),
                          HouseRule("chop_settlement", "V-T5", ("chain_last", "each")))),
                 ("play", (HouseRule("no_finish_on_two", "V-T2", (False, True)),
                           HouseRule("comeback", "V-T6", ("four_pairs", "off", "any_bomb")),
                           HouseRule("lead_rule", "V-T7", ("winner", "three_spades"))))),
    min_seats=2,
    plot_running_total=True,             # the gold balance after each session
    split_options=table_options,
    guided_table="game.ui.tienlen.guided:GuidedTienLenTable",
    lesson_preset="online_room",             # after the lesson: the base rules it taught
    words=WORDS,
    refusal_param_words=REFUSAL_PARAM_WORDS,
    log_picture=lambda card: small_card(card_name(card)),
    rules_pictures="game.ui.tienlen.pictures")
