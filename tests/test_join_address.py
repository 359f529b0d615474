"""What a joiner types (game/net/address.py): the table's address and the join code, checked
at the door and refused with a code that has words in every language."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.untrusted import UntrustedInput
from game.net.address import (
    MAX_CODE_LENGTH, REFUSALS, JoinRequest, parse_address, parse_code)
from game.ui.i18n import strings


@pytest.mark.parametrize("typed, wanted", [
    ("192.168.1.20:8765", ("192.168.1.20", 8765)),
    ("  ws://192.168.1.20:8765/ ", ("192.168.1.20", 8765)),
    ("WS://Host.Example.ORG:1", ("host.example.org", 1)),
    ("localhost:65535", ("localhost", 65535)),
    ("my-table.local.:8765", ("my-table.local", 8765)),
    ("[::1]:8765", ("::1", 8765)),
    ("ws://[2001:DB8::1]:80", ("2001:db8::1", 80)),
])
def test_good_addresses_are_read(typed, wanted):
    assert parse_address(typed) == wanted


@pytest.mark.parametrize("typed, code", [
    ("", "empty_address"), ("   ", "empty_address"), (None, "empty_address"),
    (["localhost:1"], "empty_address"),
    ("a" * 301 + ":1", "too_long"),
    ("http://localhost:80", "bad_scheme"), ("wss://localhost:80", "bad_scheme"),
    ("file:///etc/passwd", "bad_scheme"),
    ("localhost", "no_port"), ("[::1]", "no_port"), ("[::1]8765", "no_port"),
    ("localhost:", "bad_port"), ("localhost:0", "bad_port"), ("localhost:65536", "bad_port"),
    ("localhost:-1", "bad_port"), ("localhost:+80", "bad_port"), ("localhost: 80", "bad_port"),
    ("localhost:８０", "bad_port"), ("localhost:80/path", "bad_port"),
    ("localhost:99999999999999999999999999999999999", "bad_port"),
    (":80", "bad_host"), ("exa mple:80", "bad_host"), ("ex_ample:80", "bad_host"),
    ("-host:80", "bad_host"), ("host-:80", "bad_host"), ("a..b:80", "bad_host"),
    ("1.2.3:80", "bad_host"), ("999.1.1.1:80", "bad_host"), ("ჯოკერი.ge:80", "bad_host"),
    ("::1:80", "bad_host"), ("[::1:80", "bad_host"), ("[nope]:80", "bad_host"),
    ("[::1%eth0]:80", "bad_host"), ("user@host:80", "bad_host"),
    ("a" * 64 + ".example:80", "bad_host"),
])
def test_bad_addresses_are_refused_with_their_reason(typed, code):
    with pytest.raises(UntrustedInput) as refused:
        parse_address(typed)
    assert refused.value.code == code


@pytest.mark.parametrize("typed, code", [
    ("", "empty_code"), ("  ", "empty_code"), (None, "empty_code"),
    ("A B", "bad_code"), ("ჯოკერი", "bad_code"), ("tab\there", "bad_code"),
    ("a\x00", "bad_code"), ("X" * (MAX_CODE_LENGTH + 1), "code_too_long"),
])
def test_bad_codes_are_refused(typed, code):
    with pytest.raises(UntrustedInput) as refused:
        parse_code(typed)
    assert refused.value.code == code


def test_a_code_is_kept_as_typed_without_the_spaces_around_it():
    assert parse_code("  K7q-2!  ") == "K7q-2!"
    assert parse_code("X" * MAX_CODE_LENGTH) == "X" * MAX_CODE_LENGTH


@pytest.mark.parametrize("language", ["en", "id", "vi", "ka"])
def test_every_refusal_has_words_in_every_language(language):
    words = strings(language)
    for code in (*REFUSALS, "bad_name"):
        assert f"join.refused.{code}" in words


@given(st.text(max_size=80))
def test_anything_typed_is_an_address_or_a_refusal(text):
    try:
        host, port = parse_address(text)
    except UntrustedInput as refused:
        assert refused.code in REFUSALS
        return
    assert 1 <= port <= 65535 and host.isascii() and host and " " not in host


@given(st.text(max_size=60))
def test_anything_typed_is_a_code_or_a_refusal(text):
    try:
        code = parse_code(text)
    except UntrustedInput as refused:
        assert refused.code in REFUSALS
        return
    assert 1 <= len(code) <= MAX_CODE_LENGTH and code.isascii() and code.isprintable()
    assert " " not in code


def test_a_join_request_is_a_frozen_value():
    request = JoinRequest("127.0.0.1", 8765, "abc", 3, "Nino")
    with pytest.raises(AttributeError):
        request.code = "other"
    assert request == JoinRequest("127.0.0.1", 8765, "abc", 3, "Nino")


def test_a_join_to_another_computer_is_refused_where_only_loopback_is_allowed():
    """On the tests' and CI's machines (TABLE_GAMES_LOOPBACK_ONLY) a joiner never sends to
    another address: refused in words before any connection, nothing asked of a name server."""
    import asyncio

    from game.net.address import is_loopback_host, loopback_only
    from game.net.joiner import Joiner, JoinFailed

    assert loopback_only() and not loopback_only({"TABLE_GAMES_LOOPBACK_ONLY": "0"})
    assert all(is_loopback_host(h) for h in ("127.0.0.1", "127.8.9.1", "::1", "[::1]",
                                              "localhost"))
    assert not any(is_loopback_host(h) for h in ("192.0.2.2", "example.org", "p", "", "::"))

    async def first_message(url: str):
        async for message in Joiner(url, "sesame", "Ana").messages():
            return message

    for url in ("ws://192.0.2.2:5000", "ws://p:5", "ws://[2001:db8::1]:80"):
        with pytest.raises(JoinFailed) as refused:
            asyncio.run(first_message(url))
        assert refused.value.code == "loopback_only"
