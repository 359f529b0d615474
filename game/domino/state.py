"""The domino match as a Rules state: 12 deals with seat changes, then tie-break deals (D1–D17),
and the house rules of docs/rules/variants.md as table options (V-D1–V-D3, V-D5)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.core.errors import IllegalAction

from . import scoring
from .actions import (ENDS, LEFT, OPENING_PLAY, PASS, PLAY_AT, PLAY_ON, RIGHT, Apollo, DealEnded,
                      DealStarted, MatchEnded, Misplayed, Pass, Passed, Play, SeatsChanged,
                      TiebreakNeeded, TilePlayed)
from .tiles import (ALL_TILES, DOUBLE_OF, DOUBLE_SIX, DOUBLES, HIGH, IS_DOUBLE, LOW, PIPS,
                    TILE_ENDS, TILES_PER_HAND, fits, hand_pips, other_end, tile_text)

NUM_PLAYERS = 4
DEALS_IN_MATCH = 12
#: D3: players in chairs A, B, C, D (by first seating) for deals 1–4, 5–8 and 9–12
SEATING = ((0, 1, 2, 3), (2, 1, 0, 3), (1, 2, 0, 3))
MISPLAY_PENALTY = -1
NO_END = -1
#: V-D1 `opening` values: who opens each deal ("six_six" is D5)
OPENINGS = ("six_six", "winner", "rotating", "lampung")
#: V-D1: what an opener who chooses may lay: any tile ("winner"), a double ("lampung")
ANY_TILE, A_DOUBLE = "any", "double"
#: V-D2 `redeal_doubles` values (0: off)
REDEAL_THRESHOLDS = (0, 5, 6, 7)
#: V-D3: the team of each player; with partnership nobody changes seats, so players 0–3 sit in
#: chairs A–D and the teams are chairs A + C and B + D
TEAM_OF = (0, 1, 0, 1)


def chairs_for_deal(number: int) -> tuple:
    """Who sits in chairs A–D for a deal; tie-break deals keep the chairs of deals 9–12 (D17)."""
    return SEATING[min(number - 1, DEALS_IN_MATCH - 1) // 4]


def team_sums(values) -> tuple:
    """V-D3: [chairs A + C, chairs B + D] (players 0 + 2, 1 + 3)."""
    return values[0] + values[2], values[1] + values[3]


@dataclass(frozen=True, slots=True)
class DominoOptions:
    """The house-rule options (docs/rules/variants.md), resolved; the defaults are D1–D17."""
    opening: str = "six_six"          # V-D1
    redeal_doubles: int = 0           # V-D2 (0: off)
    partnership: bool = False         # V-D3
    target_points: int = 0            # V-D5 (0: the 12-deal match of D2)


DEFAULT_OPTIONS = DominoOptions()


class Phase(Enum):
    DEAL = "deal"      # waiting for the next deal record
    PLAY = "play"
    OVER = "over"


# An Enum member looked up on its class costs a descriptor call (about 0.2 µs on CPython 3.11);
# the hot paths compare with these module constants instead.
_DEAL, _PLAY, _OVER = Phase.DEAL, Phase.PLAY, Phase.OVER
#: PLAY_ON by end, resolved once: _ON_LEFT[number][tile] (see actions.PLAY_ON)
_ON_LEFT, _ON_RIGHT = PLAY_ON[LEFT], PLAY_ON[RIGHT]
#: interned Passed events: _PASSED[player][left][right]
_PASSED = tuple(tuple(tuple(Passed(player, left, right) for right in range(7)) for left in range(7))
                for player in range(NUM_PLAYERS))
#: the 28 tiles in order: a regular deal's hands, sorted together
_THE_SET = list(ALL_TILES)
#: builds a TilePlayed without the NamedTuple's Python-level __new__ (the same value)
_new_tuple = tuple.__new__


@dataclass(frozen=True, slots=True)
class DominoDeal:
    """A deal record: who holds which tiles. Tie-break deals leave absent players' hands None."""
    hands: tuple          # by player index: tuple of tile ids, or None
    chairs: tuple         # players in chairs A–D for this deal
    tiebreak: bool


@dataclass(frozen=True, slots=True)
class DominoObservation:
    """What one player may see (D4/D18): own hand, the line, hand sizes, the public log."""
    player: int
    hand: tuple
    hand_sizes: tuple             # by player (0 for players not in a tie-break deal)
    line: tuple                   # (tile, end) in the order laid
    left: int                     # open end numbers, NO_END before the first tile
    right: int
    to_move: int | None
    deal_number: int
    chairs: tuple
    play_order: tuple             # players of this deal in turn order
    log: tuple                    # (player, action) of this deal, in order
    totals: tuple
    deal_penalties: tuple
    results: tuple                # finished DealResults
    tiebreak: bool
    ranking: tuple | None = None  # once the match is over: champion first (D17)
    #: the table's house rules (public, like every rule in force)
    options: DominoOptions = DEFAULT_OPTIONS
    #: before the first tile: the tile that must open (D5, V-D1), or what the opener may choose
    #: (ANY_TILE, A_DOUBLE); public, as the rules decide it
    opening_tile: int | None = None
    opening_free: str | None = None
    #: V-D5: a side has reached the target (the match ends once one side leads alone)
    target_reached: bool = False


class DominoState:
    __slots__ = ("names", "misplay_penalty", "options", "phase", "deal_number", "chairs", "order",
                 "turn", "hands", "line", "left", "right", "on_table", "all_dealt", "opening_tile",
                 "opening_free", "log", "deal_penalties", "totals", "results", "tiebreak",
                 "tiebreak_group", "pending_tiebreaks", "tiebreak_keys", "ranking", "last_winner",
                 "redealing", "target_reached")

    num_players = NUM_PLAYERS

    def __init__(self, names, misplay_penalty: bool = True,
                 options: DominoOptions = DEFAULT_OPTIONS):
        self.names = tuple(names)
        self.misplay_penalty = misplay_penalty
        self.options = options
        self.phase = _DEAL
        self.deal_number = 0
        self.chairs = chairs_for_deal(1)
        self.order: tuple = ()
        self.turn = 0                                  # index into order
        self.hands: list = [[] for _ in range(NUM_PLAYERS)]
        self.line: list = []
        self.left = self.right = NO_END
        self.on_table = [0] * 7                        # tiles showing each number on the line
        self.all_dealt = True
        self.opening_tile: int | None = None           # the tile that must open, until it does
        self.opening_free: str | None = None           # V-D1: the opener chooses, until they do
        self.log: list = []
        self.deal_penalties = [0] * NUM_PLAYERS
        self.totals = [0] * NUM_PLAYERS                # match points incl. misplay penalties
        self.results: list = []
        self.tiebreak = False                          # the deal in play is a tie-break deal
        self.tiebreak_group: tuple | None = None       # players of the tie-break deal to come
        self.pending_tiebreaks: list = []              # further tied groups, best first
        self.tiebreak_keys = [[] for _ in range(NUM_PLAYERS)]
        self.ranking: tuple | None = None
        self.last_winner: int | None = None            # V-D1: of the last counted deal
        self.redealing = False                         # V-D2: the last deal was void
        self.target_reached = False                    # V-D5

    # --- the Rules protocol -------------------------------------------------------------

    def clone(self) -> "DominoState":
        copy = DominoState.__new__(DominoState)
        # spelt out: a loop of getattr/setattr over the names costs several times as much, and
        # the search clones a world once per rollout
        copy.names = self.names
        copy.misplay_penalty = self.misplay_penalty
        copy.options = self.options
        copy.phase = self.phase
        copy.deal_number = self.deal_number
        copy.chairs = self.chairs
        copy.order = self.order
        copy.turn = self.turn
        copy.left = self.left
        copy.right = self.right
        copy.all_dealt = self.all_dealt
        copy.opening_tile = self.opening_tile
        copy.opening_free = self.opening_free
        copy.tiebreak = self.tiebreak
        copy.tiebreak_group = self.tiebreak_group
        copy.ranking = self.ranking
        copy.last_winner = self.last_winner
        copy.redealing = self.redealing
        copy.target_reached = self.target_reached
        copy.hands = [hand[:] for hand in self.hands]
        copy.line = self.line[:]
        copy.on_table = self.on_table[:]
        copy.log = self.log[:]
        copy.deal_penalties = self.deal_penalties[:]
        copy.totals = self.totals[:]
        copy.results = self.results[:]
        copy.pending_tiebreaks = self.pending_tiebreaks[:]
        copy.tiebreak_keys = [keys[:] for keys in self.tiebreak_keys]
        return copy

    def needs_deal(self) -> bool:
        return self.phase is _DEAL

    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def current_player(self) -> int | None:
        return self.order[self.turn] if self.phase is _PLAY else None

    def returns(self) -> list[int]:
        return self.totals[:]

    def legal_actions(self) -> list:
        if self.phase is not _PLAY:
            return []
        if self.opening_tile is not None:
            return [OPENING_PLAY[self.opening_tile]]
        hand = self.hands[self.order[self.turn]]
        if self.opening_free is not None:       # V-D1: the opener lays a tile of their choice
            return [OPENING_PLAY[t] for t in hand if self.opening_free == ANY_TILE or IS_DOUBLE[t]]
        # the plays on the left end, then those on the right, each in the hand's order (plain
        # loops: on CPython 3.11 a comprehension costs a function call and truth tests more)
        legal = []
        on_end = _ON_LEFT[self.left]
        for t in hand:
            play = on_end[t]
            if play is not None:
                legal.append(play)
        on_end = _ON_RIGHT[self.right]
        for t in hand:
            play = on_end[t]
            if play is not None:
                legal.append(play)
        if not legal:
            return [PASS]
        if len(hand) == 2:
            legal += self._apollo_moves(hand)
        return legal

    def apply(self, action) -> list:
        if self.phase is not _PLAY:
            if self.phase is _OVER:
                raise IllegalAction("the match is over", code="match_over")
            raise IllegalAction("the next deal has not been dealt yet", code="no_deal_yet")
        kind = type(action)
        if kind is not Play:
            if kind is Pass:
                return self._pass()
            if kind is Apollo:
                return self._apollo(action)
            raise IllegalAction(f"{action!r} is not a domino action", code="unknown_action")
        # A tile (D5, D7, D8), the most frequent move: played here, not in a method of its own.
        player = self.order[self.turn]
        hand = self.hands[player]
        tile = action.tile
        try:
            at = hand.index(tile)
        except ValueError:
            raise IllegalAction(f"{tile_text(tile)} is not in {self.names[player]}'s hand",
                                code="tile_not_in_hand", tile=tile, player=player) from None
        if self.opening_tile is not None:
            if tile != self.opening_tile:
                raise IllegalAction(f"the first tile of this deal must be "
                                    f"{tile_text(self.opening_tile)}",
                                    code="must_open_with", tile=self.opening_tile)
            events = [self._lay(player, OPENING_PLAY[tile])]
            # Only in a tie-break deal can the opening tile already block the line.
            if self.is_blocked():
                return events + self._end_by_block(player)
            self._advance()
            return events
        left, right = self.left, self.right
        low, high = TILE_ENDS[tile]
        fits_left = low == left or high == left
        fits_right = low == right or high == right
        if not fits_left and not fits_right:
            if self.opening_free is not None:      # V-D1: nothing is on the line yet
                return self._open_freely(player, tile)
            return self._misplay(player, tile)
        end = action.end
        if end == LEFT:
            if not fits_left:
                raise IllegalAction(f"{tile_text(tile)} does not match the left end {left}; "
                                    f"it fits the right end {right}",
                                    code="wrong_end", tile=tile, end=LEFT, number=left)
            left = self.left = high if low == left else low
        elif end == RIGHT:
            if not fits_right:
                raise IllegalAction(f"{tile_text(tile)} does not match the right end {right}; "
                                    f"it fits the left end {left}",
                                    code="wrong_end", tile=tile, end=RIGHT, number=right)
            right = self.right = high if low == right else low
        else:
            raise IllegalAction(f"say on which end (L or R) {tile_text(tile)} goes",
                                code="end_not_chosen", tile=tile)
        # the tile is checked: lay it (what _lay does, inline on this path, the hottest one)
        del hand[at]
        self.line.append((tile, end))
        on_table = self.on_table
        on_table[low] += 1
        if high != low:
            on_table[high] += 1
        self.log.append((player, action))
        events = [_new_tuple(TilePlayed, (player, tile, end, left, right))]
        if not hand:
            # D12: ceki when the last tile could have gone on either end
            exhausted = on_table[low] == 7 and on_table[high] == 7
            outcome = scoring.going_out_outcome(fits_left and fits_right, exhausted)
            events += self._end_deal(outcome, (player,), scoring.win_points(
                outcome, player, self._above(player), NUM_PLAYERS))
        elif (self.all_dealt and left == right and on_table[left] == 7
              or not self.all_dealt and self.nobody_can_lay()):
            # D9 (is_blocked): with all tiles dealt only X–X with all seven X laid can block
            events += self._end_by_block(player)
        else:
            self.turn = (self.turn + 1) % len(self.order)
        return events

    def observation(self, player: int) -> DominoObservation:
        return DominoObservation(
            player=player, hand=tuple(sorted(self.hands[player])),
            hand_sizes=tuple(len(hand) for hand in self.hands), line=tuple(self.line),
            left=self.left, right=self.right, to_move=self.current_player(),
            deal_number=self.deal_number, chairs=self.chairs, play_order=self.order,
            log=tuple(self.log), totals=tuple(self.totals),
            deal_penalties=tuple(self.deal_penalties), results=tuple(self.results),
            tiebreak=self.tiebreak, ranking=self.ranking, options=self.options,
            opening_tile=self.opening_tile, opening_free=self.opening_free,
            target_reached=self.target_reached)

    @classmethod
    def from_observation(cls, observation: DominoObservation, hands) -> "DominoState":
        """A deal in progress that agrees with `observation`, the players holding `hands` (by
        player index). For search AI: a determinization of what a seat may see. The observed
        player must be to move. Match history beyond totals and results is not rebuilt."""
        if observation.to_move is None:
            raise IllegalAction("no deal is in progress", code="no_deal_in_progress")
        state = cls(tuple(f"player {p}" for p in range(NUM_PLAYERS)),
                    options=observation.options)
        state.phase = _PLAY
        state.tiebreak = observation.tiebreak
        state.target_reached = observation.target_reached
        state.deal_number = observation.deal_number
        state.chairs = observation.chairs
        state.order = observation.play_order
        state.turn = state.order.index(observation.to_move)
        state.hands = [list(hand) for hand in hands]
        state.line = list(observation.line)
        state.left, state.right = observation.left, observation.right
        for tile, _ in state.line:
            state.on_table[LOW[tile]] += 1
            if HIGH[tile] != LOW[tile]:
                state.on_table[HIGH[tile]] += 1
        state.all_dealt = len(state.order) == NUM_PLAYERS
        state.opening_tile = observation.opening_tile
        state.opening_free = observation.opening_free
        state.log = list(observation.log)
        state.deal_penalties = list(observation.deal_penalties)
        state.totals = list(observation.totals)
        state.results = list(observation.results)
        return state

    # --- dealing ------------------------------------------------------------------------

    @property
    def in_tiebreak(self) -> bool:
        return self.tiebreak

    def next_deal_number(self) -> int:
        """The number of the next deal: a void deal (V-D2) is dealt again under its number."""
        return self.deal_number if self.redealing else self.deal_number + 1

    def next_deal_chairs(self) -> tuple:
        """Who sits in chairs A–D in the next deal: D3's seat changes; none in pairs (V-D3);
        a tie-break deal keeps the chairs of the last counted deal (D17, VD-e)."""
        if self.options.partnership:
            return SEATING[0]
        if self.tiebreak_group is not None:
            return self.chairs
        return chairs_for_deal(self.next_deal_number())

    def next_deal_players(self) -> tuple:
        """Players who take part in the next deal, in chair order."""
        chairs = self.next_deal_chairs()
        if self.tiebreak_group is None:
            return chairs
        return tuple(p for p in chairs if p in self.tiebreak_group)

    def start_deal(self, deal: DominoDeal) -> list:
        if self.phase is _OVER:
            raise IllegalAction("the match is over", code="match_over")
        if self.phase is not _DEAL:
            raise IllegalAction("a deal is still in progress", code="bad_deal")
        number = self.next_deal_number()
        group = self.tiebreak_group
        tiebreak = group is not None
        chairs = self.next_deal_chairs()
        players = chairs if group is None else tuple(p for p in chairs if p in group)
        self._check_deal(deal, number, players, tiebreak)
        events = []
        if number in (5, 9) and not (tiebreak or self.redealing or self.options.partnership):
            before = chairs_for_deal(number - 1)
            swapped = tuple(p for c, p in enumerate(chairs) if before[c] != p)
            events.append(SeatsChanged(number, swapped, chairs))
        self.deal_number = number
        self.chairs = chairs
        self.tiebreak = tiebreak
        self.order = players
        self.hands = (list(map(list, deal.hands)) if len(players) == NUM_PLAYERS else
                      [list(deal.hands[p]) if p in players else [] for p in range(NUM_PLAYERS)])
        self.line = []
        self.left = self.right = NO_END
        self.on_table = [0] * 7
        self.all_dealt = len(players) == NUM_PLAYERS
        self.log = []
        self.deal_penalties = [0] * NUM_PLAYERS
        self.tiebreak_group = None
        self.redealing = False
        self.opening_tile = self.opening_free = None
        events.append(_new_tuple(DealStarted, (number, chairs, tiebreak)))
        threshold = self.options.redeal_doubles
        if threshold and any(sum(IS_DOUBLE[t] for t in self.hands[p]) >= threshold
                             for p in players):
            return events + self._void_deal(group)   # V-D2, before D14
        for winner in players:
            if DOUBLES.issuperset(self.hands[winner]):  # D14: won at once, the deal not played
                points = scoring.win_points(scoring.ALL_DOUBLES, winner, self._above(winner),
                                            NUM_PLAYERS)
                return events + self._end_deal(scoring.ALL_DOUBLES, (winner,), points)
        opener = self._set_opening(players)
        self.turn = players.index(opener)
        self.phase = _PLAY
        return events

    def _set_opening(self, players: tuple) -> int:
        """Who opens, with what (D5, D17, V-D1); returns the opener."""
        opening, winner = self.options.opening, self.last_winner
        if self.tiebreak or opening == "six_six" or (opening == "winner" and winner is None):
            # D5 / D17: 6-6 opens; in a tie-break deal the highest double in play (or, with no
            # double in play, the highest tile by pips: docs/domino-decisions.md).
            if self.all_dealt:
                self.opening_tile = DOUBLE_SIX
            else:
                in_play = [t for p in players for t in self.hands[p]]
                doubles = [t for t in in_play if IS_DOUBLE[t]]
                self.opening_tile = (max(doubles) if doubles
                                     else max(in_play, key=lambda t: (PIPS[t], t)))
        elif opening == "rotating":
            self.opening_tile = DOUBLE_OF[(self.deal_number - 1) % 7]
        elif opening == "lampung" and winner is None:
            self.opening_tile = DOUBLE_OF[0]
        elif opening == "winner":
            self.opening_tile, self.opening_free = None, ANY_TILE
            return winner
        else:
            # "lampung": the winner opens with a double; without one, the winner's partner, then
            # the others in this deal's turn order after the winner (VD-a)
            self.opening_tile, self.opening_free = None, A_DOUBLE
            at = players.index(winner)
            after = [players[(at + k) % len(players)] for k in range(1, len(players))]
            if self.options.partnership:
                partner = next(p for p in after if TEAM_OF[p] == TEAM_OF[winner])
                after.remove(partner)
                after.insert(0, partner)
            return next(p for p in [winner, *after]
                        if any(IS_DOUBLE[t] for t in self.hands[p]))
        for player in players:
            if self.opening_tile in self.hands[player]:
                return player

    def _void_deal(self, group: tuple | None) -> list:
        """V-D2: too many doubles in one hand: nothing counts and the deal is dealt again."""
        zeros = (0,) * NUM_PLAYERS
        result = scoring.DealResult(
            number=self.deal_number, outcome=scoring.REDEAL, winners=(), points=zeros,
            penalties=zeros, pips=tuple(hand_pips(hand) for hand in self.hands),
            tiebreak=self.tiebreak, void=True)
        self.results.append(result)
        self.redealing = True
        self.tiebreak_group = group
        self.opening_tile = None
        self.phase = _DEAL
        return [DealEnded(result)]

    def _check_deal(self, deal: DominoDeal, number: int, players: tuple, tiebreak: bool) -> None:
        if not isinstance(deal, DominoDeal):
            raise IllegalAction("not a domino deal", code="bad_deal")
        if deal.tiebreak != tiebreak:
            raise IllegalAction(
                f"deal {number} is a tie-break deal among players "
                f"{', '.join(map(str, players))} and needs hands_by_player"
                if tiebreak else f"deal {number} is a regular deal, not a tie-break",
                code="bad_deal")
        hands = deal.hands
        if len(players) == NUM_PLAYERS and len(hands) == NUM_PLAYERS and None not in hands:
            # the usual case, checked cheaply: four hands of seven that together are the set
            try:
                tiles = sorted([*hands[0], *hands[1], *hands[2], *hands[3]])
            except TypeError:
                tiles = None                         # not tile ids: said below
            if (tiles == _THE_SET
                    and len(hands[0]) == len(hands[1]) == len(hands[2]) == TILES_PER_HAND):
                return
        given = {p for p in range(NUM_PLAYERS) if deal.hands[p] is not None}
        if given != set(players):
            raise IllegalAction(f"deal {number} must give hands to players "
                                f"{sorted(players)}, not {sorted(given)}", code="bad_deal")
        seen: set = set()
        for player in players:                       # say what is wrong, and where first
            hand = deal.hands[player]
            if len(hand) != TILES_PER_HAND:
                raise IllegalAction(f"{self.names[player]} must get {TILES_PER_HAND} tiles, "
                                    f"not {len(hand)}", code="bad_deal")
            for tile in hand:
                if tile in seen:
                    raise IllegalAction(f"{tile_text(tile)} is dealt twice", code="bad_deal")
                seen.add(tile)

    # --- moves --------------------------------------------------------------------------

    def _above(self, player: int) -> int:
        """D10: the player who plays immediately before `player` in this deal."""
        index = self.order.index(player)
        return self.order[index - 1]

    def _open_freely(self, player: int, tile: int) -> list:
        """V-D1: the opener lays a tile of their choice ("lampung": a double)."""
        if self.opening_free == A_DOUBLE and not IS_DOUBLE[tile]:
            raise IllegalAction(f"{tile_text(tile)} is not a double: {self.names[player]} opens "
                                f"this deal with a double of their choice",
                                code="must_open_with_double", tile=tile, player=player)
        events = [self._lay(player, OPENING_PLAY[tile])]
        self._advance()
        return events

    def _misplay(self, player: int, tile: int) -> list:
        message = (f"{tile_text(tile)} does not match the open ends {self.left} and "
                   f"{self.right}")
        if not self.misplay_penalty:
            raise IllegalAction(message, code="tile_does_not_fit", tile=tile, left=self.left,
                                right=self.right)
        # D8: refused, tile stays in hand, the player must still move, and loses a point now.
        self.deal_penalties[player] += MISPLAY_PENALTY
        if not self.in_tiebreak:
            self.totals[player] += MISPLAY_PENALTY
        return [Misplayed(player, tile, MISPLAY_PENALTY)]

    def _pass(self) -> list:
        player = self.order[self.turn]
        if self.opening_tile is not None:
            raise IllegalAction(f"{self.names[player]} cannot pass: "
                                f"{tile_text(self.opening_tile)} must open the deal",
                                code="cannot_pass_must_open", tile=self.opening_tile,
                                player=player)
        if self.opening_free is not None:
            raise IllegalAction(f"{self.names[player]} cannot pass: they open this deal with "
                                f"{'any tile' if self.opening_free == ANY_TILE else 'a double'}"
                                f" of their choice", code="cannot_pass_you_open", player=player)
        on_left, on_right = _ON_LEFT[self.left], _ON_RIGHT[self.right]
        for tile in self.hands[player]:
            if on_left[tile] is not None or on_right[tile] is not None:
                raise IllegalAction(f"{self.names[player]} cannot pass: {tile_text(tile)} "
                                    f"fits the open ends {self.left} and {self.right}",
                                    code="cannot_pass_tile_fits", tile=tile, left=self.left,
                                    right=self.right, player=player)
        self.log.append((player, PASS))
        self.turn = (self.turn + 1) % len(self.order)
        return [_PASSED[player][self.left][self.right]]

    def _apollo_moves(self, hand) -> list:
        first, second = hand
        if IS_DOUBLE[first] == IS_DOUBLE[second]:
            return []                            # not one double and one single
        double, single = (first, second) if IS_DOUBLE[first] else (second, first)
        moves = []
        for end in ENDS:
            open_number = self.left if end == LEFT else self.right
            if not fits(single, open_number):
                continue
            new_number = other_end(single, open_number)
            after = (new_number, self.right) if end == LEFT else (self.left, new_number)
            for second_end, number in zip(ENDS, after):
                if fits(double, number):
                    moves.append(Apollo(PLAY_AT[single][end], PLAY_AT[double][second_end]))
        return moves

    def _apollo(self, apollo: Apollo) -> list:
        player = self.order[self.turn]
        hand = self.hands[player]
        name = self.names[player]
        if self.opening_tile is not None:
            raise IllegalAction(f"Apollo is not possible: {tile_text(self.opening_tile)} "
                                f"must open the deal",
                                code="apollo_before_opening", tile=self.opening_tile)
        if len(hand) != 2:
            raise IllegalAction(f"Apollo needs exactly two tiles in hand; {name} holds "
                                f"{len(hand)}",
                                code="apollo_needs_two_tiles", held=len(hand), player=player)
        if sorted((apollo.first.tile, apollo.second.tile)) != sorted(hand):
            raise IllegalAction(f"Apollo lays the two tiles in {name}'s hand "
                                f"({tile_text(hand[0])} and {tile_text(hand[1])})",
                                code="apollo_not_your_tiles", tiles=tuple(hand), player=player)
        if IS_DOUBLE[apollo.first.tile] or not IS_DOUBLE[apollo.second.tile]:
            raise IllegalAction("Apollo lays the non-double first and the double second",
                                code="apollo_double_last")
        if apollo not in self._apollo_moves(hand):
            raise IllegalAction(f"{apollo} is not possible on the ends {self.left} and "
                                f"{self.right}",
                                code="apollo_does_not_fit", left=self.left, right=self.right)
        events = [self._lay(player, apollo.first), self._lay(player, apollo.second)]
        points = scoring.win_points(scoring.APOLLO, player, self._above(player), NUM_PLAYERS)
        return events + self._end_deal(scoring.APOLLO, (player,), points)

    def _lay(self, player: int, play: Play) -> TilePlayed:
        """Put a checked tile on the line; the caller decides what happens next."""
        tile, end = play.tile, play.end
        self.hands[player].remove(tile)
        low, high = LOW[tile], HIGH[tile]
        if end is None:
            self.left, self.right = low, high
            self.opening_tile = self.opening_free = None
        else:
            if end == LEFT:
                self.left = high if low == self.left else low
            else:
                self.right = high if low == self.right else low
        self.line.append((tile, end))
        on_table = self.on_table
        on_table[low] += 1
        if high != low:
            on_table[high] += 1
        self.log.append((player, play))
        return _new_tuple(TilePlayed, (player, tile, end, self.left, self.right))

    def _end_by_block(self, blocker: int) -> list:
        pips = {p: hand_pips(self.hands[p]) for p in self.order}
        # V-D3: the blocker is compared with the two opponents only
        rivals = ([p for p in self.order if TEAM_OF[p] != TEAM_OF[blocker]]
                  if self.options.partnership else None)
        outcome, winners, points = scoring.block_outcome(blocker, self._above(blocker), pips,
                                                         NUM_PLAYERS, rivals)
        return self._end_deal(outcome, winners, points, blocker=blocker)

    def _advance(self) -> None:
        self.turn = (self.turn + 1) % len(self.order)

    # --- blocking and the end of a deal -------------------------------------------------

    def is_blocked(self) -> bool:
        """D9: nobody can lay a tile. With all 28 tiles dealt that is exactly: both ends show X
        and all seven X tiles are on the line."""
        if self.left != self.right:
            return self.all_dealt is False and self.nobody_can_lay()
        if self.all_dealt:
            return self.on_table[self.left] == 7
        return self.nobody_can_lay()

    def nobody_can_lay(self) -> bool:
        """The definition of a block, by looking at every hand (used for tie-break deals)."""
        return not any(fits(t, self.left) or fits(t, self.right)
                       for p in self.order for t in self.hands[p])

    def _end_deal(self, outcome: str, winners: tuple, points: tuple,
                  blocker: int | None = None) -> list:
        # (positional: DealResult's number, outcome, winners, points, penalties, pips, tiebreak,
        # blocker)
        result = scoring.DealResult(self.deal_number, outcome, winners, points,
                                    tuple(self.deal_penalties),
                                    tuple([hand_pips(hand) for hand in self.hands]),
                                    self.tiebreak, blocker)
        self.results.append(result)
        events: list = [_new_tuple(DealEnded, (result,))]
        if self.tiebreak:
            for player in self.order:
                self.tiebreak_keys[player].append(points[player] + self.deal_penalties[player])
            self._queue_still_tied(self.order)
            match_over = True
        else:
            for player, gained in enumerate(points):
                self.totals[player] += gained
            self.last_winner = self._deal_winner(outcome, winners, blocker)
            match_over = self._match_over()
            if match_over:
                self.pending_tiebreaks = self._tied_at_the_end()
        self.phase = _DEAL
        if match_over:
            if self.pending_tiebreaks:
                self.tiebreak_group = self.pending_tiebreaks.pop(0)
                events.append(TiebreakNeeded(self.tiebreak_group))
            else:
                self.phase = _OVER
                self.ranking = self._final_ranking()
                events.append(MatchEnded(self.ranking))
        return events

    def _deal_winner(self, outcome: str, winners: tuple, blocker: int | None) -> int:
        """V-D1's winner of a counted deal: who went out, the all-doubles holder, the blocker of
        a kandang, or the first catcher in turn order after the blocker (VD-a)."""
        if outcome != scoring.TANGKAP_KANDANG or len(winners) == 1:
            return winners[0]
        order = self.order
        at = order.index(blocker)
        after = [order[(at + k) % len(order)] for k in range(1, len(order))]
        return next(p for p in after if p in winners)

    def sides(self) -> tuple:
        """The match totals of each side: players, or the two teams in pairs (V-D3)."""
        return team_sums(self.totals) if self.options.partnership else tuple(self.totals)

    def _match_over(self) -> bool:
        """After a counted deal: D2's 12 deals, or V-D5's target reached with one side ahead
        alone (VD-e: once reached, the first counted deal with a single leader ends it)."""
        target = self.options.target_points
        if not target:
            return self.deal_number == DEALS_IN_MATCH
        sides = self.sides()
        best = max(sides)
        if best >= target:
            self.target_reached = True
        return self.target_reached and sides.count(best) == 1

    def _tied_at_the_end(self) -> list:
        """The tie-break deals the final ranking needs (D17): tied players, highest first; with
        V-D5 not the leader (they lead alone); tied teams (V-D3) play with all four."""
        if self.options.partnership:
            teams = team_sums(self.totals)
            return [tuple(range(NUM_PLAYERS))] if teams[0] == teams[1] else []
        players = range(NUM_PLAYERS)
        if self.options.target_points:
            leader = max(players, key=lambda p: self.totals[p])
            players = [p for p in players if p != leader]
        return self._tied_groups(players, lambda p: self.totals[p])

    @staticmethod
    def _tied_groups(players, key) -> list:
        """Groups of two or more players with equal keys, highest key first."""
        by_key: dict = {}
        for player in players:
            by_key.setdefault(key(player), []).append(player)
        return [tuple(group) for k, group in sorted(by_key.items(), reverse=True)
                if len(group) > 1]

    def _queue_still_tied(self, players) -> None:
        """D17: players still tied after a tie-break deal play again, before lower groups;
        teams (V-D3) by the sum of their players' points and penalties in it."""
        if self.options.partnership:
            last = [keys[-1] for keys in self.tiebreak_keys]
            if team_sums(last)[0] == team_sums(last)[1]:
                self.pending_tiebreaks[:0] = [tuple(range(NUM_PLAYERS))]
            return
        still_tied = self._tied_groups(players, lambda p: self.tiebreak_keys[p][-1])
        self.pending_tiebreaks[:0] = still_tied

    def _final_ranking(self) -> tuple:
        if self.options.partnership:
            # V-D3: the winning team's players first (team totals, then the team tie-break
            # deals); within a team by total, then by player index
            keys = self.tiebreak_keys

            def team_key(team: int) -> tuple:
                return (team_sums(self.totals)[team],
                        [a + b for a, b in zip(keys[team], keys[team + 2])])

            first = 0 if team_key(0) >= team_key(1) else 1
            return tuple(p for team in (first, 1 - first)
                         for p in sorted((team, team + 2), key=lambda p: (-self.totals[p], p)))
        return tuple(sorted(range(NUM_PLAYERS),
                            key=lambda p: (self.totals[p], self.tiebreak_keys[p]), reverse=True))
