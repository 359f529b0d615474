"""The domino types that travel between a host and its joiners (game/net/codec.py): what a
seat's observation, the events and the actions are made of. Nothing else is rebuilt from the
wire."""

from __future__ import annotations

from .actions import (Apollo, DealEnded, DealStarted, MatchEnded, Misplayed, Pass, Passed, Play,
                      SeatsChanged, TiebreakNeeded, TilePlayed)
from .scoring import DealResult
from .state import DominoObservation, DominoOptions

WIRE_TYPES = (DominoObservation, DominoOptions, DealResult, Play, Pass, Apollo, DealStarted,
              SeatsChanged, TilePlayed, Passed, Misplayed, DealEnded, TiebreakNeeded, MatchEnded)
