"""The keyboard at a table (the TableScene mixin): what Tab, the arrows and Return reach
(focus.py), and the table's letter keys. The keys are listed in the README ("Keys") and in each
game's Rules.

    Esc     the pause menu (a game may first undo a step: domino puts a picked-up tile back)
    H       the coach's hint            Ctrl+Z  undo (when the table has Undo)
    P       pass, where the game has a pass (`pass_by_key`)

A game's scene adds `play_targets` (its hand, the line's ends, the bids: focus.Target, grouped);
they come first, then the table's buttons.
"""

from __future__ import annotations

import pygame

from game.controller.door import Phase

from .focus import widget_targets


class TableKeys:
    """The keyboard half of TableScene."""

    def on_key(self, event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.on_escape()
        elif event.key == pygame.K_h:
            self.ask_coach()
        elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL \
                and self.undo_button is not None:
            self.undo()
        elif event.key == pygame.K_p:
            self.pass_by_key()

    def pass_by_key(self) -> None:
        """P: pass, where the game has a pass."""

    def focus_targets(self) -> list:
        """The moves first (the bids, the hand, the line's ends: `play_targets`), then the
        table's buttons. While an AI seat moves, or a move is shown, there is nothing to focus:
        the ring does not sit on Menu or the table's buttons, where a key meant for the
        player's next turn would act (Esc, L and B work anyway)."""
        play = self.play_targets()
        if not play and self.view.phase in (Phase.BOT, Phase.SHOWING):
            return []
        taken = {target.key for target in play}
        return play + [target for target in widget_targets(self, self.widgets)
                       if target.key not in taken]

    def play_targets(self) -> list:
        """What the human to act picks from, drawn by the table (focus.Target, grouped)."""
        return []

    def initial_focus(self):
        play = self.play_targets()
        return play[0].key if play else None

    def focus_epoch(self):
        """A new move asked for (or none): the focus goes back to the moves."""
        obs = self.view.observation
        return (self.view.acting, self.view.phase, getattr(obs, "phase", None),
                getattr(obs, "deal_number", None))
