"""Evolving (5.15) and the evolve ability (12.2), paid with play points or one evolve point."""
from __future__ import annotations

from ..core import IllegalAction
from .info import CARDS, is_follower, name, refresh, unit_name
from .rules import cites
from .state import MAIN, State, Unit
from .zones import Events, fire


@cites("5.15.1", "5.15.1.2", "5.15.1.3", "5.15.2", "5.15.3", "12.6.1", "12.6.2", "4.12.1")
def link(s: State, p: int, u: Unit, card: int, ev: Events) -> None:
    """Link an evolve card to the unit: it is now evolved, the same card (tapped or not,
    damage and effects kept: 5.15.3), and its evolve abilities trigger (12.6.1)."""
    u.evolved = card
    u.evolved_now = True
    refresh(s)
    if ev.on:
        ev.append(("link", "5.15.1", f"{name(u.card)} evolves into {name(card)}"))
    fire(s, p, u, card, "evolve")


@cites("12.2.2", "12.2.2.1", "5.15.1.1", "4.6.3")
def evolve_cards(s: State, p: int, u: Unit) -> list[int]:
    """The evolve deck's cards the unit may evolve into: those of its name, one of each."""
    out: list[int] = []
    own = CARDS[u.card].name
    for c in s.players[p].evolve_deck:
        if CARDS[c].name == own and c not in out:
            out.append(c)
    return out


@cites("12.2.3", "3.2.5", "10.4.2.2", "10.4.4")
def evolve_price(s: State, p: int, u: Unit, use_ep: bool) -> tuple[int, int] | None:
    """(play points, evolve points) the evolve ability costs, or None if they cannot be paid:
    one play point of its cost may be paid with an evolve point instead."""
    cost = CARDS[u.card].evolve_cost
    pl = s.players[p]
    if use_ep:
        if cost < 1 or pl.ep < 1 or pl.pp < cost - 1:
            return None
        return cost - 1, 1
    return (cost, 0) if pl.pp >= cost else None


@cites("8.3.1", "8.3.2", "12.2.1", "10.6.2.1.2")
def can_evolve(s: State, p: int, u: Unit) -> bool:
    """In the turn player's main phase, a card with an evolve ability not yet evolved, unless
    an evolve or 用餐 ability was used this turn (one of them a turn, together: 8.3.2)."""
    return s.step == MAIN and s.active == p and not s.players[p].evolved_turn and u.evolved < 0 \
        and CARDS[u.card].evolve_cost >= 0 and is_follower(u)


@cites("12.2.2", "12.2.3", "8.3.2", "10.6.2.5", "10.6.2.7.2")
def use_evolve(s: State, p: int, uid: int, card: int, use_ep: bool, ev: Events) -> None:
    """Use the evolve ability: reveal the evolve card and pay (10.6.2.5), then evolve."""
    pl = s.players[p]
    u = pl.unit(uid)
    if u is None:
        raise IllegalAction("8.3.1", f"player {p} controls no card #{uid}")
    if not can_evolve(s, p, u):
        raise IllegalAction("8.3.2", f"{unit_name(u)} cannot evolve now (one evolve or 用餐 ability a turn, in the main phase)")
    if card not in evolve_cards(s, p, u):
        raise IllegalAction("12.2.2.1", f"no {name(card)} of the name {name(u.card)} in the evolve deck")
    price = evolve_price(s, p, u, use_ep)
    if price is None:
        raise IllegalAction("10.4.2.2", f"player {p} cannot pay the evolve cost of {unit_name(u)}")
    pl.pp -= price[0]
    pl.ep -= price[1]
    pl.evolved_turn = True
    pl.evolve_deck.remove(card)
    if ev.on:
        ev.append(("use_evolve", "12.2.3", f"player {p} pays {price[0]} play point(s) and {price[1]} evolve point(s)"))
    link(s, p, u, card, ev)
