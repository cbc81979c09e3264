"""The base of every game's actions: typed values, one class per kind, compiled with the rules.

A kind of action is a subclass of :class:`Action` with

* ``kind``, a class-level string: the name used in JSON, logs and descriptions (``"summon"``);
* ``FIELDS``, every field the action carries (``player`` first) as a :class:`Field`: its
  name, Python type, default and the metadata the JSON convention reads (``card``,
  ``minimum``, ``maximum``, ``enum``), in the order of the constructor's arguments;
* a constructor taking those fields and storing each as a ``Final`` attribute.

The rules then make, test (``isinstance``) and read actions as native objects of the compiled
build. Compiled, an action cannot be changed once made (a ``Final`` attribute has no setter);
run as Python, mypy holds the rule modules to the same. Frozen dataclasses would say all this
in fewer lines, but mypyc runs a dataclass's ``__init__`` as Python code (0.17–0.43 µs an
action against 0.03 µs) and drops ``ClassVar`` from its annotations, which makes ``kind`` a
field; so the fields are declared here instead, and :func:`fields` reads them.
"""
from __future__ import annotations

from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr


class Required:
    """The default of a field that has none: the JSON form must give it."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Final = Required()


class Field:
    """One field of an action: ``name``, ``type`` (``int``, ``bool``, ``str`` or ``tuple``),
    ``default`` (:data:`REQUIRED` if none) and ``metadata`` for the JSON convention:
    ``card`` (a card, written by name or number), ``minimum``, ``maximum``, ``enum``, and for a
    tuple ``items`` (the JSON type of its items) — the names ``dataclasses.Field`` uses."""

    def __init__(self, name: str, type: type, default: Any = REQUIRED, **metadata: Any) -> None:
        self.name: Final = name
        self.type: Final = type
        self.default: Final = default
        self.metadata: Final = metadata

    def __repr__(self) -> str:
        return f"Field({self.name!r}, {self.type.__name__}, {self.default!r})"


PLAYER: Final = Field("player", int, 0, minimum=0, maximum=1)


@mypyc_attr(allow_interpreted_subclasses=True)  # a new game may begin as Python, uncompiled
class Action:
    """Base of every game's actions: ``player`` acts; a subclass per kind adds typed fields
    (see the module docstring). Actions are values: equal when they are of one kind and their
    fields are equal; hashable; never changed once made."""

    kind: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER,)

    def __init__(self, player: int = 0) -> None:
        self.player: Final = player

    def values(self) -> tuple:
        """The fields' values, in the order of ``FIELDS``."""
        return tuple([getattr(self, f.name) for f in self.FIELDS])

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.values() == other.values()  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.kind, self.values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in self.FIELDS)
        return f"{type(self).__name__}({shown})"


def fields(action: Action | type[Action]) -> tuple[Field, ...]:
    """The fields of an action or action class, ``player`` first."""
    return action.FIELDS


class Events:
    """What an action did, as the rules write it: ``items`` holds one record per event, by
    default ``(kind, clause numbers separated by spaces, text)``; the game's ``event`` reads
    each as an :class:`~tcgrules.engine.api.Event`, so a game may write records of its own
    shape (a tuple, typed loosely here: a compiled ``tuple[str, str, str]`` would refuse them).
    Random play keeps none: with ``on`` False the rules skip formatting the text they would
    throw away."""

    __slots__ = ("on", "items")

    def __init__(self, on: bool = True) -> None:
        self.on = on
        self.items: list[tuple] = []

    def append(self, event: tuple) -> None:
        self.items.append(event)
