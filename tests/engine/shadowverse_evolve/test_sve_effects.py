"""Instructions of chapter 5 that cards give: winning (5.22), transforming (5.16), taking
a card (5.21), skipping and extra turns (5.25, 5.27), dice (5.19), original information
(5.23), and automatic abilities limited to n a turn (10.7.2.2)."""
from __future__ import annotations

import pytest

from tcgrules.engine.shadowverse_evolve import GAME
from tcgrules.engine.shadowverse_evolve.info import attack, defense
from sve_helpers import act, clauses as cited, legal, load, names, position, unit

clauses = pytest.mark.clauses


@clauses("shadowverse-evolve:5.22.1", "shadowverse-evolve:1.2.4")
def test_5_22_1_an_effect_wins_the_game_at_once():
    s = load(position(p0={"pp": 10, "pp_max": 10, "hand": ["终焉预言"], "cemetery": ["哥布林"] * 15}))
    s, events = act(s, "play", card="终焉预言")
    assert s.winner == 0 and "5.22.1" in cited(events) and GAME.result(s).winner == 0
    s = load(position(p0={"pp": 10, "pp_max": 10, "hand": ["终焉预言"], "cemetery": ["哥布林"] * 14}))
    s, _ = act(s, "play", card="终焉预言")
    assert s.winner is None


@clauses("shadowverse-evolve:5.16.1")
def test_5_16_1_transforming_banishes_the_card_and_makes_a_token_in_its_place():
    s = load(position(p0={"hand": ["变形术"]}, p1={"field": [{"card": "巨人", "evolved": "SVE-05"}]}))
    s, events = act(s, "play", card="变形术", target=0)
    assert names(s, 1) == ["骷髅"] and len(s.players[1].banish) == 1 and "5.16.1" in cited(events)
    assert len(s.players[1].evolve_up) == 1


@clauses("shadowverse-evolve:5.21.1", "shadowverse-evolve:5.21.1.1", "shadowverse-evolve:5.21.2",
         "shadowverse-evolve:5.21.3", "shadowverse-evolve:10.7.4.3")
def test_5_21_1_taking_a_card_moves_it_with_its_state_but_not_its_owner():
    s = load(position(p0={"pp": 8, "pp_max": 8, "hand": ["心灵控制"]},
                      p1={"field": [{"card": "弓箭手", "damage": 1, "atk": 2}]}))
    s, events = act(s, "play", card="心灵控制", target=0)
    u = unit(s, 0)
    assert names(s, 0) == ["弓箭手"] and s.players[1].field == [] and not s.triggers  # no fanfare (10.7.4.3)
    assert (u.owner, u.damage, attack(u)) == (1, 1, 4)  # 5.21.1.1, 5.21.2
    assert not legal(s, "attack")  # not controlled since the turn began
    s, _ = act(s, "end_main")
    s, _ = act(s, "end_main", 1)
    assert {a.target for a in legal(s, "attack")} == {-11}  # from the next turn on
    from tcgrules.engine.shadowverse_evolve.info import name
    s = load(position(p0={"pp": 8, "pp_max": 8, "hand": ["心灵控制"]}, p1={"field": [{"card": "弓箭手"}],
                                                                           "hand": ["天罚"]}))
    s, _ = act(s, "play", card="心灵控制", target=0)
    s, _ = act(s, "end_main")
    s, _ = act(s, "play", 1, card="天罚", target=0)
    assert [name(c) for c in s.players[1].cemetery] == ["弓箭手", "天罚"]  # to its owner's cemetery (5.21.3)


@clauses("shadowverse-evolve:5.25.1", "shadowverse-evolve:5.25.2", "shadowverse-evolve:5.25.2.1")
def test_5_25_2_a_skipped_turn_is_not_begun():
    s = load(position(p0={"pp": 9, "pp_max": 9, "hand": ["时间停止", "时间停止"]}))
    s.players[0].pp, s.players[0].pp_max = 10, 10
    s, _ = act(s, "play", card="时间停止")
    s, events = act(s, "end_main")
    assert s.active == 0 and s.turn == 4 and "5.25.1" in cited(events)  # player 1's turn skipped
    assert s.players[1].skips == 0 and s.players[1].pp_max == 5  # never began: no start phase


@clauses("shadowverse-evolve:5.27.1", "shadowverse-evolve:5.27.2")
def test_5_27_1_an_extra_turn_comes_after_this_one():
    s = load(position(p0={"pp": 10, "pp_max": 10, "hand": ["时之沙漏"]}))
    s, _ = act(s, "play", card="时之沙漏")
    s, _ = act(s, "end_main")
    assert s.active == 0 and s.turn == 4 and s.extra_turns == []
    s, _ = act(s, "end_main")
    assert s.active == 1


@clauses("shadowverse-evolve:5.19.1")
def test_5_19_1_a_die_roll_decides_the_damage():
    rolls = set()
    for seed in range(30):
        data = position(p0={"hand": ["命运骰子"]}, p1={"field": [{"card": "巨人", "def": 10}]}, seed=seed)
        s = load(data)
        s, _ = act(s, "play", card="命运骰子", target=0)
        rolls.add(unit(s, 1).damage)
    assert rolls == {1, 2, 3, 4, 5, 6}


@clauses("shadowverse-evolve:5.23.1", "shadowverse-evolve:5.26.2")
def test_5_23_1_original_attack_and_defense_come_back():
    s = load(position(p0={"hand": ["净化之光", "加油"], "field": [{"card": "斗士", "atk": 3, "def": 1}]}))
    s, _ = act(s, "play", card="加油", target=0)
    s, events = act(s, "play", card="净化之光", target=0)
    assert (attack(unit(s, 0)), defense(unit(s, 0))) == (2, 2) and "5.26.2" in cited(events)


@clauses("shadowverse-evolve:10.7.2.2", "shadowverse-evolve:10.7.2.1")
def test_10_7_2_2_an_ability_limited_to_once_a_turn():
    s = load(position(p0={"hand": ["哥布林", "哥布林"], "field": [{"card": "妖精之母"}]}))
    s, _ = act(s, "play", card="哥布林")
    assert len(s.triggers) == 1
    s, _ = act(s, "use_trigger", index=0)
    s, _ = act(s, "play", card="哥布林")
    assert s.triggers == []  # once this turn already
    s, _ = act(s, "end_main")
    assert s.fired == []


@clauses("shadowverse-evolve:5.17.1", "shadowverse-evolve:5.17.1.1", "shadowverse-evolve:10.6.2.2.3",
         "shadowverse-evolve:5.17.4")
def test_5_17_1_a_choose_does_only_the_option_chosen_when_the_card_is_used():
    s = load(position(p0={"life": 10, "hand": ["抉择之书"]}, p1={"field": [{"card": "斗士"}]}))
    assert sorted((a.mode, a.target) for a in legal(s, "play")) == [(1, 0), (2, -1), (4, -1)]
    hand = len(s.players[0].hand)
    s, _ = act(s, "play", card="抉择之书", mode=4)
    assert s.players[0].life == 13 and len(s.players[0].hand) == hand - 1 and names(s, 1) == ["斗士"]


@clauses("shadowverse-evolve:5.17.3", "shadowverse-evolve:5.17.4.1")
def test_5_17_4_1_an_option_not_chosen_needs_no_target_and_one_without_a_target_cannot_be_chosen():
    s = load(position(p0={"hand": ["抉择之书"]}))
    assert sorted(a.mode for a in legal(s, "play")) == [2, 4]  # no enemy follower: not the damage
    from sve_helpers import rejected
    assert rejected(s, "play", card="抉择之书", mode=1) == "10.6.2.3.3"
    assert rejected(s, "play", card="抉择之书", mode=3) == "5.17.3"  # two options of a choose 1


@clauses("shadowverse-evolve:5.17.2")
def test_5_17_2_choose_up_to_two_takes_one_or_both():
    s = load(position(p0={"hand": ["双重号令"]}))
    assert sorted(a.mode for a in legal(s, "play") if a.target in (-1, -11)) == [1, 2, 3]
    s, _ = act(s, "play", card="双重号令", mode=3, target="leader 1")
    assert names(s, 0) == ["骑士"] and s.players[1].life == 19
