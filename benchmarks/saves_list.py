"""How long Continue's list takes to read N saved tables (default 50), against replaying them.

    python benchmarks/saves_list.py [--saves N] [--json]

The saves are long games played by random bots (a domino match at its 12th deal, a Joker game
at its 24th deal, forty Tiến Lên games), copied to make N files. The list reads each file's
envelope and counts its deals (SaveFolder.listing); opening a table replays it (read_save), which
is measured too, per save, for comparison.

Goal: the list of 50 saves in < 0.25 s.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path


from ai.bots import make_bot  # noqa: E402
from game.controller.autosave import read_save, write_save  # noqa: E402
from game.controller.saves import SaveFolder  # noqa: E402
from game.controller.seats import AI, HUMAN, SeatConfig  # noqa: E402
from game.core.table import Table  # noqa: E402

#: game -> how many deals its long save has
LONG_GAMES = {"domino": 12, "joker": 24, "tienlen": 40}


def long_save(folder: SaveFolder, game: str, deals: int) -> Path:
    table = Table.open(game, ["Ani", "Budi", "Citra", "Dewi"], seed=2)
    bot = make_bot(game, "random", 2)
    while len(table.record["deals"]) < deals or table.state.needs_deal():
        table.deal_if_needed()
        player = table.state.current_player()
        table.apply(bot.choose(table.state.observation(player), table.state.legal_actions(), 0))
    seats = [SeatConfig("Ani", HUMAN)] + [SeatConfig(n, AI, "hard") for n in table.players[1:]]
    path = folder.new_path(table)
    write_save(path, table, seats, {})
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=50)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    folder = SaveFolder(Path(tempfile.mkdtemp()) / "saves")
    originals = [long_save(folder, game, deals) for game, deals in LONG_GAMES.items()]
    for number in range(args.saves - len(originals)):
        source = originals[number % len(originals)]
        shutil.copy(source, source.with_name(f"{source.stem}-copy{number}.json"))
    size = sum(path.stat().st_size for path in folder.files())

    started = time.perf_counter()
    listing = folder.listing()
    list_s = time.perf_counter() - started
    assert len(listing.tables) == args.saves and not listing.damaged

    replay_s = {}
    for path in originals:
        started = time.perf_counter()
        table, _, _ = read_save(path)
        replay_s[table.definition.name] = time.perf_counter() - started
    figures = {"saves": args.saves, "megabytes": round(size / 1e6, 2),
               "list_s": round(list_s, 4),
               "open_one_s": {game: round(s, 4) for game, s in replay_s.items()}}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{args.saves} saves ({figures['megabytes']} MB): the list in {list_s:.3f} s; "
              "opening one (a replay): " + ", ".join(f"{game} {s:.3f} s"
                                                     for game, s in replay_s.items()))


if __name__ == "__main__":
    main()
