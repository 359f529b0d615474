"""The domino lesson: you hold 6-6 and open (D5), lay tiles that match an end (D6), see two
players pass (D6) and win with an Apollo (D11). Every tile you lay is the only one that fits,
so each of your moves is a click on that tile."""

from game.lessons import Lesson, Prompt

LESSON = Lesson(
    game="domino",
    deal={"hands": [                                   # by chair A (you), B, C, D
        ["6-6", "3-6", "0-4", "0-3", "2-2", "1-3", "0-2"],
        ["0-0", "1-4", "4-4", "2-5", "1-2", "0-1", "0-6"],
        ["2-4", "1-6", "3-5", "5-5", "3-3", "1-5", "3-4"],
        ["1-1", "2-6", "4-6", "4-5", "2-3", "0-5", "5-6"]]},
    moves=(
        {"type": "play", "tile": "6-6"},                     # 0 you: the 6-6 opening
        {"type": "play", "tile": "0-6", "end": "L"},
        {"type": "play", "tile": "1-6", "end": "R"},
        {"type": "play", "tile": "0-5", "end": "L"},
        {"type": "play", "tile": "1-3", "end": "R"},         # 4 you
        {"type": "play", "tile": "2-5", "end": "L"},
        {"type": "play", "tile": "3-5", "end": "R"},
        {"type": "play", "tile": "2-6", "end": "L"},
        {"type": "play", "tile": "3-6", "end": "L"},         # 8 you
        {"type": "pass"},                                    # 9 a pass
        {"type": "play", "tile": "3-3", "end": "L"},
        {"type": "play", "tile": "5-6", "end": "R"},
        {"type": "play", "tile": "0-3", "end": "L"},         # 12 you
        {"type": "play", "tile": "0-1", "end": "L"},
        {"type": "play", "tile": "1-5", "end": "L"},
        {"type": "play", "tile": "4-5", "end": "L"},
        {"type": "play", "tile": "0-4", "end": "L"},         # 16 you
        {"type": "play", "tile": "0-0", "end": "L"},
        {"type": "pass"},
        {"type": "play", "tile": "4-6", "end": "R"},
        {"type": "apollo", "plays": [{"tile": "0-2", "end": "L"},
                                     {"tile": "2-2", "end": "L"}]},   # 20 you: Apollo
    ),
    prompts=(
        Prompt("domino.lesson.welcome", 0, read=True),
        Prompt("domino.lesson.open", 0),
        Prompt("domino.lesson.turns", 1, read=True),
        Prompt("domino.lesson.match", 4),
        Prompt("domino.lesson.match_left", 8),
        Prompt("domino.lesson.passed", 10, read=True),
        Prompt("domino.lesson.lay_03", 12),
        Prompt("domino.lesson.keep_double", 16, read=True),
        Prompt("domino.lesson.lay_04", 16),
        Prompt("domino.lesson.apollo_ready", 20, read=True),
        Prompt("domino.lesson.apollo", 20),
        Prompt("domino.lesson.won", 21, read=True),
    ),
)
