"""The one door for text that comes from outside: files the player or another program may have
written (saves, settings, the history inbox, imports), standard input and command-line values.

Everything here is pure Python and refuses with `UntrustedInput`, which carries a `code` (for the
player's words: `untrusted.<code>` in the locale files) and English words (the log, the command
line, tests). What is refused:

- a file larger than its kind allows (read at most `max_bytes` + 1 bytes, never the whole file);
- bytes that are not UTF-8, and text that holds a lone surrogate (`"\\ud800"` in JSON);
- JSON nested deeper than MAX_DEPTH (the standard parser would recurse until Python gives up);
- NaN and ±Infinity (also `1e999`), and integers of more than MAX_INT_DIGITS digits;
- a number typed with other than ASCII digits ("²", "٣"): `parse_int` and `parse_float`.

Values are checked against their range, not only their type, by the readers of each file kind
(`finite_number`, `parse_int`); this module only makes sure that what they get is plain,
bounded JSON.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

#: no file of ours comes near these: a long Tiến Lên session's save is a few MB
MAX_FILE_BYTES = 32 * 1024 * 1024
#: a save is 4 levels deep (record → actions → action → cards); settings 3
MAX_DEPTH = 32
#: a seed, a total or a count never needs more (an int of 30 digits is far past 2**64)
MAX_INT_DIGITS = 30

_SURROGATE = re.compile("[\ud800-\udfff]")
_ASCII_INT = re.compile(r"[+-]?[0-9]+")
_ASCII_FLOAT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")


class UntrustedInput(ValueError):
    """Input refused at the door. `code` names the refusal (see the module docstring); `str()`
    says it in English. A ValueError, so that every reader's existing handling catches it."""

    def __init__(self, message: str, *, code: str):
        super().__init__(message)
        self.code = code


#: every code UntrustedInput is raised with (the locale files have words for each)
CODES = ("too_large", "not_utf8", "not_json", "too_deep", "not_finite", "huge_number",
         "bad_text", "not_a_number", "out_of_range", "unreadable", "wrong_type",
         "unknown_value")


def read_text(path: Path, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The file's text, refused when larger than `max_bytes` or not UTF-8. A folder or an
    unreadable file is an OSError as usual (the caller decides what trouble means)."""
    with open(path, "rb") as file:
        data = file.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise UntrustedInput(f"the file is larger than {max_bytes // 1024} KiB", code="too_large")
    return decode(data)


def decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UntrustedInput(f"the file is not UTF-8 text (byte {error.start})",
                             code="not_utf8") from None


def parse_json(text: str, max_bytes: int = MAX_FILE_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Plain, bounded JSON: see the module docstring for what is refused."""
    if len(text) > max_bytes:
        raise UntrustedInput(f"the text is longer than {max_bytes // 1024} KiB",
                             code="too_large")
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int,
                           parse_float=_finite_float)
    except RecursionError:
        raise UntrustedInput(f"the JSON is nested deeper than {max_depth} levels",
                             code="too_deep") from None
    except json.JSONDecodeError as error:
        raise UntrustedInput(f"the file is not valid JSON: {error}", code="not_json") from None
    check_plain(value, max_depth)
    return value


def read_json(path: Path, max_bytes: int = MAX_FILE_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    return parse_json(read_text(path, max_bytes), max_bytes, max_depth)


def check_plain(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Walk a parsed value without recursion: its depth, and no lone surrogate in any text."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            check_text(item)
            continue
        if not isinstance(item, (dict, list)):
            continue
        if depth > max_depth:
            raise UntrustedInput(f"the JSON is nested deeper than {max_depth} levels",
                                 code="too_deep")
        if isinstance(item, dict):
            for key, inner in item.items():
                check_text(key)
                stack.append((inner, depth + 1))
        else:
            stack.extend((inner, depth + 1) for inner in item)


def check_text(text: str) -> str:
    """Text that can be written back out (UTF-8 has no lone surrogates) and holds no NUL."""
    if _SURROGATE.search(text) or "\x00" in text:
        raise UntrustedInput(f"a text holds a character that is not allowed: {ascii(text)[:40]}",
                             code="bad_text")
    return text


def printable_name(text: Any, max_length: int = 40) -> str:
    """A player's or profile's name as stored: text, no control characters, not blank."""
    if not isinstance(text, str):
        raise UntrustedInput(f"a name must be text, not {type(text).__name__}", code="bad_text")
    check_text(text)
    if not text.strip() or len(text) > max_length or not text.isprintable():
        raise UntrustedInput(f"the name {ascii(text)[:40]} is not a printable name of at most "
                             f"{max_length} characters", code="bad_text")
    return text


def parse_int(text: str, low: int | None = None, high: int | None = None) -> int:
    """An integer typed by a person or given on the command line: ASCII digits only."""
    stripped = text.strip() if isinstance(text, str) else ""
    if not _ASCII_INT.fullmatch(stripped):
        raise UntrustedInput(f"{ascii(text)[:40]} is not a whole number", code="not_a_number")
    if len(stripped.lstrip("+-")) > MAX_INT_DIGITS:
        raise UntrustedInput(f"the number has more than {MAX_INT_DIGITS} digits",
                             code="huge_number")
    return in_range(int(stripped), low, high)


def parse_float(text: str, low: float | None = None, high: float | None = None) -> float:
    """A finite decimal number, ASCII digits only ("inf", "nan" and "1e999" are refused)."""
    stripped = text.strip() if isinstance(text, str) else ""
    if not _ASCII_FLOAT.fullmatch(stripped):
        raise UntrustedInput(f"{ascii(text)[:40]} is not a number", code="not_a_number")
    return in_range(_finite_float(stripped), low, high)


def finite_number(value: Any, low: float | None = None, high: float | None = None) -> float:
    """A parsed JSON value that must be a finite number (not a bool) within [low, high]."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise UntrustedInput(f"{value!r} is not a number", code="not_a_number")
    if not math.isfinite(value):
        raise UntrustedInput(f"{value!r} is not a finite number", code="not_finite")
    return in_range(value, low, high)


def in_range(value, low=None, high=None):
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {low} to {high}" if low is not None and high is not None else (
            f"at least {low}" if low is not None else f"at most {high}")
        raise UntrustedInput(f"{value} is out of range (it must be {bounds})",
                             code="out_of_range")
    return value


def _refuse_constant(name: str):
    raise UntrustedInput(f"{name} is not a number this program accepts", code="not_finite")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise UntrustedInput(f"a number in the file has more than {MAX_INT_DIGITS} digits",
                             code="huge_number")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise UntrustedInput(f"{text[:40]} is too large a number", code="not_finite")
    return value
