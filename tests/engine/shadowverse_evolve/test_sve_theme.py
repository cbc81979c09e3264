"""The Uma Musume Pretty Derby theme (14.2): 用餐 puts carrots from the evolve deck into the
race zone (4.13) linked to the card, as an instruction or as the cost of a 用餐 ability;
参赛 gives rush while a card linked to it is there and triggers 参赛时 abilities; a carrot
linked to no field card goes back face up (11.8.1)."""
from __future__ import annotations

import pytest

from tcgrules.engine.shadowverse_evolve.cards import RUSH
from tcgrules.engine.shadowverse_evolve.info import keywords, name
from sve_helpers import act, clauses as cited, legal, load, position, rejected, resolve_all, unit

clauses = pytest.mark.clauses
CARROTS = ["胡萝卜", "胡萝卜", "胡萝卜"]


def race(s, p: int = 0) -> list:
    return [(name(c), uid) for c, uid in s.players[p].race]


@clauses("shadowverse-evolve:14.2.1.1", "shadowverse-evolve:14.2.1.1.1", "shadowverse-evolve:4.13.1",
         "shadowverse-evolve:14.2.3.1", "shadowverse-evolve:14.2.3.1.1", "shadowverse-evolve:14.2.4.1",
         "shadowverse-evolve:14.2.4.2")
def test_14_2_1_1_a_meal_links_carrots_and_the_race_gives_rush_and_triggers():
    s = load(position(p0={"hand": ["赛场跑者"], "evolve_deck": CARROTS}, p1={"field": [{"card": "哥布林", "tapped": True}]}))
    s, _ = act(s, "play", card="赛场跑者")
    s, events = act(s, "use_trigger", index=0)  # fanfare: 用餐 (once: 14.2.1.1.1), then 参赛
    u = unit(s, 0)
    assert race(s) == [("胡萝卜", u.uid)] and len(s.players[0].evolve_deck) == 2 and "14.2.1.1" in cited(events)
    assert keywords(u) & RUSH and "14.2.3.1" in cited(events)
    hand = len(s.players[0].hand)
    s, _ = resolve_all(s)  # 参赛时: draw a card
    assert len(s.players[0].hand) == hand + 1
    assert {a.target for a in legal(s, "attack")} == {0}  # rush: its first turn, an enemy follower only


@clauses("shadowverse-evolve:14.2.1.2", "shadowverse-evolve:14.2.3.1")
def test_14_2_1_2_no_meal_while_a_carrot_is_linked_and_no_rush_without_one():
    s = load(position(p0={"hand": ["赛场跑者", "赛场跑者"], "evolve_deck": ["胡萝卜"]}))
    s, _ = act(s, "play", card="赛场跑者")
    s, _ = resolve_all(s)
    s, _ = act(s, "play", card="赛场跑者")  # no carrot left to link: it races without rush
    s, events = act(s, "use_trigger", index=0)
    assert race(s) == [("胡萝卜", unit(s, 0).uid)] and not keywords(unit(s, 0, 1)) & RUSH


@clauses("shadowverse-evolve:14.2.2.1", "shadowverse-evolve:14.2.2.3", "shadowverse-evolve:14.2.2.4",
         "shadowverse-evolve:14.2.1.2.1")
def test_14_2_2_3_a_meal_ability_pays_carrots_and_may_pay_a_play_point_with_an_evolve_point():
    s = load(position(p0={"pp": 1, "ep": 1, "field": [{"card": "赛场明星"}], "evolve_deck": CARROTS}))
    assert [a.ep for a in legal(s, "activate")] == [True]  # 2 play points: one of them an evolve point
    s, events = act(s, "activate", unit=0, ability=0, ep=True)
    assert (s.players[0].pp, s.players[0].ep) == (0, 0) and race(s) == [("胡萝卜", 0), ("胡萝卜", 0)]
    assert "14.2.2.4" in cited(events)
    s, _ = resolve_all(s)  # 参赛 twice: two 参赛时 abilities
    assert unit(s, 0).eot_atk == 2 and keywords(unit(s, 0)) & RUSH
    s.players[0].pp = s.players[0].pp_max = 5
    assert legal(s, "activate") == []  # carrots already linked: no meal as a cost (14.2.1.2.1)
    assert rejected(s, "activate", unit=0, ability=0) == "14.2.1.2.1"


@clauses("shadowverse-evolve:14.2.1.3", "shadowverse-evolve:11.8.1")
def test_14_2_1_3_a_card_leaving_the_field_loses_its_carrots_which_go_back_face_up():
    s = load(position(p0={"hand": ["赛场跑者"], "evolve_deck": CARROTS}, p1={"hand": ["天罚"]}))
    s, _ = act(s, "play", card="赛场跑者")
    s, _ = resolve_all(s)
    s, _ = act(s, "end_main")
    s, events = act(s, "play", 1, card="天罚", target=unit(s, 0).uid)
    assert race(s) == [] and [name(c) for c in s.players[0].evolve_up] == ["胡萝卜"] and "11.8.1" in cited(events)
