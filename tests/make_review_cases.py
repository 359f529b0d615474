"""Write the planted mistakes of tests/test_review.py as scenario/1 files in tests/data/review/.

    python tests/make_review_cases.py

Each is a seeded table played by normal bots until the first position, searching seeds from 1,
where the planted mistake is possible; the mistake is then played and the record ends there:
- tienlen_pass_out.json: a seat passes although its one card beats the table and would go out
  (T10: the first out wins);
- domino_skip_apollo.json: a seat with an Apollo (D11) on lays one tile instead;
- joker_overtake.json: a seat that has made its bid (J12) takes a trick, last to play, when it
  could have ducked under it.
The reviewed seat is the file's one human seat (`"table": {"seats": ...}`), so the review's
default seat finds it.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from ai.bots import make_bot  # noqa: E402
from game.core.scenario import dump_scenario  # noqa: E402
from game.core.table import Table  # noqa: E402
from game.domino.actions import Apollo  # noqa: E402
from game.domino.actions import Play as DominoPlay  # noqa: E402
from game.joker.actions import Phase  # noqa: E402
from game.joker.actions import Play as JokerPlay  # noqa: E402
from game.tienlen.actions import PASS  # noqa: E402
from game.tienlen.actions import Play as TienLenPlay  # noqa: E402

OUT = ROOT / "tests" / "data" / "review"
PLAYERS = ["Ani", "Budi", "Citra", "Dewi"]


def tienlen_pass_out(state):
    """PASS when the player's one card beats the table."""
    player = state.current_player()
    legal = state.legal_actions()
    hand = state.observation(player).hand
    if len(hand) == 1 and PASS in legal and any(type(a) is TienLenPlay for a in legal):
        return PASS
    return None


def domino_skip_apollo(state):
    legal = state.legal_actions()
    if any(type(a) is Apollo for a in legal):
        plays = [a for a in legal if type(a) is DominoPlay]
        return plays[0] if plays else None
    return None


def joker_overtake(state):
    """Last to play to a trick, bid made, with 2+ cards: a card that takes the trick, when
    another would duck."""
    if state.phase is not Phase.PLAYING or len(state.trick) != 3:
        return None
    player = state.current_player()
    if state.bids[player] != state.tricks_taken[player] or state.hands[player].bit_count() < 3:
        return None
    takes, ducks = [], []
    for action in state.legal_actions():
        if type(action) is not JokerPlay:
            continue
        after = state.clone()
        after.apply(action)
        (takes if after.tricks_taken[player] > state.tricks_taken[player] else ducks).append(action)
    plain = [a for a in takes if a.joker is None]
    return (plain or takes)[0] if takes and ducks else None


def plant(game: str, find, first_seed: int = 1):
    for seed in range(first_seed, first_seed + 500):
        table = Table.open(game, PLAYERS, {}, seed=seed)
        bots = [make_bot(game, "normal", f"{seed}/{p}") for p in range(4)]
        state = table.state
        while not state.is_terminal():
            if state.needs_deal():
                if game == "tienlen" and table.record["deals"]:
                    break      # one game of the table a seed
                table.deal_if_needed()
                continue
            player = state.current_player()
            mistake = find(state)
            if mistake is not None:
                table.apply(mistake)
                record = table.record
                record["table"] = {"seed": seed, "seats": [
                    {"name": name, "kind": "human" if p == player else "ai", "level": "hard"}
                    for p, name in enumerate(PLAYERS)]}
                return record, player, len(record["actions"]) - 1
            table.apply(bots[player].choose(state.observation(player),
                                            state.legal_actions(), 1.0))
    raise SystemExit(f"no position found for {game}")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, game, find in (("tienlen_pass_out", "tienlen", tienlen_pass_out),
                             ("domino_skip_apollo", "domino", domino_skip_apollo),
                             ("joker_overtake", "joker", joker_overtake)):
        record, player, index = plant(game, find)
        (OUT / f"{name}.json").write_text(dump_scenario(record), encoding="utf-8")
        print(f"{name}: seed {record['table']['seed']}, player {player}, action {index}: "
              f"{json.dumps(record['actions'][index])}")


if __name__ == "__main__":
    main()
