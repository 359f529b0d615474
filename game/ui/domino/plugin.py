"""Domino in the window: its setup form, presets and house rules, and its table scene (the
GameUi that game/core/registry.py names)."""

from __future__ import annotations

from game.domino.definition import DOMINO

from ..games import ASSISTS, ON_OFF, GameUi, HouseRule, SetupOption, house_options

RULES = ("opening", "redeal_doubles", "partnership", "target_points")


def table_options(chosen: dict) -> tuple[dict, dict]:
    """D19: the timers are engine options too (it accepts and ignores them)."""
    turn_s = DOMINO.timer_default_s if chosen["timers"] else 0
    engine = {"misplay_penalty": chosen["misplay_penalty"],
              "turn_seconds": turn_s, "tambah_seconds": DOMINO.tambah_default_s,
              **house_options(chosen, DOMINO.name, RULES)}
    controller = {"turn_seconds": turn_s,
                  "tambah_seconds": DOMINO.tambah_default_s if chosen["timers"] else 0}
    return engine, controller


DOMINO_UI = GameUi(
    game=DOMINO.name,
    table_scene="game.ui.domino.table_scene:DominoTableScene",
    default_names=("Ani", "Budi", "Citra", "Dewi"),
    options=(SetupOption("misplay_penalty", "domino.setup.misplay_penalty", ON_OFF,
                         rule=True),
             SetupOption("timers", "domino.setup.timers", ON_OFF), ASSISTS),
    # variants.md "Presets": Tournament sheet (the seed), Warung gaple, LDI pairs to 7;
    # a tournament's table has no coach and no undo (issue 20)
    presets={"tournament": {"misplay_penalty": True, "timers": True, "assists": False},
             "casual": {"opening": "winner", "redeal_doubles": 6, "misplay_penalty": False,
                        "timers": False, "assists": True},
             "ldi_pairs": {"partnership": True, "target_points": 7, "opening": "winner",
                           "redeal_doubles": 5, "timers": True, "assists": False}},
    house_rules=(("opening", (HouseRule("opening", "V-D1",
                                        ("six_six", "winner", "rotating", "lampung")),
                              HouseRule("redeal_doubles", "V-D2", (0, 5, 6, 7)))),
                 ("match", (HouseRule("partnership", "V-D3", (False, True)),
                            HouseRule("target_points", "V-D5", (0, 5, 7, 10))))),
    split_options=table_options,
    guided_table="game.ui.domino.guided:GuidedDominoTable",
    lesson_preset="casual",             # after the lesson: no misplay cost
    rules_pictures="game.ui.domino.pictures")
