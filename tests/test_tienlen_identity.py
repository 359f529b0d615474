"""Defaults reproduce today exactly (docs/rules/variants.md, Conventions): a Tiến Lên scenario that
sets none of the house-rule options (V-T1–V-T7) replays to byte-identical output.

tests/data/tienlen_default_replays.jsonl.gz holds 580 scenarios with the SHA-256 of what
`main.py replay` printed for each before the house rules existed: 400 seeded random tables from
`benchmarks/tienlen_identity.py generate` (2–4 players, stakes, several games, bots and random
moves, leaves, rigged instant wins, some cut short, some ending in an illegal move) and 180 that
the test suite replayed at the time. Recorded with the code of commit 9b2f127; a change that
alters a default replay on purpose must record them again (and say why).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from game.core.replay import replay_text

RECORDED = Path(__file__).parent / "data" / "tienlen_default_replays.jsonl.gz"


def recorded() -> list[dict]:
    with gzip.open(RECORDED, "rt", encoding="utf-8") as file:
        return [json.loads(line) for line in file]


def printed(text: str) -> tuple[int, str]:
    """The exit code and exactly the line `main.py replay` prints."""
    code, output = replay_text(text)
    return code, json.dumps(output, ensure_ascii=False)


def test_the_recorded_scenarios_set_no_house_rule():
    rows = recorded()
    assert len(rows) == 580
    for row in rows:
        options = json.loads(row["scenario"]).get("options", {})
        assert set(options) <= {"stake", "gold", "turn_seconds"}, row["name"]
    # both paths of the replay are covered
    assert {row["exit"] for row in rows} == {0, 2}


def test_default_replays_are_byte_identical_to_before_the_house_rules():
    differ = []
    for row in recorded():
        code, line = printed(row["scenario"])
        if code != row["exit"] or hashlib.sha256(line.encode()).hexdigest() != row["sha256"]:
            differ.append(row["name"])
    assert not differ, f"{len(differ)} replays changed: {differ[:10]}"
