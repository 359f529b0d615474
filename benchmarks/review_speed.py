"""How long `main.py review` takes a deal, and how many of hard's own moves it calls mistakes.

    nice -n 10 python benchmarks/review_speed.py [--games domino,tienlen,joker] [--deals N]
        [--budget S] [--play-budget S] [--seed S] [--all-seats]

For each game, N deals are played by four hard bots (`--play-budget` seconds a decision; the
table's is 1 s), each deal recorded as a scenario/1 file of its own (Joker: the 9-card deals of
`game_type: "nines"`, the longest), then reviewed by the judge (ai/judge.py, its time cap
`--budget` seconds a decision, the review's default) for seat 0, or every seat with
`--all-seats`. Prints per game: seconds a deal reviewed (mean, max; the CPU seconds' mean, which
a busy machine does not change), moves and decisions (moves with a choice) reviewed, the mistakes among them and
their share. Figures, not pass/fail: the goals are < 10 s a deal and < 5 % of
hard-against-hard moves marked. See docs/review.md.
"""

from __future__ import annotations

import argparse
import sys
import time


from ai.bots import make_bot  # noqa: E402
from ai.review import DEFAULT_BUDGET_S, review  # noqa: E402
from game.core.table import Table  # noqa: E402

PLAYERS = ["Ani", "Budi", "Citra", "Dewi"]
OPTIONS = {"domino": {}, "tienlen": {}, "joker": {"game_type": "nines"}}


def play_deal(game: str, seed: str, budget_s: float) -> dict:
    """One deal among four hard bots, as a record of its own (the deal is the table's first)."""
    table = Table(game, PLAYERS, OPTIONS[game], seed=seed)
    bots = [make_bot(game, "hard", f"{seed}/{p}") for p in range(4)]
    state = table.state
    table.deal_if_needed()
    while not state.needs_deal() and not state.is_terminal():
        player = state.current_player()
        table.apply(bots[player].choose(state.observation(player), state.legal_actions(),
                                        budget_s))
    return table.record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="domino,tienlen,joker")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET_S)
    parser.add_argument("--play-budget", type=float, default=0.3)
    parser.add_argument("--seed", default="review")
    parser.add_argument("--all-seats", action="store_true")
    args = parser.parse_args(argv)
    print(f"review budget {args.budget} s a decision; deals played by four hard bots at "
          f"{args.play_budget} s a decision; seed {args.seed!r}")
    print(f"{'game':<8} {'deals':>5} {'s/deal':>7} {'max s':>6} {'cpu s':>6} {'moves':>6} "
          f"{'decisions':>9} {'mistakes':>8} {'% moves':>7} {'% dec.':>6}")
    for game in args.games.split(","):
        times, cpu, moves, decisions, mistakes, marked = [], [], 0, 0, 0, []
        for deal in range(args.deals):
            record = play_deal(game, f"{args.seed}/{deal}", args.play_budget)
            seats = range(4) if args.all_seats else (0,)
            for seat in seats:
                started, started_cpu = time.perf_counter(), time.process_time()
                output = review(record, seat, args.budget)
                times.append(time.perf_counter() - started)
                cpu.append(time.process_time() - started_cpu)
                summary = output["summary"]
                moves += summary["moves"]
                decisions += summary["decisions"]
                mistakes += summary["mistakes"]
                marked += [(deal, seat, m["index"], m["loss"], m["note"])
                           for m in output["moves"] if m["mistake"]]
        print(f"{game:<8} {args.deals:>5} {sum(times) / len(times):>7.2f} {max(times):>6.2f} "
              f"{sum(cpu) / len(cpu):>6.2f} {moves:>6} {decisions:>9} {mistakes:>8} {100 * mistakes / max(moves, 1):>7.1f} "
              f"{100 * mistakes / max(decisions, 1):>6.1f}", flush=True)
        for deal, seat, index, loss, note in marked:
            print(f"    deal {deal} seat {seat} action {index}: loss {loss:g}: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
