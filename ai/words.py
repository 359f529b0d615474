"""The review's and coach's lines in words, without the window: a line is a translation key of
the game's locale file (assets/locale/<language>/<game>.json, keys `<game>.review.*` and
`<game>.coach.*`) and its parameters, so the window can say it in the player's language with
`t(key, **params)`; the command line prints the English (or another language's) text from the
same files. Parameters are numbers and language-neutral text (tiles "3-5", cards "A♠")."""

from __future__ import annotations

import json
from functools import lru_cache

import assets

LOCALE = assets.FOLDER / "locale"


@lru_cache(maxsize=8)
def strings(language: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((LOCALE / language).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def say(key: str, params: dict | None = None, language: str = "en") -> str:
    text = strings(language).get(key) or strings("en").get(key, key)
    return text.format(**params) if params else text
