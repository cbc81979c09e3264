"""The actions of Zero Dimension, one class per kind (typed fields declared in ``FIELDS``),
each naming the player who takes it."""
from __future__ import annotations

from typing import ClassVar, Final

from ..action import PLAYER, Action, Field
from .state import LIFE_TARGET, NONE

WAYS: Final = ("变身", "虚伪生命", "形态转换", "高速换装", "刀剑解放", "归刃")  # 623.p4.1 and the keywords used from the hand

MAX_UID: Final = 1_000_000
UNIT: Final = Field("unit", int, 0, custom=True, minimum=0, maximum=MAX_UID)
TARGET: Final = Field("target", int, NONE, custom=True, none=NONE, minimum=LIFE_TARGET, maximum=MAX_UID)
HAND_CARD: Final = Field("card", int, 0, card=True)


class Mulligan(Action):
    """100.p3: redeal the hand and life area once, or keep them."""
    kind: ClassVar[str] = "mulligan"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("redeal", bool, False))

    def __init__(self, player: int = 0, redeal: bool = False) -> None:
        super().__init__(player)
        self.redeal: Final = redeal


class PlaceResource(Action):
    """204.p1, 404.p1: put a card of the hand into the resource area (or, with no card, none)."""
    kind: ClassVar[str] = "resource"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("card", int, NONE, card=True, none=NONE))

    def __init__(self, player: int = 0, card: int = NONE) -> None:
        super().__init__(player)
        self.card: Final = card


class Play(Action):
    """318-321: use a card of the hand, with its target (a character to equip, a tactic's object)."""
    kind: ClassVar[str] = "play"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, HAND_CARD, TARGET, Field("x", int, 0, minimum=0, maximum=99))

    def __init__(self, player: int = 0, card: int = 0, target: int = NONE, x: int = 0) -> None:
        super().__init__(player)
        self.card: Final = card
        self.target: Final = target
        self.x: Final = x  # the X of a cost with X (303.p6), else 0


class Activate(Action):
    """703: use an activated ability of a card in the battle zone."""
    kind: ClassVar[str] = "activate"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, UNIT, Field("ability", int, 0, minimum=0, maximum=99), TARGET)

    def __init__(self, player: int = 0, unit: int = 0, ability: int = 0, target: int = NONE) -> None:
        super().__init__(player)
        self.unit: Final = unit
        self.ability: Final = ability
        self.target: Final = target


class Special(Action):
    """623.p4.1: use a card in a special way (变身, 虚伪生命 from the rest area) or a keyword from the
    hand (形态转换, 高速换装, 刀剑解放, 归刃), with the character it goes on."""
    kind: ClassVar[str] = "special"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("way", str, "变身", enum=WAYS), HAND_CARD, TARGET)

    def __init__(self, player: int = 0, way: str = "变身", card: int = 0, target: int = NONE) -> None:
        super().__init__(player)
        self.way: Final = way
        self.card: Final = card
        self.target: Final = target


class LevelUp(Action):
    """600: level a character up, normally (a face-up resource turned face down) or by dimension
    level-up (the same card revealed from the hand: ``card``)."""
    kind: ClassVar[str] = "level_up"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, UNIT, Field("card", int, NONE, card=True, none=NONE))

    def __init__(self, player: int = 0, unit: int = 0, card: int = NONE) -> None:
        super().__init__(player)
        self.unit: Final = unit
        self.card: Final = card


class Attack(Action):
    """405.1: declare an attack with a character."""
    kind: ClassVar[str] = "attack"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, UNIT)

    def __init__(self, player: int = 0, unit: int = 0) -> None:
        super().__init__(player)
        self.unit: Final = unit


class Target(Action):
    """501.p1: the attack's object, the defending player's life area or a tapped character."""
    kind: ClassVar[str] = "target"
    # An attack always has its object: the life area unless a character is named.
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("target", int, LIFE_TARGET, custom=True,
                                                         minimum=LIFE_TARGET, maximum=MAX_UID))

    def __init__(self, player: int = 0, target: int = LIFE_TARGET) -> None:
        super().__init__(player)
        self.target: Final = target


class Block(Action):
    """502.p2: declare defense with a character, or (no unit) none."""
    kind: ClassVar[str] = "block"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("unit", int, NONE, custom=True, none=NONE, minimum=NONE,
                                                         maximum=MAX_UID))

    def __init__(self, player: int = 0, unit: int = NONE) -> None:
        super().__init__(player)
        self.unit: Final = unit


class AddTrigger(Action):
    """702.p2, 106.p6: put a triggered ability waiting (``index``) on the chain, with its target;
    ``discard``: the hand card paid (702.p8), -1 for none; ``skip``: decline an optional one."""
    kind: ClassVar[str] = "trigger"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("index", int, 0, minimum=0, maximum=999), TARGET,
                                           Field("discard", int, NONE, minimum=NONE, maximum=99),
                                           Field("skip", bool, False))

    def __init__(self, player: int = 0, index: int = 0, target: int = NONE, discard: int = NONE,
                 skip: bool = False) -> None:
        super().__init__(player)
        self.index: Final = index
        self.target: Final = target
        self.discard: Final = discard
        self.skip: Final = skip


class Pick(Action):
    """An answer to a choice in the middle of an effect or a rule: one of its options."""
    kind: ClassVar[str] = "pick"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("option", int, 0, minimum=NONE, maximum=MAX_UID))

    def __init__(self, player: int = 0, option: int = 0) -> None:
        super().__init__(player)
        self.option: Final = option


class Pass(Action):
    """105.p1: pass priority."""
    kind: ClassVar[str] = "pass"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER,)


class Concede(Action):
    """101.p4: concede the game."""
    kind: ClassVar[str] = "concede"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER,)


ACTION_TYPES: Final = (Mulligan, PlaceResource, Play, Special, Activate, LevelUp, Attack, Target, Block, AddTrigger, Pick,
                       Pass, Concede)
