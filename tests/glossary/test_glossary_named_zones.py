"""An English question asking where something is or goes names the zone named after the thing it asks
about (issue 33 part 2, english23): where does my leader go is the Leader area, where a field card goes
the Field zone, where the deck sits the Deck zone, the thing's words (its going's subject, from its first
word) and zone making the zone's term (kb.concepts.named_zones). A thing no zone is named after keeps what
the zones hold (where do destroyed spirits go: the Trash), and a word after the thing's names no zone
(where are cards set before the game: no Game zone), nor the deed done to it (where do discarded cards
go: the deck's Trash, not Zero Dimension's Discard zone). The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import named_zones


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "zone"), [
    ("where does the leader go in sve", "shadowverse-evolve/leader-area"),  # Leader area: the area read as a zone
    ("where is my field card put xlw", "xinglingwang/field-zone"),          # my says whose; card is no part of the zone's name
    ("where do event cards stay", "zero-dimension/event-zone"),              # no word of going: the thing is all it says
    ("where does the deck sit in battle spirits", "battle-spirits/deck-zone"),
])
def test_a_where_question_names_the_zone_named_after_its_thing(ruled, query: str, zone: str) -> None:
    assert first(ruled, query) == zone


@pytest.mark.parametrize(("query", "zone"), [
    ("where do destroyed spirits go", "battle-spirits/trash"),           # no Destroyed zone: what the zones hold says
    ("where do discarded cards go in bs", "battle-spirits/trash"),       # the deed done to it (-ed) names no zone
    ("where are cards set before the game", "xinglingwang/race-declaration-zone"),  # the game after the thing names no zone
])
def test_a_where_question_whose_thing_no_zone_is_named_after_keeps_its_answer(ruled, query: str, zone: str) -> None:
    assert first(ruled, query) == zone


def test_only_a_where_question_names_a_zone_so() -> None:
    english = {"leaderzone": ["shadowverse-evolve/leader-area"]}
    zones = ["shadowverse-evolve/leader-area"]
    assert named_zones("where does my leader go", english, zones) == zones
    assert named_zones("leader go", english, zones) == []
    assert named_zones("where does my leader go", english, []) == []  # not a zone of the game it names
