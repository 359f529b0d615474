"""Building domino positions by hand for rule tests."""

from game.domino.actions import LEFT, OPENING_PLAY, PASS, PLAY_AT, RIGHT, Apollo
from game.domino.state import DominoDeal, DominoState, Phase, chairs_for_deal
from game.domino.tiles import ALL_TILES, HIGH, LOW, tile_from_text, tile_text

NAMES = ("Ani", "Budi", "Citra", "Dewi")


def T(text):
    return tile_from_text(text)


def tiles(*texts):
    return [T(text) for text in texts]


def play(text, end):
    return PLAY_AT[T(text)][end]


def opening(text="6-6"):
    return OPENING_PLAY[T(text)]


def apollo(first, first_end, second, second_end):
    return Apollo(play(first, first_end), play(second, second_end))


def position(hands, left, right, to_move=0, misplay_penalty=True, deal_number=1):
    """A deal in progress in a normal 4-player deal: `hands` by player (tile texts), open ends
    `left`/`right`; every tile not in a hand is on the line (all 28 are dealt)."""
    state = DominoState(NAMES, misplay_penalty=misplay_penalty)
    state.phase = Phase.PLAY
    state.deal_number = deal_number
    state.chairs = chairs_for_deal(deal_number)
    state.order = state.chairs
    state.hands = [tiles(*hand) for hand in hands]
    held = {t for hand in state.hands for t in hand}
    on_line = [t for t in ALL_TILES if t not in held]
    state.line = [(t, None) for t in on_line]
    state.on_table = [0] * 7
    for t in on_line:
        state.on_table[LOW[t]] += 1
        if HIGH[t] != LOW[t]:
            state.on_table[HIGH[t]] += 1
    state.left, state.right = left, right
    state.opening_tile = None
    state.turn = state.order.index(to_move)
    return state


def deal_by_chair(state, *hands_by_chair):
    """A regular deal record for the state's next deal, hands given by chair A–D."""
    chairs = chairs_for_deal(state.deal_number + 1)
    hands = [None] * 4
    for chair, hand in enumerate(hands_by_chair):
        hands[chairs[chair]] = tuple(tiles(*hand))
    return DominoDeal(tuple(hands), chairs, tiebreak=False)


def deal_by_player(state, hands_by_player):
    hands = [None] * 4
    for player, hand in hands_by_player.items():
        hands[player] = tuple(tiles(*hand))
    return DominoDeal(tuple(hands), chairs_for_deal(state.deal_number + 1), tiebreak=True)


# --- the last deal of a match (D17) ---

ALL_DOUBLES = ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6"]
NON_DOUBLES = [tile_text(t) for t in ALL_TILES if tile_text(t) not in ALL_DOUBLES]


def before_last_deal(totals):
    state = DominoState(NAMES)
    state.deal_number = 11
    state.totals = list(totals)
    return state


def all_doubles_deal_to_chair(state, chair):
    hands = [NON_DOUBLES[0:7], NON_DOUBLES[7:14], NON_DOUBLES[14:21]]
    hands.insert(chair, ALL_DOUBLES)
    return deal_by_chair(state, *hands)


__all__ = ["LEFT", "RIGHT", "PASS", "NAMES", "T", "tiles", "play", "opening", "apollo",
           "position", "deal_by_chair", "deal_by_player", "ALL_DOUBLES", "NON_DOUBLES",
           "before_last_deal", "all_doubles_deal_to_chair"]
