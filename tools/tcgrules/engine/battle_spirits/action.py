"""An action of the engine (what a player does to answer the pending choice) and the
playable cards a listing found: values that the state, the listing and the rules share,
below all of them."""
from __future__ import annotations

from typing import Final, Iterator

Plan = tuple[tuple[int, int], ...]  # (place, ordinary cores), places in the player's order


class Action:
    """``kind`` and the acting ``player``; ``card``, ``arg``, ``option`` and ``plan`` by kind:

    go_first (arg 1 first / 0 second) · redraw (arg 1 redraw / 0 keep) · summon, deploy,
    use (card; arg = EX cards removed by 《繼召》; option = the magic's effect) · pay,
    place (plan = ((place, cores), …), -1 the reserve; arg 1 = the soul core too) ·
    move_core (card = from, arg = to, option 1 = the soul core) · activate (card; option =
    the effect) · end_main · attack (card) · end_attack · pass · block (card) · no_block ·
    order (card = index of the waiting effect) · target (card; -1 no more, for 「最多」: 9-3-2-1) · replace (card = index of the
    replacement effect that applies, 9-1-8-1-3) · bottom (card: the next card put on the
    deck's bottom, 4-1-5) · search (card: the deck's card a search takes, -1 none:
    9-3-2-2) · surrender

    Actions are values: equal when their fields are, never changed once made.
    """

    __slots__ = ("kind", "player", "card", "arg", "option", "plan")

    def __init__(self, kind: str, player: int, card: int = -1, arg: int = 0, option: int = 0, plan: Plan = ()):
        self.kind = kind
        self.player = player
        self.card = card
        self.arg = arg
        self.option = option
        self.plan = plan

    def key(self) -> tuple:
        return (self.kind, self.player, self.card, self.arg, self.option, self.plan)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return (f"Action(kind={self.kind!r}, player={self.player}, card={self.card}, arg={self.arg}, "
                f"option={self.option}, plan={self.plan!r})")


SURRENDERS: Final = (Action("surrender", 0), Action("surrender", 1))


class Playable:
    """The summon, deploy and use actions a player can start now (:func:`playable`), and the
    sizes of the zones they were found from (``sizes``, set when they are kept: see
    actions._playable). Iterating gives the three lists."""

    __slots__ = ("summons", "deploys", "uses", "sizes")

    def __init__(self, summons: list[Action], deploys: list[Action], uses: list[Action]):
        self.summons, self.deploys, self.uses = summons, deploys, uses
        self.sizes = -1

    def __iter__(self) -> Iterator[list[Action]]:
        return iter((self.summons, self.deploys, self.uses))

    def any(self) -> bool:
        return bool(self.summons or self.deploys or self.uses)
