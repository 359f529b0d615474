"""Every rule id the project cites (D19, T11, J3, V-T1 …) is defined in the rules reference
inside the repository (docs/rules/), and nothing points at rule texts outside it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
#: a rule id as cited: D1–D20, T1–T20, J1–J16, and the house rules V-T1, V-J3, V-D1 …
CITED = re.compile(r"(?<![\w-])(?:[DTJ][1-9][0-9]?|V-[TJD][1-9])(?![\w-])")
#: where a rule is defined: "- D5. …" in a list, or "## V-T1. …" as a heading
DEFINED = re.compile(r"^(?:- |#+ )((?:[DTJ]|V-[TJD])[0-9]+)\.", re.MULTILINE)
#: the texts that cite rules: code, tests, benchmarks, the docs and the players' rules guide
CITING = ("game/**/*.py", "ai/**/*.py", "tests/*.py", "benchmarks/*.py", "docs/*.md",
          "README.md", "main.py", "assets/rules/*.txt")


def defined_ids() -> set[str]:
    return {match for path in RULES.glob("*.md") for match in DEFINED.findall(path.read_text(
        encoding="utf-8"))}


def citing_files() -> list[Path]:
    return sorted({path for pattern in CITING for path in ROOT.glob(pattern)})


def test_the_rules_reference_is_in_the_repository():
    names = {path.name for path in RULES.glob("*.md")}
    assert {"domino.md", "tienlen.md", "joker.md", "variants.md",
            "scenario-format.md"} <= names
    ids = defined_ids()
    assert {f"D{n}" for n in range(1, 21)} <= ids
    assert {f"T{n}" for n in range(1, 21)} <= ids
    assert {f"J{n}" for n in range(1, 17)} <= ids
    assert {"V-T1", "V-T7", "V-J3", "V-J4", "V-D1", "V-D5"} <= ids


def test_every_cited_rule_id_is_defined():
    ids = defined_ids()
    unresolved = {}
    for path in citing_files():
        for cited in set(CITED.findall(path.read_text(encoding="utf-8"))):
            if cited not in ids:
                unresolved.setdefault(cited, []).append(str(path.relative_to(ROOT)))
    assert not unresolved, f"rule ids cited but not defined in docs/rules/: {unresolved}"
    assert len(citing_files()) > 50           # the scan saw the project, not an empty folder


def test_nothing_points_outside_the_repository():
    outside = re.compile(r"\.\./shared|shared/spec|shared/seeds|\.\./seeds")
    this_test = Path(__file__).resolve()
    pointing = [str(path.relative_to(ROOT)) for path in citing_files() + sorted(RULES.glob("*"))
                if path != this_test and outside.search(path.read_text(encoding="utf-8"))]
    assert not pointing
