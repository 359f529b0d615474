"""How well domino hard's worlds read the others' hands (ai/domino/inference.py).

Four normal-v1 bots play whole deals (the target's opponents choose as normal-v1 does). At every
decision with a choice, the deciding seat's chain (ReadWorlds) draws `--worlds` worlds; for each
tile in another player's real hand, the share of worlds that put it in that hand. Shown by the
deciding seat's tiles left, against the pass-aware dealing alone (determinize.py) and with:
- explained: the share of worlds in which every readable player's hand explains all its
  choices (log likelihood 0), as the real hands always do;
- moved: between two consecutive worlds of a decision, the share of hidden tiles that changed
  holder (mixing: 0 would be the same world again and again);
- distinct: distinct worlds among a decision's worlds, as a share.

    python benchmarks/domino_reading.py [--deals 200] [--seed 1] [--worlds 40]
        [--sharpness 20] [--cap 10] [--steps 3] [--burn-in 30]

The inference constants are set for the run only (the module's globals), so variants can be
read side by side without editing the code.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time


from ai.bots import make_bot  # noqa: E402
from ai.domino import inference  # noqa: E402
from ai.domino.determinize import determinize  # noqa: E402
from ai.domino.inference import ReadWorlds  # noqa: E402
from game.domino.definition import DOMINO  # noqa: E402
from game.domino.state import DominoState  # noqa: E402


def hand_share(world_hands, true_hands, players) -> tuple[int, int]:
    """Hidden tiles put in their true hand, and hidden tiles, of one world."""
    right = total = 0
    for p in players:
        held = set(world_hands[p])
        for tile in true_hands[p]:
            total += 1
            right += tile in held
    return right, total


def run(deals: int, seed: int, worlds: int) -> dict:
    rng = random.Random(f"reading/{seed}")
    bots = [make_bot("domino", "normal-v1", f"{seed}/{p}") for p in range(4)]
    by_left: dict[int, dict[str, list[float]]] = {}
    decisions = 0
    started = time.perf_counter()
    chain_s = 0.0
    for _ in range(deals):
        state = DominoState(("A", "B", "C", "D"))
        state.start_deal(DOMINO.random_deal(state, rng))
        while state.current_player() is not None:
            player = state.current_player()
            observation = state.observation(player)
            legal = state.legal_actions()
            if len(legal) > 1:
                decisions += 1
                others = [p for p in range(4) if p != player and state.hands[p]]
                row = by_left.setdefault(len(observation.hand), {
                    "read": [], "dealt": [], "explained": [], "moved": [], "distinct": []})
                chain_rng = random.Random(f"{seed}/{decisions}")
                tick = time.perf_counter()
                chain = ReadWorlds(observation, chain_rng)
                drawn = [chain.world(chain_rng).hands for _ in range(worlds)]
                chain_s += time.perf_counter() - tick
                reader = chain.reader
                right = total = explained = 0
                for hands in drawn:
                    r, t = hand_share(hands, state.hands, others)
                    right += r
                    total += t
                    explained += all(reader.log_likelihood(p, hands[p]) == 0.0
                                     for p in reader.readable)
                row["read"].append(right / total)
                row["explained"].append(explained / worlds)
                moved = hidden = 0
                for before, after in zip(drawn, drawn[1:]):
                    for p in others:
                        held = set(after[p])
                        hidden += len(before[p])
                        moved += sum(1 for t in before[p] if t not in held)
                if hidden:
                    row["moved"].append(moved / hidden)
                row["distinct"].append(
                    len({tuple(tuple(sorted(h)) for h in hands) for hands in drawn}) / worlds)
                right = total = 0
                for _ in range(worlds):
                    r, t = hand_share(determinize(observation, chain_rng).hands, state.hands,
                                      others)
                    right += r
                    total += t
                row["dealt"].append(right / total)
            state.apply(bots[player].choose(observation, legal, 0.0))
    return {"by_left": by_left, "decisions": decisions,
            "seconds": time.perf_counter() - started, "chain_s": chain_s}


def mean(values: list[float]) -> str:
    return f"{100 * statistics.fmean(values):5.1f}" if values else "    -"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--sharpness", type=float, default=inference.SHARPNESS)
    parser.add_argument("--cap", type=float, default=inference.MAX_GAP)
    parser.add_argument("--steps", type=int, default=inference.STEPS)
    parser.add_argument("--burn-in", type=int, default=inference.BURN_IN)
    args = parser.parse_args()
    inference.SHARPNESS = args.sharpness
    inference.MAX_GAP = args.cap
    inference.STEPS = args.steps
    inference.BURN_IN = args.burn_in
    result = run(args.deals, args.seed, args.worlds)
    print(f"domino reading: {args.deals} deals of four normal-v1, seed {args.seed}, "
          f"{args.worlds} worlds a decision, sharpness {args.sharpness:g}, cap {args.cap:g}, "
          f"steps {args.steps}, burn-in {args.burn_in}")
    print(f"{result['decisions']} decisions, {result['seconds']:.0f} s "
          f"(the chains {result['chain_s']:.1f} s)")
    print("tiles left  decisions  read %  dealt %  explained %  moved %  distinct %")
    rows = result["by_left"]
    everything: dict[str, list[float]] = {}
    for left in sorted(rows, reverse=True):
        row = rows[left]
        for key, values in row.items():
            everything.setdefault(key, []).extend(values)
        print(f"{left:10d}  {len(row['read']):9d}  {mean(row['read'])}   {mean(row['dealt'])}"
              f"        {mean(row['explained'])}    {mean(row['moved'])}       "
              f"{mean(row['distinct'])}")
    print(f"{'all':>10}  {len(everything['read']):9d}  {mean(everything['read'])}   "
          f"{mean(everything['dealt'])}        {mean(everything['explained'])}    "
          f"{mean(everything['moved'])}       {mean(everything['distinct'])}")


if __name__ == "__main__":
    main()
