"""Hand privacy (D18): who may see which hand on screen, and the hand-off between humans.

With one human their hand is always theirs to see. With two or more (a hotseat table) a hand is
face-up only for the human whose turn it is, after they confirmed the hand-off; it turns
face-down the moment they have moved (unless they move again at once), when a deal ends (its
summary was everyone's) and while the table is paused (anyone may come to the screen). A turn
interrupted by a pause waits for its player to confirm again, and keeps the time it had left.

Only the humans at this screen (local) take part: a remote human (a friend at another screen,
game/net) is never handed the screen and their hand is never shown here; while they are to
move, this screen sees no acting human (it waits for them as for a bot).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .door import Phase, TableView


class HandPrivacy:
    def __init__(self, humans: list[int], remote: tuple[int, ...] = ()):
        """`humans`: every human seat; `remote`: those of them at another screen."""
        self.remote = frozenset(remote)
        self.humans = [seat for seat in humans if seat not in self.remote]   # at this screen
        humans = self.humans
        self.hotseat = len(humans) > 1
        alone = len(humans) == 1
        self.viewer: int | None = humans[0] if alone else None   # drawn at the bottom
        self.hand_up = alone              # the viewer's hand may be face-up now
        #: the viewer said they are at the screen, and nothing since asked again: a new deal
        #: and a pause end it
        self.confirmed = alone
        self.handoff_from: float | None = None   # a turn interrupted by a pause, hidden since

    # --- who sees what ------------------------------------------------------------------------

    def visible_to(self, phase: Phase, paused: bool) -> int | None:
        """The player whose hand may be face-up on screen now (None: every hand is hidden)."""
        if self.viewer is None or not self.hand_up or phase is Phase.HANDOFF:
            return None
        if self.hotseat and paused:
            return None
        return self.viewer

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the human at the screen, else the first human, else
        the first seat (an all-AI table)."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else 0

    def view(self, state: Any, phase: Phase, paused: bool, acting: int | None) -> TableView:
        """What the seat at the bottom may see: its hand only while it is visible to them, and
        every hand once a deal is over (D4). `acting`: the human whose move is awaited."""
        seat = self.bottom_seat()
        shown = self.visible_to(phase, paused) == seat
        observation = state.observation(seat)
        if not shown:
            observation = dataclasses.replace(observation, hand=())
        acting = acting if shown and acting == seat else None    # never a remote's move
        deal_over = state.needs_deal() or state.is_terminal()
        revealed = (tuple(state.observation(p).hand for p in range(state.num_players))
                    if deal_over else None)
        to_move = state.current_player()
        if phase is Phase.HUMAN and to_move in self.remote:
            phase = Phase.BOT             # this screen waits for them as for a bot
        return TableView(seat=seat, observation=observation, hand_shown=shown, phase=phase,
                         to_move=to_move, acting=acting,
                         legal=tuple(state.legal_actions()) if acting is not None else (),
                         returns=tuple(state.returns()), revealed=revealed,
                         game_over=state.is_terminal())

    def at_screen(self, player: int | None) -> int | None:
        """`player` if they play at this screen, else None (a remote human, or nobody)."""
        return None if player in self.remote else player

    # --- the hand-off ---------------------------------------------------------------------------

    def must_hand_off(self, player: int) -> bool:
        """`player` (a human) is to act: must the screen be handed to them first?"""
        if player in self.remote:
            return False                  # they play at their own screen
        return self.hotseat and not (player == self.viewer and self.confirmed)

    def plays_on(self, player: int) -> None:
        """The human at the screen acts again, without a hand-off (a remote human's turn
        leaves the screen as it is)."""
        if player in self.remote:
            return
        self.viewer, self.hand_up = player, True

    def confirm(self, player: int) -> float | None:
        """`player` says they are at the screen. Returns when their turn was interrupted by a
        pause (its time goes on from there), or None for a new turn."""
        self.viewer = player
        self.hand_up = self.confirmed = True
        since, self.handoff_from = self.handoff_from, None
        return since

    # --- what hides the hands -----------------------------------------------------------------

    def moved(self, mover: int | None, next_player: int | None) -> None:
        """A move was made: the mover's hand turns face-down unless they move again."""
        if self.hotseat and next_player != mover:
            self.hand_up = False

    def deal_ended(self) -> None:
        """The summary is everyone's: the next deal's first human confirms again."""
        if self.hotseat:
            self.hand_up = self.confirmed = False

    def paused(self) -> None:
        if self.hotseat:
            self.confirmed = False

    def resumed(self, mid_turn: bool, now: float) -> bool:
        """Back from a pause. At a hotseat table a turn under way (`mid_turn`) waits for its
        player to confirm again: True when it must (the caller shows the hand-off)."""
        if not (self.hotseat and mid_turn):
            return False
        self.hand_up, self.handoff_from = False, now
        return True
