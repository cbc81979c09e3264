"""Battle (chapter 5): declaring an attack (405.1), the attack step (501), declaring defense
(502), the defense step (503), the battle step (504), the battle's clearing step (505) and
its end (506), with the battle keywords of 900."""
from __future__ import annotations

from typing import Final

from ..action import Events
from .effects import give_priority
from .info import DOERS, NO_CARDS, active_abilities, card, characters, constant_applies, damage_dealt, defense, \
    has_any, has_constant, is_character, keyword_count
from .rules import cites
from .state import (ATTACK_FREE, BATTLE_FREE, BLOCK, BLOCK_FREE, CLEAR_FREE, DECLARED, DEFENSE_FREE, LIFE_TARGET,
                    MAIN, NONE, TARGET, State, Unit, in_battle)
from .zones import Whens, damage_life, deal_damage, destroy, fire, pay, payable

# The timings of a battle (803-806), each with the cards that have an ability of one of them.
ATTACK: Final = Whens("attack")
DEFEND: Final = Whens("defend")
ATTACK_BATTLE_SET: Final = Whens("battle_set", "attack_battle_set")
DEFEND_BATTLE_SET: Final = Whens("battle_set", "defend_battle_set")
LIFE_HIT: Final = Whens("life_hit")
ATTACK_WON: Final = Whens("battle_won", "attack_won")
DEFEND_WON: Final = Whens("battle_won", "defend_won")
ATTACK_DESTROYED: Final = Whens("destroyed", "battle_destroyed", "attack_destroyed")
DEFEND_DESTROYED: Final = Whens("destroyed", "battle_destroyed", "defend_destroyed")


@cites("318.p6", "405.1.p2", "900.k1", "900.k1.p1", "900.k4", "900.k4.p1", "900.k4.p2", "900.k35",
       "104.p3", "102.p2", "405.1.p4")
def may_attack(s: State, p: int, u: Unit) -> bool:
    """An untapped character of ours that may attack: not in the turn it entered (318.p6)
    unless it has 突袭; never with 守备 (不能宣布攻击: it wins over 突袭's may, 102.p2); not under
    灵压; an extra cost to attack payable (405.1.p4)."""
    return is_character(u) and not u.tapped and (u.entered != s.turn or
                                                             keyword_count(s, p, u, "突袭") > 0) \
        and keyword_count(s, p, u, "守备") == 0 and u.locked < s.turn and payable(s, p, attack_cost(s, p, u), 0, 0)


def attack_cost(s: State, p: int, u: Unit) -> int:
    if not has_any(u, DOERS.get("attack_cost", NO_CARDS)):
        return 0
    return sum(a.n for _, _, a in active_abilities(s, p, u) if a.do == "attack_cost" and constant_applies(s, p, a))


@cites("405.1.p5",)
def must_attack(s: State, p: int) -> bool:
    """A character of ours that must attack if it can, and can: the turn player may do anything
    else but not end the action phase (the turn player's pass with an empty chain ends it)."""
    return any(has_constant(s, p, u, "must_attack") and may_attack(s, p, u) for u in s.players[p].field)


@cites("405.1.p1", "405.1.p2", "500.p1", "405.p1", "405.p3")
def declare_attack(s: State, p: int, uid: int, ev: Events) -> None:
    """Declare the attack, then a free timing with the turn player's priority (405.1.p2)."""
    pay(s, p, attack_cost(s, p, _unit(s, uid)), 0, 0)
    s.attacker = uid
    s.step = DECLARED
    if ev.on:
        ev.append(("declare", "405.1.p2", f"player {p} declares an attack with {card(_unit(s, uid)).name}"))
    give_priority(s)


def _unit(s: State, uid: int) -> Unit:
    found = s.unit(uid)
    assert found is not None
    return found[1]


@cites("405.1.p3", "501.p1", "900.k1.p2")
def after_declared(s: State, ev: Events) -> None:
    """The attack is established only if the character may still attack (an instant tactic may
    have made it unable to, 405.1.p3, or taken its 突袭 in the turn it entered, 900.k1.p2:
    back to the non-battle action phase)."""
    found = s.unit(s.attacker)
    if found is None or found[0] != s.active or not may_attack(s, s.active, found[1]):
        if ev.on:
            ev.append(("no_attack", "405.1.p3", "the attack is not established"))
        end_battle(s, ev)
        return
    s.step = TARGET


@cites("501.p2")
def attack_targets(s: State) -> list[int]:
    """The defending player's life area and their tapped characters (501.p2)."""
    return [LIFE_TARGET] + [u.uid for u in characters(s, 1 - s.active) if u.tapped]


@cites("501.p1", "805.p1", "805.p2", "805.p3", "603.p1", "317.p8")
def choose_target(s: State, target: int, ev: Events) -> None:
    """The attacker taps and attacks: 【攻击时】 triggers (805.p1), then a free timing."""
    u = _unit(s, s.attacker)
    u.tapped = True
    s.target = target
    fire(s, s.active, u, ATTACK)
    if ev.on:
        ev.append(("attack", "501.p1", f"{card(u).name} attacks " +
               ("the life area" if target == LIFE_TARGET else card(_unit(s, target)).name)))
    s.step = ATTACK_FREE
    give_priority(s)


@cites("502.p2", "502.p4", "502.p3", "900.k11", "900.k11.p1", "900.k11.p2", "900.k35", "502.p1")
def blockers(s: State) -> list[int]:
    """The defending player's untapped characters that may declare defense: not the one
    attacked (502.p4), not under 灵压; against 神速 only those with 神速 or 守备; none against a
    character that cannot be defended against (502.p1)."""
    q = 1 - s.active
    attacker = _unit(s, s.attacker)
    if has_constant(s, s.active, attacker, "unblockable"):
        return []
    speed = keyword_count(s, s.active, attacker, "神速") > 0
    out = []
    for u in characters(s, q):
        if u.tapped or u.uid == s.target or u.locked >= s.turn:
            continue
        if speed and keyword_count(s, q, u, "神速") + keyword_count(s, q, u, "守备") == 0:
            continue
        out.append(u.uid)
    return out


@cites("502.p5",)
def block_options(s: State) -> list[int]:
    """What the defending player may declare: a character that must defend if it can comes
    before the others, and defense is then not declined."""
    can = blockers(s)
    must = [uid for uid in can if has_constant(s, 1 - s.active, _unit(s, uid), "must_defend")]
    return must or can + [NONE]


@cites("502.p2", "503.p2", "504.p1", "604.p1")
def declare_block(s: State, uid: int, ev: Events) -> None:
    """Defense declared (a free timing follows), or none: an attacked character then defends
    itself (503.p2); an attack on the life area goes to the clearing step (504.p1)."""
    if uid != NONE:
        s.blocker = uid
        s.step = BLOCK_FREE
        if ev.on:
            ev.append(("block", "502.p2", f"{card(_unit(s, uid)).name} declares defense"))
        give_priority(s)
    elif s.target == LIFE_TARGET:
        clear_life(s, ev)
    else:
        establish_defense(s, s.target, ev)


@cites("503.p1", "503.p2", "806.p1", "806.p2", "806.p3", "806.p4")
def establish_defense(s: State, uid: int, ev: Events) -> None:
    """Defense established: the character defends, 【防御时】 triggers, a free timing (503.p1)."""
    u = _unit(s, uid)
    if uid == s.blocker:
        u.tapped = True
    s.defending = uid
    fire(s, 1 - s.active, u, DEFEND)
    if ev.on:
        ev.append(("defend", "503.p1", f"{card(u).name} defends"))
    s.step = DEFENSE_FREE
    give_priority(s)


@cites("502.p3")
def after_block(s: State, ev: Events) -> None:
    """The character declared may no longer defend: the defending player chooses again (502.p3)."""
    if s.blocker in blockers(s):
        establish_defense(s, s.blocker, ev)
    else:
        s.blocker = NONE
        s.step = BLOCK


@cites("504.p2", "504.p3", "810.p1", "810.p2")
def battle_step(s: State, ev: Events) -> None:
    """The two characters are in battle: 【战斗成立时】 triggers for both, then a free timing."""
    fire(s, s.active, _unit(s, s.attacker), ATTACK_BATTLE_SET)
    fire(s, 1 - s.active, _unit(s, s.defending), DEFEND_BATTLE_SET)
    if ev.on:
        ev.append(("battle", "504.p2", "the battle is established"))
    s.step = BATTLE_FREE
    give_priority(s)


@cites("505.p1", "505.p2", "504.p1", "900.k10", "900.k10.p1", "101.p1", "202.p4", "308.p3", "900.k10.p4")
def clear_life(s: State, ev: Events) -> None:
    """An attack on the life area succeeds: battle damage of 1 (more with 会心一击, none from an
    attack of 0 or less), its triggers fixed before the cards are turned over (505.p1)."""
    p, u = s.active, _unit(s, s.attacker)
    fire(s, p, u, LIFE_HIT)
    if damage_dealt(s, p, u) > 0:
        damage_life(s, 1 - p, 1 + keyword_count(s, p, u, "会心一击"), True, ev)
    s.step = CLEAR_FREE
    give_priority(s)


@cites("900.k30", "900.k30.p1", "900.k30.p2", "900.k30.p3", "900.k12", "900.k12.p1", "900.k12.p2", "900.k6",
       "900.k6.p1", "900.k6.p2")
def battle_damage(s: State, p: int, u: Unit, n: int, attacking: bool) -> int:
    """The battle damage a character takes from the one it fights: none for an attacker with
    远程 or a character that declared defense with 坚韧 (one attacked takes it as usual); none
    under its printed defense for one with 自然系果实 (any at or above it, in full)."""
    if attacking and keyword_count(s, p, u, "远程"):
        return 0
    if not attacking and u.uid == s.blocker and keyword_count(s, p, u, "坚韧"):
        return 0
    if keyword_count(s, p, u, "自然系果实") and n < card(u).dfn:
        return 0
    return n


@cites("505.p3", "605.p3", "803.p1", "803.p2", "803.p3", "803.p4", "803.p5", "803.p6", "804.p1", "804.p2",
       "804.p3", "804.p4", "804.p5", "900.k8", "900.k8.p1", "900.k8.p2", "900.k8.p3")
def clear_battle(s: State, ev: Events) -> None:
    """Battle damage between the two characters: one with 先制 deals its damage first and one
    it destroys deals none (900.k8.p3); two with 先制, or none, deal theirs at once. A
    character whose damage reaches its defense is destroyed in battle (战斗破坏:
    【战斗破坏时】/【攻击破坏时】/【防御破坏时】); the survivor of a battle that destroyed the other
    wins (【战斗胜利时】/【攻击胜利时】/【防御胜利时】; none when both or neither are destroyed, 804.p5)."""
    p, q = s.active, 1 - s.active
    a, d = _unit(s, s.attacker), _unit(s, s.defending)
    first_a, first_d = keyword_count(s, p, a, "先制") > 0, keyword_count(s, q, d, "先制") > 0
    to_d = battle_damage(s, q, d, damage_dealt(s, p, a), False)
    to_a = battle_damage(s, p, a, damage_dealt(s, q, d), True)
    if first_a and not first_d:
        deal_damage(s, q, d, to_d, ev)
        if d.damage < defense(s, q, d):
            deal_damage(s, p, a, to_a, ev)
    elif first_d and not first_a:
        deal_damage(s, p, a, to_a, ev)
        if a.damage < defense(s, p, a):
            deal_damage(s, q, d, to_d, ev)
    else:
        deal_damage(s, q, d, to_d, ev)
        deal_damage(s, p, a, to_a, ev)
    dead_a, dead_d = a.damage >= defense(s, p, a), d.damage >= defense(s, q, d)
    if dead_d and not dead_a:
        fire(s, p, a, ATTACK_WON)
    if dead_a and not dead_d:
        fire(s, q, d, DEFEND_WON)
    if dead_a:
        destroy(s, p, a, ev, "505.p3", ATTACK_DESTROYED)
    if dead_d:
        destroy(s, q, d, ev, "505.p3", DEFEND_DESTROYED)
    s.step = CLEAR_FREE
    give_priority(s)


@cites("506.p1")
def end_battle(s: State, ev: Events) -> None:
    """The battle ends: back to the turn player's action phase, with priority."""
    s.attacker = s.target = s.blocker = s.defending = NONE
    s.step = MAIN
    give_priority(s)


@cites("500.p3", "501.p3", "501.p4", "503.p3", "503.p4", "503.p5", "621.p3", "501.p5", "503.p6")
def check_battle(s: State, ev: Events) -> None:
    """A battle is interrupted when its attacker, the character it attacks (before defense) or
    the defending character leaves its battle zone: back to the action phase (500.p3); an
    attacker or defender made unable to attack or defend once established is not (501.p5,
    503.p6)."""
    if not in_battle(s):
        return
    gone = not s.has_unit(s.attacker)  # asked after every action: no tuple made nor looked in
    if s.defending != NONE:
        gone = gone or not s.has_unit(s.defending)
    elif s.target != NONE and s.target != LIFE_TARGET:
        gone = gone or not s.has_unit(s.target)
    if gone:
        if ev.on:
            ev.append(("interrupted", "500.p3", "a character of the battle left: the battle ends"))
        end_battle(s, ev)


@cites("502.p2",)
def to_block(s: State, ev: Events) -> None:
    """After the attack step's free timing the defending player declares defense (502.p2)."""
    s.step = BLOCK


@cites("500.p2",)
def battle_advance(s: State, ev: Events) -> None:
    """Both players passed with an empty chain in a battle's free timing: its next step (a chain
    of tests: compiled, each a direct call, where a table of functions makes generic calls)."""
    if s.step == DECLARED:
        after_declared(s, ev)
    elif s.step == ATTACK_FREE:
        to_block(s, ev)
    elif s.step == BLOCK_FREE:
        after_block(s, ev)
    elif s.step == DEFENSE_FREE:
        battle_step(s, ev)
    elif s.step == BATTLE_FREE:
        clear_battle(s, ev)
    elif s.step == CLEAR_FREE:
        end_battle(s, ev)
