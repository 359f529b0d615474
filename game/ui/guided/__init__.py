"""Guided first games in the window (the lessons themselves are in game/lessons).

    guide.py    the lesson's prompt panel on a table, and what a guided table does differently
    tables.py   each game's guided table: where its guide panel sits
    dialogs.py  the end of a lesson, and the choice of a lesson (Learn to play, first start)
"""
