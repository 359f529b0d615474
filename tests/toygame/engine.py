"""The toy's rules, pure and deterministic (no pygame): cards 1 to 9, three dealt to each of
two players; the leader plays any card, the other any card, the higher card takes the trick
and leads the next. A trick is a point. Two deals make a game; the first deal is led by player
0, the second by player 1."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any, Mapping, NamedTuple, Sequence

from game.core.errors import IllegalAction, ScenarioError
from game.core.rules import GameDefinition, StoryFacts

CARDS = tuple(range(1, 10))
HAND = 3
PLAYERS = 2
DEALS = 2
REFUSAL_CODES = ("card_not_in_hand",)


@dataclass(frozen=True)
class Play:
    card: int


class Dealt(NamedTuple):
    number: int
    leader: int


class CardPlayed(NamedTuple):
    player: int
    card: int


class TrickWon(NamedTuple):
    winner: int
    cards: tuple


class DealOver(NamedTuple):
    number: int
    tricks: tuple


class GameOver(NamedTuple):
    ranking: tuple


@dataclass(frozen=True)
class ToyObservation:
    seat: int
    hand: tuple
    hand_sizes: tuple
    trick: tuple            # (player, card) played to the trick so far
    tricks: tuple           # tricks taken this deal, by player
    totals: tuple
    deal: int


class ToyState:
    num_players = PLAYERS

    def __init__(self) -> None:
        self.hands: list[tuple] = [(), ()]
        self.trick: list[tuple] = []
        self.tricks = [0, 0]
        self.totals = [0, 0]
        self.deal = 0
        self.to_move: int | None = None

    def needs_deal(self) -> bool:
        return self.to_move is None and self.deal < DEALS

    def start_deal(self, deal: Any) -> list:
        self.hands = [tuple(sorted(hand)) for hand in deal]
        self.deal += 1
        self.tricks = [0, 0]
        self.trick = []
        self.to_move = (self.deal - 1) % PLAYERS
        return [Dealt(self.deal, self.to_move)]

    def current_player(self) -> int | None:
        return self.to_move

    def legal_actions(self) -> list:
        if self.to_move is None:
            return []
        return [Play(card) for card in self.hands[self.to_move]]

    def apply(self, action: Any) -> list:
        player = self.to_move
        if player is None or not isinstance(action, Play) or action.card not in self.hands[player]:
            raise IllegalAction(f"{action!r} is not a card in the hand", code="card_not_in_hand")
        self.hands[player] = tuple(card for card in self.hands[player] if card != action.card)
        self.trick.append((player, action.card))
        events: list = [CardPlayed(player, action.card)]
        if len(self.trick) < PLAYERS:
            self.to_move = 1 - player
            return events
        winner = max(self.trick, key=lambda played: played[1])[0]
        events.append(TrickWon(winner, tuple(card for _, card in self.trick)))
        self.tricks[winner] += 1
        self.trick = []
        self.to_move = winner
        if not any(self.hands):
            self.totals = [total + won for total, won in zip(self.totals, self.tricks)]
            self.to_move = None
            events.append(DealOver(self.deal, tuple(self.tricks)))
            if self.deal == DEALS:
                events.append(GameOver(tuple(sorted(range(PLAYERS),
                                                    key=lambda p: -self.totals[p]))))
        return events

    def is_terminal(self) -> bool:
        return self.to_move is None and self.deal >= DEALS

    def returns(self) -> list[int]:
        return list(self.totals)

    def observation(self, player: int) -> ToyObservation:
        return ToyObservation(player, self.hands[player], tuple(map(len, self.hands)),
                              tuple(self.trick), tuple(self.tricks), tuple(self.totals),
                              self.deal)

    def clone(self) -> "ToyState":
        other = ToyState.__new__(ToyState)
        other.hands, other.trick = list(self.hands), list(self.trick)
        other.tricks, other.totals = list(self.tricks), list(self.totals)
        other.deal, other.to_move = self.deal, self.to_move
        return other


def _card(raw: Any) -> int:
    if type(raw) is not int or raw not in CARDS:
        raise ScenarioError(f"{raw!r} is not a toy card (1 to 9)")
    return raw


class ToyGame(GameDefinition):
    name = "toy"
    title = "Toy"
    min_players = max_players = PLAYERS
    options: Mapping = {}
    unit = "points"
    refusal_codes = REFUSAL_CODES
    timer_default_s = 20
    count_names = ("tricks", "high_cards")
    story = StoryFacts(event_kinds={TrickWon: "trick", DealOver: "deal_end",
                                    GameOver: "game_over"},
                       round_ends=(TrickWon,),
                       played={CardPlayed: lambda event: (event.card,)})

    def new_table(self, players: Sequence[str], options: Mapping[str, Any],
                  scenario: Mapping[str, Any]) -> ToyState:
        if len(players) != PLAYERS:
            raise ScenarioError("the toy is played by two")
        return ToyState()

    def random_deal(self, state: ToyState, rng: Random) -> tuple:
        cards = list(CARDS)
        rng.shuffle(cards)
        return (tuple(cards[:HAND]), tuple(cards[HAND:2 * HAND]))

    def deal_from_json(self, state: ToyState, raw: Any) -> tuple:
        hands = raw.get("hands") if isinstance(raw, dict) else None
        if not isinstance(hands, list) or len(hands) != PLAYERS or not all(
                isinstance(hand, list) and len(hand) == HAND for hand in hands):
            raise ScenarioError("a toy deal is {\"hands\": [[3 cards], [3 cards]]}")
        parsed = tuple(tuple(_card(card) for card in hand) for hand in hands)
        if len(set(parsed[0] + parsed[1])) != PLAYERS * HAND:
            raise ScenarioError("a card is dealt twice")
        return parsed

    def deal_to_json(self, deal: tuple) -> dict:
        return {"hands": [list(hand) for hand in deal]}

    def action_from_json(self, raw: Any) -> Play:
        if not isinstance(raw, dict) or raw.get("type") != "play":
            raise ScenarioError("a toy action is {\"type\": \"play\", \"card\": n}")
        return Play(_card(raw.get("card")))

    def action_to_json(self, action: Play) -> dict:
        return {"type": "play", "card": action.card}

    def finished_deals_json(self, state: ToyState) -> list[dict]:
        finished = state.deal if state.to_move is None else state.deal - 1
        return [{"deal": number} for number in range(1, finished + 1)]

    def deals_in_match(self, options: Mapping[str, Any]) -> int:
        return DEALS

    def history_counter(self, players: int):
        counts = [dict.fromkeys(self.count_names, 0) for _ in range(players)]

        def observe(events: list, state: Any) -> None:
            for event in events:
                if isinstance(event, TrickWon):
                    counts[event.winner]["tricks"] += 1
                elif isinstance(event, CardPlayed) and event.card >= 8:
                    counts[event.player]["high_cards"] += 1
        return counts, observe

    def history_figures(self, counts, games: int) -> dict:
        return {"tricks": counts["tricks"], "high_cards": counts["high_cards"]}


TOY = ToyGame()
