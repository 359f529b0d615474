"""Domino's GameDefinition: options, dealing and the scenario/1 notation."""

from __future__ import annotations

from random import Random  # only seeded instances: never the global random
from typing import Any, Mapping, Sequence

from game.core.errors import ScenarioError
from game.core.options import OptionSpec, int_between, is_bool
from game.core.rules import GameDefinition, StoryFacts

from . import actions, history
from .actions import (ENDS, OPENING_PLAY, PASS, PLAY_AT, REFUSAL_CODES, Apollo, DealEnded,
                      Misplayed, Pass, Play, TilePlayed)
from .state import (DEALS_IN_MATCH, NUM_PLAYERS, OPENINGS, REDEAL_THRESHOLDS, DominoDeal,
                    DominoOptions, DominoState, team_sums)
from .tiles import ALL_TILES, TILES_PER_HAND, tile_from_text, tile_text
from .wire import WIRE_TYPES


def _expect_object(raw: Any, what: str) -> dict:
    if not isinstance(raw, dict):
        raise ScenarioError(f"{what} must be a JSON object")
    return raw


def _tiles(raw: Any, whose: str) -> tuple:
    if not isinstance(raw, list):
        raise ScenarioError(f"{whose} must be a list of tiles")
    return tuple(tile_from_text(text) for text in raw)


def _check_opening(value: Any) -> str | None:
    return None if value in OPENINGS else f"must be one of {', '.join(OPENINGS)}"


def _check_redeal(value: Any) -> str | None:
    if type(value) is int and value in REDEAL_THRESHOLDS:
        return None
    return "must be 0 (off), 5, 6 or 7 (doubles in one hand that void the deal)"


def _check_target(value: Any) -> str | None:
    if type(value) is int and value >= 0:
        return None
    return "must be a whole number of points, 0 or more (0: a match of 12 deals)"


class DominoGame(GameDefinition):
    name = "domino"
    title = "Domino"
    min_players = max_players = NUM_PLAYERS
    unit = "points"
    event_sounds = {TilePlayed: "tile", DealEnded: "win"}
    glossary = ("apollo", "ceki", "ceki_habis", "ceki_biasa", "menang_biasa", "kandang",
                "tangkap_kandang", "tambah", "pas", "above")
    refusal_codes = REFUSAL_CODES
    options = {
        "misplay_penalty": OptionSpec("misplay_penalty", True, is_bool,
                                      "D8: a tile that fits neither end costs 1 point"),
        # D19: the table's timers; the engine accepts and ignores them.
        "turn_seconds": OptionSpec("turn_seconds", 35, int_between(0, 3600),
                                   "D19: thinking time per move (0 = off)"),
        "tambah_seconds": OptionSpec("tambah_seconds", 60, int_between(0, 3600),
                                     "D19: the once-per-deal extended move"),
        # house rules (docs/rules/variants.md); every combination of them is valid
        "opening": OptionSpec("opening", "six_six", _check_opening,
                              "V-D1: who opens each deal (six_six: D5)"),
        "redeal_doubles": OptionSpec("redeal_doubles", 0, _check_redeal,
                                     "V-D2: a hand with this many doubles voids the deal "
                                     "(0: off)"),
        "partnership": OptionSpec("partnership", False, is_bool,
                                  "V-D3: chairs A and C against B and D"),
        "target_points": OptionSpec("target_points", 0, _check_target,
                                    "V-D5: play to this total (0: 12 deals, D2)"),
    }
    #: D19: 35 s a move and one tambah of 60 s a deal
    timer_default_s = options["turn_seconds"].default
    tambah_default_s = options["tambah_seconds"].default
    count_names = history.COUNT_NAMES
    #: what a seat's observation, the events and the actions are made of (game/net)
    wire_types = WIRE_TYPES
    story = StoryFacts(
        event_kinds={actions.SeatsChanged: "seats", DealEnded: "deal_end",
                     actions.TiebreakNeeded: "tiebreak", actions.MatchEnded: "game_over"},
        deal_starts=(actions.DealStarted,),
        played={TilePlayed: lambda e: (e.tile,), Misplayed: lambda e: (e.tile,)},
        misplay=Misplayed,
        previous="latest")                   # domino has no tricks: each player's last move

    def history_counter(self, players: int):
        return history.counter(players)

    def history_figures(self, counts, games: int) -> dict:
        return history.figures(counts, games)

    def lesson(self):
        from .lesson import LESSON      # imported when asked: a replay never needs it
        return LESSON

    def new_table(self, players: Sequence[str], options: Mapping[str, Any],
                  scenario: Mapping[str, Any]) -> DominoState:
        return DominoState(players, misplay_penalty=options["misplay_penalty"],
                           options=DominoOptions(options["opening"], options["redeal_doubles"],
                                                 options["partnership"],
                                                 options["target_points"]))

    def deals_in_match(self, options: Mapping[str, Any]) -> int | None:
        # D2: twelve deals; V-D5: a match to a target has no set number of deals
        return None if options.get("target_points") else DEALS_IN_MATCH

    def random_deal(self, state: DominoState, rng: Random) -> DominoDeal:
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        chairs = state.next_deal_chairs()
        tiebreak = state.tiebreak_group is not None
        players = state.next_deal_players() if tiebreak else chairs
        hands: list = [None] * NUM_PLAYERS
        for index, player in enumerate(players):
            hands[player] = tuple(tiles[index * TILES_PER_HAND:(index + 1) * TILES_PER_HAND])
        return DominoDeal(tuple(hands), chairs, tiebreak)

    def deal_from_json(self, state: DominoState, raw: Any) -> DominoDeal:
        raw = _expect_object(raw, "a domino deal")
        chairs = state.next_deal_chairs()
        hands: list = [None] * NUM_PLAYERS
        if "hands_by_player" in raw:
            by_player = _expect_object(raw["hands_by_player"], "\"hands_by_player\"")
            for key, tiles in by_player.items():
                if not (isinstance(key, str) and key.isdigit() and int(key) < NUM_PLAYERS):
                    raise ScenarioError(f"{key!r} is not a player index")
                hands[int(key)] = _tiles(tiles, f"the hand of player {key}")
            return DominoDeal(tuple(hands), chairs, tiebreak=True)
        by_chair = raw.get("hands")
        if not isinstance(by_chair, list) or len(by_chair) != NUM_PLAYERS:
            raise ScenarioError("a domino deal needs \"hands\": four hands, by chair A, B, C, D")
        for chair, tiles in enumerate(by_chair):
            hands[chairs[chair]] = _tiles(tiles, f"the hand of chair {'ABCD'[chair]}")
        return DominoDeal(tuple(hands), chairs, tiebreak=False)

    def deal_to_json(self, deal: DominoDeal) -> dict:
        if deal.tiebreak:
            return {"hands_by_player": {str(p): [tile_text(t) for t in hand]
                                        for p, hand in enumerate(deal.hands) if hand is not None}}
        return {"hands": [[tile_text(t) for t in deal.hands[p]] for p in deal.chairs]}

    def action_from_json(self, raw: Any) -> Play | Pass | Apollo:
        kind = raw.get("type")
        if kind == "pass":
            return PASS
        if kind == "play":
            return self._play_from_json(raw)
        if kind == "apollo":
            plays = raw.get("plays")
            if not isinstance(plays, list) or len(plays) != 2:
                raise ScenarioError("an apollo move lists exactly two plays")
            first, second = (self._play_from_json(_expect_object(p, "a play")) for p in plays)
            return Apollo(first, second)
        raise ScenarioError(f"unknown domino action type {kind!r} (play, pass or apollo)")

    @staticmethod
    def _play_from_json(raw: dict) -> Play:
        tile = tile_from_text(raw.get("tile"))
        end = raw.get("end")
        if end is None:
            return OPENING_PLAY[tile]
        if end not in ENDS:
            raise ScenarioError(f"the end must be \"L\" or \"R\", not {end!r}")
        return PLAY_AT[tile][end]

    def action_to_json(self, action) -> dict:
        if isinstance(action, Pass):
            return {"type": "pass"}
        if isinstance(action, Apollo):
            return {"type": "apollo", "plays": [self._play_to_json(action.first),
                                                self._play_to_json(action.second)]}
        return {"type": "play", **self._play_to_json(action)}

    @staticmethod
    def _play_to_json(play: Play) -> dict:
        encoded = {"tile": tile_text(play.tile)}
        if play.end is not None:
            encoded["end"] = play.end
        return encoded

    def finished_deals_json(self, state: DominoState) -> list[dict]:
        partnership = state.options.partnership
        deals = []
        for result in state.results:
            entry = {"outcome": result.outcome, "winners": list(result.winners),
                     "points": list(result.points), "penalties": list(result.penalties),
                     "pips": list(result.pips)}
            if result.void:
                entry["void"] = True                                  # V-D2
            if result.tiebreak:
                entry["tiebreak"] = True
            if partnership:
                entry["team_points"] = list(team_sums(result.points))  # V-D3 (VD-d)
            deals.append(entry)
        return deals

    def winners(self, state: DominoState) -> list[int]:
        """D17: the champion, ties settled by the tie-break deals; in pairs (V-D3) the two
        players of the winning team."""
        if not getattr(getattr(state, "options", None), "partnership", False):
            return [state.ranking[0]] if state.ranking else super().winners(state)
        if state.ranking:
            return list(state.ranking[:2])
        teams = team_sums(state.totals)
        if teams[0] == teams[1]:
            return list(range(NUM_PLAYERS))
        first = 0 if teams[0] > teams[1] else 1
        return [first, first + 2]

    def extra_output(self, state: DominoState) -> dict:
        extra: dict[str, Any] = {}
        if state.options.partnership:
            extra["team_totals"] = list(team_sums(state.totals))     # V-D3
        if state.ranking is not None:
            extra["ranking"] = list(state.ranking)
        return extra

    def turn_goes_on(self, events) -> bool:
        return any(isinstance(event, Misplayed) for event in events)   # D8, D19

    def describe_action(self, action) -> str:
        return str(action)


DOMINO = DominoGame()
