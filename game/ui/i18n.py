"""Every visible string goes through `t(key, **values)`.

Strings live in assets/locale/<language>/*.json (one file for the app shell, one per game; keys
of a game start with its name). English for now.
"""

from __future__ import annotations

import json
from functools import lru_cache

from .resources import ASSETS

LANGUAGE = "en"
#: each language's name in itself, for the language picker
LANGUAGE_NAMES = {"en": "English", "id": "Bahasa Indonesia", "vi": "Tiếng Việt", "ka": "ქართული"}


def set_language(code: str) -> None:
    """Switch every later `t()` call to `code` (live: scenes rebuild their widgets)."""
    global LANGUAGE
    LANGUAGE = code if (ASSETS / "locale" / code).is_dir() else "en"


def language() -> str:
    return LANGUAGE


@lru_cache(maxsize=8)
def strings(language: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((ASSETS / "locale" / language).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def t(key: str, **values) -> str:
    text = strings(LANGUAGE).get(key)
    if text is None:
        text = strings("en").get(key, key)   # a missing key shows itself, never crashes
    return text.format(**values) if values else text


def t_own(key: str, own: str, **values) -> str:
    """`t(own)` where the language or English has that key (a game's own word, e.g. its name
    for a deal), else `t(key)`."""
    if own in strings(LANGUAGE) or own in strings("en"):
        return t(own, **values)
    return t(key, **values)


def term(key: str) -> tuple[str, str]:
    """A glossary entry (`term.<key>`, "Name: what it means") as (name, meaning); ("", "")
    when the language and English have none."""
    words = t(f"term.{key}")
    if words == f"term.{key}":
        return "", ""
    name, _, meaning = words.partition(": ")
    return name, meaning


# --- figures shown to a player --------------------------------------------------------------
# One way to write a figure on every screen (scores, totals, gold, statistics, history), in the
# player's language: thousands grouped as the language groups them, the decimal mark it uses,
# and a true minus sign (−, not the hyphen):
#   en 1,610 · 1.5    id 1.610 · 1,5    vi 1.610 · 1,5    ka 1 610 · 1,5 (a space that does not
#   break, so a figure never splits across two lines).
# Bids, trick counts and card counts stay plain (they never reach a thousand).

#: how each language groups thousands (Georgian: a space that does not break)
THOUSANDS = {"en": ",", "id": ".", "vi": ".", "ka": "\u00a0"}


#: each language's decimal mark (1.5 · 1,5)
DECIMAL_MARK = {"en": ".", "id": ",", "vi": ",", "ka": ","}


def _in_language(text: str) -> str:
    """A figure written by Python (1,610.5 −) in the player's language's marks."""
    code = language()
    return text.translate(str.maketrans({",": THOUSANDS.get(code, ","),
                                         ".": DECIMAL_MARK.get(code, "."), "-": "−"}))


def decimal(value: float, places: int = 1) -> str:
    """A figure to `places` decimal places with the language's marks: 1.6 · 1,6 (−0.5)."""
    return _in_language(f"{value:,.{places}f}")


def number(value: float, signed: bool = False) -> str:
    """A figure as every screen shows it to a player: 1,610 · 1.610 · 1 610 (with its sign
    when `signed`: +1,610, −35, +0); a fraction to one decimal place (1.5 · 1,5)."""
    if not float(value).is_integer():
        return _in_language(f"{value:+,.1f}" if signed else f"{value:,.1f}")
    value = int(value)
    return _in_language(f"{value:+,}" if signed else f"{value:,}")
