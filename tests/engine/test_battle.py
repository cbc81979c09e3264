"""Attacks and battles (8-1) and winning by life (1-3-2-1)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import legal_actions
from tcgrules.engine.battle_spirits.action import Attack, Block, EndMain, Pass, Summon, Target, Use
from tcgrules.engine.battle_spirits.state import BLOCK, EXHAUSTED, MAIN2, RESERVE, FieldCard
from tcgrules.engine.core import IllegalAction
from bs_helpers import act, event_kinds, kinds, pay, place, second_turn, to_field, to_hand

clauses = pytest.mark.clauses


def battle_position(decks, attacker: str, blocker: str | None, cores: int = 1):
    """Turn 2's attack step: player 1 has ``attacker``, player 0 ``blocker``."""
    s = second_turn(decks)
    a = to_field(s, 1, attacker, cores)
    b = to_field(s, 0, blocker, cores) if blocker else -1
    s, _ = act(s, EndMain)
    return s, a, b


@clauses("battle-spirits:8-1-6-1", "battle-spirits:8-1-5-2", "battle-spirits:8-1-3-1",
         "battle-spirits:8-1-1-1", "battle-spirits:8-1", "battle-spirits:7-7-1", "battle-spirits:7-7-3-2",
         "battle-spirits:3-2-3", "battle-spirits:5-10-1",
         "battle-spirits:8-1-7-3")
def test_8_1_6_1_equal_bp_destroys_both(decks):
    s, a, b = battle_position(decks, "TP-01", "TP-01")  # 1000 against 1000
    to_field(s, 1, "TP-02")  # a second spirit, to attack with after the battle
    s, events = act(s, Attack, a)
    assert s.players[1].field[a].status == EXHAUSTED and s.pending.kind == "block"
    s, events = act(s, Block, b)
    assert ("bp_compare", 1000, 1000) in events
    assert a in s.players[1].trash and b in s.players[0].trash
    assert s.battle is None and s.pending.kind == "attack"  # the turn player acts again (8-1-7-3)


@clauses("battle-spirits:8-1-6-1", "battle-spirits:12-2-1-12", "battle-spirits:8-1-6-2", "battle-spirits:10-2-2-4",
         "battle-spirits:10-2-2-5")
def test_8_1_6_1_lower_bp_is_destroyed_and_its_destroy_effect_resolves(decks):
    s, a, b = battle_position(decks, "TP-02", "TP-05")  # 3000 against 3000 … raise the attacker
    s.bp_plus = ((a, 1000),)
    s, _ = act(s, Attack, a)
    hand = len(s.players[0].hand)
    s, events = act(s, Block, b)
    assert b in s.players[0].trash and a in s.players[1].field
    assert len(s.players[0].hand) == hand + 1  # 『破壞時』 draw, from the standby state
    assert event_kinds(events).index("draw") < event_kinds(events).index("to_trash")
    assert s.players[0].reserve == 3 + 1  # its core went to the reserve (10-2-2-5)


@clauses("battle-spirits:8-1-5-1", "battle-spirits:1-3-2-1", "battle-spirits:10-2-1-1", "battle-spirits:7-7-3-2")
def test_8_1_5_1_an_unblocked_attack_reduces_life_by_its_symbols(decks):
    s, a, _ = battle_position(decks, "TP-02", None)
    s, events = act(s, Attack, a)
    assert s.players[0].life == 4 and s.players[0].reserve == 4
    assert ("life", 0, 1) in events
    # its only spirit is exhausted: ending the attack step is all that is left (7-7-3-2)
    assert s.step == MAIN2 and s.pending.kind == "main" and ("end_attack", 1) in events


@clauses("battle-spirits:1-3-7", "battle-spirits:1-3-1", "battle-spirits:1-3-2", "battle-spirits:10-2-1",
         "battle-spirits:10-1-1", "battle-spirits:10-1-2")
def test_1_3_7_life_at_0_ends_the_game_at_once(decks):
    s = second_turn(decks)
    a = to_field(s, 1, "TP-01")  # 1 symbol
    s.players[0].life, s.players[0].reserve = 1, 7
    s, _ = act(s, EndMain)
    s, events = act(s, Attack, a)
    assert s.winner == 1 and s.pending is None and s.players[0].life == 0


@clauses("battle-spirits:8-1-2-1", "battle-spirits:8-1-4-1", "battle-spirits:12-2-1-5-1", "battle-spirits:9-1-7-1-2",
         "battle-spirits:8-1-5-2-1", "battle-spirits:9-3-2", "battle-spirits:9-3-2-1", "battle-spirits:9-2-2")
def test_8_1_2_1_the_attacked_player_has_the_first_flash_and_8_1_5_2_1(decks):
    s, a, b = battle_position(decks, "TP-01", "TP-01")
    fire = to_hand(s, 0, "TP-12")  # 烈火波: [靈動] destroy a spirit with BP ≤ 3000
    s.players[0].reserve = 6
    s.void -= 3
    s, _ = act(s, Attack, a)
    assert s.pending.kind == "flash" and s.pending.player == 0  # the attacked player first (8-1-2-1)
    s, _ = act(s, Pass)
    assert s.pending.kind == "block"  # the attacker has no flash effect: passes for them
    s, _ = act(s, Block, b)
    assert s.pending.kind == "flash" and s.pending.player == 0  # after the block too (8-1-4-1)
    s, _ = act(s, Use, fire)
    s, _ = pay(s, (RESERVE, 2))  # cost 3, less 1 for the red symbol of player 0's spirit
    assert s.pending.kind == "target" and s.pending.options == (a,)
    s, events = act(s, Target, a)
    assert a in s.players[1].trash
    # the attacker has left: no BP comparison, the blocker stays (8-1-5-2-1)
    assert "bp_compare" not in event_kinds(events) and b in s.players[0].field


@clauses("battle-spirits:3-2-4", "battle-spirits:8-1-1-2", "battle-spirits:12-2-1-7-1")
def test_3_2_4_a_spirit_summoned_this_turn_may_attack(decks):
    s = second_turn(decks)
    card = to_hand(s, 1, "TP-07")  # cost 1
    s, _ = act(s, Summon, card)
    s, _ = pay(s, (RESERVE, 1))
    s, _ = place(s, (RESERVE, 1))
    s, _ = act(s, EndMain)
    assert Attack(s.turn_player, card) in legal_actions(s)
    s, events = act(s, Attack, card)
    assert ("effect", 1, card, "recover_self") in events  # its 『攻擊時』 effect


@clauses("battle-spirits:8-1-3-1")
def test_8_1_3_1_only_a_recovered_spirit_blocks(decks):
    s, a, b = battle_position(decks, "TP-01", "TP-02")
    fc = s.players[0].field[b]
    s.players[0].field.put(FieldCard(fc.card, fc.cores, EXHAUSTED))
    s, events = act(s, Attack, a)
    assert "no_block" in event_kinds(events) and s.players[0].life == 4  # no choice: no block
    s, a2, b2 = battle_position(decks, "TP-01", "TP-02")
    s, _ = act(s, Attack, a2)
    assert s.battle.stage == BLOCK
    with pytest.raises(IllegalAction) as e:
        act(s, Block, a2, player=0)
    assert e.value.citation == "8-1-3-1"
    assert "no_block" in kinds(s)
