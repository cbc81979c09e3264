"""Counters moved and level markers taken by effects (326.p7, 326.p8, 323.p4), as judge scenarios."""
from __future__ import annotations

import pytest

from tcgrules.engine.zero_dimension.info import level

from zd_helpers import P, names, play, position

clauses = pytest.mark.clauses
PP = [P, P]
MOVE = {"kind": "activate", "unit": 0, "ability": 0, "target": 1}


@clauses("zero-dimension:326.p7")
def test_326_p7_a_counter_moves_from_the_first_card_to_the_second():
    s = play(position({"field": [{"card": "移魂师"}]}, {"field": [{"card": "海贼五号", "undead": 2}]}), [MOVE, P])
    assert s.players[0].field[0].undead == 1 and s.players[1].field[0].undead == 1


@clauses("zero-dimension:326.p7")
def test_326_p7_no_counter_on_the_first_card_moves_nothing():
    s = play(position({"field": [{"card": "移魂师"}]}, {"field": [{"card": "海贼五号"}]}), [MOVE, P])
    assert s.players[0].field[0].undead == 0 and s.players[1].field[0].undead == 0


@clauses("zero-dimension:326.p7")
def test_326_p7_the_second_card_gone_leaves_the_counter_where_it_was():
    s = play(position({"field": [{"card": "移魂师"}]}, {"hand": ["雷击"], "field": [{"card": "海贼五号", "undead": 1}]}),
             [MOVE, P, {"kind": "play", "player": 1, "card": "雷击", "target": 0}, P])
    assert names(s, 0, "rest") == ["移魂师"] and s.players[1].field[0].undead == 1


@clauses("zero-dimension:326.p8", "zero-dimension:323.p1")
def test_326_p8_an_effect_on_a_counter_cannot_take_a_level_marker():
    s = play(position({"field": [{"card": "移魂师"}]}, {"field": [{"card": "海贼五号", "level": 2}]}), [MOVE, P])
    assert level(s.players[1].field[0]) == 2 and s.players[0].field[0].undead == 0


@clauses("zero-dimension:323.p4", "zero-dimension:323.p3")
def test_323_p4_an_effect_on_a_level_marker_cannot_take_a_counter():
    start = {"hand": ["降级术"]}
    s = play(position(start, {"field": [{"card": "海贼五号", "undead": 1}]}),
             [{"kind": "play", "card": "降级术", "target": 0}])
    assert s.players[1].field[0].undead == 1 and names(s, 1, "rest") == []
    s = play(position(start, {"field": [{"card": "海贼五号", "level": 3}]}),
             [{"kind": "play", "card": "降级术", "target": 0}])
    assert level(s.players[1].field[0]) == 2 and names(s, 1, "rest") == ["海贼五号"]  # the marker goes to the rest area
