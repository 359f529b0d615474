"""What the window says about the history, in the player's words: a problem found at the start
(game/history/database.py: HistoryProblem), a notice of the writer (game/history/store.py:
HistoryNotice), and rows that could not be read. Never the system's own English text."""

from __future__ import annotations

from .i18n import t


def counted(key: str, count: int) -> str:
    """`key` for `count` things (its `_one` form for one)."""
    return t(f"{key}_one") if count == 1 else t(key, count=count)


def trouble_words(reason: str) -> str:
    return t(f"history_safety.trouble.{reason}")


def history_problem_words(problem, inbox) -> str:
    """A history that was damaged (set aside), made by a newer version, or unavailable."""
    if problem.kind == "set_aside":
        words = t("history_safety.set_aside", file=problem.moved_to.name)
        if problem.profiles:
            words += " " + counted("history_safety.profiles_recovered", problem.profiles)
        return words
    if problem.kind == "newer":
        return t("history_safety.newer", file=problem.path.name, folder=str(inbox))
    return t("history_safety.unavailable", file=problem.path.name,
             reason=trouble_words(problem.reason), folder=str(inbox))


def history_notice_words(notice, inbox) -> str:
    """A notice of the history's writer (the history cannot be written now, files set aside)."""
    if notice.kind == "unavailable":
        kept = t(f"history_safety.kept.{notice.kept}", folder=str(inbox))
        return t("history_safety.cannot_write", reason=trouble_words(notice.reason), kept=kept)
    return t(f"history_safety.{notice.kind}", files=", ".join(notice.files))


def skipped_words(key: str, count: int) -> str:
    """"2 games could not be read and are not shown" (empty for none)."""
    return counted(f"history_safety.{key}", count) if count else ""
