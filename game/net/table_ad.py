"""What a table says about itself nearby (its DNS-SD TXT record), and the door every heard
record passes (docs/discovery.md, "What a table says").

The record holds language-neutral facts only: the protocol version, the game's id, the table's
id at its host, the host player's name (when someone plays at the host's screen), the free
chairs, the chairs kept for a friend away (when any: that friend may come back to theirs) and
the chairs, the port, and the record's serial number (one more at each change: a
browser's cache takes a record it heard a moment ago for an old one, so a count going back to
what it was would never be heard without it). The joiner's window words the line in its own
language; nothing here is a sentence. Never the join code: `TableAd` has no field for it.

Whatever is heard is untrusted: each field is checked by type, size and range through
game/core/untrusted.py, and a record that fails any check is refused whole (UntrustedInput).
A host's own record goes through the same checks before it is advertised (`txt_record`), so a
host never says what a browser drops. Where a heard table may be joined (its addresses) is
discovery.py's to check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.core.registry import game_names, get_game
from game.core.untrusted import UntrustedInput, check_text, decode, parse_int, printable_name

from .protocol import TABLE_ID

SERVICE_TYPE = "_tabletrio._tcp.local."
MAX_HOST_NAME = 32
#: every game of ours seats at most four
MAX_CHAIRS = 4
MAX_PROTOCOL = 9999
#: one TXT value, in bytes (DNS allows 255 for key=value)
MAX_TXT_VALUE = 200
MAX_TXT_KEYS = 16
#: a record's serial number wraps around here (changes are a second apart at least)
MAX_SERIAL = 9999
#: the instance label a host gives its table: anything else heard is not looked at
INSTANCE_PREFIX = "tabletrio-"
INSTANCE = re.compile(re.escape(INSTANCE_PREFIX) + r"[0-9a-f]{12}\." + re.escape(SERVICE_TYPE),
                      re.IGNORECASE)
#: the TXT keys, and nothing else (a join code is never advertised); "h" and "k" may be absent
TXT_KEYS = ("v", "g", "t", "h", "f", "s", "p", "u", "k")
OPTIONAL_KEYS = ("h", "k")


@dataclass(frozen=True)
class TableAd:
    """What a host says about its table (its TXT record)."""
    protocol: int
    game: str              # the game's id (the joiner names it in its own language)
    table: str             # the table's id at its host (t1 … t16 in a lobby)
    host_name: str         # the host player's name; "" when nobody plays at the host's screen
    free_chairs: int
    chairs: int
    port: int
    serial: int = 0        # the record's change number (0 … MAX_SERIAL, wrapping around)
    held_chairs: int = 0   # kept for a friend away (theirs to come back to)

    def changed(self, free_chairs: int, held_chairs: int = 0) -> "TableAd":
        """The record with these counts, and the next serial number."""
        return TableAd(**{**self.__dict__, "free_chairs": free_chairs,
                          "held_chairs": held_chairs,
                          "serial": (self.serial + 1) % (MAX_SERIAL + 1)})


def txt_record(ad: TableAd) -> dict[str, str]:
    """The TXT record of `ad` (checked first: a host never advertises what a browser drops)."""
    record = {"v": str(ad.protocol), "g": ad.game, "t": ad.table, "h": ad.host_name,
              "f": str(ad.free_chairs), "s": str(ad.chairs), "p": str(ad.port),
              "u": str(ad.serial), "k": str(ad.held_chairs)}
    if not ad.host_name:
        del record["h"]
    if not ad.held_chairs:
        del record["k"]
    read_txt({key.encode(): value.encode() for key, value in record.items()})
    return record


def _text(properties: dict, key: str, max_length: int) -> str:
    value = properties.get(key.encode())
    if not isinstance(value, bytes) or len(value) > MAX_TXT_VALUE:
        raise UntrustedInput(f"the TXT field {key} is missing or too long", code="wrong_type")
    text = check_text(decode(value))
    if len(text) > max_length:
        raise UntrustedInput(f"the TXT field {key} is too long", code="too_large")
    return text


def _number(properties: dict, key: str, low: int, high: int) -> int:
    text = _text(properties, key, 8)
    if not text.isdigit():           # no sign, no spaces: digits as a host writes them
        raise UntrustedInput(f"the TXT field {key} is not a number", code="not_a_number")
    return parse_int(text, low, high)


def read_txt(properties) -> TableAd:
    """A TableAd from a TXT record's properties (bytes → bytes), refused with UntrustedInput
    when anything is missing, of the wrong type, too long or out of range."""
    if not isinstance(properties, dict) or len(properties) > MAX_TXT_KEYS:
        raise UntrustedInput("the TXT record is not a small set of fields", code="wrong_type")
    game = _text(properties, "g", 20)
    if game not in game_names():
        raise UntrustedInput(f"{ascii(game)[:30]} is not a game of ours", code="unknown_value")
    table = _text(properties, "t", 16)
    if not TABLE_ID.fullmatch(table):
        raise UntrustedInput(f"{ascii(table)[:30]} is not a table's id", code="unknown_value")
    host_name = ""
    if b"h" in properties:
        host_name = printable_name(_text(properties, "h", MAX_HOST_NAME), MAX_HOST_NAME)
    definition = get_game(game)
    chairs = _number(properties, "s", definition.min_players,
                     min(definition.max_players, MAX_CHAIRS))
    free_chairs = _number(properties, "f", 0, chairs)
    held_chairs = _number(properties, "k", 0, chairs - free_chairs) if b"k" in properties \
        else 0
    return TableAd(
        protocol=_number(properties, "v", 1, MAX_PROTOCOL),
        game=game, table=table, host_name=host_name,
        free_chairs=free_chairs, chairs=chairs,
        port=_number(properties, "p", 1, 65535),
        serial=_number(properties, "u", 0, MAX_SERIAL), held_chairs=held_chairs)


def advertised_name(name) -> str:
    """A name a host may put in its record ("" when it cannot: too long, not printable):
    a name that cannot be advertised leaves the record without one, never without a table."""
    if not isinstance(name, str):
        return ""
    name = name.strip()[:MAX_HOST_NAME].strip()
    try:
        return printable_name(check_text(name), MAX_HOST_NAME)
    except UntrustedInput:
        return ""
