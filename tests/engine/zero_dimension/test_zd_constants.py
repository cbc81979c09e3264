"""The order of constant effects that set values or take effects away (701.p3-p5), as judge
scenarios: who entered first, effects that begin together, an effect that stops another."""
from __future__ import annotations

import pytest

from tcgrules.engine.zero_dimension.info import active_abilities, attack

from zd_helpers import P, play, position

clauses = pytest.mark.clauses
PP = [P, P]


def attacks(s) -> list[int]:
    return [attack(s, p, u) for p in (0, 1) for u in s.players[p].field]


@clauses("zero-dimension:701.p3", "zero-dimension:701.p2")
def test_701_p3_the_later_constant_effect_sets_the_value_last():
    s = play(position({"hand": ["万钧统御者"], "field": [{"card": "千钧统御者"}]}, {"field": [{"card": "海贼五号"}]}),
             [{"kind": "play", "card": "万钧统御者"}])
    assert attacks(s) == [2000, 2000, 2000]  # 变为 1000 first, then 变为 2000
    s = play(position({"hand": ["千钧统御者"], "field": [{"card": "万钧统御者"}]}, {"field": [{"card": "海贼五号"}]}),
             [{"kind": "play", "card": "千钧统御者"}])
    assert attacks(s) == [1000, 1000, 1000]


@clauses("zero-dimension:701.p3")
def test_701_p3_a_card_entering_meets_the_constant_effects_in_their_order():
    s = play(position({"hand": ["海贼五号"], "field": [{"card": "千钧统御者"}, {"card": "我方回合战士"}]}),
             [{"kind": "play", "card": "海贼五号"}])
    assert attacks(s) == [1000, 3000, 1000]  # 我方回合战士: 变为 1000, then its own (攻)+2000


@clauses("zero-dimension:701.p4.1", "zero-dimension:701.p4.2", "zero-dimension:809.p2")
def test_701_p4_1_effects_beginning_together_apply_the_turn_players_first():
    # Both 【…回合中】 effects begin as player 0's turn begins: player 0's applies first, player 1's last.
    s = play(position({"field": [{"card": "我方回合统御者"}]}, {"field": [{"card": "对方回合统御者"}]}), [])
    assert attacks(s) == [500, 500]
    s = play(position({"field": [{"card": "我方回合统御者"}]}, {"field": [{"card": "对方回合统御者"}]}, active=1), [])
    assert attacks(s) == [2000, 2000]  # neither works in player 1's turn: the printed values


@clauses("zero-dimension:701.p5", "zero-dimension:708.p1", "zero-dimension:307.p3")
def test_701_p5_the_first_effect_that_takes_effects_away_decides():
    s = play(position({"hand": ["封印之王"], "field": [{"card": "我方回合战士"}]}, {"field": [{"card": "封印之王"}]}),
             [{"kind": "play", "card": "封印之王"}])
    mine, theirs = s.players[0].field, s.players[1].field
    assert active_abilities(s, 0, mine[1]) == [] and active_abilities(s, 0, mine[0]) == []
    assert active_abilities(s, 1, theirs[0]) != []  # ours entered without effects: it cannot silence theirs
    assert attack(s, 0, mine[0]) == 2000  # 我方回合战士 lost its (攻)+2000


@clauses("zero-dimension:701.p3")
def test_701_p3_changes_of_this_turn_add_to_a_value_set_by_a_constant_effect():
    s = play(position({"hand": ["强化"], "field": [{"card": "千钧统御者"}]}),
             [{"kind": "play", "card": "强化", "target": 0}])
    assert attacks(s) == [3000]  # 变为 1000, then (攻)+2000 of this turn
