"""What a card in play is now: its level (600), its abilities and keywords, its attack and
defense with every change applied (308-310, 701, the constant keywords of 900)."""
from __future__ import annotations

from typing import Final

from .cards import Ability, CardDef, load_pool
from .rules import cites
from .state import NONE, State, Unit

CARDS: Final = load_pool().cards


@cites("706.p1", "706.p2")
def card(u: Unit) -> CardDef:
    """The card's values: as printed, or those of the card it is a copy of (name, character
    names, cost, colour, kind, attributes, effects, attack and defense)."""
    return CARDS[u.card] if u.copy_of == NONE else CARDS[u.copy_of]


@cites("600.p3", "323.p1")
def level(u: Unit) -> int:
    """LV1 on entering, one more per level marker under it (600.p3)."""
    return 1 + len(u.markers)


@cites("709.p1", "709.p2", "709.p3", "307.p4")
def all_abilities(u: Unit) -> list[tuple[int, int, Ability]]:
    """(card, index, ability) of every ability a card in play has, reached or not: its own, then
    those the 变身牌 under it have as printed (709.p1: what they gained elsewhere is not gained;
    709.p2: the two cards' effects together), for as long as they are under it (709.p3: effects
    lost for a time come back when the loss ends)."""
    return [(c, i, a) for c in [card(u).index, *u.under] for i, a in enumerate(CARDS[c].abilities)]


@cites("307.p2", "600.p4", "600.p6", "317.p1", "317.p2", "613.p1", "708.p1", "708.p3", "307.p6", "900.k20.p6")
def active_abilities(s: State, p: int, u: Unit) -> list[tuple[int, int, Ability]]:
    """The abilities a card has at its level: a higher level's add to the lower's (600.p4);
    one of a level not reached is as if it were not there (307.p2), as is one whose keyword's
    condition is not met (:func:`condition_met`); none while it has lost its effects (708.p1,
    with their costs and conditions, 708.p3). A card with 变身牌 under it has theirs too, at
    its level (900.k20.p6)."""
    if u.silent:
        return []
    lv = level(u)
    return [(c, i, a) for c, i, a in all_abilities(u) if a.lv <= lv and (not a.need or condition_met(s, p, u, a.need))]


@cites("900.k17", "900.k17.p1", "900.k17.p2", "900.k21", "900.k21.p1", "900.k21.p2", "900.k40", "900.k40.p1",
       "900.k40.p2", "900.k20", "204.p5", "322.p3", "306.p6", "504.p4")
def condition_met(s: State, p: int, u: Unit, need: str) -> bool:
    """专用: 专用成立 (:func:`exclusive`); 奥丁之力: four or more cards of our resource area whose
    原本属性 is 『神斗士』 or 『神斗衣』, face up (a face-down resource card has none, 204.p5); 解放形态:
    刀魂牌 under it, however they came there (900.k40.p2); 变身形态: it entered by 变身; 战斗时: it
    attacks or defends and the other character of the battle is there (504.p4)."""
    if need == "exclusive":
        return exclusive(s, p, u)
    if need == "odin":
        return sum(1 for r in s.players[p].resources if r.up and {"神斗士", "神斗衣"} & set(CARDS[r.card].attrs)) >= 4
    if need == "released":
        return bool(u.souls)
    if need == "battle":
        return s.defending != NONE and u.uid in (s.attacker, s.defending)
    return u.how == "变身"


@cites("900.k16", "900.k16.p1", "900.k16.p2", "900.k16.p3", "900.k16.p5")
def exclusive(s: State, p: int, u: Unit) -> bool:
    """专用成立: an equipment with 专用 X equips a character named X; then both it and the character
    are 专用成立 (900.k16.p5)."""
    c = card(u)
    if c.kind == "equip":
        host = s.unit(u.host) if u.host != NONE else None
        return host is not None and c.value("专用") in card(host[1]).chars
    e = equipment(s, p, u)
    return e is not None and (card(e).value("专用") in c.chars or c.value("专用") == card(e).name)


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


def has_constant(s: State, p: int, u: Unit, do: str) -> bool:
    """Whether a constant ability of this kind (``do``) works on the card now."""
    return any(a.do == do and constant_applies(s, p, a) for _, _, a in active_abilities(s, p, u))


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
    for _, _, a in active_abilities(s, p, u):
        if a.do == "buff" and constant_applies(s, p, a):
            total += a.atk if atk else a.dfn
    return total


@cites("103.p4", "308.p2", "308.p3")
def damage_dealt(s: State, p: int, u: Unit) -> int:
    """The battle damage a character deals: its attack, 0 when that is 0 or less."""
    return max(0, attack(s, p, u))
