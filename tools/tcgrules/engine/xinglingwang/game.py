"""星靈王 on the engine framework (:class:`tcgrules.engine.api.Game`): what is the game's own
at the JSON edge (places and targets) and the records that allow each action; its package's
modules declare the rest by the framework's convention (:data:`tcgrules.engine.api.CONVENTION`)."""
from __future__ import annotations

from typing import Any

from ..api import ActionError, Field, Game, register
from .action import Action
from .actions import target_text
from .state import PLACES, State, parse_place, place_name

# The records that allow each kind of action.
ALLOWED_BY: dict[str, tuple[str, ...]] = {
    "mulligan": ("1.5.p1", "1.5.n1"), "play": ("2.3.p1", "12.3"), "traveler": ("2.3.p1", "4.6.p2"),
    "magic": ("7.1",), "tactic": ("2.4.p1",), "attack": ("11.1", "2.4.(2)"), "move": ("13.4",),
    "fuse": ("15.c3.k2.1",), "pass": ("11.6.(1)", "12.2.n1"), "declare": ("14.4.p1",),
    "choose": ("6.3",)}


class Xinglingwang(Game[State]):
    """The game's rules on the engine framework."""

    capabilities = frozenset({"settle_in_place", "snapshot", "random_action", "play_random"})

    def read_value(self, state: State | None, field: Field, value: Any) -> list:
        return [read_place(field.name, value)]

    def write_value(self, state: State | None, field: Field, value: Any) -> Any:
        if field.name == "target":
            return target_text(value)
        if field.name == "sacrifices":
            return [place_name(x) for x in value]
        return place_name(value)

    def allowed_by(self, state: State, action: Action) -> tuple[str, ...]:
        return ALLOWED_BY[action.kind]


def read_place(field: str, value: Any) -> Any:
    """A place ``"3F"``, a target ``"1:3F"``, or a list of places (sacrifices)."""
    try:
        if field == "sacrifices":
            if not isinstance(value, list):
                raise ValueError("sacrifices are a list of places")
            return tuple(parse_place(str(v)) for v in value)
        if field == "target":
            side, _, where = str(value).partition(":")
            if side not in ("0", "1"):
                raise ValueError(f"a target is a player and a place (1:3F), not {value!r}")
            return int(side) * PLACES + parse_place(where)
        if type(value) is int:
            return value
        return parse_place(str(value))
    except ValueError as e:
        raise ActionError(str(e), field=field) from None


GAME = register(Xinglingwang())
