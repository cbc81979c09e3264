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


@clauses("battle-spirits:9-3-2-1", "battle-spirits:1-4-5-1", "battle-spirits:9-3-2")
def test_9_3_2_1_how_many_targets_a_part_chooses_is_card_data(tmp_path):
    text = ", effects: [{timing: when_attacks, do: destroy, count: 2, up_to: true, steps: [{link: then, do: exhaust, count: 3}]}]"
    effect = load_pool(tmp_path / "a.yaml", CARD % text)["X-1"].effects[0]
    assert (effect.count, effect.up_to, effect.steps[0].count, effect.steps[0].up_to) == (2, True, 3, False)
    for broken, message in (
            (", effects: [{timing: when_attacks, do: draw, count: 2}]", r"only a targeted part"),  # no target
            (", effects: [{timing: when_attacks, do: destroy, count: 0}]", r"count: expected an integer ≥ 1"),
            (", effects: [{timing: when_attacks, do: destroy, up_to: 2}]", r"up_to: expected true or false"),
            (", effects: [{timing: when_attacks, do: destroy, max_cost: 3}]", r"only summon_from_hand"),
    ):
        with pytest.raises(CardDataError, match=rf"card X-1: effect 1: .*{message}"):
            load_pool(tmp_path / "b.yaml", CARD % broken)


@clauses("battle-spirits:10-2-2-4", "battle-spirits:1-4-3")
def test_10_2_2_4_a_negation_names_the_timing_it_stops_and_prohibitions_are_constant(tmp_path):
    text = ", effects: [{timing: constant, do: negate_opponent, negates: when_attacks}, {timing: constant, do: opponent_cannot_draw}]"
    card = load_pool(tmp_path / "a.yaml", CARD % text)["X-1"]
    assert card.negates == {"when_attacks"} and card.stops_draw
    for broken in (", effects: [{timing: constant, do: negate_opponent}]",
                   ", effects: [{timing: constant, do: negate_opponent, negates: lunch}]",
                   ", effects: [{timing: constant, do: cannot_block, negates: when_attacks}]"):
        with pytest.raises(CardDataError, match=r"card X-1: effect 1: 'negates' names the timing"):
            load_pool(tmp_path / "b.yaml", CARD % broken)
    with pytest.raises(CardDataError, match=r"they are only constant"):
        load_pool(tmp_path / "c.yaml", CARD % ", effects: [{timing: when_attacks, do: opponent_cannot_draw}]")
