"""The words of a table across machines (game/net/remote_table.py): the host's refusals, a
friend's drop and return (and the marks at a friend's seat while they are away), what was
played for the player while they were away, the connection to the host lost, the table ending
under the joiner, a joining that failed."""

from __future__ import annotations

from game.core.errors import IllegalAction
from game.net.protocol import END_REASONS

from .i18n import strings, t
from .refusals import refusal_words

REFUSED = (255, 170, 150)
WARN = (255, 200, 120)
#: the mark at a friend's seat while they are away
AWAY = (215, 190, 160)
#: what the table is waiting for, told plainly
TOLD = (225, 225, 210)
#: seconds a line said once, on coming back or while the table waits, stays (a table's
#: messages stay 3 s: the moves that follow a return would push it away unread)
READ_S = 10.0


def error_words(code: str, params: dict | None = None, names=()) -> str:
    """An `error` of the host: the protocol's words (net.error.<code>), else the rules'."""
    if f"net.error.{code}" in strings("en"):
        plain = {key: value for key, value in (params or {}).items()
                 if isinstance(value, (str, int))}
        try:
            return t(f"net.error.{code}", **plain)
        except (KeyError, IndexError, ValueError):     # a word it needs was not sent
            return t("remote.refused_other")
    try:
        return refusal_words(IllegalAction(code, code=code, **(params or {})), names)
    except Exception:                     # noqa: BLE001 - the host's params are untrusted
        return t("remote.refused_other")


def ended_words(reason: str) -> str:
    """Why the table ended under the joiner: the host left (or cannot be reached) and the
    table stays saved on the host's machine, or the host's own reason."""
    if reason in ("games_done", "replaced", "host_fault"):
        return t(f"net.end.{reason}")
    return t("remote.host_left")


def remote_notice_words(notice, names) -> tuple | None:
    if notice.kind == "refused":
        reason = error_words(str(notice.data.get("code")), notice.data.get("params"), names)
        return t("table.refused", reason=reason), REFUSED
    if notice.kind in ("dropped", "returned", "given_to_ai"):
        player = notice.player
        name = names[player] if isinstance(player, int) and 0 <= player < len(names) else "?"
        return t(f"net.notice.{notice.kind}", name=name), WARN
    if notice.kind == "link_ended":             # said until the window leaves the table
        return ended_words(str(notice.data.get("reason"))), WARN, READ_S
    if notice.kind == "back":
        return (back_words(notice.data.get("moves"), bool(notice.data.get("waits"))), WARN,
                READ_S)
    if notice.kind == "others_reading":
        return t("session.others_reading"), TOLD, READ_S
    return None


def seated_words(seated: dict) -> str:
    """A chair is ours, the game not begun: how it starts, as the host's `seated` says
    (untrusted: an unknown value, or none from an older host, reads as a full table starting)."""
    if seated.get("starts") == "host":
        return t("hostplay.seated_host")
    return t("remote.seated")


def back_words(moves, waits: bool) -> str:
    """Back in one's chair: what was played for one meanwhile (the AI's moves, or the clock's
    where the chair waits for its player)."""
    if not isinstance(moves, int) or isinstance(moves, bool) or moves <= 0:
        return t("drops.back")
    kind = "timed" if waits else "ai"
    return t(f"drops.back_{kind}_one") if moves == 1 else t(f"drops.back_{kind}", count=moves)


def away_cue(away, name: str, now: float) -> str:
    """Said at a friend's seat while their move is awaited and they are away
    (game/net/presence.Away): when the AI plays for them, or that the table waits."""
    left = away.fallback_in(now)
    if left is None:
        return t("drops.cue.waits", name=name)
    if left > 0:
        return t("drops.cue.ai_in", name=name, seconds=int(left + 0.999))
    return t("drops.cue.ai", name=name)


def marks_with_away(marks: dict, away: dict) -> dict:
    """The seats' marks (seat -> (words, colour)) with "offline" at each seat away (after its
    last action, when it has one)."""
    marked = dict(marks)
    for seat in away:
        said = marked.get(seat)
        marked[seat] = (t("drops.offline_after", action=said[0]) if said
                        else t("drops.offline"), AWAY)
    return marked


def joining_failed_words(code: str) -> str:
    """A joining that found no chair: the host's refusal, or no host at that address."""
    if code == "unreachable":
        return t("remote.unreachable")
    if code in END_REASONS:               # the host ended the table before it began
        return ended_words(code)
    return error_words(code)
