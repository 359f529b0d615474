"""Byte-identical replay: the output of `main.py replay` for scenarios that set none of the house
rule options (docs/rules/variants.md) must not change when the rules engines learn them.

    python benchmarks/replay_identity.py generate CORPUS [--games N]
        random seeded games of every game dumped to scenario/1 (whole games, games cut short,
        games ending in a refused action), one JSON text per line
    python benchmarks/replay_identity.py capture CORPUS -- PYTEST ARGS...
        run pytest and keep every scenario it replays (`replay`, `replay_text`, `load_table`
        and `main.py replay` in a subprocess), one per line, duplicates dropped
    python benchmarks/replay_identity.py outputs CORPUS OUT [--code DIR]
        replay every scenario of CORPUS with the code in DIR (default: this tree) and write
        what `main.py replay` would print, and its exit code, one line each
    python benchmarks/replay_identity.py compare OLD NEW CORPUS
        compare two output files byte for byte; prints the differences (exit 1 if any)

A scenario that names an unknown option is refused with the list of the game's options, which
grows with each option the engine learns: `compare` reports those separately (the refusal
itself stays the same).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: installed in a subprocess's path by `capture`: wraps the replay driver to log its scenarios
_SITECUSTOMIZE = r'''
import importlib.abc, importlib.util, json, os, sys

_LOG = os.environ.get("REPLAY_IDENTITY_LOG")


def _keep(text):
    with open(_LOG, "a", encoding="utf-8") as log:
        log.write(json.dumps(text, ensure_ascii=False) + "\n")


class _Hook(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "game.core.replay":
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            replay_text, init = module.replay_text, module._Replay.__init__

            def logged_text(text):
                _keep(text)
                return replay_text(text)

            def logged_init(self, data):
                try:
                    _keep(json.dumps(data, ensure_ascii=False))
                except (TypeError, ValueError):
                    pass
                init(self, data)

            module.replay_text = logged_text
            module._Replay.__init__ = logged_init

        spec.loader.exec_module = exec_module
        return spec


if _LOG:
    sys.meta_path.insert(0, _Hook())
'''


# --- generate -------------------------------------------------------------------------------

def _random_options(game: str, rng: random.Random) -> dict:
    """Random values of the options the engines knew before the house rules."""
    options: dict = {}
    if game == "domino":
        if rng.random() < 0.3:
            options["misplay_penalty"] = rng.random() < 0.5
        if rng.random() < 0.2:
            options["turn_seconds"] = rng.choice([0, 35])
    elif game == "joker":
        if rng.random() < 0.3:
            options["khishti"] = rng.choice([-100, -200, -500, -1000, "special"])
        if rng.random() < 0.3:
            options["dealer_cannot_fill"] = rng.random() < 0.5
        if rng.random() < 0.3:
            options["trump_beats_high_joker_lead"] = rng.random() < 0.5
        if rng.random() < 0.3:
            options["game_type"] = rng.choice(["standard", "nines"])
    elif game == "tienlen":
        if rng.random() < 0.3:
            options["stake"] = rng.choice([1, 2, 5])
    return options


def _play(game: str, seed: int, rng: random.Random) -> dict:
    """One seeded game to its end (Tiến Lên: a few games at one table), bots or random moves;
    domino now and then tries a tile that fits nowhere (a misplay, D8)."""
    from ai.bots import make_bot
    from game.core.table import Table

    definition_players = {"domino": 4, "joker": 4, "tienlen": rng.randint(2, 4)}[game]
    players = [f"P{p}" for p in range(definition_players)]
    table = Table.open(game, players, _random_options(game, rng), seed=seed)
    level = rng.choice(["random", "random", "easy", "normal"])
    bots = [make_bot(game, level, f"{seed}/{p}") for p in range(len(players))]
    state = table.state
    games = rng.randint(1, 3)
    while not state.is_terminal():
        if state.needs_deal():
            if table.definition.open_ended and len(table.record["deals"]) >= games:
                break
            table.deal_if_needed()
            continue
        player = state.current_player()
        if game == "domino" and rng.random() < 0.03:
            try:
                table.apply(_misfit(state, player))
                continue
            except Exception:
                pass
        legal = state.legal_actions()
        table.apply(bots[player].choose(state.observation(player), legal, 0.0))
    return table.record


def _misfit(state, player):
    from game.domino.actions import PLAY_AT
    from game.domino.tiles import fits

    for tile in state.hands[player]:
        if state.left >= 0 and not fits(tile, state.left) and not fits(tile, state.right):
            return PLAY_AT[tile]["L"]
    raise ValueError("no misfit")


def generate(corpus: Path, games: int) -> None:
    from game.core.scenario import dump_scenario

    lines = []
    for game in ("domino", "joker", "tienlen"):
        for seed in range(games):
            rng = random.Random(f"identity/{game}/{seed}")
            record = _play(game, seed, rng)
            record.pop("table", None)
            lines.append(dump_scenario(record))
            cut = dict(record, actions=record["actions"][:rng.randrange(len(record["actions"])
                                                                        + 1)])
            lines.append(dump_scenario(cut))
            if record["actions"]:
                # a refused action: the one before it again (the state is in the output)
                index = rng.randrange(1, len(record["actions"]) + 1)
                wrong = record["actions"][:index] + [record["actions"][index - 1]]
                lines.append(dump_scenario(dict(record, actions=wrong)))
    _write_lines(corpus, [json.dumps(text, ensure_ascii=False) for text in lines])
    print(f"{len(lines)} scenarios in {corpus}")


# --- capture --------------------------------------------------------------------------------

def capture(corpus: Path, pytest_args: list[str]) -> int:
    with tempfile.TemporaryDirectory() as hook_dir:
        Path(hook_dir, "sitecustomize.py").write_text(_SITECUSTOMIZE, encoding="utf-8")
        log = Path(hook_dir, "log.jsonl")
        env = dict(os.environ, REPLAY_IDENTITY_LOG=str(log),
                   PYTHONPATH=os.pathsep.join(filter(None, [hook_dir,
                                                            os.environ.get("PYTHONPATH")])))
        code = subprocess.call([sys.executable, "-m", "pytest", "-q", "-o", "addopts=",
                                "-p", "no:cacheprovider", *pytest_args], cwd=ROOT, env=env)
        seen, kept = set(), []
        if log.exists():
            for line in log.read_text(encoding="utf-8").splitlines():
                digest = hashlib.sha256(line.encode()).digest()
                if digest not in seen:
                    seen.add(digest)
                    kept.append(line)
    _write_lines(corpus, kept)
    print(f"{len(kept)} distinct scenarios from the tests in {corpus} (pytest exit {code})")
    return 0


# --- outputs and compare --------------------------------------------------------------------

_RUNNER = r'''
import json, sys
from game.core.replay import replay_text
with open(sys.argv[1], encoding="utf-8") as corpus, open(sys.argv[2], "w",
                                                          encoding="utf-8") as out:
    for line in corpus:
        text = json.loads(line)
        code, output = replay_text(text)
        out.write(json.dumps([code, json.dumps(output, ensure_ascii=False)],
                             ensure_ascii=False) + "\n")
'''


def outputs(corpus: Path, out: Path, code_dir: Path) -> None:
    subprocess.check_call([sys.executable, "-c", _RUNNER, str(corpus.resolve()),
                           str(out.resolve())], cwd=code_dir,
                          env=dict(os.environ, PYTHONPATH=str(code_dir)))
    print(f"outputs of {corpus} with the code in {code_dir}: {out}")


def compare(old: Path, new: Path, corpus: Path) -> int:
    old_lines = old.read_text(encoding="utf-8").splitlines()
    new_lines = new.read_text(encoding="utf-8").splitlines()
    scenarios = corpus.read_text(encoding="utf-8").splitlines()
    assert len(old_lines) == len(new_lines) == len(scenarios), "not the same corpus"
    same = option_list = 0
    different = []
    for index, (a, b) in enumerate(zip(old_lines, new_lines)):
        if a == b:
            same += 1
        elif "unknown option" in a and "unknown option" in b:
            option_list += 1
        else:
            different.append(index)
    print(f"{len(scenarios)} scenarios: {same} byte-identical, {option_list} refused for an "
          f"unknown option (the list of known options grew), {len(different)} different")
    for index in different[:10]:
        print(f"--- scenario {index}: {scenarios[index][:300]}")
        print(f"old: {old_lines[index][:600]}")
        print(f"new: {new_lines[index][:600]}")
    return 1 if different else 0


def _write_lines(path: Path, lines: list[str]) -> None:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate")
    make.add_argument("corpus", type=Path)
    make.add_argument("--games", type=int, default=200, help="seeds per game (default 200)")
    take = commands.add_parser("capture")
    take.add_argument("corpus", type=Path)
    take.add_argument("pytest_args", nargs=argparse.REMAINDER)
    run = commands.add_parser("outputs")
    run.add_argument("corpus", type=Path)
    run.add_argument("out", type=Path)
    run.add_argument("--code", type=Path, default=ROOT)
    check = commands.add_parser("compare")
    check.add_argument("old", type=Path)
    check.add_argument("new", type=Path)
    check.add_argument("corpus", type=Path)
    args = parser.parse_args()
    if args.command == "generate":
        generate(args.corpus, args.games)
    elif args.command == "capture":
        return capture(args.corpus, [a for a in args.pytest_args if a != "--"])
    elif args.command == "outputs":
        outputs(args.corpus, args.out, args.code.resolve())
    else:
        return compare(args.old, args.new, args.corpus)
    return 0


if __name__ == "__main__":
    sys.exit(main())
