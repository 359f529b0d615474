"""Joker's GameDefinition: options, table creation and the scenario/1 notation (JSON)."""

from __future__ import annotations

from random import Random  # only seeded instances: never the global random
from typing import Any, Mapping, Sequence

from ..core.errors import ScenarioError
from ..core.options import OptionSpec, int_between, is_bool
from ..core.rules import GameDefinition, StoryFacts
from . import actions, history
from .actions import (BID_ACTIONS, JOKER_MODE_WORDS, REFUSAL_CODES, TRUMP_ACTIONS, Bid, CardPlayed,
                      ChooseTrump, DealResult, GameOver, JokerMode, Play, PulkaResult, TrickTaken)
from .cards import SUIT_LETTERS, card_text, is_joker, parse_card_text, parse_suit_letter
from .dealing import ace_cutting, shuffled_deal
from .schedule import GAME_TYPES, Schedule
from .scoring import PREMIUM_MODES, SPECIAL_KHISHTI, ranking, team_totals
from .state import FULL_DEAL, NUM_PLAYERS, JokerDeal, JokerOptions, JokerState
from .wire import WIRE_TYPES

NO_TRUMP_WORD = "none"
_KHISHTI_RANGE = int_between(-1000, -100)


def _check_khishti(value: Any) -> str | None:
    if value == SPECIAL_KHISHTI:
        return None
    if _KHISHTI_RANGE(value) is None:
        return None
    return "must be a whole number from -1000 to -100, or \"special\" (-100 × cards dealt)"


def _check_game_type(value: Any) -> str | None:
    return None if value in GAME_TYPES else f"must be one of {', '.join(GAME_TYPES)}"


def _check_premium(value: Any) -> str | None:
    return None if value in PREMIUM_MODES else f"must be one of {', '.join(PREMIUM_MODES)}"


def _trump_text(suit: int | None) -> str:
    return NO_TRUMP_WORD if suit is None else SUIT_LETTERS[suit]


class JokerGame(GameDefinition):
    name = "joker"
    title = "Joker"
    min_players = max_players = NUM_PLAYERS
    unit = "score"
    event_sounds = {CardPlayed: "card", TrickTaken: "trick", GameOver: "win"}
    glossary = ("khishti", "bezi", "pulka", "mojokvra", "kvevidan", "maghali", "tsaighos",
                "atuzva", "kozyri", "premium")
    refusal_codes = REFUSAL_CODES
    #: 30 s a move (a bid, the trump, a card), as online Joker rooms time each move: the
    #: table's comfort, never an engine option (spec/joker.md has no timer;
    #: docs/joker-decisions.md)
    timer_default_s = 30
    count_names = history.COUNT_NAMES
    #: what a seat's observation, the events and the actions are made of (game/net)
    wire_types = WIRE_TYPES
    story = StoryFacts(
        event_kinds={TrickTaken: "trick", DealResult: "deal_end", PulkaResult: "premium",
                     GameOver: "game_over"},
        deal_starts=(actions.DealStarted,),
        round_ends=(TrickTaken,),
        played={CardPlayed: lambda e: (e.card,)},
        before_play=(Bid, ChooseTrump),      # told before the first trick
        after_rounds=("premium",))

    def history_counter(self, players: int):
        return history.counter(players)

    def history_figures(self, counts, games: int) -> dict:
        return history.figures(counts, games)

    def lesson(self):
        from .lesson import LESSON      # imported when asked: a replay never needs it
        return LESSON
    options = {
        "khishti": OptionSpec("khishti", -200, _check_khishti,
                              "points for taking no trick after bidding some (J14)"),
        "dealer_cannot_fill": OptionSpec("dealer_cannot_fill", True, is_bool,
                                         "the dealer may not make the bids add up (J6)"),
        "trump_beats_high_joker_lead": OptionSpec(
            "trump_beats_high_joker_lead", False, is_bool,
            "a trump of a void player beats a joker led high in another suit (J11)"),
        "game_type": OptionSpec("game_type", "standard", _check_game_type,
                                "standard: 24 deals; nines: 16 deals of 9 cards (J4)"),
        # house rules (docs/rules/variants.md); every combination of options is valid
        "premium": OptionSpec("premium", "standard", _check_premium,
                              "how the pulka premium is paid (V-J3; standard: J15)"),
        "partnership": OptionSpec("partnership", False, is_bool,
                                  "seats 0 and 2 play against seats 1 and 3 (V-J4)"),
    }

    def new_table(self, players: Sequence[str], options: Mapping[str, Any],
                  scenario: Mapping[str, Any]) -> JokerState:
        first_dealer = scenario.get("first_dealer", 0)
        if type(first_dealer) is not int or not 0 <= first_dealer < NUM_PLAYERS:
            raise ScenarioError(f"\"first_dealer\" must be a seat from 0 to 3, not "
                                f"{first_dealer!r}")
        return JokerState(JokerOptions(**options), first_dealer)

    def opening_fields(self, seed: int | str) -> dict:
        """J3: the first dealer, by the ace cutting of the table's seed (scenario default: 0)."""
        return {"first_dealer": ace_cutting(seed)[0]}

    def deals_in_match(self, options: Mapping[str, Any]) -> int:
        return len(Schedule.for_game_type(options["game_type"]))     # J4: 24, or 16 nines

    def random_deal(self, state: JokerState, rng: Random) -> JokerDeal:
        return shuffled_deal(state.next_deal_cards(), state.next_dealer(), rng)

    # --- deals ------------------------------------------------------------------------------

    def deal_from_json(self, state: JokerState, raw: Any) -> JokerDeal:
        cards = state.next_deal_cards()
        if not isinstance(raw, dict) or not isinstance(raw.get("hands"), list):
            raise ScenarioError("a Joker deal is an object with \"hands\": four lists of cards")
        hands = raw["hands"]
        if len(hands) != NUM_PLAYERS or not all(isinstance(hand, list) for hand in hands):
            raise ScenarioError("\"hands\" must be four lists of cards, one per seat")
        parsed = tuple(tuple(parse_card_text(text) for text in hand) for hand in hands)
        for seat, hand in enumerate(parsed):
            if len(hand) != cards:
                raise ScenarioError(f"this deal has {cards} cards per hand (J4), but seat {seat} "
                                    f"has {len(hand)}")
        turned = raw.get("trump_card")
        if cards == FULL_DEAL:
            if turned is not None:
                raise ScenarioError("a 9-card deal has no \"trump_card\": the player after the "
                                    "dealer names trump (J5)")
            trump_card = None
        else:
            if turned is None:
                raise ScenarioError(f"a {cards}-card deal needs a \"trump_card\" (J5)")
            trump_card = parse_card_text(turned)
        seen: set[int] = set()
        for card in [c for hand in parsed for c in hand] + [trump_card]:
            if card in seen:
                raise ScenarioError(f"{card_text(card)} is dealt twice")
            seen.add(card)
        return JokerDeal(parsed, trump_card)

    def deal_to_json(self, deal: JokerDeal) -> dict:
        encoded: dict[str, Any] = {"hands": [[card_text(c) for c in hand] for hand in deal.hands]}
        if deal.trump_card is not None:
            encoded["trump_card"] = card_text(deal.trump_card)
        return encoded

    # --- actions ----------------------------------------------------------------------------

    def action_from_json(self, raw: Any) -> Bid | ChooseTrump | Play:
        kind = raw.get("type") if isinstance(raw, dict) else None
        if kind == "bid":
            n = raw.get("n")
            if type(n) is not int:
                raise ScenarioError(f"a bid needs \"n\", a whole number of tricks, not {n!r}")
            return BID_ACTIONS[n] if 0 <= n < len(BID_ACTIONS) else Bid(n)
        if kind == "trump":
            suit = raw.get("suit")
            if isinstance(suit, str) and suit.strip().lower() == NO_TRUMP_WORD:
                return TRUMP_ACTIONS[-1]
            return TRUMP_ACTIONS[parse_suit_letter(suit)]
        if kind == "play":
            card = parse_card_text(raw.get("card"))
            mode = raw.get("joker")
            mode = mode.strip().lower() if isinstance(mode, str) else mode
            if mode is not None and mode not in JOKER_MODE_WORDS:
                raise ScenarioError(f"\"joker\" is one of high, takes, under, not {mode!r}")
            suit = raw.get("suit")
            return Play(card, None if mode is None else JokerMode(JOKER_MODE_WORDS.index(mode)),
                        None if suit is None else parse_suit_letter(suit))
        raise ScenarioError(f"unknown action type {kind!r} (Joker actions: bid, trump, play)")

    def action_to_json(self, action: Bid | ChooseTrump | Play) -> dict:
        if type(action) is Play:
            encoded: dict[str, Any] = {"type": "play", "card": card_text(action.card)}
            if action.joker is not None:
                encoded["joker"] = JOKER_MODE_WORDS[action.joker]
            if action.suit is not None:
                encoded["suit"] = SUIT_LETTERS[action.suit]
            return encoded
        if type(action) is Bid:
            return {"type": "bid", "n": action.n}
        return {"type": "trump", "suit": _trump_text(action.suit)}

    def describe_action(self, action: Any) -> str:
        encoded = self.action_to_json(action)
        if encoded["type"] == "bid":
            return f"bid {encoded['n']}"
        if encoded["type"] == "trump":
            return f"trump {encoded['suit']}"
        words = [encoded["card"]]
        if is_joker(action.card) and action.joker is not None:
            words.append(encoded["joker"])
        if "suit" in encoded:
            words.append(encoded["suit"])
        return " ".join(words)

    # --- output -----------------------------------------------------------------------------

    def finished_deals_json(self, state: JokerState) -> list[dict]:
        lines = []
        for line in state.sheet:
            if isinstance(line, DealResult):
                lines.append({"cards": line.cards, "dealer": line.dealer,
                              "trump": _trump_text(line.trump), "bids": list(line.bids),
                              "tricks": list(line.tricks), "scores": list(line.scores)})
            elif isinstance(line, PulkaResult):
                lines.append({"pulka": line.pulka, "premium": list(line.premium),
                              "adjust": list(line.adjust)})
        return lines

    def extra_output(self, state: JokerState) -> dict:
        partnership = state.options.partnership
        extra: dict[str, Any] = {}
        if partnership:
            extra["team_totals"] = list(team_totals(state.totals))   # V-J4
        if state.is_terminal():
            extra["ranking"] = list(ranking(state.totals, partnership))
        return extra

    def winners(self, state: JokerState) -> list[int]:
        """J16; in pairs (V-J4) the two players of the team with the higher sum (a tie: all
        four share it)."""
        if not getattr(getattr(state, "options", None), "partnership", False):
            return super().winners(state)
        teams = team_totals(state.totals)
        if teams[0] == teams[1]:
            return list(range(NUM_PLAYERS))
        first = 0 if teams[0] > teams[1] else 1
        return [first, first + 2]


JOKER = JokerGame()
