"""Tiến Lên as a GameDefinition: table options, random deals and the scenario/1 notation."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core.errors import ScenarioError
from game.core.options import OptionSpec, int_between, is_bool
from game.core.rules import GameDefinition, StoryFacts

from . import actions, history
from . import cards as card_text
from .actions import (PASS, REFUSAL_CODES, CardsPlayed, Chopped, Deal, GameOver, InstantWin, Leave,
                      Pass, Play, TienLenOptions)
from .cards import DECK_SIZE, HAND_SIZE, cards_of, mask_of
from .state import TienLenState, deal_problem
from .wire import WIRE_TYPES

class one_of:  # noqa: N801 - used like the checks of game.core.options
    """An option check: the value must be one of `choices` (listed for tests and the setup
    screen as `.choices`)."""

    def __init__(self, *choices: str):
        self.choices = choices

    def __call__(self, value: Any) -> str | None:
        if isinstance(value, str) and value in self.choices:
            return None
        return "must be one of " + ", ".join(f'"{choice}"' for choice in self.choices)


OPTIONS = {
    "stake": OptionSpec("stake", 1, int_between(1, 1_000_000), "gold paid per penalty card (T20)"),
    "gold": OptionSpec("gold", 1000, int_between(0, 1_000_000_000),
                       "each player's gold balance when the table opens (T20)"),
    "turn_seconds": OptionSpec("turn_seconds", 15, int_between(0, 3600),
                               "time per turn, 0 = no timer (T11; the controller's business)"),
    # the house rules (docs/rules/variants.md): the defaults are T1–T20 exactly
    "settlement": OptionSpec("settlement", "count", one_of("count", "places"),
                             "count: the first out wins, losers pay their cards (T10, T14); "
                             "places: play out every place, Nhất–Nhì–Ba–Bét (V-T1)"),
    "place_unit": OptionSpec("place_unit", 10, int_between(1, 1_000_000),
                             "cards of one place payment with settlement places (V-T1)"),
    "no_finish_on_two": OptionSpec("no_finish_on_two", False, is_bool,
                                   "a play that empties a hand may not hold a 2 (V-T2)"),
    "three_spades_finish": OptionSpec("three_spades_finish", False, is_bool,
                                      "going out on the single 3♠ doubles the payments (V-T3)"),
    "instant_wins": OptionSpec("instant_wins", "standard", one_of("standard", "off", "extended"),
                               "T17–T19 instant wins; off; or with 13 cards of one colour (V-T4)"),
    "chop_settlement": OptionSpec("chop_settlement", "chain_last", one_of("chain_last", "each"),
                                  "chained chops: the last pays all (T13), or each chop at once "
                                  "(V-T5)"),
    "comeback": OptionSpec("comeback", "four_pairs", one_of("four_pairs", "off", "any_bomb"),
                           "who may chop after passing: four pairs (T9), nobody, any bomb "
                           "(V-T6)"),
    "lead_rule": OptionSpec("lead_rule", "winner", one_of("winner", "three_spades"),
                            "who leads later games: the winner (T7) or the 3♠ (V-T7)"),
}
#: the options that are house rules (the rest: stake, gold, turn_seconds)
HOUSE_RULES = tuple(field for field in TienLenOptions.__dataclass_fields__)


def house_rules(options: Mapping[str, Any]) -> TienLenOptions:
    """The house rules of resolved options (missing ones take their defaults)."""
    return TienLenOptions(**{key: options[key] for key in HOUSE_RULES if key in options})


def _card_list(raw: Any, what: str) -> tuple[int, ...]:
    if not isinstance(raw, list):
        raise ScenarioError(f"{what} must be a list of cards like [\"5S\", \"5H\"]")
    cards = tuple(card_text.parse(text) for text in raw)
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise ScenarioError(f"{what} lists {card_text.name(twice)} twice")
    return cards


class TienLenGame(GameDefinition):
    name = "tienlen"
    title = "Tiến Lên"
    min_players = 2
    max_players = 4
    options = OPTIONS
    open_ended = True
    unit = "gold"
    winner_has_highest_total = False
    event_sounds = {CardsPlayed: "card", Chopped: "chop", InstantWin: "win", GameOver: "win"}
    glossary = ("chat", "chat_chong", "toi_trang", "thui_heo", "thui_hang", "hang", "cong", "heo",
                "doi_thong", "tu_quy")
    refusal_codes = REFUSAL_CODES
    timer_default_s = OPTIONS["turn_seconds"].default      # T11: 15 s a move
    count_names = history.COUNT_NAMES
    #: what a seat's observation, the events and the actions are made of (game/net)
    wire_types = WIRE_TYPES
    story = StoryFacts(
        event_kinds={InstantWin: "instant", Chopped: "chop", actions.ChopSettled: "chop_paid",
                     actions.RoundEnded: "round_end", actions.PlayerOut: "out",
                     actions.CongPaid: "cong", GameOver: "deal_end"},
        deal_starts=(actions.GameStarted,),
        round_ends=(actions.RoundEnded,),
        played={CardsPlayed: lambda e: tuple(sorted(e.cards))},
        # a round the game's end closed: the game's result tells it
        untold=lambda event: isinstance(event, actions.RoundEnded) and event.leader is None)

    def history_counter(self, players: int):
        return history.counter(players)

    def history_figures(self, counts, games: int) -> dict:
        return history.figures(counts, games)

    def lesson(self):
        from .lesson import LESSON      # imported when asked: a replay never needs it
        return LESSON

    def new_table(self, players: Sequence[str], options: Mapping[str, Any],
                  scenario: Mapping[str, Any]) -> TienLenState:
        return TienLenState(players, stake=options["stake"], gold=options["gold"],
                            options=house_rules(options))

    def random_deal(self, state: TienLenState, rng) -> Deal:
        """T1: 13 cards to each player still at the table; the rest stay out of play."""
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        hands, used = [], 0
        for seated in state.at_table:
            if seated:
                hands.append(tuple(sorted(deck[used:used + HAND_SIZE])))
                used += HAND_SIZE
            else:
                hands.append(())
        return Deal(tuple(hands))

    def deal_from_json(self, state: TienLenState, raw: Any) -> Deal:
        if not isinstance(raw, dict) or not isinstance(raw.get("hands"), list):
            raise ScenarioError("a Tiến Lên deal must be {\"hands\": [[13 cards] per player]}")
        hands = tuple(tuple(sorted(_card_list(hand, f"hand {player}")))
                      for player, hand in enumerate(raw["hands"]))
        problem = deal_problem(state.at_table, hands)
        if problem:
            raise ScenarioError(problem)
        return Deal(hands)

    def deal_to_json(self, deal: Deal) -> dict:
        return {"hands": [[card_text.name(card) for card in sorted(hand)] for hand in deal.hands]}

    def action_from_json(self, raw: Any) -> Play | Pass | Leave:
        kind = raw.get("type") if isinstance(raw, dict) else None
        if kind == "play":
            cards = _card_list(raw.get("cards"), "\"cards\"")
            if not cards:
                raise ScenarioError("a play needs at least one card")
            return Play(cards_of(mask_of(cards)))
        if kind == "pass":
            return PASS
        if kind == "leave":
            player = raw.get("player")
            if isinstance(player, bool) or not isinstance(player, int):
                raise ScenarioError(f"\"leave\" needs \"player\": a player index, not {player!r}")
            return Leave(player)
        raise ScenarioError(f"unknown Tiến Lên action type {kind!r} (play, pass or leave)")

    def action_to_json(self, action: Play | Pass | Leave) -> dict:
        if isinstance(action, Play):
            return {"type": "play", "cards": [card_text.name(card) for card in action.cards]}
        if isinstance(action, Pass):
            return {"type": "pass"}
        return {"type": "leave", "player": action.player}

    def finished_deals_json(self, state: TienLenState) -> list[dict]:
        return [self._result_json(result) for result in state.results]

    @staticmethod
    def _result_json(result) -> dict:
        entry = {"outcome": result.outcome, "winner": result.winner, "gold": list(result.gold),
                 "chops": [{"from": chop.payer, "to": chop.receiver, "cards": chop.cards}
                           for chop in result.chops]}
        if result.places is not None:
            entry["places"] = list(result.places)             # V-T1
        if result.three_spades_finish:
            entry["three_spades_finish"] = True               # V-T3
        return entry

    def winners(self, state: TienLenState) -> list[int]:
        """T10: the first player out of the last game (an instant winner included), whatever
        the chops paid on the way; nobody after a V-T2 dead end without places."""
        if not state.results:
            return super().winners(state)
        winner = state.results[-1].winner
        return [] if winner is None else [winner]

    def timeout_action(self, state: TienLenState, legal, fallback):
        """T11: pass when passing is allowed, else the lowest legal single."""
        return state.timeout_action() or fallback

    def describe_action(self, action: Play | Pass | Leave) -> str:
        if isinstance(action, Play):
            return "play " + card_text.describe(action.cards)
        if isinstance(action, Pass):
            return "pass"
        return f"player {action.player} leaves"


TIENLEN = TienLenGame()
