"""The actions of Shadowverse: Evolve, one class per kind (the engine protocol's
:class:`~tcgrules.engine.action.Action`: typed fields declared in ``FIELDS``, compiled with
the rules), each naming the player who takes it."""
from __future__ import annotations

from typing import ClassVar, Final

from ..action import PLAYER, Action, Field
from .state import LEADER0, NO_TARGET

# The fields the JSON convention reads by the game (game.py: a field card by number or name,
# a leader as "leader 1"), each with its range and its "none" value.
MAX_UID: Final = 1_000_000  # field cards are numbered from 0 as they enter; no game makes this many
TARGET: Final = Field("target", int, NO_TARGET, custom=True, none=NO_TARGET, minimum=LEADER0 - 1, maximum=MAX_UID)
UNIT: Final = Field("unit", int, 0, custom=True, minimum=0, maximum=MAX_UID)
RITE: Final = Field("rite", int, -1, custom=True, none=-1, minimum=-1, maximum=MAX_UID)


class ChooseFirst(Action):
    """6.2.1.6: go first (True) or second."""
    kind: ClassVar[str] = "choose_first"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("first", bool, True))

    def __init__(self, player: int = 0, first: bool = True) -> None:
        super().__init__(player)
        self.first: Final = first


class Mulligan(Action):
    """6.2.1.8: redraw the opening hand, or keep it."""
    kind: ClassVar[str] = "mulligan"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("redraw", bool, False))

    def __init__(self, player: int = 0, redraw: bool = False) -> None:
        super().__init__(player)
        self.redraw: Final = redraw


class Play(Action):
    """8.2.1: use a card of the hand or EX area."""
    kind: ClassVar[str] = "play"
    FIELDS: ClassVar[tuple[Field, ...]] = (
        PLAYER,
        Field("card", int, 0, card=True),
        Field("zone", str, "hand", enum=["hand", "ex"]),
        TARGET,
        Field("tapped", bool, False),
        RITE,
        Field("mode", int, 0, minimum=0, maximum=255),
        Field("x", int, 0, minimum=0, maximum=99),
        Field("alt", bool, False))

    def __init__(self, player: int = 0, card: int = 0, zone: str = "hand", target: int = NO_TARGET,
                 tapped: bool = False, rite: int = -1, mode: int = 0, x: int = 0, alt: bool = False) -> None:
        super().__init__(player)
        self.card: Final = card
        self.zone: Final = zone
        self.target: Final = target  # a unit, a leader (LEADER0 - player) or NO_TARGET
        self.tapped: Final = tapped  # a ward follower put onto the field tapped (12.8.2)
        self.rite: Final = rite  # the stack amulet paying an earth rite (13.3.3.2), or -1
        self.mode: Final = mode  # a choose's options (抉择 5.17), bit i: option i+1
        self.x: Final = x  # the X said when using a card that costs X (5.2.1.2.2)
        self.alt: Final = alt  # pay the other cost its text allows instead of its cost (10.2.1.3.3)


class Activate(Action):
    """8.3.1: use an activated ability of a card on the field."""
    kind: ClassVar[str] = "activate"
    FIELDS: ClassVar[tuple[Field, ...]] = (
        PLAYER,
        UNIT,
        Field("ability", int, 0, minimum=0, maximum=99),
        TARGET,
        RITE,
        Field("ep", bool, False))

    def __init__(self, player: int = 0, unit: int = 0, ability: int = 0, target: int = NO_TARGET, rite: int = -1,
                 ep: bool = False) -> None:
        super().__init__(player)
        self.unit: Final = unit
        self.ability: Final = ability
        self.target: Final = target
        self.rite: Final = rite
        self.ep: Final = ep  # pay one play point of a 用餐 ability's cost with an evolve point (14.2.2.4)


class Evolve(Action):
    """8.3.2, 12.2: evolve a follower into an evolve card of its name."""
    kind: ClassVar[str] = "evolve"
    FIELDS: ClassVar[tuple[Field, ...]] = (
        PLAYER,
        UNIT,
        Field("card", int, 0, card=True),
        Field("ep", bool, False))

    def __init__(self, player: int = 0, unit: int = 0, card: int = 0, ep: bool = False) -> None:
        super().__init__(player)
        self.unit: Final = unit
        self.card: Final = card
        self.ep: Final = ep  # pay one play point of the cost with an evolve point (12.2.3)


class Attack(Action):
    """8.4: attack a follower or the leader."""
    kind: ClassVar[str] = "attack"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, UNIT, TARGET)

    def __init__(self, player: int = 0, unit: int = 0, target: int = NO_TARGET) -> None:
        super().__init__(player)
        self.unit: Final = unit
        self.target: Final = target


class UseTrigger(Action):
    """10.7.3: use one of your automatic abilities in the standby state."""
    kind: ClassVar[str] = "use_trigger"
    FIELDS: ClassVar[tuple[Field, ...]] = (
        PLAYER,
        Field("index", int, 0, minimum=0, maximum=999),
        TARGET,
        Field("pay", bool, False))

    def __init__(self, player: int = 0, index: int = 0, target: int = NO_TARGET, pay: bool = False) -> None:
        super().__init__(player)
        self.index: Final = index
        self.target: Final = target
        self.pay: Final = pay  # pay the cost of an automatic ability that has one (10.1.1.2.2)


class Pass(Action):
    """7.4.3, 7.4.4, 8.4.7: do nothing more now."""
    kind: ClassVar[str] = "pass"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER,)


class EndMain(Action):
    """7.3.3: end the main phase."""
    kind: ClassVar[str] = "end_main"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER,)


class WardTap(Action):
    """7.4.3: tap a ward follower at the end of the turn."""
    kind: ClassVar[str] = "ward_tap"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, UNIT)

    def __init__(self, player: int = 0, unit: int = 0) -> None:
        super().__init__(player)
        self.unit: Final = unit


class Discard(Action):
    """7.4.6: discard down to the hand limit."""
    kind: ClassVar[str] = "discard"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("card", int, 0, card=True))

    def __init__(self, player: int = 0, card: int = 0) -> None:
        super().__init__(player)
        self.card: Final = card


class Concede(Action):
    """1.2.3: lose at once."""
    kind: ClassVar[str] = "concede"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER,)


# The answers to a pending choice (choices.py), one kind each.


class DrawUpTo(Action):
    """5.9.3: draw one more card (True) or end the instruction."""
    kind: ClassVar[str] = "draw_up_to"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("draw", bool, False))

    def __init__(self, player: int = 0, draw: bool = False) -> None:
        super().__init__(player)
        self.draw: Final = draw


class LookMore(Action):
    """5.10.2: look at one more card of the top of the deck (True) or end the instruction."""
    kind: ClassVar[str] = "look_more"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("look", bool, False))

    def __init__(self, player: int = 0, look: bool = False) -> None:
        super().__init__(player)
        self.look: Final = look


class ChooseNumber(Action):
    """1.3.5: the number chosen."""
    kind: ClassVar[str] = "choose_number"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("number", int, 0, minimum=0, maximum=999))

    def __init__(self, player: int = 0, number: int = 0) -> None:
        super().__init__(player)
        self.number: Final = number


class Pick(Action):
    """A card on the field: one more target (10.6.2.3.2; NO_TARGET: no more), or a card to
    leave a field over its limit (11.4.1)."""
    kind: ClassVar[str] = "pick"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, TARGET)

    def __init__(self, player: int = 0, target: int = NO_TARGET) -> None:
        super().__init__(player)
        self.target: Final = target


class PickCard(Action):
    """A card of a zone by name or number: the next one put into the deck (4.1.5), one to
    leave an EX area over its limit (11.5.1), or one found searching the deck (5.7.1)."""
    kind: ClassVar[str] = "pick_card"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("card", int, 0, card=True))

    def __init__(self, player: int = 0, card: int = 0) -> None:
        super().__init__(player)
        self.card: Final = card


class Distribute(Action):
    """10.6.2.4: each chosen target's share, in the order they were chosen."""
    kind: ClassVar[str] = "distribute"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("amounts", tuple, (), minimum=0, maximum=999))

    def __init__(self, player: int = 0, amounts: tuple[int, ...] = ()) -> None:
        super().__init__(player)
        self.amounts: Final = amounts


ACTION_TYPES: Final = (ChooseFirst, Mulligan, Play, Activate, Evolve, Attack, UseTrigger, Pass, EndMain, WardTap,
                       Discard, Concede, DrawUpTo, LookMore, ChooseNumber, Pick, PickCard, Distribute)
KINDS: Final = {c.kind: c for c in ACTION_TYPES}
