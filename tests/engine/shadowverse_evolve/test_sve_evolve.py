"""Evolving (5.15), the evolve ability (12.2) and evolve points (3.2.5)."""
from __future__ import annotations

import pytest

from tcgrules.engine.shadowverse_evolve.info import attack, defense, keywords
from tcgrules.engine.shadowverse_evolve.cards import WARD
from sve_helpers import act, clauses as cited, legal, load, names, position, rejected, unit

clauses = pytest.mark.clauses


def evolving(**p0) -> dict:
    base = {"field": [{"card": "斗士"}], "evolve_deck": ["SVE-02"], "pp": 5, "pp_max": 5}
    base.update(p0)
    return position(p0=base)


@clauses("shadowverse-evolve:12.2.1", "shadowverse-evolve:12.2.2", "shadowverse-evolve:12.2.2.1",
         "shadowverse-evolve:5.15.1", "shadowverse-evolve:5.15.1.1", "shadowverse-evolve:5.15.1.2",
         "shadowverse-evolve:5.15.2", "shadowverse-evolve:10.9.1.1.1", "shadowverse-evolve:3.2.2",
         "shadowverse-evolve:4.12.1", "shadowverse-evolve:10.9.1", "shadowverse-evolve:10.9.1.1",
         "shadowverse-evolve:10.9.3")
def test_5_15_2_an_evolved_follower_has_the_evolve_cards_information():
    s = load(evolving())
    s, events = act(s, "evolve", unit=0, card="SVE-02")
    u = unit(s, 0)
    assert (attack(u), defense(u)) == (4, 4) and s.players[0].pp == 3 and s.players[0].evolve_deck == []
    assert "5.15.1" in cited(events)


@clauses("shadowverse-evolve:12.2.3", "shadowverse-evolve:3.2.5", "shadowverse-evolve:3.2.5.1")
def test_12_2_3_one_play_point_of_the_cost_may_be_an_evolve_point():
    s = load(evolving(ep=1, pp=1))
    assert {a.ep for a in legal(s, "evolve")} == {True}  # 1 PP + 1 EP for a cost of 2
    s, _ = act(s, "evolve", unit=0, card="SVE-02", ep=True)
    assert (s.players[0].pp, s.players[0].ep) == (0, 0)
    s = load(evolving(ep=0, pp=1))
    assert legal(s, "evolve") == [] and rejected(s, "evolve", unit=0, card="SVE-02", ep=True) == "10.4.2.2"


@clauses("shadowverse-evolve:8.3.2", "shadowverse-evolve:8.3.1")
def test_8_3_2_one_evolve_ability_a_turn():
    s = load(evolving(field=[{"card": "斗士"}, {"card": "斗士"}], evolve_deck=["SVE-02", "SVE-02"]))
    s, _ = act(s, "evolve", unit=0, card="SVE-02")
    s, _ = act(s, "use_trigger", index=0)  # its evolve ability (no enemy follower: it just ends)
    assert legal(s, "evolve") == [] and rejected(s, "evolve", unit=1, card="SVE-02") == "8.3.2"


@clauses("shadowverse-evolve:12.2.2.1")
def test_12_2_2_1_only_an_evolve_card_of_the_same_name():
    s = load(evolving(evolve_deck=["SVE-01"]))
    assert legal(s, "evolve") == [] and rejected(s, "evolve", unit=0, card="SVE-01") == "12.2.2.1"


@clauses("shadowverse-evolve:5.15.3", "shadowverse-evolve:5.15.1.3")
def test_5_15_3_damage_and_tapped_state_stay_after_evolving():
    s = load(evolving(field=[{"card": "斗士", "damage": 1, "tapped": True, "atk": 1}]))
    s, _ = act(s, "evolve", unit=0, card="SVE-02")
    u = unit(s, 0)
    assert u.tapped and defense(u) == 3 and attack(u) == 5


@clauses("shadowverse-evolve:8.4.2.1.2", "shadowverse-evolve:8.4.3.1.2")
def test_8_4_2_1_2_a_follower_evolved_this_turn_attacks_followers_only():
    s = load(position(p0={"field": [{"card": "斗士", "ready": False}], "evolve_deck": ["SVE-02"]},
                      p1={"field": [{"card": "哥布林", "tapped": True}]}))
    assert legal(s, "attack") == []
    s, _ = act(s, "evolve", unit=0, card="SVE-02")
    s, _ = act(s, "use_trigger", index=0, target=1)  # 斗士's evolve: 1 damage to 哥布林
    assert {a.target for a in legal(s, "attack")} == {1}


@clauses("shadowverse-evolve:12.6.1", "shadowverse-evolve:12.6.2", "shadowverse-evolve:10.7.2")
def test_12_6_1_evolve_abilities_trigger_on_evolving():
    s = load(position(p0={"field": [{"card": "弓箭手"}], "evolve_deck": ["SVE-04"]},
                      p1={"field": [{"card": "斗士"}]}))
    s, _ = act(s, "evolve", unit=0, card="SVE-04")
    assert [a.target for a in legal(s, "use_trigger")] == [1]
    s, _ = act(s, "use_trigger", index=0, target=1)
    assert s.players[1].field == []


@clauses("shadowverse-evolve:5.15.4", "shadowverse-evolve:11.6.1", "shadowverse-evolve:4.6.3")
def test_5_15_4_a_card_leaving_the_field_loses_its_evolve_card_face_up():
    s = load(position(p0={"field": [{"card": "斗士", "evolved": "SVE-02"}]},
                      p1={"hand": ["天罚"]}, active=1))
    s, _ = act(s, "play", 1, card="天罚", target=0)
    pl = s.players[0]
    assert pl.field == [] and len(pl.cemetery) == 1 and len(pl.evolve_up) == 1 and pl.evolve_deck == []


@clauses("shadowverse-evolve:5.15.1", "shadowverse-evolve:5.15.1.1")
def test_5_15_1_1_an_effect_evolves_with_a_same_named_card_without_the_ability():
    s = load(evolving(hand=["进化药剂"], evolved_this_turn=True))
    s, _ = act(s, "play", card="进化药剂", target=0)
    assert unit(s, 0).evolved >= 0 and s.triggers  # 斗士's evolve ability triggers


@clauses("shadowverse-evolve:10.9.1.2", "shadowverse-evolve:12.15.1")
def test_10_9_1_2_an_evolved_card_has_the_evolve_cards_keywords():
    s = load(position(p0={"field": [{"card": "巨人"}], "evolve_deck": ["SVE-05"]}))
    assert not keywords(unit(s, 0)) & WARD
    s, _ = act(s, "evolve", unit=0, card="SVE-05")
    assert keywords(unit(s, 0)) & WARD and names(s, 0) == ["巨人"]
