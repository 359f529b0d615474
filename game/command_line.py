"""The command line's door (`tabletrio replay | review | sim | stats | host | join`, also `python main.py …`):
exit codes, argument types that check type and range, and reading an input file or standard
input.

Every argument is checked when it is parsed, through game.core.untrusted (ASCII digits only,
finite numbers, bounded text): a bad one is refused with ONE line on standard error naming the
argument and what it must be, and exit 2. An input file that cannot be read (a folder, no
permission, not UTF-8, larger than the limit) is answered by the subcommand with one JSON error
object on standard output, as a file that is not a valid record is (docs/scenario-format.md).
Pure Python: no pygame.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Callable

from game.core import untrusted
# 2 for an input file that is not a valid record (one JSON error object) is the
# replay's contract; a bad argument is 2 as well
from game.core.replay import EXIT_BAD_INPUT

#: `stats` in words: no profile of that name
EXIT_NOT_FOUND = 1
#: `stats`: the history cannot be read now (locked, busy): the file is left as it is
EXIT_HISTORY_UNAVAILABLE = 3
#: `host`, `join`: the table could not be served, reached or joined (one line)
EXIT_NETWORK = 4
#: a fault of the program itself (one line, or the JSON error object for `replay` / `review`)
EXIT_BUG = 70
#: stopped with Ctrl+C
EXIT_INTERRUPTED = 130
#: the reader of the output stopped reading (`| head`): the shell's code for a broken pipe
EXIT_OUTPUT_CLOSED = 141

EXIT_CODES_HELP = """exit codes:
  0    done
  1    stats: no profile of that name (in words; --json prints an empty list and exits 0)
  2    a bad argument (one line on standard error), or an input file that cannot be read or
       is not a valid record (replay, review: one JSON error object on standard output)
  3    stats: the history cannot be read now (locked or busy); it is left as it is
  4    host, join: the table cannot be served, reached or joined (one line)
  70   sim, stats: a fault of the program (one line; please report it); replay and review
       say it in their JSON error object, with exit 2
  130  interrupted (Ctrl+C)
  141  the output was closed before the end (`| head`)"""

#: the most an input file (a scenario or a saved game) may weigh
MAX_INPUT_BYTES = untrusted.MAX_FILE_BYTES
#: `--options` and other JSON given on the command line
MAX_ARGUMENT_JSON_BYTES = 64 * 1024
MAX_ARGUMENT_JSON_DEPTH = 4
#: a seed or a name typed on the command line
MAX_TEXT_LENGTH = 64


class Parser(argparse.ArgumentParser):
    """argparse, but a refusal is one line (what is wrong, and where the help is) and exit 2."""

    def error(self, message: str):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {shown(message)} (see {self.prog} --help)\n")


def checked(parse: Callable[[str], Any], name: str) -> Callable[[str], Any]:
    """An argparse `type=` from a parser that raises ValueError (UntrustedInput is one): its
    words become argparse's message, so the refusal names the argument and says what is
    wrong."""

    def argument(text: str) -> Any:
        try:
            return parse(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    argument.__name__ = name
    return argument


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An integer from `low` to `high`, typed in ASCII digits ("²" and 5,000 digits refused)."""
    return checked(lambda text: untrusted.parse_int(text, low, high), "whole number")


def seconds(high: float) -> Callable[[str], float]:
    """A duration more than 0 and at most `high` seconds ("inf", "nan", "1e308" refused)."""

    def parse(text: str) -> float:
        value = untrusted.parse_float(text)
        if not 0 < value <= high:
            raise ValueError(f"{value:g} is out of range (it must be more than 0 and at most "
                             f"{high:g} seconds)")
        return value

    return checked(parse, "seconds")


def text(max_length: int = MAX_TEXT_LENGTH) -> Callable[[str], str]:
    """Printable text of at most `max_length` characters (no lone surrogate: bytes that are not
    UTF-8 in an argument arrive as one)."""
    return checked(lambda value: untrusted.printable_name(value, max_length), "text")


def _seed(value: str) -> int | str:
    """A seed: a whole number (as an int) or a short printable text."""
    try:
        return untrusted.parse_int(value)
    except untrusted.UntrustedInput as error:
        if error.code != "not_a_number":      # digits, but too many of them
            raise
    return untrusted.printable_name(value, MAX_TEXT_LENGTH)


seed = checked(_seed, "seed")


def _json_object(value: str) -> dict:
    """A small JSON object (bounded size and depth, finite numbers, plain text)."""
    data = untrusted.parse_json(value, MAX_ARGUMENT_JSON_BYTES, MAX_ARGUMENT_JSON_DEPTH)
    if not isinstance(data, dict):
        raise ValueError(f"it must be a JSON object of names and values, not {shown(value)[:40]}")
    return data


json_object = checked(_json_object, "JSON object")


def name_list(known: tuple[str, ...], what: str) -> Callable[[str], tuple[str, ...]]:
    """Comma-separated names, each one of `known` (the refusal lists them)."""

    def parse(value: str) -> tuple[str, ...]:
        names = tuple(name.strip() for name in value.split(",") if name.strip())
        if not names:
            raise ValueError(f"give at least one {what} ({', '.join(known)})")
        for name in names:
            if name not in known:
                raise ValueError(f"unknown {what} {shown(name)[:40]!r} "
                                 f"(the {what}s: {', '.join(known)})")
        return names

    return checked(parse, what)


# --- input files ------------------------------------------------------------------------------

def read_input(path: str, max_bytes: int = MAX_INPUT_BYTES) -> str:
    """The text of the input file, or of standard input for "-": at most `max_bytes` bytes are
    read, and the text must be UTF-8. Raises ValueError in words naming the file."""
    where = "standard input" if path == "-" else shown(path)
    try:
        if path == "-":
            if sys.stdin is None:
                raise ValueError("cannot read standard input: it is closed")
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read(max_bytes + 1) if stream is not None \
                else sys.stdin.read(max_bytes + 1).encode("utf-8", "surrogatepass")
            if len(data) > max_bytes:
                raise untrusted.UntrustedInput(f"the text is larger than {max_bytes // 1024} KiB",
                                               code="too_large")
            return untrusted.decode(data)
        return untrusted.read_text(path, max_bytes)
    except IsADirectoryError:
        raise ValueError(f"cannot read {where}: it is a folder, not a file") from None
    except FileNotFoundError:
        raise ValueError(f"cannot read {where}: there is no such file") from None
    except PermissionError:
        raise ValueError(f"cannot read {where}: permission denied") from None
    except OSError as error:
        raise ValueError(f"cannot read {where}: {shown(error.strerror or str(error))}") from None
    except untrusted.UntrustedInput as error:
        raise ValueError(f"cannot read {where}: {error}") from None


def error_object(message: str, action_index: int | None = None, state: Any = None) -> dict:
    """The one JSON object of a refused input (the replay's contract)."""
    return {"error": {"action_index": action_index, "message": shown(message)}, "state": state}


def print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False, allow_nan=False))


def shown(value: str) -> str:
    """Text safe to print on any terminal: a lone surrogate (an argument's bytes that are not
    UTF-8) is written as its escape."""
    return value.encode("utf-8", "backslashreplace").decode("utf-8")


def quiet_stdout() -> None:
    """After a broken pipe: what is still buffered goes nowhere (not a second error at exit)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):     # not a real file (a test's StringIO)
        pass


def safe_output() -> None:
    """Never fail on printing: a character the terminal cannot show is written as its escape
    (a table's "±" on an ASCII terminal)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass
