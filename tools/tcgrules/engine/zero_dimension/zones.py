"""Moving cards between zones (chapter 2, 605-611), damage and destruction (309, 605, 607),
drawing (602) and the life area (202, 324, 704), losing the game (101), and the triggers
these moves set off (chapter 8)."""
from __future__ import annotations

from typing import Final

from ..action import Events
from .info import CARDS, DOUBLERS, STAT_CHANGERS, active_abilities, card, cards_doing, characters, defense, has_any, \
    has_constant, is_character, may_carry
from .cards import PURPLE, CardDef
from .rules import cites
from .state import NONE, Pending, Resource, State, Trigger, Unit

FLIP: Final = 1_000_000  # State.flips: owner * FLIP + card
TAPPED_AS_ENTERING: Final = cards_doing("tap", when=("as_enter",))  # 于此牌登场时 tapped (801.p4): few cards


@cites("101.p3", "101.p6")
def lose(s: State, p: int) -> None:
    """A player loses; the game ends at once (101.p3) — a draw if both lose (101.p6)."""
    s.losers |= 1 << p


@cites("602.p1", "101.p2", "102.p5")
def draw(s: State, p: int, n: int, ev: Events) -> None:
    """Draw n cards one by one; a player who must draw from a deck without enough cards draws
    what there is and loses (101.p2 over 102's 忽略: see interpretations, short-deck-draw)."""
    pl = s.players[p]
    for _ in range(n):
        if not pl.deck:
            lose(s, p)
            if ev.on:
                ev.append(("lose", "101.p2", f"player {p} must draw from an empty deck"))
            return
        pl.hand.append(pl.deck.pop(0))
    if ev.on:
        ev.append(("draw", "602.p1", f"player {p} draws {n}"))


class Whens:
    """Timings that trigger together (``names``, as ``Ability.when``), and a byte per pool card:
    whether it has an ability of one of them. Most cards have none at most timings, and are passed
    over by reading that byte, no set looked up nor string compared (made once, at import)."""

    __slots__ = ("names", "cards")

    def __init__(self, *names: str) -> None:
        self.names = names
        self.cards = bytes([int(any(a.when in names for a in cd.abilities)) for cd in CARDS])


ENTER: Final = Whens("enter")
ENTER_RELEASED: Final = Whens("enter", "released")
MUTANT: Final = Whens("mutant")
TO_REST: Final = Whens("to_rest")
FIELD_TO_REST: Final = Whens("field_to_rest")
TO_RESOURCE: Final = Whens("to_resource")
DESTROYED: Final = Whens("destroyed")


@cites("702.p2", "702.p5", "702.p6", "800.p3", "624.p1", "702.p3")
def fire(s: State, p: int, u: Unit, whens: Whens, source: int | None = None) -> None:
    """The triggered abilities of a card in play whose timing is one of ``whens`` trigger,
    each once (702.p5), in its order on the card (the order they go on the chain is its
    controller's choice when they are added, 702.p6). One whose condition is not met does not
    trigger (702.p3: info.active_abilities)."""
    if not has_any(u, whens.cards):  # the card, or a 变身牌 under it (a copy has the copied card's, 706.p1)
        return
    for c, i, a in active_abilities(s, p, u):
        if a.when in whens.names:
            s.triggers.append(Trigger(p, c, i, u.uid if source is None else source))


def fire_card(s: State, p: int, c: int, whens: Whens) -> None:
    """Triggers of a card outside the battle zone (its level-1 abilities)."""
    if not whens.cards[c]:  # most cards have none at most timings
        return
    for i, a in enumerate(CARDS[c].abilities):
        if a.when in whens.names and a.lv == 1:
            s.triggers.append(Trigger(p, c, i, NONE))


@cites("200.p2", "102.p6", "611.p1", "611.p2", "207.p1")
def to_rest(s: State, owner: int, c: int) -> None:
    """A card goes to its owner's rest area (200.p2), and its 进入休息区时 abilities trigger for
    that player (811.p2)."""
    s.players[owner].rest.append(c)
    fire_card(s, owner, c, TO_REST)


@cites("325.p8", "325.p6", "325.p7", "319.p6", "323.p3", "609.p1", "200.p4", "205.p3", "811.p1", "811.p2", "811.p3",
       "900.k20.p4", "900.k37.p6", "900.k39.p4", "326.p6", "208.p1")
def leave_field(s: State, p: int, u: Unit, where: str, ev: Events) -> None:
    """A card leaves the battle zone for ``where`` (rest, hand, removed): it becomes a new card
    (200.p4) and its counters are gone (326.p6); its level markers and 刀魂牌 go to their
    owner's rest area (323.p3, 900.k37.p6); the 变身牌 under it go where it goes, each a card
    of its own again (900.k20.p4); equipment on a character that leaves is destroyed (319.p6);
    从战斗区中进入休息区时 abilities trigger for its controller (811.p2). One that entered by
    虚伪生命 with a 亡灵指示物 on it is removed from the game instead (900.k41). A token vanishes (325.p8);
    a card that is a copy of a token is no token (325.p6)."""
    pl = s.players[p]
    pl.field.remove(u)
    where = "removed" if undead(u) else where
    for m in u.markers + u.souls:
        to_rest(s, u.owner, m)
    if u.host != NONE:
        found = s.unit(u.host)
        if found is not None and found[1].equip == u.uid:
            found[1].equip = NONE
    owner = s.players[u.owner]
    if where == "rest":
        fire(s, p, u, FIELD_TO_REST, NONE)
    if CARDS[u.card].token:
        if ev.on:
            ev.append(("vanish", "325.p8", f"token {CARDS[u.card].name} vanishes"))
    elif where == "hand":
        owner.hand += [u.card, *u.under]
    elif where == "removed":
        owner.removed += [u.card, *u.under]
        if ev.on:
            ev.append(("removed", "900.k41" if u.undead else "208.p1", f"{CARDS[u.card].name} is removed from the game"))
    else:
        for c in [u.card, *u.under]:
            to_rest(s, u.owner, c)
    if u.equip != NONE:
        found = s.unit(u.equip)
        if found is not None:
            destroy(s, found[0], found[1], ev, "319.p6")


@cites("900.k41", "900.k41.p3", "900.k41.p4", "326.p1", "326.p2", "326.p3", "326.p4", "326.p5", "707.p1", "707.p3")
def undead(u: Unit) -> bool:
    """A card that entered by 虚伪生命 with a 亡灵指示物 on it leaves for the removed zone instead
    (改为: the leaving is replaced, 707.p3). The counter, counted on the card in the battle zone
    (the same counters are not told apart, 326.p2), does nothing itself: the keyword reads it
    (326.p4); one with the counter that entered otherwise leaves as usual (900.k41.p3)."""
    return u.how == "虚伪生命" and u.undead > 0


@cites("605.p1", "605.p7", "802.p1", "802.p2", "802.p5")
def destroy(s: State, p: int, u: Unit, ev: Events, why: str, whens: Whens = DESTROYED) -> None:
    """A card is destroyed: it goes to the rest area and its 【破坏时】 abilities (``whens``: with
    the battle timings of 803 when a battle destroys it) trigger, the card having left (802.p2)."""
    if not undead(u):  # see interpretations, false-life-destroyed
        fire(s, p, u, whens, NONE)
    if ev.on:
        ev.append(("destroy", why, f"{card(u).name} is destroyed"))
    leave_field(s, p, u, "rest", ev)


@cites("607.p1", "607.p2", "607.p5", "607.p6")
def deal_damage(s: State, p: int, u: Unit, n: int, ev: Events) -> None:
    """Damage on a character adds up over the turn (607.p2), less what is still to prevent
    (607.p5, until that much is prevented or the turn ends, 607.p6); each 改为 2 倍 in force
    doubles it once (:func:`doublers`)."""
    n *= 2 ** doublers(s)
    prevented = min(u.shield, n)
    u.shield -= prevented
    u.damage += n - prevented
    if ev.on:
        ev.append(("damage", "607.p2", f"{card(u).name} takes {n - prevented} damage ({u.damage} this turn)"
               + (f", {prevented} prevented" if prevented else "")))


@cites("707.p2", "707.p1")
def doublers(s: State) -> int:
    """How many 当一张角色牌将要受到伤害时，改为其受到 2 倍的伤害 are in force: each changes the event
    once and never again what another made of it (707.p2: two make 2000 into 8000)."""
    return sum(1 for q in range(2) for u in s.players[q].field if has_any(u, DOUBLERS)
               and has_constant(s, q, u, "double_damage"))


@cites("309.p2", "309.p3", "309.p4", "605.p2", "605.p5", "605.p6", "607.p3", "607.p4", "613.p2")
def check_states(s: State, ev: Events) -> None:
    """At once, even in the middle of an effect (309.p4): a character of defense 0 or less goes
    to the rest area, neither destroyed nor discarded (309.p3); one whose damage is greater
    than or equal to its defense is destroyed (309.p2, 607.p3: see interpretations,
    lethal-damage); then two cards of one character name (305.p5)."""
    again = True
    while again:
        again = False
        for i in range(2):  # the turn player, then the other (a range: no tuple built to iterate)
            p = s.active ^ i
            for u in s.players[p].field:  # left at once when one leaves it
                if not is_character(u) or above_damage(u):
                    continue
                d = defense(s, p, u)
                if d <= 0:
                    if ev.on:
                        ev.append(("to_rest", "309.p3", f"{card(u).name} has defense {d}: to the rest area"))
                    leave_field(s, p, u, "rest", ev)
                    again = True
                    break
                if u.damage >= d:
                    destroy(s, p, u, ev, "309.p2")
                    again = True
                    break
            if again:
                break
        again = again or unfit_equipment(s, ev)
    same_name(s)


def above_damage(u: Unit) -> bool:
    """Whether the character's defense is surely above 0 and its damage without working it out:
    with no constant change of its own and no equipment, its defense is printed, this turn's
    change, and keyword bonuses, which never take away (:func:`info.keyword_bonus`); others'
    constant effects set attack only (701.p2). Most characters, most of the time."""
    lowest = card(u).dfn + u.def_turn
    return lowest > 0 and lowest > u.damage and u.equip == NONE and not has_any(u, STAT_CHANGERS)


@cites("319.p10")
def unfit_equipment(s: State, ev: Events) -> bool:
    """Equipment whose character no longer meets its 装备条件 is destroyed; whether one was."""
    for i in range(2):  # the turn player, then the other (a range: no tuple built to iterate)
        p = s.active ^ i
        for e in s.players[p].field:
            host = s.unit(e.host) if e.host != NONE else None
            if host is not None and not may_carry(host[1], card(e)):
                destroy(s, p, e, ev, "319.p10")
                return True
    return False


@cites("305.p3", "305.p4", "305.p5", "305.p6", "318.p7")
def same_name(s: State) -> None:
    """Two cards of one character name in a battle zone: their controller chooses which to
    废弃 until none share a name; no chain, before any trigger goes on it (305.p3)."""
    if s.pending is not None:
        return
    for i in range(2):  # the turn player, then the other (a range: no tuple built to iterate)
        p = s.active ^ i
        if len(s.players[p].field) < 2 or not may_share_name(s.players[p].field):
            continue  # no two cards to share a name
        names: list[str] = []  # each name met, with the first card met that has it (a few: no dict)
        uids: list[int] = []
        for u in s.players[p].field:
            for name in card(u).chars:
                if name in names:
                    s.pending = Pending("same_name", p, [uids[names.index(name)], u.uid])
                    return
                names.append(name)
                uids.append(u.uid)


def may_share_name(field: list[Unit]) -> bool:
    """Whether two cards of a battle zone could share a character name, from a bit per name (a few
    names share one): most of the time none could, and no name is compared."""
    seen = 0
    for u in field:
        bits = NAME_BITS[u.card if u.copy_of == NONE else u.copy_of]  # card(u)'s
        if bits < 0 or seen & bits:
            return True
        seen |= bits
    return False


def name_bits(c: CardDef, rank: dict[str, int]) -> int:
    """A card's character names as bits of a number below 2**62 (compiled: an unboxed int), a
    name's bit its rank modulo 62; -1 when two of its names fall on one bit (then always checked)."""
    bits = 0
    for name in c.chars:
        bit = 1 << rank[name] % 62
        if bits & bit:
            return -1
        bits |= bit
    return bits


_RANK: Final = {name: i for i, name in enumerate(sorted({n for c in CARDS for n in c.chars}))}
NAME_BITS: Final = [name_bits(c, _RANK) for c in CARDS]


@cites("801.p4", "706.p6", "205.p2", "206.p3", "319.p5", "900.k34", "900.k34.p1", "900.k34.p2", "900.k34.p3")
def enter(s: State, p: int, c: CardDef, host: Unit | None, ev: Events, how: str = "", owner: int = NONE,
          copy_of: int = NONE) -> None:
    """A card enters a battle zone: an event replaces the one there, equipment the character's
    old one; 【登场时】 triggers, and 变种之血 of every card of ours that has it when one with it
    enters (itself too). ``how``: 虚伪生命 (a 亡灵指示物 is put on it as it enters, 900.k41); ``owner``
    when p only controls it (319.p8); ``copy_of``: it enters as a copy of that card, its 【登场时】 the
    copied card's (706.p6)."""
    pl = s.players[p]
    u = Unit(s.new_uid(), c.index, p if owner == NONE else owner, tapped="迟缓" in c.keywords, entered=s.turn,
             how=how, copy_of=copy_of,
             undead=int(how == "虚伪生命"))
    if c.kind == "event":
        for old in [o for o in pl.field if card(o).kind == "event"]:
            discard_unit(s, p, old, ev, "206.p3")
    if host is not None:
        u.host = host.uid
        old_equip = s.unit(host.equip) if host.equip != NONE else None
        host.equip = u.uid
        if old_equip is not None:
            discard_unit(s, old_equip[0], old_equip[1], ev, "319.p5")
    pl.field.append(u)
    if ev.on:
        ev.append(("enter", "205.p2", f"{c.name} enters player {p}'s battle zone"))
    if has_any(u, TAPPED_AS_ENTERING) and any(a.when == "as_enter" and a.do == "tap"
                                              for _, _, a in active_abilities(s, p, u)):
        u.tapped = True  # 于此牌登场时: a constant effect, done at once with no free timing (801.p4)
    fire(s, p, u, ENTER)
    if "变种之血" in c.keywords:
        for o in s.players[p].field:
            fire(s, p, o, MUTANT)



@cites("900.k14", "900.k14.p2", "900.k14.p3", "104.p2")
def reset_unit(s: State, p: int, u: Unit) -> None:
    """A card is reset (重置); one in 聚气状态 leaves it and its 聚气 effect triggers, on its own
    from the ability that made it (900.k14.p2)."""
    u.tapped = False
    if u.charged != NONE:
        s.triggers.append(Trigger(p, u.card, u.charged, u.uid))
        u.charged = NONE


PLACED: Final = {"变身": "900.k20.p3", "高速换装": "900.k27.p3", "刀剑解放": "900.k37.p3", "归刃": "900.k39.p2",
                 "互换": "622.p6", "效果": "900.k20.p9"}  # the paragraph an event of place_on cites


@cites("622.p4", "622.p5", "622.p6", "900.k20.p3", "900.k20.p5", "900.k27.p3", "900.k37.p3", "900.k37.p5", "900.k39.p2",
       "900.k39.p3", "624.p1")
def place_on(s: State, p: int, below: Unit, c: CardDef, how: str, ev: Events) -> None:
    """A card from the hand put on a character of ours (变身, 高速换装, 刀剑解放, 归刃, 互换, or an effect
    as if by 变身: 效果), inheriting its
    state: tapped or not, equipment, damage, this turn's effects, level markers and the turn it
    entered (so it may attack if that one could, 900.k20.p5), its place in a battle (see
    interpretations, placed-on-top). The card below becomes a 变身牌 (with those under it,
    900.k20.p3), goes to the rest area (高速换装) or its owner's hand (互换), or
    becomes a 刀魂牌 with those under it (900.k37.p5). Its 【登场时】 trigger, those of 变身牌 too
    (900.k20.p6), and 【刀剑解放成功时】/【归刃成功时】."""
    old = below.card
    below.card = c.index
    below.charged = below.copy_of = NONE
    if how in ("变身", "效果"):
        below.under = [old, *below.under]
    elif how == "高速换装":
        fire_card(s, p, old, FIELD_TO_REST)
        for x in [old, *below.under]:
            to_rest(s, below.owner, x)
        below.under = []
    elif how == "互换":
        s.players[below.owner].hand += [old, *below.under]  # 622.p4: its owner's hand
        below.under = []
    else:
        below.souls = [old, *below.under, *below.souls]
        below.under = []
    below.how = "变身" if how == "变身" else ""
    if ev.on:
        ev.append(("enter", PLACED[how], f"{c.name} is put on {CARDS[old].name} ({how})"))
    fire(s, p, below, ENTER_RELEASED if how in ("刀剑解放", "归刃") else ENTER)


@cites("204.p1", "204.p3", "900.k22", "900.k22.p1", "900.k22.p2", "900.k22.p3", "900.k33", "900.k33.p1",
       "900.k33.p2", "900.k33.p3")
def to_resources(s: State, p: int, c: int, ev: Events) -> None:
    """A card goes face up into our resource area, where it has no effect (204.p3) but those
    that work there: 守护星座 triggers, and 奥丁蓝宝石 if a face-up card of our resource area is
    专用成立 with it (its character name is this card's 专用)."""
    pl = s.players[p]
    pl.resources.append(Resource(c))
    cd = CARDS[c]
    mate = cd.value("专用")
    if "奥丁蓝宝石" in cd.keywords and not any(r.up and mate in CARDS[r.card].chars for r in pl.resources):
        return
    fire_card(s, p, c, TO_RESOURCE)


@cites("606.p1",)
def discard_unit(s: State, p: int, u: Unit, ev: Events, why: str) -> None:
    """废弃: a card of one's own battle zone to the rest area by an effect or cost."""
    if ev.on:
        ev.append(("discard", why, f"{card(u).name} is discarded (废弃)"))
    leave_field(s, p, u, "rest", ev)


@cites("202.p6", "324.p3", "704.p7", "704.p8", "900.k10.p2", "900.k10.p3", "505.p1", "101.p1", "202.p4", "900.k9.p3")
def damage_life(s: State, p: int, n: int, battle: bool, ev: Events) -> None:
    """Damage to a life area: a player whose life area is already empty and whose life area an
    attack hits with battle damage loses (101.p1); otherwise the cards to turn over are fixed
    now, from the top (202.p6, 704.p7), and turned over one by one (:func:`flip_next`)."""
    pl = s.players[p]
    if battle and not pl.life:
        lose(s, p)
        if ev.on:
            ev.append(("lose", "101.p1", f"player {p}'s empty life area is attacked and takes battle damage"))
        return
    taken = pl.life[:n]
    del pl.life[:n]
    s.flips += [p * FLIP + c for c in taken]
    if ev.on:
        ev.append(("life", "505.p1" if battle else "607.p1", f"player {p} takes {n} damage to the life area"))


@cites("324.p3", "324.p1", "704.p1", "704.p3", "704.p4", "312.p1", "312.p2")
def flip_next(s: State, ev: Events) -> int:
    """Turn over the next life card: a counter effect (反击特效) of it resolves at once, not on the
    chain (704.p3, 704.p5), then the card goes to the rest area. Returns the card whose counter
    effects must resolve, or -1."""
    code = s.flips.pop(0)
    p, c = divmod(code, FLIP)
    if ev.on:
        ev.append(("flip", "324.p3", f"player {p} turns over {CARDS[c].name}"))
    to_rest(s, p, c)
    return c


@cites("202.p5", "102.p5", "324.p5")
def add_life(s: State, p: int, n: int, ev: Events) -> None:
    """The top n cards of the deck onto the life area, one by one (as many as there are)."""
    pl = s.players[p]
    for _ in range(min(n, len(pl.deck))):
        pl.life.insert(0, pl.deck.pop(0))
    if ev.on:
        ev.append(("life_add", "202.p5", f"player {p} adds to the life area ({len(pl.life)})"))


@cites("324.p4", "606.p2")
def discard_life(s: State, p: int, n: int, ev: Events) -> None:
    """废弃 life cards: from the top to the rest area, no counter effect."""
    pl = s.players[p]
    for c in pl.life[:n]:
        to_rest(s, p, c)
    del pl.life[:n]
    if ev.on:
        ev.append(("discard_life", "324.p4", f"player {p} discards {n} life cards"))


def count_cards(s: State) -> int:
    """Every card in the game: zones, level markers, the chain's cards and the life cards being turned over."""
    total = len(s.flips)
    for pl in s.players:
        total += len(pl.deck) + len(pl.life) + len(pl.hand) + len(pl.resources) + len(pl.rest) + len(pl.removed)
        total += sum(int(not CARDS[u.card].token) + len(u.markers) + len(u.under) + len(u.souls) for u in pl.field)
    total += sum(1 for i in s.chain if i.kind == "card" or i.kind == "level" and i.extra != NONE)
    return total


@cites("303.p2", "303.p3", "304.p3", "304.p4", "322.p5", "328.p2", "204.p3")
def payable(s: State, p: int, total: int, colored: int, color: int) -> bool:
    """Enough untapped resource cards, enough of them face up in the cost's colour (purple and
    face-down cards pay no colour)."""
    if colored <= 0:  # most costs, and attacks, name no colour
        return total <= 0 or untapped(s, p) >= total
    if color == PURPLE:
        return False
    n = in_color = 0  # one walk counts both
    for r in s.players[p].resources:
        if not r.tapped:
            n += 1
            if r.up and CARDS[r.card].color == color:
                in_color += 1
    return n >= total and in_color >= colored


def untapped(s: State, p: int) -> int:
    """How many of p's resource cards are untapped (what pays a cost, 303.p2)."""
    n = 0
    for r in s.players[p].resources:
        if not r.tapped:
            n += 1
    return n


@cites("303.p2", "104.p1")
def pay(s: State, p: int, total: int, colored: int, color: int) -> None:
    """Tap the resources: other cards first, then the cost's colour (see interpretations,
    paying-resources)."""
    if total <= 0:
        return  # nothing to tap (most attacks)
    match: list[Resource] = []  # the untapped ones of the cost's colour, and the others, each in order
    other: list[Resource] = []
    for r in s.players[p].resources:
        if not r.tapped:
            (match if r.up and color != PURPLE and CARDS[r.card].color == color else other).append(r)
    plain = min(len(other), total - colored)
    for r in other[:plain] + match[:total - plain]:
        r.tapped = True


@cites("900.k24", "303.p2")
def pay_resources(s: State, p: int, total: int, itself: int) -> None:
    """A colourless cost of a triggered ability; 通灵's card (``itself``, in the resource area)
    pays for itself first (see interpretations, tonglin-pays-itself)."""
    own = next((r for r in s.players[p].resources if r.card == itself and r.up and not r.tapped), None)
    if own is not None and total > 0:
        own.tapped = True
        total -= 1
    pay(s, p, total, 0, 0)
