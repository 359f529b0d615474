"""A finished game's record as the host sends it in `game_over` (`game_record`), checked before
the joiner's own history keeps it: the record must replay (the engine judges every move) to the
totals the host announced, with the table's names. Anything else is not kept."""

from __future__ import annotations

import copy
from typing import Any

from game.controller.seats import HUMAN, SeatConfig
from game.core.scenario import check_scenario
from game.history.counts import game_facts


def checked_record(message: dict, names: list[str]) -> dict | None:
    """The record of a finished game (None: not sent, a game cut short, or not consistent)."""
    result = message.get("result")
    if not isinstance(result, dict) or result.get("finished") is not True:
        return None
    return replayed_record(message, names)


def replayed_record(message: dict, names: list[str]) -> dict | None:
    """The game's record as sent, once it replayed to the announced totals (None: it did not,
    or none was sent): a game cut short too, for the Review."""
    record, result = message.get("game_record"), message.get("result")
    if not isinstance(record, dict) or not isinstance(result, dict):
        return None
    try:
        record = check_scenario(record)
        if list(record["players"]) != list(names):
            return None
        facts = game_facts(record)
    except Exception:                     # noqa: BLE001 - the host's record is untrusted
        return None
    totals: Any = result.get("totals")
    if not isinstance(totals, list) or list(facts.totals) != totals:
        return None
    return record


def keep_finished_game(history: Any, message: dict, seats: list, seat: int,
                       profile: str | None) -> bool:
    """Into the joiner's own history (game/history), marked as played across machines (the
    record's table block: `across_machines`): the joiner's seat is their profile, the others
    as the host described them. False: nothing to keep (see checked_record)."""
    record = checked_record(message, [chosen.name for chosen in seats])
    if record is None or history is None:
        return False
    record = copy.deepcopy(record)
    own = [SeatConfig(chosen.name, HUMAN, profile=profile) if index == seat
           else SeatConfig(chosen.name, chosen.kind, chosen.level)
           for index, chosen in enumerate(seats)]
    record["table"] = {**(record.get("table") or {}), "across_machines": True}
    history.record(record, own)
    return True
