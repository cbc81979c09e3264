"""The Uma Musume Pretty Derby theme (14.2): 用餐 (a meal) puts "胡萝卜" carrots of the evolve
deck into the race zone (4.13, :attr:`Player.race`) linked to the card; 参赛 (a race) gives
the card rush while a card linked to it is there and triggers its 参赛时 abilities. A card
leaving the field loses its links (14.2.1.3), and rule processing turns a carrot linked
to no field card face up in the evolve deck (11.8.1)."""
from __future__ import annotations

from typing import Final

from .cards import RUSH
from .info import CARDS, shown, unit_name
from .rules import cites
from .state import State, Unit
from .zones import Events, fire

CARROT: Final = "胡萝卜"


def carrots(s: State, p: int) -> list[int]:
    """Where the player's evolve deck holds carrots."""
    return [i for i, c in enumerate(s.players[p].evolve_deck) if CARDS[c].name == CARROT]


def linked(s: State, p: int, uid: int) -> bool:
    """Whether a card of the player's race zone is linked to the unit."""
    for r in s.players[p].race:
        if r[1] == uid:
            return True
    return False


@cites("14.2.1.2.1", "10.6.2.5.3")
def can_eat(s: State, p: int, u: Unit, n: int) -> bool:
    """Whether n meals can be paid as a cost: not while a carrot is linked to the card
    (14.2.1.2.1), and only with n carrots to put (a cost is paid in full: 10.6.2.5.3)."""
    return not linked(s, p, u.uid) and len(carrots(s, p)) >= n


@cites("14.2.1.1", "14.2.1.1.1", "14.2.1.2", "4.13.1")
def meal(s: State, p: int, u: Unit, n: int, ev: Events) -> None:
    """用餐 n times (once when no count is printed: the effect's n is 1 by default): unless
    a carrot is linked to the card already (14.2.1.2), its controller puts n carrots of
    their evolve deck (as many as it holds) into the race zone, linked to it."""
    if linked(s, p, u.uid):
        if ev.on:
            ev.append(("meal", "14.2.1.2", f"{unit_name(u)} has a carrot linked already: no meal"))
        return
    pl = s.players[p]
    for i in reversed(carrots(s, p)[:n]):
        pl.race.append((pl.evolve_deck.pop(i), u.uid))
    if ev.on:
        ev.append(("meal", "14.2.1.1", f"{unit_name(u)} has {len(pl.race)} carrot(s) in the race zone"))


@cites("14.2.3.1", "14.2.3.1.1", "14.2.4.1", "14.2.4.2", "12.10.1")
def race(s: State, p: int, u: Unit, n: int, ev: Events) -> None:
    """参赛 n times (once by default): the card has rush while a card linked to it is in
    the race zone — it stays linked as long as the card stays on the field (14.2.1.3) —
    and it races n times, each time its 参赛时 abilities trigger."""
    if linked(s, p, u.uid):
        u.kw |= RUSH
    for _ in range(n):
        fire(s, p, u, shown(u).index, "race")
    if ev.on:
        ev.append(("race", "14.2.3.1", f"{unit_name(u)} races {n} time(s)"))


@cites("14.2.1.3", "11.8.1", "4.6.3")
def unlinked_carrots(s: State, ev: Events) -> bool:
    """Rule processing: a card of the race zone linked to no field card goes face up to
    its owner's evolve deck. Returns whether one did."""
    moved = False
    if not s.players[0].race and not s.players[1].race:
        return False
    for p in range(2):
        pl = s.players[p]
        for r in pl.race[:]:
            if s.find(r[1]) is None:
                pl.race.remove(r)
                pl.evolve_up.append(r[0])
                moved = True
                if ev.on:
                    ev.append(("rule_processing", "11.8.1", f"a carrot of player {p} goes back face up"))
    return moved
