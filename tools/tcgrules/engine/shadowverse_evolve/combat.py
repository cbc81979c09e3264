"""Attacking with a follower (8.4) and the keywords that shape attacks: storm (12.9), rush
(12.10), assail (12.11), ward (12.8), intimidate (12.12), drain (12.13) and bane (12.14)."""
from __future__ import annotations

from ..core import IllegalAction
from .cards import ASSAIL, BANE, DRAIN, INTIMIDATE, RUSH, STORM, WARD
from .info import constant, is_follower, keywords, unit_name
from .rules import cites
from .state import AFTER_ATTACK, AFTER_DAMAGE, MAIN, NO_TARGET, State, Unit, leader_of, leader_target
from .zones import Events, damage_leader, damage_unit, fire, heal, power


@cites("8.4.2", "8.4.2.1", "8.4.2.1.1", "8.4.2.1.2", "12.9.1", "12.9.2", "12.10.1", "12.10.2")
def may_attack(u: Unit) -> bool:
    """An untapped follower controlled since the turn began, evolved this turn, or with
    storm or rush."""
    return is_follower(u) and not u.tapped and (u.ready or u.evolved_now or bool(keywords(u) & (STORM | RUSH)))


@cites("8.4.3.1.2", "12.9.2", "12.10.2", "8.4.3.2.1")
def may_hit_leader(u: Unit) -> bool:
    """Only a follower controlled since the turn began, or with storm, may attack the leader
    (rush and this turn's evolving let it attack followers only), and not one that cannot
    attack the opponent."""
    return (u.ready or bool(keywords(u) & STORM)) and not constant(u, "no_leader_attack")


@cites("8.4.3.1.1", "12.11.1", "12.11.2", "12.12.1", "12.12.2", "12.12.2.1")
def attackable(assail: bool, target: Unit) -> bool:
    """A tapped follower of the opponent (an untapped one too for an attacker with assail),
    not one with intimidate."""
    return is_follower(target) and (target.tapped or assail) and not keywords(target) & INTIMIDATE


@cites("8.4.3", "8.4.3.1", "8.4.3.2", "12.8.1", "12.8.2", "1.3.3", "1.3.2.3")
def attack_targets(s: State, p: int, attacker: Unit) -> list[int]:
    """What the follower may attack: when it can attack a tapped ward follower, one of those
    (12.8.2); when it can attack a follower that must be attacked if possible (挑衅), one of
    those. When no target meets both requirements, those meeting the most (1.3.2.3)."""
    assail = bool(keywords(attacker) & ASSAIL)
    field = s.players[1 - p].field
    ward = lure = False
    for u in field:  # which requirements some target meets (no list of them is made)
        if attackable(assail, u):
            ward = ward or bool(keywords(u) & WARD) and u.tapped
            lure = lure or constant(u, "lure") > 0
    best = 0
    out: list[int] = []
    for u in field:
        if attackable(assail, u):
            met = (1 if ward and keywords(u) & WARD and u.tapped else 0) + (1 if lure and constant(u, "lure") else 0)
            if met > best:
                best, out = met, []
            if met == best:
                out.append(u.uid)
    if best == 0 and may_hit_leader(attacker):
        out.append(leader_target(1 - p))
    return out


@cites("8.4.1", "8.4.4", "8.4.5", "8.4.5.1", "8.4.6", "12.7.1", "12.7.2")
def declare(s: State, p: int, uid: int, target: int, ev: Events) -> None:
    """Attack: tap the attacker, which triggers its attack abilities; attacking a follower
    puts both in a clash (交战); then the check timing (8.4.6)."""
    if s.step != MAIN or p != s.active or s.triggers:
        raise IllegalAction("8.4.1", f"player {p} cannot attack now")
    u = s.players[p].unit(uid)
    if u is None:
        raise IllegalAction("8.4.2", f"player {p} controls no follower #{uid}")
    if not may_attack(u):
        raise IllegalAction("8.4.2", f"{unit_name(u)} cannot attack now (tapped, or not controlled since the "
                                     "turn began)")
    if target not in attack_targets(s, p, u):
        if leader_of(target) >= 0 and constant(u, "no_leader_attack"):
            raise IllegalAction("8.4.3.2.1", f"{unit_name(u)} cannot attack the opponent")
        raise IllegalAction("8.4.3.2", f"{unit_name(u)} cannot attack {target_text(s, p, target)}")
    u.tapped = True
    s.attacker, s.defender = uid, target
    s.clash = target >= 0
    if ev.on:
        ev.append(("declare", "8.4.5", f"{unit_name(u)} attacks {target_text(s, p, target)}"))
    fire(s, p, u, u.evolved if u.evolved >= 0 else u.card, "attack")
    s.step = AFTER_ATTACK


def target_text(s: State, p: int, target: int) -> str:
    if target < 0:
        return f"the leader of player {leader_of(target)}"
    found = s.players[1 - p].unit(target)
    return unit_name(found) if found is not None else f"#{target}"


@cites("8.4.9", "8.4.9.1", "8.4.9.2", "5.13.3.1", "5.13.3.2", "12.14.2")
def strike(s: State, ev: Events) -> None:
    """The attacker, if still on the field, deals its attack as damage to the target; a
    follower target deals its attack back at the same time; a clash then triggers."""
    p = s.active
    attacker = s.players[p].unit(s.attacker)
    s.step = AFTER_DAMAGE
    if attacker is None:
        if ev.on:
            ev.append(("strike", "8.4.9", "the attacker has left the field: no damage"))
        return
    if ev.on:
        ev.append(("strike", "8.4.9 5.13.3.1", f"{unit_name(attacker)} deals its attack as damage"))
    if s.defender < 0:
        dealt = damage_leader(s, leader_of(s.defender), power(attacker), ev)
        drain(s, p, attacker, dealt, ev)
        return
    target = s.players[1 - p].unit(s.defender)
    if target is None:
        if ev.on:
            ev.append(("strike", "8.4.9", "the attack target has left the field: no damage"))
        return
    dealt = damage_unit(s, target, power(attacker), ev)
    damage_unit(s, attacker, power(target), ev)
    drain(s, p, attacker, dealt, ev)
    if s.clash:
        clash(s, p, attacker, target, ev)


@cites("8.4.9.2", "12.14.1", "12.14.2", "12.14.2.1", "11.3.2", "11.3.2.1")
def clash(s: State, p: int, attacker: Unit, target: Unit, ev: Events) -> None:
    """Both trigger their clash abilities; a follower that clashed with a bane follower is
    destroyed at the next rule processing, damage or not: destroyed by an ability (11.3.2.1),
    so not one that abilities cannot destroy."""
    if keywords(attacker) & BANE and not constant(target, "unbreakable"):
        target.bane_hit = True
    if keywords(target) & BANE and not constant(attacker, "unbreakable"):
        attacker.bane_hit = True
    if ev.on:
        ev.append(("clash", "8.4.9.2", f"{unit_name(attacker)} and {unit_name(target)} clash"))
    fire(s, p, attacker, attacker.evolved if attacker.evolved >= 0 else attacker.card, "clash")
    fire(s, 1 - p, target, target.evolved if target.evolved >= 0 else target.card, "clash")


@cites("12.13.1", "12.13.2", "12.13.2.1", "12.13.2.2", "12.13.3")
def drain(s: State, p: int, attacker: Unit, dealt: int, ev: Events) -> None:
    """An attacker with drain heals its leader by the attack damage it dealt (once, however
    many drains it has: one bit)."""
    if keywords(attacker) & DRAIN and dealt > 0:
        heal(s, p, dealt, ev, "12.13.2")


@cites("8.4.11")
def end_attack(s: State) -> None:
    """The attack is over: the clash ends, the main phase goes on."""
    s.attacker, s.defender, s.clash = -1, NO_TARGET, False
    s.step = MAIN
