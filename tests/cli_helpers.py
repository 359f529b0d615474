"""The command line's fuzz (tests/test_cli_fuzz.py): its vocabulary of bad input and the way it
runs `main.main` in-process and judges the answer."""

from __future__ import annotations

import io
import json
import signal
import sys
from pathlib import Path

from game import cli as main
from game.command_line import EXIT_BUG, EXIT_INTERRUPTED, EXIT_OUTPUT_CLOSED

ROOT = Path(__file__).resolve().parents[1]
CASE = ROOT / "tests" / "data" / "review" / "tienlen_pass_out.json"
#: the exit codes `main.py --help` documents
DOCUMENTED = {0, 1, 2, 3, EXIT_BUG, EXIT_INTERRUPTED, EXIT_OUTPUT_CLOSED}
#: a run that takes longer has hung (generous: the machine is shared)
HANG_GUARD_S = 60

# --- the vocabulary: raw JSON put in place of one value of a valid record ----------------------
DEEP = "[" * 100_000 + "]" * 100_000
FRAGMENTS = {
    "deep nesting": DEEP,
    "deep object": '{"a":' * 50_000 + "1" + "}" * 50_000,
    "huge integer": "9" * 5_000,
    "huge negative": "-" + "9" * 5_000,
    "lone surrogate": '"\\ud800"',
    "surrogate pair half": '"A\\udfff"',
    "NUL": '"a\\u0000b"',
    "unicode digits": '"scenario/\u00b2"',
    "arabic digit": '"\u0663"',
    "NaN": "NaN",
    "Infinity": "Infinity",
    "-Infinity": "-Infinity",
    "1e999": "1e999",
    "1e308": "1e308",
    "negative": "-1",
    "zero": "0",
    "fraction": "0.5",
    "empty list": "[]",
    "empty object": "{}",
    "null": "null",
    "true": "true",
    "text": '"x"',
    "list of numbers": "[1, 2, 3]",
}
#: whole inputs that are not records at all
BAD_TEXTS = {
    "empty": b"",
    "blank": b"  \n",
    "deep nesting": DEEP.encode(),
    "huge integer alone": b"9" * 5_000,
    "not JSON": b"not json",
    "not UTF-8": b"\xff\xfe\x00garbage",
    "a BOM": b"\xef\xbb\xbf{}",
    "a list": b"[1, 2]",
    "format scenario/\u00b2": json.dumps({"format": "scenario/\u00b2", "game": "domino",
                                          "players": list("abcd")}).encode(),
    "lone surrogate name": (b'{"format": "scenario/1", "game": "tienlen", '
                            b'"players": ["\\ud800", "b"]}'),
    "NaN option": (b'{"format": "scenario/1", "game": "tienlen", "players": ["a", "b"], '
                   b'"options": {"stake": NaN}}'),
    "1e308 option": (b'{"format": "scenario/1", "game": "tienlen", "players": ["a", "b"], '
                     b'"options": {"stake": 1e308}}'),
}
#: argument values that no numeric argument accepts
BAD_NUMBERS = ["-5", "0", "-1", "nan", "NaN", "inf", "-inf", "Infinity", "1e308", "1e999",
               "\u00b2", "\u0663", "9" * 5_000, "abc", "", " ", "1,5", "0x10", "\udcff"]


class Hung(BaseException):
    """Raised into a run that passed the hang guard (a BaseException: the program's last guard,
    which turns an Exception into one line, cannot swallow it)."""


def _hung(signum, frame):
    raise Hung(f"main.main ran for more than {HANG_GUARD_S} s")


def run_main(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """`main.main(argv)` in-process: (exit code, stdout, stderr), SystemExit included; a run
    that does not end within the hang guard fails the test instead of freezing it."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    guard = hasattr(signal, "SIGALRM")
    if guard:
        previous = signal.signal(signal.SIGALRM, _hung)
        signal.alarm(HANG_GUARD_S)
    try:
        code = main.main(argv)
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    finally:
        if guard:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def one_json_error(code: int, out: str, err: str) -> dict:
    """The answer to a refused input file: exit 2 and exactly one JSON object on stdout, in the
    replay's shape, and no traceback."""
    assert code == 2, (code, out[:300], err[-300:])
    assert "Traceback" not in err
    lines = out.splitlines()
    assert len(lines) == 1, out[:300]
    answer = json.loads(lines[0])
    assert set(answer) == {"error", "state"}
    assert set(answer["error"]) == {"action_index", "message"}
    message = answer["error"]["message"]
    assert isinstance(message, str) and message
    assert "the program failed" not in message, message      # a fault, not a refusal
    return answer


def one_line_refusal(code: int, out: str, err: str, argument: str | None = None) -> str:
    """A refused argument: exit 2, one line on stderr (naming the argument), nothing on
    stdout."""
    assert code == 2, (code, out[:200], err[-300:])
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    if argument:
        assert argument in err
    return err


def valid_case(actions: int | None = None) -> dict:
    data = json.loads(CASE.read_text(encoding="utf-8"))
    if actions is not None:
        data["actions"] = data["actions"][:actions]
    return data


def leaf_paths(value, path=()):
    """Every place in a parsed record where a value can be replaced."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from leaf_paths(inner, path + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from leaf_paths(inner, path + (index,))


MARK = "\u0000MARK\u0000"


def with_fragment(data: dict, path: tuple, fragment: str) -> bytes:
    """The record's text with the value at `path` replaced by the raw JSON `fragment`."""
    copy = json.loads(json.dumps(data))
    if not path:
        return fragment.encode("utf-8", "surrogatepass")
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = MARK
    text = json.dumps(copy).replace(json.dumps(MARK), fragment)
    return text.encode("utf-8", "surrogatepass")


def short(value) -> str:
    """A test id for a long argument (a 200 KB nesting is not a name)."""
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
    return ascii(text[:24]) + (f"+{len(text) - 24}" if len(text) > 24 else "")

