"""`main.py sim`: seeded bot-against-bot games, headless, in duplicate form, on every core.

Duplicate: each *deal set* (one table seed, hence the same deals) is played once per rotation of
the seat levels, so every level sits in every position with every hand and the luck of the deal
cancels. `--games N` is the number of games played in all (rounded up to whole deal sets).
Confidence intervals are taken over deal sets (the rotations of a set are not independent).

A game is what the game's GameDefinition plays to its end (domino: a 12-deal match with any
tie-break deals; joker: a whole game, 24 deals or 16 with `--game-type nines`); for an open-ended
table (Tiến Lên) it is one deal, i.e. one game of the table, even when that game ends as it
is dealt (an instant win, T17).

A game's winner is who the rules say won it (`GameDefinition.winners`): the domino champion
(D17, ties settled by the tie-break deals), the highest total in Joker (J16, ties shared), and in
Tiến Lên the first player out (T10), whatever the chops paid on the way (a loser who chopped can
end a game with more gold than the winner: about one game in nine among normal bots). Where the
winner need not hold the highest total (Tiến Lên) the table also shows how often a level ended
the game with the most.

`--options JSON` sets table options (a scenario's "options" object: house rules such as
`{"partnership": true}`) for every game of the run; they are checked as a scenario's are.

What the table shows is the same for every game, in the game's unit (its definition's `unit`);
a game with figures of its own adds them through a `SimReport` in `ai/<game>/sim.py` (Joker: how
often bids are made exactly, and khishti).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import multiprocessing
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game.command_line import EXIT_BAD_INPUT, json_object, name_list, seconds, whole_number
from game.command_line import seed as seed_value
from game.core.errors import ScenarioError
from game.core.options import resolve_options
from game.core.registry import game_ai, game_names, get_game
from game.core.rules import highest_totals
from game.core.table import Table

from .bots import BASELINE_LEVELS, DEFAULT_BUDGET_S, LEVELS, make_bot


@dataclass(frozen=True)
class Rate:
    """A column of a level's share: `count` out of `out_of`, both added up over its games."""
    title: str          # the column's title
    key: str            # the summary row's key
    count: str
    out_of: str


def _deals_started(state, started: int) -> int:
    return started


@dataclass(frozen=True)
class SimReport:
    """A game's own part of the sim table (`REPORT` in ai/<game>/sim.py; this default
    otherwise)."""
    #: decimals of the per-game (and edge) and per-deal columns: domino's points are few
    game_digits: int = 1
    deal_digits: int = 1
    #: (state, deals started) -> the deals of the game, the per-deal column's divisor
    deals: Callable[[Any, int], int] = _deals_started
    #: per player of a finished game, counts added up by level, for `rates`
    counts: Callable[[Any], list[dict[str, int]]] | None = None
    rates: tuple[Rate, ...] = ()


def sim_report(game: str) -> SimReport:
    package = game_ai(game)
    if not package or importlib.util.find_spec(f"{package}.sim") is None:
        return SimReport()
    return importlib.import_module(f"{package}.sim").REPORT


@dataclass(frozen=True)
class SimConfig:
    game: str
    seats: tuple[str, ...]
    games: int = 100
    seed: int | str = 0
    budget_s: float = DEFAULT_BUDGET_S
    game_type: str | None = None          # joker: "standard" or "nines"
    jobs: int = 0                         # 0: every core
    #: play only each game's first deals (latency figures at the real budget without whole
    #: 24-deal games); the results are then of partial games
    max_deals: int | None = None
    #: table options for every game of the run (`--options`), as (name, value) pairs
    options: tuple = ()
    #: searching bots sample exactly this many worlds a decision (`--worlds`): figures that do
    #: not depend on the machine's speed or load; the budget then does not bind them
    worlds: int | None = None

    @property
    def rotations(self) -> int:
        return len(self.seats)

    @property
    def deal_sets(self) -> int:
        return max(1, math.ceil(self.games / self.rotations))


@dataclass
class GameRecord:
    """One game, by player: levels, returns, deals, decision times and game-specific counts."""
    deal_set: int
    levels: list[str]
    returns: list[int]
    deals: int
    winners: list[int] = field(default_factory=list)
    latencies: dict[str, list[float]] = field(default_factory=dict)
    counts: list[dict[str, int]] = field(default_factory=list)   # SimReport.counts, by player


def _bot(game: str, level: str, seed: str, worlds: int | None = None):
    if level == "omniscient":
        bot = importlib.import_module(game_ai(game)).omniscient_bot(seed)
    else:
        bot = make_bot(game, level, seed)
    if worlds is not None and hasattr(bot, "max_worlds"):
        bot.max_worlds = worlds
    return bot


def play_game(config: SimConfig, deal_set: int, rotation: int) -> GameRecord:
    """One game of deal set `deal_set`, the seat levels rotated by `rotation`."""
    players = [f"P{p}" for p in range(config.rotations)]
    options = dict(config.options)
    if config.game_type:
        options["game_type"] = config.game_type
    # no opening fields: the scenario defaults (Joker: seat 0 deals first) suit duplicate play,
    # where every level sits in every seat anyway
    table = Table(config.game, players, options, seed=f"{config.seed}/{deal_set}")
    levels = [config.seats[(p - rotation) % config.rotations] for p in range(len(players))]
    bots = [_bot(config.game, level, f"{config.seed}/{deal_set}/{rotation}/{p}", config.worlds)
            for p, level in enumerate(levels)]
    latencies: dict[str, list[float]] = {level: [] for level in levels}
    state = table.state
    deal_limit = 1 if table.definition.open_ended else config.max_deals
    deals = 0
    while not state.is_terminal():
        if state.needs_deal():
            if deal_limit and deals >= deal_limit:
                break
            if table.definition.open_ended:
                # one deal at a time: a game that ends as it is dealt (a Tiến Lên instant win,
                # T17) is the record's one game, not the first of two
                table.deal_next()
            else:
                table.deal_if_needed()
            deals += 1
            continue
        player = state.current_player()
        legal = state.legal_actions()
        started = time.perf_counter()
        if levels[player] == "omniscient":
            action = bots[player].choose_with_state(state, legal, config.budget_s)
        else:
            action = bots[player].choose(state.observation(player), legal, config.budget_s)
        latencies[levels[player]].append(time.perf_counter() - started)
        table.apply(action)
    report = sim_report(config.game)
    return GameRecord(deal_set, levels, list(state.returns()), report.deals(state, deals),
                      table.definition.winners(state), latencies,
                      report.counts(state) if report.counts else [])


def _play_task(task: tuple[SimConfig, int, int]) -> GameRecord:
    return play_game(*task)


def _leave_ctrl_c() -> None:
    """A worker ignores Ctrl+C: the parent ends them all and says so once (the terminal sends
    the key to every process of the group, and each worker printed its own traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(config: SimConfig, progress: bool = True) -> list[GameRecord]:
    tasks = [(config, s, r) for s in range(config.deal_sets) for r in range(config.rotations)]
    jobs = config.jobs or multiprocessing.cpu_count()
    records: list[GameRecord] = []
    started = shown = time.perf_counter()
    if jobs == 1:
        results = map(_play_task, tasks)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_leave_ctrl_c)
        results = pool.imap_unordered(_play_task, tasks)
    try:
        for record in results:
            records.append(record)
            now = time.perf_counter()
            if progress and (now - shown > 0.25 or len(records) == len(tasks)):
                shown = now
                _progress(len(records), len(tasks), now - started)
    except KeyboardInterrupt:
        if pool is not None:                    # the workers end with the run, quietly
            pool.terminate()
            pool.join()
            pool = None
        raise
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if progress:
        sys.stderr.write("\n")
    records.sort(key=lambda r: (r.deal_set, r.levels))
    return records


def _progress(done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = width * done // total
    eta = elapsed / done * (total - done)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games "
                     f"{elapsed:.0f}s elapsed, ~{eta:.0f}s left ")
    sys.stderr.flush()


# --- summary --------------------------------------------------------------------------------

def interval(values: list[float]) -> float:
    """The half-width of the 95 % confidence interval of the mean (normal approximation); NaN
    below two values."""
    if len(values) < 2:
        return math.nan
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % confidence interval."""
    if not values:
        return math.nan, math.nan
    return statistics.fmean(values), interval(values)


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summarize(config: SimConfig, records: list[GameRecord]) -> dict[str, Any]:
    levels = list(dict.fromkeys(config.seats))
    per_set: dict[str, dict[int, dict[str, list[float]]]] = {level: {} for level in levels}
    latencies: dict[str, list[float]] = {level: [] for level in levels}
    counts: dict[str, dict[str, int]] = {level: {} for level in levels}
    for record in records:
        top = highest_totals(record.returns)
        for p, level in enumerate(record.levels):
            others = [v for q, v in enumerate(record.returns) if q != p]
            bucket = per_set[level].setdefault(record.deal_set, {
                "game": [], "deal": [], "win": [], "top": [], "edge": []})
            bucket["game"].append(record.returns[p])
            bucket["deal"].append(record.returns[p] / max(1, record.deals))
            bucket["win"].append(1 / len(record.winners) if p in record.winners else 0.0)
            bucket["top"].append(1 / len(top) if p in top else 0.0)
            bucket["edge"].append(record.returns[p] - statistics.fmean(others))
            if record.counts:
                for key, count in record.counts[p].items():
                    counts[level][key] = counts[level].get(key, 0) + count
        for level, times in record.latencies.items():
            latencies[level].extend(times)
    rows = []
    for level in levels:
        sets = per_set[level].values()
        row: dict[str, Any] = {"level": level, "seats": config.seats.count(level)}
        for key in ("game", "deal", "win", "top", "edge"):
            mean, ci = _mean_ci([statistics.fmean(bucket[key]) for bucket in sets])
            row[key] = {"mean": mean, "ci95": ci}
        row["latency_ms"] = {"p50": 1000 * _percentile(latencies[level], 0.5),
                             "p99": 1000 * _percentile(latencies[level], 0.99),
                             "decisions": len(latencies[level])}
        for rate in sim_report(config.game).rates:
            if counts[level].get(rate.out_of):
                row[rate.key] = counts[level][rate.count] / counts[level][rate.out_of]
        rows.append(row)
    return {"game": config.game, "seats": list(config.seats), "games": len(records),
            "deal_sets": config.deal_sets, "seed": config.seed, "budget_s": config.budget_s,
            "game_type": config.game_type, "max_deals": config.max_deals, "worlds": config.worlds,
            "options": dict(config.options),
            "unit": get_game(config.game).unit,
            "levels": rows}


def json_ready(value: Any) -> Any:
    """`value` with every float that JSON cannot hold (NaN, an unknown interval or latency;
    infinities) as None, which prints as null."""
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, dict):
        return {key: json_ready(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_ready(item) for item in value]
    return value


def format_table(summary: dict[str, Any]) -> str:
    unit = summary["unit"]
    report = sim_report(summary["game"])
    # where the rules' winner need not hold the highest total, show who ended with the most
    most = not get_game(summary["game"]).winner_has_highest_total
    head = (f"{summary['game']}: {summary['games']} games ({summary['deal_sets']} deal sets × "
            f"{len(summary['seats'])} rotations), seats {','.join(summary['seats'])}, "
            f"seed {summary['seed']}, budget {summary['budget_s']} s"
            + (f", {summary['worlds']} worlds a search" if summary.get("worlds") else "")
            + (f", options {json.dumps(summary['options'])}" if summary.get("options") else "")
            + (f", only the first {summary['max_deals']} deals of each game"
               if summary.get("max_deals") else ""))
    columns = ["level", "seats", "win %", f"{unit}/game", f"{unit}/deal",
               "edge/game (vs others)", "p50 ms", "p99 ms"]
    if most:
        columns.append(f"most {unit} %")
    columns += [rate.title for rate in report.rates]
    wide = (2, 3, 4, 5)  # the columns with an interval
    lines = [head, "  ".join(f"{c:>22}" if i in wide else f"{c:>8}"
                             for i, c in enumerate(columns))]

    def interval(cell, digits):
        ci = "n/a" if math.isnan(cell["ci95"]) else f"{cell['ci95']:.{digits}f}"
        return f"{cell['mean']:.{digits}f} ± {ci}"

    for row in summary["levels"]:
        cells = [row["level"], str(row["seats"]),
                 interval({key: 100 * value for key, value in row["win"].items()}, 1),
                 interval(row["game"], report.game_digits),
                 interval(row["deal"], report.deal_digits),
                 interval(row["edge"], report.game_digits),
                 f"{row['latency_ms']['p50']:.1f}", f"{row['latency_ms']['p99']:.1f}"]
        if most:
            cells.append(f"{100 * row['top']['mean']:.1f}")
        cells += [f"{100 * row.get(rate.key, math.nan):.1f}" for rate in report.rates]
        lines.append("  ".join(f"{c:>22}" if i in wide else f"{c:>8}"
                               for i, c in enumerate(cells)))
    return "\n".join(lines)


#: every bot level a seat may be given (omniscient sees every hand: the benchmark ceiling)
SEAT_LEVELS = LEVELS + BASELINE_LEVELS + ("omniscient",)
#: bounds of the arguments, so that no run is endless by mistake ("inf", "nan", "1e308")
MAX_GAMES = 100_000
MAX_BUDGET_S = 60.0
MAX_JOBS = 64
MAX_WORLDS = 10_000
MAX_DEALS = 1_000


def add_arguments(parser) -> None:
    parser.add_argument("--game", required=True, choices=game_names())
    parser.add_argument("--seats", required=True, type=name_list(SEAT_LEVELS, "bot level"),
                        help="bot level per seat, comma-separated (random, easy, normal, hard, "
                             "omniscient; the frozen baselines normal-v1, hard-v1)")
    parser.add_argument("--games", type=whole_number(1, MAX_GAMES), default=100,
                        help=f"games in all, 1 to {MAX_GAMES:,} (default 100)")
    parser.add_argument("--seed", type=seed_value, default=0,
                        help="a whole number or a short text (default 0)")
    parser.add_argument("--budget", type=seconds(MAX_BUDGET_S), default=DEFAULT_BUDGET_S,
                        help=f"seconds per decision, more than 0 and at most {MAX_BUDGET_S:g} "
                             f"(default {DEFAULT_BUDGET_S})")
    parser.add_argument("--game-type", choices=("standard", "nines"), default=None,
                        help="a game with a game_type option (Georgian Joker): 24-deal "
                             "standard game or 16 nine-card deals")
    parser.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=0,
                        help=f"processes, 1 to {MAX_JOBS} (default: every core)")
    parser.add_argument("--deals", type=whole_number(1, MAX_DEALS), default=None,
                        help="stop each game after this many deals (quick latency figures; "
                             "the results are then of partial games)")
    parser.add_argument("--options", type=json_object, default=None, metavar="JSON",
                        help="table options for every game, a JSON object as in a scenario's "
                             "\"options\" (e.g. '{\"partnership\": true}')")
    parser.add_argument("--worlds", type=whole_number(1, MAX_WORLDS), default=None,
                        help="searching bots (hard, hard-v1, omniscient) sample exactly this "
                             "many worlds a decision, whatever the budget (reproducible "
                             f"figures on a loaded machine; 1 to {MAX_WORLDS:,})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def main(args) -> int:
    """Run the checked arguments (main.py parses them); exit 2 with one line when the seats or
    options do not fit the game."""
    seats = args.seats
    definition = get_game(args.game)
    low, high = definition.min_players, definition.max_players
    if not low <= len(seats) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        print(f"tabletrio sim: {args.game} needs {wanted} seats, got {len(seats)}",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.game_type and "game_type" not in definition.options:
        having = [name for name in game_names() if "game_type" in get_game(name).options]
        print(f"tabletrio sim: --game-type is a {' or '.join(having)} option", file=sys.stderr)
        return EXIT_BAD_INPUT
    options = parse_options(definition, args.options, args.game_type)
    if isinstance(options, str):
        print(f"tabletrio sim: {options}", file=sys.stderr)
        return EXIT_BAD_INPUT
    config = SimConfig(args.game, seats, args.games, args.seed, args.budget, args.game_type,
                       args.jobs, args.deals, tuple(sorted(options.items())), args.worlds)
    summary = summarize(config, run(config, progress=True))
    print(json.dumps(json_ready(summary), allow_nan=False) if args.json
          else format_table(summary))
    return 0


def parse_options(definition, options: dict | None, game_type: str | None) -> dict | str:
    """The `--options` JSON object (parsed, bounded in size and depth, by its argument type)
    checked as a scenario's options are (with `--game-type` among them); a message in words
    when it is not valid."""
    if options is None:
        return {}
    if game_type and "game_type" in options and options["game_type"] != game_type:
        return "--game-type and the \"game_type\" of --options disagree"
    try:
        resolve_options(definition.options, {**options,
                                             **({"game_type": game_type} if game_type else {})})
    except ScenarioError as error:
        return f"--options: {error}"
    return options
