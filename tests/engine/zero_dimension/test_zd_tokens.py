"""代替物 (tokens, 325): their colour, their cost and copies of them, as judge scenarios."""
from __future__ import annotations

import pytest

from tcgrules.engine.cardfile import CardDataError
from tcgrules.engine.zero_dimension.cards import COLORLESS, read_pool
from tcgrules.engine.zero_dimension.info import CARDS, attack

from zd_helpers import P, legal_texts, names, play, position

clauses = pytest.mark.clauses
PP = [P, P]
BEHEAD = {"kind": "play", "card": "斩首令"}


def number(name: str) -> int:
    return next(c.index for c in CARDS if c.name == name)


@clauses("zero-dimension:325.p4")
def test_325_p4_a_token_whose_effect_names_no_colour_is_colourless():
    s = play(position({"hand": ["幻影之术"]}), [{"kind": "play", "card": "幻影之术"}])
    assert names(s, 0, "field") == ["幻影"] and CARDS[s.players[0].field[0].card].color == COLORLESS


@clauses("zero-dimension:325.p4")
def test_325_p4_only_a_token_may_have_no_colour(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n- {number: X-1, name: 无色, kind: character, cost: 1, atk: 1000, def: 1000}\n",
                    encoding="utf-8")
    with pytest.raises(CardDataError, match="X-1.*color"):
        read_pool(path)


@clauses("zero-dimension:325.p5")
def test_325_p5_a_tokens_cost_is_0_for_an_effect_that_reads_it():
    s = play(position({"hand": ["斩首令"]}, {"field": [{"card": "影分身"}, {"card": "海贼三号"}]}), [])
    targets = [t for t in legal_texts(s) if "斩首令" in t]
    assert len(targets) == 1 and "影分身" in targets[0]  # 海贼三号 costs 2: not cheap enough
    s = play(position({"hand": ["斩首令"]}, {"field": [{"card": "影分身"}, {"card": "海贼三号"}]}),
             [{**BEHEAD, "target": 0}])
    assert names(s, 1, "field") == ["海贼三号"] and names(s, 1, "rest") == []  # the token vanished (325.p8)


@clauses("zero-dimension:325.p5", "zero-dimension:706.p1")
def test_325_p5_a_token_that_is_a_copy_costs_what_the_copied_card_costs():
    s = play(position({"hand": ["斩首令"]}, {"field": [{"card": "影分身"}]}), [])
    s.players[1].field[0].copy_of = number("海贼五号")  # cost 3
    assert not any("斩首令" in t for t in legal_texts(s))


@clauses("zero-dimension:325.p6", "zero-dimension:706.p1")
def test_325_p6_a_card_copying_a_token_has_its_effects_and_is_no_token():
    s = play(position({"field": [{"card": "模仿者"}, {"card": "影分身"}]}, {"hand": ["雷击"]}),
             [{"kind": "activate", "unit": 0, "ability": 0, "target": 1}, *PP])
    u = s.players[0].field[0]
    assert attack(s, 0, u) == 1000 and "忍术" in CARDS[u.copy_of].attrs  # the token's values
    s2 = play(position({"field": [{"card": "模仿者"}, {"card": "幻影"}]}, {"hand": ["雷击"]}),
              [{"kind": "activate", "unit": 0, "ability": 0, "target": 1}, *PP])
    assert any("ability" in t for t in legal_texts(s2))  # 幻影's own ability, copied
    from tcgrules.engine.zero_dimension import GAME
    for a in [P, {"kind": "play", "player": 1, "card": "雷击", "target": 0}]:
        s = GAME.apply(s, GAME.action_from_json(a, s)).state
    assert names(s, 0, "rest") == ["模仿者"]  # it goes to the rest area: no token, it does not vanish
