"""Attacks (8.4), damage (5.13), destruction by rule processing (11.3) and the attack
keywords of chapter 12: ward, storm, rush, assail, intimidate, drain, bane."""
from __future__ import annotations

import pytest

from tcgrules.engine.shadowverse_evolve.state import ATTACK_QUICK, MAIN
from sve_helpers import act, clauses as cited, legal, load, names, position, rejected, unit

clauses = pytest.mark.clauses


def targets(s, uid: int) -> set:
    return {a.target for a in legal(s, "attack") if a.unit == uid}


LEADER1 = -11  # player 1's leader as a target


@clauses("shadowverse-evolve:8.4.1", "shadowverse-evolve:8.4.2", "shadowverse-evolve:8.4.3.1.1",
         "shadowverse-evolve:8.4.3.1.2", "shadowverse-evolve:8.4.2.1.1")
def test_8_4_3_1_1_followers_attack_tapped_followers_and_the_leader():
    s = load(position(p0={"field": [{"card": "斗士"}]},
                      p1={"field": [{"card": "哥布林", "tapped": True}, {"card": "斗士"}]}))
    assert targets(s, 0) == {1, LEADER1}  # the untapped 斗士 (#2) cannot be attacked


@clauses("shadowverse-evolve:8.4.2", "shadowverse-evolve:8.4.2.1", "shadowverse-evolve:8.4.3.2")
def test_8_4_2_a_follower_played_this_turn_or_tapped_cannot_attack():
    s = load(position(p0={"field": [{"card": "斗士", "ready": False}, {"card": "哥布林", "tapped": True}]}))
    assert legal(s, "attack") == []
    assert rejected(s, "attack", unit=0, target="leader 1") == "8.4.2"
    assert rejected(s, "attack", unit=1, target="leader 1") == "8.4.2"


@clauses("shadowverse-evolve:8.4.4", "shadowverse-evolve:8.4.5", "shadowverse-evolve:8.4.6",
         "shadowverse-evolve:8.4.7", "shadowverse-evolve:8.4.9", "shadowverse-evolve:8.4.10",
         "shadowverse-evolve:8.4.11", "shadowverse-evolve:5.13.1", "shadowverse-evolve:5.13.3.1",
         "shadowverse-evolve:4.3.1", "shadowverse-evolve:4.3.3", "shadowverse-evolve:7.3.3.p3",
         "shadowverse-evolve:8.4.3.1")
def test_8_4_9_an_attack_on_the_leader_deals_the_attack_as_damage():
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"hand": ["快速闪击"]}))
    s, events = act(s, "attack", unit=0, target="leader 1")
    assert unit(s, 0).tapped and s.step == ATTACK_QUICK  # player 1 holds a quick card (8.4.7)
    s, events = act(s, "pass", 1)
    assert s.players[1].life == 18 and s.step == MAIN and s.attacker == -1
    assert "8.4.9" in cited(events)


@clauses("shadowverse-evolve:8.4.9.1", "shadowverse-evolve:11.3.1", "shadowverse-evolve:5.5.1",
         "shadowverse-evolve:5.13.3.2", "shadowverse-evolve:8.4.5.1", "shadowverse-evolve:5.13.3.4",
         "shadowverse-evolve:11.1.1", "shadowverse-evolve:11.1.2", "shadowverse-evolve:4.1.4",
         "shadowverse-evolve:4.1.6")
def test_8_4_9_1_followers_in_a_clash_damage_each_other_at_once():
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"field": [{"card": "斗士", "tapped": True}]}))
    s, events = act(s, "attack", unit=0, target=1)
    assert s.players[0].field == [] and s.players[1].field == []  # 2 damage each: both destroyed
    assert "11.3.1" in cited(events) and len(s.players[0].cemetery) == 1 and len(s.players[1].cemetery) == 1


@clauses("shadowverse-evolve:8.4.9", "shadowverse-evolve:8.4.8", "shadowverse-evolve:8.4.7.1.1")
def test_8_4_9_no_damage_when_the_attacker_left_the_field():
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"hand": ["返还之风"]}))
    s, _ = act(s, "attack", unit=0, target="leader 1")
    s, events = act(s, "play", 1, card="返还之风", target=0)
    from tcgrules.engine.shadowverse_evolve.info import name
    assert "斗士" in [name(c) for c in s.players[0].hand] and s.players[0].field == []
    assert s.step == MAIN and s.players[1].life == 20  # the quick window ended with no damage


@clauses("shadowverse-evolve:12.8.1", "shadowverse-evolve:12.8.2", "shadowverse-evolve:8.4.3")
def test_12_8_2_a_tapped_ward_follower_must_be_attacked_first():
    s = load(position(p0={"field": [{"card": "斗士"}]},
                      p1={"field": [{"card": "守门石像", "tapped": True}, {"card": "哥布林", "tapped": True}]}))
    assert targets(s, 0) == {1}
    assert rejected(s, "attack", unit=0, target="leader 1") == "8.4.3.2"
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"field": [{"card": "守门石像"}]}))
    assert targets(s, 0) == {LEADER1}  # an untapped ward follower does not guard


@clauses("shadowverse-evolve:12.8.2")
def test_12_8_2_a_ward_follower_may_come_onto_the_field_tapped():
    s = load(position(p0={"hand": ["守门石像", "斗士"]}))
    plays = {(a.card, a.tapped) for a in legal(s, "play")}
    assert len(plays) == 3  # 守门石像 upright or tapped, 斗士 upright
    s, _ = act(s, "play", card="守门石像", tapped=True)
    assert unit(s, 0).tapped
    assert rejected(s, "play", card="斗士", tapped=True) == "12.8.2"


@clauses("shadowverse-evolve:12.9.1", "shadowverse-evolve:12.9.2")
def test_12_9_2_storm_attacks_the_turn_it_comes_in_even_the_leader():
    s = load(position(p0={"hand": ["迅捷剑士"]}))
    s, _ = act(s, "play", card="迅捷剑士")
    assert targets(s, 0) == {LEADER1}


@clauses("shadowverse-evolve:12.10.1", "shadowverse-evolve:12.10.2")
def test_12_10_2_rush_attacks_followers_only_the_turn_it_comes_in():
    s = load(position(p0={"hand": ["冲锋骑兵"]}, p1={"field": [{"card": "哥布林", "tapped": True}]}))
    s, _ = act(s, "play", card="冲锋骑兵")
    assert targets(s, 1) == {0}
    assert rejected(s, "attack", unit=1, target="leader 1") == "8.4.3.2"


@clauses("shadowverse-evolve:12.11.1", "shadowverse-evolve:12.11.2")
def test_12_11_2_assail_attacks_untapped_followers():
    s = load(position(p0={"field": [{"card": "刺客"}]}, p1={"field": [{"card": "哥布林"}]}))
    assert targets(s, 0) == {1, LEADER1}


@clauses("shadowverse-evolve:12.12.1", "shadowverse-evolve:12.12.2", "shadowverse-evolve:12.12.2.1")
def test_12_12_2_intimidate_cannot_be_attacked_but_can_be_chosen():
    s = load(position(p0={"field": [{"card": "刺客"}], "hand": ["炎之矢"]},
                      p1={"field": [{"card": "暗影潜伏者", "tapped": True}]}))
    assert targets(s, 0) == {LEADER1}
    assert {a.target for a in legal(s, "play")} == {1}  # a spell still chooses it


@clauses("shadowverse-evolve:12.13.1", "shadowverse-evolve:12.13.2", "shadowverse-evolve:12.13.2.1",
         "shadowverse-evolve:12.13.3")
def test_12_13_2_drain_heals_by_the_attack_damage():
    s = load(position(p0={"life": 10, "field": [{"card": "吸血鬼"}]},
                      p1={"field": [{"card": "哥布林", "tapped": True}]}))
    s, events = act(s, "attack", unit=0, target="leader 1")
    assert s.players[0].life == 12 and s.players[1].life == 18 and "12.13.2" in cited(events)
    s = load(position(p0={"life": 10, "field": [{"card": "吸血鬼"}]},
                      p1={"field": [{"card": "哥布林", "tapped": True}]}))
    s, _ = act(s, "attack", unit=0, target=1)
    assert s.players[0].life == 12  # damage to a follower drains too


@clauses("shadowverse-evolve:12.13.2.2")
def test_12_13_2_2_damage_taken_by_a_drain_follower_does_not_drain():
    s = load(position(p1={"life": 10, "field": [{"card": "吸血鬼", "tapped": True}]},
                      p0={"field": [{"card": "斗士"}]}))
    s, _ = act(s, "attack", unit=0, target=1)
    assert s.players[1].life == 10  # the defender deals damage back, but not by attacking


@clauses("shadowverse-evolve:12.14.1", "shadowverse-evolve:12.14.2", "shadowverse-evolve:12.14.2.1",
         "shadowverse-evolve:11.3.2", "shadowverse-evolve:8.4.9.2", "shadowverse-evolve:1.3.2.2",
         "shadowverse-evolve:1.3.2.2.1")
def test_12_14_2_bane_destroys_the_follower_it_clashes_with():
    s = load(position(p0={"field": [{"card": "巨人"}]}, p1={"field": [{"card": "毒蛇", "tapped": True}]}))
    s, events = act(s, "attack", unit=0, target=1)
    assert s.players[0].field == [] and s.players[1].field == []  # 6/6 destroyed by a 1/1 with bane
    s = load(position(p0={"field": [{"card": "毒蛇", "atk": -1}]},
                      p1={"field": [{"card": "巨人", "tapped": True}]}))
    s, _ = act(s, "attack", unit=0, target=1)
    assert s.players[1].field == []  # with 0 attack, no damage, still destroyed (12.14.2.1)


@clauses("shadowverse-evolve:12.14.2", "shadowverse-evolve:8.4.9.2")
def test_12_14_2_bane_needs_a_clash_not_a_leader_attack():
    s = load(position(p0={"field": [{"card": "毒蛇"}]}, p1={"field": [{"card": "巨人"}]}))
    s, _ = act(s, "attack", unit=0, target="leader 1")
    assert names(s, 1) == ["巨人"] and s.players[1].life == 19


@clauses("shadowverse-evolve:1.2.1.1", "shadowverse-evolve:11.2.1", "shadowverse-evolve:1.2.1",
         "shadowverse-evolve:1.3.2.4")
def test_11_2_1_a_leader_at_0_life_loses():
    s = load(position(p1={"life": 2}, p0={"field": [{"card": "斗士"}]}))
    s, events = act(s, "attack", unit=0, target="leader 1")
    assert s.winner == 0 and s.players[1].life == 0 and "11.2.1" in cited(events)


@clauses("shadowverse-evolve:5.13.1.1", "shadowverse-evolve:1.3.2.4")
def test_5_13_1_1_life_may_go_below_zero():
    s = load(position(p1={"life": 1}, p0={"field": [{"card": "巨人"}]}))
    s, _ = act(s, "attack", unit=0, target="leader 1")
    assert s.players[1].life == -5


@clauses("shadowverse-evolve:12.7.1", "shadowverse-evolve:12.7.2", "shadowverse-evolve:10.5.1")
def test_12_7_1_attack_abilities_resolve_before_the_damage():
    s = load(position(p0={"field": [{"card": "战鼓手"}]}))
    s, _ = act(s, "attack", unit=0, target="leader 1")
    assert s.triggers and s.players[1].life == 20
    s, _ = act(s, "use_trigger", index=0)
    assert s.players[1].life == 17  # 2 + 1 from its attack ability


@clauses("shadowverse-evolve:8.4.9.2", "shadowverse-evolve:8.4.11")
def test_8_4_9_2_clash_abilities_trigger_when_followers_clash():
    s = load(position(p0={"field": [{"card": "角斗士"}]}, p1={"field": [{"card": "哥布林", "tapped": True}]}))
    s, _ = act(s, "attack", unit=0, target=1)
    assert len(s.triggers) == 1
    s, _ = act(s, "use_trigger", index=0)
    assert s.players[1].life == 19 and not s.clash


@clauses("shadowverse-evolve:8.4.3.2", "shadowverse-evolve:8.4.1")
def test_8_4_3_2_an_attack_without_a_target_is_refused_and_nothing_changes():
    s = load(position(p0={"field": [{"card": "冲锋骑兵", "ready": False}]}))
    assert rejected(s, "attack", unit=0, target="leader 1") == "8.4.3.2"
    assert rejected(s, "attack", 1, unit=0, target="leader 0") == "8.4.1"


@clauses("shadowverse-evolve:1.3.3", "shadowverse-evolve:12.12.2", "shadowverse-evolve:12.8.2")
def test_1_3_3_cannot_wins_over_must_an_intimidating_ward_follower_does_not_guard():
    s = load(position(p0={"field": [{"card": "斗士"}]},
                      p1={"field": [{"card": "守门石像", "tapped": True, "keywords": ["intimidate"]}]}))
    assert targets(s, 0) == {LEADER1}


@clauses("shadowverse-evolve:5.13.1.2")
def test_5_13_1_2_an_amulet_takes_no_damage():
    from tcgrules.engine.shadowverse_evolve.zones import damage_unit
    s = load(position(p1={"field": [{"card": "女神像"}]}))
    from tcgrules.engine.shadowverse_evolve.zones import Events
    assert damage_unit(s, unit(s, 1), 3, Events()) == 0 and unit(s, 1).damage == 0
