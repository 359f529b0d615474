"""`main.py host` and `main.py join`: a table served without a window, and a chair played by a
bot from another process (docs/network.md, "Running it").

Both print one JSON line a finished game and exit 0 at the end. Every argument is checked by
type and range (game/command_line.py: one line on standard error, exit 2); a table that cannot
be served or joined says so in one line and exits EXIT_NETWORK.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import random
import sys
from pathlib import Path
from urllib.parse import urlsplit

from ai.bots import DEFAULT_BUDGET_S, LEVELS
from game.command_line import (EXIT_BAD_INPUT, EXIT_NETWORK, checked, json_object, name_list,
                               seconds, text, whole_number)
from game.controller.settings import ControllerSettings
from game.core.errors import ScenarioError
from game.core.options import resolve_options
from game.core.registry import game_names, get_game
from game.paths import data_dir

from .chairs import BOT, OPEN, REMOTE, WAIT, Chair
from .protocol import MAX_CODE, MAX_NAME, TABLE_ID

MAX_GAMES = 1000
MAX_DEALS = 1000
MAX_TABLES = 200
MAX_HOLD_S = 3600.0
MAX_BUDGET_S = 60.0
MAX_SEED = 10**12


def _bind_address(value: str) -> str:
    if value == "localhost":
        return value
    try:
        return str(ipaddress.ip_address(value))
    except ValueError:
        raise ValueError(f"{value[:40]!r} is not an IP address (e.g. 0.0.0.0, 127.0.0.1, ::1)") \
            from None


def _table_url(value: str) -> str:
    parts = urlsplit(value)
    try:
        port = parts.port
    except ValueError:
        port = None
    if parts.scheme not in ("ws", "wss") or not parts.hostname or port is None or \
            parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"{value[:60]!r} is not a table's address: ws://HOST:PORT")
    return value


def _table_id(value: str) -> str:
    if not TABLE_ID.fullmatch(value):
        raise ValueError("a table id is 1 to 16 small letters, digits or dashes")
    return value


def add_host_arguments(parser) -> None:
    parser.add_argument("--game", required=True, choices=game_names())
    parser.add_argument("--seats", required=True, type=name_list(LEVELS + (OPEN,), "seat"),
                        help=f"each chair: a bot level ({', '.join(LEVELS)}) or {OPEN} "
                             "(a joiner sits there), comma-separated")
    parser.add_argument("--port", required=True, type=whole_number(0, 65535),
                        help="the port (0: any free one; the first line tells it)")
    parser.add_argument("--code", required=True, type=text(MAX_CODE),
                        help="the join code every joiner must give")
    parser.add_argument("--games", type=whole_number(1, MAX_GAMES), default=1,
                        help="games played one after another at each table (default 1)")
    parser.add_argument("--deals", type=whole_number(1, MAX_DEALS), default=None,
                        help="end each game after this many deals (Tiến Lên: games); "
                             "default: the rules' whole match (Tiến Lên: one game)")
    parser.add_argument("--bind", type=checked(_bind_address, "address"), default="0.0.0.0",
                        help="the address to serve on (default 0.0.0.0: the local network; "
                             "127.0.0.1: this machine only)")
    parser.add_argument("--tables", type=whole_number(1, MAX_TABLES), default=1,
                        help="tables with these seats, t1 … tN (default 1)")
    parser.add_argument("--hold", type=seconds(MAX_HOLD_S), default=120.0,
                        help="seconds a dropped joiner keeps the chair (default 120)")
    parser.add_argument("--fallback", choices=LEVELS + (WAIT,), default="easy",
                        help="who plays a dropped joiner's turns: a bot level, or wait")
    parser.add_argument("--options", type=json_object, default=None, metavar="JSON",
                        help="table options, as a scenario's \"options\" object")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=None,
                        help="the first game's seed (default: drawn)")
    parser.add_argument("--budget", type=seconds(MAX_BUDGET_S), default=DEFAULT_BUDGET_S,
                        help="seconds a bot thinks a move")
    parser.add_argument("--records", type=text(4096), default=None,
                        help="the folder of the games' records (default: the data folder's "
                             "hosted/)")
    parser.add_argument("--no-discovery", action="store_true",
                        help="do not announce the tables on the local network")


def add_join_arguments(parser) -> None:
    parser.add_argument("url", type=checked(_table_url, "address"), help="ws://HOST:PORT")
    parser.add_argument("--code", required=True, type=text(MAX_CODE), help="the join code")
    parser.add_argument("--bot", required=True, choices=LEVELS, help="the bot that plays")
    parser.add_argument("--name", type=text(MAX_NAME), default=None,
                        help="the name at the table (a name held there retakes its chair)")
    parser.add_argument("--table", type=checked(_table_id, "table id"), default=None,
                        help="the table's id (default: the first with a free chair)")
    parser.add_argument("--budget", type=seconds(MAX_BUDGET_S), default=DEFAULT_BUDGET_S,
                        help="seconds the bot thinks a move")
    # for tests: every frame received, one a line; stop acting before N actions
    parser.add_argument("--frames", type=text(4096), default=None, help=argparse.SUPPRESS)
    parser.add_argument("--stall-at", type=whole_number(0, 10**6), default=None,
                        help=argparse.SUPPRESS)


def host_specs(args) -> list | str:
    """The tables the arguments ask for (table_host.TableSpec), or what is wrong with them in
    words."""
    from .table_host import TableSpec

    definition = get_game(args.game)
    if not definition.min_players <= len(args.seats) <= definition.max_players:
        return f"{args.game} needs {definition.min_players} to {definition.max_players} seats"
    if not definition.wire_types:
        return f"{args.game} cannot be played across machines"
    options = args.options or {}
    try:
        resolve_options(definition.options, options)
    except ScenarioError as error:
        return f"--options: {error}"
    deals = args.deals if args.deals or not definition.open_ended else 1
    seed = random.SystemRandom().randrange(MAX_SEED) if args.seed is None else args.seed
    settings = ControllerSettings(bot_budget_s=args.budget, bot_move_pause_s=0,
                                  human_move_pause_s=0, auto_summary_s=0, assists=False)
    return [TableSpec(f"t{number}", args.game,
                      [Chair(REMOTE, args.fallback) if seat == OPEN else Chair(BOT, seat)
                       for seat in args.seats],
                      dict(options), seed + 1000 * (number - 1), args.games, deals, args.hold,
                      ControllerSettings(**settings.to_json()))
            for number in range(1, args.tables + 1)]


def print_line(value: dict) -> None:
    print(json.dumps(value, ensure_ascii=False), flush=True)


def host_announcer(args):
    """The tables announced nearby (adverts.py): off with --no-discovery, else as the
    environment says (TABLE_GAMES_DISCOVERY; the default: the local network), and only to this
    computer when the host is bound to it. Nobody plays at a server's screen: its tables are
    announced under the computer's name."""
    import ipaddress
    import socket

    from .adverts import HostAnnouncer
    from .discovery import LOOPBACK, NETWORK, OFF, discovery_mode

    decided = discovery_mode(no_discovery=args.no_discovery)
    if decided.refused is not None:
        print(f"tabletrio host: {decided.warning()}", file=sys.stderr)
    mode = decided.mode
    try:
        if mode == NETWORK and ipaddress.ip_address(args.bind).is_loopback:
            mode = LOOPBACK
    except ValueError:                 # a host name to bind: as the mode says
        pass
    return None if mode == OFF else HostAnnouncer(mode, socket.gethostname())


def main_host(args) -> int:
    from .host import Host

    specs = host_specs(args)
    if isinstance(specs, str):
        print(f"tabletrio host: {specs}", file=sys.stderr)
        return EXIT_BAD_INPUT
    records = Path(args.records) if args.records else data_dir() / "hosted"
    try:
        records.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"tabletrio host: the records cannot be written in {records}: "
              f"{error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    host = Host(specs, args.code, records, discovery=host_announcer(args),
                on_game_over=print_line)

    def listening(port: int) -> None:
        print_line({"listening": {"bind": args.bind, "port": port,
                                  "tables": [spec.id for spec in specs]}})

    try:
        asyncio.run(host.serve(args.bind, args.port, listening))
    except OSError as error:
        print(f"tabletrio host: cannot serve on {args.bind}:{args.port}: "
              f"{error.strerror or error}", file=sys.stderr)
        return EXIT_NETWORK
    return 0


def main_join(args) -> int:
    from .joiner import Joiner, JoinFailed, game_line, play_bot

    name = args.name or f"{args.bot}-{os.getpid() % 10000}"
    log = open(args.frames, "a", encoding="utf-8") if args.frames else None   # noqa: SIM115

    def keep(text: str) -> None:
        if log is not None:
            log.write(text.replace("\n", " ") + "\n")
            log.flush()

    joiner = Joiner(args.url, args.code, name, table=args.table, on_frame=keep)
    try:
        asyncio.run(play_bot(joiner, args.bot, args.budget,
                             lambda message: print(game_line(message), flush=True),
                             args.stall_at))
    except JoinFailed as error:
        print(f"tabletrio join: {error}", file=sys.stderr)
        return EXIT_NETWORK
    finally:
        if log is not None:
            log.close()
    if joiner.ended != "games_done":          # the host stopped, or took the chair away
        print(f"tabletrio join: the table ended before its games did ({joiner.ended})",
              file=sys.stderr)
        return EXIT_NETWORK
    return 0
