"""Effects (chapter 7): targets (705), what each effect does, triggered abilities going on the
chain (702, 106.p5, 106.p6), and counter effects (704); the chain resolves in play.py."""
from __future__ import annotations

from typing import Final

from ..action import Events
from ..core import shuffle
from .cards import COLORS, Ability, load_pool
from .info import (CARDS, DOERS, NO_CARDS, all_abilities, attributes, card, card_name, characters, cost_of, has_any,
                   has_constant, keyword_values, may_carry, printed_attack)
from .rules import cites
from .state import BATTLE_FREE, CLEANUP_FREE, DISCARD, MAIN, NONE, RESET, Item, Pending, State, Trigger, Unit
from .zones import (Whens, add_life, check_states, damage_life, deal_damage, destroy, discard_life, draw,
                    discard_unit, enter, fire, fire_card, leave_field, pay_resources, payable, place_on, reset_unit,
                    to_rest, to_resources)

HERO_CALL: Final = Whens("hero_call")


# ---------------------------------------------------------------- targets


@cites("301.p2", "306.p5", "705.p1", "705.p2", "323.p2", "620.p2", "104.p5", "310.p3", "317.p4", "317.p6", "206.p2")
def target_options(s: State, p: int, a: Ability, source: int) -> list[int]:
    """The legal objects of an ability for player p, chosen as it goes on the chain (705.p1):
    never the card itself (705.p1); [-1] when its text fixes what it affects."""
    t = a.target
    if t == "chain":
        return list(range(len(s.chain)))
    if t == "enemy_char":
        units = characters(s, 1 - p)
    elif t == "own_char":
        units = characters(s, p)
    elif t == "any_char":
        units = characters(s, p) + characters(s, 1 - p)
    elif t == "enemy_tapped":
        units = [u for u in characters(s, 1 - p) if u.tapped]
    elif t == "enemy_cheap":
        units = [u for u in characters(s, 1 - p) if cost_of(u) <= a.n]
    elif t == "enemy_named":
        units = [u for u in characters(s, 1 - p) if card_name(u) == a.card]
    elif t == "own_attrs":
        units = [u for u in characters(s, p) if set(a.card.split()) <= set(attributes(u))]
    elif t == "own_equip":
        units = [u for u in s.players[p].field if card(u).kind == "equip"]
    elif t == "any_card":
        units = s.players[p].field + s.players[1 - p].field
    else:
        return [NONE]
    return [u.uid for u in units if u.uid != source and not untargetable(s, u)]


UNTARGETABLE: Final = DOERS.get("untargetable", NO_CARDS)  # the cards with an ability that does it


@cites("705.p5",)
def untargetable(s: State, u: Unit) -> bool:
    """A card that cannot be an effect's object, good or bad for it."""
    if not has_any(u, UNTARGETABLE):  # an ability of its card or a 变身牌 under it (all_abilities), no list built
        return False
    found = s.unit(u.uid)
    return found is not None and has_constant(s, found[0], u, "untargetable")


@cites("705.p3", "705.p6", "320.p6")
def still_legal(s: State, p: int, a: Ability, source: int, target: int) -> bool:
    """An object is checked again when the ability resolves: one that left its zone or is no
    longer legal makes the effect on it not resolve (705.p3, 705.p6)."""
    if a.target == "chain":
        return 0 <= target < len(s.chain)
    return target == NONE and a.target in ("none", "self", "opponent", "own") or \
        target in target_options(s, p, a, source)


def unit_of(s: State, uid: int) -> tuple[int, Unit] | None:
    return s.unit(uid) if uid != NONE else None


# ---------------------------------------------------------------- what an effect does


@cites("103.p3", "900.k33.p4", "612.p5", "704.p9", "606.p3", "700.p7", "700.p8", "325.p1", "325.p3", "601.p1", "610.p1", "610.p2", "610.p3", "618.p1", "618.p2", "618.p3", "700.p3")
def do_effect(s: State, p: int, a: Ability, target: int, source: int, c: int, ev: Events) -> None:
    """One ability's effect, read left to right (700.p8); 此牌 is the card itself (601.p1);
    我方/对方 are its controller and the other player (610.p3)."""
    op = a.do
    uid = source if a.target == "self" else target
    found = unit_of(s, uid)
    if op == "draw":
        draw(s, p, a.n, ev)
    elif op == "ramp":  # the deck's top n cards at once: each 守护星座 among them triggers (900.k33.p4)
        for top in s.players[p].deck[:a.n]:
            to_resources(s, p, top, ev)
        del s.players[p].deck[:a.n]
    elif op == "draw_half":
        draw(s, p, len(s.players[p].hand) // 2, ev)  # 103.p3: a fraction is rounded down
    elif op == "life_add":
        add_life(s, p, a.n, ev)
    elif op == "life_damage":
        damage_life(s, 1 - p, a.n, False, ev)
    elif op == "discard_life":
        discard_life(s, p, a.n, ev)
    elif op == "mill":
        mill(s, 1 - p, a.n, ev)
    elif op in ("mill_upto", "untap_resources"):
        s.pending = Pending(op, p, list(range(a.n + 1)), c)
    elif op == "scry":
        scry(s, p, c)
    elif op == "discard":
        if s.players[p].hand:
            s.pending = Pending("discard", p, list(range(len(s.players[p].hand))), c, a.n)
    elif op == "cancel":
        cancel(s, target, ev)
    elif op == "end_turn":
        end_turn(s, ev)
    elif op == "token":
        enter(s, p, load_pool().by_number[a.card], None, ev)
    elif op == "duel":
        duel(s, p, a.n, ev)
    elif op == "seal":
        seal(s, p, c)
    elif op == "constellation":
        constellation(s, p, a.card, c)
    elif op == "summon":
        summon(s, p, c, ev)
    elif op == "leave_battle":
        leave_battle(s, ev)
    elif op == "swap":
        s.pending = swap_choice(s, p, c)
    elif op == "move_counter" and found is not None:
        move_counter(s, found[1], source, ev)
    elif op == "hand_to_bottom" and s.players[1 - p].hand:
        s.pending = Pending("bottom", 1 - p, list(range(len(s.players[1 - p].hand))), c, a.n)
    elif op == "find_colors":
        s.pending = Pending("find_colors", p, [0, NONE] if colors_found(s, p, a.card) else [NONE], c)
    elif op == "put_equip":
        s.pending = host_choice(s, p, a.card)
    elif op == "declare_remove":
        s.pending = Pending("declare", p, list(DECLARABLE), c)
    elif op == "life_damage_all":
        for q in (s.active, 1 - s.active):
            damage_life(s, q, a.n, False, ev)  # 704.p9: the turn player's cards are turned over first
    elif op == "use_hand":
        s.pending = use_choice(s, p, c)
    elif op == "sacrifice" and characters(s, p):
        s.pending = Pending("sacrifice", p, [u.uid for u in characters(s, p)], c)  # any, untargetable too (606.p3)
    elif op == "look_pick" and s.players[p].deck:
        s.pending = look_choice(s, p, a.n, c)
    elif op in ("take_control", "borrow") and found is not None:
        take_control(s, p, found[1], ev)
        found[1].lent = 1 - p if op == "borrow" else NONE  # the latest effect in force decides (612.p5)
    elif op == "copy" and found is not None:
        become_copy(s, source, found[1], ev)
    elif op == "recover":
        recover(s, p, c, ev)
    elif op in ("put_under", "transform_onto") and found is not None:
        s.pending = under_choice(s, p, op, found[1], c)
    elif op == "bankai" and found is not None:
        bankai(s, p, found[1], c)
    elif found is not None:
        unit_effect(s, found[0], found[1], a, ev)
    check_states(s, ev)


@cites("301.p3", "306.p3", "306.p4", "900.k26.p3", "323.p4", "308.p4", "607.p1", "605.p4", "104.p2", "900.k35.p1", "900.k35.p2", "900.k35.p3", "900.k35.p4")
def unit_effect(s: State, q: int, u: Unit, a: Ability, ev: Events) -> None:
    """An effect on one card of the battle zone (q controls it)."""
    op = a.do
    if op == "damage":
        deal_damage(s, q, u, a.n, ev)
    elif op == "destroy":
        destroy(s, q, u, ev, "605.p4")
    elif op == "buff":
        u.atk_turn += a.atk
        u.def_turn += a.dfn
        if ev.on:
            ev.append(("buff", "701.p3", f"{card(u).name} (攻){a.atk:+} (防){a.dfn:+} this turn"))
    elif op == "tap":
        u.tapped = True
    elif op == "untap":
        reset_unit(s, q, u)
    elif op == "charge":
        charge(s, q, u, ev)
    elif op == "bounce":
        leave_field(s, q, u, "hand", ev)
    elif op == "heal":
        u.damage = max(0, u.damage - a.n)
    elif op == "lock":
        u.locked = s.turn + 1  # 灵压: this turn and the next, not added up (900.k35.p3)
    elif op == "silence":
        u.silent = True  # until the end of the turn (407.p1)
    elif op == "prevent":
        u.shield += a.n
    elif op == "mill_rampage":
        mill(s, 1 - q, sum(int(v) for v in keyword_values(s, q, u, "肆意横行")), ev)  # every copy (900.k26.p3)
    elif op == "hand_attack_damage":  # the highest attack among our hand's characters, read outside the zone
        deal_damage(s, q, u, max([printed_attack(CARDS[c]) for c in s.players[1 - q].hand
                                  if CARDS[c].kind == "character"], default=0), ev)
    elif op == "remove_level":
        if u.markers:  # a level marker only, never a counter (323.p4)
            to_rest(s, u.owner, u.markers.pop())
    elif op == "rename":
        u.named = a.card
    elif op == "add_attr":
        u.attrs = attributes(u) + [a.card] if a.card not in attributes(u) else attributes(u)
    elif op == "set_attr":
        u.attrs = [a.card]


@cites("900.k14.p4", "900.k14.p5")
def charge(s: State, q: int, u: Unit, ev: Events) -> None:
    """An effect puts a character into 聚气状态: only one with a 聚气 effect (else the effect does
    not resolve); with several, its controller chooses which."""
    options = [i for c, i, a in all_abilities(u) if a.when == "charge" and c == u.card]
    if not options:
        if ev.on:
            ev.append(("fizzle", "900.k14.p4", f"{card(u).name} has no 聚气: the effect does not resolve"))
        return
    u.tapped = True
    if len(options) == 1:
        u.charged = options[0]
    else:
        s.pending = Pending("charge", q, options, u.card, u.uid)


@cites("900.k32", "900.k32.p2", "900.k32.p5", "305.p7", "615.p1", "615.p5", "900.k32.p4")
def seal(s: State, p: int, c: int) -> None:
    """咒印: find in the hand or the deck a character sharing a character name with this card
    (one name is enough) whose total cost is this card's plus one; the player may declare none
    found (a card of a given kind, 615.p5). Options: a hand index, or the hand's size + a deck index."""
    pl = s.players[p]
    want = CARDS[c].cost + 1

    def fits(x: int) -> bool:
        cd = CARDS[x]
        return cd.kind == "character" and cd.cost == want and bool(set(cd.chars) & set(CARDS[c].chars))

    n = len(pl.hand)
    options = [i for i, x in enumerate(pl.hand) if fits(x)] + [n + j for j, x in enumerate(pl.deck) if fits(x)]
    s.pending = Pending("seal", p, options + [NONE], c)  # a cost X counts X as 0 (900.k32.p4)


@cites("900.k38", "900.k38.p1", "900.k38.p2", "615.p2", "615.p3")
def bankai(s: State, p: int, u: Unit, c: int) -> None:
    """卍解: find in the deck a 『斩魄刀』 of the same 斩魄刀名 as the card, to put on it as by 刀剑解放
    (the deck shuffled after, 615.p3)."""
    blade = card(u).blade
    options = [j for j, x in enumerate(s.players[p].deck) if "斩魄刀" in CARDS[x].attrs and CARDS[x].blade == blade]
    s.pending = Pending("bankai", p, options + [NONE], c, u.uid)


@cites("900.k33", "900.k33.p3", "204.p4", "204.p5")
def constellation(s: State, p: int, attr: str, c: int) -> None:
    """守护星座 X: may return one face-up card of our resource area whose 原本属性 is X, or a
    character whose card name has X, to its owner's hand (where it has its effects again, 204.p4)."""
    options = [i for i, r in enumerate(s.players[p].resources) if r.up and (
        attr in CARDS[r.card].attrs or CARDS[r.card].kind == "character" and attr in CARDS[r.card].name)]
    s.pending = Pending("constellation", p, options + [NONE], c)


@cites("900.k24", "900.k24.p2", "204.p4")
def summon(s: State, p: int, c: int, ev: Events) -> None:
    """通灵: the card enters from our resource area, even if the character that made it trigger
    has left (900.k24.p2); nothing if it is no longer there. A tapped copy goes first: see
    interpretations, tonglin-pays-itself."""
    res = s.players[p].resources
    mine = sorted((i for i, r in enumerate(res) if r.card == c), key=lambda i: not res[i].tapped)
    if mine:
        res.pop(mine[0])
        enter(s, p, CARDS[c], None, ev)


@cites("621.p1", "621.p2", "621.p4", "506.p1")
def leave_battle(s: State, ev: Events) -> None:
    """移出战斗: once the battle step has begun, the battle ends with both characters left as they
    are in the battle zone, no battle damage dealt; before it, nothing happens."""
    if s.step != BATTLE_FREE:
        if ev.on:
            ev.append(("fizzle", "621.p4", "no character is removed from battle before the battle step"))
        return
    s.attacker = s.target = s.blocker = s.defending = NONE
    s.step = MAIN
    if ev.on:
        ev.append(("leave_battle", "621.p1", "the characters are removed from the battle"))


@cites("614.p2", "614.p1")
def look_choice(s: State, p: int, n: int, c: int) -> Pending:
    """Look at the deck's top n cards and take a character among them into the hand, or declare
    none found, even if there is one. Options: deck indexes."""
    deck = s.players[p].deck
    return Pending("look_pick", p, [j for j in range(min(n, len(deck))) if CARDS[deck[j]].kind == "character"]
                   + [NONE], c)


@cites("623.p4.3", "623.p4.3.p2")
def use_choice(s: State, p: int, c: int) -> Pending | None:
    """An effect that uses a card of the hand directly: the player chooses a character or event
    (the cards that need no object); it is used the usual way only, no special way."""
    options = [i for i, x in enumerate(s.players[p].hand) if CARDS[x].kind in ("character", "event")]
    return Pending("use_hand", p, options, c) if options else None


@cites("623.p2", "623.p4.3.p1")
def use_by_effect(s: State, p: int, index: int, ev: Events) -> None:
    """Once the effect is done the card goes on the chain as a card used (the general rules of
    using it apply: it enters when it resolves); no cost is paid (see interpretations,
    used-by-effect), and players may respond as to a triggered ability."""
    c = s.players[p].hand.pop(index)
    s.chain.append(Item("card", p, c, NONE, NONE, NONE))
    if ev.on:
        ev.append(("use", "623.p4.3.p1", f"player {p} uses {CARDS[c].name} by an effect"))
    s.resolving = False
    give_priority(s)


@cites("612.p1", "612.p2", "612.p3", "612.p4", "612.p6", "612.p7", "609.p2")
def take_control(s: State, p: int, u: Unit, ev: Events) -> None:
    """Player p takes control of a card: it moves to their battle zone as it is (tapped or not,
    damage, this turn's changes), with its equipment; moving between battle zones it neither
    enters nor leaves (no trigger); its owner does not change (it goes to its owner's zones)."""
    for x in [u] + [e for e in s.players[1 - p].field if e.host == u.uid]:
        s.players[1 - p].field.remove(x)
        s.players[p].field.append(x)
    if ev.on:
        ev.append(("control", "612.p4", f"player {p} takes control of {card(u).name}"))


@cites("706.p3", "706.p4", "706.p5")
def become_copy(s: State, source: int, target: Unit, ev: Events) -> None:
    """The card becomes a copy of the target: it takes the target's copiable values (a copy's are
    those it copied, 706.p4), not what other effects gave it, its counters or its level (706.p3);
    no 【登场时】 or leaving triggers, and effects on it stay (706.p5)."""
    found = s.unit(source)
    if found is not None:
        found[1].copy_of = card(target).index
        if ev.on:
            ev.append(("copy", "706.p1", f"{CARDS[found[1].card].name} becomes a copy of {card(target).name}"))


@cites("802.p3", "208.p2")
def recover(s: State, p: int, c: int, ev: Events) -> None:
    """A 【破坏时】 effect that takes the destroyed card from where it went: only from the rest area
    (it does not resolve if the card is no longer there; from the removed zone no effect takes a
    card that does not say so, 208.p2)."""
    rest = s.players[p].rest
    if c not in rest:
        if ev.on:
            ev.append(("fizzle", "802.p3", f"{CARDS[c].name} is no longer in the rest area"))
        return
    rest.remove(c)
    s.players[p].hand.append(c)


@cites("900.k20.p7", "900.k20.p8", "900.k20.p9", "900.k20.p10")
def under_choice(s: State, p: int, op: str, u: Unit, c: int) -> Pending | None:
    """An effect puts a character card of the hand under a character of ours as a 变身牌 (no
    【登场时】, nothing of its state to inherit: 900.k20.p8, 900.k20.p10), or on it as if by 变身
    (it enters: 【登场时】 triggers, and it inherits the character's state, 900.k20.p9); either way
    the card is not 变身形态 (900.k20.p7). Options: hand indexes."""
    options = [i for i, x in enumerate(s.players[p].hand) if CARDS[x].kind == "character"]
    return Pending(op, p, options, c, u.uid) if options else None


SWAP: Final = 100  # a swap's option: uid * SWAP + hand index


@cites("622.p1", "622.p2", "705.p7")
def swap_choice(s: State, p: int, c: int) -> Pending | None:
    """互换: the player chooses, as it resolves (it targets nothing), a character of their battle
    zone and a character card of their hand to exchange (not a use of that card)."""
    hand = s.players[p].hand
    options = [u.uid * SWAP + i for u in characters(s, p) for i, x in enumerate(hand[:SWAP])
               if CARDS[x].kind == "character"]
    return Pending("swap", p, options, c) if options else None


@cites("207.p1",)
def mill(s: State, p: int, n: int, ev: Events) -> None:
    pl = s.players[p]
    for c in pl.deck[:n]:
        to_rest(s, p, c)
    del pl.deck[:n]
    if ev.on:
        ev.append(("mill", "207.p1", f"player {p}'s top {n} cards to the rest area"))


@cites("303.p5", "900.k36", "900.k36.p1", "900.k36.p2", "900.k36.p3", "900.k36.p4", "900.k25", "900.k25.p1",
       "900.k25.p2", "900.k25.p3", "616.p1", "616.p2")
def duel(s: State, p: int, n: int, ev: Events) -> None:
    """对决: each player reveals their deck's top card (英雄呼唤 of a card revealed in the deck
    triggers, each copy on its own, and goes on the chain once this effect is done, 900.k25.p2);
    the higher cost, as printed (303.p5), wins (its player draws n here, the result's effect); both cards go to the
    bottom of their decks. No duel if a deck is empty."""
    mine, theirs = s.players[p].deck, s.players[1 - p].deck
    if not mine or not theirs:
        if ev.on:
            ev.append(("duel", "900.k36.p3", "no duel: a deck is empty"))
        return
    a, b = mine.pop(0), theirs.pop(0)
    fire_card(s, p, a, HERO_CALL)
    fire_card(s, 1 - p, b, HERO_CALL)
    mine.append(a)
    theirs.append(b)
    if ev.on:
        ev.append(("duel", "900.k36", f"duel: {CARDS[a].name} ({CARDS[a].cost}) against {CARDS[b].name} ({CARDS[b].cost})"))
    if CARDS[a].cost > CARDS[b].cost:
        draw(s, p, n, ev)


@cites("614.p1", "900.k5.p2", "900.k5.p3", "102.p4", "200.p3")
def scry(s: State, p: int, c: int) -> None:
    """智谋: look at the top card (no one else sees it), then top (0) or bottom (1)."""
    if s.players[p].deck:
        s.pending = Pending("scry", p, [0, 1], c)


@cites("620.p1", "620.p2", "620.p3", "620.p4", "620.p5")
def cancel(s: State, index: int, ev: Events) -> None:
    """取消: the chain link leaves the chain unresolved, its card to its owner's rest area, its
    costs not refunded."""
    item = s.chain.pop(index)
    drop(s, item)
    if ev.on:
        ev.append(("cancel", "620.p1", f"{CARDS[item.card].name} is cancelled"))


def drop(s: State, item: Item) -> None:
    """A link leaves the chain unresolved: a card used goes to the rest area; a level-up's
    revealed card stays in the hand (616.p2)."""
    if item.kind == "card":
        to_rest(s, item.player, item.card)
    elif item.kind == "level" and item.extra != NONE:
        s.players[item.player].hand.append(item.extra)


@cites("619.p1", "407.p2")
def end_turn(s: State, ev: Events) -> None:
    """结束本回合: every link of the chain leaves it, its cards to the rest area with no effect,
    and the turn goes to the end phase's clearing step (407), as once a chain set off in the
    clearing step has resolved (the rules' processing then runs it, actions.settle)."""
    for item in s.chain:
        drop(s, item)
    s.chain.clear()
    s.triggers.clear()
    s.resolving = True
    s.step = CLEANUP_FREE
    if ev.on:
        ev.append(("end_turn", "619.p1", "the turn ends"))


# ---------------------------------------------------------------- answers to a choice


@cites("900.k23", "900.k26", "608.p1", "305.p3", "201.p4")
def answer(s: State, option: int, ev: Events) -> None:
    """The player's answer to the choice pending."""
    pd = s.pending
    assert pd is not None
    s.pending = None
    pl = s.players[pd.player]
    if pd.kind == "same_name":
        found = s.unit(option)
        if found is not None:
            leave_field(s, found[0], found[1], "rest", ev)
            if ev.on:
                ev.append(("discard", "305.p3", f"{card(found[1]).name} is discarded: a second card of its name"))
    elif pd.kind == "scry":
        top = pl.deck.pop(0)
        if option == 0:
            pl.deck.insert(0, top)
        else:
            pl.deck.append(top)
    elif pd.kind == "mill_upto":
        mill(s, 1 - pd.player, option, ev)
    elif pd.kind == "untap_resources":
        for r in [r for r in pl.resources if r.tapped][:option]:
            r.tapped = False
    elif pd.kind in ("discard", "hand_limit", "bottom"):
        if pd.kind == "bottom":  # the owner puts them one by one: the order is theirs (201.p4)
            pl.deck.append(pl.hand.pop(option))
        else:
            to_rest(s, pd.player, pl.hand.pop(option))
        if pd.n > 1 and pl.hand:
            s.pending = Pending(pd.kind, pd.player, list(range(len(pl.hand))), pd.card, pd.n - 1)
    elif pd.kind == "charge":
        found = s.unit(pd.n)
        if found is not None:
            found[1].charged = option
    elif pd.kind == "seal":
        found_card(s, pd.player, option, ev)
    elif pd.kind == "bankai":
        found = s.unit(pd.n)
        if option != NONE and found is not None:
            place_on(s, pd.player, found[1], CARDS[pl.deck.pop(option)], "刀剑解放", ev)
        shuffle(s.rng, pl.deck)
    elif pd.kind in ("put_under", "transform_onto"):
        found = s.unit(pd.n)
        if found is not None and pd.kind == "put_under":
            found[1].under.append(pl.hand.pop(option))
        elif found is not None:
            place_on(s, pd.player, found[1], CARDS[pl.hand.pop(option)], "效果", ev)
    elif pd.kind == "sacrifice":
        found = s.unit(option)
        if found is not None:
            discard_unit(s, found[0], found[1], ev, "606.p3")
    elif pd.kind == "look_pick" and option != NONE:
        pl.hand.append(pl.deck.pop(option))
    elif pd.kind == "use_hand":
        use_by_effect(s, pd.player, option, ev)
    elif pd.kind == "swap":
        found = s.unit(option // SWAP)
        if found is not None:
            place_on(s, pd.player, found[1], CARDS[pl.hand.pop(option % SWAP)], "互换", ev)
    elif pd.kind == "find_colors":
        take_colors(s, pd.player, pd.card, option, ev)
    elif pd.kind == "equip_host":
        found = s.unit(option)
        if pd.card in pl.hand and found is not None:
            pl.hand.remove(pd.card)
            enter(s, pd.player, CARDS[pd.card], found[1], ev)
    elif pd.kind == "declare":
        remove_named(s, 1 - pd.player, CARDS[option].name, ev)
    elif pd.kind == "constellation" and option != NONE:
        pl.hand.append(pl.resources.pop(option).card)
        if ev.on:
            ev.append(("to_hand", "900.k33", f"player {pd.player} returns {CARDS[pl.hand[-1]].name} to the hand"))
    elif pd.kind == "counter":
        a = CARDS[pd.card].abilities[pd.n]
        do_effect(s, pd.player, a, option, NONE, pd.card, ev)
        counters(s, pd.player, pd.card, pd.n + 1, ev)
    check_states(s, ev)


@cites("326.p7", "326.p8")
def move_counter(s: State, first: Unit, second: int, ev: Events) -> None:
    """Move a counter (an 亡灵指示物; a level marker is none, 326.p8) from the first card to the
    second: nothing if they are one card, if the first has none, or if the second is gone (the
    first keeps it)."""
    found = s.unit(second)
    if found is None or found[1] is first or first.undead == 0:
        if ev.on:
            ev.append(("fizzle", "326.p7", "no counter moves"))
        return
    first.undead -= 1
    found[1].undead += 1


def colors_found(s: State, p: int, colors: str) -> list[int]:
    """Deck indexes of a card of each colour named, the first found of each; [] if one is missing."""
    deck = s.players[p].deck
    found = [next((j for j, x in enumerate(deck) if CARDS[x].color >= 0 and COLORS[CARDS[x].color] == k), NONE)
             for k in colors.split()]
    return [] if NONE in found else found


@cites("615.p4", "615.p6", "615.p3")
def take_colors(s: State, p: int, c: int, option: int, ev: Events) -> None:
    """Find a card of each colour named in the deck, shown, to the hand: if one is not found, none
    is (615.p6); the deck is shuffled either way (615.p3)."""
    pl = s.players[p]
    colors = next(a.card for a in CARDS[c].abilities if a.do == "find_colors")
    found = colors_found(s, p, colors) if option != NONE else []
    for j in sorted(found, reverse=True):
        if ev.on:
            ev.append(("reveal", "615.p4", f"player {p} shows {CARDS[pl.deck[j]].name}, found"))
        pl.hand.append(pl.deck.pop(j))
    shuffle(s.rng, pl.deck)


@cites("319.p11", "301.p2")
def host_choice(s: State, p: int, name: str) -> Pending | None:
    """An effect puts a {name} equipment of the hand into play: its player chooses the character it
    equips, one that may carry it (319.p11); nothing if there is no such card or character."""
    c = next((x for x in s.players[p].hand if CARDS[x].name == name and CARDS[x].kind == "equip"), NONE)
    hosts = [u.uid for u in characters(s, p) if may_carry(u, CARDS[c])] if c != NONE else []
    return Pending("equip_host", p, hosts, c) if hosts else None


# The names a player may declare (301.p4, 301.p5): each whole name of a card the game has (tokens are made by
# effects, never named so), one card index per name.
DECLARABLE: Final = sorted({c.name: c.index for c in reversed(CARDS) if not c.token}.values())


@cites("301.p4", "301.p5", "616.p1")
def remove_named(s: State, q: int, name: str, ev: Events) -> None:
    """A name declared (a whole name of the game's, :data:`DECLARABLE`): the other player shows their
    hand and removes every card of that name from the game."""
    pl = s.players[q]
    found = [c for c in pl.hand if CARDS[c].name == name]
    pl.hand = [c for c in pl.hand if CARDS[c].name != name]
    pl.removed += found
    if ev.on:
        ev.append(("remove", "301.p5", f"player {q} shows the hand and removes {len(found)} {name} from the game"))


@cites("900.k32.p3", "615.p2", "615.p3")
def found_card(s: State, p: int, option: int, ev: Events) -> None:
    """The card 咒印 found enters; the deck is shuffled whether or not it was searched."""
    pl = s.players[p]
    if option != NONE:
        n = len(pl.hand)
        c = pl.deck.pop(option - n) if option >= n else pl.hand.pop(option)
        enter(s, p, CARDS[c], None, ev)
    shuffle(s.rng, pl.deck)


# ---------------------------------------------------------------- counter effects


@cites("704.p3", "704.p4", "704.p5", "312.p2", "700.p10", "702.p8")
def counters(s: State, p: int, c: int, start: int, ev: Events) -> None:
    """The counter effects of a life card turned over, from ``start``: each must resolve (a
    target chosen by its player); one that cannot is skipped (704.p4)."""
    abilities = CARDS[c].abilities
    for i in range(start, len(abilities)):
        a = abilities[i]
        if a.when != "counter":
            continue
        options = target_options(s, p, a, NONE)
        if not options:
            continue
        if ev.on:
            ev.append(("counter", "704.p3", f"counter effect of {CARDS[c].name}"))
        if options != [NONE]:
            s.pending = Pending("counter", p, options, c, i)
            return
        do_effect(s, p, a, NONE, NONE, c, ev)


# ---------------------------------------------------------------- the chain


@cites("702.p2", "702.p7", "106.p6", "801.p3", "808.p3", "802.p4", "803.p7", "804.p6", "805.p4", "806.p5", "807.p3",
       "810.p3")
def trigger_actions(s: State) -> list[tuple[int, int, int, bool]]:
    """What the player to add a triggered ability may do: (index, target, hand card paid,
    skip) for each ability of theirs waiting. A cost is paid and the objects chosen as it
    triggers (801.p3 and the like); one that cannot or will not be paid is ignored (702.p7)."""
    p = trigger_player(s)
    out = []
    for i, t in enumerate(s.triggers):
        if t.player != p:
            continue
        a = CARDS[t.card].abilities[t.ability]
        targets = target_options(s, p, a, t.source)
        pays = list(range(len(s.players[p].hand))) if a.pay == "discard" else [NONE]
        if a.cost and not payable(s, p, a.cost, 0, 0) or a.pay == "self" and s.unit(t.source) is None:
            pays = []
        for target in targets:
            for paid in pays:
                out.append((i, target, paid, False))
        if a.may or a.pay or a.cost or not targets or not pays:
            out.append((i, NONE, NONE, True))
    return out


@cites("106.p6", "102.p3")
def trigger_player(s: State) -> int:
    """The turn player adds theirs first, then the other player (106.p6)."""
    return s.active if any(t.player == s.active for t in s.triggers) else 1 - s.active


@cites("106.p1", "106.p2", "106.p5", "705.p1", "318.p3", "319.p4", "321.p3", "704.p6", "407.p3", "408.p1")
def add_trigger(s: State, index: int, target: int, paid: int, skip: bool, ev: Events) -> None:
    """A triggered ability goes on top of the chain (or is ignored when skipped); once all are
    on it the turn player has priority, even in the middle of the chain's resolution, so that
    they may be responded to (318.p3); passing resolves on from the top."""
    t = s.triggers.pop(index)
    a = CARDS[t.card].abilities[t.ability]
    if not skip:
        if paid != NONE:
            to_rest(s, t.player, s.players[t.player].hand.pop(paid))
        pay_resources(s, t.player, a.cost, t.card if a.when == "resource_start" else NONE)
        pay_self(s, a, t.source, ev)
        s.chain.append(Item("ability", t.player, t.card, t.source, t.ability, target))
        if ev.on:
            ev.append(("chain", "106.p2", f"{CARDS[t.card].name}'s ability goes on the chain"))
    if not s.triggers and s.step == RESET:
        s.resolving = True  # 401.p2: they resolve with no priority
    elif not s.triggers:
        s.resolving = False  # a trigger may be responded to (318.p3): see interpretations, triggers-in-resolution
        if s.step == DISCARD:
            s.step = CLEANUP_FREE  # 408.p1: the turn player gets priority; a new clearing step follows
        give_priority(s)


@cites("900.k32", "900.k32.p1", "606.p1")
def pay_self(s: State, a: Ability, source: int, ev: Events) -> None:
    """A cost of 废弃此牌 (咒印): the card leaves our battle zone for the rest area."""
    found = s.unit(source) if a.pay == "self" else None
    if found is not None:
        leave_field(s, found[0], found[1], "rest", ev)
        if ev.on:
            ev.append(("discard", "606.p1", f"{card(found[1]).name} is discarded (废弃) to pay"))


@cites("105.p1", "105.p2")
def give_priority(s: State) -> None:
    """The turn player (re)gains priority (105.p1)."""
    s.priority = s.active
    s.passes = 0


def fire_all(s: State, whens_own: Whens, whens_other: Whens, rest_too: bool) -> None:
    """Turn timings (807, 808): the turn player's cards trigger on ``whens_own``, the other's on
    ``whens_other``; from the battle zone or, with ``rest_too``, the rest area (807.p2)."""
    for i in range(2):  # the turn player, then the other (a range: no tuple built to iterate)
        p = s.active ^ i
        whens = whens_own if p == s.active else whens_other
        for u in s.players[p].field:  # triggering moves no card
            fire(s, p, u, whens)
        if rest_too:
            for c in s.players[p].rest:
                fire_card(s, p, c, whens)


def waiting(s: State) -> list[Trigger]:
    return s.triggers
