"""Using cards and abilities: timing (311, 318-321), costs paid with resources (303, 322),
the card resolving (318-321), activated abilities (703), levelling up (600), and the chain's
top link resolving (106)."""
from __future__ import annotations

from typing import Final

from ..action import Events
from .action import WAYS
from .cards import Ability, CardDef, load_pool
from .effects import do_effect, give_priority, pay_self, still_legal, target_options
from .info import ACTIVATED, CARDS, all_abilities, card, characters, has_any, is_character, keyword_count, level, \
    may_carry
from .rules import cites
from .state import MAIN, NONE, Item, State, Unit, in_battle, in_free_timing
from .zones import Whens, check_states, draw, enter, fire, leave_field, pay, payable, place_on, to_rest

NINJA: Final = ("忍术", "体术", "幻术")  # the attributes 忍法奥义 looks for (900.k15)
SAME_CARD: Final = load_pool().same  # 同一张牌 (327.p1) as one number per card
DIMENSION_UP: Final = Whens("dimension_up")  # 900.k31.p4


# ---------------------------------------------------------------- timing


def has_priority(s: State, p: int) -> bool:
    return in_free_timing(s) and s.priority == p and s.pending is None and not s.triggers \
        and not s.flips


@cites("311.p2", "318.p1", "319.p1", "320.p2", "321.p1", "105.p3", "600.p1")
def normal_timing(s: State, p: int) -> bool:
    """Our turn's non-battle action phase, an empty chain and priority."""
    return normal_step(s, p) and has_priority(s, p)


def normal_step(s: State, p: int) -> bool:
    """:func:`normal_timing` for a player known to have priority (asked once per listing)."""
    return s.step == MAIN and s.active == p and not s.chain


@cites("311.p3", "320.p3", "105.p2", "900.k7", "900.k7.p1", "900.k7.p2", "900.k7.p3")
def may_use(s: State, p: int, c: CardDef) -> bool:
    """An instant tactic needs priority only; so does any card with 速攻, in any zone; the rest
    the normal timing."""
    if QUICK[c.index]:
        return has_priority(s, p)
    return normal_timing(s, p)


# Whether each pool card may be used whenever its player has priority (an instant tactic, or 速攻): a
# byte per card, read without boxing.
QUICK: Final = bytes([int(c.instant or "速攻" in c.keywords) for c in CARDS])


# ---------------------------------------------------------------- costs


@cites("900.k15", "900.k15.p1", "900.k15.p2", "900.k15.p3", "900.k15.p4", "303.p1", "303.p4", "317.p9")
def price(s: State, p: int, c: CardDef) -> tuple[int, int]:
    """(total, coloured) cost: 忍法奥义 X takes X off the colourless part once we used another
    忍术, 体术 or 幻术 this turn (each copy counts); the total never goes below the coloured
    part (303.p4)."""
    total = c.cost
    cut = NINJA_CUT[c.index]
    if cut and any(a in NINJA for a in s.players[p].used_attrs):
        total -= cut
    return max(total, c.colored), c.colored


# What 忍法奥义 takes off each pool card's cost, by card index (read for every usable card of the hand
# at every listing).
NINJA_CUT: Final = [sum(int(v) for k, v in zip(c.keywords, c.values) if k == "忍法奥义") for c in CARDS]


@cites("303.p6", "303.p3")
def x_choices(s: State, p: int, c: CardDef, free: int) -> int:
    """How many X its player may choose for a card whose cost has X, from 0 up: any they can pay
    with their ``free`` untapped resources; for other cards one, X = 0 (a count, not a range:
    compiled code loops over it without an iterator)."""
    if not c.x:
        return 1
    total, colored = price(s, p, c)
    return max(0, free - total + 1)


# ---------------------------------------------------------------- using a card


def play_ability(c: CardDef) -> Ability | None:
    """The ability whose object a card chooses when used: a tactic's text with a target, or the card
    a character enters as a copy of (706.p6)."""
    for a in c.abilities:
        if a.when in ("play", "as_enter") and a.target not in ("none", "self", "opponent", "own"):
            return a
    return None


# Each pool card's play_ability, by card index (read for every usable card of the hand at every listing).
PLAY_ABILITY: Final = [play_ability(c) for c in CARDS]


@cites("319.p2", "320.p4", "705.p1")
def play_targets(s: State, p: int, c: CardDef) -> list[int]:
    """The objects a card may be used with: a character of ours for equipment (319.p2), a
    tactic's object (chosen as it is used, 320.p4); [-1] for a card that needs none."""
    if c.kind == "equip":
        return [u.uid for u in characters(s, 1 - p if c.enemy_equip else p) if may_carry(u, c)]
    a = PLAY_ABILITY[c.index]
    if a is None:
        return [NONE]
    options = target_options(s, p, a, NONE)
    return options + [NONE] if c.kind == "character" else options  # with no card to copy, as itself (706.p6)


@cites("318.p2", "318.p5", "319.p2", "320.p4", "321.p2", "623.p1", "105.p1", "106.p1")
def use_card(s: State, p: int, hand_index: int, target: int, ev: Events, x: int = 0) -> None:
    """Pay (X more for a cost with X) and put the card on the chain; the turn player then has
    priority (105.p1)."""
    pl = s.players[p]
    c = CARDS[pl.hand.pop(hand_index)]
    total, colored = price(s, p, c)
    pay(s, p, total + x, colored, c.color)
    pl.used_attrs += list(c.attrs)
    changed = any(0 < b.if_life >= len(pl.life) for b in c.abilities)  # decided now, as it is used (707.p4)
    s.chain.append(Item("card", p, c.index, NONE, NONE, target, NONE, x, changed))
    if ev.on:
        ev.append(("use", "623.p1", f"player {p} uses {c.name}"))
    give_priority(s)


@cites("318.p3", "318.p4", "319.p3", "319.p4", "319.p5", "320.p5", "320.p6", "321.p3", "321.p4", "206.p3",
       "205.p2", "206.p1", "801.p1", "801.p2", "900.k2", "900.k2.p1", "900.k2.p2", "319.p9", "319.p8")
def resolve_card(s: State, item: Item, ev: Events) -> None:
    """A card used resolves: a character enters its controller's battle zone (迟缓: tapped as
    it enters); equipment equips the chosen character, or goes to the rest area if that one
    is gone (no 【登场时】); an event replaces the one there; a tactic's text resolves, unless
    its object is no longer legal, and it goes to the rest area."""
    if resolve_special(s, item, ev):
        return
    p, c = item.player, CARDS[item.card]
    if c.kind == "tactic":
        a = play_ability(c)
        if a is not None and not still_legal(s, p, a, NONE, item.target):
            if ev.on:
                ev.append(("fizzle", "320.p6", f"{c.name}'s object is no longer legal: it does not resolve"))
        else:
            for b in c.abilities:
                if b.when == "play":
                    do_effect(s, p, as_used(b, item), item.target, NONE, c.index, ev)
        to_rest(s, p, c.index)
        return
    host = s.unit(item.target) if c.kind == "equip" else None
    q = 1 - p if c.enemy_equip else p  # equipment on the other player's character is theirs to control (319.p8)
    if c.kind == "equip" and (host is None or host[0] != q):
        if ev.on:
            ev.append(("fizzle", "319.p3", f"{c.name}'s character is gone: to the rest area"))
        to_rest(s, p, c.index)
        return
    model = s.unit(item.target) if c.kind == "character" and item.target != NONE else None
    enter(s, q, c, host[1] if host is not None else None, ev, owner=p,
          copy_of=card(model[1]).index if model is not None else NONE)  # one gone by now: as itself (706.p6)



@cites("303.p7", "303.p6", "707.p4")
def as_used(a: Ability, item: Item) -> Ability:
    """A card's ability as the card was used: with X, its ``n`` is per X, X the value chosen
    (303.p7); replaced (改为 2 倍) if its condition held when used, whether or not it still holds
    (707.p4)."""
    if not CARDS[item.card].x and not item.changed:
        return a
    return a.with_n((a.n * item.x if CARDS[item.card].x else a.n) * (2 if item.changed and a.if_life else 1))


# ---------------------------------------------------------------- activated abilities


@cites("703.p1", "703.p2", "703.p3", "703.p5", "809.p3", "104.p3", "317.p7", "317.p11", "800.p1", "900.k14",
       "900.k14.p1", "900.k14.p5", "900.k32.p1")
def activations(s: State, p: int, first: bool = False) -> list[tuple[int, int, int]]:
    """(unit, ability, target) of every activated ability player p may use now: its card is
    theirs (703.p3), any time they have priority unless it says 【我方回合中】 (809.p3), as 聚气
    does; its cost payable (a tapping cost, 聚气's too, needs it untapped, 104.p3); an object
    if it needs one (703.p2). ``ability`` counts the abilities of the 变身牌 under it after
    its own (:func:`all_abilities`); a card with several 聚气 chooses one by this. With ``first``,
    those of the first usable ability only."""
    return usable_activations(s, p, first) if has_priority(s, p) else []


def may_activate(s: State, p: int) -> bool:
    """Whether a card of p's battle zone has an activated ability (most have none), no list built."""
    for u in s.players[p].field:
        if has_any(u, ACTIVATED):
            return True
    return False


def usable_activations(s: State, p: int, first: bool) -> list[tuple[int, int, int]]:
    """:func:`activations` for a player known to have priority (asked once per listing)."""
    out: list[tuple[int, int, int]] = []
    for u in s.players[p].field:
        if not has_any(u, ACTIVATED):
            continue
        k = 0  # the ability's number in all_abilities(u), counted without building that list
        for j in range(len(u.under) + 1):
            c = card(u).index if j == 0 else u.under[j - 1]
            for a in CARDS[c].abilities:
                if usable_now(s, p, u, k, a):
                    for t in target_options(s, p, a, u.uid):
                        out.append((u.uid, k, t))
                    if first and out:
                        return out
                k += 1
    return out


def usable_now(s: State, p: int, u: Unit, k: int, a: Ability) -> bool:
    """Whether the ``k``-th ability of a card of p's battle zone is an activated ability (or 聚气)
    p may use now, its cost payable; one usable once a turn, not used this turn on that card by
    whoever controlled it (703.p4)."""
    charge = a.when == "charge"
    if not (a.when == "activated" or charge) or (a.during == "own_turn" or charge) and s.active != p or \
            (a.tap or charge) and u.tapped:
        return False
    return payable(s, p, a.cost, 0, 0) and a.lv <= level(u) and not (a.once and k in u.used)


@cites("703.p1", "900.k14.p3", "703.p4")
def activate(s: State, p: int, uid: int, index: int, target: int, ev: Events) -> None:
    """Pay and put the ability on the chain; 聚气 taps the card (it is in 聚气状态 from now)."""
    found = s.unit(uid)
    assert found is not None
    u = found[1]
    c, i, a = all_abilities(u)[index]
    pay(s, p, a.cost, 0, 0)
    if a.tap or a.when == "charge":
        u.tapped = True
    if a.once:
        u.used.append(index)  # kept on the card, whoever controls it (703.p4)
    s.chain.append(Item("ability", p, c, uid, i, target, int(a.when == "charge")))
    pay_self(s, a, uid, ev)
    if ev.on:
        ev.append(("activate", "703.p1", f"player {p} uses {CARDS[c].name}'s ability"))
    give_priority(s)


# ---------------------------------------------------------------- special uses and keywords used from the hand


@cites("623.p4.1", "623.p4.1.p1", "900.k19", "900.k20.p1", "900.k20.p2", "900.k41.p1", "900.k18", "900.k18.p1",
       "900.k18.p3", "900.k27", "900.k27.p1", "900.k27.p4", "900.k37", "900.k37.p1", "900.k39", "900.k39.p1")
def special_options(s: State, p: int, normal: bool, first: bool = False) -> list[tuple[str, int, int]]:
    """(way, card, character) of each special use player p may make now, one way at a time
    (623.p4.1.p1): 变身 and 虚伪生命 (from the rest area) use the card as a character is used;
    形态转换, 刀剑解放 and 归刃 (at the normal timing) and 高速换装 (in a battle) reveal it from the
    hand. The character it goes on is ours and fits (:func:`bases`). With ``first``, the first
    found only. The player has priority (:func:`has_priority`); ``normal``: at their normal timing."""
    pl = s.players[p]
    out: list[tuple[str, int, int]] = []
    # Each way's timing needs priority; outside the normal timing only a 速攻 or instant card's
    # 变身 or 虚伪生命 and, in a battle, 高速换装 may be used: the other cards are passed over unread,
    # and the rest area, where only 虚伪生命 is used from, is read only when a pool card could be.
    ways = SPECIAL_WAYS if normal else BATTLE_WAYS if in_battle(s) else QUICK_WAYS
    rest_ways = REST_WAYS if normal else QUICK_REST_WAYS
    hand = [c for c in pl.hand if ways[c]]  # most cards have no special way: sorted without them
    rest = [c for c in pl.rest if rest_ways[c]] if may_use_rest(normal) else []
    # 虚伪生命 uses the rest area's card, every other way the hand's: a card in both is looked at
    # once from each zone, for that zone's ways
    for from_rest, cards in ((False, hand), (True, rest)):
        if first and out:
            break
        special_ways(s, p, distinct_sorted(cards), from_rest, normal, first, out)
    return out


@cites("623.p4.1.p1", "900.k41.p1")
def special_ways(s: State, p: int, cards: list[int], from_rest: bool, normal: bool, first: bool,
                 out: list[tuple[str, int, int]]) -> None:
    """:func:`special_options` of the cards of one zone (the rest area's for 虚伪生命, the hand's
    for the other ways, 623.p4.1.p1), added to ``out``."""
    for c in cards:
        cd = CARDS[c]
        for way in WAYS_OF[c]:
            if (way == "虚伪生命") != from_rest or not special_timing(s, cd, way, normal):
                continue
            total, colored = special_price(s, p, cd, way)  # unpacked: a call with *args is a generic call once compiled
            if not payable(s, p, total, colored, cd.color):
                continue
            out += [(way, c, t) for t in ([NONE] if way == "虚伪生命" else bases(s, p, cd, way))]
            if first and out:
                return


# The special ways of using each pool card, in the order of WAYS, by card index: read for every
# card of the hand and the rest area at every listing, and most cards have none.
WAYS_OF: Final = [tuple([way for way in WAYS if way in cd.keywords]) for cd in CARDS]
# A byte per pool card: whether it has a special way that may be used at our normal timing (any),
# in a battle's free timing with priority (高速换装, or 变身 and 虚伪生命 of a card usable then), or
# at any other time we have priority (变身 and 虚伪生命 of a card usable then).
SPECIAL_WAYS: Final = bytes([int(bool(ways)) for ways in WAYS_OF])
QUICK_WAYS: Final = bytes([int(QUICK[c] and bool({"变身", "虚伪生命"} & set(ways))) for c, ways in enumerate(WAYS_OF)])
BATTLE_WAYS: Final = bytes([QUICK_WAYS[c] | int("高速换装" in ways) for c, ways in enumerate(WAYS_OF)])
# The same for the rest area, where only 虚伪生命 is used from (900.k41.p1): at the normal timing, and at
# any other time we have priority; whether any pool card has one (else the rest area is not read).
REST_WAYS: Final = bytes([int("虚伪生命" in ways) for ways in WAYS_OF])
QUICK_REST_WAYS: Final = bytes([REST_WAYS[c] & QUICK[c] for c in range(len(CARDS))])
ANY_REST_WAY: Final = any(REST_WAYS)
ANY_QUICK_REST_WAY: Final = any(QUICK_REST_WAYS)


def may_special(s: State, p: int, normal: bool) -> bool:
    """Whether :func:`special_options` could list anything, no list built: a card of the hand with a
    special way usable now, or of the rest area with 虚伪生命 (most of the time, none)."""
    pl = s.players[p]
    if any_of(pl.hand, SPECIAL_WAYS if normal else BATTLE_WAYS if in_battle(s) else QUICK_WAYS):
        return True
    return may_use_rest(normal) and any_of(pl.rest, REST_WAYS if normal else QUICK_REST_WAYS)


def may_use_rest(normal: bool) -> bool:
    """Whether a pool card could be used from the rest area now (else it is not read)."""
    return ANY_REST_WAY if normal else ANY_QUICK_REST_WAY


def any_of(cards: list[int], marked: bytes) -> bool:
    """Whether one of the cards is marked (a byte per pool card)."""
    for c in cards:
        if marked[c]:
            return True
    return False


def distinct_sorted(cards: list[int]) -> list[int]:
    """``sorted(set(cards))`` without the set (a hand holds a few cards)."""
    if len(cards) < 2:
        return cards[:]
    out: list[int] = []
    for c in sorted(cards):
        if not out or out[-1] != c:
            out.append(c)
    return out


def special_timing(s: State, cd: CardDef, way: str, normal: bool) -> bool:
    """Whether a special way may be used now by a player with priority (``normal``: at their normal timing)."""
    if way in ("变身", "虚伪生命"):
        return normal or QUICK[cd.index] == 1  # as may_use
    if way == "高速换装":
        return in_battle(s)  # 900.k27.p4
    return normal


@cites("900.k29", "900.k29.p1", "900.k41")
def special_price(s: State, p: int, cd: CardDef, way: str) -> tuple[int, int]:
    """(total, coloured) cost: (X) of 变身, 高速换装 and 虚伪生命, with the card's coloured part
    (see interpretations, special-cost); (3) of 形态转换, one colourless less for each card of
    our battle zone with 动物系果实 sharing a character name with it; nothing to reveal."""
    value = cd.value(way)
    if way == "形态转换":
        fruits = sum(1 for u in s.players[p].field
                     if "动物系果实" in card(u).keywords and set(card(u).chars) & set(cd.chars))
        return max(0, 3 - fruits), 0
    if way in ("变身", "高速换装", "虚伪生命"):
        x = int(value.split(" ")[0])
        return x, min(x, cd.colored)
    return 0, 0


@cites("900.k20.p2", "900.k18.p3", "900.k37", "900.k39", "305.p7")
def bases(s: State, p: int, cd: CardDef, way: str) -> list[int]:
    """The characters of ours the card may go on: 变身 Y one with the name or attribute Y;
    形态转换「Y」 one named Y but not the same card (900.k18.p3); 高速换装 [Y] one of attribute Y;
    刀剑解放 a 『斩魄刀』 of its 斩魄刀名; 归刃 a 『破面』 sharing a character name, once a turn for
    each name."""
    y = cd.value(way).split(" ")[-1]
    out = []
    for u in characters(s, p):
        b = card(u)
        if way == "变身":
            fits = y in b.chars or y in b.attrs
        elif way == "形态转换":
            fits = y in b.chars and SAME_CARD[b.index] != SAME_CARD[cd.index]
        elif way == "高速换装":
            fits = y in b.attrs
        elif way == "刀剑解放":
            fits = "斩魄刀" in b.attrs and b.blade == cd.blade
        else:
            fits = "破面" in b.attrs and bool(set(b.chars) & set(cd.chars)) and \
                not set(cd.chars) & set(s.players[p].released_names)
        if fits:
            out.append(u.uid)
    return out


@cites("623.p1", "900.k20.p1", "900.k41.p2", "900.k18.p2", "900.k27.p2", "318.p2")
def use_special(s: State, p: int, way: str, c: int, target: int, ev: Events) -> None:
    """Pay and put it on the chain: the card itself for 变身 and 虚伪生命 (a use: 623.p1), else the
    keyword's effect, the card staying revealed in the hand."""
    pl = s.players[p]
    cd = CARDS[c]
    pay(s, p, *special_price(s, p, cd, way), cd.color)
    if way in ("变身", "虚伪生命"):
        (pl.hand if way == "变身" else pl.rest).remove(c)
        pl.used_attrs += list(cd.attrs)
        s.chain.append(Item("card", p, c, NONE, NONE, target, WAYS.index(way)))
    else:
        if way == "归刃":
            pl.released_names += list(cd.chars)
        s.chain.append(Item("special", p, c, NONE, NONE, target, WAYS.index(way)))
    if ev.on:
        ev.append(("use", "623.p4.1", f"player {p} uses {cd.name} by {way}"))
    give_priority(s)


@cites("900.k18", "900.k18.p2", "900.k27.p2", "900.k37.p2", "900.k39.p2", "900.k37.p4", "900.k39.p3",
       "900.k20.p2")
def resolve_special(s: State, item: Item, ev: Events) -> bool:
    """A special use resolves; False for a card used in the usual way. A keyword from the hand
    does nothing if its character left our battle zone or the card left the hand (it stays in
    the hand); 变身 onto a character gone or no longer fitting enters as usual (900.k20.p2)."""
    if item.extra == NONE:
        return False
    p, cd, way = item.player, CARDS[item.card], WAYS[item.extra]
    found = s.unit(item.target) if item.target != NONE else None
    fits = found is not None and found[0] == p and item.target in bases(s, p, cd, way)
    if way == "虚伪生命" or way == "变身" and not fits:
        enter(s, p, cd, None, ev, way if way == "虚伪生命" else "")
    elif way == "变身" and found is not None:
        place_on(s, p, found[1], cd, way, ev)
    elif found is None or found[0] != p or item.card not in s.players[p].hand:
        if ev.on:
            ev.append(("fizzle", "900.k18.p2", f"{cd.name}'s {way} does not resolve: its character is gone"))
    elif way == "形态转换":
        leave_field(s, p, found[1], "hand", ev)
        s.players[p].hand.remove(item.card)
        enter(s, p, cd, None, ev)
    else:
        s.players[p].hand.remove(item.card)
        place_on(s, p, found[1], cd, way, ev)
    return True


# ---------------------------------------------------------------- levelling up


@cites("600.p1", "600.p2", "600.p2.A", "600.p2.B", "600.p5", "600.p7", "327.p1", "318.p8", "900.k31",
       "900.k31.p1", "900.k31.p2")
def level_options(s: State, p: int, first: bool = False) -> list[tuple[int, int]]:
    """(unit, hand index or -1) of each level-up player p may declare: at the normal timing,
    once a turn; a normal level-up (a face-up resource turned face down) not in the turn the
    character entered; a dimension level-up by revealing the same card (327.p1) from the hand.
    With ``first``, those of the first character that may level up only. It is the player's
    normal timing (:func:`normal_timing`)."""
    pl = s.players[p]
    has_up = any(r.up for r in pl.resources)
    out = []
    for u in pl.field:
        if not is_character(u):
            continue  # characters(s, p), no list made
        if has_up and u.entered != s.turn and not pl.leveled:
            out.append((u.uid, NONE))
        if pl.leveled and not unit_keyword(s, p, u, "超级赛亚人"):
            continue
        key = SAME_CARD[u.card]
        out += [(u.uid, i) for i, c in enumerate(pl.hand) if SAME_CARD[c] == key]
        if first and out:
            return out
    return out


@cites("600.p8", "600.p2.A", "600.p2.B")
def declare_level(s: State, p: int, uid: int, hand_index: int, ev: Events) -> None:
    """Pay the level-up's cost, then it goes on the chain like a card (600.p8)."""
    pl = s.players[p]
    extra = NONE
    if hand_index == NONE:
        next(r for r in reversed(pl.resources) if r.up).up = False
    else:
        extra = pl.hand.pop(hand_index)
    found = s.unit(uid)
    assert found is not None
    s.chain.append(Item("level", p, found[1].card, uid, NONE, NONE, extra))
    if ev.on:
        ev.append(("level", "600.p8", f"player {p} levels up {card(found[1]).name}"))
    give_priority(s)


@cites("600.p2.A", "600.p2.B", "600.p3", "600.p8", "600.p9", "102.p4", "900.k31.p2", "900.k31.p4")
def resolve_level(s: State, item: Item, ev: Events) -> None:
    """The level marker goes under the character: the deck's top card face down (normal), or
    the card revealed (dimension: its player then draws a card, no effect and no chain,
    600.p9). If the character is gone the level-up fails; its cost is not refunded and it may
    be tried again (600.p8)."""
    p = item.player
    pl = s.players[p]
    found = s.unit(item.source)
    if found is None or found[0] != p:
        if item.extra != NONE:
            pl.hand.append(item.extra)
        if ev.on:
            ev.append(("fizzle", "600.p8", "the level-up fails: its character is gone"))
        return
    if item.extra == NONE:
        if not pl.deck:
            return
        found[1].markers.append(pl.deck.pop(0))
    else:
        found[1].markers.append(item.extra)
    super_saiyan = item.extra != NONE and unit_keyword(s, p, found[1], "超级赛亚人")
    pl.leveled = pl.leveled or not super_saiyan  # 900.k31.p2: not counted as the turn's level-up
    if ev.on:
        ev.append(("level", "600.p3", f"{CARDS[item.card].name} is LV{1 + len(found[1].markers)}"))
    if item.extra != NONE:
        draw(s, p, 1, ev)
        fire(s, p, found[1], DIMENSION_UP)  # 900.k31.p4: after the draw


@cites("900.k14", "900.k14.p2")
def arm_charge(s: State, item: Item, ev: Events) -> None:
    """聚气 resolves: when the card is next reset, its effect triggers (zones.reset_unit) — if the
    card is still the one that used it."""
    found = s.unit(item.source)
    if found is not None and found[1].card == item.card:
        found[1].charged = item.ability
        if ev.on:
            ev.append(("charge", "900.k14", f"{CARDS[item.card].name} is in 聚气状态"))


def unit_keyword(s: State, p: int, u: Unit, name: str) -> bool:
    return keyword_count(s, p, u, name) > 0


@cites("106.p3", "106.p4", "700.p5", "702.p4", "703.p6")
def resolve_top(s: State, ev: Events) -> None:
    """The top link of the chain resolves, no player having priority meanwhile (106.p4); an
    ability resolves even if its card has left (700.p5) unless its objects are gone (705.p6)."""
    item = s.chain.pop()
    if item.kind in ("card", "special"):
        resolve_card(s, item, ev)
    elif item.kind == "level":
        resolve_level(s, item, ev)
    elif item.extra == 1:
        arm_charge(s, item, ev)
    else:
        a = CARDS[item.card].abilities[item.ability]
        if still_legal(s, item.player, a, item.source, item.target):
            do_effect(s, item.player, a, item.target, item.source, item.card, ev)
        else:
            if ev.on:
                ev.append(("fizzle", "705.p6", f"{CARDS[item.card].name}'s object is gone: it does not resolve"))
    check_states(s, ev)
