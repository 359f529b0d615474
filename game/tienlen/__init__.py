"""Tiến Lên Miền Nam, as specified in docs/rules/tienlen.md (rule ids T1–T20).

cards.py     the int encoding of cards and hands (bitmasks)
combos.py    combinations: classify, compare (T3–T5), chop values (T12), generation
scoring.py   end-of-game penalties (T14–T15) and instant wins at the deal (T17–T18)
actions.py   actions, events and the observation a seat receives
state.py     the Rules state: a table playing game after game (T6–T20)
definition.py  the GameDefinition: options, deals, scenario/1 notation

Pure Python and deterministic: never imports pygame, never draws random numbers itself.
"""
