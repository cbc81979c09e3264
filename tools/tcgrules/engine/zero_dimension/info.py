"""What a card in play is now: its level (600), its abilities and keywords, its attack and
defense with every change applied (308-310, 701, the constant keywords of 900)."""
from __future__ import annotations

from typing import Final

from .cards import Ability, CardDef, load_pool
from .rules import cites
from .state import NONE, State, Unit

CARDS: Final = load_pool().cards


def cards_doing(*dos: str, when: tuple[str, ...] = ()) -> bytes:
    """One byte per pool card: 1 where it has an ability doing one of ``dos`` (any, if none
    given) at one of the timings ``when`` (any, if none given). Compiled code reads a byte
    by the card's index without boxing it, as a set of card indexes would."""
    return bytes([int(any((not dos or a.do in dos) and (not when or a.when in when) for a in c.abilities))
                  for c in CARDS])


# The cards with a constant effect that reaches other cards (701.p3, 701.p5, 707.p2): looked for only where one is.
SETTERS: Final = cards_doing("set_atk")
SILENCERS: Final = cards_doing("silence_enemies")
DOUBLERS: Final = cards_doing("double_damage")
# The cards with a constant change of their own attack or defense, and those with an activated ability (or 聚气):
# most cards have neither, and a card in play is looked at for them at every action.
STAT_CHANGERS: Final = cards_doing("buff", "per_hand", when=("constant",))
ACTIVATED: Final = cards_doing(when=("activated", "charge"))
# The cards with an ability doing each thing (``Ability.do``).
DOERS: Final[dict[str, bytes]] = {do: cards_doing(do) for do in {a.do for c in CARDS for a in c.abilities}}
NO_CARDS: Final = bytes(len(CARDS))
# The cards with 独行客 or 战斗连协 printed (900.k3, 900.k13): a bonus is looked for only on those or with equipment.
BONUS_KEYWORDS: Final = bytes([int("独行客" in c.keywords or "战斗连协" in c.keywords) for c in CARDS])


def has_any(u: Unit, cards: bytes) -> bool:
    """Whether the card in play, or a 变身牌 under it, is one of ``cards`` (its abilities are those
    cards', :func:`all_abilities`)."""
    if cards[u.card if u.copy_of == NONE else u.copy_of]:  # card(u)'s index, not read from its CardDef
        return True
    for c in u.under:
        if cards[c]:
            return True
    return False


@cites("706.p1", "706.p2")
def card(u: Unit) -> CardDef:
    """The card's values: as printed, or those of the card it is a copy of (name, character
    names, cost, colour, kind, attributes, effects, attack and defense)."""
    return CARDS[u.card] if u.copy_of == NONE else CARDS[u.copy_of]


@cites("325.p5", "706.p1", "303.p7")
def cost_of(u: Unit) -> int:
    """The cost an effect reads: a token's is 0 (it has none), a copy's that of the card it copies;
    X counts as 0 off the chain (303.p7)."""
    return card(u).cost


@cites("301.p3")
def card_name(u: Unit) -> str:
    """Its name: the one an effect gave it, else the card's."""
    return u.named or card(u).name


@cites("306.p3", "306.p4")
def attributes(u: Unit) -> list[str]:
    """Its attributes: as effects made them (one gained adds to its own, one changed replaces them),
    else the card's."""
    return u.attrs or list(card(u).attrs)


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
    if lost_effects(s, p, u):
        return []
    lv = level(u)
    return [(c, i, a) for c, i, a in all_abilities(u) if a.lv <= lv and (not a.need or condition_met(s, p, u, a.need))]


def lost_effects(s: State, p: int, u: Unit) -> bool:
    """The card has lost its effects: for this turn (708.p1), or by an opposing constant effect in force."""
    return u.silent or any(in_force(s, 1 - p, o) for o in silencers(s, 1 - p))


def silencers(s: State, q: int) -> list[Unit]:
    """q's cards whose printed constant 对方所有角色牌失去效果 works now (not lost this turn)."""
    return [o for o in s.players[q].field if not o.silent and has_any(o, SILENCERS) and any(
        a.do == "silence_enemies" and a.lv <= level(o) and constant_applies(s, q, a) for _, _, a in all_abilities(o))]


@cites("701.p5", "307.p3")
def in_force(s: State, q: int, o: Unit) -> bool:
    """A constant effect that takes effects away is in force unless an opposing one in force took
    effect before it: the first decides whether the later can work at all (701.p5)."""
    return not any(effect_time(s, 1 - q, x, "") < effect_time(s, q, o, "") and in_force(s, 1 - q, x)
                   for x in silencers(s, 1 - q))


@cites("701.p3", "701.p4.1", "701.p4.2")
def effect_time(s: State, p: int, u: Unit, during: str) -> tuple[int, int, int, int]:
    """When a constant effect of p's card took effect, to apply them in that order (701.p3): as the
    card entered (uids grow as cards enter); one of 【…回合中】 of a card there before the turn began
    took effect as the turn began, with every other such, the turn player's first (701.p4.2); each
    player's own in the order their cards entered (701.p4.1: see interpretations, constant-order)."""
    if during and u.entered < s.turn:
        return s.turn, 0, int(p != s.active), u.uid
    return u.entered, 1, 0, u.uid


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


@cites("900.k16", "900.k16.p1", "900.k16.p2", "900.k16.p3", "900.k16.p5", "900.k16.p4")
def exclusive(s: State, p: int, u: Unit) -> bool:
    """专用成立: an equipment with 专用 X equips a character named X; then both it and the character
    are 专用成立 (900.k16.p5)."""
    c = card(u)
    if not lost_effects(s, p, u) and any(a.do == "exclusive" and constant_applies(s, p, a)
                                         for _, _, a in all_abilities(u)):
        return True  # an effect of its own makes it so (900.k16.p4)
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


@cites("319.p2", "319.p10")
def may_carry(u: Unit, e: CardDef) -> bool:
    """Whether a character meets an equipment's 装备条件 (the attribute it needs)."""
    return not e.equip_to or e.equip_to in attributes(u)


@cites("708.p2", "319.p7")
def keyword_count(s: State, p: int, u: Unit, name: str) -> int:
    """How many times a card has a keyword (each counts on its own: 900.k3.p3), its
    equipment's included (the equipped character has what its equipment gives, 310); a card
    that lost its effects keeps what its equipment gives (708.p2: see interpretations,
    lose-effects)."""
    keywords = card(u).keywords
    n = keywords.count(name) if name in keywords else 0  # most cards have none: no method call
    if n and lost_effects(s, p, u):
        n = 0
    e = equipment(s, p, u)
    return n + (card(e).keywords.count(name) if e is not None else 0)


def keyword_values(s: State, p: int, u: Unit, name: str) -> list[str]:
    c = card(u)
    out = [v for k, v in zip(c.keywords, c.values) if k == name] if name in c.keywords else []
    if out and lost_effects(s, p, u):
        out = []
    e = equipment(s, p, u)
    if e is not None:
        out += [v for k, v in zip(card(e).keywords, card(e).values) if k == name]
    return out


def is_character(u: Unit) -> bool:
    return CHARACTER[u.card if u.copy_of == NONE else u.copy_of] == 1  # card(u).kind == "character", as a byte


def characters(s: State, p: int) -> list[Unit]:
    return [u for u in s.players[p].field if is_character(u)]


# Whether each pool card is a character (read for every card in play, many times an action).
CHARACTER: Final = bytes([int(c.kind == "character") for c in CARDS])


@cites("809.p1", "809.p2", "701.p1")
def constant_applies(s: State, p: int, a: Ability) -> bool:
    """A constant ability works while its card is in the battle zone (701.p1); one of
    【我方回合中】/【对方回合中】 only in that turn (809.p2)."""
    return a.when == "constant" and (a.during == "" or (a.during == "own_turn") == (s.active == p))


def has_constant(s: State, p: int, u: Unit, do: str) -> bool:
    """Whether a constant ability of this kind (``do``) works on the card now."""
    return has_any(u, DOERS.get(do, NO_CARDS)) and any(a.do == do and constant_applies(s, p, a)
                                                        for _, _, a in active_abilities(s, p, u))


@cites("900.k3", "900.k3.p1", "900.k3.p2", "900.k3.p3", "900.k13", "900.k13.p1", "900.k13.p2", "900.k13.p3")
def keyword_bonus(s: State, p: int, u: Unit) -> int:
    """独行客: +1000/+1000 while it is the only character of its battle zone (equipment and
    events do not count); 战斗连协【X】: +1000/+1000 while another card of its battle zone has
    the character name or attribute X (an equipment's attributes count). Each copy of either
    keyword counts."""
    if u.equip == NONE and not BONUS_KEYWORDS[card(u).index]:
        return 0  # neither keyword on the card, and no equipment to give one
    bonus = 0
    alone = keyword_count(s, p, u, "独行客")
    if alone and len(characters(s, p)) == 1:
        bonus += 1000 * alone
    for value in keyword_values(s, p, u, "战斗连协"):
        if any(o.uid != u.uid and (value in card(o).chars or value in attributes(o)) for o in s.players[p].field):
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
    total = c.atk if atk else c.dfn
    # Only the card's own constant changes reach its defense: others' set attack (701.p2), so their
    # list is not made for a defense where the card has none (every character, after every action).
    for _, a in constant_changes(s, p, u) if atk or has_any(u, STAT_CHANGERS) else []:
        if a.do == "set_atk":
            total = a.n if atk else total
        elif a.do == "per_hand":  # its value is its effect's (308.p4, 309.p5)
            total = (a.atk if atk else a.dfn) * len(s.players[p].hand)
        else:
            total += a.atk if atk else a.dfn
    total += (u.atk_turn if atk else u.def_turn) + keyword_bonus(s, p, u)
    e = equipment(s, p, u)
    if e is not None:
        total += (card(e).atk + e.atk_turn) if atk else (card(e).dfn + e.def_turn)
    return total


@cites("701.p3")
def constant_changes(s: State, p: int, u: Unit) -> list[tuple[tuple[int, int, int, int], Ability]]:
    """The constant effects on a card's attack and defense in the order they took effect (701.p3):
    its own (攻)/(防) changes and every 所有角色牌的（攻）变为 X in force; the effects of this turn,
    its equipment and keywords are added after."""
    out = [(effect_time(s, p, u, a.during), a) for _, _, a in active_abilities(s, p, u)
           if a.do in ("buff", "per_hand") and constant_applies(s, p, a)] if has_any(u, STAT_CHANGERS) else []
    if card(u).kind == "character":
        for q in range(2):
            for o in s.players[q].field:
                if has_any(o, SETTERS):
                    out += [(effect_time(s, q, o, a.during), a) for _, _, a in active_abilities(s, q, o)
                            if a.do == "set_atk" and constant_applies(s, q, a)]
    return sorted(out, key=_taken_effect) if len(out) > 1 else out


def _taken_effect(change: tuple[tuple[int, int, int, int], Ability]) -> tuple[int, int, int, int]:
    return change[0]  # a function, not a lambda: compiled, a lambda makes every call build its closure


@cites("308.p4", "309.p5")
def printed_attack(c: CardDef) -> int:
    """The attack of a card outside the battle zone: as printed; 0 for one whose effect sets it."""
    return 0 if any(a.do == "per_hand" for a in c.abilities) else c.atk


@cites("103.p4", "308.p2", "308.p3")
def damage_dealt(s: State, p: int, u: Unit) -> int:
    """The battle damage a character deals: its attack, 0 when that is 0 or less."""
    return max(0, attack(s, p, u))
