"""The actions of 星靈王, one class per kind (the engine protocol's
:class:`~tcgrules.engine.action.Action`), each naming the player who takes it. Places are
written ``"3F"`` (star front 3, front row), targets ``"1:3F"`` (player 1's place 3F)."""
from __future__ import annotations

from typing import ClassVar, Final

from ..action import PLAYER, Action, Field
from .state import NO_TARGET, PLACES

PLACE: Final = Field("at", int, 0, custom=True, minimum=0, maximum=PLACES - 1)
TARGET: Final = Field("target", int, NO_TARGET, custom=True, none=NO_TARGET, minimum=NO_TARGET,
                      maximum=2 * PLACES - 1)


class Mulligan(Action):
    """一 5: put back the cards of the hand at these positions (0-3) and draw as many."""
    kind: ClassVar[str] = "mulligan"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("cards", tuple, (), minimum=0, maximum=3))

    def __init__(self, player: int = 0, cards: tuple[int, ...] = ()) -> None:
        super().__init__(player)
        self.cards: Final = cards


class Play(Action):
    """二 3, 十二: play a unit of the hand to a place, with its sacrifices and its target."""
    kind: ClassVar[str] = "play"
    FIELDS: ClassVar[tuple[Field, ...]] = (
        PLAYER, Field("card", int, 0, card=True), PLACE,
        Field("sacrifices", tuple, (), custom=True, none=(), minimum=0, maximum=PLACES - 1), TARGET)

    def __init__(self, player: int = 0, card: int = 0, at: int = 0, sacrifices: tuple[int, ...] = (),
                 target: int = NO_TARGET) -> None:
        super().__init__(player)
        self.card: Final = card
        self.at: Final = at
        self.sacrifices: Final = sacrifices
        self.target: Final = target


class Traveler(Action):
    """二 3: summon a little traveler from the forest to a place."""
    kind: ClassVar[str] = "traveler"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, PLACE)

    def __init__(self, player: int = 0, at: int = 0) -> None:
        super().__init__(player)
        self.at: Final = at


class Magic(Action):
    """七: use a magic card of the hand, with its target."""
    kind: ClassVar[str] = "magic"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("card", int, 0, card=True), TARGET)

    def __init__(self, player: int = 0, card: int = 0, target: int = NO_TARGET) -> None:
        super().__init__(player)
        self.card: Final = card
        self.target: Final = target


class Tactic(Action):
    """二 4: choose 戰術佈陣 (deploy) or 進攻宣言 (attack)."""
    kind: ClassVar[str] = "tactic"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("choice", str, "deploy", enum=["deploy", "attack"]))

    def __init__(self, player: int = 0, choice: str = "deploy") -> None:
        super().__init__(player)
        self.choice: Final = choice


class Attack(Action):
    """十一: a unit attacks; a 遠程 unit aims at a row, a 滑行 unit may glide to a place first."""
    kind: ClassVar[str] = "attack"
    FIELDS: ClassVar[tuple[Field, ...]] = (
        PLAYER, Field("unit", int, 0, custom=True, minimum=0, maximum=PLACES - 1),
        Field("aim", str, "none", enum=["none", "front", "back"]),
        Field("glide", int, -1, custom=True, none=-1, minimum=-1, maximum=PLACES - 1))

    def __init__(self, player: int = 0, unit: int = 0, aim: str = "none", glide: int = -1) -> None:
        super().__init__(player)
        self.unit: Final = unit
        self.aim: Final = aim
        self.glide: Final = glide


class Move(Action):
    """十三 4: 佈陣, a unit moves to a place (swapping with a unit there)."""
    kind: ClassVar[str] = "move"
    FIELDS: ClassVar[tuple[Field, ...]] = (
        PLAYER, Field("unit", int, 0, custom=True, minimum=0, maximum=PLACES - 1),
        Field("to", int, 0, custom=True, minimum=0, maximum=PLACES - 1))

    def __init__(self, player: int = 0, unit: int = 0, to: int = 0) -> None:
        super().__init__(player)
        self.unit: Final = unit
        self.to: Final = to


class Fuse(Action):
    """15.c3.k2: 機械合體, a unit fuses onto a 機械 unit of its field."""
    kind: ClassVar[str] = "fuse"
    FIELDS: ClassVar[tuple[Field, ...]] = (
        PLAYER, Field("unit", int, 0, custom=True, minimum=0, maximum=PLACES - 1),
        Field("onto", int, 0, custom=True, minimum=0, maximum=PLACES - 1))

    def __init__(self, player: int = 0, unit: int = 0, onto: int = 0) -> None:
        super().__init__(player)
        self.unit: Final = unit
        self.onto: Final = onto


class Pass(Action):
    """End what the player is doing: the summon phase (when nothing can enter), the attacks
    or moves of the tactics phase, or pass in the window before a battle (11.6.(1))."""
    kind: ClassVar[str] = "pass"


class Declare(Action):
    """十四 4: declare an early end by a condition (or none)."""
    kind: ClassVar[str] = "declare"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("condition", str, "none", enum=["none", "score", "units"]))

    def __init__(self, player: int = 0, condition: str = "none") -> None:
        super().__init__(player)
        self.condition: Final = condition


class Choose(Action):
    """Answer a choice in the middle of a rule (偷襲, 掩護, the hand limit): an option's index."""
    kind: ClassVar[str] = "choose"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("option", int, 0, minimum=0, maximum=99))

    def __init__(self, player: int = 0, option: int = 0) -> None:
        super().__init__(player)
        self.option: Final = option


ACTION_TYPES: Final = (Mulligan, Play, Traveler, Magic, Tactic, Attack, Move, Fuse, Pass, Declare, Choose)
