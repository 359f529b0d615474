"""What the window knows about each game: its setup form and its table scene.

A game's table joins the menu by adding a GameUi here (the module path of its table scene and
its setup form); everything else in the app shell is shared.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.controller.factory import open_controller
from game.controller.settings import ControllerSettings
from game.core.registry import get_game



@dataclass(frozen=True)
class SetupOption:
    """One setting on the setup form: a button that cycles through its choices."""
    key: str
    label_key: str
    choices: tuple          # ((value, label key), ...)
    #: a rule of play (khishti, a misplay's cost), listed with the rules in force when it
    #: differs from its first choice; not the table's comfort (timers, stake, assists)
    rule: bool = False

    def words(self, value) -> str:
        """"Khishti (ხიშტი) for taking no trick: −400" (a key: the caller translates)."""
        return next((label for choice, label in self.choices if choice == value),
                    self.choices[0][1])


@dataclass(frozen=True)
class HouseRule:
    """One house rule (docs/rules/variants.md) on the House rules panel: an engine option and
    its values, the default first. Its words are `<game>.rule.<key>` (the name),
    `<game>.rule.<key>.about` (one line) and `<game>.rule.<key>.<value>` (each choice)."""
    key: str
    spec_id: str                            # "V-T1" …
    values: tuple

    def choice_key(self, game: str, value) -> str:
        return f"{game}.rule.{self.key}.{str(value).lower()}"


@dataclass(frozen=True)
class GameUi:
    game: str
    table_scene: str                        # "module:Class"
    default_names: tuple
    options: tuple = ()                     # SetupOption, shown in order
    presets: dict = field(default_factory=dict)   # preset name -> {option key: value}
    #: the House rules panel: ((group key, (HouseRule, ...)), ...)
    house_rules: tuple = ()
    min_seats: int = 4
    max_seats: int = 4
    #: the game's chosen option values -> (engine options, controller settings)
    split_options: Callable[[dict], tuple[dict, dict]] = lambda chosen: (dict(chosen), {})
    #: the module whose PICTURES the rules guide shows (rules_pictures.py)
    rules_pictures: str = ""

    def rules(self) -> list[HouseRule]:
        return [rule for _, rules in self.house_rules for rule in rules]

    def base_values(self) -> dict:
        """Every option at its default: the setup's first choices, the base rules."""
        values = {option.key: option.choices[0][0] for option in self.options}
        values.update({rule.key: rule.values[0] for rule in self.rules()})
        return values

    def allowed_values(self) -> dict:
        """Each setup option and house rule: the values it may take."""
        allowed = {option.key: tuple(value for value, _ in option.choices)
                   for option in self.options}
        allowed.update({rule.key: tuple(rule.values) for rule in self.rules()})
        return allowed

    def defaults(self) -> dict:
        values = self.base_values()
        if self.presets:
            values.update(self.preset_values(next(iter(self.presets))))
        return values

    def preset_values(self, name: str) -> dict:
        """A preset in full: what it names, every other rule at its default (variants.md:
        "everything else is default"); the timer only where the preset names it."""
        keys = self.rule_keys()
        rules = {key: value for key, value in self.base_values().items() if key in keys}
        return {**rules, **self.presets[name]}

    def rule_keys(self) -> set:
        """The options a preset fixes: the house rules and the setup's rule options a preset
        names. The timer, the stake and the gold are the table's comfort, not its rules."""
        named = {key for values in self.presets.values() for key in values}
        return ({rule.key for rule in self.rules()} | named) - {"timers"}

    def preset_of(self, chosen: dict) -> str | None:
        """The preset whose rules `chosen` has exactly, else "custom" (None: no presets)."""
        if not self.presets:
            return None
        for name in self.presets:
            values = self.preset_values(name)
            if all(chosen.get(key) == values[key] for key in self.rule_keys()):
                return name
        return CUSTOM

    def house_rules_in_force(self, options: dict) -> list[HouseRule]:
        """The house rules of a table's engine options that differ from the base rules."""
        return [rule for rule in self.rules() if options.get(rule.key, rule.values[0])
                != rule.values[0]]

    def setup_rules(self) -> list[SetupOption]:
        """The setup's options that are rules of play (shown with the rules in force)."""
        return [option for option in self.options if option.rule]

    def setup_rules_in_force(self, options: dict) -> list[SetupOption]:
        """The setup's rules of play whose choice differs from the first (the base rules)."""
        return [option for option in self.setup_rules()
                if options.get(option.key, option.choices[0][0]) != option.choices[0][0]]

    def table_options(self, chosen: dict) -> tuple[dict, dict]:
        """The setup's choices as (engine options, controller settings). The assists (Hint
        and Undo) are the table's, never the rules': they go to the controller."""
        chosen = dict(chosen)
        assists = chosen.pop("assists", True)
        engine, controller = self.split_options(chosen)
        return engine, {**controller, "assists": assists}

    def pictures(self) -> dict:
        """The rules guide's pictures by name, drawn by the game's own table code."""
        if not self.rules_pictures:
            return {}
        return importlib.import_module(self.rules_pictures).PICTURES

    def scene_class(self) -> Any:
        module, name = self.table_scene.split(":")
        return getattr(importlib.import_module(module), name)


CUSTOM = "custom"


def _house(chosen: dict, game: str, keys: tuple) -> dict:
    """The house rules chosen away from the base rules (a base-rules table's options stay as
    they were before the house rules existed)."""
    specs = get_game(game).options
    return {key: chosen[key] for key in keys
            if key in chosen and chosen[key] != specs[key].default}


DOMINO_RULES = ("opening", "redeal_doubles", "partnership", "target_points")
TIENLEN_RULES = ("settlement", "place_unit", "no_finish_on_two", "three_spades_finish",
                 "instant_wins", "chop_settlement", "comeback", "lead_rule")
JOKER_RULES = ("premium", "partnership")


#: each game's move timer when the setup's timer is on (seconds; the setup's words say them):
#: D19's 35 s and its one tambah of 60 s a deal, T11's 15 s, and for Joker 30 s a move (a bid,
#: the trump, a card), as online Joker rooms time each move (docs/joker-decisions.md)
DOMINO_TURN_S, DOMINO_TAMBAH_S = 35, 60
TIENLEN_TURN_S = 15
JOKER_TURN_S = 30


def _domino_table_options(chosen: dict) -> tuple[dict, dict]:
    timers = chosen["timers"]
    engine = {"misplay_penalty": chosen["misplay_penalty"],
              "turn_seconds": DOMINO_TURN_S if timers else 0, "tambah_seconds": DOMINO_TAMBAH_S,
              **_house(chosen, "domino", DOMINO_RULES)}
    controller = {"turn_seconds": DOMINO_TURN_S if timers else 0,
                  "tambah_seconds": DOMINO_TAMBAH_S if timers else 0}
    return engine, controller


def _tienlen_table_options(chosen: dict) -> tuple[dict, dict]:
    seconds = TIENLEN_TURN_S if chosen["timers"] else 0          # T11
    return ({"stake": chosen["stake"], "gold": chosen["gold"], "turn_seconds": seconds,
             **_house(chosen, "tienlen", TIENLEN_RULES)},
            {"turn_seconds": seconds})


def _joker_table_options(chosen: dict) -> tuple[dict, dict]:
    """The timer is the table's (the controller's), never the rules': spec/joker.md has none,
    so the engine's options and a save's record stay as they were without it."""
    engine = {key: value for key, value in chosen.items()
              if key not in JOKER_RULES and key != "timers"}
    seconds = JOKER_TURN_S if chosen.get("timers") else 0
    return {**engine, **_house(chosen, "joker", JOKER_RULES)}, {"turn_seconds": seconds}


ON_OFF = ((True, "setup.on"), (False, "setup.off"))
OFF_ON = ((False, "setup.off"), (True, "setup.on"))
#: the coach and undo (issue 20): on at a Casual table, off in a tournament's presets
ASSISTS = SetupOption("assists", "setup.assists", ON_OFF)
#: J14: −200 first (the default), then the other fixed values, then "special"
JOKER_KHISHTI = tuple((value, f"joker.setup.khishti.{-value}")
                      for value in (-200, -300, -400, -500, -600, -700, -800, -900, -1000, -100)
                      ) + (("special", "joker.setup.khishti.special"),)


GAMES: dict[str, GameUi] = {
    "domino": GameUi(
        game="domino",
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
        split_options=_domino_table_options,
        rules_pictures="game.ui.domino.pictures"),
    "tienlen": GameUi(
        game="tienlen",
        table_scene="game.ui.tienlen.table_scene:TienLenTableScene",
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
        split_options=_tienlen_table_options,
        rules_pictures="game.ui.tienlen.pictures"),
    "joker": GameUi(
        game="joker",
        table_scene="game.ui.joker.table_scene:JokerTableScene",
        default_names=("Nino", "Giorgi", "Tamar", "Levan"),
        options=(SetupOption("game_type", "joker.setup.game_type",
                             (("standard", "joker.setup.game_type.standard"),
                              ("nines", "joker.setup.game_type.nines")), rule=True),
                 SetupOption("khishti", "joker.setup.khishti", JOKER_KHISHTI, rule=True),
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
        split_options=_joker_table_options,
        rules_pictures="game.ui.joker.pictures"),
}


def open_table(app, table, seats, settings: ControllerSettings | None = None,
               save_path: Path | None = None, clock: dict | None = None) -> None:
    """Start a table, or resume the one saved at `save_path` (with the `clock` of a turn left
    under way: autosave.open_save), in the window: the menu stays below it on the stack. A new
    table gets a save of its own."""
    controller = open_controller(table, seats, settings or ControllerSettings(),
                                 save_path=save_path or app.saves.new_path(table),
                                 bot_runner=app.bot_runner(), now=app.now,
                                 history=app.history, clock=clock)
    app.show("menu", reset=True)
    app.stack.push(GAMES[table.definition.name].scene_class()(app, controller))


def follow_settings(table_scene) -> None:
    """Settings changed over a paused table (its pause menu's Settings): the animation speed
    (the table's pace: table_pace.py) and reduced motion apply from the next move on, as a new
    table reads them; the game itself is untouched."""
    table_scene.follow_speed()
    table_scene.timeline.reduced = table_scene.app.settings.get("reduced_motion", False)
