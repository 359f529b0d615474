"""The Join screen's words for what is heard nearby, and what it remembers of the last join.

A heard table says facts only (game/net/table_ad.py: the game's id, the host player's name,
the free chairs, the table's id): its line is worded here, in the joiner's language. Where
tables are looked for is said in plain words; the environment variable that may decide it
belongs to the docs (docs/discovery.md), never to the screen.

The last join (the setting "last_join": the address and code typed, the profile that sat
down) comes back when the screen opens, so a friend coming back types nothing again. The
settings file is untrusted: each part is read through the door it was typed through
(game/net/address.py), and a part that does not pass, or a profile since deleted, is ignored.
"""

from __future__ import annotations

from game.core.untrusted import UntrustedInput
from game.net.address import parse_address, parse_code
from game.net.discovery import FAILED, LOOPBACK, NETWORK, OFF, RUNNING

from .i18n import t, t_own

SETTING = "last_join"


# --- the heard tables, in the joiner's words ----------------------------------------------------

def shared_hosts(found: list) -> set[tuple[str, int]]:
    """The hosts (address, port) heard with more than one table (a lobby): their lines say
    which table."""
    seen: dict[tuple[str, int], int] = {}
    for table in found:
        where = (table.address, table.ad.port)
        seen[where] = seen.get(where, 0) + 1
    return {where for where, count in seen.items() if count > 1}


def game_name(game: str) -> str:
    """The game's short name where it has one (the list's lines are short)."""
    return t_own(f"menu.{game}", f"menu.{game}.short")


def table_label(found, several: bool = False) -> str:
    """The game, the table's id when its host has several, and the host player's name when
    the host gave one: "Joker · Nino", "Tiến Lên · table t3 · club-server"."""
    parts = [game_name(found.ad.game)]
    if several:
        parts.append(t("nearby.table", table=found.ad.table))
    if found.ad.host_name:
        parts.append(found.ad.host_name)
    return " · ".join(parts)


def table_words(found, several: bool = False) -> str:
    """A heard table's line in the list: what tells it apart first, the address last (the
    address field shows it whole once the table is picked)."""
    kept = [t("nearby.kept", held=found.ad.held_chairs)] if found.ad.held_chairs else []
    return " · ".join([table_label(found, several),
                       t("nearby.free", free=found.ad.free_chairs, chairs=found.ad.chairs),
                       *kept, found.address])


def status_words(decision, browser_status: str, found: int) -> str:
    """Where tables are looked for, and what was heard (without the page)."""
    if decision.by_environment and decision.mode == OFF:     # refused values are off too
        return t("nearby.status.off_here")
    if decision.mode == OFF:
        words = t("join.status.off")
    elif browser_status == FAILED:
        words = t("join.status.failed")
    elif browser_status == RUNNING and not found:
        words = t("join.status.looking")
    else:
        words = t("join.status.found", count=found)
    if decision.by_environment and decision.mode == LOOPBACK:
        words = f"{words} {t('nearby.status.loopback_here')}"
    elif decision.by_environment and decision.mode == NETWORK:
        words = f"{words} {t('nearby.status.network_here')}"
    return words


# --- the last join ------------------------------------------------------------------------------

def remembered(settings: dict, profile_ids) -> dict:
    """What the settings keep of the last join, each part checked: "address", "code" (as
    typed) and "profile" (an id among `profile_ids`); a part that fails is left out."""
    kept = settings.get(SETTING)
    kept = kept if isinstance(kept, dict) else {}
    found = {}
    for part, door in (("address", parse_address), ("code", parse_code)):
        value = kept.get(part)
        try:
            door(value)
        except UntrustedInput:
            continue
        found[part] = value.strip()
    profile = kept.get("profile")
    if isinstance(profile, str) and profile in set(profile_ids):
        found["profile"] = profile
    return found


def remember(settings: dict, address: str, code: str, profile: str) -> None:
    """Keep a join that passed the door (the caller stores the settings)."""
    settings[SETTING] = {"address": address.strip(), "code": code, "profile": profile}
