"""Attacks and battles (8-1): declaring an attack, the flash timings, blocking, resolving
the battle by comparing BP or reducing life by symbols, and the end of the battle.

The battle is :attr:`State.battle`; :func:`advance` moves it through its stages, stopping at
each pending choice. A flash timing (靈動時機) where the player to act has no flash effect
they can use passes for them: the only choice would be to pass.
"""
from __future__ import annotations

from ..core import IllegalAction
from .levels import bp, level
from .cards import SPIRIT
from .cost import playable
from .effects import BATTLE, activatable, destroy, exhausted, usable_from_hand
from .rules import cites
from .state import (ASK_BLOCK, ASK_FLASH, ATTACK, BATTLE_END, BLOCK, CLOSING, DECLARED, FLASH_AFTER_BLOCK,
                   FLASH_BEFORE_BLOCK, JUDGE, RECOVERED, RESOLVE, UNRECORDED, Battle, State)
from .status import exhaust
from .triggers import ATTACKS_BIT, BATTLE_ENDS_BIT, BATTLE_RESOLVES_BIT, BLOCKS_BIT, collect, queue
from .victory import reduce_life


def ready_spirits(s: State, p: int) -> list[int]:
    """The player's recovered spirits: those that can attack or block (8-1-1-1, 8-1-3-1)."""
    return [fc.card for fc in s.players[p].field.cards if fc.status == RECOVERED and s.defs[fc.card].kind_code == SPIRIT]


def has_ready_spirit(s: State, p: int) -> bool:
    """Whether :func:`ready_spirits` finds one: the attack step's test (7-7-3-2), no list made."""
    defs = s.defs
    for fc in s.players[p].field.cards:
        if fc.status == RECOVERED and defs[fc.card].kind_code == SPIRIT:
            return True
    return False


@cites("8-1-3-1", "9-1-2-1", "9-1-2-2")
def blockers(s: State, p: int) -> list[int]:
    """The spirits player ``p`` can block with: recovered ones (8-1-3-1), less those whose
    own effect says 「這張靈魂卡無法阻擋。」 — a 「無法」 effect wins over the 「可以」 of
    blocking and the 「必須」 of 【激突】 (9-1-2-1, 9-1-2-2)."""
    defs = s.defs
    return [c for c in ready_spirits(s, p) if not (defs[c].cannot_block and barred(s, c))]


def barred(s: State, card: int) -> bool:
    """Whether the spirit's constant 「無法阻擋」 effect applies: at a Lv it is printed for."""
    lv = level(s, card)
    return any(e.action == "cannot_block" and e.min_level <= lv for e in s.defs[card].effects)


@cites("12-1-1", "9-1-2-2", "1-4-1")
def must_block(s: State) -> bool:
    """Whether the attacked player must block: the attacking spirit, still on the field,
    has 【激突】 「這張靈魂卡攻擊時，對手可以的話必須進行阻擋。」 (12-1-1) — held once or
    several times, the same — and a spirit can block. Its 「必須」 wins over the player's
    「可以」 of not blocking, a 「無法」 over it (9-1-2-2): with no spirit that can block,
    there is nothing it forces. The card's text wins over the rule that lets the attacked
    player not block (8-1-3-1, 1-4-1)."""
    b = s.battle
    return b is not None and s.defs[b.attacker].clash and s.players[s.turn_player].field.has(b.attacker) \
        and bool(blockers(s, attacked_player(s)))


@cites("8-1", "8-1-1-1", "8-1-1-2", "3-2-3", "3-2-4", "7-7-1", "7-7-3-2", "12-2-1-7-1")
def declare_attack(s: State, p: int, card: int, events: list) -> None:
    """Exhaust one recovered spirit and attack with it (8-1-1-1); its 『攻擊時』 effects
    trigger (8-1-1-2), with its 「疲勞時」 ones. A spirit summoned this turn may attack (3-2-4)."""
    if s.step != ATTACK or s.battle is not None or p != s.turn_player:
        raise IllegalAction("8-1", "attacks are declared by the turn player in the attack step")
    if card not in ready_spirits(s, p):
        raise IllegalAction("8-1-1-1", f"{s.named(card)} is not a recovered spirit on your field")
    exhaust(s, p, card, events)
    s.battle = Battle(card, -1, DECLARED, 1 - p)
    if events is not UNRECORDED:
        events.append(("attack", p, card))
    queue(s, collect(s, "when_attacks", ATTACKS_BIT, [card]) + exhausted(s, card))  # triggered together: one group


@cites("8-1-3-1", "8-1-3-2", "3-2-3", "12-2-1-9-1")
def declare_block(s: State, p: int, card: int, events: list) -> None:
    """The attacked player exhausts one recovered spirit and blocks with it (8-1-3-1); its
    『防禦時』 effects trigger (8-1-3-2, 12-2-1-9-1), with its 「疲勞時」 ones."""
    b = s.battle
    if b is None or b.stage != BLOCK or p == s.turn_player:
        raise IllegalAction("8-1-3-1", "only the attacked player blocks, when blocking is asked")
    if card not in blockers(s, p):
        raise IllegalAction("9-1-2-1" if card in ready_spirits(s, p) else "8-1-3-1",
                            f"card {card} is not a recovered spirit on your field that can block")
    exhaust(s, p, card, events)
    s.battle = Battle(b.attacker, card, FLASH_AFTER_BLOCK, p, 0)
    if events is not UNRECORDED:
        events.append(("block", p, card))
    queue(s, collect(s, "when_blocks", BLOCKS_BIT, [card]) + exhausted(s, card))


@cites("8-1-3-1")
def no_block(s: State, p: int, events: list) -> None:
    """Without a block the battle goes straight to its resolution (8-1-3-1) — refused
    against 【激突】 while a spirit can block (9-1-2-2)."""
    b = s.battle
    if b is None or b.stage != BLOCK or p == s.turn_player:
        raise IllegalAction("8-1-3-1", "there is no block to decline now")
    if must_block(s):
        raise IllegalAction("9-1-2-2", "the attacking spirit has 【激突】: you must block "
                                                      "with a spirit that can")
    s.battle = b.at(RESOLVE)
    if events is not UNRECORDED:
        events.append(("no_block", p))


@cites("8-1-2-1", "8-1-4-1")
def flash_pass(s: State, p: int, events: list) -> None:
    """Pass in a flash timing: the other player may act; two passes in a row end it."""
    b = s.battle
    if b is None or b.stage not in (FLASH_BEFORE_BLOCK, FLASH_AFTER_BLOCK) or b.priority != p:
        raise IllegalAction("8-1-2-1", "it is not your turn to use a flash effect")
    passes = b.passes + 1
    if passes >= 2:
        s.battle = b.flash(BLOCK if b.stage == FLASH_BEFORE_BLOCK else RESOLVE, b.priority)
    else:
        s.battle = b.flash(b.stage, 1 - p, passes)
    if events is not UNRECORDED:
        events.append(("pass", p))


@cites("8-1-2-1", "8-1-4-1")
def flash_used(s: State, p: int) -> None:
    """After using a flash effect the right to use one goes to the other player."""
    b = s.battle
    if b is not None:
        s.battle = b.flash(b.stage, 1 - p)


@cites("5-3-3", "5-4-2")
def attacked_player(s: State) -> int:
    """The player a battle attacks: the non-turn player, who is not playing the current turn
    (5-3-3) — the turn player's opponent (5-4-2). They use a flash effect first (8-1-2-1)
    and may block (8-1-3-1)."""
    return 1 - s.turn_player


def in_battle(s: State, b: Battle) -> list[int]:
    """The attacking and the blocking spirit, those still on the field, attacker first."""
    out = [b.attacker] if s.players[s.turn_player].field.has(b.attacker) else []
    if b.blocker >= 0 and s.players[1 - s.turn_player].field.has(b.blocker):
        out.append(b.blocker)
    return out


@cites("8-1-2-1", "8-1-3-1", "8-1-4-1", "8-1-5-1", "8-1-7-1", "9-1-6-1")
def advance(s: State, events: list) -> None:
    """Move the battle on by one stage, or set the pending choice of the current stage. A
    battle's spirits' 『戰鬥結算時』 effects trigger and resolve before its result is
    judged (8-1-5-1), their 「戰鬥結束時」 effects as it ends (8-1-7-1)."""
    b = s.battle
    assert b is not None  # called only during a battle
    if b.stage == DECLARED:
        s.battle = b.flash(FLASH_BEFORE_BLOCK, attacked_player(s))
    elif b.stage in (FLASH_BEFORE_BLOCK, FLASH_AFTER_BLOCK):
        if playable(s, b.priority, flash_only=True).any() or activatable(s, b.priority, flash_only=True) \
                or s.decks[b.priority].uses_from_hand and usable_from_hand(s, b.priority):
            s.pending = ASK_FLASH[b.priority]
        else:
            flash_pass(s, b.priority, events)
    elif b.stage == BLOCK:
        defender = attacked_player(s)
        if blockers(s, defender):
            s.pending = ASK_BLOCK[defender]
        else:
            no_block(s, defender, events)
    elif b.stage == RESOLVE:
        s.battle = b.at(JUDGE)
        queue(s, collect(s, "when_battle_resolves", BATTLE_RESOLVES_BIT, in_battle(s, b)))
    elif b.stage == JUDGE:
        resolve_battle(s, events)
    elif b.stage == BATTLE_END:
        s.battle = b.at(CLOSING)
        queue(s, collect(s, "when_battle_ends", BATTLE_ENDS_BIT, in_battle(s, b)))
    else:
        end_battle(s, events)


@cites("8-1-5-1", "8-1-5-2", "8-1-5-2-1", "8-1-6-1", "8-1-6-2")
def resolve_battle(s: State, events: list) -> None:
    """Unblocked, the attacked player's life is reduced by the attacker's symbols
    (8-1-5-1); blocked, the lower BP is destroyed, both on equal BP (8-1-6-1). Nothing
    happens when a spirit of the battle has left the field (8-1-5-2-1)."""
    b = s.battle
    assert b is not None
    s.battle = b.at(BATTLE_END)
    attacker_on = s.players[s.turn_player].field.has(b.attacker)
    if b.blocker < 0:
        if attacker_on:
            reduce_life(s, (1 - s.turn_player,), s.defs[b.attacker].symbol_count, events)
        return
    if not attacker_on or not s.players[1 - s.turn_player].field.has(b.blocker):
        return
    a, d = bp(s, b.attacker), bp(s, b.blocker)
    losers = [b.attacker] if a < d else [b.blocker] if d < a else [b.attacker, b.blocker]
    if events is not UNRECORDED:
        events.append(("bp_compare", a, d))
    destroy(s, losers, BATTLE, events)


@cites("8-1-7-2", "8-1-7-3", "12-2-1-8-1", "12-2-1-10-1", "8-1-7-1")
def end_battle(s: State, events: list) -> None:
    """The battle ends, and with it what applied while attacking or blocking (『攻擊中』,
    『防禦中』: 8-1-7-2); the turn player may act again in the attack step (8-1-7-3)."""
    s.battle = None
    if events is not UNRECORDED:
        events.append(("battle_end",))
