"""What the rule-based play looks at, read either from an observation (a bot at the table) or from
a full state (the search's rollouts, where every seat plays from its own hand in a sampled world).

Only public facts and the seat's own hand go in, so the same code is fair in both places.
"""

from __future__ import annotations

from typing import NamedTuple

from game.tienlen.actions import BASE_RULES, CardsPlayed, TienLenObservation, TienLenOptions
from game.tienlen.cards import mask_of
from game.tienlen.combos import Combo, classify_cached
from game.tienlen.state import TienLenState


class SeatView(NamedTuple):
    player: int
    hand: int                   # mask
    hand_sizes: tuple[int, ...]
    table: Combo | None         # the combination to beat, None when leading
    table_player: int | None
    passed: int                 # mask of players out of this round
    played: int                 # mask of every card played this game
    must_include: int           # mask of the card a first lead must contain (T7), or 0
    game: int = 1               # the game's number at the table (V-T3 counts from the second)
    options: TienLenOptions = BASE_RULES   # the house rules in force (V-T1–V-T7)

    def opponents_left(self) -> list[int]:
        """Hand sizes of the other players still in the game."""
        return [size for p, size in enumerate(self.hand_sizes) if p != self.player and size]

    def fewest_opponent_cards(self) -> int:
        return min(self.opponents_left(), default=13)


def view_of_state(state: TienLenState) -> SeatView:
    player = state.to_move
    return SeatView(player, state.hands[player], tuple(h.bit_count() for h in state.hands),
                    state.table, state.table_player, state.passed, state.played,
                    state.must_include, state.games_started, state.options)


def played_in_game(history) -> int:
    """Mask of every card played in the game the history belongs to."""
    played = 0
    for event in history:
        if type(event) is CardsPlayed:
            played |= mask_of(event.cards)
    return played


def view_of_observation(observation: TienLenObservation) -> SeatView:
    table = classify_cached(observation.table_cards) if observation.table_cards else None
    must = observation.must_include
    return SeatView(observation.player, mask_of(observation.hand), observation.hand_sizes,
                    table, observation.table_player,
                    sum(1 << p for p in observation.passed), played_in_game(observation.history),
                    0 if must is None else 1 << must, observation.game, observation.options)
