"""The Tiến Lên types that travel between a host and its joiners (game/net/codec.py): what a
seat's observation, the events and the actions are made of. Nothing else is rebuilt from the
wire."""

from __future__ import annotations

from .actions import (CardsPlayed, ChopPayment, ChopSettled, Chopped, CongPaid, GameOver,
                      GameResult, GameStarted, InstantWin, Leave, Pass, Passed, Play, PlayerLeft,
                      PlayerOut, RoundEnded, TienLenObservation, TienLenOptions)

WIRE_TYPES = (TienLenObservation, TienLenOptions, GameResult, ChopPayment, Play, Pass, Leave,
              GameStarted, InstantWin, CardsPlayed, Passed, Chopped, ChopSettled, RoundEnded,
              PlayerOut, CongPaid, PlayerLeft, GameOver)
