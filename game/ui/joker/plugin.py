"""Joker in the window: its setup form, presets and house rules, and its table scene (the
GameUi that game/core/registry.py names)."""

from __future__ import annotations

from game.joker.definition import JOKER

from game.joker.cards import card_text

from ..games import ASSISTS, OFF_ON, ON_OFF, GameUi, HouseRule, SetupOption, house_options
from ..move_log import small_card
from .words import REFUSAL_PARAM_WORDS, WORDS

RULES = ("premium", "partnership")
#: J14: −200 first (the default), then the other fixed values, then "special"
KHISHTI = tuple((value, f"joker.setup.khishti.{-value}")
                for value in (-200, -300, -400, -500, -600, -700, -800, -900, -1000, -100)
                ) + (("special", "joker.setup.khishti.special"),)


def table_options(chosen: dict) -> tuple[dict, dict]:
    """The timer is the table's (the controller's), never the rules': spec/joker.md has none,
    so the engine's options and a save's record stay as they were without it."""
    engine = {key: value for key, value in chosen.items()
              if key not in RULES and key != "timers"}
    seconds = JOKER.timer_default_s if chosen.get("timers") else 0
    return {**engine, **house_options(chosen, JOKER.name, RULES)}, {"turn_seconds": seconds}


JOKER_UI = GameUi(
    game=JOKER.name,
    table_scene="game.ui.joker.table_scene:JokerTableScene",
    default_names=("Nino", "Giorgi", "Tamar", "Levan"),
    options=(SetupOption("game_type", "joker.setup.game_type",
                         (("standard", "joker.setup.game_type.standard"),
                          ("nines", "joker.setup.game_type.nines")), rule=True),
             SetupOption("khishti", "joker.setup.khishti", KHISHTI, rule=True),
             SetupOption("dealer_cannot_fill", "joker.setup.dealer_cannot_fill", ON_OFF,
                         rule=True),
             SetupOption("trump_beats_high_joker_lead",
                         "joker.setup.trump_beats_high_joker_lead", OFF_ON, rule=True),
             SetupOption("timers", "joker.setup.timer", ON_OFF), ASSISTS),
    # a home table plays without a clock, an online room times every move
    presets={"tbilisi": {"game_type": "standard", "khishti": -200,
                         "dealer_cannot_fill": True, "trump_beats_high_joker_lead": False,
                         "timers": False},
             "online_room": {"game_type": "standard", "khishti": -200,
                             "dealer_cannot_fill": True,
                             "trump_beats_high_joker_lead": True,
                             "premium": "single_erases", "timers": True}},
    house_rules=(("premium", (HouseRule("premium", "V-J3", ("standard", "off", "no_erase",
                                                             "single_erases", "next_seat")),
                              HouseRule("partnership", "V-J4", (False, True)))),),
    split_options=table_options,
    guided_table="game.ui.joker.guided:GuidedJokerTable",
    lesson_preset="tbilisi",             # after the lesson: the base rules it taught
    review_board="game.ui.joker.review_board:JokerReviewBoard",
    words=WORDS,
    refusal_param_words=REFUSAL_PARAM_WORDS,
    log_picture=lambda card: small_card(card_text(card)),
    rules_pictures="game.ui.joker.pictures")
