"""What an effect is: the text at its place on a card (5-2-1), an element the card holds and
through which it affects the game (9-1-1)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import load_pool
from tcgrules.engine.battle_spirits.cards import CardDataError

clauses = pytest.mark.clauses

CARD = "cards:\n- {number: X-1, name: x, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1000}]%s}\n"


@clauses("battle-spirits:5-2-1", "battle-spirits:9-1-1")
def test_9_1_1_a_cards_effects_are_its_text_each_one_it_can_act_by(tmp_path):
    text = ", effects: [{timing: when_summoned, do: draw, n: 2}, {timing: when_attacks, do: gain_core}]"
    card = load_pool(tmp_path / "a.yaml", CARD % text)["X-1"]
    assert [(e.timing, e.action, e.n) for e in card.effects] == [("when_summoned", "draw", 2),
                                                                 ("when_attacks", "gain_core", 1)]  # as printed
    assert card.timings == {"when_summoned", "when_attacks"}
    assert load_pool(tmp_path / "b.yaml", CARD % "")["X-1"].effects == ()  # no text: no effect
    for broken in (", effects: {timing: when_summoned, do: draw}", ", effects: [draw 1]",
                   ", effects: [{timing: when_summoned, do: shout}]"):  # never held yet ignored
        with pytest.raises(CardDataError, match=r"card X-1.*\(9-1-1\)"):
            load_pool(tmp_path / "c.yaml", CARD % broken)


@clauses("battle-spirits:5-2-1", "battle-spirits:9-1-1", "battle-spirits:2-8-3")
def test_9_1_1_an_unknown_key_of_a_card_is_refused_by_name(tmp_path):
    """A misspelt key would drop part of a card's text without a word: every key of a
    card, an effect, a later part and a Lv must be one the engine reads."""
    for text, where in (
            (", effects: [{timimg: when_summoned, do: draw}]", r"effect 1: unknown key 'timimg' in an effect"),
            (", effects: [{timing: when_summoned, do: draw, steps: [{link: then, do: draw, m: 1}]}]",
             r"effect 1: part 2: unknown key 'm' in a part of an effect"),
            (", flavor: hot", r"unknown key 'flavor' in a card"),
    ):
        with pytest.raises(CardDataError, match=rf"card X-1: {where}"):
            load_pool(tmp_path / "d.yaml", CARD % text)
    lv = "cards:\n- {number: X-1, name: x, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1000, cp: 2}]}\n"
    with pytest.raises(CardDataError, match=r"card X-1: Lv1: unknown key 'cp' in a Lv"):
        load_pool(tmp_path / "e.yaml", lv)
