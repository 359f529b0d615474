"""The keyboard at a table, a part the table scene composes (`scene.keyboard`, table_base.py):
what Tab, the arrows and Return reach (focus.py asks the scene, which asks this part), and the
table's letter keys. The keys are listed in the README ("Keys") and in each game's Rules.

    Esc     the pause menu (a game may first undo a step: domino puts a picked-up tile back)
    H       the coach's hint            Ctrl+Z  undo (when the table has Undo)
    P       pass, where the game has a pass (the scene's `pass_by_key`)

A game's scene gives its `play_targets` (its hand, the line's ends, the bids: focus.Target,
grouped); they come first, then the table's buttons.
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.controller.door import Phase, TableView


class TableKeys:
    """A table's keyboard. Each key's action is the scene's (`escape`, `hint`, `undo`,
    `pass_move`); `view` is the table as it stands, `play_targets` what the human to act picks
    from, `buttons` the table's widgets as focus targets, in the order they were made."""

    def __init__(self, *, view: Callable[[], TableView], play_targets: Callable[[], list],
                 buttons: Callable[[], list], escape: Callable[[], None],
                 hint: Callable[[], None], undo: Callable[[], None],
                 pass_move: Callable[[], None]) -> None:
        self.view = view
        self.play_targets = play_targets
        self.buttons = buttons
        self.escape = escape
        self.hint = hint
        self.undo = undo
        self.pass_move = pass_move

    def on_key(self, event) -> None:
        """A key that no part of the table took before (the move log, the focus, the pace)."""
        if event.key == pygame.K_ESCAPE:
            self.escape()
        elif event.key == pygame.K_h:
            self.hint()
        elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif event.key == pygame.K_p:
            self.pass_move()

    def targets(self) -> list:
        """The moves first (the bids, the hand, the line's ends), then the table's buttons.
        While an AI seat moves, or a move is shown, there is nothing to focus: the ring does
        not sit on Menu or the table's buttons, where a key meant for the player's next turn
        would act (Esc, L and B work anyway)."""
        play = self.play_targets()
        if not play and self.view().phase in (Phase.BOT, Phase.SHOWING):
            return []
        taken = {target.key for target in play}
        return play + [target for target in self.buttons() if target.key not in taken]

    def first_target(self):
        """The key of the move focused first: the first of the moves (None: there are none)."""
        play = self.play_targets()
        return play[0].key if play else None

    def epoch(self):
        """A new move asked for (or none): the focus goes back to the moves."""
        view = self.view()
        obs = view.observation
        return (view.acting, view.phase, getattr(obs, "phase", None),
                getattr(obs, "deal_number", None))
