"""Zero Dimension on the engine framework (:class:`tcgrules.engine.api.Game`): what is the
game's own at the JSON edge (battle-zone cards by number or name) and the paragraphs that
allow each action; its package's modules declare the rest by the framework's convention
(:data:`tcgrules.engine.api.CONVENTION`)."""
from __future__ import annotations

from typing import Any

from ..api import ActionError, Field, Game, register
from .action import Action
from .info import CARDS
from .state import LIFE_TARGET, State

# The paragraphs that allow each kind of action.
ALLOWED_BY: dict[str, tuple[str, ...]] = {
    "mulligan": ("100.p3",), "resource": ("204.p1", "404.p1"), "play": ("318.p1", "319.p1", "320.p2", "321.p1"),
    "special": ("623.p4.1",), "activate": ("703.p1",), "level_up": ("600.p1",), "attack": ("405.1.p1",), "target": ("501.p1", "501.p2"),
    "block": ("502.p2",), "trigger": ("702.p2", "106.p6"), "pick": ("102.p3",), "pass": ("105.p1",),
    "concede": ("101.p4",)}


class ZeroDimension(Game[State]):
    """The game's rules on the engine framework."""

    capabilities = frozenset({"settle_in_place", "snapshot", "random_action", "play_random"})

    def read_value(self, state: State | None, field: Field, value: Any) -> list:
        return [unit_field(value, field.name, state)]

    def allowed_by(self, state: State, action: Action) -> tuple[str, ...]:
        return ALLOWED_BY[action.kind]


def unit_field(value: Any, field: str, s: State | None) -> int:
    """A battle-zone card by number (#0 …), by a name unique on both battle zones, or the life
    area as ``"life"``."""
    if type(value) is int:
        return value
    if value == "life":
        return LIFE_TARGET
    if isinstance(value, str) and s is not None:
        found = [u.uid for pl in s.players for u in pl.field if CARDS[u.card].name == value]
        if len(found) == 1:
            return found[0]
        raise ActionError(f"{value!r} names {len(found)} cards in the battle zones; write its number", field=field)
    raise ActionError(f"expected a battle-zone card's number or name, or 'life', not {value!r}", field=field)



GAME = register(ZeroDimension())
