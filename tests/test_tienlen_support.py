"""Helpers shared by the Tiến Lên tests (imported as `test_tienlen_support`), with their own checks.

Hands and plays are written in the scenario notation ("3S 4S 5S"); positions in the middle of a
game are built directly on a TienLenState so that a rule can be tested in isolation.
"""

from __future__ import annotations

import json

from game.core.replay import replay
from game.tienlen.actions import PASS, Deal, Leave, Play
from game.tienlen.cards import FULL_DECK, cards_of, mask_of, name, parse
from game.tienlen.combos import classify
from game.tienlen.definition import TIENLEN
from game.tienlen.state import TienLenState

NAMES = ["Ani", "Budi", "Citra", "Dewi"]


def cards(text: str) -> tuple[int, ...]:
    """"5S 5H" -> the sorted card ints."""
    return tuple(sorted(parse(t) for t in text.split()))


def hand(text: str) -> int:
    return mask_of(cards(text))


def combo(text: str):
    found = classify(cards(text))
    assert found is not None, f"{text} is not a combination"
    return found


def play(text: str) -> Play:
    return Play(cards(text))


def leave(player: int) -> Leave:
    return Leave(player)


def text_of(mask_or_cards) -> str:
    items = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return " ".join(name(c) for c in items)


def new_state(players: int = 4, stake: int = 1, gold: int = 1000,
              options: dict | None = None) -> TienLenState:
    """A table; `options` adds house rules (V-T1–V-T7) to the stake and gold."""
    return TIENLEN.new_table(NAMES[:players], {"stake": stake, "gold": gold, "turn_seconds": 15,
                                               **(options or {})}, {})


def dealt(hands: list[str], *, later_game_winner: int | None = None, stake: int = 1,
          options: dict | None = None) -> TienLenState:
    """A table whose (first, or later when `later_game_winner` is given) game was dealt `hands`
    (13 cards each; "" for a player who left)."""
    state = new_state(len(hands), stake=stake, options=options)
    if later_game_winner is not None:
        state.games_started = 1
        state.last_winner = later_game_winner
    for player, text in enumerate(hands):
        if not text:
            state.at_table[player] = False
    state.start_deal(Deal(tuple(cards(text) if text else () for text in hands)))
    return state


def position(hands: list[str], to_move: int, table: str | None = None,
             table_player: int | None = None, passed: tuple[int, ...] = (),
             stake: int = 1, options: dict | None = None, cong: tuple[int, ...] = ()
             ) -> TienLenState:
    """A later game in progress: the given hands (any sizes; each player has played before,
    except the `cong` players, who hold what they were dealt), `table` played by
    `table_player`, `passed` out of this round."""
    n = len(hands)
    state = new_state(n, stake=stake, options=options)
    state.games_started = 2
    state.last_winner = 0
    state.in_game = True
    state.hands = [hand(text) for text in hands]
    state.dealt = [h | 1 << 63 for h in state.hands]  # "played before": nobody is cóng
    for player in cong:
        state.dealt[player] = state.hands[player]
    state.out_of_play = FULL_DECK
    for h in state.hands:
        state.out_of_play &= ~h
    if table:
        state.table, state.table_player = combo(table), table_player
        state.played = state.table.mask
        state.out_of_play &= ~state.table.mask
    state.passed = sum(1 << p for p in passed)
    state.to_move = to_move
    return state


def legal_texts(state: TienLenState) -> set[str]:
    return {text_of(a.cards) if isinstance(a, Play) else "pass" for a in state.legal_actions()}


def scenario(hands_per_deal: list[list[str]], actions: list[dict], players: int | None = None,
             options: dict | None = None) -> dict:
    players = players or len(hands_per_deal[0])
    return {"format": "scenario/1", "game": "tienlen", "options": options or {},
            "players": NAMES[:players],
            "deals": [{"hands": [h.split() for h in deal]} for deal in hands_per_deal],
            "actions": actions}


def P(text: str, **extra) -> dict:  # noqa: N802 - reads like the notation
    return {"type": "play", "cards": text.split(), **extra}


PASS_JSON = {"type": "pass"}


def run(data: dict) -> tuple[int, dict]:
    return replay(json.loads(json.dumps(data)))


# --- a deal used by several files ----------------------------------------------------------------

# Four first-game hands: Ani 3♠ + 2♥, Budi a 3-pair run, Citra four 9s, Dewi a 4-pair run.
CHAIN_HANDS = [
    "3S 4H 5H 6H 7H 8H 10H JH QH KH AH 2D 2H",
    "3H 4D 8D 10D KD AD 2C 5S 5C 6S 6C 7S 7C",
    "3D 4C 5D 6D 7D 8C 10C JD QD 9S 9C 9D 9H",
    "3C 4S 8S 2S 10S JS JC QS QC KS KC AS AC",
]
#: Ani leads 3♠ (nobody answers), then 2♥: Budi chops with 3 pairs, Citra with four 9s, Dewi
#: with 4 pairs
OPENING = [P("3S"), PASS_JSON, PASS_JSON, PASS_JSON, P("2H")]
CHOPS = [P("5S 5C 6S 6C 7S 7C"), P("9S 9C 9D 9H"), P("JS JC QS QC KS KC AS AC")]


# --- the helpers' own checks ----------------------------------------------------------------------

def test_cards_notation_round_trip():
    assert text_of(cards("2H 3S 10D")) == "3S 10D 2H"
    assert cards("3S") == (0,) and cards("2H") == (51,)


def test_position_keeps_every_card_in_one_place():
    state = position(["3S 4S", "5S 6S 7S"], to_move=1, table="9H", table_player=0)
    hands, played, out = state.card_locations()
    assert hands[0] | hands[1] | played | out == FULL_DECK
    assert state.legal_actions() == [PASS]
