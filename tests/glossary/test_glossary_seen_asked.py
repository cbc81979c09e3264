"""An English query asking for the zones by who may see their cards names the zone the rules define so
(engdesc2): Public zone, "a zone whose cards every player may look at", when no word restricts who may
(zones every player can look at); the Hidden zone, "not every player" or "only its holder", when one does
(can't, nobody, only). The rulebook's zones listed in a definition name its game among equals
(kb.concepts.seen_asked, of Glossary.seen_zones). The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import seen_asked


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "zone"), [
    ("zones every player can look at in battle spirits", "battle-spirits/public-zone"),
    ("zones only the owner may see sve", "shadowverse-evolve/private-zone"),
    ("which zones can nobody view", "battle-spirits/private-zone"),
])
def test_a_zone_asked_for_by_who_may_see_it_is_named(ruled, query: str, zone: str) -> None:
    assert first(ruled, query) == zone


def test_the_zones_seen_are_those_defined_by_who_may_look(ruled) -> None:
    assert ruled.seen_zones == [("battle-spirits/private-zone", True), ("battle-spirits/public-zone", False),
                                ("shadowverse-evolve/private-zone", True), ("shadowverse-evolve/public-zone", False)]


def test_only_a_zone_and_a_word_of_seeing_ask_for_one(ruled) -> None:
    seen, told = ruled.seen_zones, (ruled.descriptions, ruled.naming_words)
    assert sorted(seen_asked("zones you can't see", seen, *told)) == ["battle-spirits/private-zone",
                                                                      "shadowverse-evolve/private-zone"]
    assert seen_asked("zones you can see", seen, *told, "shadowverse-evolve") == ["shadowverse-evolve/public-zone"]
    assert seen_asked("cards you can't see", seen, *told) == []   # no zone
    assert seen_asked("zones you can't use", seen, *told) == []   # no seeing
