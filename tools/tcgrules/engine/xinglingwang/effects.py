"""Effects (六) and what section 十五's keywords make them do: targets and their resistances,
the order of effects of one timing, and each kind of effect of the pool (cards.EFFECTS).

A plain 「結束階段時」 effect resolves at every end phase, the turn player's first (六 1); 衰退
says 「我方結束階段時」 for its own."""
from __future__ import annotations

import itertools

from ..core import shuffle
from .cards import (EFFECT_RES, ENEMY_EFFECT_RES, ENEMY_MAGIC_RES, KIDNAP, MAGIC_RES, RIDE, SOUL, Effect)
from .info import CARDS, card_of, combined, find, keywords, name
from .rules import cites
from .state import (BACK, CHARGE_MAX, FRONT, FRONTS, PLACES, SIDEWAYS, State, Unit, below, place, place_name,
                    target_code)
from .zones import Events, destroy, draw, enter, first_free, leave, set_status, upright


# ---------------------------------------------------------------- targets


@cites("15.c4.k3.1", "15.c4.k3.2", "15.c4.k5.1", "15.c4.k5.2", "7.5")
def targetable(s: State, controller: int, source: str, side: int, slot: int) -> bool:
    """Whether a unit may be chosen by an effect of ``source`` (``magic``, ``unit`` or
    ``field``) that ``controller`` uses: resistances, and a field card targets only its
    controller's cards."""
    u = s.players[side].field[slot]
    if u is None:
        return False
    kw = keywords(u)
    if source == "magic":
        return not (kw & MAGIC_RES or kw & ENEMY_MAGIC_RES and side != controller)
    if source == "unit":
        return not (kw & EFFECT_RES or kw & ENEMY_EFFECT_RES and side != controller)
    return side == controller


def sides(e: Effect, p: int) -> tuple[int, ...]:
    if e.target == "enemy" or e.target == "all_enemy":
        return (1 - p,)
    if e.target == "own":
        return (p,)
    return (p, 1 - p)


def targets(s: State, p: int, e: Effect, source: str, exclude: int = -1) -> list[int]:
    """The target codes an effect may choose now (``exclude``: the code of its own unit)."""
    out = []
    for side in sides(e, p):
        for slot in range(PLACES):
            code = target_code(side, slot)
            if code != exclude and targetable(s, p, source, side, slot) and fits(s, e, side, slot):
                out.append(code)
    return out


def fits(s: State, e: Effect, side: int, slot: int) -> bool:
    """Targets an effect can use at all (a traveler to board, a combined unit to separate)."""
    u = s.players[side].field[slot]
    assert u is not None
    if e.do == "board":
        return u.traveler
    if e.do == "separate":
        return combined(u)
    if e.do == "alight":
        return bool(keywords(u) & RIDE) and u.riders >= e.n and not u.boarded
    return True


def chosen(e: Effect) -> bool:
    """Whether the effect's player chooses one target for it."""
    return e.target in ("enemy", "own", "any")


# ---------------------------------------------------------------- order


@cites("6.1", "6.1.p1", "6.7.p1", "14.1", "13.2")
def trigger(s: State, when: str, players: tuple[int, ...], ev: Events) -> None:
    """Every effect of a timing, each player's in turn (the turn player first): the field card,
    then units in front order (star front 1 first, front before back); a triggered effect
    that chooses takes the first target it may."""
    for p in players:
        pl = s.players[p]
        if pl.field_card >= 0:
            for e in CARDS[pl.field_card].effects_at(when):
                resolve(s, p, e, auto_target(s, p, e, "field"), -1, "field", ev)
        for slot in range(PLACES):
            u = pl.field[slot]
            if u is not None and not u.traveler:
                for e in CARDS[u.card].effects_at(when):
                    if pl.field[slot] is u:
                        resolve(s, p, e, auto_target(s, p, e, "unit"), slot, "unit", ev)


def auto_target(s: State, p: int, e: Effect, source: str) -> int:
    if not chosen(e):
        return -1
    found = targets(s, p, e, source)
    return found[0] if found else -1


# ---------------------------------------------------------------- resolving


@cites("6.2", "6.2.n1", "6.3.p1", "6.7", "6.4", "6.4.p1", "6.6", "10.4")
def resolve(s: State, p: int, e: Effect, target: int, src: int, source: str, ev: Events) -> None:
    """Resolve one effect of player ``p`` from the unit on place ``src`` (-1: none) as far as
    it can: a target no longer where the effect chose it is skipped; an effect on all the
    enemy's units takes them in front order; what follows 「若成功」 only after its first part,
    even when the effect's own card has left the field meanwhile."""
    if e.target == "all_enemy":
        for slot in range(PLACES):
            if targetable(s, p, source, 1 - p, slot):
                apply_effect(s, p, e, target_code(1 - p, slot), src, source, ev)
        return
    if e.target == "self":
        target = target_code(p, src) if src >= 0 else -1
    if (chosen(e) or e.target == "self") and (target < 0 or find(s, target) is None):
        return
    if apply_effect(s, p, e, target, src, source, ev):
        for t in e.then:
            resolve(s, p, t, target, src, source, ev)


def apply_effect(s: State, p: int, e: Effect, target: int, src: int, source: str, ev: Events) -> bool:
    """One effect; whether it was done in full (for what follows it)."""
    pl = s.players[p]
    do = e.do
    side, slot = target // PLACES, target % PLACES
    if ev.on:
        ev.append(("effect", "6.2", f"player {p}: {do}" + (f" {name(e.card)}" if e.card >= 0 else "")
                   + (f" on {place_name(slot)} of player {side}" if target >= 0 else "")))
    if do == "draw":
        draw(s, p, e.n, ev)
    elif do == "bonus":
        gain_bonus(s, p, e.n)
    elif do == "charge":
        charge(s, p, e.n)
    elif do == "discharge":
        return discharge(s, p, e.n)
    elif do == "tap":
        tap(s, side, slot, ev)
    elif do == "destroy":
        destroy(s, side, slot, "6.2", ev)
    elif do == "banish":
        leave(s, side, slot, "banish", ev)
    elif do == "upright":
        u = s.players[side].field[slot]
        assert u is not None
        upright(u)
    elif do == "imprison":
        imprison(s, side, slot)
    elif do == "push":
        push(s, side, slot, e.dir, source, p, ev)
    elif do == "kidnap":
        return kidnap(s, p, src, side, slot, ev)
    elif do == "become":
        become(s, side, slot, e.card, ev)
    elif do == "search":
        search(s, p, e.card, ev)
    elif do == "reveal":
        reveal(s, p, ev)
    elif do == "board":
        return board(s, p, slot)
    elif do == "alight":
        return alight(s, p, slot, e.n)
    elif do == "revive":
        return revive(s, p, e.n)
    elif do == "target":
        to_wheel(s, p, side, slot, ev)
    elif do == "rotate":
        for _ in range(e.times):
            rotate(s, p, ev)
    elif do == "separate":
        return separate(s, side, slot, ev)
    elif do == "parasite":
        return parasite(s, p, src, slot, ev)
    elif do in ("atk", "keyword", "silence", "cheaper"):
        pass  # a given magic card's effect: it lasts while the card lies under the unit (info.attack, info.keywords)
    return True


@cites("15.c7.k1.1", "15.c7.k1.1.p1", "15.c7.k1.2", "4.11.p1")
def gain_bonus(s: State, p: int, n: int) -> None:
    """A bonus gained is never negative and the total never below zero; kept even when the
    unit that gave it leaves."""
    pl = s.players[p]
    pl.bonus = max(pl.bonus + max(n, 0), 0)


@cites("15.c6.k1.1", "15.c6.k1.2", "4.12.p1", "4.12.p2")
def charge(s: State, p: int, n: int) -> None:
    """充能: charge energy goes up by n (never down), zero to five."""
    pl = s.players[p]
    pl.charge = min(pl.charge + max(n, 0), CHARGE_MAX)


@cites("15.c6.k2.1", "15.c6.k2.2", "15.c6.k2.3")
def discharge(s: State, p: int, n: int) -> bool:
    """耗能: n charge energy (at least one) removed before what follows, when the effect
    resolves (a magic card's too); without it, nothing."""
    pl = s.players[p]
    need = max(n, 1)
    if pl.charge < need:
        return False
    pl.charge -= need
    return True


@cites("15.c5.k1.1", "15.c5.k1.2", "8.3.p1")
def tap(s: State, side: int, slot: int, ev: Events) -> None:
    """橫放: the unit goes sideways; an attack it was making is cancelled."""
    u = s.players[side].field[slot]
    assert u is not None
    if ev.on and u.status == 1:
        ev.append(("cancel", "15.c5.k1.2", f"the attack of {card_of(u).name} is cancelled"))
    set_status(u, SIDEWAYS)


@cites("15.c5.k3.1", "15.c5.k3.3")
def imprison(s: State, side: int, slot: int) -> None:
    u = s.players[side].field[slot]
    assert u is not None
    u.imprisoned = True


@cites("15.c5.k3.1", "15.c5.k3.2", "6.8")
def can_move(u: Unit) -> bool:
    """An imprisoned unit may not move (「不得」 over any effect that would move it)."""
    return not u.imprisoned


def step(slot: int, direction: str) -> int:
    """The next place in a push's direction, or -1 past the edge."""
    front, row = slot // 2, slot % 2
    if direction == "back":
        return place(front, BACK) if row == FRONT else -1
    front += 1 if direction == "next" else -1
    return place(front, row) if 0 <= front < FRONTS else -1


def resists(s: State, pusher: int, source: str, side: int, slot: int) -> bool:
    return not targetable(s, pusher, source, side, slot) if source in ("magic", "unit") else False


@cites("15.c5.k6.1", "15.c5.k6.1.p1", "15.c5.k6.2", "15.c5.k6.2.(1)", "15.c5.k6.2.(2)", "15.c5.k6.2.ex1")
def push(s: State, side: int, slot: int, direction: str, source: str, pusher: int, ev: Events) -> None:
    """推擠: the unit moves one place; a unit already there is pushed on. The last unit of the
    line 破圖 at the edge of its row, or when the unit it would push on may not move or resists
    the pushing card; the pool's push cards destroy a unit that 破圖 (see the interpretations);
    then the line moves as far as there is room."""
    field = s.players[side].field
    first = field[slot]
    if first is None or not can_move(first):
        return
    line = [slot]
    broken = -1
    while True:
        nxt = step(line[-1], direction)
        if nxt < 0:
            broken = line[-1]
            break
        u = field[nxt]
        if u is None:
            break
        if not can_move(u) or resists(s, pusher, source, side, nxt):
            broken = line[-1]
            break
        line.append(nxt)
    if broken >= 0:
        if ev.on:
            ev.append(("break", "15.c5.k6.2", f"{card_of(field[broken]).name} 破圖"))  # type: ignore[arg-type]
        destroy(s, side, broken, "15.c5.k6.2", ev)
    for here in reversed(line):
        nxt = step(here, direction)
        if nxt >= 0 and field[nxt] is None and field[here] is not None:
            field[nxt], field[here] = field[here], None


@cites("15.c5.k5.1", "15.c5.k5.2", "15.c5.k5.5", "15.c5.k5.5~2.p1", "15.c5.k5.6")
def kidnap(s: State, p: int, src: int, side: int, slot: int, ev: Events) -> bool:
    """綁架: the target's top card goes under the kidnapping unit showing only its score (its
    other cards to the graveyard); not when the kidnapper holds its limit already (its
    number, or one)."""
    kidnapper = s.players[p].field[src] if src >= 0 else None
    if kidnapper is None or not keywords(kidnapper) & KIDNAP or side == p:
        return False
    if len(kidnapper.kidnapped) >= max(card_of(kidnapper).kidnap, 1):
        return False
    victim = s.players[side].field[slot]
    assert victim is not None
    taken = leave(s, side, slot, "take", ev)
    if taken >= 0:
        kidnapper.kidnapped.append(taken)
    if ev.on:
        ev.append(("kidnap", "15.c5.k5.1", f"{card_of(kidnapper).name} kidnaps {card_of(victim).name}"))
    return True


@cites("15.c5.k5.7", "15.c6.k3.3")
def lose_effects(s: State, side: int, u: Unit, ev: Events) -> None:
    """A unit lost its effects: the cards it kidnapped all go to their owner's graveyard, the
    travelers riding it back to the forest."""
    s.players[1 - side].grave.extend(u.kidnapped)
    s.players[side].forest += u.riders
    u.kidnapped, u.riders = [], 0
    if ev.on:
        ev.append(("lose", "15.c5.k5.7 15.c6.k3.3", f"{card_of(u).name} loses its effects"))


@cites("15.c5.k2.1", "15.c5.k2.2", "15.c5.k2.3")
def become(s: State, side: int, slot: int, card: int, ev: Events) -> None:
    """變為: the unit and its given magic go to the graveyard and the named card takes its place
    in the same status (and may still be moved this turn as the unit could)."""
    old = s.players[side].field[slot]
    assert old is not None
    status, fresh = old.status, old.fresh
    leave(s, side, slot, "grave", ev)
    s.players[side].made += 1
    u = enter(s, side, card, slot, False, status, ev)
    u.fresh = fresh


@cites("15.c7.k4.1")
def search(s: State, p: int, card: int, ev: Events) -> None:
    """尋找: the named card from the deck to the hand, shown; the deck is shuffled."""
    pl = s.players[p]
    if card in pl.deck:
        pl.deck.remove(card)
        pl.hand.append(card)
        if ev.on:
            ev.append(("search", "15.c7.k4.1", f"player {p} finds {name(card)}"))
    shuffle(s.rng, pl.deck)


@cites("15.c7.k3.1", "15.c7.k3.2", "15.c7.k3.3", "15.c7.k3.4", "15.c4.k1.2", "9.3")
def reveal(s: State, p: int, ev: Events) -> None:
    """展示 the deck's top card: a unit needing no sacrifice is summoned (no 立即: it is not
    played); otherwise, or when it cannot enter, it goes back where it was once the effect is done."""
    pl = s.players[p]
    if not pl.deck:
        return
    card = pl.deck.pop()  # in the effect's hands, in no zone
    d = CARDS[card]
    slot = first_free(s, p)
    if ev.on:
        ev.append(("reveal", "15.c7.k3.1", f"player {p} reveals {d.name}"))
    if d.kind == "unit" and d.sacrifice == 0 and not d.blue and slot >= 0:
        summoned(s, p, enter(s, p, card, slot, False, 0, ev), ev)
    else:
        pl.deck.append(card)


@cites("15.c6.k3.1", "15.c6.k3.2")
def summoned(s: State, p: int, u: Unit, ev: Events) -> None:
    """What entering does by itself: a 搭乘 unit takes travelers from the forest, up to its number."""
    d = card_of(u)
    if keywords(u) & RIDE:
        pl = s.players[p]
        n = min(d.ride - u.riders, pl.forest)
        pl.forest -= n
        u.riders += n
        u.boarded = True


@cites("15.c6.k4.1", "15.c6.k3.2")
def board(s: State, p: int, slot: int) -> bool:
    """上車: a little traveler of the field moves under a 搭乘 unit with room (the first in front order)."""
    pl = s.players[p]
    for u in pl.field:
        if u is not None and keywords(u) & RIDE and u.riders < card_of(u).ride:
            pl.field[slot] = None
            u.riders += 1
            u.boarded = True
            return True
    return False


@cites("15.c6.k5.1", "15.c6.k5.2")
def alight(s: State, p: int, slot: int, n: int) -> bool:
    """下車: n riders of the chosen 搭乘 unit back to the forest before what follows; not in the
    turn it rode or was boarded."""
    u = s.players[p].field[slot]
    if u is None or u.riders < n or u.boarded:
        return False
    u.riders -= n
    s.players[p].forest += n
    return True


@cites("15.c6.k7.1", "15.c6.k6.1")
def revive(s: State, p: int, n: int) -> bool:
    """還魂: 亡魂 cards of the graveyard whose soul points total exactly n go to the hand (the
    fewest cards, earliest first) before what follows."""
    pl = s.players[p]
    souls = [c for c in pl.grave if CARDS[c].keywords & SOUL]
    for k in range(1, len(souls) + 1):
        for combo in itertools.combinations(souls, k):
            if sum(CARDS[c].soul for c in combo) == n:
                for c in combo:
                    pl.grave.remove(c)
                    pl.hand.append(c)
                return True
    return False


@cites("15.c6.k8.1", "4.12.p2")
def to_wheel(s: State, p: int, side: int, slot: int, ev: Events) -> None:
    """上靶: the target goes face up to the wheel of the effect's player (an enemy's card stays
    its owner's)."""
    taken = leave(s, side, slot, "take", ev)
    if taken >= 0:
        pl = s.players[p]
        if side != p:
            pl.wheel_foreign.append(len(pl.wheel))
        pl.wheel.append(taken)


@cites("15.c6.k9.1", "15.c6.k9.2", "15.c6.k9.2.n1", "15.c6.k9.3", "15.c6.k9.4", "15.c6.k9.5")
def rotate(s: State, p: int, ev: Events) -> None:
    """輪轉: the wheel is shuffled face down and the opponent reveals one card at random (開盤,
    no longer counted in the wheel); its 開盤 effects resolve; still revealed, it goes to its
    owner's graveyard without 上靶. Several 輪轉 go one after another."""
    pl = s.players[p]
    if not pl.wheel:
        return
    owners = [1 - p if i in pl.wheel_foreign else p for i in range(len(pl.wheel))]
    pairs = list(zip(pl.wheel, owners))
    shuffle(s.rng, pairs)
    card, owner = pairs.pop(below(s.rng, len(pairs)))
    pl.wheel = [c for c, _ in pairs]
    pl.wheel_foreign = [i for i, (_, o) in enumerate(pairs) if o != p]
    if ev.on:
        ev.append(("open", "15.c6.k9.2", f"player {1 - p} reveals {name(card)} from the wheel of player {p}"))
    for e in CARDS[card].effects_at("open"):
        resolve(s, p, e, auto_target(s, p, e, "unit"), -1, "unit", ev)
    s.players[owner].grave.append(card)


@cites("15.c3.k5.1", "15.c3.k5.2", "15.c3.k5.3", "15.c3.k5.4", "15.c3.k1.3")
def separate(s: State, side: int, slot: int, ev: Events) -> bool:
    """分開: a combined unit's cards each enter its controller's field (the top card on its
    place, the others on free places, front first); given magic goes to the graveyard; not
    done when there is no room for all."""
    pl = s.players[side]
    u = pl.field[slot]
    assert u is not None
    if sum(1 for x in pl.field if x is None) < len(u.under):
        return False
    pl.grave.extend(u.given)
    u.given = []
    rest, u.under = u.under, []
    for c in rest:
        enter(s, side, c, first_free_any(s, side, slot % 2), False, u.status, ev)
    return True


def first_free_any(s: State, p: int, row: int) -> int:
    """The first empty place, of ``row`` first."""
    field = s.players[p].field
    for r in (row, 1 - row):
        for f in range(FRONTS):
            if field[place(f, r)] is None:
                return place(f, r)
    return -1


@cites("15.c3.k4.1", "15.c3.k1.1", "15.c3.k1.4")
def parasite(s: State, p: int, src: int, slot: int, ev: Events) -> bool:
    """寄生合體: the unit moves to its target's place and goes under it (its given magic to the graveyard)."""
    pl = s.players[p]
    me, host = (pl.field[src] if src >= 0 else None), pl.field[slot]
    if me is None or host is None or me is host or me.traveler or not can_move(me):
        return False
    pl.field[src] = None
    pl.grave.extend(me.given + host.given)
    host.given = []
    host.under.extend([me.card] + me.under)
    host.riders += me.riders
    host.kidnapped.extend(me.kidnapped)
    if ev.on:
        ev.append(("combine", "15.c3.k4.1", f"{card_of(me).name} goes under {card_of(host).name}"))
    return True
