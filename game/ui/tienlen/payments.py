"""The payment table of a finished game (T13–T18): for each player what they paid and why.

Pure Python over what the table shows once a game is over: the rows are rebuilt from the hands
left (opened at the end), the game's public events and its result, with the engine's own scoring
functions, so the table can never disagree with the gold that moved (`GameResult.gold`).
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import NamedTuple

from game.tienlen.actions import CardsPlayed, InstantWin, PlayerLeft
from game.tienlen.cards import RANK_TWO, cards_of, mask_of
from game.tienlen.combos import BOMB_VALUE
from game.tienlen.scoring import (INSTANT_WIN_RULE, cong_penalty, instant_win_penalty,
                                  penalty_parts, twos_value)


class Reason(NamedTuple):
    """One part of what a loser pays, in penalty cards (T14/T15/T17): `kind` is "cards"
    (ordinary cards, 1 each), "three_of_spades", "two" (`card` says which), "bomb" (`bomb` is
    its combo type), "cong", "instant" or "left"."""
    kind: str
    value: int
    card: int | None = None
    bomb: tuple | None = None


BOMB_OF_VALUE = {value: bomb for bomb, value in BOMB_VALUE.items()}


def loser_reasons(hand: int) -> list[Reason]:
    """T14: what the cards left count, part by part (they add up to `penalty_cards`)."""
    parts = penalty_parts(hand)
    return (([Reason("cards", parts.ordinary)] if parts.ordinary else [])
            + ([Reason("three_of_spades", parts.three_of_spades)]
               if parts.three_of_spades else [])
            + twos_reasons(hand)
            + [Reason("bomb", value, bomb=BOMB_OF_VALUE[value]) for value in parts.bombs])


def twos_reasons(hand: int) -> list[Reason]:
    """Each 2 left, by its colour's value (thúi heo)."""
    return [Reason("two", twos_value(mask_of([card])), card)
            for card in cards_of(hand) if card >> 2 == RANK_TWO]


@dataclass(frozen=True)
class PaymentRow:
    player: int
    won: bool
    left: bool                  # left the table during this game (T16)
    cards_left: tuple[int, ...]
    heo: int                    # thúi heo: the value of the 2s left (T14/T15)
    hang: int                   # thúi hàng: the value of the bombs left (T14)
    cong: bool                  # played no card (T15)
    penalty: int                # cards paid to the winner
    reasons: tuple              # Reason parts adding up to `penalty`
    chops: int                  # gold from chops settled this game (+ received, − paid)
    gold: int                   # gold won or lost this game (penalty and chops)
    place: int | None = None    # V-T1: the place taken (1 = first), when played out to places


@dataclass(frozen=True)
class GameSummary:
    number: int
    outcome: str                # "normal", "instant" or "cong_all"
    winner: int
    instant: str | None         # the instant win's name (T17/T18)
    winner_hand: tuple[int, ...]  # revealed for an instant win
    rows: list[PaymentRow]
    chops: tuple                # ChopPayment of the game, in order


def summarize_last_game(observation, revealed, stake: int) -> GameSummary:
    """The payments of the game that just ended: `observation` is any seat's (its history and
    results are public), `revealed` every player's cards left."""
    result = observation.results[-1]
    winner = result.winner
    history = observation.history
    instant = next((e.win for e in history if isinstance(e, InstantWin)), None)
    leavers = {e.player: e.penalty for e in history if isinstance(e, PlayerLeft)}
    played = {e.player for e in history if isinstance(e, CardsPlayed)}
    players = len(observation.hand_sizes)
    chop_gold = [0] * players
    for chop in result.chops:
        chop_gold[chop.payer] -= chop.cards * stake
        chop_gold[chop.receiver] += chop.cards * stake
    rows = []
    for player in range(players):
        if not observation.at_table[player] and player not in leavers:
            continue                    # not at the table for this game
        hand = mask_of(revealed[player])
        heo = hang = penalty = 0
        cong = False
        reasons: list[Reason] = []
        if winner is None:
            pass                        # V-T2's dead end: nobody is paid (chops are)
        elif player in leavers:
            penalty = leavers[player]
            reasons = [Reason("left", penalty)]
        elif player != winner:
            if instant:
                penalty = instant_win_penalty(instant, hand)
                heo = twos_value(hand) if INSTANT_WIN_RULE[instant] == "T18" else 0
                reasons = [Reason("instant", penalty - heo)] + (twos_reasons(hand) if heo else [])
            elif player not in played:          # T15: cóng, not one card played
                cong, penalty, heo = True, cong_penalty(hand), twos_value(hand)
                reasons = [Reason("cong", penalty - heo)] + twos_reasons(hand)
            else:
                parts = penalty_parts(hand)
                penalty, heo, hang = parts.total, parts.twos, sum(parts.bombs)
                reasons = loser_reasons(hand)
        rows.append(PaymentRow(player, player == winner, player in leavers,
                               cards_of(hand), heo, hang, cong, penalty, tuple(reasons),
                               chop_gold[player], result.gold[player]))
    if result.places is not None:
        rows = places_rows(rows, result, stake, chop_gold)
    return GameSummary(len(observation.results), result.outcome, winner, instant,
                       tuple(revealed[winner]) if instant else (), rows, result.chops)


def places_rows(rows: list, result, stake: int, chop_gold: list) -> list:
    """V-T1: the rows in the order of the places; what each paid is what the gold says (the
    place payments, thối and cóng, doubled under V-T3), chops apart."""
    ranked = {player: index + 1 for index, player in enumerate(result.places)}
    placed = []
    for row in sorted(rows, key=lambda row: ranked.get(row.player, len(ranked) + 1)):
        place = ranked.get(row.player)
        paid = max(0, chop_gold[row.player] - result.gold[row.player]) // max(1, stake)
        reasons = ((Reason("place", place),) if place and not row.left and not row.won
                   else row.reasons)
        placed.append(PaymentRow(row.player, row.won, row.left, row.cards_left, 0, 0, row.cong,
                                 paid, reasons, row.chops, row.gold, place))
    return placed
