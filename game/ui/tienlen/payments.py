"""The payment table of a finished game (T13–T18): for each player what they paid and why.

Pure Python over what the table shows once a game is over: the rows are rebuilt from the hands
left (opened at the end), the game's public events and its result, with the engine's own scoring
functions, so the table can never disagree with the gold that moved (`GameResult.gold`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.tienlen.actions import CardsPlayed, InstantWin, PlayerLeft
from game.tienlen.cards import cards_of, mask_of
from game.tienlen.scoring import (INSTANT_WIN_RULE, cong_penalty, instant_win_penalty,
                                  penalty_parts, twos_value)


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
    chops: int                  # gold from chops settled this game (+ received, − paid)
    gold: int                   # gold won or lost this game (penalty and chops)


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
        if winner is None:
            pass                        # V-T2's dead end: nobody is paid (chops are)
        elif player in leavers:
            penalty = leavers[player]
        elif player != winner:
            if instant:
                penalty = instant_win_penalty(instant, hand)
                heo = twos_value(hand) if INSTANT_WIN_RULE[instant] == "T18" else 0
            elif player not in played:          # T15: cóng, not one card played
                cong, penalty, heo = True, cong_penalty(hand), twos_value(hand)
            else:
                parts = penalty_parts(hand)
                penalty, heo, hang = parts.total, parts.twos, sum(parts.bombs)
        rows.append(PaymentRow(player, player == winner, player in leavers,
                               cards_of(hand), heo, hang, cong, penalty, chop_gold[player],
                               result.gold[player]))
    return GameSummary(len(observation.results), result.outcome, winner, instant,
                       tuple(revealed[winner]) if instant else (), rows, result.chops)
