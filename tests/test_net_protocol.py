"""The protocol's checks (game/net/protocol.py): a joiner's frame is read only when it is a
text frame of plain JSON with the version, a known type and fields of the right type and range;
the rate and the wrong codes are bounded."""

from __future__ import annotations

import json

import pytest

from game.net import protocol
from game.net.protocol import Refused, read_message


def message(**fields) -> str:
    return json.dumps({"v": 1, **fields})


def refusal(data) -> Refused:
    with pytest.raises(Refused) as refused:
        read_message(data)
    return refused.value


@pytest.mark.parametrize("data,code", [
    (b"bytes", "not_text"),
    ("nope", "not_json"),
    ('{"v": 1, "type": "ping", "x": NaN}', "not_json"),
    ('{"v": 1, "type": "ping", "x": "\\ud800"}', "not_json"),
    ("[" * 50 + "]" * 50, "not_json"),
    ("x" * (protocol.MAX_FRAME_BYTES + 1), "not_json"),
    ("[]", "bad_message"),
    (json.dumps({"type": "ping"}), "version"),
    (json.dumps({"v": "1", "type": "ping"}), "version"),
    (message(type=3), "bad_message"),
    (message(type="shutdown"), "unknown_type"),
    (message(type="hello", code="c"), "bad_message"),
    (message(type="hello", code="", name="a"), "bad_message"),
    (message(type="hello", code="c" * 33, name="a"), "bad_message"),
    (message(type="hello", code="c", name="a" * 17), "bad_message"),
    (message(type="hello", code="c", name="tab\there"), "bad_message"),
    (message(type="hello", code="c", name="a", table="../x"), "bad_message"),
    (message(type="hello", code="c", name="a", profile=["x"]), "bad_message"),
    (message(type="act", action="pass"), "bad_message"),
    (message(type="act", action={}, at=[1]), "bad_message"),
    (message(type="act", action={}, at=[1, -1]), "bad_message"),
    (message(type="act", action={}, at=[1, True]), "bad_message"),
    (message(type="tables"), "bad_message"),
])
def test_a_frame_that_fails_a_check_is_refused_with_its_code(data, code):
    assert refusal(data).code == code


def test_a_good_frame_keeps_only_its_known_fields():
    read = read_message(message(type="hello", code="c", name=" Ana ", table="t1", extra=1))
    assert read == {"type": "hello", "code": "c", "name": "Ana", "profile": None,
                    "table": "t1"}
    assert read_message(message(type="act", action={"type": "pass"}, at=[2, 5])) == {
        "type": "act", "action": {"type": "pass"}, "at": (2, 5)}


def test_the_rate_allows_a_burst_then_the_average():
    now = [0.0]
    rate = protocol.RateLimit(rate=10, burst=5, clock=lambda: now[0])
    assert [rate.take() for _ in range(7)] == [True] * 5 + [False] * 2
    now[0] += 0.25                                 # 2.5 tokens back
    assert [rate.take() for _ in range(3)] == [True, True, False]


def test_wrong_codes_lock_an_address_for_the_window():
    now = [0.0]
    codes = protocol.WrongCodes(limit=3, window_s=60, clock=lambda: now[0])
    for _ in range(3):
        assert not codes.locked("peer-a")
        codes.count("peer-a")
    assert codes.locked("peer-a") and not codes.locked("peer-b")
    now[0] += 61
    assert not codes.locked("peer-a")


def test_every_code_and_reason_a_joiner_may_hear_has_words_in_every_language():
    from game.ui.i18n import LANGUAGE_NAMES, strings
    keys = ([f"net.error.{code}" for code in protocol.ERROR_CODES]
            + [f"net.end.{reason}" for reason in protocol.END_REASONS]
            + [f"net.notice.{kind}" for kind in protocol.NET_NOTICES])
    for language in LANGUAGE_NAMES:
        missing = [key for key in keys if not strings(language).get(key)]
        assert not missing, (language, missing)


def test_a_tienlen_view_holding_a_chop_of_an_earlier_game_reaches_the_joiners_seat():
    """The host's frames nest deeper than a joiner's (a coded value takes two JSON levels a
    level): a Tiến Lên view of game 2 holds game 1's result and its chops, 9 levels deep.
    Read with a joiner's own bound it was refused, and the joiner waited for ever."""
    import dataclasses

    from game.core.table import Table
    from game.net.codec import Codec
    from game.net.joiner import RemoteSeat
    from game.tienlen.actions import ChopPayment, GameResult

    table = Table.open("tienlen", ["A", "B", "C", "D"], {}, seed=3)
    table.deal_if_needed()
    chopped = GameResult("won", 0, (9, -3, -3, -3), (ChopPayment(1, 0, 4),))
    observation = dataclasses.replace(table.state.observation(1), results=(chopped,))
    codec = Codec("tienlen")
    text = protocol.frame("view", position=[1, 0], phase="human", to_move=1, acting=False,
                          legal=[], observation=codec.encode(observation), returns=[0] * 4,
                          revealed=None, game_over=False, time_left=None, can_tambah=False,
                          deals_played=1, deal_over=False)
    with pytest.raises(Refused):                      # a joiner's bound is not the host's
        protocol.parse_frame(text, protocol.MAX_HOST_FRAME_BYTES)
    seat = RemoteSeat()
    seat.take({"type": "welcome", "v": 1, "table": "t1", "seat": 1, "game": "tienlen",
               "names": ["A", "B", "C", "D"]})
    seat.take(protocol.parse_host_frame(text))
    assert seat.observation.results[0].chops == (ChopPayment(1, 0, 4),)
