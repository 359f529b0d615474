"""The program's command line: `tabletrio` (installed), `python main.py` (a checkout) and the
stand-alone build all start here.

    tabletrio                      the game window
    tabletrio --version            the version
    tabletrio replay FILE          replay a scenario/1 file (FILE may be -), print one JSON object
    tabletrio sim --game G --seats L,L,L,L [--games N] [--seed S] [--budget S] [--json]
                                   bots against bots, headless, in duplicate (ai/sim.py)
    tabletrio stats [--profile NAME] [--game G] [--json]
                                   each profile's figures from the history (game/history)
    tabletrio review FILE [--seat N] [--budget S] [--worlds N] [--json]
                                   judge every move of one seat with the hard search: the best
                                   move, the loss, the mistakes and why (ai/review.py)
    tabletrio host --game G --seats S --port P --code C [--games N] [--deals N] [--bind ADDR]
                                   serve tables without a window; `open` seats wait for a
                                   joiner (game/net, docs/network.md)
    tabletrio join ws://HOST:PORT --code C --bot LEVEL [--name N] [--table ID]
                                   play a chair at a hosted table with a bot
    tabletrio window-check [--language L]
                                   open the window, draw the menu, close it (an install's smoke
                                   test; with SDL_VIDEODRIVER=dummy it needs no screen)

Every argument is checked by type and range (a bad one: one line on standard error, exit 2);
an input file that cannot be read or is not a valid record gets one JSON error object on
standard output, {"error": {"action_index": null, "message": "..."}, "state": null}, and exit 2.
No input makes a subcommand print a traceback or run without end (game/command_line.py).

The subcommands import only the pure-Python engines and bots: they never load pygame.
"""

from __future__ import annotations

import argparse
import os
import sys

from game import __version__
from game.core.registry import game_names
from game.command_line import (EXIT_BAD_INPUT, EXIT_BUG, EXIT_CODES_HELP, EXIT_INTERRUPTED,
                               EXIT_OUTPUT_CLOSED,
                               Parser, error_object, print_json, quiet_stdout, read_input,
                               safe_output, text)

# the exit codes, written once (game/command_line.py), end the help's description
__doc__ += "\nExit codes (each subcommand's --help lists them too):\n" + \
    EXIT_CODES_HELP.split("\n", 1)[1] + "\n"

#: subcommands whose output is one JSON object, also when they fail
FILE_COMMANDS = ("replay", "review")


def run_replay(path: str) -> int:
    from game.core.replay import replay_text

    try:
        text = read_input(path)
    except ValueError as error:       # the file could not be read
        print_json(error_object(str(error)))
        return EXIT_BAD_INPUT
    code, output = replay_text(text)
    print_json(output)
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


def build_parser() -> argparse.ArgumentParser:
    def command(name: str, help: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, help=help, epilog=EXIT_CODES_HELP,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)

    # the docstring lists the exit codes (a test keeps it equal to EXIT_CODES_HELP)
    parser = Parser(prog="tabletrio", description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command")
    replay = command("replay", "replay a scenario/1 file and print the result")
    replay.add_argument("file", help="the scenario file, or - for standard input")
    from ai.sim import add_arguments

    add_arguments(command("sim", "play seeded bot games headless and print results"))
    stats = command("stats", "print each profile's figures from the history")
    stats.add_argument("--profile", type=text(), help="only this profile (its name)")
    stats.add_argument("--game", choices=game_names(), help="only this game")
    stats.add_argument("--json", action="store_true", help="one JSON object")
    from ai.review import add_arguments as add_review_arguments

    add_review_arguments(command("review", "judge one seat's moves in a scenario or save"))
    from game.net.cli import add_host_arguments, add_join_arguments

    add_host_arguments(command("host", "serve tables without a window (game/net)"))
    add_join_arguments(command("join", "play a chair at a hosted table with a bot"))
    check = command("window-check", "open the window, draw the menu, close it")
    check.add_argument("--language", choices=("en", "id", "vi", "ka"),
                       help="the menu's language for this run (default: the settings')")
    return parser


def run(args) -> int:
    if args.command == "window-check":
        return run_window_check(args.language)
    if args.command == "replay":
        return run_replay(args.file)
    if args.command == "stats":
        return run_stats(args)
    if args.command == "sim":
        from ai.sim import main as run_sim

        return run_sim(args)
    if args.command == "host":
        from game.net.cli import main_host

        return main_host(args)
    if args.command == "join":
        from game.net.cli import main_join

        return main_join(args)
    if args.command == "review":
        from ai.review import main as run_review

        return run_review(args)
    return run_window()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        return run_window()
    safe_output()
    command = None
    try:
        args = build_parser().parse_args(argv)     # a bad argument: one line, SystemExit(2)
        command = args.command
        code = run(args)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:         # the reader stopped reading (`| head`): nowhere to say more
        quiet_stdout()
        return EXIT_OUTPUT_CLOSED
    except Exception as error:      # noqa: BLE001 - the last guard: never a traceback
        # a fault of the program, not of the input: said in one place, never as a traceback
        message = f"the program failed ({type(error).__name__}: {error}); please report it"
        if command in FILE_COMMANDS:
            print_json(error_object(message))
            return EXIT_BAD_INPUT
        print(f"tabletrio {command or ''}: {message}", file=sys.stderr)
        return EXIT_BUG
