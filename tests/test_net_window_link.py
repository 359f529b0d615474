"""The window's joiner (game/net/window_link.py) against a real host process over loopback: the
connection lives on its own thread, the window polls what arrived, draws a TableView of its
own seat, sends its moves, hears a refusal, and the game reaches its end."""

from __future__ import annotations

import time

import pytest

from game.controller.door import Phase, TableView
from game.net.window_link import WindowLink

from net_helpers import LOOPBACK, start_host

#: real host and joiner processes (make test-fast leaves them out)
pytestmark = pytest.mark.slow


def foreign_tile(hand) -> dict:
    """A play of a tile that is not in `hand` (any end: it is refused before its end)."""
    from game.domino.tiles import ALL_TILES, tile_text

    tile = next(tile for tile in ALL_TILES if tile not in hand)
    return {"type": "play", "tile": tile_text(tile), "end": "L"}


def test_a_window_link_plays_its_seat_from_polled_views(tmp_path):
    host, port = start_host(tmp_path, "domino", "open,random,random,random", "--deals", "1")
    link = WindowLink(f"ws://{LOOPBACK}:{port}", "sesame", "Ana", profile="profile-ana")
    link.start()
    seen, refusals, acted, out_of_turn_tried = [], [], None, False
    try:
        deadline = time.monotonic() + 60
        while link.ended is None and time.monotonic() < deadline:
            for message in link.poll():
                seen.append(message["type"])
                if message["type"] == "error":
                    refusals.append(message["code"])
            view = link.view()
            if view is not None:
                assert isinstance(view, TableView) and view.seat == 0 and view.hand_shown
                assert view.observation.player == 0
                if view.acting is None and not out_of_turn_tried and link.seat.view["legal"] == []:
                    # out of turn, and a tile not in the hand: refused whoever's turn it is
                    # by the time the host reads it (the random bots answer at once)
                    link.send("act", action=foreign_tile(view.observation.hand))
                    out_of_turn_tried = True
                if view.acting == 0 and link.seat.view is not acted:
                    assert view.phase is Phase.HUMAN and view.legal
                    acted = link.seat.view
                    link.act(view.legal[0])
            time.sleep(0.01)
        assert host.finish() == 0, host.stderr_so_far()
    finally:
        link.close()
        host.kill()
    assert link.ended == "end"
    assert seen[:2] == ["seated", "welcome"] and "game_over" in seen and seen[-1] == "end"
    assert out_of_turn_tried and set(refusals) & {"not_your_turn", "tile_not_in_hand"}
    assert host.json_lines()[-1]["seats"][0]["name"] == "Ana"
