"""The words the tables show for the controller's notices (time-outs, a save that failed)."""

from __future__ import annotations

from game.paths import write_failure

from .i18n import t

WARN = (255, 200, 120)
#: what a table across machines announces (game/net/remote_table.py)
REMOTE_NOTICES = ("refused", "dropped", "returned", "given_to_ai", "link_ended", "back",
                  "others_reading")
ERROR = (255, 150, 130)


def notice_message(notice, names) -> tuple[str, tuple] | None:
    """(text, colour) for a notice, or (text, colour, seconds) for one said longer than the
    table's messages are, or None for notices a table shows its own way."""
    if notice.kind == "timeout":
        return t("table.timeout", name=names[notice.player]), WARN
    if notice.kind in REMOTE_NOTICES:
        from .remote_words import remote_notice_words     # a table across machines
        return remote_notice_words(notice, names)
    if notice.kind == "save_failed":
        # the reason in the player's words, never the system's English error text
        reason = t(f"table.write_failed.{notice.data.get('reason', 'other')}")
        return t("table.save_failed", reason=reason), ERROR
    return None


def write_failure_words(error: BaseException) -> str:
    """Why a file could not be written, in the player's words (never the system's text)."""
    return t(f"table.write_failed.{write_failure(error)}")
