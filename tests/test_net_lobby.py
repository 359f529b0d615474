"""One host, a lobby of tables: `tables` lists them (with the code only), joiners without a
table id sit at the first table with a free chair, and each table plays its game."""

from __future__ import annotations

import json

import pytest

from websockets.sync.client import connect

from net_helpers import LOOPBACK, start_host, start_joiner

#: real host and joiner processes (make test-fast leaves them out)
pytestmark = pytest.mark.slow


def test_a_lobby_of_two_tables_seats_each_joiner_and_plays_both(tmp_path):
    host, port = start_host(tmp_path, "joker", "open,random,random,random", "--tables", "2",
                            "--deals", "1")
    joiners = []
    try:
        with connect(f"ws://{LOOPBACK}:{port}", open_timeout=20) as looker:
            looker.send(json.dumps({"v": 1, "type": "tables", "code": "wrong"}))
            assert json.loads(looker.recv(timeout=20))["code"] == "wrong_code"
            looker.send(json.dumps({"v": 1, "type": "tables", "code": "sesame"}))
            tables = json.loads(looker.recv(timeout=20))["tables"]
        assert [table["id"] for table in tables] == ["t1", "t2"]
        assert tables[0]["chairs"][0] == {"name": None, "state": "open"}
        assert tables[0]["chairs"][1]["state"] == "bot"
        joiners = [start_joiner(tmp_path, port, name) for name in ("ana", "budi")]
        assert [joiner.finish() for joiner in joiners] == [0, 0]
        assert host.finish() == 0, host.stderr_so_far()
    finally:
        for process in (host, *joiners):
            process.kill()
    lines = host.json_lines()[1:]
    assert sorted(line["table"] for line in lines) == ["t1", "t2"]
    assert sorted(line["seats"][0]["name"] for line in lines) == ["ana", "budi"]
