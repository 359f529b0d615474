"""Tiến Lên hard's decisions, judged one by one against the true deal: minutes where whole-game
sims take hours to show the same difference. Figures, not pass/fail.

    python benchmarks/tienlen_decisions.py [--positions 1600] [--deal-seed decisions]
                                           [--config worlds=60] ...

Positions come from seeded games of four normal bots: every turn with more than one search
candidate. Each configuration of the hard search decides from the seat's observation alone
(with a fixed number of worlds, so the figures do not depend on the machine's speed); the
decision is then scored in the *true* deal: the search's own value for the seat (its gold, and
the next game's lead if it goes out first) when the chosen play is made and everyone goes on
with the normal rules, the rollouts' own policy. Against the normal choice in the same deal
this is the gain of the decision, and its mean over many positions estimates how much better
the decisions are: the hidden cards are drawn by the real deal, so no one sampled world
flatters a configuration. The same is counted for going out first (points of win share a
decision). Configurations are compared pairwise, position by position.

A configuration is `worlds=N,confidence=Z,searched=K,facts=0|1,lead=G,oracle=0|1` (defaults:
60 worlds, the hard bot's confidence, searched plays and next-lead value, StayedIn facts on).
`oracle=1` does not search: it takes the candidate that does best in the true deal itself, what
knowing every hand would be worth to the decision (the ceiling of reading hands). Repeat
`--config` to compare; the first is the reference. As a guide, 0.25 gold a decision is about
one gold a game.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time


import ai.tienlen.bots as tienlen_bots  # noqa: E402
import ai.tienlen.determinize as determinizer  # noqa: E402
from ai.bots import make_bot  # noqa: E402
from ai.search import decide, play_out  # noqa: E402
from ai.sim import interval  # noqa: E402
from ai.tienlen.play import normal_choice  # noqa: E402
from ai.tienlen.view import view_of_observation  # noqa: E402
from game.core.table import Table  # noqa: E402

DEFAULTS = {"worlds": 60, "confidence": tienlen_bots.CONFIDENCE,
            "searched": tienlen_bots.SEARCHED_PLAYS, "facts": 1,
            "lead": tienlen_bots.NEXT_LEAD_VALUE, "oracle": 0}


def parse_config(text: str) -> dict:
    config = dict(DEFAULTS)
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if key not in DEFAULTS:
            raise SystemExit(f"unknown setting {key!r} (settings: {', '.join(DEFAULTS)})")
        config[key] = float(value) if key in ("confidence", "lead") else int(value)
    return config


def positions(count: int, deal_seed: str = "decisions") -> list:
    """(true state, observation, legal) for turns of normal-bot games with a choice to search,
    the games seeded `deal_seed`/0, /1, ..."""
    found: list = []
    game_number = 0
    while len(found) < count:
        table = Table("tienlen", [f"P{p}" for p in range(4)], {}, seed=f"{deal_seed}/{game_number}")
        bots = [make_bot("tienlen", "normal", p) for p in range(4)]
        state = table.state
        table.deal_if_needed()
        while not state.needs_deal() and not state.is_terminal() and len(found) < count:
            player = state.current_player()
            legal = state.legal_actions()
            observation = state.observation(player)
            if len(tienlen_bots.candidates(observation, legal)) > 1:
                found.append((state.clone(), observation, legal))
            table.apply(bots[player].choose(observation, legal, 1.0))
        game_number += 1
    return found


POSITIONS: list = []   # each worker builds the same seeded positions


def load_positions(count: int, deal_seed: str) -> None:
    POSITIONS[:] = positions(count, deal_seed)


def true_outcome(state, action, player: int) -> tuple[float, bool]:
    """The search's value of `action` in the true deal (with the shipped next-lead value, so
    every configuration is judged by the same measure), and whether the seat goes out first."""
    game = tienlen_bots.TienLenSearchGame()
    end = play_out(game, state, action, 0)
    return game.deal_value(state, end, player), end.last_winner == player


def judge(task: tuple[int, dict]) -> tuple[float, float, bool]:
    """(value gained over the normal choice in the true deal, the same for going out first,
    whether the choice differs)."""
    index, config = task
    state, observation, legal = POSITIONS[index]
    # the settings are module constants of the bot: each task sets them in its worker
    tienlen_bots.SEARCHED_PLAYS = config["searched"]
    tienlen_bots.NEXT_LEAD_VALUE = config["lead"]
    read_stayed_in = determinizer.read_stayed_in
    if not config["facts"]:
        determinizer.read_stayed_in = lambda observation: ()
    player = observation.player
    try:
        game = tienlen_bots.TienLenSearchGame()
        if config["oracle"]:
            # the normal choice comes first among the candidates and keeps ties
            chosen = max(game.candidates(observation, legal),
                         key=lambda action: true_outcome(state, action, player)[0])
        else:
            def sample_world(rng):
                return game.determinize(observation, rng)
            chosen = decide(game, observation, legal, sample_world, random.Random(index), 0.0,
                            config["worlds"], config["confidence"])
    finally:
        determinizer.read_stayed_in = read_stayed_in
        tienlen_bots.NEXT_LEAD_VALUE = DEFAULTS["lead"]
    preferred = normal_choice(view_of_observation(observation), legal)
    if chosen == preferred:
        return 0.0, 0.0, False
    value, wins = true_outcome(state, chosen, player)
    base_value, base_wins = true_outcome(state, preferred, player)
    return value - base_value, float(wins) - float(base_wins), True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=1600)
    parser.add_argument("--deal-seed", default="decisions",
                        help="seed of the games the positions come from: another seed gives a "
                             "fresh set, to check that a setting chosen on one set holds")
    parser.add_argument("--config", action="append", default=[],
                        help="worlds=N,confidence=Z,searched=K,facts=0|1,lead=G,oracle=0|1 "
                             "(repeat to compare)")
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (0: every core)")
    args = parser.parse_args()
    configs = [parse_config(text) for text in args.config or [""]]
    load_positions(args.positions, args.deal_seed)
    print(f"{len(POSITIONS)} positions from games of four normal bots")
    reference: tuple[list[float], list[float]] | None = None
    with multiprocessing.Pool(args.jobs or os.cpu_count(), initializer=load_positions,
                              initargs=(args.positions, args.deal_seed)) as pool:
        for config in configs:
            started = time.perf_counter()
            results = pool.map(judge, [(i, config) for i in range(len(POSITIONS))], chunksize=4)
            gains = [gain for gain, _, _ in results]
            wins = [won for _, won, _ in results]
            changed = sum(1 for _, _, differs in results if differs)
            line = (f"{format_config(config)}: {statistics.mean(gains):+.3f} ± "
                    f"{interval(gains):.3f} gold a decision over normal, going out first "
                    f"{100 * statistics.mean(wins):+.2f} ± {100 * interval(wins):.2f} points, "
                    f"{100 * changed / len(results):.0f} % of decisions changed")
            if reference is None:
                reference = (gains, wins)
            else:
                paired = [gain - base for gain, base in zip(gains, reference[0])]
                paired_wins = [won - base for won, base in zip(wins, reference[1])]
                line += (f"; against the first {statistics.mean(paired):+.3f} ± "
                         f"{interval(paired):.3f} gold, {100 * statistics.mean(paired_wins):+.2f}"
                         f" ± {100 * interval(paired_wins):.2f} points")
            print(f"{line} ({time.perf_counter() - started:.0f} s)", flush=True)
    return 0


def format_config(config: dict) -> str:
    return ",".join(f"{key}={value}" for key, value in config.items())


if __name__ == "__main__":
    sys.exit(main())
