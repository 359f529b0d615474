"""A table: one game in progress, with its seed and a record of every deal and action applied.

The record *is* a scenario/1 object, so saving a table is dumping its record and loading a save is
replaying it (`game.core.replay.load_table`). New deals come from
`random.Random(f"{seed}/{deal_number}")`: one seeded stream per table, addressed by deal number, so
a resumed table deals exactly what the original would have dealt.
"""

from __future__ import annotations

from random import Random  # only seeded instances: never the global random
from typing import Any, Mapping, Sequence

from .options import resolve_options
from .registry import get_game
from .rules import GameDefinition, Rules
from .scenario import FORMAT, check_scenario

#: top-level scenario keys that are not game-specific (everything else is passed to the game)
ENVELOPE_KEYS = ("format", "game", "options", "players", "deals", "actions", "table")


class Table:
    def __init__(self, game: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 seed: int | str = 0, extra: Mapping[str, Any] | None = None):
        """`extra` holds game-specific top-level fields such as Joker's `first_dealer`."""
        self.definition: GameDefinition = get_game(game)
        self.seed = seed
        self.record: dict[str, Any] = {
            "format": FORMAT, "game": game, "options": dict(options or {}),
            "players": list(players), **dict(extra or {}),
            "deals": [], "actions": [], "table": {"seed": seed},
        }
        check_scenario(self.record)
        #: the index in the record's actions of the current deal's first action
        self.deal_began_at = 0
        #: the resolved options (every option with its value): public, like the rules in force
        self.options: dict[str, Any] = resolve_options(self.definition.options,
                                                       self.record["options"])
        self.state: Rules = self.definition.new_table(self.record["players"], self.options,
                                                      self.record)

    @classmethod
    def open(cls, game: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
             seed: int | str = 0) -> "Table":
        """A new table as the window opens one: with the fields its game decides from the seed
        before the first deal (Joker's first dealer by ace cutting, J3)."""
        return cls(game, players, options, seed, get_game(game).opening_fields(seed))

    @classmethod
    def for_scenario(cls, data: Mapping[str, Any]) -> "Table":
        """An empty table with the scenario's game, players, options, seed and extra fields."""
        check_scenario(data)
        extra = {k: v for k, v in data.items() if k not in ENVELOPE_KEYS}
        meta = data.get("table") if isinstance(data.get("table"), dict) else {}
        table = cls(data["game"], data["players"], data["options"], meta.get("seed", 0), extra)
        assists = meta.get("assists")
        if isinstance(assists, dict):   # a game played with undo or the coach stays marked
            table.record["table"]["assists"] = {
                str(kind): count for kind, count in assists.items()
                if isinstance(count, int) and not isinstance(count, bool)}
        return table

    @property
    def players(self) -> list[str]:
        return self.record["players"]

    def opening(self) -> tuple[Any, dict] | None:
        """Before anything is played: the seed and the fields its game decided from it before
        the first deal (GameDefinition.opening_fields: Joker's first dealer, J3)."""
        record = self.record
        if record["actions"] or len(record["deals"]) > 1:
            return None
        decided = self.definition.opening_fields(self.seed)
        return self.seed, {key: record[key] for key in decided if key in record}

    def start_deal(self, deal: Any) -> list:
        """Start a given deal record (validated by the engine) and record it."""
        events = self.state.start_deal(deal)
        self.record["deals"].append(self.definition.deal_to_json(deal))
        self.deal_began_at = len(self.record["actions"])
        return events

    def deal_if_needed(self) -> list:
        """Deal from the seeded stream for as long as the state asks for a deal."""
        events: list = []
        while self.state.needs_deal() and not self.state.is_terminal():
            events += self.deal_next()
        return events

    def deal_next(self) -> list:
        """One deal from the seeded stream. It may end at once (an instant win): a caller that
        shows deals one by one (the controller) deals with this."""
        number = len(self.record["deals"]) + 1
        deal = self.definition.random_deal(self.state, Random(f"{self.seed}/{number}"))
        return self.start_deal(deal)

    def note_assist(self, kind: str) -> None:
        """The player used an assist ("undo", "coach"): the record says how often, so the
        history counts the game apart (game/history/stats.py)."""
        assists = self.record["table"].setdefault("assists", {})
        assists[kind] = assists.get(kind, 0) + 1

    def apply(self, action: Any) -> list:
        """Apply an action and record it; IllegalAction leaves table and record unchanged."""
        player = self.state.current_player()
        events = self.state.apply(action)
        encoded = self.definition.action_to_json(action)
        if player is not None and "player" not in encoded:
            encoded = {**encoded, "player": player}
        self.record["actions"].append(encoded)
        return events
