"""More instructions of chapter 5 and abilities of chapter 10 that cards of the pool give:
becoming another kind (5.24), names (2.1.2, 2.14), exchanging (5.12), X (5.2.1.2),
delayed and state triggers (10.7.5, 10.7.6), constant abilities (10.9.3) and others."""
from __future__ import annotations

import pytest

from tcgrules.engine.shadowverse_evolve.info import attack, defense, is_follower
from sve_helpers import act, clauses as cited, deck, forest, legal, load, names, position, resolve_all, unit

clauses = pytest.mark.clauses


# ---------------------------------------------------------------- becoming another kind (5.24)


@clauses("shadowverse-evolve:5.24.1", "shadowverse-evolve:5.24.2", "shadowverse-evolve:5.24.2.1")
def test_5_24_1_a_follower_become_an_amulet_is_no_longer_a_follower():
    s = load(position(p0={"hand": ["石化之光", "龙之怒吼"], "pp": 9, "pp_max": 9},
                      p1={"field": [{"card": "斗士", "damage": 1}, {"card": "哥布林"}]}))
    s, events = act(s, "play", card="石化之光", target=0)
    u = unit(s, 1)
    assert not is_follower(u) and "5.24.1" in cited(events)
    assert [a.target for a in legal(s, "attack")] == []  # no follower of player 1 to attack … (8.4.3.1.1)
    s, _ = act(s, "play", card="龙之怒吼")  # 2 damage to each follower: not to an amulet (5.13.1.2)
    assert names(s, 1) == ["斗士"] and u.damage == 1  # no defense to refer to (5.24.2.1): not destroyed
    assert s.players[1].field[0].card == u.card


@clauses("shadowverse-evolve:5.24.3", "shadowverse-evolve:5.24.3.1")
def test_5_24_3_its_abilities_stay_but_this_follower_does_nothing_as_an_amulet():
    for kind, life in (("follower", 19), ("amulet", 20)):
        s = load(position(p0={"field": [{"card": "石像守卫", "kind": kind}]}))
        s, _ = act(s, "end_main")
        assert len(s.triggers) == 1  # the ability is still the card's (5.24.3)
        s, events = resolve_all(s)
        assert s.players[1].life == life
    assert "5.24.3.1" in cited(events)


@clauses("shadowverse-evolve:5.24.3.2")
def test_5_24_3_2_a_card_become_an_amulet_may_evolve_and_stays_an_amulet():
    s = load(position(p0={"hand": ["石化之光", "进化之光"], "field": [{"card": "斗士"}], "evolve_deck": ["SVE-02"]}))
    s, _ = act(s, "play", card="石化之光", target=0)
    s, events = act(s, "play", card="进化之光", target=0)
    u = unit(s, 0)
    assert u.evolved >= 0 and not is_follower(u) and "5.24.3.2" in cited(events)


# ---------------------------------------------------------------- names (2.1.2, 2.14)


@clauses("shadowverse-evolve:2.1.2")
def test_2_1_2_a_name_in_brackets_means_cards_whose_name_holds_it():
    for field, drawn in ((["见习骑士"], 1), (["斗士"], 0), ([], 0)):
        s = load(position(p0={"hand": ["骑士教官"], "field": [{"card": c} for c in field]}))
        hand = len(s.players[0].hand)
        s, _ = act(s, "play", card="骑士教官")
        s, _ = resolve_all(s)
        assert len(s.players[0].hand) == hand - 1 + drawn, field


@clauses("shadowverse-evolve:2.14.1", "shadowverse-evolve:2.14.2")
def test_2_14_2_a_collaboration_name_counts_as_the_card_name():
    from tcgrules.engine.shadowverse_evolve.info import CARDS
    from tcgrules.engine.shadowverse_evolve.cards import load_pool
    card = load_pool().by_number["SVN-65"]
    assert (card.name, card.collab) == ("银翼剑士", "骑士·银翼")
    s = load(position(p0={"hand": ["骑士教官"], "field": [{"card": "银翼剑士"}]}))
    s, _ = act(s, "play", card="骑士教官")
    s, _ = resolve_all(s)
    assert len(s.players[0].hand) == 1 and CARDS[card.index].names == ("银翼剑士", "骑士·银翼")


@clauses("shadowverse-evolve:6.1.2")
def test_6_1_2_a_deck_building_ability_replaces_the_rule_of_three():
    from tcgrules.engine.shadowverse_evolve.cards import deck_problem
    assert deck_problem(deck(main=forest(34) + (("SVN-66", 6),))) == ""
    assert "6.1.1.4" in deck_problem(deck(main=forest(34) + (("SVN-01", 6),)))


# ---------------------------------------------------------------- delayed and state triggers (10.7.5, 10.7.6)


@clauses("shadowverse-evolve:10.7.5", "shadowverse-evolve:10.7.5.1")
def test_10_7_5_a_delayed_trigger_at_the_end_of_the_turn_triggers_once():
    s = load(position(p0={"hand": ["狂暴药剂"], "field": [{"card": "斗士"}, {"card": "哥布林"}]}))
    s, events = act(s, "play", card="狂暴药剂", target=0)
    assert attack(unit(s, 0)) == 4 and not s.triggers and "10.7.5" in cited(events)
    s, events = act(s, "end_main")
    assert len(s.triggers) == 1 and s.delayed == [] and "10.7.5.1" in cited(events)
    s, _ = resolve_all(s)
    assert names(s, 0) == ["哥布林"]
    # one made after this turn's end began (at its quick timing): its time has passed, it never triggers
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"hand": ["快速闪击"]}, step="end_quick"))
    from tcgrules.engine.shadowverse_evolve.info import CARDS
    spell = next(c.index for c in CARDS if c.name == "狂暴药剂")
    s.delayed.append((0, unit(s, 0).uid, spell, CARDS[spell].on("later")[0]))
    s, _ = act(s, "pass", 1)
    assert s.active == 1 and s.delayed == [] and not s.triggers and names(s, 0) == ["斗士"]


@clauses("shadowverse-evolve:10.7.6", "shadowverse-evolve:10.7.6.1")
def test_10_7_6_a_state_trigger_triggers_once_while_its_state_holds_and_again_after():
    s = load(position(p0={"hand": ["冥想"], "field": [{"card": "空手之誓"}], "deck": ["冥想", "冥想"]}))
    assert not s.triggers
    s, events = act(s, "play", card="冥想")
    assert len(s.triggers) == 1 and "10.7.6" in cited(events)  # the hand is empty: once in standby
    s, _ = resolve_all(s)
    assert len(s.players[0].hand) == 1 and not s.triggers
    s, events = act(s, "play", card="冥想")
    assert len(s.triggers) == 1 and "10.7.6.1" in cited(events)  # empty again after it resolved: again


@clauses("shadowverse-evolve:10.7.4.2")
def test_10_7_4_2_cards_entering_together_see_each_other_enter():
    s = load(position(p0={"hand": ["骑士集结"]}))
    s, _ = act(s, "play", card="骑士集结")
    assert len(s.triggers) == 2  # each of the two saw the other enter
    s, events = resolve_all(s)
    assert [attack(u) for u in s.players[0].field] == [2, 2]
    s = load(position(p0={"hand": ["骑士集结"], "field": [{"card": "妖精之母"}]}))
    s, events = act(s, "play", card="骑士集结")
    assert len(s.triggers) == 3 and "10.7.4.2" in cited(events)  # 妖精之母 once a turn


# ---------------------------------------------------------------- X (5.2.1.2)


@clauses("shadowverse-evolve:5.2.1.2", "shadowverse-evolve:5.2.1.2.2", "shadowverse-evolve:10.6.2.2.2")
def test_5_2_1_2_2_the_player_says_x_when_using_the_card_and_pays_it():
    s = load(position(p0={"hand": ["爆裂火球"], "pp": 3}, p1={"field": [{"card": "巨人"}]}))
    assert sorted(a.x for a in legal(s, "play")) == [0, 1, 2, 3]
    s, events = act(s, "play", card="爆裂火球", target=0, x=3)
    assert unit(s, 1).damage == 3 and s.players[0].pp == 0 and "10.6.2.2.2" in cited(events)
    from sve_helpers import rejected
    s = load(position(p0={"hand": ["爆裂火球", "炎之矢"], "pp": 3}, p1={"field": [{"card": "巨人"}]}))
    assert rejected(s, "play", card="爆裂火球", target=0, x=4) == "10.4.2.2"  # more than it can pay
    assert rejected(s, "play", card="炎之矢", target=0, x=1) == "5.2.1.2.2"  # no X to say


@clauses("shadowverse-evolve:5.2.1.2.1")
def test_5_2_1_2_1_an_x_the_text_fixes_is_that_value():
    s = load(position(p0={"hand": ["手牌之力", "哥布林", "哥布林", "斗士"]}))
    assert [a.x for a in legal(s, "play") if a.card == legal(s, "play")[0].card] == [0]
    s, events = act(s, "play", card="手牌之力")
    assert s.players[1].life == 17 and "5.2.1.2.1" in cited(events)  # three cards left in the hand


# ---------------------------------------------------------------- constant abilities (10.9.3), replacements (10.2.1.3)


@clauses("shadowverse-evolve:10.9.3.1", "shadowverse-evolve:10.9.3")
def test_10_9_3_1_an_entering_card_is_seen_with_the_constant_effects_of_its_zone():
    for field, drawn in ((["王国旗帜", "先锋指挥官"], 1), (["先锋指挥官"], 0)):
        s = load(position(p0={"hand": ["斗士"], "field": [{"card": c} for c in field]}))
        s, _ = act(s, "play", card="斗士")
        assert attack(unit(s, 0, len(field))) == 2 + drawn
        s, _ = resolve_all(s)
        assert len(s.players[0].hand) == drawn, field


@clauses("shadowverse-evolve:3.1.2.1")
def test_3_1_2_1_a_constant_ability_is_its_cards_controllers():
    s = load(position(p0={"pp": 8, "pp_max": 8, "hand": ["心灵控制"], "field": [{"card": "斗士"}]},
                      p1={"field": [{"card": "军团长"}, {"card": "哥布林"}]}))
    assert [attack(u) for u in s.players[1].field] == [3, 2] and attack(unit(s, 0)) == 2
    s, _ = act(s, "play", card="心灵控制", target=1)
    assert attack(unit(s, 0)) == 3 and attack(unit(s, 1)) == 1  # now player 0's followers get +1


@clauses("shadowverse-evolve:8.4.3.2.1", "shadowverse-evolve:8.4.3.2")
def test_8_4_3_2_1_a_follower_that_cannot_attack_the_opponent_has_no_leader_target():
    from sve_helpers import rejected
    s = load(position(p0={"field": [{"card": "和平使者"}]}))
    assert legal(s, "attack") == []
    assert rejected(s, "attack", unit=0, target="leader 1") == "8.4.3.2.1"
    s = load(position(p0={"field": [{"card": "和平使者"}]}, p1={"field": [{"card": "斗士", "tapped": True}]}))
    assert [a.target for a in legal(s, "attack")] == [1]


@clauses("shadowverse-evolve:11.3.2.1")
def test_11_3_2_1_a_card_not_destroyed_by_abilities_survives_bane_too():
    s = load(position(p0={"hand": ["天罚"]}, p1={"field": [{"card": "不屈战士"}]}))
    s, _ = act(s, "play", card="天罚", target=0)
    assert names(s, 1) == ["不屈战士"]
    s = load(position(p0={"field": [{"card": "毒蛇"}]}, p1={"field": [{"card": "不屈战士", "tapped": True}]}))
    s, _ = act(s, "attack", unit=0, target=1)
    s, events = act(s, "pass", 1) if legal(s, "pass") else (s, [])
    assert names(s, 1) == ["不屈战士"] and names(s, 0) == []
    s = load(position(p0={"hand": ["龙之怒吼"], "pp": 5}, p1={"field": [{"card": "不屈战士", "damage": 1}]}))
    s, _ = act(s, "play", card="龙之怒吼")
    assert names(s, 1) == []  # 0 defense: rule processing, not an ability (11.3.1)


@clauses("shadowverse-evolve:5.13.2", "shadowverse-evolve:10.2.1.3.2")
def test_5_13_2_damage_minus_one_replaces_the_damage_dealt():
    s = load(position(p0={"hand": ["炎之矢", "冥想"]}, p1={"field": [{"card": "铁壁卫士"}]}))
    s, events = act(s, "play", card="炎之矢", target=0)
    assert unit(s, 1).damage == 1 and "10.2.1.3.2" in cited(events)
    s = load(position(p0={"hand": ["快速闪击"]}, p1={"field": [{"card": "铁壁卫士"}]}))
    s, _ = act(s, "play", card="快速闪击", target=0)
    assert unit(s, 1).damage == 0


@clauses("shadowverse-evolve:10.2.1.3.1")
def test_10_2_1_3_1_to_the_cemetery_becomes_banished_instead():
    s = load(position(p0={"hand": ["天罚"], "field": [{"card": "冥府之主"}]}, p1={"field": [{"card": "遗言骑士"}]}))
    s, events = act(s, "play", card="天罚", target=1)
    assert s.players[1].cemetery == [] and len(s.players[1].banish) == 1 and not s.triggers  # no last words
    assert "10.2.1.3.1" in cited(events)
    s = load(position(p0={"hand": ["天罚"]}, p1={"field": [{"card": "遗言骑士"}, {"card": "冥府之主"}]}))
    s, _ = act(s, "play", card="天罚", target=0)
    assert len(s.players[1].cemetery) == 1  # only the opponent's followers of its controller


@clauses("shadowverse-evolve:10.3.1", "shadowverse-evolve:10.3.2")
def test_10_3_2_an_effect_invalid_under_a_condition_does_nothing_and_chooses_nothing():
    s = load(position(p0={"hand": ["幼龙术士"], "pp_max": 7, "pp": 7}, p1={"field": [{"card": "斗士"}]}))
    s, _ = act(s, "play", card="幼龙术士")
    assert [a.target for a in legal(s, "use_trigger")] == [-1]
    s, events = resolve_all(s)
    assert unit(s, 1).damage == 0 and "10.3.2" in cited(events)
    s = load(position(p0={"hand": ["幼龙术士"]}, p1={"field": [{"card": "斗士"}]}))
    s, _ = act(s, "play", card="幼龙术士")
    assert [a.target for a in legal(s, "use_trigger")] == [unit(s, 1).uid]


@clauses("shadowverse-evolve:10.3.4", "shadowverse-evolve:10.4.4.1")
def test_10_3_4_a_cost_cut_in_the_hand_lowers_the_points_paid_not_the_cost():
    from tcgrules.engine.shadowverse_evolve.info import CARDS
    s = load(position(p0={"hand": ["元素巨像"], "pp": 3, "cemetery": ["炎之矢"] * 2}))
    assert legal(s, "play") == []
    s = load(position(p0={"hand": ["元素巨像"], "pp": 3, "cemetery": ["炎之矢"] * 3}))
    s, events = act(s, "play", card="元素巨像")
    assert s.players[0].pp == 0 and CARDS[unit(s, 0).card].cost == 7 and "10.4.4.1" in cited(events)


# ---------------------------------------------------------------- choose: how many options (5.17.3.1)


@clauses("shadowverse-evolve:5.17.3.1", "shadowverse-evolve:5.17.3.1.1", "shadowverse-evolve:13.3.1.4.1")
def test_5_17_3_1_spellchain_sets_how_many_options_when_the_card_begins_to_be_used():
    s = load(position(p0={"hand": ["魔力抉择"], "cemetery": ["炎之矢"] * 2}))
    assert sorted({a.mode for a in legal(s, "play")}) == [2, 4]  # one option (no enemy follower to damage)
    s = load(position(p0={"hand": ["魔力抉择"], "cemetery": ["炎之矢"] * 3}))
    assert sorted({a.mode for a in legal(s, "play")}) == [6]  # spellchain 3: two options
    s, _ = act(s, "play", card="魔力抉择", mode=6)
    assert len(s.players[0].hand) == 1 and s.players[1].life == 19


@clauses("shadowverse-evolve:13.5.1.3.2.1")
def test_13_5_1_3_2_1_necrocharge_sets_how_many_options_when_the_card_begins_to_be_used():
    s = load(position(p0={"hand": ["唤灵抉择"], "cemetery": ["哥布林"] * 4}))
    assert sorted({a.mode for a in legal(s, "play")}) == [1, 2, 4]
    s = load(position(p0={"hand": ["唤灵抉择"], "cemetery": ["哥布林"] * 5}))
    assert sorted({a.mode for a in legal(s, "play")}) == [3, 5, 6]
    from sve_helpers import rejected
    s = load(position(p0={"hand": ["唤灵抉择"], "cemetery": ["哥布林"] * 4}))
    assert rejected(s, "play", card="唤灵抉择", mode=3) == "5.17.3"


# ---------------------------------------------------------------- exchanging (5.12), zones (5.4.3, 4.1.4.1)


@clauses("shadowverse-evolve:5.12.1")
def test_5_12_1_exchanging_moves_each_card_to_the_others_zone_at_once():
    s = load(position(p0={"field": [{"card": "命运交换者", "damage": 1}], "deck": ["斗士", "哥布林"]}))
    s, events = act(s, "activate", unit=0, ability=0)
    assert names(s, 0) == ["斗士"] and "5.12.1" in cited(events)
    from tcgrules.engine.shadowverse_evolve.info import CARDS
    assert CARDS[s.players[0].deck[-1]].name == "命运交换者"  # the top of the deck now


@clauses("shadowverse-evolve:5.12.2")
def test_5_12_2_an_exchange_one_card_cannot_make_is_not_done():
    for deck in (["炎之矢", "哥布林"], []):
        s = load(position(p0={"field": [{"card": "命运交换者"}], "deck": deck}))
        s, events = act(s, "activate", unit=0, ability=0)
        assert names(s, 0) == ["命运交换者"] and len(s.players[0].deck) == len(deck) and "5.12.2" in cited(events)


@clauses("shadowverse-evolve:5.4.3")
def test_5_4_3_entering_the_field_from_the_hand_counts_only_from_the_hand():
    s = load(position(p0={"hand": ["信使"]}))
    s, _ = act(s, "play", card="信使")
    assert len(s.triggers) == 1  # used from the hand, through the resolution zone
    s = load(position(p0={"field": [{"card": "命运交换者"}], "deck": ["信使", "哥布林"]}))
    s, events = act(s, "activate", unit=0, ability=0)
    assert names(s, 0) == ["信使"] and not s.triggers and "5.4.3" in cited(events)  # from the deck


@clauses("shadowverse-evolve:4.1.4.1")
def test_4_1_4_1_this_card_in_its_last_words_is_the_card_in_the_cemetery():
    s = load(position(p0={"hand": ["天罚"]}, p1={"field": [{"card": "不灭骷髅"}]}))
    s, _ = act(s, "play", card="天罚", target=0)
    s, events = resolve_all(s)
    from tcgrules.engine.shadowverse_evolve.info import CARDS
    assert [CARDS[c].name for c in s.players[1].hand] == ["不灭骷髅"] and s.players[1].cemetery == []
    assert "4.1.4.1" in cited(events)


# ---------------------------------------------------------------- automatic abilities with a cost (10.1.1.2.2)


@clauses("shadowverse-evolve:10.1.1.2.2", "shadowverse-evolve:10.4.7.3")
def test_10_1_1_2_2_an_automatic_ability_with_a_cost_works_only_if_paid():
    s = load(position(p0={"hand": ["龙之化身"], "pp": 4}))
    s, _ = act(s, "play", card="龙之化身")
    assert sorted(a.pay for a in legal(s, "use_trigger")) == [False, True]
    from tcgrules.engine.shadowverse_evolve import describe
    assert sorted(describe(s, a) for a in legal(s, "use_trigger"))[1].endswith("paying its cost")
    paid, events = act(s, "use_trigger", index=0, pay=True)
    assert paid.players[0].pp == 0 and attack(unit(paid, 0)) == 5 and "10.1.1.2.2" in cited(events)
    unpaid, events = act(s, "use_trigger", index=0, pay=False)
    assert unpaid.players[0].pp == 1 and attack(unit(unpaid, 0)) == 3 and "10.4.7.3" in cited(events)
    s = load(position(p0={"hand": ["龙之化身"], "pp": 3}))
    s, _ = act(s, "play", card="龙之化身")
    assert [a.pay for a in legal(s, "use_trigger")] == [False]  # it cannot be paid


# ---------------------------------------------------------------- the order of continuous effects (10.9.1.6)


@clauses("shadowverse-evolve:10.9.1.6", "shadowverse-evolve:10.9.1.6.1", "shadowverse-evolve:10.9.1.6.2")
def test_10_9_1_6_continuous_effects_apply_in_the_order_they_began():
    s = load(position(p0={"hand": ["弱化术", "军团长"], "pp": 8, "pp_max": 8,
                          "field": [{"card": "军团长"}, {"card": "巨人"}]}))
    assert attack(unit(s, 0, 1)) == 7
    s, events = act(s, "play", card="弱化术", target=1)
    assert attack(unit(s, 0, 1)) == 1 and "10.9.1.6.2" in cited(events)  # set after the +1 that was there
    s, _ = act(s, "play", card="军团长")
    assert attack(unit(s, 0, 1)) == 2  # a +1 that began after it adds (10.9.1.6.1)
    s, _ = resolve_all(s)
    from tcgrules.engine.shadowverse_evolve import GAME
    again = GAME.from_json(GAME.to_json(s))
    assert attack(again.players[0].field[1]) == 2


@clauses("shadowverse-evolve:5.10.1")
def test_5_10_1_looking_at_the_top_cards_then_taking_the_followers_among_them():
    from tcgrules.engine.shadowverse_evolve.info import CARDS
    s = load(position(p0={"hand": ["占卜师"], "deck": ["斗士", "炎之矢", "哥布林", "巨人"]}))
    s, _ = act(s, "play", card="占卜师")
    s, events = resolve_all(s)
    assert sorted(CARDS[c].name for c in s.players[0].hand) == ["哥布林", "斗士"]
    assert [CARDS[c].name for c in s.players[0].cemetery] == ["炎之矢"] and len(s.players[0].deck) == 1
    assert "5.10.1" in cited(events)


# ---------------------------------------------------------------- effects on cards in the EX area (4.8.3.3)


@clauses("shadowverse-evolve:10.6.2.1.3", "shadowverse-evolve:10.6.2.7.1.1")
def test_10_6_2_1_3_a_card_used_from_the_ex_area_keeps_the_effects_on_it():
    s = load(position(p0={"hand": ["骑士征召令"]}))
    s, _ = act(s, "play", card="骑士征召令")
    assert s.players[0].ex_kw == [2, 2]  # storm
    s, events = act(s, "play", card="骑士", zone="ex")
    assert [a.target for a in legal(s, "attack")] == [-11] and "10.6.2.7.1.1" in cited(events)
    s, _ = act(s, "play", card="骑士", zone="ex")
    assert len(legal(s, "attack")) == 2 and s.players[0].ex == s.players[0].ex_kw == []


@clauses("shadowverse-evolve:4.8.3.3")
def test_4_8_3_3_a_card_put_from_the_ex_area_onto_the_field_keeps_the_effects_on_it():
    s = load(position(p0={"hand": ["骑士征召令", "骑士长召集"]}))
    s, _ = act(s, "play", card="骑士征召令")
    s, _ = act(s, "play", card="骑士长召集")
    s, events = resolve_all(s)
    assert names(s, 0) == ["骑士长召集", "骑士", "骑士"] and s.players[0].ex == [] and "4.8.3.3" in cited(events)
    assert [a.target for a in legal(s, "attack")] == [-11, -11]


# ---------------------------------------------------------------- a cost replaced (10.2.1.3.3)


@clauses("shadowverse-evolve:10.2.1.3.3", "shadowverse-evolve:10.6.2.5.1", "shadowverse-evolve:10.10.2.4")
def test_10_10_2_4_a_replaced_cost_comes_before_the_cost_cut():
    s = load(position(p0={"hand": ["觉醒巨龙"], "pp": 4, "pp_max": 7}))
    assert [a.alt for a in legal(s, "play")] == [True]  # 8 - 1 = 7 is too much; 5 instead, then - 1: 4
    s, events = act(s, "play", card="觉醒巨龙", alt=True)
    assert names(s, 0) == ["觉醒巨龙"] and s.players[0].pp == 0 and s.players[0].played == 1
    assert "10.6.2.5.1" in cited(events)
    s = load(position(p0={"hand": ["觉醒巨龙"], "pp": 4, "pp_max": 6}))
    assert legal(s, "play") == []  # not awakened: 5 with no cut
    from sve_helpers import rejected
    s = load(position(p0={"hand": ["觉醒巨龙", "斗士"], "pp": 4, "pp_max": 7}))
    assert rejected(s, "play", card="斗士", alt=True) == "10.2.1.3.3"


# ---------------------------------------------------------------- hidden zones (10.7.4.1.1), each player (1.3.4.1)


@clauses("shadowverse-evolve:10.7.4.1.1")
def test_10_7_4_1_1_a_card_discarded_from_the_hand_triggers_as_it_is_in_the_cemetery():
    s = load(position(p0={"hand": ["盗贼", "怨灵"]}))
    s, _ = act(s, "play", card="盗贼")
    s, events = resolve_all(s)
    assert s.players[1].life == 19 and "10.7.4.1.1" in cited(events)
    s = load(position(p0={"hand": ["怨灵"] + ["哥布林"] * 7}, step="end_discard"))
    s, events = act(s, "discard", card="怨灵")
    s, _ = resolve_all(s)
    assert s.players[1].life == 19


@clauses("shadowverse-evolve:1.3.4.1")
def test_1_3_4_1_an_effect_for_each_player_does_what_needs_no_choice_at_once():
    s = load(position(p0={"hand": ["知识之泉"], "deck": ["哥布林"]}, p1={"deck": ["斗士"]}))
    s, events = act(s, "play", card="知识之泉")
    assert len(s.players[0].hand) == 1 and len(s.players[1].hand) == 1 and "1.3.4.1" in cited(events)
    s = load(position(p0={"hand": ["知识之泉"], "deck": []}, p1={"deck": []}))
    s, _ = act(s, "play", card="知识之泉")
    from tcgrules.engine.shadowverse_evolve import GAME
    assert GAME.result(s).winner is None and s.winner is not None  # both lost at once: a draw (1.2.2)


@clauses("shadowverse-evolve:10.9.1.5")
def test_10_9_1_5_an_effect_whose_followers_another_changes_applies_after_it():
    for flags in (["王国旗帜", "铁卫军旗"], ["铁卫军旗", "王国旗帜"]):
        s = load(position(p0={"field": [{"card": c} for c in flags] + [{"card": "斗士"}, {"card": "哥布林"}]}))
        assert [(attack(u), defense(u)) for u in s.players[0].field[2:]] == [(3, 3), (2, 2)], flags


@clauses("shadowverse-evolve:1.3.2.3")
def test_1_3_2_3_an_attack_meets_as_many_of_the_requirements_on_its_target_as_it_can():
    ward, lure, both = {"card": "守门石像", "tapped": True}, {"card": "挑衅者", "tapped": True}, \
        {"card": "挑衅者", "tapped": True, "keywords": ["ward"]}
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"field": [ward, lure, {"card": "哥布林", "tapped": True}]}))
    assert sorted(a.target for a in legal(s, "attack")) == [1, 2]  # the ward or the lure: one of the two
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"field": [ward, lure, both]}))
    assert [a.target for a in legal(s, "attack")] == [3]  # both requirements met at once
    s = load(position(p0={"field": [{"card": "斗士"}]}, p1={"field": [{"card": "挑衅者"}]}))
    assert [a.target for a in legal(s, "attack")] == [-11]  # an untapped lure cannot be attacked: no requirement


@clauses("shadowverse-evolve:12.1.2")
def test_12_1_2_two_keyword_timings_before_one_text_are_two_abilities():
    from tcgrules.engine.shadowverse_evolve.cards import load_pool
    card = load_pool().by_number["SVH-12"]
    assert [a.on for a in card.abilities] == ["fanfare", "last_words"]
    s = load(position(p0={"hand": ["圣歌修女", "龙之怒吼"], "life": 10, "pp": 6, "pp_max": 6}))
    s, _ = act(s, "play", card="圣歌修女")
    s, _ = resolve_all(s)
    assert s.players[0].life == 12  # its fanfare
    s, _ = act(s, "play", card="龙之怒吼")
    s, _ = resolve_all(s)
    assert names(s, 0) == [] and s.players[0].life == 14  # its last words


@clauses("shadowverse-evolve:4.2.1")
def test_4_2_1_layout_states_a_direction_on_the_field_and_a_face_in_the_evolve_deck():
    s = load(position(p0={"hand": ["冰冻术", "天罚"], "evolve_deck": ["SVE-02"]},
                      p1={"field": [{"card": "斗士", "evolved": "SVE-02"}]}))
    s, _ = act(s, "play", card="冰冻术", target=0)
    assert unit(s, 1).tapped is True  # one direction state: tapped
    s, _ = act(s, "play", card="天罚", target=0)
    pl = s.players[1]
    assert len(pl.evolve_up) == 1 and pl.evolve_deck == []  # back face up: not a card of the evolve deck (4.6.3)
