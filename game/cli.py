"""The program's command line: `tabletrio` (installed), `python main.py` (a checkout) and the
stand-alone build all start here.

    tabletrio                      the game window
    tabletrio --version            the version
    tabletrio replay FILE          replay a scenario/1 file (FILE may be -), print one JSON object
    tabletrio sim --game G --seats L,L,L,L [--games N] [--seed S] [--budget S] [--json]
                                   bots against bots, headless, in duplicate (ai/sim.py)
    tabletrio stats [--profile NAME] [--game G] [--json]
                                   each profile's figures from the history (game/history)
    tabletrio review FILE [--seat N] [--budget S] [--json]
                                   judge every move of one seat with the hard search: the best
                                   move, the loss, the mistakes and why (ai/review.py)
    tabletrio window-check [--language L]
                                   open the window, draw the menu, close it (an install's smoke
                                   test; with SDL_VIDEODRIVER=dummy it needs no screen)

The subcommands import only the pure-Python engines and bots: they never load pygame.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from game import __version__


def run_replay(path: str) -> int:
    from game.core.replay import replay_text

    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError) as error:
        print(json.dumps({"error": {"action_index": None,
                                    "message": f"cannot read {path}: {error}"}, "state": None}))
        return 2
    code, output = replay_text(text)
    print(json.dumps(output, ensure_ascii=False))
    return code


def run_stats(args) -> int:
    from game.history.cli import print_stats

    return print_stats(args.profile, args.game, args.json)


def run_window() -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")     # no banner in the terminal
    from game.ui.app import run_app

    return run_app()


def run_window_check(language: str | None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.app import check_window

    return check_window(language)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletrio", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command")
    replay = commands.add_parser("replay", help="replay a scenario/1 file and print the result")
    replay.add_argument("file", help="the scenario file, or - for standard input")
    sim = commands.add_parser("sim", help="play seeded bot games headless and print results")
    from ai.sim import add_arguments

    add_arguments(sim)
    stats = commands.add_parser("stats", help="print each profile's figures from the history")
    stats.add_argument("--profile", help="only this profile (its name)")
    stats.add_argument("--game", choices=("domino", "tienlen", "joker"), help="only this game")
    stats.add_argument("--json", action="store_true", help="one JSON object")
    review = commands.add_parser("review", help="judge one seat's moves in a scenario or save")
    from ai.review import add_arguments as add_review_arguments

    add_review_arguments(review)
    check = commands.add_parser("window-check", help="open the window, draw the menu, close it")
    check.add_argument("--language", choices=("en", "id", "vi", "ka"),
                       help="the menu's language (default: the settings')")
    args = parser.parse_args(argv)
    if args.command == "window-check":
        return run_window_check(args.language)
    if args.command == "replay":
        return run_replay(args.file)
    if args.command == "stats":
        return run_stats(args)
    if args.command == "sim":
        from ai.sim import main as run_sim

        return run_sim(args)
    if args.command == "review":
        from ai.review import main as run_review

        return run_review(args)
    return run_window()
