"""The frames of one seat: what a joiner in that chair may see, built for that seat alone.

Privacy by construction (D4, D18; docs/network.md "Privacy"): a view holds the seat's own
observation (`state.observation(seat)`), never the deal record nor another seat's observation;
the other hands only in `revealed`, once the deal is over, as the window's TableView. Events
are the engine's public events (each game's were checked: none holds a hand); of the table's
notices only the public kinds leave the host.
"""

from __future__ import annotations

from typing import Any

from .codec import Codec

#: the table's notices a joiner hears (the host's own, `save_failed`, stay on the host)
PUBLIC_NOTICES = ("timeout", "tambah")


def acting_seat(ctl: Any) -> int | None:
    """The seat whose move the table waits for now (a human's turn under way, its clock
    running: not while paused, nor while a window hosting the table holds it to show a move)."""
    return ctl.remote_seats.acting()


def seat_view(ctl: Any, codec: Codec, seat: int, now: float) -> dict:
    """The `view` message's fields for `seat`."""
    state = ctl.state
    acting = acting_seat(ctl) == seat
    deal_over = state.needs_deal() or state.is_terminal()
    revealed = ([list(state.observation(player).hand) for player in range(state.num_players)]
                if deal_over else None)
    return {
        "position": list(ctl.position()),
        "phase": ctl.phase.value,
        "to_move": state.current_player(),
        "acting": acting,
        "legal": [codec.action_out(action) for action in state.legal_actions()] if acting
        else [],
        "observation": codec.encode(state.observation(seat)),
        "returns": list(state.returns()),
        "revealed": revealed,
        "game_over": state.is_terminal(),
        "time_left": ctl.time_left(now) if acting else None,
        "can_tambah": acting and ctl.remote_seats.can_tambah(seat),
        "deals_played": ctl.deals_played,
        "deal_over": ctl.deal_over,
    }


def public_events(codec: Codec, events: list) -> list:
    return [codec.encode(event) for event in events]


def public_notice(notice: Any) -> dict | None:
    """A table notice as a joiner may hear it, or None (the host's own)."""
    if notice.kind not in PUBLIC_NOTICES:
        return None
    data = {key: value for key, value in notice.data.items() if key == "action"}
    return {"kind": notice.kind, "player": notice.player, "data": data}
