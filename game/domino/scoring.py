"""Points of a deal (D11–D16): exactly one outcome applies, checked in the spec's order.

Pure functions over plain data, so each outcome can be tested from a hand-built position.
"""

from __future__ import annotations

from dataclasses import dataclass

APOLLO = "apollo"
CEKI_HABIS = "ceki_habis"
CEKI_BIASA = "ceki_biasa"
MENANG_BIASA = "menang_biasa"
ALL_DOUBLES = "all_doubles"
KANDANG = "kandang"
TANGKAP_KANDANG = "tangkap_kandang"
REDEAL = "redeal"           # V-D2: a void deal (too many doubles in one hand)

#: outcome -> (winner's points, points of the player above the winner)
WIN_POINTS = {
    APOLLO: (6, -4),        # D11
    CEKI_HABIS: (4, -3),    # D12
    CEKI_BIASA: (3, -2),    # D12
    MENANG_BIASA: (2, -1),  # D13
    ALL_DOUBLES: (2, -1),   # D14: paid as menang biasa
    KANDANG: (3, -2),       # D15: the blocker and the player above the blocker
}
#: D16: catcher's points and the blocker's, by whether the catcher's pips are lower or equal
TANGKAP_LOWER = (4, -3)
TANGKAP_EQUAL = (2, -2)


@dataclass(frozen=True, slots=True)
class DealResult:
    number: int
    outcome: str
    winners: tuple            # player indices (the catchers for tangkap_kandang)
    points: tuple             # by player, outcome points only
    penalties: tuple          # by player, misplays of this deal (<= 0)
    pips: tuple               # by player, pips left in hand
    tiebreak: bool
    #: the player who laid the blocking tile (kandang / tangkap_kandang), else None
    blocker: int | None = None
    #: V-D2: a void deal (outcome REDEAL): nothing counts and it is dealt again
    void: bool = False


def win_points(outcome: str, winner: int, above: int, num_players: int) -> tuple:
    """Points for a win by going out (D11–D14) or Kandang (D15)."""
    points = [0] * num_players
    gain, loss = WIN_POINTS[outcome]
    points[winner] += gain
    points[above] += loss
    return tuple(points)


def block_outcome(blocker: int, above_blocker: int, pips: dict[int, int],
                  num_players: int, rivals=None) -> tuple[str, tuple, tuple]:
    """D15/D16 for a blocked line. `pips` maps each player in the deal to their pip total;
    `rivals`, when given, are the only players the blocker is compared with (V-D3: the two
    opponents).

    Returns (outcome, winners, points by player).
    """
    others = {p: total for p, total in pips.items()
              if p != blocker and (rivals is None or p in rivals)}
    lowest_other = min(others.values())
    if pips[blocker] < lowest_other:
        return KANDANG, (blocker,), win_points(KANDANG, blocker, above_blocker, num_players)
    catchers = tuple(sorted(p for p, total in others.items() if total == lowest_other))
    gain, loss = TANGKAP_LOWER if lowest_other < pips[blocker] else TANGKAP_EQUAL
    if len(catchers) > 1:
        gain //= 2  # "poin dibagi 2": each catcher's share is halved, the blocker's loss is not
    points = [0] * num_players
    for catcher in catchers:
        points[catcher] += gain
    points[blocker] += loss
    return TANGKAP_KANDANG, catchers, tuple(points)


def going_out_outcome(last_tile_fit_both_ends: bool, numbers_exhausted: bool) -> str:
    """D12/D13 for a win by laying the last tile (Apollo is its own move, D11)."""
    if last_tile_fit_both_ends:
        return CEKI_HABIS if numbers_exhausted else CEKI_BIASA
    return MENANG_BIASA
