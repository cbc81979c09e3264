"""Single paragraphs at the edges of the rules, as judge scenarios: numbers rounded down (103.p3),
a keyword's value read by another effect (900.k26.p3), 专用成立 by another effect (900.k16.p4)."""
from __future__ import annotations

import pytest

from tcgrules.engine.zero_dimension.info import attack, exclusive

from zd_helpers import P, names, play, position

clauses = pytest.mark.clauses
PP = [P, P]


@clauses("zero-dimension:103.p3")
def test_103_p3_half_of_an_odd_number_is_rounded_down():
    s = play(position({"hand": ["均分之术", "海贼一号", "海贼一号", "海贼一号"], "deck": ["武道家一号"] * 5}),
             [{"kind": "play", "card": "均分之术"}, *PP])
    assert names(s, 0, "hand") == ["武道家一号"] + ["海贼一号"] * 3  # half of 3 is 1.5: one card


@clauses("zero-dimension:900.k26.p3", "zero-dimension:900.k26.p1")
def test_900_k26_p3_an_effect_reading_rampage_adds_up_every_copy():
    s = play(position({"hand": ["横行号令"], "field": [{"card": "双横行海盗"}]}, {"deck": ["海贼一号"] * 5}),
             [{"kind": "play", "card": "横行号令", "target": 0}, *PP])
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
