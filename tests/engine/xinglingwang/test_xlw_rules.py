"""Rules of the 星靈王 outline checked one by one from positions: setting up, the order of
effects, battles, combinations and the keyword blocks of section 十五 the judge scenarios
(test_xlw_judge.py) do not already check."""
from __future__ import annotations

import pytest

from tcgrules.engine.api import InputError
from tcgrules.engine.xinglingwang import GAME
from tcgrules.engine.xinglingwang.cards import POOL, check_deck, deck_from_data
from tcgrules.engine.xinglingwang.state import MULLIGAN, PHASE_NAMES
from xlw_helpers import act, load, rejected, units, value, zone

clauses = pytest.mark.clauses
def summon(p0: dict, p1: dict | None = None, **more) -> dict:
    return {"phase": "summon", "players": [p0, p1 or {}], **more}


def numbers(*names: str) -> dict:
    return {POOL.by_name[n].number: 1 for n in names}


STEAM = ["齒輪兵", "蒸汽工人", "鍋爐技師", "動力裝甲", "蒸汽巨人", "合體機兵", "合體戰車", "拆卸工兵", "能量砲台", "電網塔",
         "滑軌機兵", "飛艇", "月台站長", "衰變機械", "過載充能", "緊急維修", "工廠", "裝甲強化", "長槍兵", "弓箭手"]


# ---------------------------------------------------------------- 一: before the game


@clauses("xinglingwang:1.2.(1)", "xinglingwang:1.2.p1", "xinglingwang:1.1.p1")
def test_1_2_p1_twenty_cards_of_different_names():
    deck_from_data({"name": "d", "race": "蒸汽世界", "cards": numbers(*STEAM)}, "d")
    with pytest.raises(InputError, match=r"1\.2\.\(1\)"):
        deck_from_data({"name": "d", "race": "蒸汽世界", "cards": numbers(*STEAM[:19])}, "d")
    doubled = numbers(*STEAM[:19])
    doubled[POOL.by_name["齒輪兵"].number] = 2
    with pytest.raises(InputError, match=r"1\.2\.\(1\)"):
        deck_from_data({"name": "d", "race": "蒸汽世界", "cards": doubled}, "d")


@clauses("xinglingwang:15.c7.k2.1", "xinglingwang:1.2.(1)")
def test_15_c7_k2_1_overload_three_copies():
    cards = numbers(*STEAM[:17])
    cards[POOL.by_name["超載機兵"].number] = 3
    deck_from_data({"name": "d", "race": "蒸汽世界", "cards": cards}, "d")
    cards[POOL.by_name["超載機兵"].number] = 4
    del cards[POOL.by_name["齒輪兵"].number]
    with pytest.raises(InputError, match=r"15\.c7\.k2\.1"):
        deck_from_data({"name": "d", "race": "蒸汽世界", "cards": cards}, "d")


@clauses("xinglingwang:1.2.(2)", "xinglingwang:1.2.(3)", "xinglingwang:1.1.p1")
def test_1_1_p1_own_race_and_neutral_only():
    circus = [POOL.by_name["小丑"].index] + [POOL.by_name[n].index for n in STEAM[1:]]
    with pytest.raises(InputError, match=r"1\.2\.\(2\)"):
        check_deck("d", "蒸汽世界", tuple(circus))
    neutral = [c.index for c in POOL.cards if c.race == "中立" and c.kind != "traveler"][:20]
    with pytest.raises(InputError, match=r"1\.2\.\(3\)"):
        check_deck("d", "蒸汽世界", tuple(neutral))
    with pytest.raises(InputError, match=r"1\.1\.p1"):
        check_deck("d", "中立", tuple(neutral))


@clauses("xinglingwang:1.2.(4)", "xinglingwang:1.2.p1")
def test_1_2_p1_magic_mana_at_most_fifteen():
    magic = ["過載充能", "緊急維修", "工廠", "裝甲強化", "能量爆破", "火球術", "寶藏", "聖域"]  # 2+1+3+2+3+2+2+3 = 18
    units_ = [n for n in STEAM if POOL.by_name[n].kind == "unit"][:12]
    with pytest.raises(InputError, match=r"1\.2\.\(4\)"):
        deck_from_data({"name": "d", "race": "蒸汽世界", "cards": numbers(*units_, *magic)}, "d")


@clauses("xinglingwang:1.3.p1", "xinglingwang:1.4.p1", "xinglingwang:1.5.p1", "xinglingwang:4.1.p1", "xinglingwang:4.2.p1", "xinglingwang:4.6.p1", "xinglingwang:4.7.p1", "xinglingwang:4.4.p1", "xinglingwang:4.4.p2")
def test_1_5_p1_a_new_game():
    s = GAME.new_game(GAME.default_decks(), 5)
    assert [len(p.hand) for p in s.players] == [4, 4] and [len(p.deck) for p in s.players] == [16, 16]
    assert [p.forest for p in s.players] == [10, 10] and [p.race for p in s.players] == ["蒸汽世界", "馬戲團"]
    assert s.phase == MULLIGAN and s.chooser == s.first and s.countdown == 0
    firsts = {GAME.new_game(GAME.default_decks(), seed).first for seed in range(20)}
    assert firsts == {0, 1}


@clauses("xinglingwang:1.5.n1", "xinglingwang:1.5.p1", "xinglingwang:2.1.p1")
def test_1_5_n1_mulligan_first_player_then_second():
    s = GAME.new_game(GAME.default_decks(), 5)
    first = s.first
    kept = s.players[first].hand[2:]
    s = act(s, kind="mulligan", player=first, cards=[0, 1])
    assert len(s.players[first].hand) == 4 and s.players[first].hand[:2] == kept and len(s.players[first].deck) == 16
    assert rejected(s, kind="mulligan", player=first, cards=[]) == "1.5.p1"
    s = act(s, kind="mulligan", player=1 - first, cards=[])
    assert s.active == first and PHASE_NAMES[s.phase] == "summon" and len(s.players[first].hand) == 6


# ---------------------------------------------------------------- 二, 三, 十四: the turn and the end


@clauses("xinglingwang:2.5.p1", "xinglingwang:14.1", "xinglingwang:6.1", "xinglingwang:6.1.p1", "xinglingwang:6.7.p1", "xinglingwang:15.c7.k1.1.p1")
def test_6_1_p1_end_effects_turn_player_first_field_card_first():
    s = GAME.settle(GAME.load_position({"phase": "end", "players": [
        {"field_card": "聖域", "units": [{"card": "守夜人", "at": "2F"}]}, {"units": [{"card": "守夜人", "at": "1F"}]}]}))
    effects = [e.text for e in s.events if e.kind == "effect"]
    assert effects[:3] == ["player 0: bonus", "player 0: bonus", "player 1: bonus"]
    assert value(s.state, "0.bonus") == 2 and value(s.state, "1.bonus") == 1


@clauses("xinglingwang:3.2.(2)", "xinglingwang:14.4.(2)", "xinglingwang:14.4.p1")
def test_14_4_p1_early_end_by_units():
    three = [{"card": "迷途小子", "at": f"{i}F"} for i in (1, 2, 3)]
    s = load({"phase": "end", "players": [{"units": three}, {}]})
    assert PHASE_NAMES[s.phase] == "declare"
    s = act(s, kind="declare", condition="units")
    assert value(s, "0.declared") == "units"


@clauses("xinglingwang:13.n1", "xinglingwang:2.4.n1", "xinglingwang:15.c3.k2.1")
def test_13_n1_fusion_in_the_tactics_phase():
    s = load({"phase": "tactics", "players": [{"units": [{"card": "合體機兵", "at": "1F"}, {"card": "齒輪兵", "at": "3F"}]}, {}]})
    s = act(s, kind="fuse", unit="1F", onto="3F")
    assert units(s, 0) == ["合體機兵@3F"]


@clauses("xinglingwang:12.2.n2", "xinglingwang:12.2")
def test_12_2_n2_summon_phase_ends_without_travelers():
    s = load(summon({"forest": 0, "hand": ["火球術"]}))
    s = act(s, kind="pass")
    assert PHASE_NAMES[s.phase] == "tactics"


@clauses("xinglingwang:12.4", "xinglingwang:12.4.n1", "xinglingwang:12.4.n2")
def test_12_4_blue_star_condition():
    two = [{"card": "迷途小子", "at": f"{i}F"} for i in (1, 2)]
    s = load(summon({"hand": ["召喚師"], "units": two}))
    assert rejected(s, kind="play", card="召喚師", at="3F") == "12.4"
    s = load(summon({"hand": ["召喚師"], "units": two + [{"card": "迷途小子", "at": "3F"}]}))
    assert "召喚師@4F" in units(act(s, kind="play", card="召喚師", at="4F"), 0)
    assert rejected(s, kind="play", card="召喚師", at="4F", sacrifices=["1F"]) == "12.6"


@clauses("xinglingwang:13.3.n1", "xinglingwang:12.4", "xinglingwang:15.c6.k2.1")
def test_13_3_n1_blue_star_in_the_tactics_phase():
    s = load({"phase": "tactics", "players": [{"hand": ["充能核心"], "charge": 3}, {}]})
    s = act(act(s, kind="tactic", choice="deploy"), kind="play", card="充能核心", at="1F")
    assert units(s, 0) == ["充能核心@1F"] and value(s, "0.charge") == 0


@clauses("xinglingwang:12.6.p1", "xinglingwang:12.6", "xinglingwang:13.3")
def test_12_6_p1_sacrifices_brought_to_zero():
    s = load({"phase": "tactics", "players": [{"hand": ["老練傭兵"], "field_card": "祭壇"}, {}]})
    s = act(act(s, kind="tactic", choice="deploy"), kind="play", card="老練傭兵", at="1F")
    assert units(s, 0) == ["老練傭兵@1F"]


@clauses("xinglingwang:12.3.n1", "xinglingwang:6.2.n1")
def test_12_3_n1_a_sacrifice_is_no_target():
    s = load(summon({"hand": ["分離裝置"], "units": [{"card": "合體戰車", "at": "1F", "under": ["齒輪兵"]}]}))
    assert rejected(s, kind="play", card="分離裝置", at="2F", sacrifices=["1F"], target="0:1F") == "6.2.n1"


@clauses("xinglingwang:6.2.n1", "xinglingwang:7.1")
def test_6_2_n1_a_target_not_there():
    s = load(summon({"hand": ["火球術"]}, {"units": [{"card": "流浪劍士", "at": "1F"}]}))
    assert rejected(s, kind="magic", card="火球術", target="1:2F") == "6.2.n1"


@clauses("xinglingwang:11.3.p1", "xinglingwang:11.3", "xinglingwang:7.1")
def test_11_3_p1_no_cards_once_attacks_began():
    s = load({"phase": "tactics", "players": [{"hand": ["寶藏"], "units": [{"card": "流浪劍士", "at": "1F"},
                                                                        {"card": "流浪劍士", "at": "2F"}]},
                                               {"units": [{"card": "迷途小子", "at": "1F"}, {"card": "迷途小子", "at": "2F"}]}]})
    s = act(act(s, kind="tactic", choice="attack"), kind="attack", unit="1F")
    assert rejected(s, kind="magic", card="寶藏") == "7.1"


@clauses("xinglingwang:13.5.p1", "xinglingwang:13.5", "xinglingwang:7.1")
def test_13_5_p1_no_cards_once_moves_began():
    s = load({"phase": "tactics", "players": [{"hand": ["寶藏", "流浪劍士"], "units": [{"card": "迷途小子", "at": "1F"}]}, {}]})
    s = act(act(s, kind="tactic", choice="deploy"), kind="play", card="流浪劍士", at="2F")
    s = act(s, kind="magic", card="寶藏")
    assert value(s, "0.bonus") == 2
    s = load({"phase": "tactics", "players": [{"hand": ["寶藏", "流浪劍士"], "units": [{"card": "迷途小子", "at": "1F"}]}, {}]})
    s = act(act(act(s, kind="tactic", choice="deploy"), kind="play", card="流浪劍士", at="2F"), kind="move", unit="1F", to="1B")
    assert rejected(s, kind="magic", card="寶藏") == "7.1"


@clauses("xinglingwang:15.c5.k2.3", "xinglingwang:13.4", "xinglingwang:15.c5.k2.1")
def test_15_c5_k2_3_become_keeps_its_moves():
    s = load(summon({"hand": ["雙面小丑"], "units": [{"card": "迷途小子", "at": "1F"}, {"card": "旅店老闆", "at": "2F"}]}))
    s = act(s, kind="play", card="雙面小丑", at="3F", sacrifices=["1F"], target="0:2F")
    assert units(s, 0) == ["團長@2F", "雙面小丑@3F"]
    s = act(act(act(s, kind="tactic", choice="deploy"), kind="traveler", at="1F"), kind="move", unit="2F", to="2B")
    assert "團長@2B" in units(s, 0)


# ---------------------------------------------------------------- 六: effects


@clauses("xinglingwang:6.7", "xinglingwang:15.c5.k1.1")
def test_6_7_all_enemy_units_in_front_order():
    s = load(summon({"hand": ["連環閃電"]}, {"units": [{"card": "流浪劍士", "at": "1F"}, {"card": "秘法護衛", "at": "2F"},
                                                    {"card": "旅店老闆", "at": "3B"}]}))
    s = act(s, kind="magic", card="連環閃電")
    assert units(s, 1) == ["流浪劍士@1F:sideways", "秘法護衛@2F", "旅店老闆@3B:sideways"]


@clauses("xinglingwang:6.6", "xinglingwang:6.3.p1")
def test_6_6_the_effect_goes_on_when_its_card_left():
    s = load(summon({"hand": ["自爆蜂"], "deck": ["流浪劍士"]}))
    s = act(s, kind="play", card="自爆蜂", at="1F")
    assert units(s, 0) == [] and zone(s, 0, "hand") == ["流浪劍士"] and zone(s, 0, "grave") == ["自爆蜂"]


@clauses("xinglingwang:6.3", "xinglingwang:15.c2.k1.1", "xinglingwang:11.6.(6)")
def test_6_3_a_may_declined():
    s = load({"active": 1, "phase": "defense", "players": [{"units": [{"card": "盜賊", "at": "2F", "state": "attack"}]},
                                                           {"units": [{"card": "森林見習生", "at": "2F"}]}]})
    s = act(act(act(s, kind="pass", player=1), kind="pass", player=0), kind="choose", player=0, option=0)
    assert units(s, 0) == ["盜賊@2F:sideways"]


@clauses("xinglingwang:6.4", "xinglingwang:6.4.p1", "xinglingwang:12.3.p1")
def test_6_4_a_sacrifice_effect_inside_playing():
    s = GAME.settle(GAME.load_position(summon({"hand": ["老練傭兵"], "deck": ["旅店老闆"],
                                                "units": [{"card": "獻祭信徒", "at": "1F"}]})))
    after = GAME.apply(s.state, GAME.action_from_json({"kind": "play", "card": "老練傭兵", "at": "2F",
                                                       "sacrifices": ["1F"]}, s.state))
    kinds = [e.kind for e in after.events]
    assert kinds.index("draw") < kinds.index("enter")


@clauses("xinglingwang:7.5", "xinglingwang:14.1")
def test_7_5_a_field_card_targets_its_own_cards():
    s = load({"phase": "end", "players": [{"field_card": "訓練場", "units": [{"card": "流浪劍士", "at": "3F", "state": "sideways"}]},
                                           {"units": [{"card": "流浪劍士", "at": "1F", "state": "sideways"}]}]})
    assert units(s, 0) == ["流浪劍士@3F"] and units(s, 1) == ["流浪劍士@1F:sideways"]


@clauses("xinglingwang:6.8", "xinglingwang:15.c5.k6.1")
def test_6_8_imprisoned_not_pushed():
    s = load(summon({"hand": ["衝擊波"]}, {"units": [{"card": "旅店老闆", "at": "3F", "imprisoned": True}]}))
    assert units(act(s, kind="magic", card="衝擊波", target="1:3F"), 1) == ["旅店老闆@3F"]


@clauses("xinglingwang:6.9", "xinglingwang:6.9.p1", "xinglingwang:10.7", "xinglingwang:15.c5.k5.5")
def test_6_9_kidnapped_cards_go_back_to_their_owner():
    s = load(summon({"hand": ["火球術"]}, {"units": [{"card": "綁匪", "at": "2F", "kidnapped": ["巨岩魔像", "流浪劍士"]}]}))
    s = act(s, kind="magic", card="火球術", target="1:2F")
    assert units(s, 0) == ["巨岩魔像@1F:sideways"] and zone(s, 0, "grave") == ["流浪劍士", "火球術"]


@clauses("xinglingwang:10.4", "xinglingwang:10.5", "xinglingwang:10.1", "xinglingwang:4.8.p1")
def test_10_4_banished_and_travelers_to_the_forest():
    s = load(summon({"hand": ["放逐者"], "units": [{"card": "迷途小子", "at": "1F"}, {"card": "迷途小子", "at": "2F"}]},
                    {"forest": 0, "units": [{"card": "巨岩魔像", "at": "1F"}, {"card": "小旅人", "at": "2F"}]}))
    t = act(s, kind="play", card="放逐者", at="3F", sacrifices=["1F", "2F"], target="1:1F")
    assert zone(t, 1, "banished") == ["巨岩魔像"]
    t = act(s, kind="play", card="放逐者", at="3F", sacrifices=["1F", "2F"], target="1:2F")
    assert zone(t, 1, "banished") == [] and value(t, "1.forest") == 1


@clauses("xinglingwang:8.1.p1", "xinglingwang:9.1", "xinglingwang:9.2")
def test_8_1_p1_units_enter_upright():
    s = act(load(summon({"hand": ["流浪劍士"]})), kind="play", card="流浪劍士", at="1F")
    assert s.players[0].field[0].status == 0


# ---------------------------------------------------------------- 十一: battles


@clauses("xinglingwang:11.6.(4)", "xinglingwang:11.6.n1", "xinglingwang:11.6.(3)", "xinglingwang:11.6")
def test_11_6_n1_loser_effects():
    s = load({"active": 1, "phase": "defense", "players": [
        {"units": [{"card": "雙刃戰士", "at": "2F", "state": "attack"}]},
        {"deck": ["流浪劍士"], "units": [{"card": "復仇之魂", "at": "2F"}]}]})
    s = act(act(s, kind="pass", player=1), kind="pass", player=0)
    assert value(s, "0.bonus") == 1 and "流浪劍士" in zone(s, 1, "hand")


@clauses("xinglingwang:11.6.(8)", "xinglingwang:11.6.(1)", "xinglingwang:7.4")
def test_7_4_this_battle_effects_end_with_the_defense_phase():
    s = load({"active": 1, "phase": "defense", "players": [
        {"units": [{"card": "流浪劍士", "at": "2F", "state": "attack"}]},
        {"hand": ["戰鬥怒吼"], "units": [{"card": "旅店老闆", "at": "2F"}]}]})
    s = act(s, kind="magic", player=1, card="戰鬥怒吼", target="1:2F")
    s = act(act(s, kind="pass", player=0), kind="pass", player=1)
    assert units(s, 1) == ["旅店老闆@2F"] and units(s, 0) == [] and zone(s, 1, "grave") == ["戰鬥怒吼"]


@clauses("xinglingwang:15.c1.k4.3", "xinglingwang:11.2")
def test_15_c1_k4_3_a_blocker_target_turns_the_attacker_upright():
    s = load({"active": 1, "phase": "draw", "players": [{"units": [{"card": "流浪劍士", "at": "2F", "state": "attack"}]},
                                                        {"units": [{"card": "石像守衛", "at": "2F"}]}]})
    assert units(s, 0) == ["流浪劍士@2F"] and PHASE_NAMES[s.phase] == "summon"


@clauses("xinglingwang:15.c1.k2.4", "xinglingwang:15.c1.k2.1", "xinglingwang:15.c1.k2.1.p1")
def test_15_c1_k2_4_ranged_fights_the_row_it_aimed_at():
    s = load({"active": 1, "phase": "defense", "players": [
        {"units": [{"card": "狙擊手", "at": "2F", "state": "attack", "aim": "back"}]},
        {"units": [{"card": "巨岩魔像", "at": "2F"}, {"card": "森林見習生", "at": "2B"}]}]})
    s = act(act(s, kind="pass", player=1), kind="pass", player=0)
    assert units(s, 1) == ["巨岩魔像@2F"]
    s = load({"active": 1, "phase": "draw", "players": [
        {"units": [{"card": "狙擊手", "at": "2F", "state": "attack", "aim": "back"}]},
        {"units": [{"card": "巨岩魔像", "at": "2F"}]}]})
    assert units(s, 0) == ["狙擊手@2F"]


@clauses("xinglingwang:15.c1.k2.5", "xinglingwang:15.c1.k1.1.p1", "xinglingwang:5.2.p1", "xinglingwang:5.3.p1")
def test_15_c1_k2_5_pierce_and_ranged():
    s = load({"phase": "tactics", "players": [{"units": [{"card": "穿雲弩手", "at": "2F"}]},
                                               {"units": [{"card": "石像守衛", "at": "2F"}, {"card": "森林見習生", "at": "2B"}]}]})
    s = act(act(act(s, kind="tactic", choice="attack"), kind="attack", unit="2F"), kind="pass")
    s = act(act(s, kind="pass", player=1), kind="pass", player=0)
    assert units(s, 1) == ["石像守衛@2F"]


@clauses("xinglingwang:15.c2.k1.3", "xinglingwang:15.c2.k1.1")
def test_15_c2_k1_3_sneak_and_pierce_once_is_enough():
    s = load({"active": 1, "phase": "defense", "players": [
        {"units": [{"card": "穿刺盜賊", "at": "2F", "state": "attack"}]},
        {"units": [{"card": "巨岩魔像", "at": "2F"}, {"card": "迷途小子", "at": "2B"}]}]})
    s = act(act(s, kind="pass", player=1), kind="pass", player=0)
    assert s.pending is not None and s.pending.kind == "sneak"
    s = act(s, kind="choose", player=0, option=1)
    assert zone(s, 0, "hand") == ["穿刺盜賊"] and units(s, 1) == ["巨岩魔像@2F"]


@clauses("xinglingwang:15.c2.k1.4", "xinglingwang:15.c2.k1.1")
def test_15_c2_k1_4_combined_sneak_top_card_only():
    s = load({"active": 1, "phase": "defense", "players": [
        {"units": [{"card": "盜賊", "at": "2F", "state": "attack", "under": ["齒輪兵"]}]},
        {"units": [{"card": "迷途小子", "at": "2F"}]}]})
    s = act(act(act(s, kind="pass", player=1), kind="pass", player=0), kind="choose", player=0, option=1)
    assert zone(s, 0, "hand") == ["盜賊"] and units(s, 0) == ["齒輪兵@2F"]


@clauses("xinglingwang:15.c2.k3.2", "xinglingwang:15.c2.k3.1")
def test_15_c2_k3_2_given_attack_does_not_help_a_blocker():
    s = load({"active": 1, "phase": "defense", "players": [
        {"units": [{"card": "破城錘兵", "at": "2F", "state": "attack"}]},
        {"units": [{"card": "城牆衛兵", "at": "2F", "given": ["裝甲強化"]}]}]})
    s = act(act(s, kind="pass", player=1), kind="pass", player=0)
    assert units(s, 1) == []


@clauses("xinglingwang:15.c2.k3.3")
def test_15_c2_k3_3_armor_break_against_an_effect_resistant_blocker():
    s = load({"active": 1, "phase": "defense", "players": [
        {"units": [{"card": "重甲破壞者", "at": "2F", "state": "attack"}]},
        {"units": [{"card": "鐵壁機兵", "at": "2F"}]}]})
    s = act(act(s, kind="pass", player=1), kind="pass", player=0)
    assert units(s, 1) == [] and zone(s, 1, "grave") == ["鐵壁機兵"]


# ---------------------------------------------------------------- 十五 3類: combinations


@clauses("xinglingwang:15.c3.k1.2.p1", "xinglingwang:15.c3.k1.2")
def test_15_c3_k1_2_p1_combined_with_a_blocker_cannot_attack():
    s = load({"phase": "tactics", "players": [{"units": [{"card": "合體戰車", "at": "2F", "under": ["電網塔"]},
                                                         {"card": "流浪劍士", "at": "1F"}]},
                                               {"units": [{"card": "迷途小子", "at": "2F"}, {"card": "迷途小子", "at": "1F"}]}]})
    s = act(s, kind="tactic", choice="attack")
    assert rejected(s, kind="attack", unit="2F") == "15.c1.k4.1"


@clauses("xinglingwang:15.c3.k1.3", "xinglingwang:15.c3.k1.4", "xinglingwang:15.c3.k1.1")
def test_15_c3_k1_3_a_combination_enters_anew():
    s = load(summon({"units": [{"card": "合體機兵", "at": "1F", "given": ["裝甲強化"]},
                               {"card": "齒輪兵", "at": "3F", "state": "sideways"}]}))
    s = act(s, kind="fuse", unit="1F", onto="3F")
    assert units(s, 0) == ["合體機兵@3F"] and zone(s, 0, "grave") == ["裝甲強化"]


@clauses("xinglingwang:15.c3.k1.5", "xinglingwang:15.c3.k1.6", "xinglingwang:4.10.p1")
def test_15_c3_k1_5_a_combined_unit_leaves_as_one():
    s = load(summon({"hand": ["火球術"]}, {"units": [{"card": "合體戰車", "at": "2F", "under": ["齒輪兵"]}]}))
    assert value(s, "1.attack.2F") == 6 and value(s, "1.score") == 3
    s = act(s, kind="magic", card="火球術", target="1:2F")
    assert zone(s, 1, "grave") == ["合體戰車", "齒輪兵"]


@clauses("xinglingwang:15.c3.k2.3", "xinglingwang:15.c3.k2.3.p1", "xinglingwang:15.c3.k2.4", "xinglingwang:15.c3.k2.5", "xinglingwang:15.c3.k2.6")
def test_15_c3_k2_3_several_fusions_in_one_phase_a_name_once():
    s = load(summon({"hand": ["流浪劍士"], "units": [
        {"card": "合體機兵", "at": "1F"}, {"card": "齒輪兵", "at": "2F"},
        {"card": "合體戰車", "at": "3F"}, {"card": "蒸汽工人", "at": "4F"}, {"card": "動力裝甲", "at": "5F"}]}))
    s = act(s, kind="fuse", unit="1F", onto="2F")
    assert rejected(s, kind="fuse", unit="3F", onto="2F") == "15.c3.k2.2"
    s = act(s, kind="fuse", unit="3F", onto="4F")
    assert units(s, 0) == ["合體機兵@2F", "合體戰車@4F", "動力裝甲@5F"]
    s = act(s, kind="play", card="流浪劍士", at="1F")
    assert rejected(s, kind="fuse", unit="4F", onto="5F") == "15.c3.k2.1"


@clauses("xinglingwang:15.c3.k3.1", "xinglingwang:15.c3.k3.1.p1", "xinglingwang:15.c3.k3.3")
def test_15_c3_k3_1_devoured_goes_under():
    s = load(summon({"hand": ["大嘴機獸"], "deck": ["流浪劍士"],
                     "units": [{"card": "吞噬引擎", "at": "1F"}, {"card": "迷途小子", "at": "2F"}]}))
    s = act(s, kind="play", card="大嘴機獸", at="1F", sacrifices=["1F", "2F"])
    assert units(s, 0) == ["大嘴機獸@1F"] and value(s, "0.attack.1F") == 7 and zone(s, 0, "hand") == []


@clauses("xinglingwang:15.c3.k3.2", "xinglingwang:15.c3.k3.1")
def test_15_c3_k3_2_a_combined_devourer_gives_only_its_top():
    s = load(summon({"hand": ["動力裝甲"], "units": [{"card": "吞噬引擎", "at": "1F", "under": ["齒輪兵"]}]}))
    s = act(s, kind="play", card="動力裝甲", at="1F", sacrifices=["1F"])
    assert value(s, "0.attack.1F") == 6 and zone(s, 0, "grave") == ["齒輪兵"]


@clauses("xinglingwang:15.c3.k4.1")
def test_15_c3_k4_1_parasite():
    s = load(summon({"hand": ["寄生蟲機"], "units": [{"card": "流浪劍士", "at": "3F"}]}))
    s = act(s, kind="play", card="寄生蟲機", at="1F", target="0:3F")
    assert units(s, 0) == ["流浪劍士@3F"] and value(s, "0.attack.3F") == 4


@clauses("xinglingwang:15.c3.k5.1", "xinglingwang:15.c3.k5.2", "xinglingwang:15.c3.k5.3")
def test_15_c3_k5_1_separate():
    s = load(summon({"hand": ["分離裝置"], "units": [{"card": "迷途小子", "at": "1F"}]},
                    {"units": [{"card": "合體戰車", "at": "2F", "under": ["齒輪兵"], "given": ["裝甲強化"]}]}))
    s = act(s, kind="play", card="分離裝置", at="1F", sacrifices=["1F"], target="1:2F")
    assert units(s, 1) == ["齒輪兵@1F", "合體戰車@2F"] and zone(s, 1, "grave") == ["裝甲強化"]


@clauses("xinglingwang:15.c3.k5.4")
def test_15_c3_k5_4_no_room_no_separation():
    full = [{"card": "迷途小子", "at": f"{f}{r}"} for f in (1, 3, 4, 5) for r in "FB"] + [{"card": "迷途小子", "at": "2B"}]
    s = load(summon({"hand": ["分離裝置"], "units": [{"card": "迷途小子", "at": "1F"}]},
                    {"units": full + [{"card": "合體戰車", "at": "2F", "under": ["齒輪兵"]}]}))
    s = act(s, kind="play", card="分離裝置", at="1F", sacrifices=["1F"], target="1:2F")
    assert "合體戰車@2F" in units(s, 1) and "齒輪兵@2F" not in units(s, 1)


# ---------------------------------------------------------------- 十五 4類-7類


@clauses("xinglingwang:5.4.p1", "xinglingwang:5.5.p1", "xinglingwang:15.c4.k2.1")
def test_5_4_p1_cover_right_behind():
    s = load(summon({"hand": ["流浪劍士"], "units": [{"card": "盾衛", "at": "3F"}]}))
    s = act(s, kind="play", card="流浪劍士", at="4F")
    assert s.pending.kind == "cover"
    assert units(act(s, kind="choose", option=1), 0) == ["盾衛@3F", "流浪劍士@3B"]
    s = load(summon({"hand": ["流浪劍士"], "units": [{"card": "盾衛", "at": "3F"}]}))
    assert act(s, kind="play", card="流浪劍士", at="1F").pending is None


@clauses("xinglingwang:15.c4.k1.2", "xinglingwang:15.c7.k3.1", "xinglingwang:15.c7.k3.3", "xinglingwang:15.c7.k3.4")
def test_15_c4_k1_2_a_summoned_unit_has_no_instant():
    s = load(summon({"hand": ["預言家"], "deck": ["吟遊詩人", "旅店老闆"]}))
    s = act(s, kind="play", card="預言家", at="1F")
    assert units(s, 0) == ["預言家@1F", "吟遊詩人@2F"] and zone(s, 0, "hand") == []


@clauses("xinglingwang:15.c7.k3.2", "xinglingwang:9.3")
def test_15_c7_k3_2_a_revealed_card_goes_back():
    s = load(summon({"hand": ["預言家"], "deck": ["火球術", "旅店老闆"]}))
    s = act(s, kind="play", card="預言家", at="1F")
    assert units(s, 0) == ["預言家@1F"] and s.players[0].deck[-1] == POOL.by_name["火球術"].index
    full = [{"card": "迷途小子", "at": f"{f}{r}"} for f in (2, 3, 4, 5) for r in "FB"] + [{"card": "迷途小子", "at": "1B"}]
    s = load(summon({"hand": ["預言家"], "deck": ["流浪劍士"], "units": full}))
    s = act(s, kind="play", card="預言家", at="1F")
    assert s.players[0].deck == [POOL.by_name["流浪劍士"].index]


@clauses("xinglingwang:15.c5.k3.3", "xinglingwang:15.c6.k8.1")
def test_15_c5_k3_3_an_imprisoned_unit_may_be_put_elsewhere():
    s = load(summon({"hand": ["馴獸師"], "units": [{"card": "迷途小子", "at": "1F"}]},
                    {"units": [{"card": "巨岩魔像", "at": "3F", "imprisoned": True}]}))
    s = act(s, kind="play", card="馴獸師", at="1F", sacrifices=["1F"], target="1:3F")
    assert units(s, 1) == [] and zone(s, 0, "wheel") == ["巨岩魔像"]


@clauses("xinglingwang:15.c5.k5.6", "xinglingwang:15.c5.k5.1")
def test_15_c5_k5_6_kidnapping_a_combined_unit():
    s = load(summon({"hand": ["綁匪"], "units": [{"card": "迷途小子", "at": "1F"}]},
                    {"units": [{"card": "合體戰車", "at": "3F", "under": ["齒輪兵"]}]}))
    s = act(s, kind="play", card="綁匪", at="2F", sacrifices=["1F"], target="1:3F")
    assert zone(s, 1, "grave") == ["齒輪兵"] and s.players[0].field[2].kidnapped == [POOL.by_name["合體戰車"].index]


@clauses("xinglingwang:15.c5.k5.7", "xinglingwang:15.c6.k3.3")
def test_15_c5_k5_7_losing_effects():
    s = load(summon({"hand": ["沉默術"]}, {"forest": 0, "units": [
        {"card": "綁匪", "at": "2F", "kidnapped": ["巨岩魔像"]}, {"card": "飛艇", "at": "3F", "riders": 2}]}))
    t = act(s, kind="magic", card="沉默術", target="1:2F")
    assert zone(t, 0, "grave") == ["巨岩魔像"] and value(t, "1.score") == 3
    t = act(s, kind="magic", card="沉默術", target="1:3F")
    assert value(t, "1.forest") == 2 and value(t, "1.riders") == 0


@clauses("xinglingwang:15.c6.k1.2", "xinglingwang:15.c6.k2.2", "xinglingwang:15.c6.k2.1", "xinglingwang:4.12.p1")
def test_15_c6_k2_2_at_least_one_charge():
    s = act(load(summon({"hand": ["節能裝置"], "charge": 0})), kind="play", card="節能裝置", at="1F")
    assert value(s, "0.bonus") == 0
    s = act(load(summon({"hand": ["節能裝置"], "charge": 1})), kind="play", card="節能裝置", at="1F")
    assert value(s, "0.bonus") == 1 and value(s, "0.charge") == 0


@clauses("xinglingwang:15.c6.k2.3", "xinglingwang:15.c6.k2.1")
def test_15_c6_k2_3_a_magic_cards_discharge_when_it_resolves():
    s = load(summon({"hand": ["能量爆破"], "charge": 2}, {"units": [{"card": "巨岩魔像", "at": "1F"}]}))
    s = act(s, kind="magic", card="能量爆破", target="1:1F")
    assert units(s, 1) == [] and value(s, "0.charge") == 0


@clauses("xinglingwang:15.c6.k4.1", "xinglingwang:15.c6.k3.2")
def test_15_c6_k4_1_board():
    s = load(summon({"hand": ["月台站長"], "units": [{"card": "小旅人", "at": "2F"}, {"card": "飛艇", "at": "3F", "riders": 1}]}))
    s = act(s, kind="play", card="月台站長", at="1F", target="0:2F")
    assert units(s, 0) == ["月台站長@1F", "飛艇@3F"] and value(s, "0.riders") == 2


@clauses("xinglingwang:15.c6.k5.1", "xinglingwang:15.c6.k5.2")
def test_15_c6_k5_1_alight_not_in_the_turn_it_rode():
    base = {"hand": ["蒸汽列車"], "deck": ["流浪劍士"], "forest": 0,
            "units": [{"card": "迷途小子", "at": "1F"}, {"card": "迷途小子", "at": "2F"}, {"card": "飛艇", "at": "3F", "riders": 2}]}
    s = act(load(summon(base)), kind="play", card="蒸汽列車", at="1F", sacrifices=["1F", "2F"], target="0:3F")
    assert value(s, "0.riders") == 1 and value(s, "0.forest") == 1 and zone(s, 0, "hand") == ["流浪劍士"]
    base["units"][2]["boarded"] = True
    s = load(summon(base))
    assert rejected(s, kind="play", card="蒸汽列車", at="1F", sacrifices=["1F", "2F"], target="0:3F") == "6.2.n1"


@clauses("xinglingwang:15.c6.k9.2.n1", "xinglingwang:15.c6.k9.2")
def test_15_c6_k9_2_n1_an_enemy_card_opened_goes_to_its_owner():
    s = load(summon({"hand": ["馴獸師", "開盤之夜"], "units": [{"card": "迷途小子", "at": "1F"}]},
                    {"units": [{"card": "巨岩魔像", "at": "3F"}]}))
    s = act(s, kind="play", card="馴獸師", at="1F", sacrifices=["1F"], target="1:3F")
    s = act(act(s, kind="tactic", choice="deploy"), kind="magic", card="開盤之夜")
    assert zone(s, 1, "grave") == ["巨岩魔像"] and zone(s, 0, "wheel") == []


@clauses("xinglingwang:15.c6.k9.4", "xinglingwang:15.c6.k9.3", "xinglingwang:15.c6.k9.5", "xinglingwang:15.c6.k9.1")
def test_15_c6_k9_4_two_rotations_one_after_the_other():
    s = load(summon({"hand": ["輪盤主持人"], "deck": ["流浪劍士"], "wheel": ["雜技演員", "魔術師", "小丑"],
                     "units": [{"card": "迷途小子", "at": "1F"}]}))
    s = act(s, kind="play", card="輪盤主持人", at="1F", sacrifices=["1F"])
    assert len(zone(s, 0, "wheel")) == 1 and len(zone(s, 0, "grave")) == 3
