"""What a card in play is now: its level (600), its abilities and keywords, its attack and
defense with every change applied (308-310, 701, the constant keywords of 900)."""
from __future__ import annotations

from typing import Final

from .cards import Ability, CardDef, load_pool
from .rules import cites
from .state import NONE, State, Unit

CARDS: Final = load_pool().cards


def card(u: Unit) -> CardDef:
    return CARDS[u.card]


@cites("600.p3", "323.p1")
def level(u: Unit) -> int:
    """LV1 on entering, one more per level marker under it (600.p3)."""
    return 1 + len(u.markers)


@cites("307.p2", "600.p4", "600.p6", "317.p1", "317.p2", "613.p1", "708.p1", "708.p3", "307.p6")
def has_ability(u: Unit, a: Ability) -> bool:
    """Whether a card has one of its abilities now, at its level: a higher level's add to the
    lower's (600.p4); one of a level not reached is as if it were not there (307.p2); none
    while it has lost its effects (708.p1, with their costs and conditions, 708.p3). A test
    per ability, not a list of them: this runs for every card at every trigger and value."""
    return not u.silent and a.lv <= level(u)


def equipment(s: State, p: int, u: Unit) -> Unit | None:
    if u.equip == NONE:
        return None
    for e in s.players[p].field:
        if e.uid == u.equip:
            return e
    return None


@cites("708.p2", "319.p7")
def keyword_count(s: State, p: int, u: Unit, name: str) -> int:
    """How many times a card has a keyword (each counts on its own: 900.k3.p3), its
    equipment's included (the equipped character has what its equipment gives, 310); a card
    that lost its effects keeps what its equipment gives (708.p2: see interpretations,
    lose-effects)."""
    n = 0 if u.silent else card(u).keywords.count(name)
    e = equipment(s, p, u)
    return n + (card(e).keywords.count(name) if e is not None else 0)


def keyword_values(s: State, p: int, u: Unit, name: str) -> list[str]:
    c = card(u)
    out = [] if u.silent else [v for k, v in zip(c.keywords, c.values) if k == name]
    e = equipment(s, p, u)
    if e is not None:
        out += [v for k, v in zip(card(e).keywords, card(e).values) if k == name]
    return out


def is_character(u: Unit) -> bool:
    return card(u).kind == "character"


def characters(s: State, p: int) -> list[Unit]:
    return [u for u in s.players[p].field if card(u).kind == "character"]


@cites("809.p1", "809.p2", "701.p1")
def constant_applies(s: State, p: int, a: Ability) -> bool:
    """A constant ability works while its card is in the battle zone (701.p1); one of
    【我方回合中】/【对方回合中】 only in that turn (809.p2)."""
    return a.when == "constant" and (a.during == "" or (a.during == "own_turn") == (s.active == p))


@cites("900.k3", "900.k3.p1", "900.k3.p2", "900.k3.p3", "900.k13", "900.k13.p1", "900.k13.p2", "900.k13.p3")
def keyword_bonus(s: State, p: int, u: Unit) -> int:
    """独行客: +1000/+1000 while it is the only character of its battle zone (equipment and
    events do not count); 战斗连协【X】: +1000/+1000 while another card of its battle zone has
    the character name or attribute X (an equipment's attributes count). Each copy of either
    keyword counts."""
    bonus = 0
    if len(characters(s, p)) == 1:
        bonus += 1000 * keyword_count(s, p, u, "独行客")
    for value in keyword_values(s, p, u, "战斗连协"):
        if any(o.uid != u.uid and (value in card(o).chars or value in card(o).attrs) for o in s.players[p].field):
            bonus += 1000
    return bonus


@cites("308.p1", "310.p1", "310.p2", "701.p1", "701.p2")
def attack(s: State, p: int, u: Unit) -> int:
    """Attack now: printed, its equipment's bonus (310), this turn's effects, constant abilities
    and keywords. May be below 0 (103.p4: counted as 0 where it deals damage)."""
    return _value(s, p, u, True)


@cites("309.p1", "310.p1", "310.p2", "701.p1")
def defense(s: State, p: int, u: Unit) -> int:
    return _value(s, p, u, False)


def _value(s: State, p: int, u: Unit, atk: bool) -> int:
    c = card(u)
    total = (c.atk if atk else c.dfn) + (u.atk_turn if atk else u.def_turn) + keyword_bonus(s, p, u)
    e = equipment(s, p, u)
    if e is not None:
        total += (card(e).atk + e.atk_turn) if atk else (card(e).dfn + e.def_turn)
    for a in c.abilities:
        if has_ability(u, a) and constant_applies(s, p, a):
            total += a.atk if atk else a.dfn
    return total


@cites("103.p4", "308.p2", "308.p3")
def damage_dealt(s: State, p: int, u: Unit) -> int:
    """The battle damage a character deals: its attack, 0 when that is 0 or less."""
    return max(0, attack(s, p, u))
