"""The class keywords and conditions of chapter 13: combo, spellchain, stack and earth
rite, awakened, necrocharge and crimson."""
from __future__ import annotations

import pytest

from tcgrules.engine.shadowverse_evolve.info import attack, defense
from sve_helpers import act, clauses as cited, legal, load, names, position, rejected, unit

clauses = pytest.mark.clauses


@clauses("shadowverse-evolve:13.2.1.1", "shadowverse-evolve:13.2.1.2", "shadowverse-evolve:13.2.1.3",
         "shadowverse-evolve:10.3.3")
def test_13_2_1_2_combo_counts_the_cards_used_this_turn_this_one_included():
    s = load(position(p0={"hand": ["林中射手"]}, p1={"field": [{"card": "斗士"}]}))
    s, _ = act(s, "play", card="林中射手")
    assert [a.target for a in legal(s, "use_trigger")] == [-1]  # only one card used: no effect, no target
    s, events = act(s, "use_trigger", index=0)
    assert names(s, 1) == ["斗士"] and "10.3.3" in cited(events)
    s = load(position(p0={"hand": ["林中射手"], "ex": ["火之碎片"]}, p1={"field": [{"card": "斗士"}]}))
    s, _ = act(s, "play", card="火之碎片", zone="ex", target=0)  # a token from the EX area counts too
    s, _ = act(s, "play", card="林中射手")
    s, _ = act(s, "use_trigger", index=0, target=0)
    assert s.players[1].field == []


@clauses("shadowverse-evolve:13.3.1.1", "shadowverse-evolve:13.3.1.2", "shadowverse-evolve:13.3.1.3",
         "shadowverse-evolve:13.3.1.3.1")
def test_13_3_1_3_spellchain_does_not_count_the_spell_being_resolved():
    s = load(position(p0={"hand": ["连锁闪电"], "cemetery": ["炎之矢", "炎之矢", "斗士"]},
                      p1={"field": [{"card": "哥布林"}]}))
    s, _ = act(s, "play", card="连锁闪电", target=0)
    assert s.players[1].life == 20  # two spells in the cemetery, itself not yet there


@clauses("shadowverse-evolve:13.4.1.1", "shadowverse-evolve:13.4.1.2")
def test_13_4_1_2_awakened_needs_a_maximum_of_7():
    s = load(position(p0={"pp": 6, "pp_max": 6, "hand": ["龙骑士"]}))
    s, _ = act(s, "play", card="龙骑士")
    s, _ = act(s, "use_trigger", index=0)
    assert (attack(unit(s, 0)), defense(unit(s, 0))) == (2, 2)


@clauses("shadowverse-evolve:13.5.1.1", "shadowverse-evolve:13.5.1.2", "shadowverse-evolve:13.5.1.3.1",
         "shadowverse-evolve:13.5.1.3.2", "shadowverse-evolve:13.5.1.3")
def test_13_5_1_2_necrocharge_counts_every_card_of_the_cemetery():
    s = load(position(p0={"hand": ["死灵术士"], "cemetery": ["哥布林"] * 4}))
    s, _ = act(s, "play", card="死灵术士")
    s, _ = act(s, "use_trigger", index=0)
    assert names(s, 0) == ["死灵术士"]


@clauses("shadowverse-evolve:13.5.2.1", "shadowverse-evolve:13.5.2.2")
def test_13_5_2_2_crimson_only_in_ones_own_turn():
    s = load(position(p0={"field": [{"card": "斗士"}]},
                      p1={"hand": ["恶魔之爪", "恶魔之爪"], "life_lost_this_turn": True}))
    s, _ = act(s, "attack", unit=0, target="leader 1")
    assert [a.target for a in legal(s, "play")] == [-1]  # not player 1's turn: no effect, no target
    s = load(position(p0={"hand": ["恶魔之爪"]}, p1={"field": [{"card": "斗士"}]}))
    assert [a.target for a in legal(s, "play")] == [-1]  # the leader lost no life this turn


@clauses("shadowverse-evolve:13.3.2.1", "shadowverse-evolve:13.3.2.2", "shadowverse-evolve:13.3.2.2.p1",
         "shadowverse-evolve:15.1.1", "shadowverse-evolve:15.1.2", "shadowverse-evolve:15.1.2.1",
         "shadowverse-evolve:15.1.2.2")
def test_13_3_2_2_a_stack_amulet_enters_with_a_stack_counter():
    s = load(position(p0={"hand": ["土之魔法阵", "蓄积之门"]}))
    s, _ = act(s, "play", card="土之魔法阵")
    assert unit(s, 0).counters == 1
    s, _ = act(s, "play", card="蓄积之门")
    s, _ = act(s, "use_trigger", index=0)
    assert unit(s, 0, 1).counters == 2  # 1, then 【蓄积】+1 (13.3.2.4)


@clauses("shadowverse-evolve:13.3.2.2.p2", "shadowverse-evolve:10.10.1", "shadowverse-evolve:10.2.1.3",
         "shadowverse-evolve:13.3.2.4", "shadowverse-evolve:10.10.1.1", "shadowverse-evolve:10.10.2.3",
         "shadowverse-evolve:10.10.3", "shadowverse-evolve:10.2.1")
def test_13_3_2_2_p2_leaving_the_field_is_replaced_by_losing_a_counter():
    s = load(position(p0={"hand": ["消失术"]}, p1={"field": [{"card": "蓄积之门", "counters": 2}]}))
    s, events = act(s, "play", card="消失术", target=0)  # banishing is leaving the field too
    assert names(s, 1) == ["蓄积之门"] and unit(s, 1).counters == 1 and "13.3.2.2" in cited(events)
    assert s.players[1].banish == []


@clauses("shadowverse-evolve:13.3.2.2.p3", "shadowverse-evolve:15.1.4", "shadowverse-evolve:10.4.6")
def test_13_3_2_2_p3_tap_to_move_every_stack_counter_to_another_stack_amulet():
    field = [{"card": "土之魔法阵", "counters": 2}, {"card": "蓄积之门", "counters": 1}]
    s = load(position(p0={"field": field}))
    moves = [(a.unit, a.target) for a in legal(s, "activate")]
    assert moves == [(0, 1), (1, 0)]
    s, events = act(s, "activate", unit=0, ability=0, target=1)
    # the first amulet, left with no counter, goes to the cemetery by rule processing (11.7.1)
    assert names(s, 0) == ["蓄积之门"] and unit(s, 0).counters == 3 and "11.7.1" in cited(events)


@clauses("shadowverse-evolve:13.3.3.1", "shadowverse-evolve:13.3.3.2", "shadowverse-evolve:10.6.2.2.1",
         "shadowverse-evolve:10.4.5", "shadowverse-evolve:10.4.5.1", "shadowverse-evolve:10.4.7",
         "shadowverse-evolve:10.4.7.1", "shadowverse-evolve:10.4.7.4", "shadowverse-evolve:10.6.2.2",
         "shadowverse-evolve:13.3.3.1", "shadowverse-evolve:10.4.1")
def test_13_3_3_2_earth_rite_removes_a_counter_as_an_additional_cost():
    s = load(position(p0={"hand": ["大地崩裂"], "field": [{"card": "土之魔法阵", "counters": 2}]},
                      p1={"field": [{"card": "斗士"}, {"card": "斗士"}]}))
    assert sorted(a.rite for a in legal(s, "play")) == [-1, 0]
    s, events = act(s, "play", card="大地崩裂", rite=0)
    assert unit(s, 0).counters == 1 and s.players[1].field == []  # 1 + 2 damage
    s = load(position(p0={"hand": ["大地崩裂"], "field": [{"card": "土之魔法阵", "counters": 2}]},
                      p1={"field": [{"card": "斗士"}]}))
    s, _ = act(s, "play", card="大地崩裂")
    assert unit(s, 0).counters == 2 and unit(s, 1).damage == 1  # without the rite: 1 damage only


@clauses("shadowverse-evolve:13.3.3.2", "shadowverse-evolve:10.4.7.2")
def test_13_3_3_2_a_fanfare_with_an_earth_rite_works_when_the_rite_was_paid_on_playing():
    field = [{"card": "土之魔法阵", "counters": 2}]
    s = load(position(p0={"hand": ["土之精灵", "土之精灵"], "field": field}))
    s, _ = act(s, "play", card="土之精灵", rite=0)
    s, _ = act(s, "use_trigger", index=0)
    assert (attack(unit(s, 0, 1)), defense(unit(s, 0, 1))) == (3, 4)
    s, _ = act(s, "play", card="土之精灵")
    s, _ = act(s, "use_trigger", index=0)
    assert (attack(unit(s, 0, 2)), defense(unit(s, 0, 2))) == (2, 2)


@clauses("shadowverse-evolve:13.3.3.2", "shadowverse-evolve:11.7.1")
def test_13_3_3_2_an_amulet_left_without_counters_by_a_rite_goes_to_the_cemetery():
    s = load(position(p0={"field": [{"card": "魔像"}, {"card": "土之魔法阵", "counters": 1}]}))
    s, events = act(s, "activate", unit=0, ability=0, rite=1)
    assert names(s, 0) == ["魔像"] and attack(unit(s, 0)) == 5 and "11.7.1" in cited(events)
    assert rejected(load(position(p0={"field": [{"card": "魔像"}]})), "activate", unit=0, ability=0, rite=1) \
        == "13.3.3.2"
