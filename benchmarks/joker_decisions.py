"""Joker hard's decisions, judged one by one against the true deal: minutes where whole-game sims
take hours to show the same difference. Figures, not pass/fail.

    python benchmarks/joker_decisions.py [--positions 2000] [--deal-seed decisions]
                                         [--config worlds=20] ...

Positions come from seeded games of four normal bots: every bid and play with more than one
search candidate. Each configuration of the hard search decides from the seat's observation
alone, with a fixed number of worlds (so the figures do not depend on the machine's load); the
decision is then scored in the *true* deal: the search's own value for the seat (the deal's
score and the premium still in reach) when the chosen action is made and every seat, the
searching one too, goes on as the normal bot does. Against the normal choice in the same deal
this is the gain of the decision, and its mean over many positions estimates how much better
the decisions are: the hidden cards are those of the real deal, so no sampled world flatters a
configuration. Configurations are compared pairwise, position by position.

A configuration is `worlds=N,confidence=Z,rollout=plain|seen,low=L,high=H,oracle=0|1`
(defaults: 20 worlds, about what 0.05 s buys; the hard bot's confidence, 0 for the plain best
mean; its rollout policy; its bids searched, from `low` to `high` around normal's: BID_REACH).
`oracle=1` does not search: it takes the candidate that does best in the true deal
itself, the ceiling of a decision that knew every hand. Repeat `--config` to compare; the
first is the reference. A game is about 170 decisions of one seat, so 1 point a decision is
about 170 a game (fewer: a decision with one candidate is not searched).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time


import ai.joker.bots as joker_bots  # noqa: E402
from ai.search import decide  # noqa: E402
from ai.sim import interval  # noqa: E402
from game.core.table import Table  # noqa: E402
from game.joker.actions import Phase  # noqa: E402

DEFAULTS = {"worlds": 20, "confidence": joker_bots.CONFIDENCE or 0.0,
            "rollout": joker_bots.ROLLOUT, "low": joker_bots.BID_REACH[0],
            "high": joker_bots.BID_REACH[1], "oracle": 0}


def parse_config(text: str) -> dict:
    config = dict(DEFAULTS)
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if key not in DEFAULTS:
            raise SystemExit(f"unknown setting {key!r} (settings: {', '.join(DEFAULTS)})")
        config[key] = value if key == "rollout" else float(value) if key == "confidence" \
            else int(value)
    return config


def normal_action(state):
    player = state.current_player()
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return joker_bots.normal_choice(state.observation(player), legal)


def positions(count: int, deal_seed: str = "decisions") -> list:
    """(true state, observation, legal) for turns of normal-bot games with a choice to search,
    the games seeded `deal_seed`/0, /1, ..."""
    found: list = []
    game_number = 0
    game = joker_bots.JokerSearchGame()
    while len(found) < count:
        table = Table("joker", [f"P{p}" for p in range(4)], {}, seed=f"{deal_seed}/{game_number}")
        state = table.state
        while not state.is_terminal() and len(found) < count:
            if state.needs_deal():
                table.deal_if_needed()
                continue
            player = state.current_player()
            legal = state.legal_actions()
            observation = state.observation(player)
            if len(legal) > 1 and len(game.candidates(observation, legal)) > 1:
                found.append((state.clone(), observation, legal))
            table.apply(normal_action(state))
        game_number += 1
    return found


POSITIONS: list = []   # each worker builds the same seeded positions


def load_positions(count: int, deal_seed: str) -> None:
    POSITIONS[:] = positions(count, deal_seed)


def true_value(state, action, player: int) -> float:
    """The search's value of `action` in the true deal, every seat then playing as normal."""
    end = state.clone()
    end.apply(action)
    while not (end.needs_deal() or end.is_terminal()):
        end.apply(normal_action(end))
    return joker_bots.JokerSearchGame.deal_value(state, end, player)


def judge(task: tuple[int, dict]) -> tuple[float, bool, bool]:
    """(value gained over the normal choice in the true deal, whether the choice differs,
    whether the position is a bid)."""
    index, config = task
    state, observation, legal = POSITIONS[index]
    player = observation.player
    joker_bots.BID_REACH = (config["low"], config["high"])   # the bids searched, each task
    game = joker_bots.JokerSearchGame(config["rollout"])
    preferred = joker_bots.normal_choice(observation, legal)
    if config["oracle"]:
        candidates = game.candidates(observation, legal)
        candidates.sort(key=lambda action: action != preferred)   # normal keeps ties
        chosen = max(candidates, key=lambda action: true_value(state, action, player))
    else:
        chosen = decide(game, observation, legal, lambda rng: game.determinize(observation, rng),
                        random.Random(index), 0.0, config["worlds"],
                        config["confidence"] or None)
    bid = observation.phase is Phase.BIDDING
    if chosen == preferred:
        return 0.0, False, bid
    gain = true_value(state, chosen, player) - true_value(state, preferred, player)
    return gain, True, bid


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--deal-seed", default="decisions",
                        help="seed of the games the positions come from: another seed gives a "
                             "fresh set, to check that a setting chosen on one set holds")
    parser.add_argument("--config", action="append", default=[],
                        help="worlds=N,confidence=Z,rollout=plain|seen,low=L,high=H,oracle=0|1 "
                             "(repeat to compare)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()
    configs = [parse_config(text) for text in args.config or [""]]
    load_positions(args.positions, args.deal_seed)
    bids = sum(1 for _, observation, _ in POSITIONS if observation.phase is Phase.BIDDING)
    print(f"{len(POSITIONS)} positions from games of four normal bots ({bids} bids)")
    reference: list[float] | None = None
    with multiprocessing.Pool(args.jobs, initializer=load_positions,
                              initargs=(args.positions, args.deal_seed)) as pool:
        for config in configs:
            started = time.perf_counter()
            results = pool.map(judge, [(i, config) for i in range(len(POSITIONS))], chunksize=8)
            gains = [gain for gain, _, _ in results]
            bid_gains = [gain for gain, _, bid in results if bid]
            changed = sum(1 for _, differs, _ in results if differs)
            line = (f"{format_config(config)}: {statistics.mean(gains):+.2f} ± "
                    f"{interval(gains):.2f} a decision over normal (bids "
                    f"{sum(bid_gains) / len(gains):+.2f}, play "
                    f"{(sum(gains) - sum(bid_gains)) / len(gains):+.2f}), "
                    f"{100 * changed / len(results):.0f} % of decisions changed")
            if reference is None:
                reference = gains
            else:
                paired = [gain - base for gain, base in zip(gains, reference)]
                line += (f"; against the first {statistics.mean(paired):+.2f} ± "
                         f"{interval(paired):.2f}")
            print(f"{line} ({time.perf_counter() - started:.0f} s)", flush=True)
    return 0


def format_config(config: dict) -> str:
    return ",".join(f"{key}={value}" for key, value in config.items())


if __name__ == "__main__":
    sys.exit(main())
