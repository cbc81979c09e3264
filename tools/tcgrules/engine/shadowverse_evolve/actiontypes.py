"""The actions of Shadowverse: Evolve, one frozen dataclass per kind (the engine protocol's
:class:`~tcgrules.engine.api.Action`), each naming the player who takes it.

Kept apart from the compiled modules: mypyc compiles no subclass of a Python dataclass.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Final

from ..api import Action
from .state import NO_TARGET

CARD: Final = {"card": True}  # a card field: a name or number in JSON (api.action_schema)
UNIT: Final = {"minimum": 0}  # a field card, by its handle in the game


@dataclass(frozen=True, slots=True)
class ChooseFirst(Action):
    """6.2.1.6: go first (True) or second."""
    kind: ClassVar[str] = "choose_first"
    first: bool = True


@dataclass(frozen=True, slots=True)
class Mulligan(Action):
    """6.2.1.8: redraw the opening hand, or keep it."""
    kind: ClassVar[str] = "mulligan"
    redraw: bool = False


@dataclass(frozen=True, slots=True)
class Play(Action):
    """8.2.1: use a card of the hand or EX area."""
    kind: ClassVar[str] = "play"
    card: int = field(default=0, metadata=CARD)
    zone: str = field(default="hand", metadata={"enum": ["hand", "ex"]})
    target: int = NO_TARGET  # a unit, a leader (LEADER0 - player) or NO_TARGET
    tapped: bool = False  # a ward follower put onto the field tapped (12.8.2)
    rite: int = -1  # the stack amulet paying an earth rite (13.3.3.2), or -1
    mode: int = field(default=0, metadata={"minimum": 0})  # a choose's options (抉择 5.17), bit i: option i+1
    x: int = field(default=0, metadata={"minimum": 0})  # the X said when using a card that costs X (5.2.1.2.2)
    alt: bool = False  # pay the other cost its text allows instead of its cost (10.2.1.3.3)


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """8.3.1: use an activated ability of a card on the field."""
    kind: ClassVar[str] = "activate"
    unit: int = field(default=0, metadata=UNIT)
    ability: int = field(default=0, metadata={"minimum": 0})
    target: int = NO_TARGET
    rite: int = -1
    ep: bool = False  # pay one play point of a 用餐 ability's cost with an evolve point (14.2.2.4)


@dataclass(frozen=True, slots=True)
class Evolve(Action):
    """8.3.2, 12.2: evolve a follower into an evolve card of its name."""
    kind: ClassVar[str] = "evolve"
    unit: int = field(default=0, metadata=UNIT)
    card: int = field(default=0, metadata=CARD)
    ep: bool = False  # pay one play point of the cost with an evolve point (12.2.3)


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """8.4: attack a follower or the leader."""
    kind: ClassVar[str] = "attack"
    unit: int = field(default=0, metadata=UNIT)
    target: int = NO_TARGET


@dataclass(frozen=True, slots=True)
class UseTrigger(Action):
    """10.7.3: use one of your automatic abilities in the standby state."""
    kind: ClassVar[str] = "use_trigger"
    index: int = field(default=0, metadata={"minimum": 0})
    target: int = NO_TARGET
    pay: bool = False  # pay the cost of an automatic ability that has one (10.1.1.2.2)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """7.4.3, 7.4.4, 8.4.7: do nothing more now."""
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class EndMain(Action):
    """7.3.3: end the main phase."""
    kind: ClassVar[str] = "end_main"


@dataclass(frozen=True, slots=True)
class WardTap(Action):
    """7.4.3: tap a ward follower at the end of the turn."""
    kind: ClassVar[str] = "ward_tap"
    unit: int = field(default=0, metadata=UNIT)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """7.4.6: discard down to the hand limit."""
    kind: ClassVar[str] = "discard"
    card: int = field(default=0, metadata=CARD)


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """1.2.3: lose at once."""
    kind: ClassVar[str] = "concede"


# The answers to a pending choice (choices.py), one kind each.


@dataclass(frozen=True, slots=True)
class DrawUpTo(Action):
    """5.9.3: draw one more card (True) or end the instruction."""
    kind: ClassVar[str] = "draw_up_to"
    draw: bool = False


@dataclass(frozen=True, slots=True)
class LookMore(Action):
    """5.10.2: look at one more card of the top of the deck (True) or end the instruction."""
    kind: ClassVar[str] = "look_more"
    look: bool = False


@dataclass(frozen=True, slots=True)
class ChooseNumber(Action):
    """1.3.5: the number chosen."""
    kind: ClassVar[str] = "choose_number"
    number: int = 0


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """A card on the field: one more target (10.6.2.3.2; NO_TARGET: no more), or a card to
    leave a field over its limit (11.4.1)."""
    kind: ClassVar[str] = "pick"
    target: int = NO_TARGET


@dataclass(frozen=True, slots=True)
class PickCard(Action):
    """A card of a zone by name or number: the next one put into the deck (4.1.5), one to
    leave an EX area over its limit (11.5.1), or one found searching the deck (5.7.1)."""
    kind: ClassVar[str] = "pick_card"
    card: int = field(default=0, metadata=CARD)


@dataclass(frozen=True, slots=True)
class Distribute(Action):
    """10.6.2.4: each chosen target's share, in the order they were chosen."""
    kind: ClassVar[str] = "distribute"
    amounts: tuple[int, ...] = ()


ACTION_TYPES: Final = (ChooseFirst, Mulligan, Play, Activate, Evolve, Attack, UseTrigger, Pass, EndMain, WardTap,
                       Discard, Concede, DrawUpTo, LookMore, ChooseNumber, Pick, PickCard, Distribute)
KINDS: Final = {c.kind: c for c in ACTION_TYPES}
