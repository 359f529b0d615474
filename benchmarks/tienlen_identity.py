"""Byte-identical replay outputs with default options: the Tiến Lên house rules (V-T1–V-T7) must
not change what `main.py replay` prints for a scenario that sets none of them.

    python benchmarks/tienlen_identity.py generate DIR [--count N] [--seed S]
    python benchmarks/tienlen_identity.py outputs DIR OUT [--root PATH]
    python benchmarks/tienlen_identity.py compare OUT_A OUT_B

`generate` writes N seeded random tables as scenario/1 files (2–4 players, random stakes and
gold, several games, random and bot moves, leaves, rigged instant-win deals, some cut short in
the middle and some ending in an illegal action). `outputs` replays every *.json file of DIR
with the code under --root (default: this checkout) and writes, one line per file, its name,
the exit code and exactly what `main.py replay` prints. `compare` reports the files whose lines
differ. Run `outputs` once with the old code and once with the new, then `compare`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: rigged hands: the cards an instant-win pattern needs (T17/T18), filled up to 13 at random
PATTERNS = {
    "four_twos": ["2S", "2C", "2D", "2H"],
    "six_pairs": ["4S", "4H", "6S", "6H", "8C", "8D", "10S", "10H", "QC", "QD", "AS", "AH"],
    "dragon": ["3C", "4D", "5S", "6H", "7C", "8D", "9S", "10H", "JC", "QD", "KS", "AH"],
    "five_pair_run": ["5S", "5H", "6S", "6H", "7C", "7D", "8S", "8H", "9C", "9D"],
    "four_threes": ["3S", "3C", "3D", "3H"],
    "pair_run_3s": ["3S", "3H", "4S", "4H", "5C", "5D"],
    "two_bombs": ["6S", "6C", "6D", "6H", "9S", "9H", "10S", "10H", "JC", "JD"],
}


def rigged_hands(rng: random.Random, seated: list[bool], parse) -> list[list[int]]:
    """13 cards to each seated player, one of them holding a pattern of PATTERNS."""
    pattern = [parse(text) for text in rng.choice(sorted(PATTERNS.values()))]
    rest = [card for card in range(52) if card not in pattern]
    rng.shuffle(rest)
    players = [p for p, s in enumerate(seated) if s]
    lucky = rng.choice(players)
    hands: list[list[int]] = [[] for _ in seated]
    hands[lucky] = pattern + rest[:13 - len(pattern)]
    rest = rest[13 - len(pattern):]
    for p in players:
        if p != lucky:
            hands[p], rest = rest[:13], rest[13:]
    return [sorted(hand) for hand in hands]


def generate_one(index: int, seed: int) -> dict:
    from ai.bots import make_bot
    from game.core.table import Table
    from game.tienlen.actions import Deal, Leave
    from game.tienlen.cards import parse

    rng = random.Random(f"{seed}/{index}")
    count = rng.randint(2, 4)
    options: dict = {}
    if rng.random() < 0.5:
        options["stake"] = rng.choice([1, 2, 5, 100])
    if rng.random() < 0.3:
        options["gold"] = rng.choice([0, 50, 1000, 10**6])
    if rng.random() < 0.2:
        options["turn_seconds"] = rng.choice([0, 15, 60])
    table = Table("tienlen", [f"P{p}" for p in range(count)], options, seed=f"id/{seed}/{index}")
    levels = [rng.choice(["random", "random", "easy", "normal"]) for _ in range(count)]
    bots = [None if level == "random" else make_bot("tienlen", level, f"{seed}/{index}/{p}")
            for p, level in enumerate(levels)]
    games = rng.randint(1, 6)
    leave_rate = rng.choice([0.0, 0.0, 0.005, 0.02])
    state = table.state
    played_games = 0
    cut = rng.random() < 0.25          # stop somewhere in the middle of a game
    while not state.is_terminal():
        if state.needs_deal():
            if played_games >= games:
                break
            if rng.random() < 0.15:
                hands = rigged_hands(rng, list(state.at_table), parse)
                table.start_deal(Deal(tuple(tuple(h) for h in hands)))
            else:
                table.deal_if_needed()
            played_games += 1
            continue
        if cut and played_games == games and rng.random() < 0.03:
            break
        if rng.random() < leave_rate:
            seated = [p for p in range(count) if state.at_table[p]]
            table.apply(Leave(rng.choice(seated)))
            continue
        player = state.current_player()
        legal = state.legal_actions()
        bot = bots[player]
        if bot is None:
            action = rng.choice(legal)
        else:
            action = bot.choose(state.observation(player), legal, 0.0)
        table.apply(action)
    record = json.loads(json.dumps(table.record))
    record.pop("table", None)
    if rng.random() < 0.1 and record["actions"]:
        # an illegal action at the end: the replay's error path
        record["actions"].append(rng.choice([
            {"type": "play", "cards": ["3S", "3S"]}, {"type": "pass"},
            {"type": "play", "cards": ["4H", "9C"]}, {"type": "leave", "player": 7},
            {"type": "play", "cards": ["2H"], "player": 0}]))
    return record


def generate(directory: str, count: int, seed: int) -> None:
    os.makedirs(directory, exist_ok=True)
    for index in range(count):
        record = generate_one(index, seed)
        with open(os.path.join(directory, f"random-{seed}-{index:04d}.json"), "w",
                  encoding="utf-8") as file:
            json.dump(record, file, ensure_ascii=False)


def outputs(directory: str, out: str) -> None:
    from game.core.replay import replay_text

    with open(out, "w", encoding="utf-8") as result:
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(directory, name), encoding="utf-8") as file:
                text = file.read()
            code, output = replay_text(text)
            # exactly what main.py prints
            result.write(f"{name}\t{code}\t{json.dumps(output, ensure_ascii=False)}\n")


def compare(first: str, second: str) -> int:
    def lines(path):
        with open(path, encoding="utf-8") as file:
            return dict(line.rstrip("\n").split("\t", 1) for line in file)
    a, b = lines(first), lines(second)
    differ = sorted(name for name in set(a) | set(b) if a.get(name) != b.get(name))
    codes = {}
    for value in a.values():
        code = value.split("\t", 1)[0]
        codes[code] = codes.get(code, 0) + 1
    print(f"{len(a)} and {len(b)} scenarios (exit codes in the first: {codes}); "
          f"{len(differ)} differ")
    for name in differ[:20]:
        print("  differs:", name)
    return 1 if differ or set(a) != set(b) else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    gen = commands.add_parser("generate")
    gen.add_argument("directory")
    gen.add_argument("--count", type=int, default=400)
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--root", default=HERE)
    out = commands.add_parser("outputs")
    out.add_argument("directory")
    out.add_argument("out")
    out.add_argument("--root", default=HERE)
    cmp = commands.add_parser("compare")
    cmp.add_argument("first")
    cmp.add_argument("second")
    args = parser.parse_args()
    if args.command == "compare":
        return compare(args.first, args.second)
    # the checkout under comparison (--root, maybe an older one) first: its code is measured,
    # not the installed package's
    sys.path.insert(0, os.path.abspath(args.root))
    if args.command == "generate":
        generate(args.directory, args.count, args.seed)
    else:
        outputs(args.directory, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
