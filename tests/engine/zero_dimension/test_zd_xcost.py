"""X in costs and effects (303.p6, 303.p7, 900.k32.p4), as judge scenarios."""
from __future__ import annotations

import pytest

from tcgrules.engine.zero_dimension import GAME

from zd_helpers import P, legal_texts, names, play, position

clauses = pytest.mark.clauses
PP = [P, P]


def x_plays(s, card: str) -> list[int]:
    return sorted(a.x for a in GAME.legal(s) if getattr(a, "x", None) is not None and "use" in GAME.describe(s, a)
                  and card in GAME.describe(s, a))


@clauses("zero-dimension:303.p6", "zero-dimension:303.p3")
def test_303_p6_its_player_chooses_x_and_pays_it():
    s = play(position({"hand": ["X火球"]}, {"field": [{"card": "神龙"}]}), [])
    assert x_plays(s, "X火球") == list(range(10))  # ten resources: 1 + X of them, X from 0 to 9
    assert any("X=3" in t for t in legal_texts(s))
    s = play(position({"hand": ["X火球", "急救"]}, {"field": [{"card": "神龙"}]}),
             [{"kind": "play", "card": "X火球", "target": 0, "x": 3}])
    assert sum(r.tapped for r in s.players[0].resources) == 4 and s.chain[-1].x == 3
    s = play(position({"hand": ["X火球", "海贼一号"]}, {"field": [{"card": "神龙"}]}),
             [{"kind": "play", "card": "X火球", "target": 0, "x": 3}])
    assert s.players[1].field[0].damage == 3000  # X in the effect: the value chosen


@clauses("zero-dimension:303.p7")
def test_303_p7_x_is_0_when_the_card_is_not_on_the_chain():
    s = play(position({"hand": ["X巨人", "斩首令"]}, {"field": [{"card": "海贼三号"}]}),
             [{"kind": "play", "card": "X巨人", "x": 4}])
    assert names(s, 0, "field") == ["X巨人"] and sum(r.tapped for r in s.players[0].resources) == 4
    from tcgrules.engine.zero_dimension.effects import target_options
    from tcgrules.engine.zero_dimension.info import CARDS

    behead = next(a for a in CARDS if a.name == "斩首令").abilities[0]
    assert target_options(s, 1, behead, -1) == [s.players[0].field[0].uid]  # 斩首令 (cost 1 or less): X is 0 there


@clauses("zero-dimension:900.k32.p4", "zero-dimension:900.k32")
def test_900_k32_p4_seal_on_a_card_of_cost_x_counts_x_as_0():
    s = play(position({"field": [{"card": "X咒印忍者"}], "hand": ["忍者一号", "咒印佐助"]}),
             [{"kind": "activate", "unit": 0, "ability": 0}])
    assert s.pending.kind == "seal" and s.pending.options == [0, -1]  # cost 0 + 1: 忍者一号 (1), not 咒印佐助 (2)
