"""Rules checked on small positions written here (the judge scenarios are in test_zd_judge.py)."""
from __future__ import annotations

import pytest

from tcgrules.engine.action import Events
from tcgrules.engine.zero_dimension import GAME
from tcgrules.engine.zero_dimension.actions import actor, settle
from tcgrules.engine.zero_dimension.info import CARDS
from tcgrules.engine.zero_dimension.state import DRAW_RESULT, MAIN, STEP_NAMES

from zd_helpers import P, legal_texts, names, play, position

clauses = pytest.mark.clauses
PP = [P, P]


def attack_char(u: int, t: int) -> list:
    return [{"kind": "attack", "unit": u}, {"kind": "target", "target": t}, {"kind": "block", "unit": "none"}]


@clauses("zero-dimension:101.p6", "zero-dimension:101.p3")
def test_101_p6_both_lose_at_once_is_a_draw():
    s = play(position(), [])
    s.losers = 3
    settle(s, Events())
    assert s.winner == DRAW_RESULT and GAME.result(s).winner is None


@clauses("zero-dimension:106.p6", "zero-dimension:102.p3", "zero-dimension:802.p1")
def test_106_p6_turn_player_adds_triggers_first():
    s = play(position(p0={"field": [{"card": "遗志战士"}], "hand": ["急救"]}, p1={"field": [{"card": "遗志战士", "tapped": True}]}),
             [{"kind": "attack", "unit": 0}, P, {"kind": "target", "target": 1}, P, {"kind": "block", "unit": "none"},
              P, P])
    assert len(s.triggers) == 2 and actor(s) == 0
    s = play_on(s, [{"kind": "trigger", "index": 0}])
    assert actor(s) == 1
    s = play_on(s, [{"kind": "trigger", "index": 0}])
    assert [i.player for i in s.chain] == [0, 1]  # the other player's on top: it resolves first


def play_on(s, actions):
    for a in actions:
        s = GAME.apply(s, GAME.action_from_json(a, s)).state
    return s


@clauses("zero-dimension:102.p4", "zero-dimension:900.k5.p2")
def test_102_p4_looking_at_an_empty_deck_is_ignored():
    s = play(position(p0={"hand": ["智谋军师"], "deck": []}), [{"kind": "play", "card": "智谋军师"}, {"kind": "trigger", "index": 0}])
    assert s.pending is None and s.winner == -1


@clauses("zero-dimension:102.p6", "zero-dimension:200.p2", "zero-dimension:611.p2")
def test_200_p2_a_card_goes_to_its_owners_rest_area():
    s = play(position(p0={"field": [{"card": "海贼三号", "owner": 1}]}, p1={"hand": ["雷击"]}),
             [P, {"kind": "play", "player": 1, "card": "雷击", "target": 0}])
    assert names(s, 1, "rest") == ["海贼三号", "雷击"] and names(s, 0, "rest") == []


@clauses("zero-dimension:104.p3")
def test_104_p3_a_tapped_character_pays_no_tapping_cost():
    s = play(position(p0={"field": [{"card": "启动法师", "tapped": True}]}, p1={"field": [{"card": "海贼一号"}]}), [])
    assert not any("ability" in t for t in legal_texts(s))


@clauses("zero-dimension:104.p4", "zero-dimension:205.p3", "zero-dimension:200.p4")
def test_205_p3_a_card_that_comes_back_is_a_new_card():
    s = play(position(p0={"field": [{"card": "海贼三号", "tapped": True, "damage": 1000}], "hand": ["急救"]},
                      p1={"hand": ["撤退"]}),
             [P, {"kind": "play", "player": 1, "card": "撤退", "target": 0}, P,
              {"kind": "play", "card": "海贼三号"}, P])
    u = s.players[0].field[0]
    assert not u.tapped and u.damage == 0 and u.uid != 0 and u.entered == s.turn


@clauses("zero-dimension:105.p3", "zero-dimension:405.p4.1", "zero-dimension:405.p4.3", "zero-dimension:405.p4.4")
def test_105_p3_the_turn_player_in_the_action_phase_may_do_everything():
    s = play(position(p0={"hand": ["海贼一号"], "field": [{"card": "海贼五号"}]}), [])
    texts = legal_texts(s)
    assert any("uses 海贼一号" in t for t in texts) and any("levels up" in t for t in texts) \
        and any("attacks with" in t for t in texts)


@clauses("zero-dimension:105.p1", "zero-dimension:400.p5", "zero-dimension:406.p1", "zero-dimension:402.p1",
         "zero-dimension:403.p1", "zero-dimension:404.p1", "zero-dimension:405.p2", "zero-dimension:405.1.p2")
def test_105_p1_a_player_with_nothing_to_add_passes():
    end = {"active": 1, "step": "end"}  # the other player's end step
    s = play(position(**end), [])
    assert (actor(s), STEP_NAMES[s.step]) == (1, "end")  # the position asks its player, even with nothing to add
    out = GAME.apply(s, GAME.action_from_json(P, s))
    assert (out.state.active, STEP_NAMES[out.state.step]) == (0, "resource")  # the end, start and draw steps went by
    assert [e.clauses for e in out.events if e.kind == "pass"] == [("105.p1",)] * 5  # all but the one asked
    withdraw = position({"field": [{"card": "海贼一号"}]}, {"hand": ["撤退"]}, **end)
    s = play(withdraw, [])
    assert (actor(s), STEP_NAMES[s.step]) == (1, "end")  # 撤退 may be used: asked
    s = play(withdraw, [P])
    assert (s.active, actor(s), STEP_NAMES[s.step]) == (0, 1, "start")  # player 0 passed for themselves
    s = play(position(), [P])
    assert (s.active, actor(s), STEP_NAMES[s.step]) == (1, 1, "resource")  # the action phase ended too (405.p2)
    s = play(position({"field": [{"card": "海贼一号"}]}), [{"kind": "attack", "unit": 0}])
    assert STEP_NAMES[s.step] == "target"  # the attack's free timing went by: the attacker chooses its object


@clauses("zero-dimension:202.p5", "zero-dimension:324.p5")
def test_202_p5_cards_added_go_on_top_of_the_life_area():
    s = play(position(p0={"hand": ["生命之泉"], "deck": ["火焰二号", "海贼一号"]}),
             [{"kind": "play", "card": "生命之泉"}])
    assert CARDS[s.players[0].life[0]].name == "火焰二号" and len(s.players[0].life) == 4


@clauses("zero-dimension:304.p4", "zero-dimension:204.p3")
def test_304_p4_a_face_down_resource_pays_no_colour():
    data = position(p0={"hand": ["火球"], "resources": [{"card": "海贼一号", "up": False}] * 3},
                    p1={"field": [{"card": "海贼一号"}]})
    assert not any("火球" in t for t in legal_texts(play(data, [])))


@clauses("zero-dimension:320.p6", "zero-dimension:705.p3", "zero-dimension:705.p6")
def test_320_p6_a_tactic_whose_object_left_does_not_resolve():
    s = play(position(p0={"hand": ["火球", "海贼一号"]}, p1={"hand": ["撤退"], "field": [{"card": "海洋四号"}]}),
             [{"kind": "play", "card": "火球", "target": 0}, {"kind": "play", "player": 1, "card": "撤退",
                                                                  "target": 0}])
    assert names(s, 1, "hand") == ["海洋四号"] and names(s, 0, "rest") == ["火球"]


@clauses("zero-dimension:323.p3", "zero-dimension:323.p2")
def test_323_p3_level_markers_go_to_the_rest_area():
    s = play(position(p0={"field": [{"card": "海洋六号", "level": 2}]}, p1={"hand": ["雷击"]}),
             [P, {"kind": "play", "player": 1, "card": "雷击", "target": 0}])
    assert names(s, 0, "rest") == ["海洋六号", "海洋六号"]


@clauses("zero-dimension:405.1.p3")
def test_405_1_p3_an_attacker_made_unable_does_not_attack():
    s = play(position(p0={"field": [{"card": "海贼五号"}]}, p1={"hand": ["束缚"]}),
             [{"kind": "attack", "unit": 0}, {"kind": "play", "player": 1, "card": "束缚", "target": 0}])
    assert s.step == MAIN and s.attacker == -1 and len(s.players[1].life) == 3


@clauses("zero-dimension:501.p3")
def test_501_p3_the_attacked_character_leaves():
    s = play(position(p0={"field": [{"card": "海贼五号"}]},
                      p1={"hand": ["撤退"], "field": [{"card": "海洋四号", "tapped": True}]}),
             [{"kind": "attack", "unit": 0}, P, {"kind": "target", "target": 1}, {"kind": "play", "player": 1, "card": "撤退", "target": 1}])
    assert s.step == MAIN and names(s, 1, "hand") == ["海洋四号"]


@clauses("zero-dimension:502.p3")
def test_502_p3_a_blocker_made_unable_is_chosen_again():
    s = play(position(p0={"hand": ["束缚"], "field": [{"card": "海贼五号"}]},
                      p1={"field": [{"card": "海洋二号"}, {"card": "魔法师三号"}]}),
             [{"kind": "attack", "unit": 0}, P, {"kind": "target", "target": "life"}, P,
              {"kind": "block", "unit": 1}, {"kind": "play", "card": "束缚", "target": 1}])
    assert actor(s) == 1 and any("defense with #2" in t for t in legal_texts(s))


@clauses("zero-dimension:503.p3", "zero-dimension:503.p4")
def test_503_p3_no_battle_damage_once_the_defender_left():
    s = play(position(p0={"field": [{"card": "海贼五号"}]}, p1={"hand": ["撤退"], "field": [{"card": "海洋二号"}]}),
             [{"kind": "attack", "unit": 0}, P, {"kind": "target", "target": "life"}, P,
              {"kind": "block", "unit": 1}, P, {"kind": "play", "player": 1, "card": "撤退", "target": 1}])
    assert s.step == MAIN and s.players[0].field[0].damage == 0 and len(s.players[1].life) == 3


@clauses("zero-dimension:603.p1", "zero-dimension:604.p1", "zero-dimension:804.p2", "zero-dimension:804.p3")
def test_604_p1_a_defending_winner_triggers_defend_won():
    s = play(position(p0={"field": [{"card": "海贼一号"}]}, p1={"field": [{"card": "防御胜利者"}]}),
             [{"kind": "attack", "unit": 0}, {"kind": "target", "target": "life"}, {"kind": "block", "unit": 1}])
    assert len(s.triggers) == 1 and s.triggers[0].player == 1


@clauses("zero-dimension:608.p1", "zero-dimension:700.p7", "zero-dimension:700.p8")
def test_700_p8_draw_then_discard_in_order():
    s = play(position(p0={"hand": ["弃牌术"], "deck": ["火焰二号", "海贼七号"]}),
             [{"kind": "play", "card": "弃牌术"}])
    assert s.pending is not None and names(s, 0, "hand") == ["海贼七号", "火焰二号"]
    s = play_on(s, [{"kind": "pick", "option": 1}])
    assert names(s, 0, "hand") == ["火焰二号"] and names(s, 0, "rest") == ["弃牌术", "海贼七号"]


@clauses("zero-dimension:618.p1", "zero-dimension:618.p2", "zero-dimension:618.p3")
def test_618_p3_recovery_removes_no_more_than_the_damage():
    s = play(position(p0={"field": [{"card": "横置医者"}, {"card": "海洋六号", "damage": 1000}]}),
             [{"kind": "activate", "unit": 0, "ability": 0, "target": 1}])
    assert s.players[0].field[1].damage == 0


@clauses("zero-dimension:620.p2")
def test_620_p2_only_the_chain_can_be_cancelled():
    s = play(position(p1={"hand": ["驱散", "闪避"], "field": [{"card": "海贼一号"}]}), [P])
    assert not any("驱散" in t for t in legal_texts(s))


@clauses("zero-dimension:700.p5", "zero-dimension:703.p6", "zero-dimension:703.p5")
def test_700_p5_an_ability_resolves_after_its_card_left():
    s = play(position(p0={"hand": ["雷击"], "field": [{"card": "海贼一号"}]}, p1={"field": [{"card": "启动法师"}]}),
             [P, {"kind": "activate", "player": 1, "unit": 1, "ability": 0, "target": 0},
              {"kind": "play", "card": "雷击", "target": 1}])
    assert names(s, 0, "field") == [] and names(s, 1, "field") == []


@clauses("zero-dimension:702.p5", "zero-dimension:801.p2")
def test_702_p5_one_trigger_per_event_with_the_card_in_play():
    s = play(position(p0={"hand": ["登场抽牌者"]}), [{"kind": "play", "card": "登场抽牌者"}])
    assert len(s.triggers) == 1 and names(s, 0, "field") == ["登场抽牌者"]


@clauses("zero-dimension:702.p6", "zero-dimension:900.k5.p3")
def test_900_k5_p3_each_insight_resolves_on_its_own():
    s = play(position(p0={"hand": ["双智谋军师"]}), [{"kind": "play", "card": "双智谋军师"}])
    assert len(s.triggers) == 2 and actor(s) == 0


@clauses("zero-dimension:704.p6")
def test_704_p6_triggers_fixed_before_the_counter_go_on_after_it():
    s = play(position(p0={"field": [{"card": "生命猎手"}]}, p1={"life": ["火球", "海贼三号"]}),
             [{"kind": "attack", "unit": 0}, {"kind": "target", "target": "life"}, {"kind": "block", "unit": "none"}])
    assert names(s, 1, "hand") == ["海贼一号"] and len(s.triggers) == 1 and actor(s) == 0


@clauses("zero-dimension:801.p3", "zero-dimension:702.p7")
def test_801_p3_a_cost_paid_as_it_triggers_or_ignored():
    s = play(position(p0={"hand": ["付费登场者"]}), [{"kind": "play", "card": "付费登场者"}])
    assert [GAME.describe(s, a) for a in GAME.legal(s)][:1] == ["player 0 skips the ability of 付费登场者"]
    s = play(position(p0={"hand": ["付费登场者", "海贼一号"]}), [{"kind": "play", "card": "付费登场者"}, {"kind": "trigger", "index": 0, "discard": 0}])
    assert names(s, 0, "hand") == ["海贼一号", "海贼一号"] and names(s, 0, "rest") == ["海贼一号"]


@clauses("zero-dimension:806.p2", "zero-dimension:806.p3")
def test_806_p3_defend_does_not_trigger_when_chosen_or_declared():
    s = play(position(p0={"field": [{"card": "海贼五号"}]}, p1={"field": [{"card": "盾卫", "tapped": True}]}),
             [{"kind": "attack", "unit": 0}, {"kind": "target", "target": 1}])
    assert not s.triggers
    s = play(position(p0={"field": [{"card": "海贼五号"}], "hand": ["闪避"]}, p1={"field": [{"card": "盾卫"}]}),
             [{"kind": "attack", "unit": 0}, P, {"kind": "target", "target": "life"}, P,
              {"kind": "block", "unit": 1}])
    assert not s.triggers


@clauses("zero-dimension:808.p2")
def test_808_p2_turn_end_from_the_rest_area():
    s = play(position(p0={"rest": ["暮钟人"]}), [P])
    assert len(s.triggers) == 1


@clauses("zero-dimension:810.p2")
def test_810_p2_no_battle_set_on_the_life_area():
    s = play(position(p0={"field": [{"card": "决斗者"}]}), [{"kind": "attack", "unit": 0}, {"kind": "target", "target": "life"}, {"kind": "block", "unit": "none"}])
    assert not s.triggers and len(s.players[1].life) == 2


@clauses("zero-dimension:900.k30.p2")
def test_900_k30_p2_nature_takes_damage_at_its_defense_in_full():
    s = play(position(p0={"field": [{"card": "火焰六号"}]}, p1={"field": [{"card": "自然果实者", "tapped": True}]}),
             attack_char(0, 1))
    assert names(s, 1, "field") == []


@clauses("zero-dimension:104.p5")
def test_104_p5_an_event_is_not_tapped():
    s = play(position(p0={"hand": ["束缚"]}, p1={"field": [{"card": "祭坛"}, {"card": "海贼一号"}]}), [])
    assert [t for t in legal_texts(s) if "束缚" in t] == ["player 0 uses 束缚 on #1 海贼一号"]


@clauses("zero-dimension:317.p8")
def test_317_p8_tapping_to_attack_uses_no_tapping_ability():
    s = play(position(p0={"field": [{"card": "启动法师"}]}, p1={"field": [{"card": "海贼一号"}]}),
             [{"kind": "attack", "unit": 0}, P, {"kind": "target", "target": "life"}])
    assert s.players[0].field[0].tapped and not s.chain and not s.triggers


@clauses("zero-dimension:318.p5")
def test_318_p5_any_number_of_characters_a_turn():
    s = play(position(p0={"hand": ["海贼一号", "火焰二号"]}), [{"kind": "play", "card": "海贼一号"}, {"kind": "play", "card": "火焰二号"}])
    assert names(s, 0, "field") == ["海贼一号", "火焰二号"]


@clauses("zero-dimension:319.p9")
def test_319_p9_tapping_the_character_leaves_its_equipment():
    s = play(position(p0={"field": [{"card": "火焰六号", "equip": "金箍棒"}]}, p1={"hand": ["束缚"]}),
             [P, {"kind": "play", "player": 1, "card": "束缚", "target": 0}])
    assert [u.tapped for u in s.players[0].field] == [True, False]


@clauses("zero-dimension:501.p4", "zero-dimension:503.p5")
def test_501_p4_an_attacked_character_no_longer_a_legal_object_stays_in_battle():
    s = play(position(p0={"field": [{"card": "海贼五号"}]},
                      p1={"hand": ["重整"], "field": [{"card": "海洋四号", "tapped": True}]}),
             [{"kind": "attack", "unit": 0}, P, {"kind": "target", "target": 1}, {"kind": "play", "player": 1, "card": "重整", "target": 1}])
    assert s.step != MAIN and s.target == 1 and not s.players[1].field[0].tapped


@clauses("zero-dimension:617.p1")
def test_617_p1_a_redeal_shuffles_the_deck():
    from tcgrules.engine.zero_dimension import default_decks, new_game

    s = new_game(default_decks(), 4)
    before = list(s.players[s.first].deck)
    s = GAME.apply(s, GAME.action_from_json({"kind": "mulligan", "redeal": True}, s)).state
    assert s.players[s.first].deck != before and len(s.players[s.first].deck) == len(before)


@clauses("zero-dimension:317.p2", "zero-dimension:317.p1")
def test_317_p2_a_level_3_ability_from_lv3():
    s = play(position(p0={"field": [{"card": "三级觉醒者", "level": 2}, {"card": "海洋二号", "level": 3}]},
                      p1={"field": [{"card": "三级觉醒者", "level": 3}]}), [])
    from tcgrules.engine.zero_dimension.info import attack

    assert attack(s, 0, s.players[0].field[0]) == 3000 and attack(s, 1, s.players[1].field[0]) == 6000
