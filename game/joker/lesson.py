"""The Joker lesson: one 9-card deal of the nines game (J4). You name trump from your first
three cards (J5), bid (J6), follow suit and trump when you cannot (J8), play a joker high to
take a trick and the other under to lose one (J10), and make your bid exactly (J12)."""

from game.lessons import Lesson, Prompt

LESSON = Lesson(
    game="joker",
    options={"game_type": "nines"},
    extra={"first_dealer": 3},        # the dealer sits on your right: you name trump and lead
    seed="lesson/joker",              # its ace cutting differs: no cut is replayed on screen
    deal={"hands": [                                    # by seat; you first
        "10H 7D 9S X1 X2 10C AC 9H QC".split(),
        "9D 6H 8S 7C KH 8H 10D JD KC".split(),
        "7S JH 8D JS QD 8C 9C QS KD".split(),
        "QH AS AH 7H JC KS AD 10S 6D".split()]},
    moves=(
        {"type": "trump", "suit": "H"},                     # 0 you: hearts are trump
        {"type": "bid", "n": 3},                            # 1 you: the bid
        {"type": "bid", "n": 2},
        {"type": "bid", "n": 2},
        {"type": "bid", "n": 4},
        {"type": "play", "card": "10H"},                    # 5 you lead trick 1
        {"type": "play", "card": "6H"},
        {"type": "play", "card": "JH"},
        {"type": "play", "card": "QH"},
        {"type": "play", "card": "KS"},                     # trick 2
        {"type": "play", "card": "X1", "joker": "high"},    # 10 you: a joker high
        {"type": "play", "card": "8S"},
        {"type": "play", "card": "7S"},
        {"type": "play", "card": "AC"},                     # 13 you lead trick 3
        {"type": "play", "card": "7C"},
        {"type": "play", "card": "8C"},
        {"type": "play", "card": "JC"},
        {"type": "play", "card": "7D"},                     # 17 you lead trick 4
        {"type": "play", "card": "JD"},
        {"type": "play", "card": "KD"},
        {"type": "play", "card": "AD"},
        {"type": "play", "card": "AS"},                     # trick 5
        {"type": "play", "card": "9S"},                     # 22 you follow suit
        {"type": "play", "card": "KH"},
        {"type": "play", "card": "JS"},
        {"type": "play", "card": "KC"},                     # trick 6
        {"type": "play", "card": "9C"},
        {"type": "play", "card": "AH"},
        {"type": "play", "card": "QC"},                     # 28 you follow suit
        {"type": "play", "card": "6D"},                     # trick 7
        {"type": "play", "card": "9H"},                     # 30 you trump
        {"type": "play", "card": "9D"},
        {"type": "play", "card": "8D"},
        {"type": "play", "card": "10C"},                    # 33 you lead trick 8
        {"type": "play", "card": "8H"},
        {"type": "play", "card": "QD"},
        {"type": "play", "card": "7H"},
        {"type": "play", "card": "10D"},                    # trick 9
        {"type": "play", "card": "QS"},
        {"type": "play", "card": "10S"},
        {"type": "play", "card": "X2", "joker": "under"},   # 40 you: a joker under
    ),
    prompts=(
        Prompt("joker.lesson.welcome", 0, read=True),
        Prompt("joker.lesson.trump", 0),
        Prompt("joker.lesson.bid", 1),
        Prompt("joker.lesson.bids_made", 5, read=True),
        Prompt("joker.lesson.lead", 5),
        Prompt("joker.lesson.trick_taken", 9, read=True),
        Prompt("joker.lesson.joker_high", 10),
        Prompt("joker.lesson.lead_ace", 13),
        Prompt("joker.lesson.lead_diamond", 17),
        Prompt("joker.lesson.follow", 22),
        Prompt("joker.lesson.follow_again", 28),
        Prompt("joker.lesson.must_trump", 30),
        Prompt("joker.lesson.bid_made", 33),
        Prompt("joker.lesson.joker_under", 40),
        Prompt("joker.lesson.won", 41, read=True),
    ),
)
