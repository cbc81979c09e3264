"""Battle Spirits' actions — what a player does to answer the pending choice, one compiled
class per kind on :class:`tcgrules.engine.action.Action` — and the playable cards a listing
found: values that the state, the listing, the rules and the JSON convention share, below
all of them. The rules make them, test them with ``isinstance`` and read their fields."""
from __future__ import annotations

from typing import ClassVar, Final, Iterator, Sequence

from mypy_extensions import mypyc_attr

from ..action import PLAYER, Action, Field

Plan = tuple[tuple[int, int], ...]  # (place, ordinary cores), places in the player's order

# Field metadata of the JSON convention (tcgrules.engine.api's codec, and game.py for the
# custom ones): a card, written by name or number; a card that may be "none" (-1); a place,
# a field card or "reserve" (-1); a plan of (place, cores) pairs.
CARD: Final = Field("card", int, -1, card=True)
CARD_OR_NONE: Final = Field("card", int, -1, card=True, none=-1)
EFFECT: Final = Field("effect", int, 0, minimum=0, maximum=999)
REMOVED: Final = Field("removed", int, 0, minimum=0, maximum=999)
PLAN: Final = Field("plan", tuple, (), custom=True, plan=True)
SOUL: Final = Field("soul", bool, False)


class GoFirst(Action):
    """The toss winner goes first (``first``) or second (6-2-1-6)."""
    kind: ClassVar[str] = "go_first"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("first", bool, True))

    def __init__(self, player: int = 0, first: bool = True) -> None:
        super().__init__(player)
        self.first: Final = first


class Redraw(Action):
    """Redraw the opening hand once, or keep it (6-2-1-7)."""
    kind: ClassVar[str] = "redraw"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("redraw", bool, False))

    def __init__(self, player: int = 0, redraw: bool = False) -> None:
        super().__init__(player)
        self.redraw: Final = redraw


class CardPlay(Action):
    """Playing a card from the hand (7-6-1-2-1), ``removed`` EX cards by 《繼召》 (12-2-1-3-2-1)."""
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, CARD, REMOVED)

    def __init__(self, player: int = 0, card: int = -1, removed: int = 0) -> None:
        super().__init__(player)
        self.card: Final = card
        self.removed: Final = removed


class Summon(CardPlay):
    """Summon a spirit from the hand (7-6-1-2-1, 5-8-1)."""
    kind: ClassVar[str] = "summon"


class Deploy(CardPlay):
    """Deploy a nexus from the hand (7-6-1-2-1, 5-9-1)."""
    kind: ClassVar[str] = "deploy"


class Use(Action):
    """Use a magic's ``effect`` (9-1-7-1-3), or a card's effect from the hand (5-12-2)."""
    kind: ClassVar[str] = "use"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, CARD, EFFECT, REMOVED)

    def __init__(self, player: int = 0, card: int = -1, effect: int = 0, removed: int = 0) -> None:
        super().__init__(player)
        self.card: Final = card
        self.effect: Final = effect
        self.removed: Final = removed


class CorePlan(Action):
    """Cores taken for a card being played: ``plan`` = (place, cores) pairs, the soul core
    too if ``soul`` (11-1-1-5, 11-1-1-6)."""
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, PLAN, SOUL)

    def __init__(self, player: int = 0, plan: Plan = (), soul: bool = False) -> None:
        super().__init__(player)
        self.plan: Final = plan
        self.soul: Final = soul


class Pay(CorePlan):
    """Pay the cost (11-1-1-5)."""
    kind: ClassVar[str] = "pay"


class Place(CorePlan):
    """Place at least the Lv1 cost in cores on the card being played (11-1-1-6)."""
    kind: ClassVar[str] = "place"


class MoveCore(Action):
    """Move one core (the soul core if ``soul``) between the reserve (-1) and field cards (7-6-1-2-2)."""
    kind: ClassVar[str] = "move_core"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, Field("source", int, -1, custom=True, place=True),
                                           Field("dest", int, -1, custom=True, place=True), SOUL)

    def __init__(self, player: int = 0, source: int = -1, dest: int = -1, soul: bool = False) -> None:
        super().__init__(player)
        self.source: Final = source
        self.dest: Final = dest
        self.soul: Final = soul


class Activate(Action):
    """Use an activated effect of a field card (9-1-6-1)."""
    kind: ClassVar[str] = "activate"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, CARD, EFFECT)

    def __init__(self, player: int = 0, card: int = -1, effect: int = 0) -> None:
        super().__init__(player)
        self.card: Final = card
        self.effect: Final = effect


class EndMain(Action):
    """End the main step (7-6-1-2-4)."""
    kind: ClassVar[str] = "end_main"


class CardChoice(Action):
    """Choosing one ``card``."""
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, CARD)

    def __init__(self, player: int = 0, card: int = -1) -> None:
        super().__init__(player)
        self.card: Final = card


class Attack(CardChoice):
    """Attack with a recovered spirit (8-1-1-1)."""
    kind: ClassVar[str] = "attack"


class EndAttack(Action):
    """End the attack step (7-7-3-2)."""
    kind: ClassVar[str] = "end_attack"


class Pass(Action):
    """Pass in a flash timing (8-1-2-1)."""
    kind: ClassVar[str] = "pass"


class Block(CardChoice):
    """Block with a recovered spirit (8-1-3-1)."""
    kind: ClassVar[str] = "block"


class NoBlock(Action):
    """Do not block (8-1-3-1)."""
    kind: ClassVar[str] = "no_block"


class EffectChoice(Action):
    """Choosing one of the effects offered, by its number ``effect``."""
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, EFFECT)

    def __init__(self, player: int = 0, effect: int = 0) -> None:
        super().__init__(player)
        self.effect: Final = effect


class Order(EffectChoice):
    """Resolve waiting effect number ``effect`` of the newest group first (9-4-1)."""
    kind: ClassVar[str] = "order"


class Target(CardChoice):
    """Choose a target of the effect resolving (9-3-2), or — for a 「最多」 one — no more
    (-1, written "none") (9-3-2-1)."""
    kind: ClassVar[str] = "target"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, CARD_OR_NONE)


class Replace(EffectChoice):
    """Apply replacement effect number ``effect`` of those that apply (9-1-8-1-3)."""
    kind: ClassVar[str] = "replace"


class Bottom(CardChoice):
    """Put this card on the deck's bottom next (4-1-5)."""
    kind: ClassVar[str] = "bottom"


class Search(CardChoice):
    """Take this card of the deck by a search, or none (-1, written "none") (9-3-2-2)."""
    kind: ClassVar[str] = "search"
    FIELDS: ClassVar[tuple[Field, ...]] = (PLAYER, CARD_OR_NONE)


class Surrender(Action):
    """Surrender, at any time (1-3-4)."""
    kind: ClassVar[str] = "surrender"


SURRENDERS: Final = (Surrender(0), Surrender(1))


@mypyc_attr(acyclic=True, free_list_len=1)
class Playable:
    """The summon, deploy and use actions a player can start now (:func:`playable`), and the
    sizes of the zones they were found from (``sizes``, set when they are kept: see
    actions._playable). Each kind is a list of at least one action, or None when none was
    found (a test of a pointer, where a sequence's truth is a generic call). Iterating gives
    the three sequences (an empty tuple for a kind of which none was found)."""

    __slots__ = ("summons", "deploys", "uses", "sizes")

    def __init__(self, summons: list[Summon] | None, deploys: list[Deploy] | None, uses: list[Use] | None):
        self.summons, self.deploys, self.uses = summons, deploys, uses
        self.sizes = -1

    def __iter__(self) -> Iterator[Sequence[Action]]:
        return iter([() if kind is None else kind for kind in (self.summons, self.deploys, self.uses)])

    def any(self) -> bool:
        return self.summons is not None or self.deploys is not None or self.uses is not None


# Every action class, one per kind (the game's action_types).
ACTION_TYPES: Final = (GoFirst, Redraw, Summon, Deploy, Use, Pay, Place, MoveCore, Activate, EndMain, Attack, EndAttack,
                       Pass, Block, NoBlock, Order, Target, Replace, Bottom, Search, Surrender)
