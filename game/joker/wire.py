"""The Joker types that travel between a host and its joiners (game/net/codec.py): what a
seat's observation, the events and the actions are made of. Nothing else is rebuilt from the
wire."""

from __future__ import annotations

from .actions import (Bid, BidMade, CardPlayed, ChooseTrump, DealResult, DealStarted, GameOver,
                      JokerMode, Phase, Play, PulkaResult, TrickTaken, TrumpChosen)
from .state import JokerObservation, JokerOptions

WIRE_TYPES = (JokerObservation, JokerOptions, Phase, JokerMode, Bid, ChooseTrump, Play,
              DealStarted, TrumpChosen, BidMade, CardPlayed, TrickTaken, DealResult,
              PulkaResult, GameOver)
