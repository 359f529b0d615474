"""A game's lesson at its guided table (App.SCENES "lesson"): the game's GameUi names the table
(`guided_table`: its table scene with the guide, game/ui/<game>/guided.py), which places the
guide where the table keeps free of what matters."""

from __future__ import annotations

from game.controller.factory import open_lesson
from game.lessons import lesson_for

from ..games import GAMES
from ..i18n import t


def lesson_table(app, game: str):
    """The guided table of `game`'s lesson. The human plays as the player's profile, the AI
    seats keep the game's default names."""
    you = app.history.ensure_profile(t("profile.default")).name
    spec = GAMES[game]
    names = [you, *spec.default_names[1:4]]
    controller = open_lesson(lesson_for(game), names, now=app.now)
    return spec.guided_table_class()(app, controller)


__all__ = ["lesson_table"]
