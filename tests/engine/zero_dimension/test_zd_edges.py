"""Single paragraphs at the edges of the rules, as judge scenarios: numbers rounded down (103.p3),
a keyword's value read by another effect (900.k26.p3), 专用成立 by another effect (900.k16.p4)."""
from __future__ import annotations

import pytest

from tcgrules.engine.zero_dimension.info import attack, defense, exclusive

from zd_helpers import P, legal_texts, names, play, position

clauses = pytest.mark.clauses
PP = [P, P]


@clauses("zero-dimension:103.p3")
def test_103_p3_half_of_an_odd_number_is_rounded_down():
    s = play(position({"hand": ["均分之术", "海贼一号", "海贼一号", "海贼一号"], "deck": ["武道家一号"] * 5}),
             [{"kind": "play", "card": "均分之术"}])
    assert names(s, 0, "hand") == ["武道家一号"] + ["海贼一号"] * 3  # half of 3 is 1.5: one card


@clauses("zero-dimension:900.k26.p3", "zero-dimension:900.k26.p1")
def test_900_k26_p3_an_effect_reading_rampage_adds_up_every_copy():
    s = play(position({"hand": ["横行号令"], "field": [{"card": "双横行海盗"}]}, {"deck": ["海贼一号"] * 5}),
             [{"kind": "play", "card": "横行号令", "target": 0}])
    assert len(s.players[1].rest) == 2 and len(s.players[1].deck) == 3  # 肆意横行 1 and 肆意横行 1


@clauses("zero-dimension:900.k16.p4", "zero-dimension:900.k17.p1")
def test_900_k16_p4_another_effect_makes_a_character_exclusive():
    s = play(position({"field": [{"card": "觉醒星矢"}, {"card": "天马座星矢"}]}), [])
    awake, star = s.players[0].field
    assert exclusive(s, 0, awake) and not exclusive(s, 0, star)
    assert attack(s, 0, awake) == 2000 + 2000 and attack(s, 0, star) == 2000


@clauses("zero-dimension:707.p2", "zero-dimension:707.p1")
def test_707_p2_each_replacement_applies_once_to_one_event():
    from tcgrules.engine.zero_dimension.zones import Events, deal_damage

    for doublers, taken in ((0, 2000), (1, 4000), (2, 8000)):
        s = play(position({"field": [{"card": "倍伤魔像"}] * doublers}, {"field": [{"card": "神龙"}]}), [])
        u = s.players[1].field[0]
        deal_damage(s, 1, u, 2000, Events())
        assert u.damage == taken  # 2000 x 2 x 2 with two: neither applies to the other's result again


@clauses("zero-dimension:319.p10", "zero-dimension:319.p2", "zero-dimension:306.p4")
def test_319_p10_equipment_whose_character_no_longer_qualifies_is_destroyed():
    s = play(position({"hand": ["海贼弯刀"], "field": [{"card": "海贼三号"}, {"card": "武道家一号"}]}), [])
    uses = [t for t in legal_texts(s) if "海贼弯刀" in t]
    assert len(uses) == 1 and "海贼三号" in uses[0]  # only the 『海贼』 may carry it
    s = play(position({"hand": ["转职令"], "field": [{"card": "海贼三号", "equip": "海贼弯刀"}]}),
             [{"kind": "play", "card": "转职令", "target": 0}])
    assert names(s, 0, "field") == ["海贼三号"] and names(s, 0, "rest") == ["海贼弯刀", "转职令"]


@clauses("zero-dimension:319.p11", "zero-dimension:301.p2")
def test_319_p11_equipment_put_into_play_by_an_effect_equips_a_character_its_player_chooses():
    start = position({"hand": ["弯刀召来", "海贼弯刀"], "field": [{"card": "武道家一号"}, {"card": "海贼三号"},
                                                             {"card": "海贼五号"}]})
    s = play(start, [{"kind": "play", "card": "弯刀召来"}])
    assert s.pending.options == [1, 2]  # the 『海贼』 only: 海贼弯刀's 装备条件
    s = play(start, [{"kind": "play", "card": "弯刀召来"}, {"kind": "pick", "option": 2}])
    blade = s.players[0].field[-1]
    assert names(s, 0, "hand") == [] and blade.host == 2 and s.players[0].field[2].equip == blade.uid


@clauses("zero-dimension:615.p6", "zero-dimension:615.p4")
def test_615_p6_one_of_several_cards_not_found_means_none_found():
    deck = ["海贼一号", "魔法师一号", "圣骑士一号", "武道家一号"]
    s = play(position({"hand": ["颤栗的强敌"], "deck": deck}), [{"kind": "play", "card": "颤栗的强敌"}])
    assert s.pending.options == [0, -1]  # all three there: take them (shown, 615.p4) or declare none found
    s = play(position({"hand": ["颤栗的强敌"], "deck": deck}),
              [{"kind": "play", "card": "颤栗的强敌"}, {"kind": "pick", "option": 0}])
    assert names(s, 0, "hand") == ["圣骑士一号", "海贼一号", "魔法师一号"] and names(s, 0, "deck") == ["武道家一号"]
    s = play(position({"hand": ["颤栗的强敌"], "deck": ["海贼一号", "圣骑士一号", "武道家一号"]}),
             [{"kind": "play", "card": "颤栗的强敌"}])
    assert s.pending.options == [-1]  # no blue card: the red and the white are not found either


@clauses("zero-dimension:308.p4", "zero-dimension:309.p5")
def test_308_p4_attack_and_defense_set_by_the_cards_effect_change_with_the_game():
    s = play(position({"hand": ["海贼一号"] * 3, "field": [{"card": "镜像战士"}]}), [])
    u = s.players[0].field[0]
    assert (attack(s, 0, u), defense(s, 0, u)) == (3000, 3000)
    s = play(position({"hand": ["海贼一号"], "field": [{"card": "镜像战士"}]}), [{"kind": "play", "card": "海贼一号"}])
    assert names(s, 0, "rest") == ["镜像战士"]  # no card in the hand: defense 0 (309.p3)


@clauses("zero-dimension:308.p4", "zero-dimension:309.p5")
def test_308_p4_outside_the_battle_zone_such_an_attack_is_0():
    s = play(position({"hand": ["巨石投掷", "镜像战士", "海贼一号", "海贼一号"]}, {"field": [{"card": "神龙"}]}),
             [{"kind": "play", "card": "巨石投掷", "target": 0}])
    assert s.players[1].field[0].damage == 1000  # 海贼一号's 1000, not 镜像战士's (three cards in the hand)


@clauses("zero-dimension:703.p4", "zero-dimension:612.p4")
def test_703_p4_a_use_limit_holds_after_the_card_changes_hands():
    from tcgrules.engine.zero_dimension.play import activations

    start = position({"hand": ["瞬间夺心", "急救"]}, {"field": [{"card": "每回合术士"}], "hand": ["急救"]}, active=1)
    use = {"kind": "activate", "player": 1, "unit": 0, "ability": 0}
    s = play(start, [use, *PP])
    assert activations(s, 1) == []  # once a turn: used
    s = play(start, [P, {"kind": "play", "card": "瞬间夺心", "target": 0}, *PP, P])
    assert [u for u, _, _ in activations(s, 0)] == [0]  # not used yet this turn: its new controller may
    s = play(start, [use, *PP, P, {"kind": "play", "card": "瞬间夺心", "target": 0}, *PP, P])
    assert names(s, 0, "field") == ["每回合术士"] and activations(s, 0) == []  # used this turn, by either player


@clauses("zero-dimension:201.p4")
def test_201_p4_cards_put_on_the_deck_together_are_ordered_by_their_owner():
    start = position({"hand": ["回收令"], "field": [{"card": "海贼一号"}]}, {"hand": ["海贼一号", "雷击"], "deck": ["武道家一号"]})
    s = play(start, [{"kind": "play", "card": "回收令"}, P])
    assert s.pending.player == 1 and s.pending.options == [0, 1]  # the owner chooses, not the effect's player
    s = play(start, [{"kind": "play", "card": "回收令"}, P, {"kind": "pick", "player": 1, "option": 1},
                     {"kind": "pick", "player": 1, "option": 0}])
    from tcgrules.engine.zero_dimension.info import CARDS
    assert [CARDS[c].name for c in s.players[1].deck] == ["武道家一号", "雷击", "海贼一号"]


@clauses("zero-dimension:801.p4", "zero-dimension:305.p3")
def test_801_p4_as_this_card_enters_is_done_at_once_before_the_same_name_rule():
    s = play(position({"hand": ["沉眠巨人"], "field": [{"card": "沉眠巨人"}]}), [{"kind": "play", "card": "沉眠巨人"}])
    new = s.players[0].field[1]
    assert new.tapped and not s.triggers  # no 【登场时】 to put on the chain: done as it entered
    assert s.pending.kind == "same_name" and s.pending.options == [0, new.uid]  # then the same name


@clauses("zero-dimension:900.k33.p4", "zero-dimension:900.k33.p1")
def test_900_k33_p4_several_constellations_entering_together_each_trigger():
    s = play(position({"hand": ["资源补充"], "deck": ["天马座守护", "天马座守护", "海贼一号"]}),
             [{"kind": "play", "card": "资源补充"}])
    assert len(s.triggers) == 2 and len(s.players[0].resources) == 12 and names(s, 0, "deck") == ["海贼一号"]


@clauses("zero-dimension:319.p8", "zero-dimension:611.p2")
def test_319_p8_equipment_on_the_other_players_character_is_theirs_to_control():
    start = position({"hand": ["诅咒之链", "雷击"], "field": [{"card": "海贼三号"}]}, {"field": [{"card": "海贼五号"}]})
    s = play(start, [])
    assert [t for t in legal_texts(s) if "诅咒之链" in t and "海贼三号" in t] == []  # only the other player's
    s = play(start, [{"kind": "play", "card": "诅咒之链", "target": 1}, P])
    chain = s.players[1].field[1]
    assert names(s, 1, "field") == ["海贼五号", "诅咒之链"] and chain.owner == 0 and chain.host == 1
    assert attack(s, 1, s.players[1].field[0]) == 1000
    s = play(start, [{"kind": "play", "card": "诅咒之链", "target": 1}, P,
                     {"kind": "play", "card": "雷击", "target": 1}])
    assert names(s, 0, "rest") == ["诅咒之链", "雷击"] and names(s, 1, "rest") == ["海贼五号"]  # to its owner's


def to_cleanup(s):
    """Pass to the next turn: its clearing step ended this turn's effects."""
    from tcgrules.engine.zero_dimension import GAME

    while s.turn == 3:
        s = GAME.apply(s, GAME.action_from_json(P, s)).state
    return s


@clauses("zero-dimension:612.p5")
def test_612_p5_control_for_this_turn_goes_back_to_the_player_who_used_the_card():
    s = play(position({"hand": ["短暂夺心"]}, {"field": [{"card": "海贼五号"}]}),
             [{"kind": "play", "card": "短暂夺心", "target": 0}])
    assert names(s, 0, "field") == ["海贼五号"]
    s = to_cleanup(s)
    assert names(s, 0, "field") == [] and names(s, 1, "field") == ["海贼五号"]


@clauses("zero-dimension:612.p5", "zero-dimension:612.p1")
def test_612_p5_control_for_this_turn_goes_back_to_the_last_effect_still_in_force():
    s = play(position({"field": [{"card": "海贼五号", "owner": 1}]}, {"hand": ["短暂夺心"]}, active=1),
             [{"kind": "play", "player": 1, "card": "短暂夺心", "target": 0}])
    assert names(s, 1, "field") == ["海贼五号"]
    s = to_cleanup(s)
    assert names(s, 0, "field") == ["海贼五号"]  # 夺心术's control, still in force: not to its owner


@clauses("zero-dimension:707.p4", "zero-dimension:707.p1")
def test_707_p4_a_replacement_whose_condition_held_when_used_still_applies():
    def damage(life: int, actions: list) -> int:
        s = play(position({"hand": ["绝境反击", "急救"], "life": ["海贼三号"] * life, "field": [{"card": "海贼一号"}]},
                          {"field": [{"card": "神龙"}]}),
                 [{"kind": "play", "card": "绝境反击", "target": 1}, *actions])  # then player 1 passes: nothing to add
        return s.players[1].field[0].damage

    assert damage(4, [P]) == 2000 and damage(3, [P]) == 4000
    assert damage(3, [{"kind": "play", "card": "急救"}]) == 4000  # four life cards when it resolves: still 改为


@clauses("zero-dimension:706.p6", "zero-dimension:706.p1", "zero-dimension:801.p1")
def test_706_p6_a_card_entering_as_a_copy_is_one_as_it_enters():
    from tcgrules.engine.zero_dimension.info import card

    s = play(position({"hand": ["拟态者"]}, {"field": [{"card": "登场抽牌者"}]}),
             [{"kind": "play", "card": "拟态者", "target": 0}])
    u = s.players[0].field[0]
    assert card(u).name == "登场抽牌者" and names(s, 0, "field") == ["拟态者"]
    assert [(t.player, t.card) for t in s.triggers] == [(0, card(u).index)]  # the copied 【登场时】 triggers
