"""The engine contract shared by the three games.

Every game offers a *state* object (the `Rules` protocol below) and a `GameDefinition` that knows
how to create one and how to read/write the scenario/1 notation. The controller, the replay
command, the `sim` runner and the search AI are written once against these two, never against one
game.

Conventions (modelled on OpenSpiel's State API):
- Players are referred to by *player index* (their position in the scenario's `players` list).
- Chance is data: when `needs_deal()` is true, the caller supplies a deal record with
  `start_deal(deal)` (from a scenario, or from `GameDefinition.random_deal`). States never draw
  random numbers themselves.
- `apply(action)` mutates the state and returns the events it caused; an illegal action raises
  `IllegalAction` and leaves the state exactly as it was.
- `observation(player)` is all a seat may know: own hand, public history, others' hand sizes.
  Bots and the UI only ever see observations.
- `clone()` is cheap (no deepcopy): search AI clones states in its inner loop.
"""

from __future__ import annotations

from random import Random  # only seeded instances: never the global random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence, TypeVar

from .options import OptionSpec

StateT = TypeVar("StateT", bound="Rules")


class Rules(Protocol):
    """A game in progress (a whole match / table, across deals)."""

    num_players: int

    def needs_deal(self) -> bool:
        """True when the next thing to happen is a new deal (chance), not a player's move."""

    def start_deal(self, deal: Any) -> list:
        """Begin the next deal from a deal record; returns the events (may end the deal at once)."""

    def current_player(self) -> int | None:
        """The player index to act, or None when a deal is needed or the game is over."""

    def legal_actions(self) -> list:
        """Every distinct legal action for the current player (empty when nobody is to act)."""

    def apply(self, action: Any) -> list:
        """Apply the current player's action (or a game-specific out-of-turn action such as
        Tiến Lên's `leave`); returns events. Raises IllegalAction, changing nothing."""

    def is_terminal(self) -> bool:
        """True when the game is over and no more deals or actions follow."""

    def returns(self) -> list[int]:
        """Totals by player index so far (points, gold won/lost, or score)."""

    def observation(self, player: int) -> Any:
        """What `player` may see: own hand, public history, hand sizes of the others."""

    def clone(self: StateT) -> StateT:
        """An independent copy, cheap enough for search."""


@dataclass(frozen=True)
class StoryFacts:
    """What the move log tells of a game's events (game/controller/story.py): a game's
    definition gives them as `story`. A game that gives none has its moves told, and a header
    line at each deal."""
    #: event type -> the kind of line it makes ("deal_end", "game_over", "trick", …: the window
    #: words each kind); an event not listed makes no line of its own
    event_kinds: Mapping[type, str] = field(default_factory=dict)
    #: the events that open a deal (its header line tells them); none: each deal record does
    deal_starts: tuple[type, ...] = ()
    #: the events that close a trick or a round
    round_ends: tuple[type, ...] = ()
    #: a move's own events -> what it laid on the table (drawn small on its line)
    played: Mapping[type, Callable[[Any], tuple]] = field(default_factory=dict)
    #: the event that makes its move a misplay line (domino, D8)
    misplay: type | None = None
    #: the actions told before the first trick (round 0): Joker's bids and trump
    before_play: tuple[type, ...] = ()
    #: an event of a listed kind that makes no line after all (Tiến Lên: a round ended by the
    #: game's end, which its result tells)
    untold: Callable[[Any], bool] = lambda event: False
    #: the key B's "before this one": "round" (the last trick or round closed) or "latest"
    #: (each player's latest move in the deal: a game without tricks)
    previous: str = "round"
    #: kinds of line that close a round but are not part of it (besides a deal's and the
    #: game's end): Joker's pulka result
    after_rounds: tuple[str, ...] = ()


def highest_totals(totals: Sequence[int]) -> list[int]:
    """The players with the highest total (several when tied)."""
    best = max(totals)
    return [player for player, total in enumerate(totals) if total == best]


class GameDefinition(ABC):
    """One game: its options, how to create a table, its scenario/1 notation, and the facts
    about it that the window, the replay and the `sim` runner ask for instead of the game's
    name."""

    #: the scenario's "game" value (the registry's name for it)
    name: str
    #: the game's name in the command line's output (the window says it in words: menu.<name>)
    title: str = ""
    min_players: int
    max_players: int
    #: option name -> spec; the scenario's "options" object is resolved against this
    options: Mapping[str, OptionSpec]
    #: True when a table has no natural end and is "finished" once the last listed deal is over
    #: (Tiến Lên: a table plays game after game).
    open_ended: bool = False
    #: what `returns()` counts: "points", "gold" or "score"
    unit: str = "points"
    #: False when the rules' winner need not hold the highest total (Tiến Lên: the first player
    #: out wins, T10, though chops may leave a loser with more gold)
    winner_has_highest_total: bool = True
    #: engine event class -> the sound effect it makes, by name ("tile", "card", "chop",
    #: "trick", "win"); the window owns the sounds themselves
    event_sounds: Mapping[type, str] = {}
    #: the game's own words, explained under its rules (keys of the locale's glossary)
    glossary: tuple[str, ...] = ()
    #: every IllegalAction code its engine raises (the window words each one)
    refusal_codes: tuple[str, ...] = ()
    #: the move timer when a table's timer is on, in seconds (the setup's "Timer", a save's
    #: settings when they lack one), and the once-a-deal longer move (D19's tambah; 0: none)
    timer_default_s: int = 0
    tambah_default_s: int = 0
    #: the counts the history keeps of each finished game, by player, in the order shown
    count_names: tuple[str, ...] = ()
    #: what the move log tells of the game's events
    story: StoryFacts = StoryFacts()
    #: the game's own types (dataclasses, NamedTuples, enums) that its observations, events
    #: and actions are made of: the allowlist a table across machines sends and rebuilds
    #: (game/net/codec.py); a game without them cannot be played across machines
    wire_types: tuple[type, ...] = ()

    @abstractmethod
    def new_table(self, players: Sequence[str], options: Mapping[str, Any],
                  scenario: Mapping[str, Any]) -> Rules:
        """A fresh table. `options` are already resolved; `scenario` is the whole input object,
        for game-specific top-level fields such as Joker's `first_dealer` (validate them here)."""

    @abstractmethod
    def random_deal(self, state: Rules, rng: Random) -> Any:
        """A deal record for the next deal of `state`, shuffled with `rng`."""

    @abstractmethod
    def deal_from_json(self, state: Rules, raw: Any) -> Any:
        """Parse a scenario deal entry (raises ScenarioError when malformed)."""

    @abstractmethod
    def deal_to_json(self, deal: Any) -> dict:
        """The scenario notation of a deal record."""

    @abstractmethod
    def action_from_json(self, raw: Any) -> Any:
        """Parse a scenario action (raises ScenarioError when malformed). The optional
        "player" key is checked by the replay driver, not here."""

    @abstractmethod
    def action_to_json(self, action: Any) -> dict:
        """The scenario notation of an action (without "player")."""

    @abstractmethod
    def finished_deals_json(self, state: Rules) -> list[dict]:
        """The replay output's "deals" list: one entry per finished deal (and Joker pulkas)."""

    def opening_fields(self, seed: int | str) -> dict:
        """Game-specific top-level fields of a new table (the `extra` of `Table`), decided from
        its seed before the first deal (Joker: the first dealer, by the ace cutting of J3).
        Without them a table starts from the scenario defaults."""
        return {}

    def deals_in_match(self, options: Mapping[str, Any]) -> int | None:
        """How many deals a match has by its rules with these (resolved) options; None for an
        open-ended table (Tiến Lên). Tie-break deals (D17) come after these."""
        return None

    def winners(self, state: Rules) -> list[int]:
        """Who won the game by its rules, once it is over (an open-ended table: its last game).
        The default, and the answer for a game cut short: the highest total, ties shared."""
        return highest_totals(state.returns())

    def extra_output(self, state: Rules) -> dict:
        """Game-specific top-level output keys (e.g. "ranking" when the game is finished)."""
        return {}

    def timeout_action(self, state: Rules, legal: Sequence[Any], fallback: Any) -> Any:
        """The move made for a player whose time ran out (D19, T11). `fallback` is what an easy
        bot would play; games with a stricter rule override this."""
        return fallback

    def turn_goes_on(self, events: Sequence[Any]) -> bool:
        """True when these events leave the same player in the middle of the same move (a
        domino misplay, D8): their move timer goes on instead of starting again (D19)."""
        return False

    def history_counter(self, players: int) -> tuple[list[dict], Callable[[list, Any], None]]:
        """The history's counts of one game, by player (`count_names`, from 0), and the
        function that counts: called with each deal's and move's events and the state after
        them while the finished game's record is replayed (game/history/counts.py)."""
        counts = [dict.fromkeys(self.count_names, 0) for _ in range(players)]
        return counts, lambda events, state: None

    def history_figures(self, counts: Mapping[str, int], games: int) -> dict:
        """The game's own figures on the Statistics screen and in `main.py stats` (each
        worded `stats.<name>`), from a profile's counts summed over `games` games, with
        "total": the sum of its totals."""
        return {}

    def lesson(self) -> Any:
        """The game's guided first game (a game.lessons Lesson), or None: no lesson."""
        return None

    def describe_action(self, action: Any) -> str:
        """Short words for an action, used in error messages."""
        return str(self.action_to_json(action))
