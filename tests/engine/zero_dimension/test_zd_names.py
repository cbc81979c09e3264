"""Card names and attributes named, declared and changed by effects (301, 306), as judge scenarios."""
from __future__ import annotations

import pytest

from tcgrules.engine.zero_dimension.info import CARDS, attack, attributes, card_name

from zd_helpers import P, legal_texts, names, play, position

clauses = pytest.mark.clauses
PP = [P, P]


def uses(s, card: str) -> list[str]:
    return [t for t in legal_texts(s) if card in t]


@clauses("zero-dimension:301.p2")
def test_301_p2_an_effect_naming_a_card_finds_only_cards_of_that_name():
    s = play(position({"hand": ["屠龙令"]}, {"field": [{"card": "神龙"}, {"card": "海贼三号"}]}), [])
    assert len(uses(s, "屠龙令")) == 1 and "神龙" in uses(s, "屠龙令")[0]


@clauses("zero-dimension:301.p3", "zero-dimension:301.p2")
def test_301_p3_a_name_changed_by_an_effect_is_the_cards_name():
    s = play(position({"hand": ["易名术", "屠龙令"]}, {"field": [{"card": "海贼三号"}]}),
             [{"kind": "play", "card": "易名术", "target": 0}])
    u = s.players[1].field[0]
    assert card_name(u) == "神龙" and names(s, 1, "field") == ["海贼三号"]  # the card is still 海贼三号
    s = play(position({"hand": ["易名术", "屠龙令"]}, {"field": [{"card": "海贼三号"}]}),
             [{"kind": "play", "card": "易名术", "target": 0}, {"kind": "play", "card": "屠龙令", "target": 0}])
    assert names(s, 1, "rest") == ["海贼三号"]


@clauses("zero-dimension:301.p4", "zero-dimension:301.p5")
def test_301_p5_a_declared_name_is_a_whole_name_the_game_may_have():
    s = play(position({"hand": ["食人鱼玫瑰", "急救"]}, {"hand": ["海贼一号", "海贼一号", "雷击"]}),
             [{"kind": "play", "card": "食人鱼玫瑰"}, P])
    offered = [CARDS[o].name for o in s.pending.options]
    assert sorted(offered) == sorted({c.name for c in CARDS if not c.token})  # each whole name once, no token's
    pirate = next(o for o in s.pending.options if CARDS[o].name == "海贼一号")
    s = play(position({"hand": ["食人鱼玫瑰", "急救"]}, {"hand": ["海贼一号", "海贼一号", "雷击"]}),
             [{"kind": "play", "card": "食人鱼玫瑰"}, P, {"kind": "pick", "option": pirate}])
    assert names(s, 1, "hand") == ["雷击"] and names(s, 1, "removed") == ["海贼一号", "海贼一号"]


def chain_with(other: str, tactic: str) -> tuple[int, int, list[str]]:
    """连协海贼's attack (战斗连协【海贼】) beside ``other``, before and after ``tactic`` on ``other``, and
    ``other``'s attributes after."""
    start = position({"hand": [tactic], "field": [{"card": "连协海贼"}, {"card": other}]})
    before = play(start, [])
    s = play(start, [{"kind": "play", "card": tactic, "target": 1}])
    pirate = [attack(x, 0, x.players[0].field[0]) for x in (before, s)]
    return pirate[0], pirate[1], attributes(s.players[0].field[1])


@clauses("zero-dimension:306.p3", "zero-dimension:900.k13.p1")
def test_306_p3_a_gained_attribute_adds_to_the_cards_own():
    assert chain_with("武道家一号", "入伙令") == (2000, 3000, ["武道家", "海贼"])


@clauses("zero-dimension:306.p4", "zero-dimension:900.k13.p1")
def test_306_p4_a_changed_attribute_replaces_the_cards_own():
    assert chain_with("海贼三号", "转职令") == (3000, 2000, ["武道家"])


@clauses("zero-dimension:306.p5", "zero-dimension:306.p3")
def test_306_p5_two_attributes_named_together_are_both_needed():
    start = {"hand": ["入伙令", "合击令"], "field": [{"card": "海贼三号"}, {"card": "武道家一号"}]}
    s = play(position(start), [])
    assert uses(s, "合击令") == []  # neither has both 『海贼』 and 『武道家』
    s = play(position(start), [{"kind": "play", "card": "入伙令", "target": 1}])
    assert len(uses(s, "合击令")) == 1 and "武道家一号" in uses(s, "合击令")[0]
