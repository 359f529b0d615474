"""What the window knows about a game: the GameUi each game gives (game/ui/<game>/plugin.py,
registered with its definition in game/core/registry.py), and `open_table`. The shared screens
ask a game's GameUi (`GAMES[name]`) and never name a game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from game.controller.factory import open_controller
from game.controller.settings import ControllerSettings
from game.core.registry import get_game, get_game_ui, window_game_names


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
    #: the Statistics plot: each game's total (False) or the balance after each game (True)
    plot_running_total: bool = False
    #: the table of the game's lesson ("module:Class": its table scene with the guide)
    guided_table: str = ""
    #: the preset a first real table opens with after the lesson (the rules it taught)
    lesson_preset: str = ""
    #: the Review screen's board ("module:Class": a review_board.StillBoard drawing a still
    #: position with the game's renderer)
    review_board: str = ""
    #: its moves and its move log's lines in words (a move_words.GameWords)
    words: Any = None
    #: a refusal's parameter (IllegalAction.params: "card", "tile" …) -> its words
    refusal_param_words: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)
    #: a card or tile the move log shows, drawn small (None: the log draws none)
    log_picture: Callable[[Any], Any] | None = None
    #: the move log's pictures of one line overlap (cards) or stand apart (tiles)
    log_pictures_overlap: bool = True

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
        return imported(self.table_scene)

    def guided_table_class(self) -> Any:
        return imported(self.guided_table)


def imported(target: str) -> Any:
    """The object a "module:attribute" names (imported when first asked for)."""
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


CUSTOM = "custom"


def house_options(chosen: dict, game: str, keys: tuple) -> dict:
    """The house rules chosen away from the base rules (a base-rules table's options stay as
    they were before the house rules existed)."""
    specs = get_game(game).options
    return {key: chosen[key] for key in keys
            if key in chosen and chosen[key] != specs[key].default}


ON_OFF = ((True, "setup.on"), (False, "setup.off"))
OFF_ON = ((False, "setup.off"), (True, "setup.on"))
#: the coach and undo: on at a Casual table, off in a tournament's presets
ASSISTS = SetupOption("assists", "setup.assists", ON_OFF)


class GameUis(Mapping):
    """Every registered game's GameUi by name (the games registered with one), in the
    registry's order: a view of game/core/registry.py (a game registered later shows here
    too)."""

    def __getitem__(self, name: str) -> GameUi:
        return get_game_ui(name)

    def __iter__(self) -> Iterator[str]:
        return iter(window_game_names())

    def __len__(self) -> int:
        return len(window_game_names())


GAMES = GameUis()


def open_table(app, table, seats, settings: ControllerSettings | None = None,
               save_path: Path | None = None, clock: dict | None = None,
               hosting: Any = None) -> None:
    """Start a table, or resume the one saved at `save_path` (with the `clock` of a turn left
    under way: autosave.open_save), in the window: the menu stays below it on the stack. A new
    table gets a save of its own. A table with remote seats is hosted (game/ui/hosting.py):
    by `hosting`, which the waiting panel started, or, reopened from a save, served again."""
    settings = settings or ControllerSettings()
    if hosting is None and any(seat.is_remote for seat in seats):
        from .hosting import host_again
        hosting = host_again(app, table, seats, settings, save_path)
    if hosting is not None:
        hosting.mark(table)
    controller = open_controller(table, seats, settings,
                                 save_path=save_path or app.saves.new_path(table),
                                 bot_runner=app.bot_runner(), now=app.now,
                                 history=app.history, clock=clock)
    app.show("menu", reset=True)
    scene = GAMES[table.definition.name].scene_class()(app, controller)
    app.stack.push(scene)
    if hosting is not None:
        from .hosting import serve_table
        serve_table(app, scene, table, hosting)


def follow_settings(table_scene) -> None:
    """Settings changed over a paused table (its pause menu's Settings): the animation speed
    (the table's pace: table_pace.py) and reduced motion apply from the next move on, as a new
    table reads them; the game itself is untouched."""
    table_scene.tempo.follow_speed()
    table_scene.timeline.reduced = table_scene.app.settings.get("reduced_motion", False)
