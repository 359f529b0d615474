"""Every visible string goes through `t(key, **values)`; English for now (assets/locale/)."""

from __future__ import annotations

import json
from functools import lru_cache

from .resources import ASSETS

LANGUAGE = "en"


@lru_cache(maxsize=8)
def _strings(language: str) -> dict[str, str]:
    return json.loads((ASSETS / "locale" / f"{language}.json").read_text(encoding="utf-8"))


def t(key: str, **values) -> str:
    text = _strings(LANGUAGE).get(key)
    if text is None:
        text = _strings("en").get(key, key)   # a missing key shows itself, never crashes
    return text.format(**values) if values else text
