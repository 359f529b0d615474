"""The Tiến Lên lesson: you open with 3♠ (T7), chop a 2 with three consecutive pairs (T5, T12)
and go out with a straight (T3, T10). Three moves of yours, nine in all."""

from game.lessons import Lesson, Prompt

LESSON = Lesson(
    game="tienlen",
    deal={"hands": [                  # cards as rank then suit: S ♠, C ♣, D ♦, H ♥
        "3S 4S 4H 5C 5D 6S 6H 9D 10C JH QS KD AC".split(),     # you
        "3C 4C 5S 7S 8D 8S 9S 10D JS QC KS AS 2C".split(),
        "3D 4D 5H 7H 7C 8C 9C 10H JC QD KH AD 2D".split(),
        "3H 6C 6D 7D 8H 9H 10S JD QH KC AH 2H 2S".split()]},
    moves=(
        {"type": "play", "cards": ["3S"]},                       # 0 you: the 3♠ opening
        {"type": "play", "cards": ["8D"]},
        {"type": "play", "cards": ["KH"]},
        {"type": "play", "cards": ["2S"]},                       # 3 a 2…
        {"type": "play", "cards": "4S 4H 5C 5D 6S 6H".split()},  # 4 you: …chopped
        {"type": "pass"},
        {"type": "pass"},
        {"type": "pass"},
        {"type": "play", "cards": "9D 10C JH QS KD AC".split()},  # 8 you: out
    ),
    prompts=(
        Prompt("tienlen.lesson.welcome", 0, read=True),
        Prompt("tienlen.lesson.open", 0),
        Prompt("tienlen.lesson.beat", 2, read=True),
        Prompt("tienlen.lesson.two", 4, read=True),
        Prompt("tienlen.lesson.chop", 4),
        Prompt("tienlen.lesson.chopped", 5, read=True),
        Prompt("tienlen.lesson.all_passed", 8, read=True),
        Prompt("tienlen.lesson.straight", 8),
        Prompt("tienlen.lesson.won", 9, read=True),
    ),
)
