"""The test card pool: at least 120 cards in the shape of real ones, every keyword of 900 the
engine plays and every timing of chapter 8 on some card, and card data checked strictly."""
from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.engine.zero_dimension import cards

clauses = pytest.mark.clauses


@clauses("zero-dimension:302.p1", "zero-dimension:900.p1")
def test_302_p1_the_pool_has_every_kind_keyword_and_timing():
    pool = cards.load_pool().cards
    assert len(pool) >= 120
    assert {c.kind for c in pool} == set(cards.KINDS)
    assert {k for c in pool for k in c.keywords} == set(cards.KEYWORDS)
    assert {a.when for c in pool for a in c.abilities} == set(cards.TIMINGS)


@clauses("zero-dimension:303.p4", "zero-dimension:704.p2", "zero-dimension:311.p1")
def test_303_p4_card_data_keeps_to_the_rules(tmp_path: Path):
    bad = {
        "colored: 3": "from 0 to 2",
        "kind: character, atk: 1, def: 1, abilities: [{when: counter, do: draw, n: 1}]": "counter effect",
        "kind: event, speed: instant": "only tactics are instant",
        "kind: tactic, keywords: [查克拉]": "查克拉 takes a int",
        "kind: tactic, abilities: [{when: sometime, do: draw}]": "is not one of",
    }
    for fields, message in bad.items():
        text = "{number: X-1, name: X, color: red, cost: 2, kind: tactic, " + fields + "}"
        path = tmp_path / "cards.yaml"
        path.write_text(f"cards:\n- {text.replace('kind: tactic, kind:', 'kind:')}\n", encoding="utf-8")
        with pytest.raises(cards.CardDataError, match=message):
            cards.read_pool(path)
