"""Fit Joker normal's bidding model (ai/joker/bid_model.py) from self-play.

    python benchmarks/joker_bid_fit.py [--games 1500] [--seed fit] [--write]

Four bots play whole standard games by the live normal rules, except that each bid is the
live estimate of the hand's tricks moved by a random step (−1 … +1), so every hand is seen with
bids around its estimate. Then, for each number of cards dealt:
- the estimate: a least-squares fit (lightly ridged) of the tricks taken on `bid_features`,
  a joker counted as a sure trick (fit_weights);
- the outcome tables: by how far the bid was from that estimate (in half tricks), how often a
  bid of one or more was made exactly, how often a bid of nothing was, and how often a bid of
  one or more took nothing (khishti).
Normal bids the allowed bid with the best expected score under those tables
(strategy.best_bid). The first round bids around the rough count (strategy.estimate_tricks),
each later round around the estimate the round before fitted, so the model is fitted to bids
made its own way; the tables are those of the last round. The play is the live normal play:
fit again after changing it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import textwrap


from ai.joker.bots import normal_choice  # noqa: E402
from ai.joker.strategy import bid_features, estimate_tricks  # noqa: E402
from game.core.table import Table  # noqa: E402
from game.joker.actions import BID_ACTIONS, DealResult, Phase  # noqa: E402
from game.joker.cards import mask_of  # noqa: E402

JITTER = (-1.0, -0.5, 0.0, 0.5, 1.0)
SPAN = 6            # the tables run from −3 to +3 tricks in half tricks
RIDGE = 2.0
JOKERS = 1          # the jokers' place in bid_features
JOKER_TRICK = 0.95  # what a joker is worth to a hand that wants tricks
PRIOR = 8.0         # pseudo-counts pulling a thin cell toward its neighbours' pooled rate


def bidding_position(observation) -> int:
    return (observation.player - observation.dealer - 1) % 4


def collect(games: int, seed: str, weights: dict | None) -> dict[int, list]:
    """Per cards dealt: (features, bid, tricks) of every seat of every deal, the bids made
    around the estimate of `weights` (None: the rough count, estimate_tricks)."""
    rows: dict[int, list] = {n: [] for n in range(1, 10)}
    rng = random.Random(seed)
    for game in range(games):
        table = Table("joker", ["A", "B", "C", "D"], {}, seed=f"{seed}/{game}")
        state = table.state
        pending: dict[int, list] = {}
        scored = 0
        while not state.is_terminal():
            if state.needs_deal():
                table.deal_if_needed()
                continue
            player = state.current_player()
            observation = state.observation(player)
            legal = state.legal_actions()
            if observation.phase is Phase.BIDDING:
                bids_before = [b for b in observation.bids if b is not None]
                features = bid_features(mask_of(observation.hand),
                                        4 if observation.trump_suit is None
                                        else observation.trump_suit,
                                        observation.cards_dealt,
                                        bidding_position(observation), bids_before)
                hand = mask_of(observation.hand)
                trump = 4 if observation.trump_suit is None else observation.trump_suit
                estimate = (estimate_of(weights[observation.cards_dealt], features,
                                        observation.cards_dealt)
                            if weights else estimate_tricks(hand, trump, observation.cards_dealt))
                wanted = estimate + rng.choice(JITTER)
                allowed = [a.n for a in legal]
                bid = min(allowed, key=lambda n: (abs(n - wanted), n))
                pending[player] = [features, estimate]
                table.apply(BID_ACTIONS[bid])
            else:
                table.apply(normal_choice(observation, legal))
            lines = [line for line in state.sheet if isinstance(line, DealResult)]
            if len(lines) > scored:
                scored = len(lines)
                line = lines[-1]
                for seat, (features, _) in pending.items():
                    rows[line.cards].append((features, line.bids[seat], line.tricks[seat]))
                pending = {}
    return rows


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    size = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col and a[col][col]:
                factor = a[r][col] / a[col][col]
                for c in range(col, size + 1):
                    a[r][c] -= factor * a[col][c]
    return [a[i][size] / a[i][i] if a[i][i] else 0.0 for i in range(size)]


def fit_weights(rows: list) -> list[float]:
    """The estimate's weights, a joker counted as JOKER_TRICK tricks: the play follows the
    bid (a hand that bid nothing throws its joker under), so fitted with the rest a joker would
    be worth what the hands that bid nothing made of it, though it takes a trick whenever its
    holder wants one."""
    width = len(rows[0][0])
    xtx = [[0.0] * width for _ in range(width)]
    xty = [0.0] * width
    for features, _, tricks in rows:
        x = list(features)
        target = tricks - JOKER_TRICK * x[JOKERS]
        x[JOKERS] = 0.0
        for i, fi in enumerate(x):
            xty[i] += fi * target
            for j, fj in enumerate(x):
                xtx[i][j] += fi * fj
    for i in range(1, width):
        xtx[i][i] += RIDGE
    weights = [round(w, 4) for w in solve(xtx, xty)]
    weights[JOKERS] = JOKER_TRICK
    return weights


def estimate_of(weights, features, cards) -> float:
    return min(float(cards), max(0.0, sum(w * f for w, f in zip(weights, features))))


def fit_tables(rows: list, weights: list[float], cards: int) -> tuple[list, list, list]:
    """By the bid's distance from the estimate: P(exact) of bids of one or more, P(exact) of
    bids of nothing (ducking every trick is a play of its own), P(khishti | bid ≥ 1)."""
    cells = [[0, 0, 0, 0, 0, 0] for _ in range(2 * SPAN + 1)]
    for features, bid, tricks in rows:
        d = round(2 * (bid - estimate_of(weights, features, cards)))
        cell = cells[max(-SPAN, min(SPAN, d)) + SPAN]
        if bid >= 1:
            cell[0] += 1
            cell[1] += bid == tricks
            cell[2] += tricks == 0
        else:
            cell[3] += 1
            cell[4] += tricks == 0

    def smoothed(i: int, count: int, hits: int) -> float:
        near = cells[max(0, i - 1):i + 2]
        pool = sum(c[hits] for c in near) / max(1, sum(c[count] for c in near))
        return round((cells[i][hits] + PRIOR * pool) / (cells[i][count] + PRIOR), 3)

    return ([smoothed(i, 0, 1) for i in range(len(cells))],
            [smoothed(i, 3, 4) for i in range(len(cells))],
            [smoothed(i, 0, 2) for i in range(len(cells))])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", default="fit")
    parser.add_argument("--rounds", type=int, default=2,
                        help="fits in a row, each playing with the bids of the one before")
    parser.add_argument("--write", action="store_true", help="write ai/joker/bid_model.py")
    args = parser.parse_args()
    weights: dict | None = None
    for round_ in range(args.rounds):
        rows = collect(args.games, f"{args.seed}/{round_}", weights)
        weights = {cards: fit_weights(data) for cards, data in rows.items()}
    exact, nil, zero = {}, {}, {}
    for cards, data in rows.items():
        exact[cards], nil[cards], zero[cards] = fit_tables(data, weights[cards], cards)
        made = sum(b == t for _, b, t in data) / len(data)
        print(f"{cards} cards: {len(data)} bids, {100 * made:.1f} % exact; weights "
              f"{weights[cards]}\n  exact by half tricks {exact[cards]}\n  "
              f"nil made {nil[cards]}\n  "
              f"khishti {zero[cards]}")
    if args.write:
        path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "ai", "joker", "bid_model.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write('"""Joker normal\'s bidding model, written by\n`python benchmarks/'
                    f'joker_bid_fit.py --games {args.games} --seed {args.seed} '
                    f'--rounds {args.rounds} --write`\n'
                    '(do not edit by hand): per cards dealt, the weights of '
                    'strategy.bid_features\nand, by the bid\'s distance from the estimate in '
                    'half tricks (−3 … +3), how often\na bid of one or more is made exactly '
                    '(EXACT), a bid of nothing is (EXACT_NIL), and a bid\nof one or more takes '
                    'nothing (KHISHTI)."""\n\n')
            f.write(f"SPAN = {SPAN}\n")
            for name, table in (("WEIGHTS", weights), ("EXACT", exact), ("EXACT_NIL", nil),
                                ("KHISHTI", zero)):
                f.write(f"{name} = {{\n")
                for cards, values in table.items():
                    f.write(f"    {cards}: [\n")
                    f.write(textwrap.fill(", ".join(map(str, values)), 96,
                                          initial_indent=" " * 8, subsequent_indent=" " * 8))
                    f.write("],\n")
                f.write("}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
