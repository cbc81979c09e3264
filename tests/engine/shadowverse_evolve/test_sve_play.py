"""Using cards and abilities (8.2, 8.3, 10.4, 10.6), targets (10.6.2.3), aura (12.15),
quick (12.3), tokens (9.1) and the EX area (4.8)."""
from __future__ import annotations

import pytest

from tcgrules.engine.shadowverse_evolve.state import ATTACK_QUICK
from sve_helpers import act, clauses as cited, legal, load, names, position, rejected, resolve_all, unit

clauses = pytest.mark.clauses


@clauses("shadowverse-evolve:8.2.1", "shadowverse-evolve:10.4.4", "shadowverse-evolve:10.6.2.5",
         "shadowverse-evolve:10.6.2.7.1", "shadowverse-evolve:2.5.1", "shadowverse-evolve:4.4.1",
         "shadowverse-evolve:7.3.3.p1", "shadowverse-evolve:4.2.2.3", "shadowverse-evolve:5.2.1",
         "shadowverse-evolve:5.2.1.1", "shadowverse-evolve:3.2.2", "shadowverse-evolve:10.6.2.5.3",
         "shadowverse-evolve:10.4.2.1", "shadowverse-evolve:10.4.2.2")
def test_8_2_1_a_follower_costs_its_play_points_and_goes_onto_the_field():
    s = load(position(p0={"pp": 3, "hand": ["弓箭手", "巨人"]}))
    assert {a.card for a in legal(s, "play")} == {s.players[0].hand[0]}  # 巨人 costs 6
    assert rejected(s, "play", card="巨人") == "10.4.2.2"
    s, _ = act(s, "play", card="弓箭手")
    assert names(s, 0) == ["弓箭手"] and s.players[0].pp == 0 and unit(s, 0).ready is False


@clauses("shadowverse-evolve:10.6.2.6", "shadowverse-evolve:4.4.4.1", "shadowverse-evolve:4.4.4.2",
         "shadowverse-evolve:4.4.4", "shadowverse-evolve:9.1.1.1")
def test_10_6_2_6_no_follower_or_amulet_onto_a_full_field():
    s = load(position(p0={"hand": ["哥布林", "炎之矢", "精灵之歌"], "field": [{"card": "斗士"}] * 4}, p1={
        "field": [{"card": "斗士"}]}))
    s, _ = act(s, "play", card="精灵之歌")  # two tokens, room for one (4.4.4.2)
    assert len(s.players[0].field) == 5 and "4.4.4.2" in cited(_)
    assert rejected(s, "play", card="哥布林") == "10.6.2.6"
    assert {a.card for a in legal(s, "play")} == {s.players[0].hand[1]}  # the spell only


@clauses("shadowverse-evolve:10.6.2.3", "shadowverse-evolve:10.6.2.3.1", "shadowverse-evolve:10.6.2.3.3",
         "shadowverse-evolve:10.6.2.1.2", "shadowverse-evolve:10.6.2.7.2", "shadowverse-evolve:10.6.2.7.3",
         "shadowverse-evolve:4.9.1", "shadowverse-evolve:5.13.3.3", "shadowverse-evolve:4.11.1",
         "shadowverse-evolve:10.6.2", "shadowverse-evolve:10.6.2.1", "shadowverse-evolve:10.6.2.7",
         "shadowverse-evolve:2.3.4")
def test_10_6_2_3_3_a_spell_without_a_target_cannot_be_used():
    s = load(position(p0={"hand": ["炎之矢"]}))
    assert legal(s, "play") == [] and rejected(s, "play", card="炎之矢") == "10.6.2.3.3"
    s = load(position(p0={"hand": ["炎之矢"]}, p1={"field": [{"card": "斗士"}]}))
    s, events = act(s, "play", card="炎之矢", target=0)
    assert s.players[1].field == [] and s.players[0].cemetery and "10.6.2.7.3" in cited(events)


@clauses("shadowverse-evolve:12.15.1", "shadowverse-evolve:12.15.2", "shadowverse-evolve:12.15.2.1",
         "shadowverse-evolve:4.4.3")
def test_12_15_2_aura_cannot_be_chosen_by_the_opponent_but_can_be_attacked():
    s = load(position(p0={"hand": ["炎之矢"], "field": [{"card": "斗士"}]},
                      p1={"field": [{"card": "幻影精灵", "tapped": True}]}))
    assert legal(s, "play") == []
    assert {a.target for a in legal(s, "attack")} == {1, -11}
    s = load(position(p0={"hand": ["加油"], "field": [{"card": "幻影精灵"}]}))
    assert [a.target for a in legal(s, "play")] == [0]  # its controller may choose it


@clauses("shadowverse-evolve:12.3.3", "shadowverse-evolve:12.3.4", "shadowverse-evolve:8.4.7.1.2",
         "shadowverse-evolve:10.4.6", "shadowverse-evolve:10.4.6.1", "shadowverse-evolve:10.1.1.1")
def test_12_3_3_a_quick_activated_ability_is_used_after_an_opponents_attack():
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"field": [{"card": "看守塔"}], "pp": 1}))
    s, _ = act(s, "attack", unit=0, target="leader 1")
    assert s.step == ATTACK_QUICK and [a.kind for a in legal(s, "activate")] == ["activate"]
    s, _ = act(s, "activate", 1, unit=1, ability=0, target=0)
    assert unit(s, 1).tapped and s.players[1].pp == 0 and unit(s, 0).damage == 1
    assert s.step == 2 and s.players[1].life == 18  # no quick left: the damage step followed


@clauses("shadowverse-evolve:12.3.5", "shadowverse-evolve:8.3.1", "shadowverse-evolve:12.3.1")
def test_12_3_5_quick_cards_are_also_used_in_ones_own_main_phase():
    s = load(position(p0={"hand": ["快速闪击"]}))
    s, _ = act(s, "play", card="快速闪击", target="leader 1")
    assert s.players[1].life == 19


@clauses("shadowverse-evolve:10.4.2", "shadowverse-evolve:10.4.2.2", "shadowverse-evolve:10.4.6")
def test_10_4_2_2_an_ability_whose_cost_cannot_be_paid_cannot_be_used():
    s = load(position(p0={"pp": 0, "field": [{"card": "看守塔"}]}, p1={"field": [{"card": "斗士"}]}))
    assert legal(s, "activate") == [] and rejected(s, "activate", unit=0, ability=0, target=1) == "8.3.1"
    s = load(position(p0={"field": [{"card": "看守塔", "tapped": True}]}, p1={"field": [{"card": "斗士"}]}))
    assert legal(s, "activate") == []


@clauses("shadowverse-evolve:9.1.2", "shadowverse-evolve:9.1.2.1", "shadowverse-evolve:5.4.2",
         "shadowverse-evolve:5.4.2.1", "shadowverse-evolve:9.1.4.1", "shadowverse-evolve:9.1.2.2",
         "shadowverse-evolve:5.4.2.2", "shadowverse-evolve:9.1.1.1")
def test_9_1_2_summoning_makes_tokens_on_the_field():
    s = load(position(p0={"hand": ["征兵令"]}))
    s, _ = act(s, "play", card="征兵令")
    assert names(s, 0) == ["骑士", "骑士"] and all(u.owner == 0 for u in s.players[0].field)


@clauses("shadowverse-evolve:9.1.4.3", "shadowverse-evolve:9.1.3.1", "shadowverse-evolve:5.4.1",
         "shadowverse-evolve:9.1.3", "shadowverse-evolve:9.1.4")
def test_9_1_4_3_a_token_leaving_the_field_ceases_to_exist():
    s = load(position(p0={"hand": ["返还之风"], "field": [{"card": "SVT-02"}]}))
    s, _ = act(s, "play", card="返还之风", target=0)
    assert s.players[0].field == [] and s.players[0].hand == []


@clauses("shadowverse-evolve:4.8.1", "shadowverse-evolve:4.8.3.1", "shadowverse-evolve:4.8.3.2",
         "shadowverse-evolve:9.1.4.2", "shadowverse-evolve:8.2.1", "shadowverse-evolve:4.8.3")
def test_4_8_3_2_tokens_go_to_the_ex_area_up_to_five_and_are_played_from_there():
    s = load(position(p0={"hand": ["魔法大师"], "ex": ["火之碎片"] * 4}, p1={"field": [{"card": "斗士"}]}))
    s, _ = act(s, "play", card="魔法大师")
    s, events = resolve_all(s)
    assert len(s.players[0].ex) == 5 and "4.8.3.2" in cited(events)
    s, _ = act(s, "play", card="火之碎片", zone="ex", target=0)
    assert len(s.players[0].ex) == 4 and unit(s, 1, 0).damage == 1 and s.players[0].cemetery == []


@clauses("shadowverse-evolve:12.4.1", "shadowverse-evolve:12.4.3", "shadowverse-evolve:10.7.3",
         "shadowverse-evolve:10.7.3.1", "shadowverse-evolve:10.7.4", "shadowverse-evolve:10.7.4.1.3",
         "shadowverse-evolve:10.6.1", "shadowverse-evolve:3.1.2.4.1", "shadowverse-evolve:5.9.2")
def test_12_4_1_fanfare_resolves_when_the_card_enters_the_field():
    s = load(position(p0={"hand": ["学徒法师"]}))
    hand = len(s.players[0].hand)
    s, _ = act(s, "play", card="学徒法师")
    assert len(s.triggers) == 1 and legal(s, "end_main") == []  # the standby ability comes first
    s, _ = act(s, "use_trigger", index=0)
    assert len(s.players[0].hand) == hand  # played one, drew one


@clauses("shadowverse-evolve:10.7.3.2", "shadowverse-evolve:10.6.2.3.3")
def test_10_7_3_2_a_standby_ability_without_a_target_just_ends():
    s = load(position(p0={"hand": ["弓箭手"]}))
    s, _ = act(s, "play", card="弓箭手")
    assert [a.target for a in legal(s, "use_trigger")] == [-1]
    s, events = act(s, "use_trigger", index=0)
    assert not s.triggers and "10.7.3.2" in cited(events)


@clauses("shadowverse-evolve:12.5.1", "shadowverse-evolve:12.5.3", "shadowverse-evolve:10.7.4.1.2",
         "shadowverse-evolve:10.7.7", "shadowverse-evolve:10.7.4.1", "shadowverse-evolve:10.11.1",
         "shadowverse-evolve:10.9.2", "shadowverse-evolve:10.3.5")
def test_12_5_1_last_words_trigger_when_destroyed_from_the_field():
    s = load(position(p0={"hand": ["天罚"]}, p1={"field": [{"card": "遗言骑士"}]}))
    hand = len(s.players[1].hand)
    s, _ = act(s, "play", card="天罚", target=0)
    assert [t.controller for t in s.triggers] == [1]
    s, _ = act(s, "use_trigger", 1, index=0)
    assert len(s.players[1].hand) == hand + 1


@clauses("shadowverse-evolve:12.5.1", "shadowverse-evolve:5.6.1", "shadowverse-evolve:4.10.1")
def test_12_5_1_banishing_is_not_going_to_the_cemetery():
    s = load(position(p0={"hand": ["审判之光"]}, p1={"field": [{"card": "遗言骑士"}]}))
    s, _ = act(s, "play", card="审判之光", target=0)
    assert not s.triggers and len(s.players[1].banish) == 1


@clauses("shadowverse-evolve:10.5.2.2", "shadowverse-evolve:10.5.2.3", "shadowverse-evolve:1.3.4",
         "shadowverse-evolve:10.5.2.4", "shadowverse-evolve:3.1.2", "shadowverse-evolve:3.1.2.3",
         "shadowverse-evolve:10.5.1.1")
def test_10_5_2_2_the_turn_players_standby_abilities_come_first():
    s = load(position(p0={"hand": ["龙之怒吼"], "field": [{"card": "遗言骑士"}]},
                      p1={"field": [{"card": "遗言骑士"}]}))
    s, _ = act(s, "play", card="龙之怒吼")
    assert sorted(t.controller for t in s.triggers) == [0, 1]
    assert {a.player for a in legal(s, "use_trigger")} == {0}
    assert rejected(s, "use_trigger", 1, index=[t.controller for t in s.triggers].index(1)) == "10.5.2.2"
    s, _ = act(s, "use_trigger", index=[t.controller for t in s.triggers].index(0))
    assert {a.player for a in legal(s, "use_trigger")} == {1}


@clauses("shadowverse-evolve:10.7.2.1", "shadowverse-evolve:10.7.3.1")
def test_10_7_3_1_the_player_chooses_the_order_of_their_standby_abilities():
    s = load(position(p0={"hand": ["龙之怒吼"], "field": [{"card": "遗言骑士"}, {"card": "花园之灵"}]}))
    hand = len(s.players[0].hand)
    s, _ = act(s, "play", card="龙之怒吼")
    assert len(legal(s, "use_trigger")) == 2
    s, _ = act(s, "use_trigger", index=1)  # 花园之灵 first: two fairies into the EX area
    assert len(s.players[0].ex) == 2 and len(s.players[0].hand) == hand - 1
    s, _ = act(s, "use_trigger", index=0)
    assert len(s.players[0].hand) == hand


@clauses("shadowverse-evolve:10.6.2.7.2.1", "shadowverse-evolve:1.3.2")
def test_10_6_2_7_2_1_an_ability_resolves_even_if_its_card_left():
    s = load(position(p0={"hand": ["天罚"]}, p1={"field": [{"card": "SVS-05"}], "hand": []}))
    s, _ = act(s, "play", card="天罚", target=0)
    s, _ = act(s, "use_trigger", 1, index=0)
    assert names(s, 1) == ["骑士"]


@clauses("shadowverse-evolve:5.18.1", "shadowverse-evolve:5.8.1", "shadowverse-evolve:5.7.2")
def test_5_18_1_a_random_card_from_the_deck_then_a_shuffle():
    s = load(position(p0={"hand": ["寻宝者"], "deck": ["炎之矢"] * 5 + ["斗士"] + ["炎之矢"] * 5}))
    s, _ = act(s, "play", card="寻宝者")
    s, _ = act(s, "use_trigger", index=0)
    from tcgrules.engine.shadowverse_evolve.info import name
    assert [name(c) for c in s.players[0].hand] == ["斗士"] and len(s.players[0].deck) == 10


@clauses("shadowverse-evolve:5.11.1", "shadowverse-evolve:5.18.1")
def test_5_11_1_discarding_at_random_puts_a_card_of_the_hand_into_the_cemetery():
    s = load(position(p0={"hand": ["盗贼", "哥布林"]}))
    s, _ = act(s, "play", card="盗贼")
    s, _ = act(s, "use_trigger", index=0)
    assert s.players[0].hand == [] and len(s.players[0].cemetery) == 1


@clauses("shadowverse-evolve:5.3.1", "shadowverse-evolve:1.3.2.1", "shadowverse-evolve:4.2.2")
def test_5_3_1_tapping_and_untapping():
    s = load(position(p0={"hand": ["冰冻术", "神之启示"], "field": [{"card": "斗士", "tapped": True}]},
                      p1={"field": [{"card": "斗士"}]}))
    s, _ = act(s, "play", card="冰冻术", target=1)
    assert unit(s, 1).tapped
    s, _ = act(s, "play", card="神之启示", target=0)
    assert not unit(s, 0).tapped and s.players[0].life == 21


@clauses("shadowverse-evolve:5.26.1", "shadowverse-evolve:10.9.1.4", "shadowverse-evolve:2.8.2",
         "shadowverse-evolve:10.9.1.3")
def test_5_26_1_buffs_and_damage_change_attack_and_defense():
    from tcgrules.engine.shadowverse_evolve.info import attack, defense
    s = load(position(p0={"hand": ["盾墙"], "field": [{"card": "斗士", "damage": 1}]}))
    s, _ = act(s, "play", card="盾墙", target=0)
    assert (attack(unit(s, 0)), defense(unit(s, 0))) == (2, 3)


@clauses("shadowverse-evolve:7.3.3.p2", "shadowverse-evolve:10.4.3", "shadowverse-evolve:3.1.2.2",
         "shadowverse-evolve:10.8.1", "shadowverse-evolve:10.2.1.1", "shadowverse-evolve:3.1.2.4")
def test_7_3_3_p2_an_activated_ability_in_ones_own_main_phase():
    s = load(position(p0={"pp": 1, "field": [{"card": "祈祷"}]}))
    hand = len(s.players[0].hand)
    s, _ = act(s, "activate", unit=0, ability=0)
    assert len(s.players[0].hand) == hand + 1 and s.players[0].pp == 0 and s.players[0].field == []


@clauses("shadowverse-evolve:7.4.4.p2", "shadowverse-evolve:12.3.3")
def test_7_4_4_p2_a_quick_activated_ability_at_the_end_of_the_opponents_turn():
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"field": [{"card": "看守塔"}]}))
    s, _ = act(s, "end_main")
    assert s.step == 5 and [a.kind for a in legal(s, "activate")] == ["activate"]
    s, _ = act(s, "activate", 1, unit=1, ability=0, target=0)
    assert unit(s, 0).damage == 1 and s.active == 1


@clauses("shadowverse-evolve:5.8.1.1")
def test_5_8_1_1_a_deck_of_one_card_is_shuffled_all_the_same():
    s = load(position(p0={"hand": ["寻宝者"], "deck": ["炎之矢"]}))
    s, _ = act(s, "play", card="寻宝者")
    s, events = act(s, "use_trigger", index=0)
    from tcgrules.engine.shadowverse_evolve.info import name
    assert [name(c) for c in s.players[0].deck] == ["炎之矢"] and s.players[0].hand == []


@clauses("shadowverse-evolve:5.19.1")
def test_5_19_1_a_roll_on_a_copy_leaves_the_original_state_and_its_generator_as_they_were():
    from tcgrules.engine.shadowverse_evolve import GAME
    s = load(position(p0={"hand": ["命运骰子"]}, p1={"field": [{"card": "巨人", "def": 10}]}, seed=3))
    before = GAME.to_json(s)
    first = act(s, "play", card="命运骰子", target=0)[0]
    again = act(s, "play", card="命运骰子", target=0)[0]
    assert GAME.to_json(s) == before and unit(first, 1).damage == unit(again, 1).damage
