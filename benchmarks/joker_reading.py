"""How well Joker hard's worlds read the others' hands (ai/joker/inference.py, issue 22).

A hard bot sits in seat 0 against three `--opponents` bots (normal-v1: the target's) for whole
standard games; seat 0 plays normal's rules so that every run sees the same games, and its
StyleReader reads the others' styles deal after deal, as hard's does. At each of its
decisions in the bidding and the play once another seat has bid (and that seat's style is
read), `--worlds` worlds are drawn by the chain (ReadWorlds) and by the bid-aware determinizer
alone (determinize.py); for each card in another seat's real hand, the share of worlds that put
it in that hand, by the cards seat 0 holds. Also shown:
- missed: of the judged seats' decisions, those their style would have made otherwise with
  their real hand (the reading's premise: 0 when the style is the seat's own rules);
- distinct: distinct worlds among a decision's worlds, as a share (mixing).

    python benchmarks/joker_reading.py [--games 2] [--seed 1] [--worlds 20]
        [--opponents normal-v1] [--steps 12] [--burn-in 40]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.bots import make_bot  # noqa: E402
from ai.joker import inference  # noqa: E402
from ai.joker.bots import normal_choice  # noqa: E402
from ai.joker.determinize import determinize  # noqa: E402
from ai.joker.inference import ReadWorlds, readable  # noqa: E402
from ai.joker.styles import StyleReader  # noqa: E402
from game.core.options import resolve_options  # noqa: E402
from game.joker.definition import JOKER  # noqa: E402
from game.joker.state import NUM_PLAYERS  # noqa: E402


def placed(worlds, hands, seats) -> float:
    """The share of the seats' real cards the worlds put in the right hand."""
    right = total = 0
    for world in worlds:
        for seat in seats:
            right += (world.hands[seat] & hands[seat]).bit_count()
            total += hands[seat].bit_count()
    return right / total


def run(games: int, seed: int, worlds: int, opponents: str) -> dict:
    rows: dict[int, dict[str, list[float]]] = {}
    missed = judged = 0
    chain_s = dealt_s = 0.0
    for game in range(games):
        rng = random.Random(f"reading/{seed}/{game}")
        state = JOKER.new_table(("A", "B", "C", "D"), resolve_options(JOKER.options, {}),
                                {"first_dealer": game % NUM_PLAYERS})
        bots = [None] + [make_bot("joker", opponents, f"{seed}/{game}/{s}") for s in (1, 2, 3)]
        reader = StyleReader(normal_choice)
        while not state.is_terminal():
            if state.needs_deal():
                state.start_deal(JOKER.random_deal(state, rng))
                continue
            seat = state.current_player()
            observation, legal = state.observation(seat), state.legal_actions()
            if seat:
                state.apply(bots[seat].choose(observation, legal, 0.0))
                continue
            reader.observe(observation)
            others = [s for s in (1, 2, 3) if state.hands[s]]
            readings = [reader.reading(s) if s else (None, 0.0) for s in range(NUM_PLAYERS)]
            styles = tuple(style for style, _ in readings)
            if others and readable(observation) and any(styles):
                chain_rng = random.Random(f"{seed}/{game}/{len(state.plays)}/{state.deal_index}")
                tick = time.perf_counter()
                chain = ReadWorlds(observation, chain_rng, styles,
                                   tuple(penalty for _, penalty in readings), normal_choice)
                drawn = [chain.world(chain_rng) for _ in range(worlds)]
                chain_s += time.perf_counter() - tick
                tick = time.perf_counter()
                alone = [determinize(observation, chain_rng) for _ in range(worlds)]
                dealt_s += time.perf_counter() - tick
                row = rows.setdefault(len(observation.hand), {"read": [], "dealt": [],
                                                              "distinct": []})
                row["read"].append(placed(drawn, state.hands, others))
                row["dealt"].append(placed(alone, state.hands, others))
                row["distinct"].append(len({tuple(w.hands) for w in drawn}) / worlds)
                for other in chain.reader.readable:
                    penalty = chain.reader.penalties[other]
                    if penalty:
                        missed += round(-chain.reader.log_likelihood(other, state.hands[other])
                                        / penalty)
                    judged += len(chain.reader.decisions[other]) + (other in
                                                                     chain.reader.bidding)
            state.apply(normal_choice(observation, legal))
    return {"rows": rows, "missed": missed, "judged": judged, "chain_s": chain_s,
            "dealt_s": dealt_s}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=20)
    parser.add_argument("--opponents", default="normal-v1")
    parser.add_argument("--steps", type=int, default=inference.STEPS)
    parser.add_argument("--burn-in", type=int, default=inference.BURN_IN)
    args = parser.parse_args()
    inference.STEPS, inference.BURN_IN = args.steps, args.burn_in
    result = run(args.games, args.seed, args.worlds, args.opponents)
    rows = result["rows"]
    print(f"Joker reading: {args.games} games against three {args.opponents}, "
          f"{args.worlds} worlds a decision, steps {args.steps}, burn-in {args.burn_in}")
    print(f"{'cards held':>10} {'decisions':>9} {'read':>7} {'dealt':>7} {'distinct':>8}")
    everything = {"read": [], "dealt": [], "distinct": []}
    for held in sorted(rows, reverse=True):
        row = rows[held]
        for key in everything:
            everything[key] += row[key]
        print(f"{held:>10} {len(row['read']):>9} {mean(row['read']):>7.1%} "
              f"{mean(row['dealt']):>7.1%} {mean(row['distinct']):>8.2f}")
    print(f"{'all':>10} {len(everything['read']):>9} {mean(everything['read']):>7.1%} "
          f"{mean(everything['dealt']):>7.1%} {mean(everything['distinct']):>8.2f}")
    decisions = max(1, len(everything["read"]))
    print(f"real hands: {result['missed']} of {result['judged']} judged decisions missed; "
          f"{args.worlds} worlds take {result['chain_s'] / decisions * 1000:.1f} ms by the "
          f"chain, {result['dealt_s'] / decisions * 1000:.1f} ms dealt alone")


def mean(values) -> float:
    return sum(values) / len(values) if values else 0.0


if __name__ == "__main__":
    main()
