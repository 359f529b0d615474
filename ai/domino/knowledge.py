"""What one domino seat can know, read from its observation: which tiles are unseen, and which
numbers each other player cannot hold because they passed on them (D6: a player who passes
holds no tile matching either open end, and hands only shrink)."""

from __future__ import annotations

from dataclasses import dataclass

from game.domino.actions import Pass
from game.domino.state import DominoObservation
from game.domino.tiles import ALL_TILES, HIGH, LOW, PIPS, other_end


@dataclass(frozen=True, slots=True)
class DominoKnowledge:
    player: int
    unseen: tuple                 # tiles neither in my hand nor on the line
    missing: tuple                # by player: frozenset of numbers they cannot hold
    hand_sizes: tuple
    #: unseen tiles that are in nobody's hand (a tie-break deal leaves tiles out of play)
    out_of_play: int

    def may_hold(self, player: int, tile: int) -> bool:
        missing = self.missing[player]
        return LOW[tile] not in missing and HIGH[tile] not in missing

    def expected_pips(self, player: int) -> float:
        """A rough guess at `player`'s pip total: hand size × mean pips of the tiles they may
        hold."""
        size = self.hand_sizes[player]
        possible = [PIPS[t] for t in self.unseen if self.may_hold(player, t)]
        if not size or not possible:
            return 0.0
        return size * sum(possible) / len(possible)


def passes_by_player(observation: DominoObservation) -> list[set]:
    """Numbers each player was seen passing on, by replaying the deal's public log."""
    missing: list[set] = [set() for _ in observation.hand_sizes]
    left = right = None
    for player, action in observation.log:
        if type(action) is Pass:
            missing[player].update((left, right))
            continue
        tile, end = action.tile, action.end
        if end is None:
            left, right = LOW[tile], HIGH[tile]
        elif end == "L":
            left = other_end(tile, left)
        else:
            right = other_end(tile, right)
    return missing


def read_knowledge(observation: DominoObservation) -> DominoKnowledge:
    mine = set(observation.hand)
    on_line = {tile for tile, _ in observation.line}
    unseen = tuple(t for t in ALL_TILES if t not in mine and t not in on_line)
    others_hold = sum(size for p, size in enumerate(observation.hand_sizes)
                      if p != observation.player)
    return DominoKnowledge(
        player=observation.player, unseen=unseen,
        missing=tuple(frozenset(m) for m in passes_by_player(observation)),
        hand_sizes=observation.hand_sizes, out_of_play=len(unseen) - others_hold)


