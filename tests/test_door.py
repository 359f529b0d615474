"""The table door (game/controller/door.py): the live table and a lesson's table each answer
every member the window may ask for, with a compatible signature and a
value of the declared type. `runtime_checkable` alone only checks the names: here the
signatures and the types are compared too."""

from __future__ import annotations

import inspect
from pathlib import Path
import types
import typing
from typing import Any, Union

import pytest

from game.controller.door import LessonDoor, TableDoor
from game.controller.factory import open_controller, open_lesson
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.settings import ControllerSettings
from game.core.table import Table
from game.lessons import lesson_for

NAMES = ["Ani", "Budi", "Citra", "Dewi"]
MISSING = object()


def protocol_members(protocol: type) -> dict[str, Any]:
    """Each member the protocol declares (its own and its bases'), as declared."""
    members = {}
    for klass in reversed(protocol.__mro__):
        if klass in (object, typing.Protocol, typing.Generic) or not getattr(
                klass, "_is_protocol", False):
            continue
        members.update({name: value for name, value in vars(klass).items()
                        if not name.startswith("_")})
    return members


def is_of(value: Any, hint: Any) -> bool:
    """`value` is of the type `hint` (Any, classes, `X | None`, generic aliases by origin)."""
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return any(is_of(value, arg) for arg in typing.get_args(hint))
    return isinstance(value, origin or hint)


def parameters(function) -> list[inspect.Parameter]:
    return list(inspect.signature(function).parameters.values())[1:]     # without self


def problems(door: Any, protocol: type = TableDoor) -> list[str]:
    """What keeps `door` (an instance) from standing behind `protocol`: missing members, a
    method where a value is declared (or the other way), a signature that a call made as the
    protocol declares would not fit, an annotation or a value of another type."""
    found = []
    cls = type(door)
    for name, declared in protocol_members(protocol).items():
        own = inspect.getattr_static(cls, name, MISSING)
        if own is MISSING and name not in vars(door):
            found.append(f"{name}: missing")
            continue
        if isinstance(declared, property):
            if inspect.isfunction(own):
                found.append(f"{name}: a method where a value is declared")
                continue
            hint = typing.get_type_hints(declared.fget).get("return", Any)
            value = getattr(door, name)
            if not is_of(value, hint):
                found.append(f"{name}: {value!r} is not {hint}")
            continue
        if not inspect.isfunction(own):
            found.append(f"{name}: not a method")
            continue
        wanted, given = parameters(declared), parameters(own)
        if [(p.name, p.kind) for p in given[:len(wanted)]] != [(p.name, p.kind)
                                                               for p in wanted]:
            found.append(f"{name}: parameters {given} do not fit {wanted}")
        if any(p.default is inspect.Parameter.empty for p in given[len(wanted):]):
            found.append(f"{name}: asks for more than {wanted}")
        declared_hints, own_hints = typing.get_type_hints(declared), typing.get_type_hints(own)
        for key, hint in own_hints.items():
            if key in declared_hints and hint != declared_hints[key]:
                found.append(f"{name}: {key} is {hint}, the door says {declared_hints[key]}")
    return found


def live_table():
    seats = [SeatConfig(NAMES[0], HUMAN)] + [SeatConfig(name, AI, "easy") for name in NAMES[1:]]
    return open_controller(Table("domino", NAMES, seed=3), seats,
                           ControllerSettings(turn_seconds=35, tambah_seconds=60))


def lesson_table():
    return open_lesson(lesson_for("tienlen"), NAMES)


def remote_table():
    """A table across machines (game/net/remote_table.py), joined to a host in this process."""
    import tempfile
    from game.net.remote_table import RemoteTable
    from remote_helpers import PretendLink, hosted_table
    link = PretendLink(hosted_table(Path(tempfile.mkdtemp()), "joker"))
    link.tick(0.01)
    return RemoteTable(link, 0.01, arrived=link.poll())


@pytest.mark.parametrize("make", [live_table, lesson_table, remote_table])
def test_each_table_stands_behind_the_door(make):
    door = make()
    assert isinstance(door, TableDoor)
    assert problems(door) == []


def test_a_lessons_table_is_a_lesson_door_and_the_live_one_is_not():
    lesson = lesson_table()
    assert isinstance(lesson, LessonDoor) and problems(lesson, LessonDoor) == []
    assert lesson.expected_move() is not None and lesson.moves_made == 0
    assert not isinstance(live_table(), LessonDoor)


def test_the_door_declares_what_the_window_asks():
    members = protocol_members(TableDoor)
    for name in ("view", "human_action", "hold", "release", "pause", "resume", "time_left",
                 "time_share", "ask_coach", "undo", "confirm_handoff", "acknowledge_summary",
                 "review_record", "opening_to_show", "names", "options", "game"):
        assert name in members
    for reaching_past in ("table", "state", "record"):
        assert reaching_past not in members


def test_a_table_that_does_not_fit_is_told_apart():
    door = live_table()

    def wrong_hold(self):                       # no `now`
        pass

    def wrong_undo(self, now: float, really):   # one more argument, without a default
        return False

    def wrong_time_left(self, now: str) -> float | None:
        return None

    members = {}
    for cls in reversed(type(door).__mro__[:-1]):     # the class and its bases, flattened
        members.update(vars(cls))
    namespace = {name: value for name, value in members.items()
                 if name not in ("ask_coach", "__dict__", "__weakref__")}
    namespace.update(hold=wrong_hold, undo=wrong_undo, time_left=wrong_time_left,
                     deals_played=property(lambda self: "two"))
    stray_class = type("StrayTable", (), namespace)
    stray = stray_class.__new__(stray_class)
    stray.__dict__.update(vars(door))
    found = problems(stray)
    assert any(line.startswith("ask_coach: missing") for line in found)
    assert any(line.startswith("hold: parameters") for line in found)
    assert any(line.startswith("undo: asks for more") for line in found)
    assert any(line.startswith("time_left: now is") for line in found)
    assert any(line.startswith("deals_played:") for line in found)
    assert len(found) == 5, found
