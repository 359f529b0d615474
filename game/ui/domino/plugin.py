"""Domino in the window: its setup form, presets and house rules, and its table scene (the
GameUi that game/core/registry.py names)."""

from __future__ import annotations

from game.domino.definition import DOMINO

from game.domino.tiles import TILE_ENDS

from ..games import ASSISTS, ON_OFF, GameUi, HouseRule, SetupOption, house_options
from ..scaling import px
from .tiles import tile_image
from .words import REFUSAL_PARAM_WORDS, WORDS

RULES = ("opening", "redeal_doubles", "partnership", "target_points")
LOG_TILE_UNIT = 15          # half a tile as the move log draws it, in design pixels


def table_options(chosen: dict) -> tuple[dict, dict]:
    """D19: the timers are engine options too (it accepts and ignores them)."""
    turn_s = DOMINO.timer_default_s if chosen["timers"] else 0
    engine = {"misplay_penalty": chosen["misplay_penalty"],
              "turn_seconds": turn_s, "tambah_seconds": DOMINO.tambah_default_s,
              **house_options(chosen, DOMINO.name, RULES)}
    controller = {"turn_seconds": turn_s,
                  "tambah_seconds": DOMINO.tambah_default_s if chosen["timers"] else 0}
    return engine, controller


def log_picture(tile):
    return tile_image(*TILE_ENDS[tile], px(LOG_TILE_UNIT))


DOMINO_UI = GameUi(
    game=DOMINO.name,
    table_scene="game.ui.domino.table_scene:DominoTableScene",
    review_board="game.ui.domino.review_board:DominoReviewBoard",
    default_names=("Ani", "Budi", "Citra", "Dewi"),
    options=(SetupOption("misplay_penalty", "domino.setup.misplay_penalty", ON_OFF,
                         rule=True),
             SetupOption("timers", "domino.setup.timers", ON_OFF), ASSISTS),
    # variants.md "Presets": Tournament sheet (the seed), Warung gaple, LDI pairs to 7;
    # a tournament's table has no coach and no undo
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
    words=WORDS,
    refusal_param_words=REFUSAL_PARAM_WORDS,
    log_picture=log_picture,
    log_pictures_overlap=False,           # an Apollo's two tiles stand apart
    rules_pictures="game.ui.domino.pictures")
