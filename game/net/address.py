"""What a joiner types to reach a table, checked at the door: the host's address and the join
code. Both come from a person (or a paste) and are refused with a code the window puts in the
player's words (`join.refused.<code>` in the locale files); nothing typed is ever used before
it passed here.

    address   HOST:PORT or ws://HOST:PORT (an optional "/" at the end), HOST a host name
              (letters, digits, "-", dots), an IPv4 address, or an IPv6 address in brackets
              ([::1]:8765); PORT 1-65535
    code      printable ASCII without spaces, at most MAX_CODE_LENGTH characters
"""

from __future__ import annotations

import ipaddress
import os
import re
from dataclasses import dataclass

from game.core.untrusted import UntrustedInput, parse_int

#: nothing longer is typed or pasted for a table's address (a host name is at most 253)
#: set (to anything but "" or "0") on machines that must talk to themselves only: the tests,
#: CI and play-tests; a join to any other address is then refused before a packet is sent
LOOPBACK_ONLY_VARIABLE = "TABLE_GAMES_LOOPBACK_ONLY"

MAX_ADDRESS_LENGTH = 300
MAX_HOST_LENGTH = 253
MAX_CODE_LENGTH = 32
SCHEME = "ws://"
_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_CODE = re.compile(r"[\x21-\x7e]+")
#: why an address or a code is refused (each has words: join.refused.<code>)
REFUSALS = ("empty_address", "too_long", "bad_scheme", "no_port", "bad_port", "bad_host",
            "empty_code", "bad_code", "code_too_long")


@dataclass(frozen=True)
class JoinRequest:
    """A joiner's wish to sit at a table: where it is, its join code, who sits down (the
    profile's id in the joiner's own history, None for a new profile named `name`), and the
    table asked for (its id at the host, as heard nearby; None: the first with a free chair)."""
    address: str          # a host name or an IP address, without brackets
    port: int
    code: str
    profile_id: str | None
    name: str
    table: str | None = None


def _refuse(code: str, words: str) -> UntrustedInput:
    return UntrustedInput(words, code=code)


def parse_host(text: str) -> str:
    """A host name, an IPv4 address or an IPv6 address (without its brackets)."""
    if not text or len(text) > MAX_HOST_LENGTH or not text.isascii():
        raise _refuse("bad_host", f"{ascii(text)[:40]} is not a host name or an IP address")
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        pass
    labels = text.rstrip(".").split(".")
    # a name of digits and dots only is a mistyped IPv4 address, not a host name
    if not all(_LABEL.fullmatch(label) for label in labels) or all(
            label.isdigit() for label in labels):
        raise _refuse("bad_host", f"{ascii(text)[:40]} is not a host name or an IP address")
    return text.rstrip(".").lower()


def parse_address(text) -> tuple[str, int]:
    """(host, port) from what was typed: see the module docstring."""
    if not isinstance(text, str) or not text.strip():
        raise _refuse("empty_address", "no address was typed")
    text = text.strip()
    if len(text) > MAX_ADDRESS_LENGTH:
        raise _refuse("too_long", f"the address is longer than {MAX_ADDRESS_LENGTH} characters")
    if "://" in text:
        if not text.lower().startswith(SCHEME):
            raise _refuse("bad_scheme", "only ws:// addresses are tables")
        text = text[len(SCHEME):]
    if text.endswith("/"):
        text = text[:-1]
    if text.startswith("["):                        # [IPv6]:port
        inside, bracket, rest = text[1:].partition("]")
        if not bracket:
            raise _refuse("bad_host", "an IPv6 address's bracket is not closed")
        try:
            if "%" in inside:        # a zone (an interface's name) is not a table's address
                raise ValueError(inside)
            host = str(ipaddress.IPv6Address(inside))
        except ValueError:
            raise _refuse("bad_host", f"{ascii(inside)[:40]} is not an IPv6 address") from None
        if not rest.startswith(":"):
            raise _refuse("no_port", "the address has no port (HOST:PORT)")
        port_text = rest[1:]
    else:
        host_text, colon, port_text = text.rpartition(":")
        if not colon:
            raise _refuse("no_port", "the address has no port (HOST:PORT)")
        if ":" in host_text:
            raise _refuse("bad_host", "an IPv6 address goes in brackets: [::1]:PORT")
        host = parse_host(host_text)
    try:
        port = parse_int(port_text, 1, 65535)
    except UntrustedInput:
        raise _refuse("bad_port", f"{ascii(port_text)[:20]} is not a port from 1 to 65535") \
            from None
    if port_text.strip() != port_text or port_text.startswith(("+", "-")):
        raise _refuse("bad_port", f"{ascii(port_text)[:20]} is not a port from 1 to 65535")
    return host, port


def parse_code(text) -> str:
    """The join code as typed (spaces around it dropped; case kept)."""
    if not isinstance(text, str) or not text.strip():
        raise _refuse("empty_code", "no join code was typed")
    code = text.strip()
    if len(code) > MAX_CODE_LENGTH:
        raise _refuse("code_too_long", f"a join code has at most {MAX_CODE_LENGTH} characters")
    if not _CODE.fullmatch(code):
        raise _refuse("bad_code", "a join code is letters, digits and signs, without spaces")
    return code


def loopback_only(environ=None) -> bool:
    value = (os.environ if environ is None else environ).get(LOOPBACK_ONLY_VARIABLE, "")
    return value.strip() not in ("", "0")


def is_loopback_host(host: str) -> bool:
    """An address of this computer alone (127.0.0.0/8, ::1, localhost), told without asking
    any name server."""
    if host.strip("[]").lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
