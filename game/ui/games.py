"""What the window knows about each game: its setup form and its table scene.

A game's table joins the menu by adding a GameUi here (the module path of its table scene and
its setup form); everything else in the app shell is shared.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.controller.settings import ControllerSettings
from game.controller.table_controller import TableController

from .timeline import MOVE_PAUSE_S


@dataclass(frozen=True)
class SetupOption:
    """One setting on the setup form: a button that cycles through its choices."""
    key: str
    label_key: str
    choices: tuple          # ((value, label key), ...)


@dataclass(frozen=True)
class GameUi:
    game: str
    table_scene: str                        # "module:Class"
    default_names: tuple
    options: tuple = ()                     # SetupOption, shown in order
    presets: dict = field(default_factory=dict)   # preset name -> {option key: value}
    min_seats: int = 4
    max_seats: int = 4
    #: chosen option values -> (engine options, controller settings)
    table_options: Callable[[dict], tuple[dict, dict]] = lambda chosen: (dict(chosen), {})

    def defaults(self) -> dict:
        values = {option.key: option.choices[0][0] for option in self.options}
        if self.presets:
            values.update(next(iter(self.presets.values())))
        return values

    def scene_class(self) -> Any:
        module, name = self.table_scene.split(":")
        return getattr(importlib.import_module(module), name)


def _domino_table_options(chosen: dict) -> tuple[dict, dict]:
    timers = chosen["timers"]
    engine = {"misplay_penalty": chosen["misplay_penalty"],
              "turn_seconds": 35 if timers else 0, "tambah_seconds": 60}
    controller = {"turn_seconds": 35 if timers else 0, "tambah_seconds": 60 if timers else 0}
    return engine, controller


def _tienlen_table_options(chosen: dict) -> tuple[dict, dict]:
    seconds = 15 if chosen["timers"] else 0          # T11
    return ({"stake": chosen["stake"], "gold": chosen["gold"], "turn_seconds": seconds},
            {"turn_seconds": seconds})


ON_OFF = ((True, "setup.on"), (False, "setup.off"))
OFF_ON = ((False, "setup.off"), (True, "setup.on"))
#: J14: −200 first (the default), then the other fixed values, then "special"
JOKER_KHISHTI = tuple((value, f"joker.setup.khishti.{-value}")
                      for value in (-200, -300, -400, -500, -600, -700, -800, -900, -1000, -100)
                      ) + (("special", "joker.setup.khishti.special"),)


GAMES: dict[str, GameUi] = {
    "domino": GameUi(
        game="domino",
        table_scene="game.ui.domino.table_scene:DominoTableScene",
        default_names=("Ani", "Budi", "Citra", "Dewi"),
        options=(SetupOption("misplay_penalty", "domino.setup.misplay_penalty", ON_OFF),
                 SetupOption("timers", "domino.setup.timers", ON_OFF)),
        presets={"tournament": {"misplay_penalty": True, "timers": True},
                 "casual": {"misplay_penalty": False, "timers": False}},
        table_options=_domino_table_options),
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
                 SetupOption("timers", "tienlen.setup.timer", ON_OFF)),
        min_seats=2,
        table_options=_tienlen_table_options),
    "joker": GameUi(
        game="joker",
        table_scene="game.ui.joker.table_scene:JokerTableScene",
        default_names=("Nino", "Giorgi", "Tamar", "Levan"),
        options=(SetupOption("game_type", "joker.setup.game_type",
                             (("standard", "joker.setup.game_type.standard"),
                              ("nines", "joker.setup.game_type.nines"))),
                 SetupOption("khishti", "joker.setup.khishti", JOKER_KHISHTI),
                 SetupOption("dealer_cannot_fill", "joker.setup.dealer_cannot_fill", ON_OFF),
                 SetupOption("trump_beats_high_joker_lead",
                             "joker.setup.trump_beats_high_joker_lead", OFF_ON))),
}


def open_table(app, table, seats, settings: dict, save_path: Path | None = None) -> None:
    """Start a table, or resume the one saved at `save_path`, in the window: the menu stays
    below it on the stack. A new table gets a save of its own."""
    controller_settings = ControllerSettings(
        turn_seconds=settings.get("turn_seconds", 0),
        tambah_seconds=settings.get("tambah_seconds", 0),
        bot_budget_s=settings.get("bot_budget_s", 1.0),
        bot_move_pause_s=MOVE_PAUSE_S[app.settings.get("animation", "normal")])
    controller = TableController(table, seats, controller_settings,
                                 save_path=save_path or app.saves.new_path(table),
                                 bot_runner=app.bot_runner(), now=app.now,
                                 history=app.history)
    app.show("menu", reset=True)
    app.stack.push(GAMES[table.definition.name].scene_class()(app, controller))
