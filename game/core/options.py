"""Table options: each game declares its options once; scenarios and the UI resolve them here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .errors import ScenarioError


@dataclass(frozen=True)
class OptionSpec:
    name: str
    default: Any
    #: returns an error message in words for a bad value, None when the value is fine
    check: Callable[[Any], str | None]
    help: str = ""


def is_bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def int_between(low: int, high: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return f"must be a whole number from {low} to {high}"
        return None
    return check


def resolve_options(specs: Mapping[str, OptionSpec], given: Mapping[str, Any] | None) -> dict:
    """Defaults overlaid with the given values; an unknown name or a bad value is an error."""
    given = dict(given or {})
    unknown = sorted(set(given) - set(specs))
    if unknown:
        known = ", ".join(sorted(specs)) or "none"
        raise ScenarioError(f"unknown option {unknown[0]!r} (this game's options: {known})")
    resolved = {}
    for name, spec in specs.items():
        value = given.get(name, spec.default)
        problem = spec.check(value)
        if problem:
            raise ScenarioError(f"option {name!r} {problem}, not {value!r}")
        resolved[name] = value
    return resolved
