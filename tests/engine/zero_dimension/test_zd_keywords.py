"""Judge scenarios for the keywords of section 900 that put cards on other cards, work from the
hand, the rest area or the resource area, or wait for a reset: a position, the actions taken and
what the rules give, each citing the paragraphs it checks (written before the rule code)."""
from __future__ import annotations

import pytest

from tcgrules.engine.zero_dimension.info import CARDS, attack, exclusive
from tcgrules.engine.zero_dimension.state import NONE, STEP_NAMES

from zd_helpers import RES, P, legal_texts, names, play, position

clauses = pytest.mark.clauses
PP = [P, P]


def special(way: str, card: str, target=None, player: int = 0) -> dict:
    out = {"kind": "special", "way": way, "card": card, "player": player}
    return out if target is None else {**out, "target": target}


def trigger(index: int = 0, **kw) -> dict:
    return {"kind": "trigger", "index": index, **kw}


def pick(option: int) -> dict:
    return {"kind": "pick", "option": option}


def to_own_turn(p0: dict, p1: dict | None = None) -> dict:
    """The other player's end step, which asks them: once they pass (``P``), player 0 has nothing to add
    and passes too (105.p1), and player 0's turn begins."""
    return position(p0, p1, active=1, step="end")


# ---------------------------------------------------------------- 聚气 (900.k14)


@clauses("zero-dimension:900.k14", "zero-dimension:900.k14.p1", "zero-dimension:900.k14.p3",
         "zero-dimension:703.p1")
def test_900_k14_charging_taps_the_card_and_arms_its_effect():
    s = play(position({"field": [{"card": "聚气武僧"}]}), [{"kind": "activate", "unit": 0, "ability": 0}])
    u = s.players[0].field[0]
    assert u.tapped and u.charged == 0 and names(s, 0, "hand") == []


@clauses("zero-dimension:900.k14")
def test_900_k14_charging_only_in_ones_own_turn():
    s = play(position({"field": [{"card": "聚气武僧"}]}, {"hand": ["雷击"]}, active=1), [])
    assert not any("ability" in t for t in legal_texts(s))


@clauses("zero-dimension:401.p2", "zero-dimension:900.k14.p2", "zero-dimension:401.p1")
def test_401_p2_a_charged_card_reset_resolves_its_effect_without_priority():
    s = play(to_own_turn({"field": [{"card": "聚气武僧", "tapped": True, "charged": 0}]}), [P])
    assert STEP_NAMES[s.step] == "reset" and len(s.triggers) == 1
    s = play(to_own_turn({"field": [{"card": "聚气武僧", "tapped": True, "charged": 0}]}), [P, trigger()])
    u = s.players[0].field[0]
    assert STEP_NAMES[s.step] == "start" and not u.tapped and u.charged == NONE and len(s.players[0].hand) == 1


@clauses("zero-dimension:900.k14.p4")
def test_900_k14_p4_an_effect_cannot_charge_a_card_without_it():
    s = play(position({"hand": ["聚气之术"], "field": [{"card": "海贼一号"}]}),
             [{"kind": "play", "card": "聚气之术", "target": 0}])
    assert not s.players[0].field[0].tapped and s.players[0].field[0].charged == NONE


@clauses("zero-dimension:900.k14.p5")
def test_900_k14_p5_a_card_with_two_charges_chooses_one():
    s = play(position({"hand": ["聚气之术"], "field": [{"card": "双聚气武僧"}]}), [])
    assert sum("ability of #0" in t for t in legal_texts(s)) == 2
    s = play(position({"hand": ["聚气之术"], "field": [{"card": "双聚气武僧"}]}),
             [{"kind": "play", "card": "聚气之术", "target": 0}, P, pick(1)])
    assert s.players[0].field[0].tapped and s.players[0].field[0].charged == 1


# ---------------------------------------------------------------- 专用 (900.k16, 900.k17), 奥丁之力 (900.k21)


@clauses("zero-dimension:900.k16", "zero-dimension:900.k16.p2", "zero-dimension:900.k16.p5",
         "zero-dimension:900.k17", "zero-dimension:900.k17.p1", "zero-dimension:900.k17.p2",
         "zero-dimension:900.k16.p3")
def test_900_k16_equipment_on_its_character_is_exclusive():
    s = play(position({"field": [{"card": "天马座星矢", "equip": "天马座圣衣"}, {"card": "海贼一号", "equip": "天马座圣衣"}]}),
             [])
    star, cloth, pirate, other = s.players[0].field
    assert exclusive(s, 0, star) and exclusive(s, 0, cloth) and not exclusive(s, 0, other)
    assert attack(s, 0, star) == 2000 + 1000 + 2000 and attack(s, 0, pirate) == 2000


@clauses("zero-dimension:900.k21", "zero-dimension:900.k21.p1", "zero-dimension:900.k21.p2",
         "zero-dimension:204.p5", "zero-dimension:322.p3", "zero-dimension:306.p6")
def test_900_k21_odin_counts_face_up_resources_of_the_attributes():
    four = RES + ["神斗衣战士"] * 3 + ["神斗士齐格飞"]
    s = play(position({"resources": four, "field": [{"card": "神斗士齐格飞"}]}), [])
    assert attack(s, 0, s.players[0].field[0]) == 5000
    down = RES + ["神斗衣战士"] * 3 + [{"card": "神斗衣战士", "up": False}]
    s = play(position({"resources": down, "field": [{"card": "神斗士齐格飞"}]}), [])
    assert attack(s, 0, s.players[0].field[0]) == 2000


# ---------------------------------------------------------------- the resource area: 奥丁蓝宝石, 守护星座, 通灵


@clauses("zero-dimension:900.k22", "zero-dimension:900.k22.p1", "zero-dimension:900.k22.p2",
         "zero-dimension:900.k22.p3", "zero-dimension:900.k16.p1", "zero-dimension:204.p3")
def test_900_k22_sapphire_triggers_with_its_character_face_up_in_the_resource_area():
    def placed(resources):
        return play(position({"hand": ["奥丁蓝宝石"], "resources": resources}, step="resource"),
                    [{"kind": "resource", "card": "奥丁蓝宝石"}])

    assert len(placed(RES + ["神斗士齐格飞"]).triggers) == 1
    assert len(placed(RES + [{"card": "神斗士齐格飞", "up": False}]).triggers) == 0
    assert len(placed(RES).triggers) == 0


@clauses("zero-dimension:900.k33", "zero-dimension:900.k33.p1", "zero-dimension:900.k33.p2",
         "zero-dimension:900.k33.p3", "zero-dimension:204.p4")
def test_900_k33_constellation_returns_a_resource_of_its_attribute():
    s = play(position({"hand": ["天马座守护"], "resources": ["天马座星矢", {"card": "天马座星矢", "up": False}] + RES},
                      step="resource"), [{"kind": "resource", "card": "天马座守护"}, trigger()])
    assert sorted(s.pending.options) == [NONE, 0, len(RES) + 2]  # the face-up 星矢 and itself, or none
    s = play(position({"hand": ["天马座守护"], "resources": ["天马座星矢"] + RES}, step="resource"),
             [{"kind": "resource", "card": "天马座守护"}, trigger(), pick(0)])
    assert names(s, 0, "hand") == ["天马座星矢"] and len(s.players[0].resources) == len(RES) + 1


@clauses("zero-dimension:900.k24", "zero-dimension:900.k24.p1", "zero-dimension:900.k24.p3",
         "zero-dimension:702.p8")
def test_900_k24_summoning_from_the_resource_area_at_our_turns_start():
    mine = {"resources": RES + ["通灵蛤蟆"], "field": [{"card": "自来也"}]}
    s = play(to_own_turn(mine), [P])
    assert len(s.triggers) == 1
    s = play(to_own_turn(mine), [P, trigger()])
    assert names(s, 0, "field") == ["自来也", "通灵蛤蟆"] and len(s.players[0].resources) == len(RES)
    assert sum(r.tapped for r in s.players[0].resources) == 1  # paid 2, one of them itself
    s = play(to_own_turn({"resources": RES + ["通灵蛤蟆"], "field": [{"card": "海贼一号"}]}), [P])
    assert len(s.triggers) == 0


@clauses("zero-dimension:900.k24.p2")
def test_900_k24_p2_summoning_resolves_after_its_character_left():
    mine = {"resources": RES + ["通灵蛤蟆"], "field": [{"card": "自来也"}]}
    s = play(to_own_turn(mine, {"hand": ["撤退"]}),
             [P, trigger(), {"kind": "play", "player": 1, "card": "撤退", "target": 0}])
    assert names(s, 0, "field") == ["通灵蛤蟆"]


# ---------------------------------------------------------------- 英雄呼唤 (900.k25)


@clauses("zero-dimension:900.k25", "zero-dimension:900.k25.p1", "zero-dimension:900.k25.p2",
         "zero-dimension:616.p1", "zero-dimension:616.p2")
def test_900_k25_a_hero_revealed_in_the_deck_calls_after_the_duel():
    s = play(position({"hand": ["对决之书"], "deck": ["英雄队长"] + ["海贼一号"] * 4}),
             [{"kind": "play", "card": "对决之书"}])
    assert len(s.players[0].hand) == 2 and len(s.triggers) == 1  # the duel's draw first, then the call
    assert CARDS[s.players[0].deck[-1]].name == "英雄队长"
    s = play(position({"hand": ["对决之书"], "deck": ["英雄队长"] + ["海贼一号"] * 4}),
             [{"kind": "play", "card": "对决之书"}, trigger()])
    assert len(s.players[0].hand) == 3


@clauses("zero-dimension:900.k25.p3")
def test_900_k25_p3_each_hero_call_triggers_on_its_own():
    s = play(position({"hand": ["对决之书"], "deck": ["双英雄呼唤"] + ["海贼一号"] * 4}),
             [{"kind": "play", "card": "对决之书"}])
    assert len(s.triggers) == 2


# ---------------------------------------------------------------- 形态转换 (900.k18), 动物系果实 (900.k29)


@clauses("zero-dimension:900.k18", "zero-dimension:900.k18.p1", "zero-dimension:900.k18.p2")
def test_900_k18_form_change_returns_the_character_and_enters():
    s = play(position({"hand": ["兽型乔巴"], "field": [{"card": "重量乔巴"}]}), [special("形态转换", "兽型乔巴", 0)])
    assert names(s, 0, "field") == ["兽型乔巴"] and names(s, 0, "hand") == ["重量乔巴"]
    assert sum(r.tapped for r in s.players[0].resources) == 3


@clauses("zero-dimension:900.k18.p2", "zero-dimension:900.k18")
def test_900_k18_p2_form_change_whose_character_left_does_not_resolve():
    s = play(position({"hand": ["兽型乔巴"], "field": [{"card": "重量乔巴"}]}, {"hand": ["撤退"]}),
             [special("形态转换", "兽型乔巴", 0), {"kind": "play", "player": 1, "card": "撤退", "target": 0}, P])
    assert names(s, 0, "field") == [] and names(s, 0, "hand") == ["兽型乔巴", "重量乔巴"]


@clauses("zero-dimension:900.k18.p3")
def test_900_k18_p3_form_change_not_onto_the_same_card():
    s = play(position({"hand": ["兽型乔巴"], "field": [{"card": "兽型乔巴"}]}), [])
    assert not any("形态转换" in t for t in legal_texts(s))


@clauses("zero-dimension:900.k29", "zero-dimension:900.k29.p1")
def test_900_k29_animal_fruit_takes_one_off_form_change():
    s = play(position({"hand": ["兽型乔巴"], "field": [{"card": "人型乔巴"}]}), [special("形态转换", "兽型乔巴", 0)])
    assert names(s, 0, "field") == ["兽型乔巴"] and sum(r.tapped for r in s.players[0].resources) == 2


# ---------------------------------------------------------------- 高速换装 (900.k27)


@clauses("zero-dimension:900.k27", "zero-dimension:900.k27.p1", "zero-dimension:900.k27.p2",
         "zero-dimension:900.k27.p3", "zero-dimension:900.k27.p4")
def test_900_k27_quick_change_in_a_battle_inherits_the_attacker():
    s = play(position({"hand": ["换装战士"], "field": [{"card": "见习战士"}, {"card": "聚气武僧"}]}), [])
    assert not any("高速换装" in t for t in legal_texts(s))
    s = play(position({"hand": ["换装战士", "急救"], "field": [{"card": "见习战士", "damage": 1000}, {"card": "聚气武僧"}]}),
             [{"kind": "attack", "unit": 1}, P, {"kind": "target", "target": "life"}, special("高速换装", "换装战士", 0),
              P])
    u = s.players[0].field[0]
    assert names(s, 0, "field") == ["换装战士", "聚气武僧"] and "见习战士" in names(s, 0, "rest")
    assert u.damage == 1000 and not u.tapped and STEP_NAMES[s.step] == "attack_free"


# ---------------------------------------------------------------- 变身 (900.k19, 900.k20)


@clauses("zero-dimension:900.k19", "zero-dimension:900.k20", "zero-dimension:900.k20.p1",
         "zero-dimension:900.k20.p3", "zero-dimension:900.k20.p5", "zero-dimension:900.k20.p6",
         "zero-dimension:623.p4.1", "zero-dimension:623.p4.1.p1")
def test_900_k20_transforming_inherits_and_gains_the_effects_below():
    s = play(position({"hand": ["超级孙悟空"], "field": [{"card": "孙悟空", "damage": 1000, "level": 2}]}),
             [special("变身", "超级孙悟空", 0), P])
    u = s.players[0].field[0]
    assert names(s, 0, "field") == ["超级孙悟空"] and [CARDS[c].name for c in u.under] == ["孙悟空"]
    assert u.damage == 1000 and len(u.markers) == 1 and attack(s, 0, u) == 5000
    assert len(s.triggers) == 1  # 孙悟空's 【登场时】, gained
    assert sum(r.tapped for r in s.players[0].resources) == 2
    s = play(position({"hand": ["超级孙悟空"], "field": [{"card": "孙悟空"}]}),
             [special("变身", "超级孙悟空", 0), P, trigger(), P])
    assert any("ability of #0 超级孙悟空" in t for t in legal_texts(s))


@clauses("zero-dimension:900.k20.p2")
def test_900_k20_p2_transforming_onto_a_character_gone_enters_as_usual():
    s = play(position({"hand": ["超级孙悟空"], "field": [{"card": "孙悟空"}]}, {"hand": ["撤退"]}),
             [special("变身", "超级孙悟空", 0), P, {"kind": "play", "player": 1, "card": "撤退", "target": 0}, P, P])
    u = s.players[0].field[0]
    assert names(s, 0, "field") == ["超级孙悟空"] and u.under == [] and attack(s, 0, u) == 4000


@clauses("zero-dimension:900.k20.p4")
def test_900_k20_p4_the_cards_below_move_with_it():
    s = play(position({"hand": ["超级孙悟空"], "field": [{"card": "孙悟空"}]}, {"hand": ["撤退"]}),
             [special("变身", "超级孙悟空", 0), *PP, trigger(), *PP, P,
              {"kind": "play", "player": 1, "card": "撤退", "target": 0}, P])
    assert names(s, 0, "hand") == ["孙悟空", "海贼一号", "超级孙悟空"] and names(s, 0, "field") == []  # and the draw


# ---------------------------------------------------------------- 虚伪生命 (900.k41)


@clauses("zero-dimension:900.k41", "zero-dimension:900.k41.p1", "zero-dimension:900.k41.p2",
         "zero-dimension:208.p1", "zero-dimension:326.p3", "zero-dimension:326.p4", "zero-dimension:326.p6",
         "zero-dimension:326.p1", "zero-dimension:326.p2", "zero-dimension:326.p5", "zero-dimension:707.p1",
         "zero-dimension:707.p3")
def test_900_k41_false_life_from_the_rest_area_is_removed_instead_of_destroyed():
    s = play(position({"rest": ["亡灵骑士"], "hand": ["急救"]}), [special("虚伪生命", "亡灵骑士"), P])
    assert names(s, 0, "field") == ["亡灵骑士"] and s.players[0].field[0].undead == 1
    s = play(position({"rest": ["亡灵骑士"]}, {"hand": ["雷击"]}),
             [special("虚伪生命", "亡灵骑士"), {"kind": "play", "player": 1, "card": "雷击", "target": 0}])
    assert names(s, 0, "removed") == ["亡灵骑士"] and names(s, 0, "rest") == [] and not s.triggers


@clauses("zero-dimension:900.k41", "zero-dimension:900.k41.p1", "zero-dimension:623.p4.1.p1")
def test_900_k41_false_life_is_used_from_the_rest_area_with_a_copy_in_the_hand():
    """虚伪生命 uses the rest area's card: a copy of it in the hand neither hides that way nor
    lists it (or any other way) a second time."""
    from tcgrules.engine.zero_dimension.actions import legal_actions

    start = position({"rest": ["亡灵骑士"], "hand": ["亡灵骑士", "急救"]})
    s = play(start, [])
    specials = [(a.way, a.card) for a in legal_actions(s) if a.kind == "special"]
    assert specials == [("虚伪生命", CARDS.index(next(c for c in CARDS if c.name == "亡灵骑士")))]
    s = play(start, [special("虚伪生命", "亡灵骑士"), P])
    assert names(s, 0, "field") == ["亡灵骑士"] and names(s, 0, "rest") == [] and "亡灵骑士" in names(s, 0, "hand")


@clauses("zero-dimension:900.k41", "zero-dimension:900.k41.p4")
def test_900_k41_false_life_leaves_as_our_end_step_begins():
    s = play(position({"field": [{"card": "亡灵骑士", "undead": 1, "by": "虚伪生命"}]}), [P])
    assert names(s, 0, "field") == [] and names(s, 0, "removed") == ["亡灵骑士"]


@clauses("zero-dimension:900.k41.p3")
def test_900_k41_p3_an_undead_counter_on_a_card_used_otherwise_does_nothing():
    s = play(position({"field": [{"card": "亡灵骑士", "undead": 1}]}), [P])
    assert names(s, 0, "field") == ["亡灵骑士"]


# ---------------------------------------------------------------- 咒印 (900.k32)


@clauses("zero-dimension:900.k32", "zero-dimension:900.k32.p1", "zero-dimension:900.k32.p2",
         "zero-dimension:900.k32.p5", "zero-dimension:305.p7", "zero-dimension:615.p1",
         "zero-dimension:615.p5", "zero-dimension:606.p1")
def test_900_k32_cursed_seal_finds_a_character_of_its_name_one_cost_higher():
    start = {"hand": ["咒印佐助二式", "海贼一号"], "deck": ["海贼一号", "咒印佐助二式", "海贼一号"],
             "field": [{"card": "咒印佐助"}]}
    s = play(position(start), [{"kind": "activate", "unit": 0, "ability": 0}])
    assert names(s, 0, "field") == [] and names(s, 0, "rest") == ["咒印佐助"]
    s = play(position(start), [{"kind": "activate", "unit": 0, "ability": 0}])
    assert s.pending.options == [0, 2 + 1, NONE]  # the hand's first, the deck's second (after the hand's two)
    s = play(position(start), [{"kind": "activate", "unit": 0, "ability": 0}, pick(2 + 1)])
    assert names(s, 0, "field") == ["咒印佐助二式"] and len(s.players[0].deck) == 2


@clauses("zero-dimension:900.k32.p3", "zero-dimension:615.p3", "zero-dimension:615.p2")
def test_900_k32_p3_the_deck_is_shuffled_even_if_nothing_is_found():
    deck = ["海贼一号", "海贼三号", "魔法师一号", "武道家一号", "忍者一号"] * 4
    s = play(position({"deck": deck, "field": [{"card": "咒印佐助"}]}),
             [{"kind": "activate", "unit": 0, "ability": 0}, pick(NONE)])
    assert [CARDS[c].name for c in s.players[0].deck] != deck and names(s, 0, "field") == []


# ---------------------------------------------------------------- 刀剑解放, 卍解, 归刃, 解放形态 (900.k37-40)


@clauses("zero-dimension:900.k37", "zero-dimension:900.k37.p1", "zero-dimension:900.k37.p3",
         "zero-dimension:900.k37.p4", "zero-dimension:900.k40", "zero-dimension:900.k40.p1",
         "zero-dimension:900.k40.p2", "zero-dimension:900.k37.p6")
def test_900_k37_sword_release_puts_the_card_on_its_blade():
    s = play(position({"hand": ["天锁斩月"], "field": [{"card": "斩月", "tapped": True}]}),
             [special("刀剑解放", "天锁斩月", 0), P])
    u = s.players[0].field[0]
    assert names(s, 0, "field") == ["天锁斩月"] and [CARDS[c].name for c in u.souls] == ["斩月"] and u.tapped
    assert attack(s, 0, u) == 5000 and len(s.triggers) == 1  # 【刀剑解放成功时】
    s = play(position({"hand": ["天锁斩月"], "field": [{"card": "斩月"}]}, {"hand": ["雷击"]}),
             [special("刀剑解放", "天锁斩月", 0), *PP, trigger(), P, P,
              {"kind": "play", "player": 1, "card": "雷击", "target": 0}])
    assert names(s, 0, "rest") == ["天锁斩月", "斩月"]


@clauses("zero-dimension:900.k37.p2")
def test_900_k37_p2_release_whose_blade_left_stays_in_the_hand():
    s = play(position({"hand": ["天锁斩月"], "field": [{"card": "斩月"}]}, {"hand": ["雷击"]}),
             [special("刀剑解放", "天锁斩月", 0), P, {"kind": "play", "player": 1, "card": "雷击", "target": 0}, P, P])
    assert names(s, 0, "hand") == ["天锁斩月"] and names(s, 0, "field") == []


@clauses("zero-dimension:900.k37.p5", "zero-dimension:900.k39.p3")
def test_900_k37_p5_releasing_onto_a_released_card_takes_its_souls():
    s = play(position({"hand": ["天锁斩月", "天锁斩月"], "field": [{"card": "斩月"}]}),
             [special("刀剑解放", "天锁斩月", 0), P, trigger(), special("刀剑解放", "天锁斩月", 0)])
    assert [CARDS[c].name for c in s.players[0].field[0].souls] == ["天锁斩月", "斩月"]


@clauses("zero-dimension:900.k38", "zero-dimension:900.k38.p1", "zero-dimension:900.k38.p2")
def test_900_k38_bankai_finds_the_blade_in_the_deck():
    s = play(position({"deck": ["海贼一号", "天锁斩月"], "field": [{"card": "斩月"}]}),
             [{"kind": "activate", "unit": 0, "ability": 0}, P, pick(1)])
    assert names(s, 0, "field") == ["天锁斩月"] and len(s.triggers) == 1 and len(s.players[0].deck) == 1


@clauses("zero-dimension:900.k39", "zero-dimension:900.k39.p1", "zero-dimension:900.k39.p2",
         "zero-dimension:900.k39.p4")
def test_900_k39_resurreccion_once_a_turn_for_a_name():
    s = play(position({"hand": ["豹王葛力姆乔", "豹王葛力姆乔"], "field": [{"card": "葛力姆乔", "damage": 1000}]}),
             [special("归刃", "豹王葛力姆乔", 0)])
    u = s.players[0].field[0]
    assert names(s, 0, "field") == ["豹王葛力姆乔"] and u.damage == 1000 and len(s.triggers) == 1
    s = play(position({"hand": ["豹王葛力姆乔", "豹王葛力姆乔"], "field": [{"card": "葛力姆乔"}]}),
             [special("归刃", "豹王葛力姆乔", 0), trigger()])
    assert not any("归刃" in t for t in legal_texts(s))


# ---------------------------------------------------------------- a cost paid as an ability triggers (802-810)


@clauses("zero-dimension:802.p4", "zero-dimension:803.p7", "zero-dimension:804.p6", "zero-dimension:805.p4",
         "zero-dimension:806.p5", "zero-dimension:807.p3", "zero-dimension:810.p3", "zero-dimension:702.p7")
@pytest.mark.parametrize("name", ["遗恨刺客", "殉战刺客", "凯旋刺客", "突击刺客", "守护刺客", "黎明刺客", "对峙刺客"])
def test_802_p4_a_triggers_cost_is_paid_and_its_object_chosen_as_it_triggers(name):
    from tcgrules.engine.zero_dimension.actions import legal_actions
    from tcgrules.engine.zero_dimension.state import Trigger

    c = next(x.index for x in CARDS if x.name == name)
    s = play(position({"hand": ["海贼一号", "海贼三号"]}, {"field": [{"card": "海贼一号"}, {"card": "海贼三号"}]}), [])
    s.triggers.append(Trigger(0, c, 0, NONE))
    options = {(a.target, a.discard, a.skip) for a in legal_actions(s) if a.kind == "trigger"}
    assert options == {(t, d, False) for t in (0, 1) for d in (0, 1)} | {(NONE, NONE, True)}
    s = play(position({}, {"field": [{"card": "海贼一号"}]}), [])
    s.triggers.append(Trigger(0, c, 0, NONE))
    assert [(a.target, a.skip) for a in legal_actions(s) if a.kind == "trigger"] == [(NONE, True)]  # nothing to pay


# ---------------------------------------------------------------- gained effects (709), removing from battle (621)


@clauses("zero-dimension:709.p1", "zero-dimension:709.p2", "zero-dimension:709.p3", "zero-dimension:307.p4")
def test_709_p3_effects_gained_from_below_come_back_after_a_loss():
    from tcgrules.engine.zero_dimension.info import active_abilities

    s = play(position({"hand": ["超级孙悟空"], "field": [{"card": "孙悟空"}]}, {"hand": ["眼睛射线"]}),
             [special("变身", "超级孙悟空", 0), *PP, trigger(), *PP, P,
              {"kind": "play", "player": 1, "card": "眼睛射线", "target": 0}, P])
    assert active_abilities(s, 0, s.players[0].field[0]) == []
    s = play_on(s, [P, *PP])  # the end step, then the other player's turn
    gained = [CARDS[c].name for c, _, _ in active_abilities(s, 0, s.players[0].field[0])]
    assert gained == ["超级孙悟空", "孙悟空", "孙悟空"]


def play_on(s, actions):
    from tcgrules.engine.zero_dimension import GAME

    for a in actions:
        s = GAME.apply(s, GAME.action_from_json(a, s)).state
    return s


IN_BATTLE = {"attacker": 0, "target": 1, "defending": 1}


@clauses("zero-dimension:621.p1", "zero-dimension:621.p2", "zero-dimension:621.p4", "zero-dimension:506.p1")
def test_621_p1_removed_from_battle_no_damage_is_dealt():
    s = play(position({"hand": ["撤出战斗", "海贼一号"], "field": [{"card": "海贼五号", "tapped": True}]},
                      {"field": [{"card": "海贼三号", "tapped": True}]}, step="battle_free", attack=IN_BATTLE),
             [{"kind": "play", "card": "撤出战斗"}])
    assert STEP_NAMES[s.step] == "main" and names(s, 1, "field") == ["海贼三号"] and s.players[1].field[0].damage == 0
    s = play(position({"hand": ["撤出战斗", "闪避"], "field": [{"card": "海贼五号", "tapped": True}]},
                      {"field": [{"card": "海贼三号", "tapped": True}]}, step="defense_free", attack=IN_BATTLE),
             [{"kind": "play", "card": "撤出战斗"}, P])
    assert STEP_NAMES[s.step] == "defense_free" and s.attacker == 0


@clauses("zero-dimension:504.p4")
def test_504_p4_in_battle_while_it_has_a_character_to_fight():
    data = position({"field": [{"card": "战斗狂", "tapped": True}]}, {"field": [{"card": "海贼三号", "tapped": True}]},
                    step="battle_free", attack=IN_BATTLE)
    s = play(data, [])
    assert attack(s, 0, s.players[0].field[0]) == 4000
    s = play({**data, "step": "attack_free", "attack": {"attacker": 0, "target": 1}}, [])
    assert attack(s, 0, s.players[0].field[0]) == 2000


@clauses("zero-dimension:310.p3", "zero-dimension:317.p4", "zero-dimension:317.p6")
def test_310_p3_an_effect_changes_an_equipments_bonus():
    s = play(position({"hand": ["强化装备"], "field": [{"card": "海贼三号", "equip": "天马座圣衣"}]}),
             [{"kind": "play", "card": "强化装备", "target": 1}])
    from tcgrules.engine.zero_dimension.info import defense

    u = s.players[0].field[0]
    assert (attack(s, 0, u), defense(s, 0, u)) == (1000 + 2000, 2000 + 2000)


@clauses("zero-dimension:704.p8", "zero-dimension:704.p7")
def test_704_p8_a_counter_effect_on_a_life_area_turns_its_cards_after():
    s = play(position({"field": [{"card": "海贼五号"}]}, {"life": ["反击之雷", "海贼三号", "海贼三号"]}),
             [{"kind": "attack", "unit": 0}, {"kind": "target", "target": "life"}, {"kind": "block", "unit": "none"}])
    assert len(s.players[0].life) == 2 and len(s.players[1].life) == 2 and names(s, 1, "rest") == ["反击之雷"]
    assert names(s, 0, "rest") == ["海贼三号"]


@clauses("zero-dimension:622.p1", "zero-dimension:622.p2", "zero-dimension:622.p4", "zero-dimension:622.p5",
         "zero-dimension:622.p6")
def test_622_p6_a_swapped_in_character_inherits_the_state():
    start = {"hand": ["替身术", "孙悟空"], "field": [{"card": "海贼三号", "tapped": True, "damage": 1000}]}
    s = play(position(start), [{"kind": "play", "card": "替身术"}])
    assert s.pending.options == [0 * 100 + 0]
    s = play(position(start), [{"kind": "play", "card": "替身术"}, pick(0)])
    u = s.players[0].field[0]
    assert names(s, 0, "field") == ["孙悟空"] and names(s, 0, "hand") == ["海贼三号"]
    assert u.tapped and u.damage == 1000 and len(s.triggers) == 1  # its 【登场时】


# ---------------------------------------------------------------- defending, battles that go on, events as objects


@clauses("zero-dimension:502.p1")
def test_502_p1_a_character_that_cannot_be_defended_against():
    s = play(position({"field": [{"card": "无影刺客"}]}, {"field": [{"card": "海贼一号"}]}),
             [{"kind": "attack", "unit": 0}, {"kind": "target", "target": "life"}])
    assert not any("declares defense" in t for t in legal_texts(s)) and any("does not defend" in t for t in legal_texts(s))


@clauses("zero-dimension:501.p5", "zero-dimension:503.p6")
def test_501_p5_an_attacker_made_unable_to_attack_goes_on_attacking():
    s = play(position({"field": [{"card": "海贼五号"}]}, {"hand": ["定身术"]}),
             [{"kind": "attack", "unit": 0}, P, {"kind": "target", "target": "life"}, {"kind": "play", "player": 1, "card": "定身术", "target": 0}])
    assert STEP_NAMES[s.step] == "block" and s.attacker == 0 and s.players[0].field[0].locked == s.turn + 1
    s = play(position({"hand": ["定身术", "闪避"], "field": [{"card": "海贼五号"}]}, {"field": [{"card": "海贼一号", "tapped": True}]}),
             [{"kind": "attack", "unit": 0}, P, {"kind": "target", "target": 1}, P, {"kind": "block", "unit": "none"},
              {"kind": "play", "card": "定身术", "target": 1}, P, P])
    assert STEP_NAMES[s.step] == "battle_free" and s.defending == 1


@clauses("zero-dimension:206.p2")
def test_206_p2_an_effect_on_any_card_of_the_battle_zone_may_choose_an_event():
    s = play(position({"hand": ["破除术"]}, {"field": [{"card": "祭坛"}]}), [{"kind": "play", "card": "破除术", "target": 0}])
    assert names(s, 1, "field") == [] and names(s, 1, "rest") == ["祭坛"]


@clauses("zero-dimension:802.p3", "zero-dimension:208.p2")
def test_802_p3_a_destroyed_card_is_taken_only_from_the_rest_area():
    start = position({"field": [{"card": "不死鸟"}], "hand": ["急救"]}, {"hand": ["雷击"]})
    s = play(start, [P, {"kind": "play", "player": 1, "card": "雷击", "target": 0}, P, trigger(), P])
    assert names(s, 0, "hand") == sorted(["不死鸟", "急救"]) and names(s, 0, "rest") == []
    s = play(start, [P, {"kind": "play", "player": 1, "card": "雷击", "target": 0}, P, trigger()])
    s.players[0].rest.clear()
    s.players[0].removed.append(next(c.index for c in CARDS if c.name == "不死鸟"))
    s = play_on(s, [P])
    assert names(s, 0, "hand") == ["急救"]


@clauses("zero-dimension:900.k20.p7", "zero-dimension:900.k20.p8", "zero-dimension:900.k20.p10")
def test_900_k20_p8_a_card_put_under_by_an_effect_gives_its_effects_but_no_transformation():
    from tcgrules.engine.zero_dimension.info import active_abilities, all_abilities

    s = play(position({"hand": ["变身仪式", "超级孙悟空"], "field": [{"card": "孙悟空"}]}),
             [{"kind": "play", "card": "变身仪式", "target": 0}, P, pick(0)])
    u = s.players[0].field[0]
    assert names(s, 0, "field") == ["孙悟空"] and [CARDS[c].name for c in u.under] == ["超级孙悟空"] and not s.triggers
    assert len(all_abilities(u)) == 3 and len(active_abilities(s, 0, u)) == 2  # not its 变身形态 ability


@clauses("zero-dimension:900.k20.p9", "zero-dimension:900.k20.p7")
def test_900_k20_p9_a_card_put_on_by_an_effect_enters_and_inherits():
    s = play(position({"hand": ["变身秘术", "超级孙悟空"], "field": [{"card": "孙悟空", "damage": 1000}]}),
             [{"kind": "play", "card": "变身秘术", "target": 0}, P, pick(0)])
    u = s.players[0].field[0]
    assert names(s, 0, "field") == ["超级孙悟空"] and u.damage == 1000 and len(s.triggers) == 1
    assert attack(s, 0, u) == 4000


# ---------------------------------------------------------------- may and must: attacking, defending, objects


@clauses("zero-dimension:102.p2")
def test_102_p2_cannot_attack_wins_over_may_attack():
    s = play(position({"field": [{"card": "突袭卫兵", "new": True}, {"card": "突袭剑士", "new": True}]}), [])
    texts = legal_texts(s)
    assert any("attacks with #1" in t for t in texts) and not any("attacks with #0" in t for t in texts)


@clauses("zero-dimension:405.1.p5")
def test_405_1_p5_a_character_that_must_attack_keeps_the_phase_open():
    s = play(position({"hand": ["海贼一号"], "field": [{"card": "狂战士"}]}), [])
    texts = legal_texts(s)
    assert any("uses 海贼一号" in t for t in texts) and not any(t.endswith(" pass") for t in texts)
    s = play(position({"field": [{"card": "狂战士", "tapped": True}]}), [])
    assert any(t.endswith(" pass") for t in legal_texts(s))


@clauses("zero-dimension:502.p5")
def test_502_p5_a_character_that_must_defend_declares_first():
    s = play(position({"field": [{"card": "海贼五号"}]}, {"field": [{"card": "海贼一号"}, {"card": "忠诚护卫"}]}),
             [{"kind": "attack", "unit": 0}, {"kind": "target", "target": "life"}])
    assert [t for t in legal_texts(s) if "defen" in t] == ["player 1 declares defense with #2 忠诚护卫"]


@clauses("zero-dimension:405.1.p4")
def test_405_1_p4_an_attack_that_costs_more():
    s = play(position({"field": [{"card": "重甲巨人"}]}), [{"kind": "attack", "unit": 0}])
    assert sum(r.tapped for r in s.players[0].resources) == 2
    s = play(position({"resources": ["海贼一号"], "field": [{"card": "重甲巨人"}]}), [])
    assert not any("attacks with" in t for t in legal_texts(s))


@clauses("zero-dimension:705.p5", "zero-dimension:705.p7")
def test_705_p5_a_card_no_effect_may_target_may_still_be_chosen():
    s = play(position({"hand": ["雷击"]}, {"field": [{"card": "隐身忍者"}, {"card": "海贼一号"}]}), [])
    assert [t for t in legal_texts(s) if "雷击" in t] == ["player 0 uses 雷击 on #1 海贼一号"]
    s = play(position({"hand": ["替身术", "海贼三号"], "field": [{"card": "隐身忍者"}]}),
             [{"kind": "play", "card": "替身术"}, pick(0)])
    assert names(s, 0, "field") == ["海贼三号"]


@clauses("zero-dimension:704.p9")
def test_704_p9_both_life_areas_the_turn_players_first():
    from tcgrules.engine.zero_dimension import GAME

    s = play(position({"hand": ["同归于尽"]}), [])
    out = GAME.apply(s, GAME.action_from_json({"kind": "play", "card": "同归于尽"}, s))  # both pass: it resolves
    flips = [e for e in out.events if "turns over" in str(e)]
    assert len(flips) == 2 and "player 0" in str(flips[0]) and "player 1" in str(flips[1])
    assert [len(p.life) for p in out.state.players] == [2, 2]


@clauses("zero-dimension:623.p2", "zero-dimension:623.p4.3", "zero-dimension:623.p4.3.p1",
         "zero-dimension:623.p4.3.p2")
def test_623_p4_3_a_card_used_by_an_effect_goes_on_the_chain_after_it():
    s = play(position({"hand": ["召唤阵", "雷击", "海贼五号", "急救"]}), [{"kind": "play", "card": "召唤阵"}, P])
    assert s.pending.options == [1]  # 海贼五号, not the tactic
    s = play(position({"hand": ["召唤阵", "雷击", "海贼五号", "急救"]}), [{"kind": "play", "card": "召唤阵"}, P, pick(1)])
    assert [CARDS[i.card].name for i in s.chain] == ["海贼五号"] and s.priority == 0
    assert sum(r.tapped for r in s.players[0].resources) == 1  # 召唤阵's cost only
    s = play_on(s, [P])
    assert names(s, 0, "field") == ["海贼五号"]


# ---------------------------------------------------------------- costs as printed, conditions, choosing, looking


@clauses("zero-dimension:303.p5")
def test_303_p5_a_duel_reads_the_printed_cost():
    s = play(position({"hand": ["速攻忍者", "对决之书"], "deck": ["奥义忍者"] + ["海贼一号"] * 4},
                      {"deck": ["海贼五号"] + ["海贼一号"] * 4}),
             [{"kind": "play", "card": "速攻忍者"}, {"kind": "play", "card": "对决之书"}])
    assert len(s.players[0].hand) == 2  # 奥义忍者 costs 4 (2 to use after a 忍术), 海贼五号 3: player 0 wins


@clauses("zero-dimension:702.p3")
def test_702_p3_a_trigger_whose_condition_fails_does_not_trigger():
    def attack_with(field):
        return play(position({"field": field}), [{"kind": "attack", "unit": 0}, {"kind": "target", "target": "life"}])

    assert len(attack_with([{"card": "天马座星矢"}]).triggers) == 0
    assert len(attack_with([{"card": "天马座星矢", "equip": "天马座圣衣"}]).triggers) == 1


@clauses("zero-dimension:606.p3", "zero-dimension:606.p1")
def test_606_p3_a_card_no_effect_may_target_may_be_discarded():
    s = play(position({"hand": ["献祭仪式"], "field": [{"card": "隐身忍者"}]}), [{"kind": "play", "card": "献祭仪式"}])
    assert s.pending.options == [0]
    s = play_on(s, [pick(0)])
    assert names(s, 0, "field") == [] and names(s, 0, "rest") == ["献祭仪式", "隐身忍者"]


@clauses("zero-dimension:614.p2", "zero-dimension:614.p1")
def test_614_p2_a_character_looked_for_may_be_declared_not_found():
    start = position({"hand": ["侦察"], "deck": ["雷击", "海贼五号", "撤退", "海贼三号"]})
    s = play(start, [{"kind": "play", "card": "侦察"}])
    assert s.pending.options == [1, NONE]  # the top three: one character
    s = play_on(s, [pick(NONE)])
    assert names(s, 0, "hand") == [] and len(s.players[0].deck) == 4
    s = play(start, [{"kind": "play", "card": "侦察"}, pick(1)])
    assert names(s, 0, "hand") == ["海贼五号"]


# ---------------------------------------------------------------- copies (706)


def copy_of(target: int, unit: int = 0) -> list:
    return [{"kind": "activate", "unit": unit, "ability": 0, "target": target}, P]


@clauses("zero-dimension:706.p1", "zero-dimension:706.p2", "zero-dimension:706.p3")
def test_706_p2_a_copy_has_the_copied_cards_values_but_not_its_level_or_changes():
    from tcgrules.engine.zero_dimension.info import card, level

    s = play(position({"field": [{"card": "模仿者"}]}, {"field": [{"card": "海贼五号", "level": 2}]}), [])
    s.players[1].field[0].atk_turn = 5000  # an effect on it this turn: not copied
    s = play_on(s, copy_of(1))
    u = s.players[0].field[0]
    assert card(u).name == "海贼五号" and level(u) == 1 and attack(s, 0, u) == 3000
    assert names(s, 0, "field") == ["模仿者"]  # the card itself is still 模仿者


@clauses("zero-dimension:706.p4")
def test_706_p4_a_copy_of_a_copy_copies_what_it_copied():
    from tcgrules.engine.zero_dimension.info import card

    s = play(position({"field": [{"card": "模仿者"}, {"card": "百变怪"}]}, {"field": [{"card": "海贼五号"}]}),
             [*copy_of(2), *copy_of(0, unit=1)])
    assert card(s.players[0].field[1]).name == "海贼五号"


@clauses("zero-dimension:706.p5")
def test_706_p5_becoming_a_copy_triggers_nothing():
    s = play(position({"field": [{"card": "模仿者"}, {"card": "孙悟空"}]}), copy_of(1))
    assert not s.triggers and s.pending is not None  # no 【登场时】; two cards named 孙悟空: one goes (305.p3)


# ---------------------------------------------------------------- control (612)


@clauses("zero-dimension:612.p1", "zero-dimension:612.p2", "zero-dimension:612.p3", "zero-dimension:612.p4",
         "zero-dimension:612.p6", "zero-dimension:612.p7", "zero-dimension:609.p2", "zero-dimension:611.p2")
def test_612_p4_a_card_whose_control_changes_moves_as_it_is():
    s = play(position({"hand": ["夺心术"]}, {"hand": ["雷击"], "field": [
        {"card": "孙悟空", "tapped": True, "damage": 1000, "equip": "天马座圣衣"}]}),
        [{"kind": "play", "card": "夺心术", "target": 0}, P])
    u = s.players[0].field[0]
    assert names(s, 0, "field") == ["孙悟空", "天马座圣衣"] and names(s, 1, "field") == []
    assert u.tapped and u.damage == 1000 and u.owner == 1 and not s.triggers and attack(s, 0, u) == 3000
    s = play_on(s, [P, {"kind": "play", "player": 1, "card": "雷击", "target": 0}, P])
    assert names(s, 1, "rest") == ["天马座圣衣", "孙悟空", "雷击"] and names(s, 0, "rest") == ["夺心术"]
