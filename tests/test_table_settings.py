"""A table's settings have one source: `ControllerSettings.from_json` builds them from what the
save's format checks (game/save_format.py), with the dataclass's one default for each; the
setup, the saves and the history read them through it."""

from __future__ import annotations

import dataclasses
import math

import pytest

from game.controller.settings import ControllerSettings
from game.core.untrusted import UntrustedInput
from game.save_format import LIMITS, ON_OFF, check_table_block
from game.ui.games import GAMES

FIELDS = {field.name for field in dataclasses.fields(ControllerSettings)}


def test_every_setting_has_a_range_or_is_on_or_off_and_nothing_else_is_checked():
    assert set(LIMITS) | set(ON_OFF) == FIELDS
    assert not set(LIMITS) & set(ON_OFF)


def test_a_missing_setting_takes_the_one_default_and_a_saved_one_comes_back_whole():
    assert ControllerSettings.from_json({}) == ControllerSettings()
    chosen = ControllerSettings(turn_seconds=35, tambah_seconds=60, bot_budget_s=0.5,
                                bot_move_pause_s=0, assists=False)
    assert set(chosen.to_json()) == FIELDS
    assert ControllerSettings.from_json(chosen.to_json()) == chosen
    assert ControllerSettings.from_json({"assists": False}) == ControllerSettings(assists=False)


@pytest.mark.parametrize("raw, code", [
    ([], "wrong_type"),
    ({"turn_seconds": math.nan}, "not_finite"),
    ({"bot_budget_s": 1e308}, "out_of_range"),
    ({"tambah_seconds": -1}, "out_of_range"),
    ({"turn_seconds": "35"}, "not_a_number"),
    ({"turn_seconds": True}, "not_a_number"),
    ({"assists": 1}, "wrong_type"),
    ({"speed": "warp"}, "unknown_value"),
])
def test_a_setting_out_of_its_type_or_range_is_refused_with_a_code(raw, code):
    with pytest.raises(UntrustedInput) as refused:
        ControllerSettings.from_json(raw)
    assert refused.value.code == code


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_setup_choice_of_timers_and_assists_builds_the_table_settings(game):
    """D19 (domino 35 s + tambah 60 s), T11 (Tiến Lên 15 s) and Joker's timer, on and off."""
    spec = GAMES[game]
    for timers in (False, True):
        for assists in (False, True):
            chosen = {**spec.defaults(), "timers": timers, "assists": assists}
            _, raw = spec.table_options(chosen)
            settings = ControllerSettings.from_json(raw)
            assert settings.assists is assists
            assert (settings.turn_seconds > 0) is timers


def test_the_history_and_the_controller_check_a_table_block_alike():
    data = {"players": ["A", "B"],
            "table": {"seed": 7, "seats": [{"name": "A"}, {"name": "B", "kind": "ai",
                                                           "level": "hard"}],
                      "settings": {"turn_seconds": 15}}}
    seats, settings = check_table_block(data)
    assert seats == [{"name": "A", "kind": "human", "level": "normal"},
                     {"name": "B", "kind": "ai", "level": "hard"}]
    assert ControllerSettings.from_json(settings).turn_seconds == 15
