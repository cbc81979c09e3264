"""Attacks and battles (十一) with the attack keywords of section 十五 (1類 貫穿 遠程 劇毒 阻擋,
2類 偷襲 拆卸 破甲 滑行 通電).

A unit attacks in its controller's tactics phase (its status 進攻, 八 2); its battles are
fought in the other player's next defense phase, one attacker at a time in front order, each
after a window in which both players may use cards (11.6.(1)). A battle that must ask (偷襲)
stops with a pending choice and goes on from where it stood (``State.fight_*``).
"""
from __future__ import annotations

from ..core import IllegalAction
from .cards import ARMOR, BLOCK, DISMANTLE, GLIDE, PIERCE, POISON, POWER, RANGED, SNEAK
from .effects import auto_target, can_move, resolve
from .info import CARDS, attack, card_of, combined, dismantles, keywords, unit_score
from .rules import cites
from .state import ATTACK, BACK, FRONT, PLACES, SIDEWAYS, UPRIGHT, Pending, State, Unit, place, place_name, target_code
from .zones import Events, destroy, leave, set_status, upright


@cites("11.4", "5.1.p1", "5.2.p1", "5.3.p1", "5.4.p1")
def ahead(s: State, p: int, slot: int) -> list[int]:
    """The enemy's places with a unit in front of a unit (along its star front, towards the
    enemy back row): the enemy front place first, then the back place."""
    front = slot // 2
    enemy = s.players[1 - p].field
    return [x for x in (place(front, FRONT), place(front, BACK)) if enemy[x] is not None]


def may_be_attacked(attacker: Unit, defender: Unit) -> bool:
    """阻擋 units may be attacked only by 破甲 units (15.c1.k4.2, 15.c2.k3.1)."""
    return not keywords(defender) & BLOCK or bool(keywords(attacker) & ARMOR)


@cites("15.c1.k1.1", "15.c1.k1.1.p1", "15.c1.k1.2", "15.c1.k2.1", "15.c1.k2.3", "15.c1.k2.4", "15.c1.k2.5",
       "15.c1.k4.2", "15.c1.k4.3", "11.4")
def targets_of(s: State, p: int, slot: int, aim: int) -> list[int]:
    """The enemy places a unit at ``slot`` fights, in order: the first enemy unit in front; a
    遠程 unit the unit of the row it aimed at (wherever it has moved); a 貫穿 unit every unit in
    front, front first, stopping before one it may not attack. Empty when it may not attack the
    first of them (a 阻擋 target turns it upright unless it has 破甲)."""
    u = s.players[p].field[slot]
    assert u is not None
    kw = keywords(u)
    enemy = s.players[1 - p].field
    found = ahead(s, p, slot)
    if kw & RANGED and not kw & PIERCE:
        found = [x for x in found if x % 2 == aim]
    if kw & PIERCE and kw & RANGED:
        found = [x for x in found if may_be_attacked(u, enemy[x])]  # type: ignore[arg-type]
    if not found or not may_be_attacked(u, enemy[found[0]]):  # type: ignore[arg-type]
        return []
    if not kw & PIERCE:
        return found[:1]
    out = [found[0]]
    if len(found) > 1 and may_be_attacked(u, enemy[found[1]]):  # type: ignore[arg-type]
        out.append(found[1])
    return out


@cites("11.2", "8.3.p1", "11.2.n1", "15.c1.k4.1", "15.c1.k4.2", "15.c1.k2.1", "15.c3.k1.2.p1")
def attack_problem(s: State, p: int, slot: int, aim: int) -> str:
    """Why the unit may not attack now ("" if it may): the record that forbids it."""
    u = s.players[p].field[slot]
    if u is None:
        return "11.1"
    if u.attacked or u.status == ATTACK:
        return "11.2.n1"
    if u.status == SIDEWAYS:
        return "8.3.p1"
    if keywords(u) & BLOCK:
        return "15.c1.k4.1"
    if keywords(u) & RANGED and not keywords(u) & PIERCE and aim not in (FRONT, BACK):
        return "15.c1.k2.1"
    if not targets_of(s, p, slot, aim):
        front = ahead(s, p, slot)
        blocked = bool(front) and not may_be_attacked(u, s.players[1 - p].field[front[0]])  # type: ignore[arg-type]
        return "15.c1.k4.2" if blocked and not keywords(u) & RANGED else "11.2"
    return ""


@cites("11.1", "11.2", "11.3", "11.3.p1", "2.4.(2)", "8.2.p1", "15.c2.k4.1", "15.c2.k4.2")
def declare_attack(s: State, p: int, slot: int, aim: int, glide: int, ev: Events) -> None:
    """The unit attacks (進攻): a 滑行 unit may first move to an empty place of its field from
    which it could attack (electrifying the star fronts on its way), then the checks of 11.2."""
    pl = s.players[p]
    u = pl.field[slot]
    if u is None:
        raise IllegalAction("11.1", f"no unit of player {p} on {place_name(slot)}")
    if glide >= 0 and glide != slot:
        if not keywords(u) & GLIDE:
            raise IllegalAction("15.c2.k4.1", f"{card_of(u).name} has no 滑行")
        if pl.field[glide] is not None or not can_move(u):
            raise IllegalAction("15.c2.k4.1", f"{card_of(u).name} may not move to {place_name(glide)}")
        pl.field[glide], pl.field[slot] = u, None
        if attack_problem(s, p, glide, aim):
            raise IllegalAction("15.c2.k4.2", f"{card_of(u).name} could not attack from {place_name(glide)}")
        electrify(s, p, slot // 2, glide // 2, u, ev)
        slot = glide
    problem = attack_problem(s, p, slot, aim)
    if problem:
        raise IllegalAction(problem, f"{card_of(u).name} may not attack")
    set_status(u, ATTACK)
    u.aim = aim if keywords(u) & RANGED else -1
    u.attacked = True
    s.moved = True
    if ev.on:
        ev.append(("attack", "11.1 8.2.p1", f"{card_of(u).name} of player {p} attacks from {place_name(slot)}"))


@cites("15.c2.k5.1", "15.c2.k5.2", "15.c2.k5.3")
def electrify(s: State, p: int, start: int, end: int, glider: Unit, ev: Events) -> None:
    """通電: every other card with 通電 on the star fronts from the start to the end of the move
    (the shortest path) electrifies, in the order the path touches them (its own field's front
    then back, then the other field's)."""
    way = 1 if end >= start else -1
    for front in range(start, end + way, way):
        for side in (p, 1 - p):
            for row in (FRONT, BACK):
                slot = place(front, row)
                u = s.players[side].field[slot]
                if u is not None and u is not glider and keywords(u) & POWER:
                    if ev.on:
                        ev.append(("power", "15.c2.k5.2", f"{card_of(u).name} electrifies"))
                    for e in CARDS[u.card].effects_at("powered"):
                        resolve(s, side, e, auto_target(s, side, e, "unit"), slot, "unit", ev)


# ---------------------------------------------------------------- the defense phase


@cites("11.2", "11.5", "11.4", "15.c1.k2.1.p1", "15.c1.k4.3")
def check_attackers(s: State, ev: Events) -> bool:
    """The other player's attacking units that can no longer attack (no enemy unit in front,
    or one they may not attack) turn upright; whether any attacker is left."""
    p = 1 - s.active
    left = False
    for slot in range(PLACES):
        u = s.players[p].field[slot]
        if u is not None and u.status == ATTACK:
            if targets_of(s, p, slot, u.aim):
                left = True
            else:
                upright(u)
                if ev.on:
                    ev.append(("upright", "11.2", f"{card_of(u).name} has no target and turns upright"))
    return left


@cites("11.6.(1)", "6.7.p1")
def next_attacker(s: State) -> int:
    """The first attacking unit of the other player in front order."""
    field = s.players[1 - s.active].field
    for slot in range(PLACES):
        u = field[slot]
        if u is not None and u.status == ATTACK:
            return slot
    return -1


@cites("11.6", "11.6.(1)", "11.6.(7)", "15.c1.k1.3")
def start_battle(s: State, ev: Events) -> None:
    """Both players passed: the first battle in front order begins against its targets."""
    slot = next_attacker(s)
    p = 1 - s.active
    u = s.players[p].field[slot]
    assert u is not None
    s.fight, s.fight_defs, s.fight_i, s.fight_won, s.fight_asked = slot, targets_of(s, p, slot, u.aim), 0, 0, False
    if ev.on:
        ev.append(("battle", "11.6.(1)", f"{card_of(u).name} fights " + ", ".join(place_name(d) for d in s.fight_defs)))
    fight(s, ev)


@cites("11.6.(2)", "15.c2.k3.1", "15.c2.k3.2", "15.c2.k3.3", "15.c2.k2.1", "15.c2.k2.2", "15.c1.k4.4")
def attacker_wins(a: Unit, d: Unit) -> bool:
    """The attacker wins when its attack is at least the defender's. 拆卸 against a combined
    unit wins whatever the attacks; a 阻擋 defender attacked by 破甲 has its score as attack."""
    if dismantles(a, d):
        return True
    if dismantles(d, a):
        return False
    defence = unit_score(d) if keywords(d) & BLOCK else attack(d)
    return attack(a) >= defence


@cites("11.6.(2)", "11.6.(3)", "11.6.(4)", "11.6.n1", "15.c2.k1.1", "15.c2.k1.3")
def fight(s: State, ev: Events) -> None:
    """The battles of one attacker against its defenders in order (front first): compare,
    then the winner's effects, then the loser's. A 偷襲 attacker that won (once is enough) is
    asked before the first winner's effects whether it goes back to the hand."""
    p = 1 - s.active
    mine, theirs = s.players[p].field, s.players[s.active].field
    while s.fight_i < 2 * len(s.fight_defs):
        i, effects_next = divmod(s.fight_i, 2)
        a, d = mine[s.fight], theirs[s.fight_defs[i]]
        if d is None or (a is None and not effects_next):
            s.fight_i = 2 * i + 2
            continue
        if not effects_next:
            assert a is not None
            won = attacker_wins(a, d)
            s.fight_won |= (1 << i) if won else 0
            s.fight_i += 1
            if ev.on:
                ev.append(("compare", "11.6.(2)", f"{card_of(a).name} {attack(a)} against {card_of(d).name}: "
                           + ("attacker" if won else "defender") + " wins"))
            if won and keywords(a) & SNEAK and not s.fight_asked:
                s.fight_asked = True
                s.pending = Pending("sneak", p, (0, 1), s.fight)
                return
            continue
        won = bool(s.fight_won >> i & 1)
        winner, loser = (a, d) if won else (d, a)
        for unit, side, when in ((winner, p if won else s.active, "win"), (loser, s.active if won else p, "lose")):
            if unit is not None:
                battle_effects(s, side, unit, when, target_code(s.active, s.fight_defs[i]), ev)
        s.fight_i += 1
    finish_battle(s, ev)


def battle_effects(s: State, side: int, u: Unit, when: str, defender: int, ev: Events) -> None:
    slot = s.players[side].field.index(u) if u in s.players[side].field else -1
    for e in card_of(u).effects_at(when) if not u.traveler else ():
        target = defender if e.target == "defender" else auto_target(s, side, e, "unit")
        resolve(s, side, e, target, slot, "unit", ev)


@cites("15.c2.k1.1", "15.c2.k1.2", "15.c2.k1.4")
def sneak(s: State, go_back: bool, ev: Events) -> None:
    """偷襲 answered: the attacker's top card goes back to the hand (a combined unit's other cards
    stay on the place, upright); then the battle goes on."""
    s.pending = None
    p = 1 - s.active
    u = s.players[p].field[s.fight]
    if go_back and u is not None:
        if combined(u):
            s.players[p].hand.append(u.card)
            u.card, u.under = u.under[0], u.under[1:]
            upright(u)
            s.fight = -2  # the unit stays, but the attacker has left the battle
        else:
            leave(s, p, s.fight, "hand", ev)
        if ev.on:
            ev.append(("sneak", "15.c2.k1.1", f"the attacker of player {p} goes back to the hand"))
    fight_on(s, ev)


def fight_on(s: State, ev: Events) -> None:
    if s.fight == -2:
        s.fight_i = 2 * len(s.fight_defs)
        s.fight = -1
        finish_battle(s, ev, gone=True)
        return
    fight(s, ev)


@cites("11.6.(5)", "11.6.(6)", "11.6.(7)", "15.c1.k3.1", "15.c1.k3.2", "15.c1.k2.2", "15.c1.k1.3", "10.2",
       "15.c1.k1.2")
def finish_battle(s: State, ev: Events, gone: bool = False) -> None:
    """Battle destruction, in order: each defender, then the attacker — a unit that lost, or
    fought a 劇毒 unit (effect resistance does not help: it changes the rules of battle); an
    attacking 遠程 unit is never battle-destroyed. Then the attacker goes sideways."""
    p = 1 - s.active
    a = None if gone else s.players[p].field[s.fight]
    poisoned_attacker = False
    attacker_lost = False
    for i, slot in enumerate(s.fight_defs):
        d = s.players[s.active].field[slot]
        won = bool(s.fight_won >> i & 1)
        if d is None:
            continue
        attacker_lost = attacker_lost or not won
        poisoned_attacker = poisoned_attacker or bool(keywords(d) & POISON)
        if won or a is not None and keywords(a) & POISON:
            destroy(s, s.active, slot, "11.6.(5)", ev)
    if a is not None and s.players[p].field[s.fight] is a:
        if (attacker_lost or poisoned_attacker) and not keywords(a) & RANGED:
            destroy(s, p, s.fight, "11.6.(5)", ev)
        if s.players[p].field[s.fight] is a:
            set_status(a, SIDEWAYS)
            if ev.on:
                ev.append(("sideways", "11.6.(6)", f"{card_of(a).name} goes sideways"))
    s.fight, s.fight_defs, s.fight_i, s.fight_won = -1, [], 0, 0
    s.priority, s.passes = s.active, 0


@cites("11.6.(8)", "15.c2.k1.3")
def end_defense(s: State, ev: Events) -> None:
    """The defense phase ends: given magic of 「本次戰鬥」 (timing ``battle``) is lost."""
    for pl in s.players:
        for u in pl.field:
            if u is not None:
                lost = [m for m in u.given if CARDS[m].timing == "battle"]
                if lost:
                    u.given = [m for m in u.given if CARDS[m].timing != "battle"]
                    pl.grave.extend(lost)
    if ev.on:
        ev.append(("phase", "11.6.(8)", "the defense phase ends"))


def can_attack(s: State, p: int) -> bool:
    """Whether a unit of the player may attack now (from its place or after a glide)."""
    return bool(attack_places(s, p, True))


def attack_places(s: State, p: int, first: bool = False) -> list[tuple[int, int, int]]:
    """Every (place, aim, glide) from which a unit of the player may attack now (``first``:
    the first one found only)."""
    out: list[tuple[int, int, int]] = []
    pl = s.players[p]
    for slot in range(PLACES):
        u = pl.field[slot]
        if u is None or u.status != UPRIGHT or u.attacked:
            continue
        aims = (FRONT, BACK) if keywords(u) & RANGED and not keywords(u) & PIERCE else (-1,)
        for aim in aims:
            if not attack_problem(s, p, slot, aim):
                out.append((slot, aim, -1))
                if first:
                    return out
            if keywords(u) & GLIDE and can_move(u):
                for to in range(PLACES):
                    if pl.field[to] is None and glide_ok(s, p, slot, to, aim):
                        out.append((slot, aim, to))
    return out


def glide_ok(s: State, p: int, slot: int, to: int, aim: int) -> bool:
    field = s.players[p].field
    field[to], field[slot] = field[slot], None
    ok = not attack_problem(s, p, to, aim)
    field[slot], field[to] = field[to], None
    return ok

